"""The heuristic Runebound bot: observation only, valid and deterministic choices, beats random."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from boardwright.bots import Observation, RandomBot, make_bot
from boardwright.bots.runebound.bot import HANDLERS, RuneboundBot
from boardwright.bots.runebound.constants import KAPPAS
from boardwright.bots.runebound.fight import (
    fight_odds,
    p_at_least,
    solve_fight,
    solve_fight_uncached,
)
from boardwright.bots.runebound.knowledge import (
    ADVANCE,
    HeroSig,
    Knowledge,
    knowledge,
    measure_advance,
)
from boardwright.games import get_game
from boardwright.games.runebound.content import default_content
from boardwright.sim.runner import derive_seed
from tests.runebound.botkit import (
    assert_deterministic_per_seed,
    assert_reads_only_its_observation,
    heuristic_outright_wins,
    play_bots,
)

# Fields of the view the bot must not need: deck and discard sizes, the supply, the result...
UNNEEDED = (
    "deck_sizes",
    "discard_sizes",
    "counter_supply",
    "terrain_names",
    "result",
    "first_player",
    "finished",
    "winner",
    "turn",
    "players",
    "decision",
)


def test_make_bot_knows_heuristic_and_random() -> None:
    assert isinstance(make_bot("heuristic", 1), RuneboundBot)
    assert make_bot("heuristic", 1).name == "heuristic"
    assert isinstance(make_bot("random", 1), RandomBot)


def test_the_bot_reads_only_its_observation() -> None:
    """A twin bot fed sealed observations (a copied view lacking fields it must not need, no
    option payloads, nothing linked to the game) makes exactly the same choices."""
    assert_reads_only_its_observation(3, {"max_rounds": 20}, UNNEEDED)


def test_valid_choices_for_every_decision_kind() -> None:
    seen: Counter[str] = Counter()
    games: list[tuple[int, int, dict[str, Any]]] = [
        (2, 11, {"max_rounds": 25}),
        (3, 12, {"max_rounds": 25, "hero_selection": "choose", "escape_rule": "test"}),
        (4, 13, {"max_rounds": 20, "travel_problems": True, "knockout_penalty": "lenient"}),
    ]
    for players, seed, options in games:
        _, chosen = play_bots(players, seed, ["heuristic"] * players, options)
        seen.update(key.split(":")[0] for key in chosen)
    core = {
        "choose_hero",
        "movement",
        "move",
        "move_die",
        "adventure",
        "attack_step",
        "escape",
        "market",
        "experience",
    }
    assert core <= set(seen), sorted(core - set(seen))
    assert set(seen) <= set(HANDLERS), sorted(set(seen) - set(HANDLERS))


def test_the_bot_is_deterministic_per_seed() -> None:
    assert_deterministic_per_seed(21, {"max_rounds": 15}, knowledge())


def test_other_games_fall_back_to_random_choices() -> None:
    game = get_game("realm-of-sand")
    state = game.setup(game.config(2, {}), 5)
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
    steps = 0
    while (decision := game.decision(state)) is not None and steps < 300:
        observation = Observation(decision.seat, decision, partial(game.view, state, decision.seat))
        index = bots[decision.seat].choose(observation)
        assert 0 <= index < len(decision.options)
        game.apply(state, index)
        steps += 1
    assert steps > 0


def test_fight_model_basics() -> None:
    assert p_at_least(2) == 1.0 and p_at_least(21) == 0.0
    assert p_at_least(11) == pytest.approx(0.55)
    assert all(sum(row) == pytest.approx(1.0, abs=0.005) for row in ADVANCE.values())
    kb = knowledge()
    green = kb.enemies["g-01"]  # melee 9/1, life 2
    strong = HeroSig((9, 9, 9), (9, 9, 9), (2, 2, 2), (0, 0, 0), 6, ())
    weak = HeroSig((0, 0, 0), (0, 0, 0), (1, 1, 1), (0, 0, 0), 2, ())
    win_strong, lose_strong, step = fight_odds(kb, green, strong, 0, 0)
    win_weak, _, _ = fight_odds(kb, green, weak, 0, 0)
    assert win_strong > 0.99 and lose_strong < 0.01 and step == 1  # melee is its only step
    assert win_weak < win_strong
    assert fight_odds(kb, green, weak, 2, 0)[0] == 1.0  # already beaten
    assert fight_odds(kb, green, weak, 0, 2)[1] == 1.0  # already knocked out


def test_fight_tables_read_from_shared_grids_are_the_tables_solved_afresh() -> None:
    """The fight cache files a grid under the fight's round paths and lets it grow; every table
    read from it, whatever was asked before, is bit for bit the table solved on its own (so
    the bots' choices do not move)."""
    kb = Knowledge(default_content())
    rng = random.Random(7)
    enemies = list(kb.enemies.values())

    def triple(low: int, high: int) -> tuple[int, int, int]:
        return (rng.randint(low, high), rng.randint(low, high), rng.randint(low, high))

    asked = 0
    for _ in range(150):
        enemy = rng.choice(enemies)
        allies = tuple(
            (triple(-4, 14), triple(0, 3), rng.choice((1, 3, 5)))
            for _ in range(rng.choice((0, 0, 1, 2)))
        )
        stats = (triple(-6, 16), triple(-6, 16), triple(0, 4), triple(0, 3))
        no_escape, kappa = rng.random() < 0.3, rng.choice(KAPPAS)
        for _ in range(3):  # one shape of fight, lives growing and shrinking
            life = rng.randint(1, 10)
            fought = replace(enemy, key=f"{enemy.key}/{life}/{no_escape}", life=life)
            fought = replace(fought, no_escape=no_escape)
            sig = HeroSig(*stats, rng.randint(0, 8), allies)
            shared = solve_fight(kb, fought, sig, kappa)
            alone = solve_fight_uncached(fought, sig, kappa)
            assert repr(shared.states()) == repr(alone.states()), fought.key
            asked += 1
    assert len(kb.fight_grids) < asked  # grids were shared or grown


def test_signatures_the_enemy_cannot_tell_apart_share_one_grid() -> None:
    """Numbers the fight model cannot distinguish against an enemy (the stats of a step it
    lacks, a roll past certain success) give the same round paths, hence one grid."""
    kb = Knowledge(default_content())
    green = kb.enemies["g-01"]  # melee only
    assert green.steps[0] is None and green.steps[2] is None
    sig = HeroSig((3, 5, 1), (2, 4, 0), (1, 2, 1), (0, 1, 0), 6, ())
    unseen = HeroSig((9, 5, -3), (7, 4, 8), (4, 2, 0), (3, 1, 2), 6, ())
    certain = HeroSig((3, 40, 1), (2, 4, 0), (1, 2, 1), (0, 1, 0), 6, ())
    also_certain = HeroSig((3, 60, 1), (2, 4, 0), (1, 2, 1), (0, 1, 0), 6, ())
    first = solve_fight(kb, green, sig, 1.0)
    assert solve_fight(kb, green, unseen, 1.0).p_win is first.p_win
    assert solve_fight(kb, green, certain, 1.0).p_win is not first.p_win
    assert (
        solve_fight(kb, green, also_certain, 1.0).p_win
        is solve_fight(kb, green, certain, 1.0).p_win
    )
    tougher = replace(green, key="g-01/tougher", life=green.life + 3)
    grown = solve_fight(kb, tougher, sig, 1.0)  # the same grid, three rows more
    assert grown.p_win is not first.p_win and len(kb.fight_grids) == 2
    assert grown.fight_on(3, 0) == first.fight_on(0, 0)  # as far from winning


def test_the_advance_table_matches_the_board() -> None:
    """ADVANCE (how far a roll carries the hero) agrees with a fresh small measurement."""
    measured = measure_advance(knowledge(), 4, 300, seed=5)
    mean = sum(a * p for a, p in enumerate(measured))
    expected = sum(a * p for a, p in enumerate(ADVANCE[4]))
    assert abs(mean - expected) < 0.3
    assert abs(measured[4] - ADVANCE[4][4]) < 0.1


def test_the_bot_beats_random() -> None:
    """Twelve two-player games, seats alternated: the bot must win at least ten (it wins all
    of a much larger sample; see docs/balance.md)."""
    seeds = [derive_seed(99, "game", game) for game in range(12)]
    assert heuristic_outright_wins(seeds, {"max_rounds": 30}) >= 10


def test_a_duel_with_a_rival_at_no_life_left_is_valued_not_a_crash() -> None:
    """A rival whose wounds reach their (lowered) life is about to fall: the duel is worth
    more than against a healthy rival (it divided by zero: the rival's time to fall was 0)."""
    game = get_game("runebound")
    state = game.setup(game.config(2, {}), 1)
    view = game.view(state, 0)
    bot = make_bot("heuristic", 1, game)
    assert isinstance(bot, RuneboundBot)
    party = bot.play.party(view, 0)
    healthy = bot.duel_value(party, 1)
    view["heroes"][1]["wounds"] = view["heroes"][1]["life"]
    assert bot.duel_value(bot.play.party(view, 0), 1) > healthy
