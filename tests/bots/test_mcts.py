"""The ``mcts`` bot: its decisions never depend on what its seat cannot see, it plays whole games
of every game through the Table, beats random play at Realm of Sand, and does not search when
there is nothing to choose."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, cast

import pytest

from boardwright.bots import make_bot
from boardwright.bots.factories import (
    realm_of_sand_mcts,
    realm_players,
    runebound_mcts,
    runebound_players,
)
from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.runebound_worth import RuneboundWorth
from boardwright.bots.mcts.tree import Node
from boardwright.engine.bot import Bot, Observation
from boardwright.engine.errors import BoardwrightError
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game
from boardwright.games.realm_of_sand.game import RealmOfSand
from boardwright.games.runebound.game import Runebound
from boardwright.sim.positions import after_random_moves

REALM = cast(RealmOfSand, get_game("realm-of-sand"))
RUNEBOUND = cast(Runebound, get_game("runebound"))


def small_mcts(seed: int, game: Game[Any], players: Callable[[Any], int]) -> MctsBot:
    return MctsBot(seed, game, players, iterations=24, depth=8)


def observe(game: Game[Any], state: Any) -> Observation:
    decision = game.decision(state)
    assert decision is not None
    seat = decision.seat
    return Observation(
        seat, decision, partial(game.view, state, seat), partial(game.determinize, state, seat)
    )


def mid_game(game: Game[Any], options: dict[str, Any], seed: int, moves: int) -> Any:
    """A two-player state after ``moves`` random decisions, then on to a real choice."""
    state = after_random_moves(game, game.config(2, options), seed, moves)
    if state is None:
        pytest.fail("the game ended before the wanted decision")
    return state


def assert_same_choice(game: Game[Any], real: Any, other: Any, players: Any) -> None:
    """``other`` differs from ``real`` only where the deciding seat cannot see: the same view
    and decision, so a bot seeded alike chooses alike, after the very same search."""
    seat = observe(game, real).seat
    assert game.view(real, seat) == game.view(other, seat)
    chosen = [far_sighted(game, players).choose(observe(game, s)) for s in (real, other)]
    assert chosen[0] == chosen[1]
    searched = [tree(far_sighted(game, players).search(observe(game, s))) for s in (real, other)]
    assert searched[0] == searched[1]
    # the control: searching the true states themselves grows different trees, so the hidden
    # difference is one the search would notice if it could see it
    peeking = [tree(far_sighted(game, players).search(peek(game, s))) for s in (real, other)]
    assert peeking[0] != peeking[1]
    if game is RUNEBOUND:
        assert_same_guided_choice(real, other)


def assert_same_guided_choice(real: Any, other: Any) -> None:
    """The same for the registry's Runebound ``mcts`` (the guided search, whose heuristic
    proposer and rollout bots read views of samples): the same choice and evidence, while a
    peeking control finds other evidence."""

    def verdict(observation: Observation) -> Any:
        bot = runebound_mcts(7, RUNEBOUND, iterations=24)
        assert isinstance(bot, MctsBot)
        bot.settled = None  # search whatever the decision is
        choice = bot.choose(observation)
        assert bot.verdict is not None
        return choice, bot.verdict

    assert verdict(observe(RUNEBOUND, real)) == verdict(observe(RUNEBOUND, other))
    peeking = [verdict(peek(RUNEBOUND, s))[1].evidence for s in (real, other)]
    assert peeking[0] != peeking[1]


def peek(game: Game[Any], state: Any) -> Observation:
    """A cheating observation whose samples are the true state with only the dice reseeded."""
    decision = game.decision(state)
    assert decision is not None

    def true_state(rng: Rng) -> Any:
        copy = game.clone(state)
        copy.rng = Rng(rng.next64())
        return copy

    return Observation(
        decision.seat, decision, partial(game.view, state, decision.seat), true_state
    )


def far_sighted(game: Game[Any], players: Callable[[Any], int]) -> MctsBot:
    """Few iterations with long rollouts, which reach the hidden cards: a bot searching the
    true state would grow a different tree from each state. Runebound's rollouts are valued
    by the parties' worth, as the registry's bot does."""
    worth = RuneboundWorth(RUNEBOUND) if game is RUNEBOUND else None
    return MctsBot(7, game, players, iterations=12, depth=120, worth=worth)


def tree(node: Node) -> Any:
    """Everything a search tree holds, as nested tuples."""
    children = sorted(node.children.items())
    return (node.seat, node.visits, node.total, [(key, tree(child)) for key, child in children])


@pytest.mark.parametrize("seed", [3, 11])
def test_realm_of_sand_choices_ignore_the_decks_and_the_other_face_down_cards(seed: int) -> None:
    real = mid_game(REALM, {}, seed, 40)
    seat = observe(REALM, real).seat
    assert all(not player.known_under for player in real.players)  # no deck place is known
    other = REALM.clone(real)
    for deck in other.decks:
        deck.reverse()
    levels = [card.level - 1 for card in REALM.content.cards]
    for s, player in enumerate(other.players):
        for i, card in enumerate(player.reserved):
            deck = other.decks[levels[card]]
            if s != seat and deck:  # swap another player's face-down card with a deck card
                player.reserved[i], deck[-1] = deck[-1], card
    other.rng = Rng(seed + 1000)
    assert (other.decks, [p.reserved for p in other.players]) != (
        real.decks,
        [p.reserved for p in real.players],
    )
    assert_same_choice(REALM, real, other, realm_players)


def test_runebound_choices_ignore_the_adventure_decks_and_the_dice() -> None:
    seed = 5  # a state whose rollouts reach the adventure decks (few do within 120 decisions)
    real = mid_game(RUNEBOUND, {}, seed, 60)
    other = RUNEBOUND.clone(real)
    for deck in other.adventure_decks:
        deck.reverse()
    other.rng = Rng(seed + 1000)
    assert other.adventure_decks != real.adventure_decks
    assert_same_choice(RUNEBOUND, real, other, runebound_players)


def test_al_kalim_choices_ignore_every_hidden_card() -> None:
    """Another deal of all the seat cannot know (Game.determinize with another generator)."""
    real = mid_game(RUNEBOUND, {"adventure": "al-kalim"}, 5, 80)
    seat = observe(RUNEBOUND, real).seat
    other = RUNEBOUND.determinize(real, seat, Rng(99))
    assert other.adventure_decks != real.adventure_decks
    assert_same_choice(RUNEBOUND, real, other, runebound_players)


def play(game: Game[Any], options: dict[str, Any], seed: int, bots: list[Bot], lean: bool) -> Any:
    table = Table(Match(game, game.config(len(bots), options), seed, lean=lean), bots)
    table.run_bots()
    assert table.result is not None
    return table.result


@pytest.mark.parametrize(
    ("options", "lean"),
    [
        ({"max_rounds": 8}, False),
        ({"adventure": "al-kalim", "max_rounds": 8}, True),
    ],
)
def test_plays_whole_runebound_games_through_the_table(options: dict[str, Any], lean: bool) -> None:
    bots: list[Bot] = [
        MctsBot(1, RUNEBOUND, runebound_players, iterations=6, depth=6),
        make_bot("random", 2, RUNEBOUND),
    ]
    play(RUNEBOUND, options, 21, bots, lean)


def test_beats_random_play_at_realm_of_sand() -> None:
    """Seats alternated over four games; a sanity check of the search, not a measurement."""
    wins = 0
    for game_number in range(4):
        mcts_seat = game_number % 2
        bots: list[Bot] = [make_bot("random", game_number, REALM)] * 2
        bots[mcts_seat] = small_mcts(game_number, REALM, realm_players)
        result = play(REALM, {}, 100 + game_number, bots, lean=game_number < 2)
        wins += mcts_seat in result.winners
    assert wins >= 3


def test_a_single_option_takes_no_search() -> None:
    state = REALM.setup(REALM.config(2), 1)
    rng = Rng(1)
    while (decision := REALM.decision(state)) is not None and len(decision.options) > 1:
        REALM.apply(state, rng.below(len(decision.options)))
    assert decision is not None
    bot = realm_of_sand_mcts(1, REALM)
    assert isinstance(bot, MctsBot)
    unseen = Observation(decision.seat, decision, lambda: {})  # offers no sample to search from
    assert bot.choose(unseen) == 0
    assert bot.searched == 0


def test_searches_its_budget_when_there_is_a_choice() -> None:
    state = mid_game(REALM, {}, 2, 10)
    bot = MctsBot(3, REALM, realm_players, iterations=17, depth=4)
    index = bot.choose(observe(REALM, state))
    assert bot.searched == 17
    assert 0 <= index < len(REALM.decision(state).options)  # type: ignore[union-attr]


class SampleChecker:
    """Plays randomly, checking on each decision that a sample shows the seat its own view."""

    name = "checker"

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.rng = Rng(4)
        self.checked = 0

    def choose(self, observation: Observation) -> int:
        if self.checked < 5:
            sample = observation.sample(self.rng)
            assert self.game.view(sample, observation.seat) == observation.view
            self.checked += 1
        return self.rng.below(len(observation.decision.options))


@pytest.mark.parametrize("lean", [False, True])
def test_the_table_offers_samples_of_the_seat(lean: bool) -> None:
    checkers = [SampleChecker(REALM), SampleChecker(REALM)]
    play(REALM, {}, 8, list(checkers), lean)
    assert [checker.checked for checker in checkers] == [5, 5]


def test_an_observation_without_samples_says_so() -> None:
    decision = REALM.decision(REALM.setup(REALM.config(2), 1))
    assert decision is not None
    with pytest.raises(BoardwrightError, match="offers no determinized states"):
        Observation(decision.seat, decision, lambda: {}).sample(Rng(1))
