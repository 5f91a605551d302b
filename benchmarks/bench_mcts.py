"""MCTS bot figures: search speed on a mid-game Al-Kalim state, and head-to-head win counts.
A plain script, not a test::

    python benchmarks/bench_mcts.py speed [--iterations 400] [--depth 16]
    python benchmarks/bench_mcts.py duel [--games 10] [--iterations 64] [--depth 16]
        [--only heuristic] [--score]

``speed`` plays a seeded two-player Al-Kalim game at random to a mid-game decision with several
options and times the search on one core (iterations per second). ``duel`` plays two-player games
of Realm of Sand, Runebound base and Al-Kalim, the MCTS bot against random and against the
heuristic (Runebound), seats alternated, and prints its wins with a 95 % Wilson interval (a
shared first place counts half). ``--only`` keeps the lines against one opponent; ``--score``
values Runebound's cut-off rollouts by the game's score instead of the parties' worth (the
evaluation before :mod:`boardwright.bots.mcts.runebound_worth`). See docs/bots.md.
"""

from __future__ import annotations

import argparse
import math
import time
from functools import partial
from typing import Any, cast

from boardwright.bots import Bot, Observation, make_bot
from boardwright.bots.factories import realm_players, runebound_players
from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.bot import DEPTH, ITERATIONS
from boardwright.bots.mcts.runebound_worth import RuneboundWorth
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound

BASE_SEED = 20_261_127
SPEED_ITERATIONS = 400  # one timed search
MID_GAME_MOVES = 400  # random decisions before the timed one (a mid-game Al-Kalim state)


def mid_game(game: Game[Any], options: dict[str, Any]) -> Any:
    state = game.setup(game.config(2, options), BASE_SEED)
    rng = Rng(BASE_SEED)
    made = 0
    while (decision := game.decision(state)) is not None:
        if made >= MID_GAME_MOVES and len(decision.options) > 2:
            return state
        game.apply(state, rng.below(len(decision.options)))
        made += 1
    raise SystemExit("the seeded game ended before a mid-game decision")


def speed(iterations: int, depth: int) -> None:
    game = get_game("runebound")
    state = mid_game(game, {"adventure": "al-kalim"})
    decision = game.decision(state)
    assert decision is not None
    seat = decision.seat
    observation = Observation(
        seat, decision, partial(game.view, state, seat), partial(game.determinize, state, seat)
    )
    bot = MctsBot(1, game, runebound_players, iterations=iterations, depth=depth)
    started = time.perf_counter()
    bot.search(observation)
    elapsed = time.perf_counter() - started
    print(
        f"al-kalim mid-game ({decision.kind}, {len(decision.options)} options): "
        f"{iterations} iterations, depth {depth}: {elapsed:.2f} s, "
        f"{iterations / elapsed:,.0f} iterations/s"
    )


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def duel(
    game_name: str,
    options: dict[str, Any],
    opponent: str,
    games: int,
    budget: dict[str, Any],
    by_score: bool = False,
) -> None:
    game = get_game(game_name)
    players = realm_players if game_name == "realm-of-sand" else runebound_players
    if game_name == "runebound" and not by_score:
        budget = {**budget, "worth": RuneboundWorth(cast(Runebound, game))}
    wins = 0.0
    started = time.perf_counter()
    for number in range(games):
        seed = BASE_SEED + number
        mcts_seat = number % 2
        bots: list[Bot | None] = [None, None]
        bots[mcts_seat] = MctsBot(seed, game, players, **budget)
        bots[1 - mcts_seat] = make_bot(opponent, seed, game)
        table = Table(Match(game, game.config(2, options), seed, lean=True), bots)
        table.run_bots()
        result = table.result
        assert result is not None
        if mcts_seat in result.winners:
            wins += 1.0 / len(result.winners)
    low, high = wilson(wins, games)
    label = game_name + (f" ({options['adventure']})" if "adventure" in options else "")
    print(
        f"{label:26} mcts vs {opponent:9}: {wins:4.1f}/{games} wins "
        f"({wins / games:.0%}, 95% CI {low:.0%}-{high:.0%}), "
        f"{(time.perf_counter() - started) / games:.1f} s/game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("speed", "duel"))
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--depth", type=int, default=DEPTH)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--only", choices=("random", "heuristic"), default=None)
    parser.add_argument("--score", action="store_true", help="Runebound rollouts by score")
    args = parser.parse_args()
    if args.mode == "speed":
        speed(args.iterations or SPEED_ITERATIONS, args.depth)
        return
    budget = {"iterations": args.iterations or ITERATIONS, "depth": args.depth}
    opponents = (args.only,) if args.only else ("random", "heuristic")
    if "random" in opponents:
        duel("realm-of-sand", {}, "random", args.games, budget)
    for options in ({}, {"adventure": "al-kalim"}):
        for opponent in opponents:
            duel("runebound", options, opponent, args.games, budget, args.score)


if __name__ == "__main__":
    main()
