"""The table driver with the toy game: versions, seats, bot turns, event cursors, undo, lean."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.bots import Bot, Observation, RandomBot, make_bot
from boardwright.engine.errors import (
    ConfigError,
    EngineError,
    IllegalActionError,
    NotYourTurnError,
    StaleMoveError,
    UndoRefusedError,
)
from boardwright.engine.game import Game
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game
from tests.engine.toygame import ToyGame

GAME = ToyGame()


class Cautious:
    """Stakes 1 and holds at once: two moves a turn, no die rolled."""

    name = "cautious"

    def choose(self, observation: Observation) -> int:
        wanted = "stake:1" if observation.decision.kind == "stake" else "hold"
        index = observation.decision.index_of(wanted)
        assert index is not None
        return index


class Recorder:
    """Lets ``bot`` choose and records each chosen key."""

    def __init__(self, bot: Bot, keys: list[str]) -> None:
        self.name = bot.name
        self.bot = bot
        self.keys = keys

    def choose(self, observation: Observation) -> int:
        index = self.bot.choose(observation)
        self.keys.append(observation.decision.options[index].key)
        return index


def table(bots: list[Any], seed: int = 6, *, lean: bool = False) -> Table[Any]:
    return Table(Match(GAME, GAME.config(len(bots)), seed, lean=lean), bots)


def texts(events: list[Any]) -> list[str]:
    english = GAME.texts(GAME.config(2))
    return [english.event(event) for event in events]


# --- moves: version, seat, key, the end -------------------------------------------------------
def test_a_stale_version_is_refused() -> None:
    t = table([None, None])
    shown = t.version
    t.play(0, "stake:1", shown)
    assert t.version != shown
    with pytest.raises(StaleMoveError, match=r"chosen on version 0 .* now at version 1"):
        t.play(0, "roll", shown)
    assert [a.key for a in t.match.actions] == ["stake:1"]


def test_an_undo_changes_the_version_for_good() -> None:
    """A move chosen before an undo is stale after it, even when as many moves were made."""
    t = table([None, None])
    t.play(0, "stake:1", t.version)
    before_undo = t.version
    t.undo(0)
    t.play(0, "stake:2", t.version)
    assert len(t.match.actions) == 1 and t.version not in (0, before_undo)
    with pytest.raises(StaleMoveError):
        t.play(0, "hold", before_undo)


def test_another_seats_move_is_refused() -> None:
    t = table([None, None])
    with pytest.raises(NotYourTurnError, match="it is seat 0's decision, not seat 1's"):
        t.play(1, "stake:1", t.version)
    bots = table([Cautious(), None])
    with pytest.raises(NotYourTurnError, match="seat 0 is played by the bot 'cautious'"):
        bots.play(0, "stake:1", bots.version)
    assert t.version == 0 and not t.match.actions


def test_a_key_not_among_the_options_and_a_finished_game_are_refused() -> None:
    t = table([None, None])
    with pytest.raises(IllegalActionError, match="'roll' is not a legal choice for stake"):
        t.play(0, "roll", t.version)
    done = table([RandomBot(1), RandomBot(2)])
    done.run_bots()
    assert done.result is not None and done.decision is None
    with pytest.raises(IllegalActionError, match="the game is over"):
        done.play(0, "stake:1", done.version)


def test_seats_must_match_the_players() -> None:
    with pytest.raises(ConfigError, match="1 seat\\(s\\) but the game has 2 player\\(s\\)"):
        Table(Match(GAME, GAME.config(2), 1), [None])


# --- bots ---------------------------------------------------------------------------------------
def test_bots_move_until_a_human_decides() -> None:
    t = table([None, Cautious()])
    assert t.kinds == ["human", "cautious"] and t.humans == [0]
    assert t.run_bots() == 0  # the human decides first
    t.play(0, "stake:1", t.version)
    t.play(0, "hold", t.version)
    assert t.decision is not None and t.decision.seat == 1
    assert t.run_bots() == 2  # the bot stakes and holds, then it is the human's turn again
    decision = t.decision
    assert decision is not None and decision.seat == 0 and decision.kind == "stake"
    assert not t.advance()
    assert [a.key for a in t.match.actions] == ["stake:1", "hold", "stake:1", "hold"]


def test_advance_plays_one_bot_move() -> None:
    t = table([Cautious(), Cautious()])
    assert t.advance() and t.version == 1
    assert [a.key for a in t.match.actions] == ["stake:1"]
    assert t.run_bots(limit=3) == 3 and t.version == 4


# --- events per seat --------------------------------------------------------------------------
def test_each_seat_gets_its_own_events_once() -> None:
    t = table([None, None], seed=2)
    assert texts(t.play(0, "stake:1", t.version)) == ["seat 0 stakes 1"]
    own = texts(t.play(0, "roll", t.version))
    assert own[0].startswith("seat 0 rolled") and own[1].startswith("next face is")
    other = texts(t.events_for(1))
    spectator = texts(t.events_for(None))
    assert other == spectator == ["seat 0 stakes 1", own[0], "someone peeked"]
    assert t.events_for(0) == t.events_for(1) == t.events_for(None) == []
    assert texts(t.history(1)) == other  # the whole log, cursor untouched
    assert t.events_for(1) == []


def test_mark_seen_skips_the_events() -> None:
    t = table([None, None])
    t.play(0, "stake:3", t.version)
    t.mark_seen(1)
    assert t.events_for(1) == []
    assert texts(t.events_for(None)) == ["seat 0 stakes 3"]


# --- undo ---------------------------------------------------------------------------------------
def test_undo_by_the_policy_moves_the_cursors_back() -> None:
    t = table([None, None])
    t.play(0, "stake:1", t.version)
    assert texts(t.events_for(1)) == ["seat 0 stakes 1"]
    with pytest.raises(UndoRefusedError, match="the last decision was not yours"):
        t.undo(1)
    t.undo(0)
    assert t.match.actions == [] and t.match.log == []
    t.play(0, "stake:2", t.version)
    assert texts(t.events_for(1)) == ["seat 0 stakes 2"]  # the cursor went back with the log
    t.play(0, "roll", t.version)
    with pytest.raises(UndoRefusedError, match="random draw"):
        t.undo(0)


# --- lean mode ----------------------------------------------------------------------------------
def recorded_game(game: Game[Any], options: dict[str, Any], seed: int, *, lean: bool) -> Any:
    keys: list[str] = []
    bots = [Recorder(RandomBot(seed + seat), keys) for seat in range(2)]
    t = Table(Match(game, game.config(2, options), seed, lean=lean), bots)
    moves = t.run_bots()
    return keys, moves, t.version, t.result


@pytest.mark.parametrize(
    ("game", "options"),
    [(GAME, {}), (get_game("realm-of-sand"), {"max_rounds": "3"})],
    ids=["toy", "realm-of-sand"],
)
def test_lean_plays_the_same_game_as_logged(game: Game[Any], options: dict[str, Any]) -> None:
    logged = recorded_game(game, options, 11, lean=False)
    lean = recorded_game(game, options, 11, lean=True)
    assert lean == logged
    assert logged[3] is not None and logged[1] == len(logged[0]) > 0


def test_a_lean_match_keeps_no_history() -> None:
    t = table([None, None], lean=True)
    assert t.play(0, "stake:1", t.version) == [] and t.version == 1
    assert t.match.log == [] and t.match.actions == []
    with pytest.raises(UndoRefusedError, match="keeps no history"):
        t.undo(0)
    with pytest.raises(EngineError, match="no history to save"):
        t.match.to_save()


def test_make_bot_without_a_game_finds_the_game_that_offers_it() -> None:
    assert make_bot("random", 1).name == "random"
    known = "known bots: greedy, heuristic, mcts, random"
    with pytest.raises(ConfigError, match=f"unknown bot 'clever'; {known}"):
        make_bot("clever", 1)
