"""Heuristic-bot test kit for the base game (``base/test_bot.py``) and Al-Kalim
(``al_kalim/test_bot.py``): games played through the bot contract, sealed observations, and the
checks both run (the bot reads only its observation, is deterministic per seed, beats the random
bot)."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from boardwright.bots import Observation, make_bot
from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.bots.runebound.knowledge import Knowledge
from boardwright.engine.decision import Decision, Option
from boardwright.engine.game import Result
from boardwright.games import get_game
from boardwright.sim.runner import derive_seed

GAME = get_game("runebound")
SeatCheck = Callable[[int, Observation, int], None]  # (seat, its observation, chosen index)


def play_bots(
    players: int,
    seed: int,
    kinds: list[str],
    options: dict[str, Any] | None = None,
    check: SeatCheck | None = None,
) -> tuple[Result | None, list[str]]:
    """Play a game through the contract with bots of these kinds (by seat), ``check`` called on
    every choice; the result and every chosen option key (``kind:key``)."""
    state = GAME.setup(GAME.config(players, options or {}), seed)
    bots = [make_bot(kind, derive_seed(seed, "bot", s)) for s, kind in enumerate(kinds)]
    chosen: list[str] = []
    while (decision := GAME.decision(state)) is not None:
        seat = decision.seat
        observation = Observation(seat, decision, partial(GAME.view, state, seat))
        index = bots[seat].choose(observation)
        assert 0 <= index < len(decision.options), (decision.kind, index)
        if check is not None:
            check(seat, observation, index)
        chosen.append(f"{decision.kind}:{decision.options[index].key}")
        GAME.apply(state, index)
    return GAME.result(state), chosen


def sealed(observation: Observation, strip: tuple[str, ...] = ()) -> Observation:
    """The same observation cut off from the game: a copied view (without ``strip``) and a
    decision rebuilt from its public data (keys, message ids and arguments: no option payloads,
    no text)."""
    decision = observation.decision
    options = tuple(
        Option(o.key, what=o.what, args=copy.deepcopy(dict(o.args))) for o in decision.options
    )
    public = Decision(
        decision.seat, decision.kind, options=options, args=copy.deepcopy(dict(decision.args))
    )
    view = {k: v for k, v in copy.deepcopy(observation.view).items() if k not in strip}
    return Observation(observation.seat, public, lambda: view)


def assert_reads_only_its_observation(
    seed: int, options: dict[str, Any], unneeded: tuple[str, ...]
) -> None:
    """Heuristic (seat 0) against random: a twin bot fed sealed observations (a copied view
    lacking the ``unneeded`` fields, no option payloads, nothing linked to the game) makes
    exactly the same choices, and the bot leaves its view as it found it."""
    twin = RuneboundBot(derive_seed(seed, "bot", 0))
    mismatches: list[str] = []

    def check(seat: int, observation: Observation, index: int) -> None:
        if seat != 0:
            return
        before = copy.deepcopy(observation.view)
        if twin.choose(sealed(observation, unneeded)) != index:
            mismatches.append(observation.decision.kind)
        assert observation.view == before, "the bot changed its view"

    result, chosen = play_bots(2, seed, ["heuristic", "random"], options, check)
    assert result is not None and len(chosen) > 100
    assert mismatches == []


def assert_deterministic_per_seed(seed: int, options: dict[str, Any], kb: Knowledge) -> None:
    """Two heuristic bots choose the same keys again from the same seed, with the knowledge's
    caches cold (``kb``), and other keys from the next seed."""

    def digest(game_seed: int) -> str:
        _, chosen = play_bots(2, game_seed, ["heuristic", "heuristic"], options)
        return hashlib.sha256("|".join(chosen).encode()).hexdigest()

    first = digest(seed)
    kb.fight_cache.clear()  # cold caches must not change a choice
    kb.fight_grids.clear()
    kb.plan_rounds.clear()
    kb.value_cache.clear()
    kb.signatures.clear()
    kb.plan_serials.clear()
    assert digest(seed) == first
    assert digest(seed + 1) != first


def heuristic_outright_wins(seeds: Iterable[int], options: dict[str, Any]) -> int:
    """Two-player games of the heuristic bot against the random bot, seats alternated (the
    heuristic bot first in the even games): how many it wins alone."""
    wins = 0
    for game, seed in enumerate(seeds):
        seat = game % 2
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        result, _ = play_bots(2, seed, kinds, options)
        assert result is not None
        wins += result.ranks[seat] == 1 and list(result.ranks).count(1) == 1
    return wins
