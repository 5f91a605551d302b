"""The MCTS bot's Runebound evaluation: it sees the progress a party makes between the rare
changes of the score, and turns a lead into a reward above one half."""

from __future__ import annotations

from typing import cast

import pytest

from boardwright.bots.factories import runebound_mcts
from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.reward import rewards
from boardwright.bots.mcts.runebound_worth import RuneboundWorth
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.state import AllyState, RuneboundState

RUNEBOUND = cast(Runebound, get_game("runebound"))
WORTH = RuneboundWorth(RUNEBOUND)


def fresh(adventure: str = "dragonlords") -> RuneboundState:
    return RUNEBOUND.setup(RUNEBOUND.config(2, {"adventure": adventure}), 3)


@pytest.mark.parametrize("adventure", ["dragonlords", "al-kalim"])
def test_progress_the_score_does_not_count_raises_the_worth(adventure: str) -> None:
    state = fresh(adventure)
    hero = state.heroes[0]
    before = WORTH(state, 0)
    score = RUNEBOUND.score(state, 0)
    for step in ("gold", "counter", "item", "ally"):
        if step == "gold":
            hero.gold += 2
        elif step == "counter":
            hero.counters.append(0)
        elif step == "item":
            hero.items.append(0)
        else:
            hero.allies.append(AllyState(ally_index()))
        assert WORTH(state, 0) > before, step
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
    assert WORTH(state, 0) - start - counter > 3 * counter  # a rune is worth far more


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
