"""The bot factories the game registry names: each takes (seed, game) and returns a bot for that
game, so that a bot knows the content the game runs with (a content pack's, not the built-in)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from time import perf_counter
from typing import TYPE_CHECKING, Any, cast

from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.bot import ITERATIONS
from boardwright.bots.random_bot import RandomBot
from boardwright.engine.bot import Bot, Observation
from boardwright.engine.game import Game

if TYPE_CHECKING:
    from boardwright.games.realm_of_sand.state import RealmState
    from boardwright.games.runebound.game import Runebound
    from boardwright.games.runebound.state import RuneboundState


def random_bot(seed: int, game: Game[Any]) -> Bot:
    """Uniformly random choices (any game)."""
    return RandomBot(seed)


def runebound_heuristic(seed: int, game: Game[Any]) -> Bot:
    """The heuristic Runebound bot, knowing the cards of the content ``game`` is built from."""
    from boardwright.bots.runebound.bot import RuneboundBot

    return RuneboundBot(seed, content=cast("Runebound", game).content)


def realm_of_sand_greedy(seed: int, game: Game[Any]) -> Bot:
    """The greedy bot for Realm of Sand: the most stars within its next few own decisions, then
    the most pieces on its board (the game's tie-break, RS-6.3)."""
    from boardwright.bots.greedy import GreedyBot

    return GreedyBot(seed, game, realm_pieces)


def realm_of_sand_mcts(
    seed: int,
    game: Game[Any],
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = perf_counter,
) -> Bot:
    """Information-set MCTS for Realm of Sand (the plain search, valued by the stars), at the
    registry's budget unless ``iterations`` or ``seconds`` are given."""
    return MctsBot(
        seed,
        game,
        realm_players,
        iterations=ITERATIONS if iterations is None else iterations,
        seconds=seconds,
        clock=clock,
    )


GUIDED_ROLLOUTS = 48
"""The registry's Runebound ``mcts`` budget: rollouts per decision (fewer when settled early)."""
GUIDED_DEPTH = 20
"""Decisions per rollout: about one turn of each of two heroes in the base game (9.6 decisions
a turn in heuristic games), 1.3 turns in Al-Kalim (15 a turn). A horizon of two turns instead
(``Rollouts(turns=2)``) was probed in Al-Kalim and changed nothing measurable (docs/bots.md,
"What the overrules are worth"), so the registry keeps the horizon its duels measured."""
GUIDED_CONFIDENCE = 2.0
"""Standard errors of evidence needed to overrule the heuristic bot's choice."""
SETTLED = frozenset({"market", "experience", "move", "move_die", "step"})
"""Runebound decisions the heuristic answers without search: what a card or counter bought is
worth shows in fights beyond a rollout's horizon, so rollouts would only see the gold spent;
and the route hex by hex (``move``, ``move_die``, ``step``: over two fifths of a game's
decisions) only walks to the target the search has judged at ``movement``, so searching it
spends the budget on differences of a hex."""


def runebound_mcts(
    seed: int,
    game: Game[Any],
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = perf_counter,
) -> Bot:
    """Information-set MCTS for Runebound (any adventure), guided by the heuristic bot
    (:mod:`boardwright.bots.mcts.guided`): it plays the heuristic's choice unless rollouts in
    which the heuristic plays every seat, valued by a win-probability model of the parties'
    progress and position (:mod:`boardwright.bots.mcts.runebound_worth`), show a better one;
    at the registry's budget
    unless ``iterations`` (rollouts) or ``seconds`` are given."""
    from boardwright.bots.mcts.runebound_worth import RuneboundWorth

    return MctsBot(
        seed,
        game,
        runebound_players,
        iterations=GUIDED_ROLLOUTS if iterations is None else iterations,
        seconds=seconds,
        clock=clock,
        depth=GUIDED_DEPTH,
        worth=RuneboundWorth(cast("Runebound", game)),
        policy=partial(runebound_heuristic, game=game),
        confidence=GUIDED_CONFIDENCE,
        settled=runebound_settled,
        quiet=runebound_quiet,
        cap=runebound_rollout_cap,
        horizon=runebound_rollout_depth,
    )


def runebound_settled(observation: Observation) -> bool:
    """Whether the guided search leaves the decision to the heuristic: :data:`SETTLED`, and what
    the adventure's play adds (``BasePlay.search_settled``; the view names the adventure)."""
    return observation.decision.kind in settled_kinds(adventure_of_view(observation))


def runebound_rollout_cap(observation: Observation) -> int | None:
    """The rollouts the guided search may play on ``observation`` at most: its adventure's
    play's ``search_rollouts``."""
    from boardwright.bots.runebound.play import play_class

    return play_class(adventure_of_view(observation)).search_rollouts


def runebound_rollout_depth(observation: Observation) -> int | None:
    """The decisions each guided rollout plays on ``observation``: its adventure's play's
    ``search_depth`` (None: :data:`GUIDED_DEPTH`)."""
    from boardwright.bots.runebound.play import play_class

    return play_class(adventure_of_view(observation)).search_depth


def adventure_of_view(observation: Observation) -> str | None:
    """The adventure the observed game plays, as its view names it."""
    adventure = observation.view.get("adventure")
    return adventure if isinstance(adventure, str) else None


@cache
def settled_kinds(adventure: str | None) -> frozenset[str]:
    """:data:`SETTLED` and the adventure's play's ``search_settled``."""
    from boardwright.bots.runebound.play import play_class

    return SETTLED | play_class(adventure).search_settled


def runebound_quiet(state: RuneboundState) -> bool:
    """Whether a guided rollout may stop here: not in the middle of a fight."""
    return state.combat is None


def realm_players(state: RealmState) -> int:
    """The number of seats of a Realm of Sand state (MCTS rewards every seat)."""
    return len(state.players)


def realm_pieces(state: RealmState, seat: int) -> float:
    """The pieces on a seat's board: what Realm of Sand ranks players tied on stars by."""
    return float(state.players[seat].pieces_on_board())


def runebound_players(state: RuneboundState) -> int:
    """The number of seats of a Runebound state."""
    return len(state.heroes)
