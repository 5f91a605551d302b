"""The heuristic bot under the advanced rules: it answers every new decision sensibly and
plays whole games with every advanced option on."""

from __future__ import annotations

from functools import partial

from boardwright.bots import Observation
from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.bots.runebound.knowledge import knowledge
from boardwright.bots.runebound.party import Party
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.state import RuneboundState
from boardwright.sim.runner import simulate
from tests.runebound.advanced.kit import adv_game, all_on
from tests.runebound.scenario import (
    CONTENT,
    GAME,
    RULES,
    TAMALIR,
    give,
    keys,
    kind,
    me,
    play,
    put,
    refresh,
)


def bot_key(state: RuneboundState, seed: int = 1) -> str:
    decision = state.pending
    assert decision is not None
    seat = decision.seat
    observation = Observation(seat, decision, partial(GAME.view, state, seat))
    return decision.options[RuneboundBot(seed).choose(observation)].key


def test_bot_plays_whole_advanced_games() -> None:
    """Heuristic bots finish games with every advanced option on, without errors."""
    summary = simulate(GAME, 2, 2, 9, ["heuristic", "heuristic"], all_on())
    assert summary.errors == 0, summary.error_messages
    assert summary.endgame is not None


def test_bot_buys_a_pair_of_experience_counters() -> None:
    """AR-6.9: offered only pairs, the bot buys one (not 'done')."""
    state = adv_game(2, "experience=table")
    me(state).counters = [3, 3]
    state.counter_supply[3] -= 2
    put(state, TAMALIR)
    play(state, "stay")
    while kind(state) == "market":
        play(state, "done")
    assert kind(state) == "experience"
    assert bot_key(state).startswith("xp:") and "+" in bot_key(state)


def test_bot_gives_up_the_cheaper_looking_card_and_keeps_its_hero() -> None:
    """AR-6.6: between equally expensive cards the bot loses the one it values less; a new
    hero drawn at random is declined."""
    state = adv_game(1, "knockout")
    cost_groups: dict[int, list[str]] = {}
    for card in CONTENT.market:
        if card.kind in ("artifact", "rune"):
            cost_groups.setdefault(card.cost, []).append(card.id)
    pair = next(ids[:2] for _, ids in sorted(cost_groups.items(), reverse=True) if len(ids) >= 2)
    give(state, *pair)
    knock_out(RULES, state, 0, None)
    refresh(state)
    assert kind(state) == "knockout_card"
    bot = RuneboundBot(1)
    party = Party(bot.kb, GAME.view(state, 0), 0)
    colours = bot.frontier(party)
    worth = {c: bot.card_value(party, bot.kb.market[c], colours) for c in pair}
    cheapest = min(pair, key=lambda c: (worth[c], pair.index(c)))
    assert bot_key(state) == f"lose:{cheapest}"
    play(state, bot_key(state))
    while kind(state) == "knockout_city":
        assert bot_key(state).startswith("city:")
        play(state, bot_key(state))
    assert kind(state) == "new_hero" and bot_key(state) == "keep"


def test_bot_pays_to_remove_exhaustion() -> None:
    """AR-6.8: with exhaustion and gold to spare, the bot pays 1 gold to remove it."""
    state = adv_game(1, "healing", "movement_dice")
    h = me(state)
    h.exhaustion, h.gold = 2, 4
    put(state, TAMALIR)
    play(state, "stay")
    assert kind(state) == "market" and "heal-exhaustion" in keys(state)
    seen: set[str] = set()
    while kind(state) == "market" and len(seen) < 20:
        key = bot_key(state)
        seen.add(key)
        play(state, key)
    assert "heal-exhaustion" in seen and h.exhaustion == 0


def test_bot_reads_the_advanced_wound_threshold() -> None:
    """AR-6.1: the bot counts one more wound to fall, for itself and for challenges."""
    kb = knowledge()
    card = next(iter(kb.enemies))
    assert kb.tough_enemies[card].life == kb.enemies[card].life + 1
    assert kb.tough_enemies[card].key != kb.enemies[card].key  # separate fight tables
    view = GAME.view(adv_game(1, "wounds"), 0)
    party = Party(kb, view, 0)
    assert party.hp_left == RULES.life(adv_game(1), 0) + 1
