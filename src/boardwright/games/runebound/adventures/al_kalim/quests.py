"""Legend quests (AK-11): matching the hero's actions against quest steps, rewards, victory.

A quest step is triggered by one of four actions: defeating a challenge, rolling the story die,
exploring a bazaar, or ending movement. Each trigger advances the current step of every matching
unfinished quest of the hero by one. A step with a skill test of its own pushes an
``al_kalim_quest_test`` frame; failing that test fails the quest (AK-11.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.games.runebound.adventures.al_kalim.content import ANY_LOST_CITY
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.state import (
    AlKalimState,
    LegendSlot,
    al_kalim_state,
)
from boardwright.games.runebound.content import LEGEND_TYPES, TERRAIN_NAMES
from boardwright.games.runebound.records import LegendCard, QuestStep
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import AllyState, RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


VICTORY_REWARDS = 4  # AK-12.1: four legendary rewards of four different types


def city_here(rules: AlKalimRules, state: RuneboundState, hex_index: int) -> list[str]:
    """The ids of the city and the lost cities on a hex."""
    al_kalim = al_kalim_state(state)
    board = rules.board
    found = []
    city = board.hexes[hex_index].city
    if city >= 0:
        found.append(board.cities[city].id)
    found.extend(
        board.lost_cities[i].id for i, at in enumerate(al_kalim.lost_cities) if at == hex_index
    )
    return found


def step_matches(
    rules: AlKalimRules,
    state: RuneboundState,
    step: QuestStep,
    do: str,
    hex_index: int,
    card: int,
    city: str | None,
) -> bool:
    """Whether an action fulfils a quest step's filters (AK-11.5)."""
    al_kalim = al_kalim_state(state)
    if step.do != do:
        return False
    if step.time is not None and (step.time == "night") != al_kalim.night:
        return False
    board = rules.board
    if step.terrain is not None and (
        hex_index in rules.storm_hexes(state)  # AK-13.10: a covered hex has lost its terrain
        or TERRAIN_NAMES[board.hexes[hex_index].terrain] != step.terrain
    ):
        return False
    if step.location is not None:
        index = board.location_index.get(step.location)
        if index is None or hex_index not in board.locations[index].hexes:
            return False
    if step.city is not None:
        if do == "bazaar":
            here = [city] if city is not None else []
        else:
            here = city_here(rules, state, hex_index)
        lost_ids = {lc.id for lc in board.lost_cities}
        if step.city == ANY_LOST_CITY:
            if not any(c in lost_ids for c in here):
                return False
        elif step.city not in here:
            return False
    if do == "defeat":
        adventure = rules.adventures[card]
        if step.trait is not None and step.trait not in adventure.traits:
            return False
        if step.colour is not None and adventure.colour != step.colour:
            return False
    return True


def on_action(
    rules: AlKalimRules,
    state: RuneboundState,
    seat: int,
    do: str,
    hex_index: int,
    log: Log,
    *,
    card: int = -1,
    city: str | None = None,
) -> None:
    """Advance every unfinished quest of ``seat`` whose current step this action fulfils."""
    al_kalim = state.adventure_state
    if not isinstance(al_kalim, AlKalimState) or state.finished:
        return
    for slot in list(al_kalim.boards[seat].legends):
        if slot.done:
            continue
        legend = rules.al_kalim.legends[slot.card]
        step = legend.quest.steps[slot.step]
        if not step_matches(rules, state, step, do, hex_index, card, city):
            continue
        if step.gold > state.heroes[seat].gold:
            who = rules.party(state, seat)
            record(log, "quest", "cannot_pay", **who, gold=step.gold, legend=legend.id)
            continue
        if step.test is not None:
            state.stack.append(("al_kalim_quest_test", seat, slot.card, -1))
        else:
            advance(rules, state, seat, slot, log)


def advance(
    rules: AlKalimRules, state: RuneboundState, seat: int, slot: LegendSlot, log: Log
) -> None:
    """One more time done of the slot's current step; the quest ends after its last step."""
    legend = rules.al_kalim.legends[slot.card]
    step = legend.quest.steps[slot.step]
    h = state.heroes[seat]
    if step.gold:
        h.gold -= min(step.gold, h.gold)
    slot.progress += 1
    if slot.progress < step.count:
        record(
            log,
            "quest",
            "advances",
            **rules.party(state, seat),
            legend=legend.id,
            progress=slot.progress,
            count=step.count,
            quest_step=slot.step + 1,
        )
        return
    slot.step += 1
    slot.progress = 0
    if slot.step < len(legend.quest.steps):
        who = rules.party(state, seat)
        record(log, "quest", "finishes_step", **who, legend=legend.id, quest_step=slot.step)
        return
    complete(rules, state, seat, slot, log)


def complete(
    rules: AlKalimRules, state: RuneboundState, seat: int, slot: LegendSlot, log: Log
) -> None:
    """AK-11.1: the quest is done; the card turns to its reward side (AK-11.7: an ally joins)."""
    legend = rules.al_kalim.legends[slot.card]
    slot.done = True
    if legend.type == "ally":
        state.heroes[seat].allies.append(AllyState(rules.first_legend + slot.card))
    who = rules.party(state, seat)
    record(log, "legend", "completes", **who, legend=legend.id, legend_type=legend.type)
    check_victory(rules, state, seat, log)


def rewards(rules: AlKalimRules, state: RuneboundState, seat: int) -> int:
    """Legendary rewards on the quest board, counting each type once (AK-12.1)."""
    al_kalim = al_kalim_state(state)
    types = {rules.al_kalim.legends[s.card].type for s in al_kalim.boards[seat].legends if s.done}
    return len(types)


def check_victory(rules: AlKalimRules, state: RuneboundState, seat: int, log: Log) -> None:
    """AK-12.1: four legendary rewards of four different types win at once."""
    if state.finished or rewards(rules, state, seat) < VICTORY_REWARDS:
        return
    state.finished = True
    state.winner = seat
    state.ended_by = "legends"
    state.stack.clear()
    state.pending = None
    record(log, "game_over", "legends", **rules.party(state, seat), winner=seat)


def _under_its_stack(
    rules: AlKalimRules, state: RuneboundState, seat: int, legend: int
) -> LegendCard:
    """A legend card leaves the quest board for the bottom of its type's stack (AK-10.6,
    AK-11.6, AK-11.12 treat every lost legend card alike)."""
    al_kalim = al_kalim_state(state)
    board = al_kalim.boards[seat]
    board.legends = [s for s in board.legends if s.card != legend]
    card = rules.al_kalim.legends[legend]
    kind = LEGEND_TYPES.index(card.type)
    al_kalim.legend_stacks[kind].insert(0, legend)
    al_kalim.legend_under[kind] += 1
    return card


def fail(rules: AlKalimRules, state: RuneboundState, seat: int, legend: int, log: Log) -> None:
    """AK-11.6: a failed quest goes under its type's stack; a new legend may be drawn."""
    card = _under_its_stack(rules, state, seat, legend)
    record(log, "quest", "fails", **rules.party(state, seat), legend=card.id)


def lose_legend(
    rules: AlKalimRules,
    state: RuneboundState,
    seat: int,
    legend: int,
    log: Log,
    *,
    to: str | None = None,
) -> None:
    """AK-11.12: a lost legend card, quest or reward, leaves the quest board for the bottom of
    its stack, quest side up. A legendary ally still in the party leaves it (a killed one has
    left already). ``to`` is what took it when a challenge did ("" for an unnamed one)."""
    card_index = rules.first_legend + legend
    h = state.heroes[seat]
    for position, ally in enumerate(h.allies):
        if ally.card == card_index:
            combat = state.combat
            if combat is not None and position < len(combat.ally_steps):
                del combat.ally_steps[position]  # keep the other allies' plans in line
            del h.allies[position]
            break
    card = _under_its_stack(rules, state, seat, legend)
    who = rules.party(state, seat)
    if to is None:
        record(log, "legend", "loses", **who, legend=card.id)
    else:  # a challenge took it (AK-11.12)
        record(log, "legend", "loses_to", **who, legend=card.id, taken_by=to, legend_type=card.type)


def legend_side(rules: AlKalimRules, slot: LegendSlot) -> dict[str, str | int]:
    """A legend card on a quest board as message arguments: the card and its type, with the
    quest's progress while it is a quest."""
    card = rules.al_kalim.legends[slot.card]
    side: dict[str, str | int] = {"legend": card.id, "legend_type": card.type}
    if not slot.done:
        side.update(quest_step=slot.step + 1, steps=len(card.quest.steps))
    return side


def forced_loss_automatic(
    rules: AlKalimRules, state: RuneboundState, seat: int, amount: int, log: Log, to: str = ""
) -> bool:
    """AK-11.12 (a challenge forces legend cards to be discarded): with no more cards on the
    quest board than must go, they all go without a choice (none: nothing happens). True if
    that settled it; False if the player must choose."""
    al_kalim = al_kalim_state(state)
    board = al_kalim.boards[seat]
    if len(board.legends) > amount:
        return False
    if not board.legends:
        record(log, "legend", "holds_none", **rules.party(state, seat), taken_by=to)
    for slot in list(board.legends):
        lose_legend(rules, state, seat, slot.card, log, to=to)
    rules.hurt_hero(state, seat, 0, 0)  # exhaustion beyond a lost reward's stamina: wounds
    return True


def discard_legend(
    rules: AlKalimRules, state: RuneboundState, seat: int, legend: int, log: Log
) -> None:
    """AK-10.6: an unfinished quest given up goes under its type's stack."""
    card = _under_its_stack(rules, state, seat, legend)
    record(log, "quest", "gives_up", **rules.party(state, seat), legend=card.id)
