"""tools/runebound_balance.py --breakdown: what each hero did, counted from the event log."""

from __future__ import annotations

from boardwright.engine.events import Event
from tests.runebound.balancekit import load_balance_tool


def test_tally_counts_fights_wins_knockouts_and_tests_per_seat() -> None:
    balance = load_balance_tool()
    log = [
        Event("combat", {"seat": 0, "card": "a"}),
        Event("victory", {"seat": 0, "card": "a"}),
        Event("combat", {"seat": 0, "card": "b"}),
        Event("knocked_out", {"seat": 0, "card": "b"}),
        Event("combat", {"seat": 1, "card": "c"}),
        Event("test", {"seat": 1, "success": True}),
        Event("test", {"seat": 1, "success": False}),
        Event("victory", {"seat": 1}),  # not a fight: no card
        Event("knocked_out", {"seat": 1}),  # the heat: no card, still a knock-out
        Event("round", {"round": 1}),  # no seat
        Event("combat", {"seat": 5, "card": "x"}),  # no such seat
    ]
    first, second = balance.tally_seats(log, 2)
    assert first == balance.SeatTally(fights=2, fights_won=1, knockouts=1)
    assert second == balance.SeatTally(fights=1, knockouts=1, tests=2, tests_passed=1)


def test_breakdown_counts_without_changing_the_game() -> None:
    balance = load_balance_tool()
    plain = balance.play_game(0, 2, 7, {})
    counted = balance.play_game(0, 2, 7, {}, breakdown=True)
    assert plain.tallies == ()
    assert (counted.wins, counted.rounds, counted.decisions, counted.heroes) == (
        plain.wins,
        plain.rounds,
        plain.decisions,
        plain.heroes,
    )
    assert len(counted.tallies) == 2
    assert sum(t.fights for t in counted.tallies) > 0
    for tally in counted.tallies:
        assert 0 <= tally.fights_won <= tally.fights
        assert 0 <= tally.tests_passed <= tally.tests

    with_section = balance.render([counted], 2, 7, 1, 1.0, 1, {})
    assert "## How the heroes played" in with_section
    assert "--breakdown" in with_section
    section = with_section.split("## How the heroes played")[1].split("## Verdict")[0]
    for hero in counted.heroes:
        assert f"| {hero} |" in section
    assert "## How the heroes played" not in balance.render([plain], 2, 7, 1, 1.0, 1, {})
