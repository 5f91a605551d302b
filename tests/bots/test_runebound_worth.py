"""The MCTS bot's Runebound evaluation: it sees the progress a party makes between the rare
changes of the score, turns a lead into a reward above one half, and its weights are a fit to
self-play that tools/fit_runebound_value.py reproduces."""

from __future__ import annotations

import importlib.util
import math
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest

from boardwright.bots.factories import runebound_mcts, runebound_quiet
from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.reward import rewards
from boardwright.bots.mcts.runebound_worth import (
    FALLBACK,
    FEATURES,
    HARMS,
    RuneboundWorth,
    names,
    read_fits,
    shipped_fits,
)
from boardwright.engine.errors import ConfigError
from boardwright.engine.rng import Rng
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.state import AllyState, RuneboundState

RUNEBOUND = cast(Runebound, get_game("runebound"))
WORTH = RuneboundWorth(RUNEBOUND, position=False)  # the party's assets, not where it stands
FIT_TOOL = Path(__file__).resolve().parents[2] / "tools" / "fit_runebound_value.py"


def fresh(adventure: str = "dragonlords") -> RuneboundState:
    return RUNEBOUND.setup(RUNEBOUND.config(2, {"adventure": adventure}), 3)


@pytest.mark.parametrize("adventure", ["dragonlords", "al-kalim"])
def test_progress_the_score_does_not_count_raises_the_worth(adventure: str) -> None:
    state = fresh(adventure)
    hero = state.heroes[0]
    before = WORTH(state, 0)
    score = RUNEBOUND.score(state, 0)
    weights = WORTH.weights_for(state)
    feature = {"gold": "gold", "counter": "xp_counters", "item": "carried", "ally": "carried"}
    for step in ("gold", "counter", "item", "ally"):
        if step == "gold":
            hero.gold += 2
        elif step == "counter":
            hero.counters.append(0)
        elif step == "item":
            hero.items.append(0)
        else:
            hero.allies.append(AllyState(ally_index()))
        if weights[feature[step]] > 0.0:
            assert WORTH(state, 0) > before, step
        else:  # a good the fit found no use for (Al-Kalim's gold) is pinned at zero
            assert WORTH(state, 0) >= before, step
        before = WORTH(state, 0)
    assert RUNEBOUND.score(state, 0) == score  # none of it moved the score
    hero.wounds += 2
    assert WORTH(state, 0) < before


def ally_index() -> int:
    market = RUNEBOUND.rules_for(fresh()).market
    return next(index for index, card in enumerate(market) if card.kind == "ally")


def test_a_rune_and_an_experience_counter_count_as_the_score_says() -> None:
    state = fresh()
    start = WORTH(state, 0)
    state.heroes[0].xp.append(0)
    counter = WORTH(state, 0) - start
    state.heroes[0].runes.append(0)
    assert WORTH(state, 0) - start - counter > 1.5 * counter  # a rune is worth more


def test_the_leading_seat_gets_the_larger_reward() -> None:
    state = fresh()
    assert rewards(RUNEBOUND, state, 2, WORTH) == pytest.approx([0.5, 0.5], abs=0.2)
    state.heroes[1].gold += 30
    low, high = rewards(RUNEBOUND, state, 2, WORTH)
    assert low < 0.5 < high
    assert low + high == pytest.approx(1.0)


def test_the_registry_bot_values_runebound_rollouts_by_worth() -> None:
    bot = runebound_mcts(1, RUNEBOUND)
    assert isinstance(bot, MctsBot)
    assert isinstance(bot.worth, RuneboundWorth)


def test_every_shipped_fit_weighs_every_feature_and_gains_and_harms_point_the_right_way() -> None:
    fits = shipped_fits()
    assert FALLBACK in fits
    for adventure, fit in fits.items():
        weights = fit.weights
        assert set(weights) == set(names(adventure)), adventure
        assert "two-player heuristic games" in fit.fitted, adventure
        for name, weight in weights.items():  # harms cost, goods never do
            assert weight <= 0.0 if name in HARMS else weight >= 0.0, (adventure, name)
        for name in ("trophies", "xp_counters", "carried"):
            assert weights[name] > 0.0, (adventure, name)
        assert weights["trophies"] > 1.5 * weights["xp_counters"], adventure


def test_an_adventure_without_its_own_fit_is_valued_by_the_fallback() -> None:
    state = fresh()
    state.heroes[0].gold += 10
    own = RuneboundWorth(RUNEBOUND, {FALLBACK: dict.fromkeys(FEATURES, 1.0)}, position=False)
    assert own(state, 0) - own(fresh(), 0) == pytest.approx(5.0)  # half the logit


def test_the_reward_of_a_lead_is_the_fitted_probability_of_winning() -> None:
    """Two seats whose features differ by d: the leader's reward is sigmoid(w * d)."""
    state = fresh()
    state.heroes[0].gold += 12
    worth = RuneboundWorth(RUNEBOUND, position=False)
    weight = worth.weights_for(state)["gold"]
    high, low = rewards(RUNEBOUND, state, 2, worth)
    assert high == pytest.approx(1.0 / (1.0 + math.exp(-12 * weight)), abs=1e-9)
    assert low == pytest.approx(1.0 - high)


def load_fit_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fit_runebound_value", FIT_TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_fit_recovers_known_weights_and_pins_a_harm_that_looks_like_a_gain() -> None:
    """Rows drawn from a known logistic model: Newton's method finds its weights; a harm whose
    samples say it helps is pinned at the heuristic's price times the gold weight."""
    tool = load_fit_tool()
    rng = Rng(5)
    truth = [0.6, 0.25, 0.05, 0.04, 0.06, 0.09, -0.1, 0.0, 0.02]
    rows = []
    for _ in range(6000):
        x = [float(rng.below(7) - 3) for _ in FEATURES]
        x[FEATURES.index("gold")] *= 5
        p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        exhausted = x[FEATURES.index("exhaustion")]
        won = 1.0 if rng.below(10_000) < p * 10_000 else 0.0
        x[FEATURES.index("exhaustion")] = exhausted + (2.0 if won else 0.0)  # a spurious gain
        rows.append((x, won))
    weights = tool.fitted_weights(rows, FEATURES)
    for name in ("trophies", "xp_counters", "gold", "wounds"):
        index = FEATURES.index(name)
        assert weights[index] == pytest.approx(truth[index], abs=0.08), name
    gold = weights[FEATURES.index("gold")]
    pinned = weights[FEATURES.index("exhaustion")]
    assert pinned < 0.0
    assert pinned == pytest.approx(-tool.HARM_PRICE["exhaustion"] * gold, rel=0.1)
    held_out = rows[:1000]
    fitted = tool.log_loss(held_out, partial(tool.logit, weights))
    assert fitted < math.log(2)


def test_a_good_that_looks_like_a_harm_is_pinned_at_zero() -> None:
    """The fit pins a good whose samples say it hurts (Al-Kalim's gold, gear) at zero: holding
    more of something never hurts, as it need not be used."""
    tool = load_fit_tool()
    rng = Rng(7)
    rows = []
    for _ in range(3000):
        x = [float(rng.below(7) - 3) for _ in FEATURES]
        p = 1.0 / (1.0 + math.exp(-(0.6 * x[0] - 0.2 * x[FEATURES.index("gold")])))
        rows.append((x, 1.0 if rng.below(10_000) < p * 10_000 else 0.0))
    weights = tool.fitted_weights(rows, FEATURES)
    assert weights[FEATURES.index("gold")] == 0.0
    assert weights[0] == pytest.approx(0.6, abs=0.1)


def test_an_adventure_adds_its_own_features() -> None:
    """Al-Kalim's play adds open quests, their progress, the limit counter and survival gear
    (``BasePlay.worth_features``); the base game has none of its own."""
    assert names("al-kalim") == (*FEATURES, "quests", "quest_progress", "limit", "gear")
    assert names("dragonlords") == FEATURES
    state = fresh("al-kalim")
    assert len(WORTH.features(state, 0)) == len(names("al-kalim"))


def test_the_tool_fits_self_play_and_beats_a_coin() -> None:
    """A short run of the real tool: games are played, samples fitted, log loss reported."""
    tool = load_fit_tool()
    games = [tool.play("dragonlords", 1, number) for number in range(12)]
    rows = [row for _, found in games for row in found]
    assert len(rows) > 100
    assert all(len(x) == len(FEATURES) and y in (0.0, 1.0) for x, y in rows)
    weights = tool.fitted_weights(rows, FEATURES)
    assert tool.log_loss(rows, partial(tool.logit, weights)) < math.log(2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "expected a mapping of adventures with 'dragonlords'"),
        ("dragonlords: {weights: {gold: 1}}", "dragonlords: 'weights' must give exactly"),
        (
            "dragonlords: {weights: {"
            + ", ".join(f"{n}: 1" for n in FEATURES[:-1])
            + ", potential: x}}",
            "dragonlords: weight 'potential' is not a number",
        ),
        ("dragonlords: [", "cannot read the fitted weights"),
    ],
)
def test_a_bad_weights_file_is_one_line_naming_the_file_and_entry(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "weights.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        read_fits(path)
    assert str(error.value).startswith("weights.yaml: ")
    assert message in str(error.value)


def test_the_registry_bot_settles_fights_before_valuing_a_rollout() -> None:
    bot = runebound_mcts(1, RUNEBOUND)
    assert isinstance(bot, MctsBot)
    assert bot.rollouts is not None and bot.rollouts.quiet is runebound_quiet
    state = fresh()
    assert runebound_quiet(state)
