"""The greedy bot (``bots/greedy.py``, Realm of Sand's ``greedy``): it takes the stars within
reach of its own next decisions, plays from a determinized sample only, and beats random play."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import pytest

from boardwright.bots import make_bot
from boardwright.bots.factories import realm_pieces
from boardwright.bots.greedy import GreedyBot
from boardwright.engine.bot import Bot, Observation
from boardwright.engine.errors import ConfigError
from boardwright.engine.rng import Rng
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game
from boardwright.games.realm_of_sand.game import RealmOfSand

REALM = cast(RealmOfSand, get_game("realm-of-sand"))


def observe(state: Any) -> Observation:
    decision = REALM.decision(state)
    assert decision is not None
    seat = decision.seat
    return Observation(
        seat, decision, partial(REALM.view, state, seat), partial(REALM.determinize, state, seat)
    )


def stars_within_reach(state: Any, index: int, seat: int, further: int) -> float:
    """The most stars ``seat`` can hold after option ``index`` and ``further`` own decisions."""
    after = REALM.clone(state)
    REALM.apply(after, index)
    decision = REALM.decision(after)
    if decision is None or decision.seat != seat or further == 0:
        return REALM.score(after, seat)
    return max(
        stars_within_reach(after, i, seat, further - 1) for i in range(len(decision.options))
    )


def test_rs_6_2_greedy_takes_the_most_stars_within_its_own_next_decisions() -> None:
    """Over a random game, every choice of the greedy bot reaches the most stars any option
    reaches (the placements are public, so the sample's stars are the true ones)."""
    state = REALM.setup(REALM.config(2), 6)
    rng = Rng(6)
    bot = make_bot("greedy", 3, REALM)
    assert isinstance(bot, GreedyBot)
    checked = gaining = 0
    while (decision := REALM.decision(state)) is not None and checked < 40:
        seat = decision.seat
        if len(decision.options) > 1 and decision.kind in ("turn", "tile_position", "take_tile"):
            reach = [
                stars_within_reach(state, i, seat, bot.lookahead - 1)
                for i in range(len(decision.options))
            ]
            chosen = bot.choose(observe(state))
            assert reach[chosen] == max(reach)
            gaining += max(reach) > min(reach)
            checked += 1
        REALM.apply(state, rng.below(len(decision.options)))
    assert checked == 40 and gaining > 0  # some choices did gain stars


def test_greedy_ignores_what_its_seat_cannot_see() -> None:
    """Reversed decks (hidden) give the same choices for the same bot seed."""
    state = REALM.setup(REALM.config(2), 9)
    rng = Rng(9)
    for _ in range(30):
        decision = REALM.decision(state)
        assert decision is not None
        REALM.apply(state, rng.below(len(decision.options)))
    while (decision := REALM.decision(state)) is not None and len(decision.options) < 2:
        REALM.apply(state, 0)
    other = REALM.clone(state)
    for deck in other.decks:
        deck.reverse()
    assert other.decks != state.decks
    seat = observe(state).seat
    assert REALM.view(state, seat) == REALM.view(other, seat)
    choices = [make_bot("greedy", 4, REALM).choose(observe(s)) for s in (state, other)]
    assert choices[0] == choices[1]


def test_greedy_beats_random_play() -> None:
    """Seats alternated over four games: a sanity check, not a measurement."""
    wins = 0
    for number in range(4):
        greedy_seat = number % 2
        bots: list[Bot | None] = [make_bot("random", number, REALM)] * 2
        bots[greedy_seat] = make_bot("greedy", number, REALM)
        table = Table(Match(REALM, REALM.config(2), 300 + number, lean=True), bots)
        table.run_bots()
        assert table.result is not None
        wins += greedy_seat in table.result.winners
    assert wins >= 3


def test_greedy_needs_a_lookahead() -> None:
    with pytest.raises(ConfigError, match="lookahead"):
        GreedyBot(1, REALM, realm_pieces, lookahead=0)
