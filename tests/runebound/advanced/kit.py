"""Helpers for the Advanced Runebound tests (``advanced/test_*.py``, docs/rules/advanced.md).

Games are built with :func:`adv_game`, which takes the short names of advanced options
(``"wounds"`` for ``advanced.wounds``). Cards are picked by what they are (colour, kind, event
number) rather than by id, so the tests survive a regeneration of the base card content.
:func:`check_advanced_invariants` is the fuzz's check after every decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from boardwright.engine.events import Event
from boardwright.engine.rng import Rng
from boardwright.games.runebound.advanced import DOOM_COUNTERS, doom_length
from boardwright.games.runebound.options import ADVANCED_PRESET
from boardwright.games.runebound.records import COLOURS, TERRAINS, AdventureCard
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.kit import (
    EAGER,
    assert_counters_conserved,
    assert_each_once,
    assert_hero_in_bounds,
    drawn_adventure_cards,
    laid_out_adventure_cards,
    owned_market_cards,
    play_out,
)
from tests.runebound.scenario import (
    BOARD,
    CONTENT,
    GAME,
    RULES,
    TAMALIR,
    ScriptedRng,
    me,
    new_game,
    play,
    take_adventure_card,
    wild_hexes,
)

GREEN, YELLOW, BLUE, RED = range(4)


def adv_options(*names: str, **extra: Any) -> dict[str, Any]:
    """``adv_options("wounds", "experience=table")`` -> {"advanced.wounds": True, ...}."""
    options: dict[str, Any] = dict(extra)
    for name in names:
        key, _, value = name.partition("=")
        options[f"advanced.{key}"] = value or True
    return options


def adv_game(
    players: int = 1,
    *names: str,
    seed: int = 1,
    heroes: Sequence[str] = ("h-ysolde", "h-dorrin", "h-kestrel", "h-mireille"),
    **extra: Any,
) -> RuneboundState:
    """A game at seat 0's first movement decision (seat 0 first) with these advanced options."""
    return new_game(players, seed, heroes, **adv_options(*names, **extra))


def all_on() -> dict[str, Any]:
    return dict(ADVANCED_PRESET)


# --- cards by what they are -------------------------------------------------------------------
def cards(
    colour: str | None = None,
    kind: str | None = None,
    where: Callable[[AdventureCard], bool] = lambda card: True,
) -> list[int]:
    """Indexes of adventure cards of this colour and kind that pass ``where``."""
    return [
        i
        for i, card in enumerate(CONTENT.adventures)
        if (colour is None or card.colour == colour)
        and (kind is None or card.kind == kind)
        and where(card)
    ]


def plain_encounter(colour: str = "green") -> tuple[int, int]:
    """An encounter of this colour with a choice that has no test and no effect that could
    knock a hero out; returns (card, choice index)."""
    for card in cards(colour, "encounter"):
        for i, choice in enumerate(CONTENT.adventures[card].choices):
            effects = [*choice.success, *choice.failure]
            if choice.test is None and all(
                e.do not in ("harm", "fight", "teleport") for e in effects
            ):
                return card, i
    raise AssertionError(f"no plain {colour} encounter in the content")


def plain_event(
    colour: str = "green", *, number: Callable[[int], bool] = lambda n: True, other_than: int = -1
) -> int:
    """An event whose "event" abilities push no frame and harm no one."""
    for card in cards(colour, "event", lambda c: number(c.number or 0)):
        if card == other_than:
            continue
        effects = [e for a in CONTENT.adventures[card].abilities for e in a.effects]
        if all(e.do not in ("harm", "fight", "teleport", "hook") for e in effects):
            return card
    raise AssertionError(f"no plain {colour} event in the content")


def plain_challenge(colour: str = "green") -> int:
    """A challenge without before-combat, after-combat or passive abilities and no escape ban."""
    for card in cards(colour, "challenge"):
        c = CONTENT.adventures[card]
        if not c.abilities and not c.no_escape and not c.reward.wins_game:
            return card
    raise AssertionError(f"no plain {colour} challenge in the content")


def margath() -> int:
    return next(i for i, c in enumerate(CONTENT.adventures) if c.reward.wins_game)


def put_on_top(state: RuneboundState, *card_list: int) -> None:
    """Put cards on top of their decks; the first given is drawn first."""
    for card in reversed(card_list):
        take_adventure_card(state, card)
        if card in state.doom_row:
            state.doom_row.remove(card)
        state.adventure_decks[COLOURS.index(CONTENT.adventures[card].colour)].append(card)


def take_anywhere(state: RuneboundState, card: int) -> None:
    """Remove an adventure card from wherever it lies, the doom track included."""
    take_adventure_card(state, card)
    if card in state.doom_row:
        state.doom_row.remove(card)
    for h in state.heroes:
        if card in h.runes:
            h.runes.remove(card)


def colour_names(state: RuneboundState) -> list[str]:
    return [CONTENT.adventures[c].colour for c in state.doom_row]


# --- fights --------------------------------------------------------------------------------------
FIGHT_ANSWERS = {
    "attack_step": None,  # the first step offered
    "combat_step": "roll",
    "ally_step": "ally:none",
    "before_combat": "fight",
    "escape": "fight",
}


def answer_fight(state: RuneboundState, log: list[Event] | None = None) -> list[str]:
    """Answer the fight's decisions plainly until the fight is over; the decision kinds met."""
    met: list[str] = []
    card = state.combat.card if state.combat is not None else -1
    while state.combat is not None and state.combat.card == card and state.pending is not None:
        decision = state.pending
        if decision.kind not in FIGHT_ANSWERS:
            break
        met.append(decision.kind)
        key = FIGHT_ANSWERS[decision.kind] or decision.options[0].key
        play(state, key, log=log)
    return met


class D10Rng(ScriptedRng):
    """Every d10 (``die(10)``) shows ``value`` while ``left`` lasts; other numbers come from
    ``script`` first (``below`` values, as scenario.rig takes them), then from the seeded
    generator (movement dice, shuffles)."""

    def __init__(self, base: Rng, value: int, left: int, script: Sequence[int] = ()) -> None:
        super().__init__(0, script, state=base.state, draws=base.draws)
        self.value = value
        self.left = left

    def die(self, sides: int) -> int:
        if sides == 10 and self.left > 0:
            self.left -= 1
            self.draws += 1
            return self.value
        return super().die(sides)

    def clone(self) -> D10Rng:
        return D10Rng(self, self.value, self.left, self.script)


def fix_d10(
    state: RuneboundState, value: int, left: int = 400, script: Sequence[int] = ()
) -> D10Rng:
    """From now on ``left`` d10s show ``value``; ``script`` answers the next ``below`` calls."""
    rng = D10Rng(state.rng, value, left, script)
    state.rng = rng
    return rng


def win_fight(state: RuneboundState, log: list[Event] | None = None) -> list[str]:
    """The challenge is one wound from falling; the hero attacks in the first step with a roll
    of 20 and 9 extra damage (for that step only): the hero wins. Only those two d10s are
    fixed, so a fight that follows at once (the endgame's next draw) rolls normally."""
    combat = state.combat
    assert combat is not None
    life = CONTENT.adventures[combat.card].life or 1
    combat.enemy_wounds = life if state.opts.advanced_wounds else life - 1
    combat.temp.append(("damage", 9))
    rng = fix_d10(state, 10, 2)
    met = answer_fight(state, log)
    rng.left = 0
    return met


def lose_fight(state: RuneboundState, log: list[Event] | None = None) -> list[str]:
    """The hero is one wound from falling and attacks in the first step with a roll of 2:
    the challenge hits and the hero falls."""
    seat = state.seat
    life = RULES.life(state, seat)
    me(state, seat).wounds = life if state.opts.advanced_wounds else life - 1
    rng = fix_d10(state, 1, 2)
    met = answer_fight(state, log)
    rng.left = 0
    return met


# --- terrain and dice ------------------------------------------------------------------------
def faces_with(terrain_name: str, symbols: int | None = None) -> list[int]:
    """Movement-die faces (1-6, as scenario.faces takes them) showing this terrain."""
    bit = TERRAINS.index(terrain_name)
    return [
        i + 1
        for i, f in enumerate(BOARD.die_faces)
        if f >> bit & 1 and (symbols is None or bin(f).count("1") == symbols)
    ]


def faces_without(terrain_name: str, symbols: int | None = None) -> list[int]:
    bit = TERRAINS.index(terrain_name)
    return [
        i + 1
        for i, f in enumerate(BOARD.die_faces)
        if not f >> bit & 1 and (symbols is None or bin(f).count("1") == symbols)
    ]


def face_with_symbols(symbols: int) -> int:
    return next(i + 1 for i, f in enumerate(BOARD.die_faces) if bin(f).count("1") == symbols)


def empty_wild_step(terrain_name: str = "forest") -> tuple[int, int]:
    """(start, target): an empty hex of this terrain (no gem, not a city) and a neighbour of
    it that is no city, no gem hex, from which one step leads there."""
    for target in wild_hexes(terrain_name):
        for start in BOARD.hexes[target].neighbours:
            hx = BOARD.hexes[start]
            if hx.city < 0 and hx.gem < 0 and start != TAMALIR:
                return start, target
    raise AssertionError(f"no empty {terrain_name} hex with an empty neighbour")


# --- the fuzz's invariants ---------------------------------------------------------------------
def check_advanced_invariants(state: RuneboundState, before: dict[str, int]) -> None:
    """Everything of kit's checks that still holds under the advanced rules, and more:
    every adventure card in exactly one place (doom track and removed cards included), the
    doom track shorter than its length, at most 8 doom counters and never fewer than before,
    and a consistent endgame."""
    opts = state.opts
    places = laid_out_adventure_cards(state) + drawn_adventure_cards(state)
    places += state.doom_row + state.removed_adventures
    assert_each_once(places, len(RULES.adventures), "adventure card")
    # the doom track (AR-2)
    assert 0 <= state.doom_counters <= DOOM_COUNTERS
    assert state.doom_counters >= before.get("doom", 0), "a doom counter went away"
    before["doom"] = state.doom_counters
    if opts.advanced_doom_track:
        assert 1 <= len(state.doom_row) < doom_length(len(state.heroes)), state.doom_row
    else:
        assert not state.doom_row
    if state.doom_counters == DOOM_COUNTERS and not state.finished:
        assert state.endgame_pending or state.endgame_order
    # the undefeated track, the market and the counters
    assert set(state.undefeated.values()) == set(state.track) and len(state.track) <= 6
    assert_each_once(owned_market_cards(state), len(RULES.market), "market card")
    assert_counters_conserved(state, RULES)
    # the endgame (AR-3)
    if state.endgame_order:
        assert sorted(state.endgame_order) == list(range(len(state.heroes)))
        assert set(state.eliminated) <= set(state.endgame_order)
        assert not any(frame[0] == "turn" for frame in state.stack)
        red = state.adventure_decks[RED]
        assert all(RULES.adventures[c].kind == "challenge" for c in red)
    else:
        assert not state.eliminated
    if state.finished and state.ended_by == "endgame":
        assert state.endgame_how in ("Margath", "three red cards", "all eliminated")
    # the heroes
    for seat, h in enumerate(state.heroes):
        assert_hero_in_bounds(state, RULES, seat, h.allies)
        fighting = state.combat is not None and seat == state.seat
        if not (fighting or state.finished or seat in state.eliminated):
            assert not RULES.knocked_out(state, seat), f"seat {seat} stands knocked out"


def play_advanced_game(
    players: int, seed: int, options: dict[str, Any], *, eager: bool, check: bool = True
) -> tuple[RuneboundState, int]:
    """A random (or eager random) game with the invariants after every decision."""
    state = GAME.setup(GAME.config(players, options), seed)
    invariants = partial(check_advanced_invariants, before={}) if check else None
    return state, play_out(state, Rng(seed ^ 0xAD7A), EAGER if eager else None, invariants)
