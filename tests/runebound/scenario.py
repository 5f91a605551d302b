"""Helpers to build Runebound situations for the rule tests (``base/test_rules_*.py``).

The tests set a situation up by editing the state directly (hero, hex, cards, counters), make
``GAME.procedures.run`` ask the current decision again (:func:`refresh`), then choose option keys
and check what the rules reference (``docs/rules/runebound-base.md``) says must happen.

Hero and card numbers (life, stamina, stats, damage, ability costs and amounts) are being
re-balanced: tests read them from the content (:func:`hero_card`, :func:`life`, :func:`bonus`,
:func:`challenge`...) or pick a hero by what it can do (:func:`hero_ability`) instead of writing
them down, and script dice with :func:`reaching` / :func:`short_of` relative to the numbers.

Dice are controlled with :class:`ScriptedRng`: it answers ``below(n)`` from a script first (a die
face ``f`` is the value ``f - 1``), then falls back to the seeded generator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, get_args

from pydantic import BaseModel

from boardwright.engine.events import Event
from boardwright.engine.hexgrid import Hex, distance
from boardwright.engine.rng import Rng
from boardwright.games import get_game
from boardwright.games.runebound.content import TERRAIN_NAMES
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.records import (
    COLOURS,
    Ability,
    AdventureCard,
    Attack,
    Effect,
    Harm,
    Hero,
    MarketCard,
)
from boardwright.games.runebound.state import XP_KINDS, AllyState, HeroState, RuneboundState

GAME: Runebound = get_game("runebound")  # type: ignore[assignment]
RULES = GAME.rules
BOARD = RULES.board
CONTENT = GAME.rules.content  # the base game as played without card packs
TAMALIR = BOARD.cities[0].hex
RANGED, MELEE, MAGIC = range(3)  # combat steps (RB-5.2), as RULES.hero_roll_bonus numbers them


class ScriptedRng(Rng):
    """A generator whose next ``below`` results are scripted; then the seeded sequence."""

    def __init__(
        self,
        seed: int = 0,
        script: Iterable[int] = (),
        *,
        state: int | None = None,
        draws: int = 0,
    ) -> None:
        super().__init__(seed, state=state, draws=draws)
        self.script = list(script)

    def below(self, n: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert 0 <= value < n, f"scripted value {value} does not fit below({n})"
            self.draws += 1
            return value
        return super().below(n)

    def clone(self) -> ScriptedRng:
        return ScriptedRng(0, self.script, state=self.state, draws=self.draws)


def rig(state: RuneboundState, *values: int) -> ScriptedRng:
    """Replace the state's generator: the next ``below`` calls return ``values`` in order."""
    rng = ScriptedRng(0, values, state=state.rng.state, draws=state.rng.draws)
    state.rng = rng
    return rng


def rigged_left(state: RuneboundState) -> list[int]:
    """Scripted values not used yet."""
    assert isinstance(state.rng, ScriptedRng)
    return state.rng.script


def two_d10(total: int) -> list[int]:
    """The ``below(10)`` values that make a 2d10 roll come to ``total`` (2-20)."""
    assert 2 <= total <= 20
    first = min(10, total - 1)
    return [first - 1, total - first - 1]


def rolls(*totals: int) -> list[int]:
    """Several 2d10 rolls in a row."""
    return [v for t in totals for v in two_d10(t)]


def faces(*numbers: int) -> list[int]:
    """Movement dice showing these faces (1-6, the table of RB-3.6)."""
    return [n - 1 for n in numbers]


# --- games ----------------------------------------------------------------------------------


def hero_index(hero_id: str) -> int:
    return next(i for i, h in enumerate(CONTENT.heroes) if h.id == hero_id)


def adventure(card_id: str) -> int:
    return CONTENT.adventure_index[card_id]


def market_card(card_id: str) -> int:
    return CONTENT.market_index[card_id]


def colour_of(card: int) -> int:
    return COLOURS.index(CONTENT.adventures[card].colour)


def new_game(
    players: int = 1,
    seed: int = 1,
    heroes: Sequence[str] = ("h-ysolde", "h-dorrin"),
    **options: Any,
) -> RuneboundState:
    """A game at seat 0's first movement decision, seat 0 first, with the given heroes.

    Unless a test names ``escape_rule``, fights offer no escape in round 1 (``automatic``), so
    tests of other rules step straight to the attack; the RB-5.3 tests name the default.
    """
    options.setdefault("escape_rule", "automatic")
    state = GAME.setup(GAME.config(players, options), seed)
    for seat, hero_id in enumerate(heroes[:players]):
        state.heroes[seat].hero = hero_index(hero_id)
    state.first = state.seat = 0
    refresh(state)
    return state


def refresh(state: RuneboundState) -> None:
    """Ask the current decision again after the state was changed by hand."""
    GAME.procedures_for(state).run(state, None)


def keys(state: RuneboundState) -> list[str]:
    assert state.pending is not None, "no decision is pending (the game is over)"
    return [o.key for o in state.pending.options]


def kind(state: RuneboundState) -> str | None:
    return state.pending.kind if state.pending is not None else None


def play(state: RuneboundState, *choices: str, log: list[Event] | None = None) -> None:
    for key in choices:
        GAME.apply_key(state, key, log)


def roll_on(state: RuneboundState, log: list[Event] | None = None) -> None:
    """Roll the dice at every combat step where a hero ability is on offer (RB-5.5), whether
    or not the hero has such an ability."""
    while kind(state) == "combat_step":
        play(state, "roll", log=log)


def events(log: list[Event], event_kind: str) -> list[Event]:
    return [e for e in log if e.kind == event_kind]


def me(state: RuneboundState, seat: int = 0) -> HeroState:
    return state.heroes[seat]


def pass_turn(state: RuneboundState) -> None:
    """Finish the current turn doing nothing more: stay, no adventure, leave the market."""
    turn = state.turn_number
    while state.turn_number == turn and state.pending is not None:
        k = kind(state)
        if k == "movement":
            play(state, "stay")
        elif k == "adventure":
            play(state, "skip")
        elif k == "move":
            play(state, "stop")
        elif k in ("market", "experience", "after_movement"):
            play(state, "done")
        else:
            raise AssertionError(f"pass_turn does not know how to leave {k}: {keys(state)}")


# --- hero and card numbers (read from the content, never written into a test) ---------------


def hero_card(state: RuneboundState, seat: int = 0) -> Hero:
    """The hero card a seat plays."""
    return CONTENT.heroes[state.heroes[seat].hero]


def life(state: RuneboundState, seat: int = 0) -> int:
    """The hero's life now (card, experience, items)."""
    return RULES.life(state, seat)


def stamina(state: RuneboundState, seat: int = 0) -> int:
    """The hero's stamina now (card, experience, items)."""
    return RULES.stamina(state, seat)


def bonus(state: RuneboundState, step: int, when: str = "attack", seat: int = 0) -> int:
    """What the hero adds to 2d10 in a combat step (RB-5.5): stat, experience, modifiers."""
    return RULES.hero_roll_bonus(state, seat, step, when)


def damage(state: RuneboundState, step: int, seat: int = 0) -> int:
    """The wounds a hit of the hero deals in a combat step, before the foe's armour."""
    return RULES.hero_damage(state, seat, step)


def raise_stamina(state: RuneboundState, at_least: int, seat: int = 0) -> None:
    """Add +2 stamina experience counters (RB-8.3) until the hero's stamina is ``at_least``."""
    while stamina(state, seat) < at_least:
        state.heroes[seat].xp.append(XP_KINDS.index("stamina"))


def raise_life(state: RuneboundState, at_least: int, seat: int = 0) -> None:
    """Add +1 life experience counters (RB-8.3) until the hero's life is ``at_least``."""
    while life(state, seat) < at_least:
        state.heroes[seat].xp.append(XP_KINDS.index("life"))


def challenge(card_id: str) -> AdventureCard:
    return CONTENT.adventures[adventure(card_id)]


def enemy_step(card_id: str, step: int) -> Attack:
    """A challenge's value and damage in a combat step (which it must have)."""
    attack = RULES.steps_of(challenge(card_id))[step]
    assert attack is not None, f"{card_id} has no value in step {step}"
    return attack


def enemy_life(card_id: str) -> int:
    return challenge(card_id).life or 1


def before_combat_harm(card_id: str) -> tuple[int, int]:
    """(wounds, exhaustion) a challenge's own before-combat abilities deal the hero."""
    harms = [
        e
        for a in challenge(card_id).abilities
        if a.timing == "before_combat"
        for e in a.effects
        if isinstance(e, Harm)
    ]
    return sum(e.wounds for e in harms), sum(e.exhaustion for e in harms)


def market(card_id: str) -> MarketCard:
    return CONTENT.market[market_card(card_id)]


def effect_models() -> dict[str, type[BaseModel]]:
    """The members of the ``Effect`` union by their ``do`` literal, read from the models."""
    union, _field = get_args(Effect)
    models: tuple[type[BaseModel], ...] = get_args(union)
    return {get_args(m.model_fields["do"].annotation)[0]: m for m in models}


def effect_value(ability: Ability, do: str, field: str) -> int:
    """A number of the ability's first effect of kind ``do`` (``hexes``, ``amount``...)."""
    value = getattr(next(e for e in ability.effects if e.do == do), field)
    assert isinstance(value, int)
    return value


def hero_ability(
    timing: str, do: str | None = None, *, exhaustion_cost: bool = False, skip: int = 0
) -> tuple[str, str, Ability]:
    """A hero chosen by what it can do: (hero id, the ``use:`` key, the ability) of the first hero
    (in content order, after ``skip`` matches) with an ability of this timing, one of whose
    effects is ``do``, and (``exhaustion_cost``) paid with exhaustion."""
    found = [
        (hero.id, f"use:h{i}.{j}", a)
        for i, hero in enumerate(CONTENT.heroes)
        for j, a in enumerate(hero.abilities)
        if a.timing == timing
        and (do is None or any(e.do == do for e in a.effects))
        and (not exhaustion_cost or a.cost.exhaustion > 0)
    ]
    assert len(found) > skip, f"no hero has a {timing} ability doing {do}"
    return found[skip]


def item_ability(timing: str) -> tuple[str, int]:
    """An item chosen by what it can do: (card id, the ability's index on the card) of the first
    market item (not an ally) with an ability of this timing; its ``use:`` key names the copy
    held (``use:m{held}.{index}``)."""
    found = [
        (card.id, j)
        for card in CONTENT.market
        if card.kind != "ally"
        for j, a in enumerate(card.abilities)
        if a.timing == timing
    ]
    assert found, f"no market item has a {timing} ability"
    return found[0]


def reaching(target: int, plus: int) -> int:
    """The 2d10 total that, with ``plus`` added, meets ``target`` exactly (or the lowest roll
    when any roll does)."""
    total = max(2, target - plus)
    assert total <= 20, f"no roll reaches {target} with +{plus}"
    return total


def short_of(target: int, plus: int) -> int:
    """The highest 2d10 total that, with ``plus`` added, falls short of ``target`` (one short
    when a roll can meet it)."""
    total = min(20, target - plus - 1)
    assert total >= 2, f"every roll reaches {target} with +{plus}"
    return total


def hits_to_defeat(enemy_life: int, damage: int) -> int:
    """How many hits of ``damage`` bring ``enemy_life`` down (RB-5.8)."""
    assert damage > 0
    return -(-enemy_life // damage)


# --- cards ------------------------------------------------------------------------------------


def take_adventure_card(state: RuneboundState, card: int) -> None:
    """Remove an adventure card from wherever it lies (deck, discard, event, track)."""
    colour = colour_of(card)
    for pile in (state.adventure_decks[colour], state.adventure_discards[colour], state.track):
        if card in pile:
            pile.remove(card)
    if state.event == card:
        state.event = -1


def on_top(state: RuneboundState, *card_ids: str) -> list[int]:
    """Put cards on top of their decks; the first named is drawn first."""
    cards = [adventure(c) for c in card_ids]
    for card in reversed(cards):
        take_adventure_card(state, card)
        state.adventure_decks[colour_of(card)].append(card)
    return cards


def take_market_card(state: RuneboundState, card: int) -> None:
    """Remove a market card from the deck, the discard pile or a city stack."""
    for pile in (state.market_deck, state.market_discard, *state.stacks):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"market card {CONTENT.market[card].id} is owned already")


def give(state: RuneboundState, *card_ids: str, seat: int = 0) -> list[int]:
    """Give items or allies (fresh) to a hero."""
    cards = [market_card(c) for c in card_ids]
    for card in cards:
        take_market_card(state, card)
        RULES.gain_card(state, seat, card)
    return cards


def ally(state: RuneboundState, card_id: str, seat: int = 0) -> AllyState:
    card = market_card(card_id)
    return next(a for a in state.heroes[seat].allies if a.card == card)


def to_stack(state: RuneboundState, city: int, *card_ids: str) -> list[int]:
    """Lay market cards face up on a city's stack."""
    cards = [market_card(c) for c in card_ids]
    for card in cards:
        take_market_card(state, card)
        state.stacks[city].append(card)
    return cards


# --- the board ------------------------------------------------------------------------------


def hex_at(q: int, r: int) -> int:
    return BOARD.by_coordinates[Hex(q, r)]


def terrain(index: int) -> str:
    return TERRAIN_NAMES[BOARD.hexes[index].terrain]


def gem_hexes(colour: str, star: bool | None = None) -> list[int]:
    c = COLOURS.index(colour)
    return [h.index for h in BOARD.hexes if h.gem == c and (star is None or h.star == star)]


def wild_hexes(name: str) -> list[int]:
    """Hexes of this terrain without a gem (never a counter at setup)."""
    return [h.index for h in BOARD.hexes if TERRAIN_NAMES[h.terrain] == name and h.gem < 0]


def city_distance(index: int) -> list[int]:
    """Distance from a hex to every city, in market-row order."""
    at = BOARD.hexes[index].at
    return [distance(at, BOARD.hexes[c.hex].at) for c in BOARD.cities]


def put(state: RuneboundState, index: int, seat: int = 0) -> None:
    """Move a hero onto a hex (between turns or at a movement decision)."""
    state.heroes[seat].hex = index
    refresh(state)


def clear_counters(state: RuneboundState, index: int) -> None:
    state.counters[index] = 0


def add_counter(state: RuneboundState, index: int, colour: str) -> None:
    state.counters[index] |= 1 << COLOURS.index(colour)


def has_counter(state: RuneboundState, index: int, colour: str) -> bool:
    return bool(state.counters[index] >> COLOURS.index(colour) & 1)


def start_adventure(
    state: RuneboundState,
    index: int,
    colour: str,
    *card_ids: str,
    log: list[Event] | None = None,
) -> None:
    """Seat 0 stands on ``index`` with a ``colour`` counter there, the named cards on top of
    that deck, stays put and takes on the adventure."""
    clear_counters(state, index)
    add_counter(state, index, colour)
    on_top(state, *card_ids)
    put(state, index)
    play(state, "stay", log=log)
    if kind(state) == "after_movement":  # a hero with an after-movement ability: not now
        play(state, "done", log=log)
    assert kind(state) == "adventure", keys(state)
    play(state, f"adventure:{colour}", log=log)


def safe_green_hex() -> int:
    """A green gem hex next to Tamalir (so knock-outs and steps stay close to home)."""
    return next(n for n in BOARD.hexes[TAMALIR].neighbours if BOARD.hexes[n].gem == 0)
