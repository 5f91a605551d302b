"""Helpers to build The Sands of Al-Kalim situations for the rule tests (``test_rules_*.py``).

Modelled on :mod:`tests.runebound.scenario`: a test sets a situation up by editing the state
(hero, hex, gear, legend cards, the sandstorm), makes the Al-Kalim procedures ask the current
decision again (:func:`refresh`), then chooses option keys and checks what
``docs/rules/al-kalim.md`` says.

Dice come from :class:`tests.runebound.scenario.ScriptedRng` (:func:`rig`): a movement or story
die face ``f`` (1-6, the faces of AK-7.5) is the value ``f - 1``; a 2d10 total is two
``below(10)`` values (:func:`rolls`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardwright.engine.events import Event
from boardwright.engine.hexgrid import Hex, neighbour
from boardwright.games.runebound.adventures.al_kalim.content import GEAR_KINDS
from boardwright.games.runebound.adventures.al_kalim.options import AL_KALIM_SPECS
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules
from boardwright.games.runebound.adventures.al_kalim.state import LegendSlot
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state as al_kalim_state
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.records import COLOURS, AdventureCard
from boardwright.games.runebound.state import AllyState, RuneboundState
from tests.runebound.scenario import GAME as GAME
from tests.runebound.scenario import ScriptedRng as ScriptedRng
from tests.runebound.scenario import add_counter as add_counter
from tests.runebound.scenario import clear_counters as clear_counters
from tests.runebound.scenario import events as events
from tests.runebound.scenario import faces as faces
from tests.runebound.scenario import has_counter as has_counter
from tests.runebound.scenario import keys as keys
from tests.runebound.scenario import kind as kind
from tests.runebound.scenario import me as me
from tests.runebound.scenario import put as put
from tests.runebound.scenario import refresh as refresh
from tests.runebound.scenario import rig as rig
from tests.runebound.scenario import rigged_left as rigged_left
from tests.runebound.scenario import rolls as rolls
from tests.runebound.scenario import two_d10 as two_d10

AL_KALIM_OPTIONS = {spec.name.split(".", 1)[1] for spec in AL_KALIM_SPECS}


def _probe_rules() -> AlKalimRules:
    state = GAME.setup(GAME.config(2, {"adventure": "al-kalim"}), 0)
    rules = GAME.rules_for(state)
    assert isinstance(rules, AlKalimRules)
    return rules


AL_KALIM_RULES: AlKalimRules = _probe_rules()
BOARD = AL_KALIM_RULES.board
CONTENT = AL_KALIM_RULES.al_kalim  # the expansion's records (legends, gear, allies, heroes)

# The Al-Kalim terrains by the name shown on the overlay (AK-2.2), as terrain indexes
TERRAIN = {name: index for index, name in enumerate(BOARD.terrain_names)}
DUNES, ROAD, ROCK, MIRAGE, CANYON, LOWLAND, WASTELAND = (
    TERRAIN[n] for n in ("dunes", "road", "rock", "mirage", "canyon", "lowland", "wasteland")
)
# Story-die faces (AK-7.5), numbered 1-6 like the movement die of RB-3.6
FACE_SPRING_STIR = 1  # road, dunes
FACE_GOLD = 2  # road, dunes, rock
FACE_DREAM = 3  # road, dunes, mirage
FACE_WIND_TURNS = 4  # road, lowland, wasteland
FACE_LOST_CITY = 5  # rock, lowland, canyon
FACE_WIND = 6  # lowland
PACK_CAMEL, WATERSKIN, KIT = range(len(GEAR_KINDS))
PRISON = BOARD.sandstorm_start
CITY_HEX = {c.id: c.hex for c in BOARD.cities}
LOST = {c.id: c.index for c in BOARD.lost_cities}


# --- games ----------------------------------------------------------------------------------


def option_name(short: str) -> str:
    """``day_wound_check`` -> ``al_kalim.day_wound_check``; base names stay as they are."""
    return f"al_kalim.{short}" if short in AL_KALIM_OPTIONS else short


def config_options(**options: Any) -> dict[str, Any]:
    return {"adventure": "al-kalim", **{option_name(k): v for k, v in options.items()}}


def hero_index(hero_id: str) -> int:
    return next(i for i, h in enumerate(AL_KALIM_RULES.heroes) if h.id == hero_id)


def new_game(
    players: int = 2,
    seed: int = 1,
    heroes: Sequence[str] = ("ak-h-idris", "ak-h-qorro", "ak-h-tarek"),
    start: Sequence[str] = ("kharadun", "zerhaba", "mirath"),
    **options: Any,
) -> RuneboundState:
    """An Al-Kalim game at seat 0's day-or-night decision, seat 0 first, with the given heroes
    in the given printed cities. Short Al-Kalim option names are accepted (``sandstorm_radius``
    for ``al_kalim.sandstorm_radius``)."""
    state = GAME.setup(GAME.config(players, config_options(**options)), seed)
    for _ in range(players):
        assert state.pending is not None and state.pending.kind == "start_city", keys(state)
        seat = state.pending.seat
        play(state, f"city:{start[seat % len(start)]}")
    for seat, hero_id in enumerate(heroes[:players]):
        state.heroes[seat].hero = hero_index(hero_id)
    state.first = state.seat = 0
    refresh(state)
    assert kind(state) == "day_or_night", keys(state)
    return state


def play(state: RuneboundState, *choices: str, log: list[Event] | None = None) -> None:
    for key in choices:
        assert state.pending is not None, f"no decision for {key!r}"
        assert key in keys(state), f"{key!r} is not offered at {kind(state)}: {keys(state)}"
        GAME.apply_key(state, key, log)


def quest_board(state: RuneboundState, seat: int = 0) -> Any:
    return al_kalim_state(state).boards[seat]


# --- the board ------------------------------------------------------------------------------


def hex_at(q: int, r: int) -> int:
    return BOARD.by_coordinates[Hex(q, r)]


def at_key(index: int) -> str:
    return f"to:{BOARD.hexes[index].at}"


def terrain(index: int) -> int:
    return BOARD.hexes[index].terrain


def hexes_of(terrain_index: int, *, gem: bool | None = None) -> list[int]:
    """Open-land hexes of a terrain (with or without a gem)."""
    return [
        h.index
        for h in BOARD.hexes
        if h.terrain == terrain_index and h.city < 0 and (gem is None or (h.gem >= 0) == gem)
    ]


def quiet_hex(terrain_index: int) -> int:
    """A hex of this terrain without a gem, away from the Prison of the Ifrit and the cities."""
    prison = BOARD.hexes[PRISON].at
    for index in hexes_of(terrain_index, gem=False):
        at = BOARD.hexes[index].at
        near_city = any(BOARD.hexes[n].city >= 0 for n in BOARD.hexes[index].neighbours)
        far = max(
            abs(at.q - prison.q), abs(at.r - prison.r), abs(at.q + at.r - prison.q - prison.r)
        )
        if not near_city and far > 3:
            return index
    raise AssertionError(f"no quiet hex of terrain {terrain_index}")


def next_to(index: int, direction: int) -> int:
    """The board hex next to ``index`` in ``direction`` (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE)."""
    return BOARD.by_coordinates[neighbour(BOARD.hexes[index].at, direction)]


def new_game_at(where: int, **options: Any) -> RuneboundState:
    """A :func:`new_game` (``options`` as it takes them) with seat 0 moved onto hex ``where``."""
    state = new_game(**options)
    put(state, where)
    return state


def out_in_the_dunes(**options: Any) -> RuneboundState:
    """A :func:`new_game` with seat 0 on a quiet dunes hex (:func:`quiet_hex`)."""
    return new_game_at(quiet_hex(DUNES), **options)


def life(state: RuneboundState, seat: int = 0) -> int:
    """The hero's life now, as the Al-Kalim rules count it (card, experience, items, legends)."""
    return AL_KALIM_RULES.life(state, seat)


def stamina(state: RuneboundState, seat: int = 0) -> int:
    """The hero's stamina now, as the Al-Kalim rules count it."""
    return AL_KALIM_RULES.stamina(state, seat)


def nearest_city(state: RuneboundState, seat: int = 0) -> int:
    """The printed city a knocked-out hero wakes in (AK-16.1)."""
    return AL_KALIM_RULES.nearest_city_hex(state, seat)


def starred(colour: str | None = None) -> list[int]:
    return [
        h.index
        for h in BOARD.hexes
        if h.star and h.gem >= 0 and (colour is None or h.gem == COLOURS.index(colour))
    ]


# --- the sandstorm --------------------------------------------------------------------------


def set_storm(state: RuneboundState, centre: int, direction: int = 0) -> None:
    """Put the sandstorm on the board: its centre hex and the direction of its first arrow."""
    al_kalim_state(state).storm = centre
    al_kalim_state(state).storm_direction = direction


def covered(state: RuneboundState) -> frozenset[int]:
    return AL_KALIM_RULES.storm_hexes(state)


# --- cards ----------------------------------------------------------------------------------


def adventure(card_id: str) -> int:
    return next(i for i, c in enumerate(AL_KALIM_RULES.adventures) if c.id == card_id)


def card(index: int) -> AdventureCard:
    return AL_KALIM_RULES.adventures[index]


def colour_of(index: int) -> int:
    return COLOURS.index(AL_KALIM_RULES.adventures[index].colour)


def find_challenge(colour: str, **want: Any) -> int:
    """The first Al-Kalim challenge of this colour whose fields equal ``want``; the special
    keys ``stronger_by_day`` and ``trait`` compare the two lives and the traits."""
    for index, c in enumerate(AL_KALIM_RULES.adventures):
        if c.colour != colour:
            continue
        by_day = want.get("stronger_by_day")
        if by_day is not None and ((c.life or 0) > (c.night_life or 0)) != by_day:
            continue
        trait = want.get("trait")
        if trait is not None and trait not in c.traits:
            continue
        plain = {k: v for k, v in want.items() if k not in ("stronger_by_day", "trait")}
        if all(getattr(c, k) == v for k, v in plain.items()):
            return index
    raise AssertionError(f"no {colour} challenge with {want}")


def take_adventure_card(state: RuneboundState, index: int) -> None:
    colour = colour_of(index)
    for pile in (state.adventure_decks[colour], state.adventure_discards[colour], state.track):
        if index in pile:
            pile.remove(index)


def on_top(state: RuneboundState, *cards: int) -> None:
    """Put cards on top of their decks; the first given is drawn first."""
    for index in reversed(cards):
        take_adventure_card(state, index)
        state.adventure_decks[colour_of(index)].append(index)


def market_card(card_id: str) -> int:
    return AL_KALIM_RULES.content.market_index[card_id]


def take_market_card(state: RuneboundState, index: int) -> None:
    al_kalim_state(state).ally_deck[:] = [c for c in al_kalim_state(state).ally_deck if c != index]
    for pile in (state.market_deck, state.market_discard, *state.stacks):
        if index in pile:
            pile.remove(index)


def give_ally(state: RuneboundState, card_id: str, seat: int = 0) -> AllyState:
    index = market_card(card_id)
    take_market_card(state, index)
    ally = AllyState(index)
    state.heroes[seat].allies.append(ally)
    return ally


def give_gear(state: RuneboundState, kind_index: int, count: int = 1, seat: int = 0) -> None:
    """Survival gear from the stock onto a quest board."""
    al_kalim_state(state).gear_supply[kind_index] -= count
    al_kalim_state(state).boards[seat].gear[kind_index] += count


def legend(legend_id: str) -> int:
    return next(i for i, c in enumerate(CONTENT.legends) if c.id == legend_id)


def legend_of_type(kind_name: str, n: int = 0) -> int:
    return [i for i, c in enumerate(CONTENT.legends) if c.type == kind_name][n]


def type_index(index: int) -> int:
    return LEGEND_TYPES.index(CONTENT.legends[index].type)


def give_legend(
    state: RuneboundState, index: int, *, done: bool = False, seat: int = 0
) -> LegendSlot:
    """A legend card from its stack onto the quest board (quest side up, or done)."""
    stack = al_kalim_state(state).legend_stacks[type_index(index)]
    if index in stack:
        stack.remove(index)
    slot = LegendSlot(index)
    quest_board(state, seat).legends.append(slot)
    if done:
        slot.done = True
        if CONTENT.legends[index].type == "ally":
            state.heroes[seat].allies.append(AllyState(AL_KALIM_RULES.first_legend + index))
    return slot


def set_limit(state: RuneboundState, colour: str, seat: int = 0) -> None:
    """A limit counter of this colour on the quest board (AK-10.2), taken from the supply."""
    board = quest_board(state, seat)
    c = COLOURS.index(colour)
    if board.limit_colour >= 0:
        state.counter_supply[board.limit_colour] += 1
    state.counter_supply[c] -= 1
    board.limit = BOARD.counter_values[c]
    board.limit_colour = c


def legend_ids(state: RuneboundState, seat: int = 0) -> list[str]:
    return [CONTENT.legends[s.card].id for s in quest_board(state, seat).legends]


# --- getting to a decision --------------------------------------------------------------------


def to_step3(state: RuneboundState, *, time: str = "day", log: list[Event] | None = None) -> None:
    """From the day-or-night decision: declare the time, stay put, and reach step 3."""
    play(state, time, log=log)
    play(state, "stay", log=log)
    assert kind(state) == "adventure_or_story", (kind(state), keys(state))


def story(
    state: RuneboundState, face: int, *more: int, time: str = "day", log: list[Event] | None = None
) -> None:
    """Reach step 3 (from the day-or-night decision) and roll the story die: ``face`` first,
    then ``more`` faces for further rolls (a mirage's roll again)."""
    to_step3(state, time=time, log=log)
    rig(state, *faces(face, *more))
    play(state, "story", log=log)


def finish_story(state: RuneboundState) -> bool:
    """Resolve the rest of a story step the simplest way (symbols in the order offered, the
    storm's first arrow, no counter, no lost-city visit); False if nothing was to resolve."""
    done = False
    simple = {"place_counter": "none", "explore_lost_city": "no"}
    while kind(state) in ("story_order", "storm_place", "storm_move", *simple):
        k = kind(state)
        assert k is not None
        play(state, simple.get(k, keys(state)[0]))
        done = True
    return done


def others_pass(state: RuneboundState, seat: int = 0) -> None:
    """Play on until ``seat``'s next turn: the others go to a city, stay and leave its bazaar."""
    while not (state.seat == seat and kind(state) == "day_or_night"):
        k = kind(state)
        if k == "day_or_night":
            state.heroes[state.seat].hex = CITY_HEX["kharadun"]
            play(state, "day")
        elif k == "movement":
            play(state, "stay")
        elif k == "adventure_or_story":
            play(state, "bazaar")
        elif k in ("market", "experience", "after_movement"):
            play(state, "done")
        elif not finish_story(state):
            raise AssertionError(f"others_pass does not know how to leave {k}: {keys(state)}")


def fight(state: RuneboundState, *totals: int, log: list[Event] | None = None) -> None:
    """Fight the challenge in progress to its end: the hero always fights on and attacks in the
    first step offered; ``totals`` are the 2d10 results in the order they are rolled."""
    rig(state, *rolls(*totals))
    while state.pending is not None:
        k = kind(state)
        if k in ("escape", "before_combat"):
            play(state, "fight", log=log)
        elif k == "combat_step":
            play(state, "roll", log=log)
        elif k == "attack_step":
            play(state, keys(state)[0], log=log)
        elif k == "ally_step":
            play(state, "ally:none", log=log)
        elif k == "after_combat":
            play(state, "done", log=log)
        else:
            break
    assert isinstance(state.rng, ScriptedRng)
    state.rng.script.clear()
