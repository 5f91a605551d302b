"""tools/runebound_balance.py --breakdown: what each hero did, counted from the event log."""

from __future__ import annotations

from boardwright.engine.events import Event
from boardwright.games import get_game
from tests.runebound.balancekit import load_balance_tool


def test_the_game_counts_fights_wins_knockouts_tests_gold_and_runes_per_seat() -> None:
    """``Game.tally`` (games/runebound/tally.py), which the balance tool and simulation share."""
    log = [
        Event("turn", {"round": 1, "seat": 0}),
        Event("combat", {"seat": 0, "card": "a"}),
        Event("victory", {"seat": 0, "card": "a"}),
        Event("gold", {"seat": 0, "amount": 3}),
        Event("combat", {"seat": 0, "card": "b"}),
        Event("knocked_out", {"seat": 0, "card": "b"}),
        Event("turn", {"round": 2, "seat": 1}),
        Event("combat", {"seat": 1, "card": "c"}),
        Event("test", {"seat": 1, "success": True}),
        Event("test", {"seat": 1, "success": False}),
        Event("victory", {"seat": 1}),  # not a fight: no card
        Event("knocked_out", {"seat": 1}),  # the heat: no card, still a knock-out
        Event("experience", {"seat": 1, "variant": "pair", "counters": ["mind", "body"]}),
        Event("rune", {"seat": 1, "card": "d", "runes": 1}),
        Event("round", {"round": 1}),  # no seat
        Event("combat", {"seat": 5, "card": "x"}),  # no such seat
        Event("game_over", {"variant": "runes", "seat": 1}),
    ]
    tally = get_game("runebound").tally(log, 2)
    assert tally.seats["fights"] == (2, 1)
    assert tally.seats["fights_won"] == (1, 0)
    assert tally.seats["knockouts"] == (1, 1)
    assert (tally.seats["tests"], tally.seats["tests_passed"]) == ((0, 2), (0, 1))
    assert tally.seats["gold_gained"] == (3, 0)
    assert tally.seats["experience_counters"] == (0, 2)
    assert tally.seats["dragon_runes"] == (0, 1)
    assert tally.milestones == {"runes": 2}
    balance = load_balance_tool()
    counts = {name: list(values) for name, values in tally.seats.items()}
    assert balance.SeatTally.of_seat(counts, 0) == balance.SeatTally(2, 1, 1)


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
