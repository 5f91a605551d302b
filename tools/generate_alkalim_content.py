"""Generate boardwright's original content for "The Sands of Al-Kalim" (Runebound 2nd edition).

The published map, card texts and stats are not available and must not be copied. Everything
below is our own design with only the structure the rules reference (``docs/rules/drafts/
al-kalim.md``, AK rule IDs) describes: an overlay map with seven terrains, six printed cities,
three lost cities, gem hexes and named locations (AK-2, AK-15); 56 challenge-only adventure cards
with a day and a night life, one trait each and some sunbursts (AK-1.2, AK-6); 25 legend cards,
five of each type, with a quest and a reward (AK-1.4, AK-11); 23 allies and 6 heroes (AK-1.5,
AK-1.6); and the three kinds of survival gear (AK-1.9). Names printed in the rulebooks (Prison
of the Ifrit, Fertile Lands, Desert of Eternity, Bloody Sands, the Cities of Faith, Dreams and
Clouds) are used; every other name is ours.

Design rules
------------
* **The map** is drawn by hand below (``TERRAIN_MAP``, ``GEM_MAP``) on the base board's 14 x 13
  "odd-r" rectangle (182 hexes). Internally each Al-Kalim terrain is the base terrain whose die
  symbol it stands on (AK-2.2): dunes=plains, rock=hills, lowland=river, canyon=mountains,
  wasteland=swamp, mirage=forest, road=road; ``terrain_names`` gives the display names. Dunes are
  most of the land (78 hexes), lowland the rare narrow watercourses (16); the Prison of the Ifrit
  is the centre of a canyon region in the middle of the map. The gems are the base board's numbers
  (18 green, 14 yellow, 11 blue, 7 red; 17 starred), no two gems side by side, green near the
  cities and red far from them.
* **Market stacks** (AK-2.4, AK-14.8): the lost cities use stacks 6, 7 and 8 by their crests, so
  the six printed cities share stacks 1-5: Hasmeen (far south) and Sulun Wells (far north) both
  use stack 5, the two lying as far apart as any pair of cities.
* **Locations** (AK-15): each lists the hexes its name runs across; the engine adds the adjoining
  hexes of the same terrain. Fertile Lands (6 lowland hexes, top right) and the Desert of Eternity
  (9 dunes hexes with Bloody Sands among them) reproduce the rulebook's examples; Bloody Sands is a
  place printed on one hex and keeps to that hex (``adjoining: false``, AK-15.3).
* **Challenges** use the base colour bands of ``tools/generate_runebound_cards.py`` (``SCALES``):
  a rank 0..4 within the colour, offsets per combat step, damage and gold as in the base cards.
  The stronger of the two life values lies in the colour's life band and the other is 1 or 2
  lower: most challenges are weaker by day, worn down by the heat; one per colour (cold-blooded
  beasts and sun-fed elementals) is weaker by night (AK-6.3). A quarter carry the sunburst
  (AK-6.6). Rewards are gold only (plus the adventure counter): no runes, no win (AK-12.2).
  Two blue and two red challenges, thieves and curses (``plunder``), take one legend card of the
  player's choice when they knock the hero out (AK-11.12).
* **Legend rewards** are priced with the base yardstick (``ability_value``; a legendary ally like
  a market ally, ``ALLY_RATE * (stat line - ALLY_FLOOR)`` plus abilities), with a filtered
  modifier worth a fraction of an unfiltered one (``FILTER_WORTH``). Within a type the rewards
  stay within ``REWARD_SPREAD`` of each other. Quests have one to three steps, use the story
  die, bazaars, locations, terrains and traits, and each can be done: a ``defeat`` step's place
  has gem hexes, its trait and colour exist among the cards.
* **Allies** are priced with the base yardstick: ally cost = ``price(market_value)``.
* **Heroes** are set by simulation, as in the base game: ``tools/runebound_balance.py --option
  adventure=al-kalim`` (docs/balance-al-kalim.md). The ``hero_budget`` yardstick is shown by
  ``--preview`` for reference only; the first balance look showed it misjudges Al-Kalim heroes.

Usage: python tools/generate_alkalim_content.py [--preview]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardwright.engine.hexgrid import Hex, from_offset, neighbours

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ is not a package
import generate_runebound_cards as cards  # the yardstick, the colour scales, the card helpers
from content_kit import (
    COLS,
    GEMS,
    ROWS,
    STARS,
    Flow,
    FlowList,
    Record,
    board_yaml,
    counters_and_die,
    hex_records,
    records_yaml,
    stat_line,
)

TOOLS = Path(__file__).resolve().parent
OUT = TOOLS.parent / "src" / "boardwright" / "content" / "runebound" / "al-kalim"


# --- the overlay board ---------------------------------------------------------------------------
TERRAIN_NAMES: dict[str, str] = {  # internal (base) terrain -> Al-Kalim name (AK-2.2)
    "plains": "dunes",
    "hills": "rock",
    "river": "lowland",
    "mountains": "canyon",
    "swamp": "wasteland",
    "forest": "mirage",
    "road": "road",
}
LETTERS: dict[str, str] = {  # map letter -> internal terrain
    ".": "plains",
    "r": "hills",
    "l": "river",
    "c": "mountains",
    "w": "swamp",
    "m": "forest",
    "=": "road",
}
CENSUS: dict[str, int] = {  # by Al-Kalim name
    "dunes": 78,
    "rock": 24,
    "canyon": 16,
    "lowland": 16,
    "road": 16,
    "wasteland": 16,
    "mirage": 10,
    "city": 6,
}
# One line per row, one letter per hex (odd rows are drawn shoved right, as on the board);
# digits are the cities below, by their number.
TERRAIN_MAP = """
c c r . r . . . . . l l l r
 c c 4 . r . . 6 . . l l l .
. r r = . m m . = . l r . .
 w . = . . m . . = . l . r r
. w = w r . c r . = = 2 . m
 w . = w . c c . r r . = . m
w w 1 . . c c c . . l = c c
 w w = . . c c . m . . = m m
w w . = . . w . . r . . m .
 . . l = . r . . . . r . r r
. l l . = = . . . m . 3 . r
 l . w w . 5 . . l . . . r r
l . r r . w w . l . c c r .
"""
# Gems: g y b r; a capital letter is a starred hex (AK-2.4).
GEM_MAP = """
r . . g . . g . . y . . G .
 . y . . g . . . . . . . . .
. . . . . . G . . . . . g .
 . g . . y . . B . . g . . y
b . . g . . B . . . . . . .
 . . . . g . . y . . g . . b
Y . . g . . R . . Y . . r .
 . G . . y . . . . . G . . Y
b . . . . . B . y . . . b .
 . b . . b . . . . . . . . r
. . . Y . . . R . b . . G .
 . g . . g . . . . . y . . r
G . . r . . Y . . y . . B .
"""
GEM_LETTERS = {"g": "green", "y": "yellow", "b": "blue", "r": "red"}

# (number on the map, id, name, market position)
CITIES: list[tuple[str, str, str, int]] = [
    ("1", "kharadun", "Kharadun", 1),
    ("2", "zerhaba", "Zerhaba", 2),
    ("3", "mirath", "Mirath", 3),
    ("4", "tel-asfar", "Tel Asfar", 4),
    ("5", "hasmeen", "Hasmeen", 5),
    ("6", "sulun-wells", "Sulun Wells", 5),  # shares stack 5 with Hasmeen (see the module doc)
]
LOST_CITIES: list[tuple[str, str, str, int, str]] = [  # id, name, crest, stack, power (AK-3.2)
    ("city-of-faith", "City of Faith", "griffin", 6, "faith"),
    ("city-of-dreams", "City of Dreams", "stag", 7, "dreams"),
    ("city-of-clouds", "City of Clouds", "eagle", 8, "clouds"),
]
PRISON = (6, 6)  # (col, row): the Prison of the Ifrit, where the sandstorm enters (AK-2.3)

# (id, name, (col, row) of the hexes the name runs across, adjoining) - AK-15.1
LOCATIONS: list[tuple[str, str, list[tuple[int, int]], bool]] = [
    ("prison-of-the-ifrit", "Prison of the Ifrit", [PRISON], True),
    ("fertile-lands", "Fertile Lands", [(11, 0), (11, 1)], True),
    ("desert-of-eternity", "Desert of Eternity", [(6, 9), (7, 9), (8, 9)], True),
    ("bloody-sands", "Bloody Sands", [(7, 10)], False),
    ("ashen-gorge", "Ashen Gorge", [(0, 1)], True),
    ("glass-flats", "Glass Flats", [(0, 7), (1, 7)], True),
    ("veiled-garden", "Veiled Garden", [(12, 7), (13, 7)], True),
    ("thousand-towers", "Mirage of a Thousand Towers", [(5, 2), (6, 2)], True),
    ("singing-wadi", "Singing Wadi", [(0, 11), (1, 10)], True),
    ("tombs-of-the-sand-kings", "Tombs of the Sand Kings", [(12, 11)], True),
    ("oasis-of-tears", "Oasis of Tears", [(8, 11)], True),
    ("salt-road", "Salt Road", [(11, 6)], True),
    ("well-of-whispers", "Well of Whispers", [(10, 6)], True),
]
# What the rulebook's examples demand (AK-15.2): location -> (Al-Kalim terrain, hex count)
EXAMPLES: dict[str, tuple[str, int]] = {
    "fertile-lands": ("lowland", 6),
    "desert-of-eternity": ("dunes", 9),
    "bloody-sands": ("dunes", 1),
}


def _grid(text: str) -> list[str]:
    rows = [line.replace(" ", "") for line in text.strip("\n").split("\n")]
    if len(rows) != ROWS or any(len(row) != COLS for row in rows):
        raise ValueError(f"a map needs {ROWS} rows of {COLS} hexes")
    return rows


def at(col: int, row: int) -> str:
    h = from_offset(col, row)
    return f"{h.q},{h.r}"


@dataclass(frozen=True)
class Overlay:
    terrain: dict[Hex, str]  # internal terrain names, "city" for cities
    city_at: dict[Hex, str]
    gem: dict[Hex, str]
    star: set[Hex]
    locations: dict[str, frozenset[Hex]]  # AK-15.1 applied


def read_maps() -> Overlay:
    city_ids = {number: city_id for number, city_id, _, _ in CITIES}
    terrain: dict[Hex, str] = {}
    city_at: dict[Hex, str] = {}
    for row, line in enumerate(_grid(TERRAIN_MAP)):
        for col, letter in enumerate(line):
            h = from_offset(col, row)
            if letter in city_ids:
                terrain[h] = "city"
                city_at[h] = city_ids[letter]
            else:
                terrain[h] = LETTERS[letter]
    gem: dict[Hex, str] = {}
    star: set[Hex] = set()
    for row, line in enumerate(_grid(GEM_MAP)):
        for col, letter in enumerate(line):
            if letter == ".":
                continue
            h = from_offset(col, row)
            gem[h] = GEM_LETTERS[letter.lower()]
            if letter.isupper():
                star.add(h)
    locations: dict[str, frozenset[Hex]] = {}
    for location_id, _, name_hexes, adjoining in LOCATIONS:
        named = [from_offset(col, row) for col, row in name_hexes]
        found = set(named)
        if adjoining:
            for h in named:
                found.update(n for n in neighbours(h) if terrain.get(n) == terrain[h])
        locations[location_id] = frozenset(found)
    return Overlay(terrain, city_at, gem, star, locations)


def shown(terrain: str) -> str:
    return TERRAIN_NAMES.get(terrain, terrain)


def check_board(overlay: Overlay) -> None:
    counts = Counter(shown(t) for t in overlay.terrain.values())
    if counts != Counter(CENSUS):
        raise ValueError(f"terrain census is off: {dict(counts)}")
    if Counter(overlay.gem.values()) != Counter(GEMS):
        raise ValueError(f"gem counts are off: {Counter(overlay.gem.values())}")
    if Counter(overlay.gem[h] for h in overlay.star) != Counter(STARS):
        raise ValueError("star counts are off")
    for h, colour in overlay.gem.items():
        if h in overlay.city_at:
            raise ValueError(f"a {colour} gem on a city")
        if any(n in overlay.gem for n in neighbours(h)):
            raise ValueError(f"gems side by side at {h}")
    prison = from_offset(*PRISON)
    if overlay.terrain[prison] != "mountains" or len(overlay.locations["prison-of-the-ifrit"]) != 7:
        raise ValueError("the Prison of the Ifrit is a canyon hex ringed by canyon (AK-2.3)")
    for location_id, (terrain, count) in EXAMPLES.items():
        hexes = overlay.locations[location_id]
        if len(hexes) != count or {shown(overlay.terrain[h]) for h in hexes} != {terrain}:
            raise ValueError(f"{location_id} is not {count} {terrain} hexes (AK-15.2)")
    if not overlay.locations["bloody-sands"] <= overlay.locations["desert-of-eternity"]:
        raise ValueError("Bloody Sands lies in the Desert of Eternity (AK-15.2)")
    corner = [from_offset(col, row) for col in range(COLS - 4, COLS) for row in range(3)]
    if not overlay.locations["fertile-lands"] <= set(corner):
        raise ValueError("the Fertile Lands lie in the top right corner (AK-15.2)")


def build_board() -> dict[str, Any]:
    """The overlay document (a plain mapping that validates as ``BoardRecord``)."""
    overlay = read_maps()
    check_board(overlay)
    names: dict[Hex, str] = {}
    for _, name, name_hexes, _ in LOCATIONS:
        for col, row in name_hexes:
            names.setdefault(from_offset(col, row), name)
    hexes = hex_records(overlay.terrain, overlay.city_at, overlay.gem, overlay.star, names)
    return {
        "id": "al-kalim",
        "name": "The Sands of Al-Kalim (boardwright original)",
        **counters_and_die(),
        "terrain_names": dict(TERRAIN_NAMES),
        "sandstorm_start": at(*PRISON),
        "cities": [
            {"id": city_id, "name": name, "market_position": position}
            for _, city_id, name, position in CITIES
        ],
        "lost_cities": [
            {"id": i, "name": n, "crest": c, "market_position": p, "power": w}
            for i, n, c, p, w in LOST_CITIES
        ],
        "locations": [
            {
                "id": location_id,
                "name": name,
                "hexes": [at(col, row) for col, row in name_hexes],
                **({} if adjoining else {"adjoining": False}),
            }
            for location_id, name, name_hexes, adjoining in LOCATIONS
        ],
        "hexes": hexes,
    }


BOARD_HEADER = (  # the comment lines atop board.yaml
    "The Sands of Al-Kalim overlay - boardwright's own map, not the published one.",
    "Generated by tools/generate_alkalim_content.py; edit the generator, not this file.",
    "Hexes are axial q,r on the base board's 14 x 13 odd-r rectangle, listed row by row.",
    "Terrains are the base terrains whose die symbols they use (AK-2.2); see terrain_names.",
)


def render_board(board: dict[str, Any]) -> str:
    """The overlay as readable YAML: one city, location or hex per line."""
    return board_yaml(board, BOARD_HEADER)


# --- abilities with Al-Kalim filters --------------------------------------------------------------
FILTER_WORTH: dict[str, float] = {  # the share of its worth a filtered modifier keeps
    "trait": 0.4,  # one trait of six
    "location": 0.3,
    "terrain": 0.5,  # dunes are nearly half the map
    "time": 0.5,
}
TRAITS = ("abomination", "beast", "bandit", "undead", "djinn", "elemental")
PLURAL = {"abomination": "abominations", "beast": "beasts", "bandit": "bandits"}
PLURAL.update(undead="undead", djinn="djinn", elemental="elementals")
LOCATION_NAMES = {location_id: name for location_id, name, _, _ in LOCATIONS}
CITY_NAMES = {city_id: name for _, city_id, name, _ in CITIES}
CITY_NAMES.update({i: n for i, n, _, _, _ in LOST_CITIES})


def where_phrase(filters: Mapping[str, Any]) -> str:
    parts = []
    if filters.get("trait"):
        parts.append(f"in fights against {PLURAL[filters['trait']]}")
    if filters.get("location"):
        parts.append(f"in the {LOCATION_NAMES[filters['location']]}")
    if filters.get("terrain"):
        parts.append(f"on {shown(filters['terrain'])} hexes")
    if filters.get("time"):
        parts.append(f"on {filters['time']} turns")
    return " ".join(parts)


def ability(name: str, timing: str, *effects: Flow, **kwargs: Any) -> Record:
    """A base ability; ``trait``/``location``/``terrain``/``time`` keyword arguments filter
    every modifier in it (AK: only in such fights, places or times) and are named in its text."""
    filters: dict[str, Any] = {
        k: kwargs.pop(k) for k in ("trait", "location", "terrain", "time") if k in kwargs
    }
    record: Record = cards.ability(name, timing, *effects, **kwargs)
    if filters:
        for effect in record["effects"]:
            if effect["do"] != "modify":
                raise ValueError(f"{name}: only modifiers take filters")
            effect.update(filters)
        record["text"] = record["text"].removesuffix(".") + f" {where_phrase(filters)}."
    return record


MASTERY_WORTH = 5 * cards.TEST_SKILL  # a skill mastered: its tests certain (about +5 to them)


def effect_worth(effect: Mapping[str, Any]) -> float:
    if effect["do"] == "master":
        return MASTERY_WORTH
    worth: float = cards.effect_value(effect)
    for key, share in FILTER_WORTH.items():
        if effect.get(key):
            worth *= share
    return worth


def ability_worth(record: Mapping[str, Any]) -> float:
    """``ability_value`` of the base yardstick, with filtered modifiers at their share."""
    return cards.ability_value(record, effect_worth)


# --- adventure cards ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Foe:
    """An Al-Kalim challenge (see ``Foe`` in the base generator for rank and offsets).

    ``heat``: how much lower the day life is than the night life (1 or 2); negative for the few
    challenges that are stronger by day (their night life is that much lower, AK-6.3).
    """

    name: str
    trait: str
    rank: int
    ranged: int | None = None
    melee: int | None = None
    magic: int | None = None
    heavy: tuple[str, ...] = ()
    life: int = 0
    heat: int = 1
    gold: int = 0
    sunburst: bool = False
    abilities: tuple[Record, ...] = ()
    reward: tuple[Flow, ...] = ()


ambush, lingering, toll, hide = cards.ambush, cards.lingering, cards.toll, cards.hide
heal, harm, gold = cards.heal, cards.harm, cards.gold


def plunder(name: str, stat: str, skill: str, difficulty: int, amount: int = 1) -> Record:
    """AK-11.12: before the fight the hero must pass a skill test, or the challenge takes legend
    cards (the player chooses which, quest or reward; each goes under its stack). The loss is
    the challenge's own effect, never a consequence of a knock-out, which costs no legend card.
    Written here: the base yardstick has neither the test nor the effect."""
    what = "one of your legend cards" if amount == 1 else f"{amount} of your legend cards"
    return before_combat_test(
        name,
        (stat, skill, difficulty),
        Flow(do="lose_legend", amount=amount),
        f"it takes {what}, quest or reward, as you choose: the card goes to the bottom of its "
        "stack",
    )


def before_combat_test(
    name: str, test: tuple[str, str, int], failure: Flow, otherwise: str
) -> Record:
    """A before-combat ability: the hero must pass a ``(stat, skill, difficulty)`` test, or
    ``failure`` happens (``otherwise`` says what, in the card's text)."""
    stat, skill, difficulty = test
    return {
        "name": name,
        "text": f"Before combat: pass a {stat} + {skill} test ({difficulty}), or {otherwise}.",
        "timing": "before_combat",
        "effects": [
            Flow(
                do="test",
                stat=stat,
                skill=skill,
                difficulty=difficulty,
                failure=FlowList([failure]),
            )
        ],
    }


def trial(
    name: str, stat: str, skill: str, difficulty: int, *, wounds: int = 0, exhaustion: int = 0
) -> Record:
    """A challenge that demands a skill test before the fight (AK-11.10, AK-9.9: a mastered
    skill passes, the adventurer's kit adds +3), with wounds or exhaustion if it fails."""
    harmed = Flow(do="harm")
    taken = []
    if wounds:
        harmed["wounds"] = wounds
        taken.append(f"{wounds} wound{'s' if wounds > 1 else ''}")
    if exhaustion:
        harmed["exhaustion"] = exhaustion
        taken.append(f"{exhaustion} exhaustion")
    return before_combat_test(
        name, (stat, skill, difficulty), harmed, f"take {' and '.join(taken)}"
    )


def mastery(name: str, skill: str) -> Record:
    """AK-9.9 (artifacts: absolute mastery of a skill), AK-11.10 (mounts make some skill tests
    certain): every test of the skill succeeds without a roll."""
    return {
        "name": name,
        "text": f"Mastery of {skill}: every {skill} test succeeds without a roll.",
        "timing": "passive",
        "effects": [Flow(do="master", skill=skill)],
    }


GREEN = [
    Foe("Dune Jackals", "beast", 0, ranged=+1, melee=0),
    Foe("Carrion Vultures", "beast", 0, ranged=0, heat=2),
    Foe("Basking Sand Vipers", "beast", 1, melee=+1, heat=-1,
        abilities=(lingering("Slow Venom", exhaustion=1),)),
    Foe("Salt-Pan Scorpion", "beast", 2, melee=0, abilities=(ambush("Tail Sting", wounds=1),)),
    Foe("Spitting Sand Lizard", "beast", 3, ranged=0, melee=-1),
    Foe("Caravan Cutpurses", "bandit", 0, ranged=0, melee=-1, gold=+1,
        abilities=(toll("Light Fingers", 1),)),
    Foe("Nomad Outriders", "bandit", 1, ranged=+1, melee=-1, sunburst=True),
    Foe("Well Poisoners", "bandit", 2, ranged=-1, melee=0,
        abilities=(lingering("Bitter Water", exhaustion=1),)),
    Foe("Dune Raider Chief", "bandit", 4, ranged=0, melee=+1, heat=2),
    Foe("Restless Caravan Dead", "undead", 1, melee=0, sunburst=True),
    Foe("Sand-Choked Ghoul", "undead", 2, melee=+1,
        abilities=(lingering("Grave Dust", exhaustion=1),)),
    Foe("Wailing Well-Spirit", "undead", 3, magic=+1, heat=2,
        abilities=(ambush("Mournful Cry", exhaustion=1),), reward=(heal(exhaustion=1),)),
    Foe("Burrowing Maw", "abomination", 2, melee=0,
        abilities=(ambush("From Below", exhaustion=1),)),
    Foe("Many-Eyed Crawler", "abomination", 3, melee=0, magic=-1, sunburst=True),
    Foe("Hive of Glass Beetles", "abomination", 4, melee=0, abilities=(hide("Glassy Shells"),)),
    Foe("Mischievous Sand-Sprite", "djinn", 0, magic=+1, sunburst=True,
        abilities=(ambush("Dizzy Whirl", exhaustion=1),)),
    Foe("Smoke-Djinn Trickster", "djinn", 3, ranged=-1, magic=+1, heat=2),
    Foe("Dust Devil", "elemental", 1, melee=-1, magic=0, sunburst=True),
    Foe("Wandering Sandstone Golem", "elemental", 4, ranged=0, melee=+1, life=-1),
    Foe("Mirage Phantom", "elemental", 2, magic=0,
        abilities=(trial("False Oasis", "mind", "survival", 11, exhaustion=2),)),
]  # fmt: skip

YELLOW = [
    Foe("Dune Lion Pride", "beast", 0, ranged=+1, melee=+1),
    Foe("Giant Antlion", "beast", 2, melee=0, sunburst=True,
        abilities=(trial("Pit Trap", "body", "climb", 12, wounds=2),)),
    Foe("Basilisk of the Salt Flats", "beast", 4, melee=0, magic=0, heat=-2,
        abilities=(ambush("Stony Gaze", exhaustion=2),)),
    Foe("Slaver Caravan", "bandit", 1, ranged=0, melee=0, gold=+1),
    Foe("Veiled Assassins", "bandit", 2, ranged=+1, melee=0, heat=2,
        abilities=(trial("Knife in the Dark", "mind", "stealth", 12, wounds=2),)),
    Foe("Tomb Robbers' Guild", "bandit", 3, ranged=-1, melee=0),
    Foe("Mummified Sentinel", "undead", 1, ranged=0, melee=+1,
        abilities=(hide("Resin Wrappings"),)),
    Foe("Bone-Camel Riders", "undead", 2, ranged=0, melee=0, sunburst=True),
    Foe("Dust Revenant", "undead", 4, melee=-1, magic=+1, heat=2,
        abilities=(lingering("Withering Touch", exhaustion=1),)),
    Foe("Quicksand Horror", "abomination", 3, melee=+1, heavy=("melee",), sunburst=True),
    Foe("Chitin Brood-Mother", "abomination", 4, melee=0,
        abilities=(ambush("Swarming Brood", exhaustion=1, party=True),)),
    Foe("Lamp-Bound Djinn", "djinn", 0, magic=+1, sunburst=True),
    Foe("Djinn of the Whirling Sands", "djinn", 2, ranged=0, magic=+1, heat=2),
    Foe("Marid of the Deep Well", "djinn", 3, melee=-1, magic=+1, heavy=("magic",)),
    Foe("Glass Golem", "elemental", 1, melee=0, abilities=(hide("Glass Body"),)),
    Foe("Noonfire Salamander", "elemental", 3, ranged=0, magic=0, heat=2,
        abilities=(ambush("Searing Breath", wounds=1),)),
]  # fmt: skip

BLUE = [
    Foe("Great Sandworm", "beast", 2, ranged=0, melee=+1, heavy=("melee",), life=+1, sunburst=True),
    Foe("Roc of the Red Cliffs", "beast", 1, ranged=+1, melee=0, heat=2),
    Foe("Corsairs of the Dune Sea", "bandit", 0, ranged=0, melee=0, gold=+1,
        abilities=(plunder("Plunder the Camp", "body", "swim", 13),)),
    Foe("The Bandit Emir's Guard", "bandit", 3, ranged=0, melee=+1,
        abilities=(ambush("Volley of Spears", wounds=1),)),
    Foe("Tomb King's Honour Guard", "undead", 1, melee=0, magic=0,
        abilities=(hide("Bronze Masks"),)),
    Foe("Lich-Vizier of the Sunken Court", "undead", 4, melee=-1, magic=+1, heat=2, sunburst=True,
        abilities=(ambush("Pall of Dust", exhaustion=1, party=True),
                   plunder("Memories Stolen by the Grave", "spirit", "lore", 14))),
    Foe("Flesh-Weaver's Colossus", "abomination", 2, melee=0, abilities=(hide("Stitched Hide"),)),
    Foe("The Thing Beneath the Oasis", "abomination", 3, melee=+1, magic=-1,
        abilities=(lingering("Festering Wound", wounds=1),)),
    Foe("Efreet Warlord", "djinn", 3, melee=0, magic=+1, heavy=("magic",), heat=2, sunburst=True),
    Foe("Djinn Vizier of Brass", "djinn", 1, ranged=0, magic=+1),
    Foe("Living Sandstorm", "elemental", 0, ranged=0, magic=+1,
        abilities=(trial("Scouring Wind", "body", "survival", 13, exhaustion=2),)),
    Foe("Sun-Drinker Colossus", "elemental", 4, melee=+1, heat=-1),
]  # fmt: skip

RED = [
    Foe("Sandwyrm Matriarch", "beast", 1, ranged=+1, melee=+1, heavy=("melee",), heat=2),
    Foe("The Sultan of Thieves", "bandit", 0, ranged=+1, melee=0, gold=+1,
        abilities=(plunder("The Sultan's Tithe", "mind", "stealth", 14),)),
    Foe("The Sand King Awakened", "undead", 3, melee=0, magic=0, sunburst=True,
        abilities=(ambush("Curse of the Crown", exhaustion=1, party=True),
                   plunder("Tribute to the Buried Throne", "mind", "lore", 15))),
    Foe("Legion of the Buried City", "undead", 2, melee=+1, heat=2,
        abilities=(hide("Shield Wall of the Dead"),)),
    Foe("Brood-Queen of the Deep Pits", "abomination", 2, melee=0, magic=0,
        abilities=(lingering("Acid Spittle", wounds=1),)),
    Foe("The Ifrit's Lieutenant", "djinn", 3, ranged=0, magic=+1, heavy=("magic",), sunburst=True),
    Foe("Sultan of Smoke, Eldest of the Djinn", "djinn", 4, magic=+1, heat=2,
        abilities=(ambush("Choking Smoke", wounds=1),)),
    Foe("Avatar of the Noon Sun", "elemental", 4, ranged=0, magic=0, heat=-2),
]  # fmt: skip

FOES = {"green": GREEN, "yellow": YELLOW, "blue": BLUE, "red": RED}
ADVENTURE_COUNTS = {"green": 20, "yellow": 16, "blue": 12, "red": 8}  # AK-1.2
SUNBURSTS = {"green": 5, "yellow": 4, "blue": 3, "red": 2}
DAY_STRONG = {"green": 1, "yellow": 1, "blue": 1, "red": 1}


def challenge_card(card_id: str, colour: str, foe: Foe) -> Record:
    strong = cards.challenge_life(colour, foe)
    if foe.heat not in (-2, -1, 1, 2):
        raise ValueError(f"{foe.name}: heat must be 1 or 2 (or -1, -2)")
    weak = max(1, strong - abs(foe.heat))
    day, night = (weak, strong) if foe.heat > 0 else (strong, weak)
    card: Record = {"id": card_id, "name": foe.name, "colour": colour, "kind": "challenge"}
    card["text"] = ""
    card["life"] = day
    card["night_life"] = night
    card.update(cards.combat_steps(colour, foe))
    card["traits"] = FlowList([foe.trait])
    if foe.sunburst:
        card["sunburst"] = True
    if foe.abilities:
        card["abilities"] = list(foe.abilities)
    reward: Record = {"gold": cards.reward_gold(colour, foe)}
    if foe.reward:
        reward["effects"] = list(foe.reward)
    card["reward"] = reward
    texts = [f"{foe.trait.capitalize()}.", cards._steps_text(card)]
    texts += [a["text"] for a in foe.abilities]
    texts.append(f"Life {day} by day, {night} by night.")
    if foe.sunburst:
        texts.append("Sunburst: when drawn, refill the starred hexes and move the sandstorm.")
    texts.append(cards._reward_text(reward, {}))
    card["text"] = " ".join(texts)
    return card


def make_adventures() -> list[Record]:
    result = []
    for colour, foes in FOES.items():
        letter = cards.COLOUR_LETTER[colour]
        result += [
            challenge_card(f"ak-{letter}-{i + 1:02d}", colour, foe) for i, foe in enumerate(foes)
        ]
    return result


def check_adventures(adventures: Sequence[Record]) -> None:
    for colour, count in ADVENTURE_COUNTS.items():
        mine = [card for card in adventures if card["colour"] == colour]
        if len(mine) != count:
            raise ValueError(f"{colour}: {len(mine)} cards, not {count} (AK-1.2)")
        if sum(bool(card.get("sunburst")) for card in mine) != SUNBURSTS[colour]:
            raise ValueError(f"{colour}: the sunburst count is off")
        if sum(card["life"] > card["night_life"] for card in mine) != DAY_STRONG[colour]:
            raise ValueError(f"{colour}: the count of challenges stronger by day is off")
    for card in adventures:
        if card["life"] == card["night_life"] or len(card["traits"]) != 1:
            raise ValueError(f"{card['name']}: needs two different lives and one trait")
        if card["traits"][0] not in TRAITS:
            raise ValueError(f"{card['name']}: unknown trait")
    used = Counter(card["traits"][0] for card in adventures)
    if set(used) != set(TRAITS):
        raise ValueError(f"every trait needs challenges: {dict(used)}")


# --- legend cards ---------------------------------------------------------------------------------
def step(do: str, **fields: Any) -> Record:
    """A quest step; ``test=(stat, skill or None, difficulty)``."""
    record: Record = {"do": do}
    for key in ("count", "terrain", "location", "city", "trait", "colour", "time"):
        if key in fields:
            record[key] = fields.pop(key)
    test = fields.pop("test", None)
    if test is not None:
        stat, skill, difficulty = test
        record["test"] = Flow(
            stat=stat, **({"skill": skill} if skill else {}), difficulty=difficulty
        )
    if "gold" in fields:
        record["gold"] = fields.pop("gold")
    if fields:
        raise ValueError(f"unknown step fields {sorted(fields)}")
    return record


def _where(record: Mapping[str, Any]) -> str:
    if record.get("location"):
        return f" in the {LOCATION_NAMES[record['location']]}"
    if record.get("terrain"):
        return f" on a {shown(record['terrain'])} hex"
    return ""


def step_text(record: Mapping[str, Any]) -> str:
    do, count = record["do"], record.get("count", 1)
    when = f" by {record['time']}" if record.get("time") else ""
    if do == "defeat":
        what = " ".join(
            word for word in (record.get("colour"), record.get("trait"), "challenge") if word
        )
        article = "an" if what[0] in "aeiou" else "a"
        what = f"{count} {what}s" if count > 1 else f"{article} {what}"
        text = f"defeat {what}{_where(record)}{when}"
    elif do == "story_roll":
        times = "" if count == 1 else f" {count} times (in different turns)"
        text = f"roll the story die{_where(record)}{when}{times}"
    elif do == "bazaar":
        city = record["city"]
        place = "a lost city" if city == "lost" else CITY_NAMES[city]
        text = f"explore the bazaar of {place}{when}"
    else:
        place = f" in {CITY_NAMES[record['city']]}" if record.get("city") else _where(record)
        text = f"end your movement{place}{when}"
    if record.get("gold"):
        text += f" and pay {record['gold']} gold"
    test = record.get("test")
    if test is not None:
        rolled = f"{test['stat']} + {test['skill']}" if test.get("skill") else test["stat"]
        text += f", then pass a {rolled} test ({test['difficulty']}) or the quest fails"
    return text


def quest(*steps: Record) -> Record:
    sentences = [step_text(s) + "." for s in steps]
    text = " Then ".join([sentences[0][:1].upper() + sentences[0][1:], *sentences[1:]])
    return {"text": text, "steps": list(steps)}


@dataclass(frozen=True)
class Legend:
    name: str
    type: str
    quest: Record
    abilities: tuple[Record, ...] = ()
    flavour: str = ""
    stats: tuple[int, int, tuple[int, int], tuple[int, int], tuple[int, int]] | None = None


RUNE_USES = 3  # AK-11.11


def legend_worth(legend: Legend) -> float:
    worth = sum(ability_worth(a) for a in legend.abilities)
    if legend.stats is not None:
        life, stamina, mind, body, spirit = legend.stats
        line = {"life": life, "stamina": stamina, **stat_line(mind, body, spirit)}
        worth += cards.ALLY_RATE * (cards.stat_line_value(line) - cards.ALLY_FLOOR)
    return float(worth)


modify, attack, damage = cards.modify, cards.attack, cards.damage
extra_move, teleport = cards.extra_move, cards.teleport
reroll, reduce_damage, damage_enemy = cards.reroll, cards.reduce_damage, cards.damage_enemy

LEGENDS: list[Legend] = [
    # --- allies (AK-11.7) ---
    Legend("Rashid, the Exiled Prince", "ally", quest(
        step("bazaar", city="kharadun", gold=2),
        step("defeat", trait="bandit"),
        step("bazaar", city="zerhaba"),
    ), (ability("Royal Purse", "market", gold(1)),),
        "A prince who lost his throne to bandits rides with you to win it back.",
        (4, 3, (3, 1), (4, 2), (1, 0))),
    Legend("Nadira of the Wells", "ally", quest(
        step("end_movement", location="fertile-lands"),
        step("story_roll", location="singing-wadi", test=("body", "climb", 13)),
    ), (ability("Sweet Water", "activate", heal(wounds=1, target="party"), exhaustion=1),),
        "The keeper of the desert's springs knows where the water sings.",
        (4, 3, (1, 0), (2, 1), (4, 1))),
    Legend("The Bound Djinn", "ally", quest(
        step("defeat", time="night"),
        step("story_roll", location="prison-of-the-ifrit", test=("spirit", "diplomacy", 14)),
    ), (),
        "A djinn of the Ifrit's court, bound by its true name to serve you.",
        (4, 4, (3, 1), (2, 1), (5, 1))),
    Legend("Hakim, Last of the Sun Guard", "ally", quest(
        step("defeat", trait="undead"),
        step("bazaar", city="lost"),
    ), (),
        "The last soldier of a vanished order guards those who freed his brothers' souls.",
        (6, 3, (1, 0), (5, 2), (2, 1))),
    Legend("Tamsa the Falconer", "ally", quest(
        step("defeat", terrain="hills"),
        step("story_roll", location="ashen-gorge", test=("body", "climb", 13)),
    ), (ability("Falcon's Eye", "passive", modify("test", 2, skill="survival")),),
        "She climbed the Ashen Gorge to find the nest of her first falcon.",
        (4, 3, (4, 2), (2, 1), (1, 0))),
    # --- artifacts (AK-11.8) ---
    Legend("Astrolabe of the Star-Readers", "artifact", quest(
        step("story_roll", location="thousand-towers", time="night", test=("mind", "lore", 13)),
        step("bazaar", city="sulun-wells"),
    ), (mastery("Read the Stars", "lore"),
        ability("Star Path", "activate", extra_move(1))),
        "Brass rings that still turn to the stars of the old kingdom."),
    Legend("Scimitar of the Sand Kings", "artifact", quest(
        step("defeat", location="tombs-of-the-sand-kings"),
    ), (ability("Royal Edge", "passive", cards.attack("body", 2)),
        mastery("King's Bearing", "diplomacy")),
        "The blade of the last Sand King, taken back from his guards."),
    Legend("Veil of the Mirage-Walker", "artifact", quest(
        step("end_movement", location="veiled-garden", time="day"),
        step("story_roll", location="glass-flats", test=("mind", "stealth", 13)),
    ), (mastery("Unseen", "stealth"),
        ability("Shimmer", "combat_step", reduce_damage(1), exhaustion=1),
        ability("Heat Haze", "passive", modify("spirit", 1, when="defend"))),
        "Woven from the air of the Veiled Garden; those who wear it are hard to see."),
    Legend("Jar of Endless Water", "artifact", quest(
        step("bazaar", city="hasmeen", gold=2),
        step("story_roll", location="oasis-of-tears", test=("body", "swim", 13)),
    ), (mastery("Never Thirst", "survival"),
        ability("Cool Draught", "activate", heal(exhaustion=3, target="party"))),
        "A clay jar that fills itself from the Oasis of Tears."),
    Legend("Brass Lamp of Binding", "artifact", quest(
        step("defeat", trait="djinn"),
        step("bazaar", city="city-of-dreams"),
    ), (mastery("Words of Binding", "diplomacy"),
        ability("Lamp's Command", "passive", attack("spirit", 2), trait="djinn"),
        ability("Rub the Lamp", "activate", teleport("nearest_city"), exhaustion=1)),
        "The lamp of a djinn long freed; its power over djinn remains."),
    # --- locations (AK-11.9) ---
    Legend("Secrets of the Prison of the Ifrit", "location", quest(
        step("end_movement", location="prison-of-the-ifrit"),
        step("story_roll", location="prison-of-the-ifrit", test=("spirit", "lore", 14)),
    ), (ability("Names of the Djinn", "passive", modify("mind", 2), modify("body", 2),
                modify("spirit", 2), trait="djinn"),),
        "You read the names written on the Prison's walls; no djinn can hide its weakness."),
    Legend("Paths of the Desert of Eternity", "location", quest(
        step("defeat", location="desert-of-eternity"),
        step("story_roll", location="desert-of-eternity", test=("mind", "stealth", 13)),
    ), (ability("Dune Sense", "passive", modify("mind", 1), modify("body", 1),
                modify("spirit", 1), terrain="plains"),
        ability("Sand in Their Eyes", "passive", damage("melee"), terrain="plains")),
        "You have learned to fight where the sand never ends."),
    Legend("Blood of the Bloody Sands", "location", quest(
        step("defeat", colour="yellow"),
        step("defeat", location="bloody-sands"),
    ), (ability("Bandit Lore", "passive", modify("mind", 2), modify("body", 2), trait="bandit"),
        ability("Old Scores", "passive", damage("melee"), trait="bandit")),
        "Where the raiders' battle was fought you learned every trick of theirs."),
    Legend("Seals of the Sand Kings' Tombs", "location", quest(
        step("story_roll", location="tombs-of-the-sand-kings", test=("mind", "lore", 13)),
        step("defeat", time="night"),
    ), (ability("Funeral Rites", "passive", modify("mind", 2), modify("body", 2),
                modify("spirit", 2), trait="undead"),),
        "The seals of the Tombs tell how the dead were bound, and how to bind them again."),
    Legend("The Glass Flats at Night", "location", quest(
        step("defeat", trait="abomination"),
        step("story_roll", location="glass-flats", test=("body", "stealth", 13)),
    ), (ability("Night Eyes", "passive", modify("mind", 1), modify("body", 1),
                modify("spirit", 1), time="night"),
        ability("Hunter of Horrors", "passive", modify("body", 2), trait="abomination")),
        "You crossed the Glass Flats by starlight, where the horrors hunt."),
    # --- mounts (AK-11.10) ---
    Legend("Swift Racing Camel", "mount", quest(
        step("bazaar", city="mirath", gold=3),
        step("end_movement", location="salt-road"),
    ), (ability("Long Stride", "before_movement", extra_move(1)),
        mastery("Sure of the Way", "survival")),
        "Bought in Mirath and raced down the Salt Road."),
    Legend("Tamed Sandwyrm", "mount", quest(
        step("defeat", trait="beast"),
        step("story_roll", terrain="plains", test=("body", "survival", 14)),
    ), (ability("Burrow", "activate", extra_move(2), exhaustion=2),
        mastery("Wyrm's Bulk", "climb")),
        "A young wyrm that carries you under the sand."),
    Legend("Winged Steed of the Clouds", "mount", quest(
        step("bazaar", city="city-of-clouds"),
        step("story_roll", terrain="hills", test=("body", "climb", 13)),
    ), (ability("Take Wing", "activate", extra_move(2), exhaustion=2),
        mastery("Sky-Born", "climb")),
        "A gift of the City of Clouds to one who climbed to meet it."),
    Legend("Sand-Sled of the Dune Sea", "mount", quest(
        step("defeat", terrain="plains", count=2),
        step("end_movement", location="desert-of-eternity"),
    ), (ability("Sail the Dunes", "before_movement", extra_move(1)),
        mastery("Wind in the Sails", "swim")),
        "A sail on runners that skims over the dunes before the wind."),
    Legend("Desert Stallion", "mount", quest(
        step("defeat", colour="yellow"),
        step("bazaar", city="tel-asfar"),
    ), (ability("Gallop", "after_movement", extra_move(1)),
        mastery("Proud Bearing", "diplomacy")),
        "Won back from the bandits who stole it from the stables of Tel Asfar."),
    # --- runes (AK-11.11) ---
    Legend("Rune of the Burning Wind", "rune", quest(
        step("story_roll", location="glass-flats", test=("spirit", None, 14)),
        step("bazaar", city="kharadun"),
    ), (ability("Burning Wind", "before_combat", damage_enemy(2)),),
        "Forged in the hot wind of the Glass Flats."),
    Legend("Rune of Sweet Water", "rune", quest(
        step("end_movement", location="well-of-whispers"),
        step("story_roll", location="well-of-whispers", test=("mind", "lore", 13)),
    ), (ability("Sweet Water", "activate", heal(wounds=2, exhaustion=1, target="party")),),
        "Forged at the Well of Whispers from water that never runs dry."),
    Legend("Rune of the Far Road", "rune", quest(
        step("bazaar", city="lost"),
        step("end_movement", location="salt-road"),
    ), (ability("Far Road", "activate", teleport("any_city"), heal(exhaustion=2)),),
        "Forged from the stones of a lost city and the salt of the road."),
    Legend("Rune of Iron Sand", "rune", quest(
        step("defeat", trait="elemental"),
        step("story_roll", terrain="mountains", test=("body", "climb", 13)),
    ), (ability("Iron Sand", "combat_step", reduce_damage(2)),),
        "Forged from the sand-iron of a defeated elemental."),
    Legend("Rune of the Second Sun", "rune", quest(
        step("defeat", time="day"),
        step("story_roll", terrain="plains", time="day", test=("spirit", "lore", 13)),
        step("bazaar", city="city-of-faith"),
    ), (ability("Second Sun", "combat_step", reroll(), modify("spirit", 1)),),
        "Blessed in the City of Faith under the noon sun."),
]  # fmt: skip

LEGENDS_PER_TYPE = 5  # AK-1.4
REWARD_SPREAD = 0.25  # within a type: largest reward worth <= (1 + spread) * smallest


def _reward_text(legend: Legend) -> str:
    parts = [legend.flavour] if legend.flavour else []
    if legend.stats is not None:
        life, stamina, mind, body, spirit = legend.stats
        parts.append(
            f"A legendary ally with {life} life and {stamina} stamina (ranged {mind[0]}/{mind[1]}, "
            f"melee {body[0]}/{body[1]}, magic {spirit[0]}/{spirit[1]})."
        )
    parts += [a["text"] for a in legend.abilities]
    if legend.type == "rune":
        parts.append(f"Its power works {RUNE_USES} times.")
    return " ".join(parts)


def make_legends() -> list[Record]:
    result = []
    for index, legend in enumerate(LEGENDS):
        reward: Record = {"text": _reward_text(legend)}
        if legend.abilities:
            reward["abilities"] = list(legend.abilities)
        if legend.type == "rune":
            reward["uses"] = RUNE_USES
        if legend.stats is not None:
            life, stamina, mind, body, spirit = legend.stats
            reward.update(life=life, stamina=stamina, **stat_line(mind, body, spirit))
        result.append(
            {
                "id": f"ak-l-{index + 1:02d}",
                "name": legend.name,
                "type": legend.type,
                "quest": legend.quest,
                "reward": reward,
            }
        )
    return result


def check_legends(overlay: Overlay, adventures: Sequence[Record]) -> None:
    """Five per type, rewards of a type worth about the same, every quest can be done."""
    types = Counter(legend.type for legend in LEGENDS)
    if types != Counter(
        {t: LEGENDS_PER_TYPE for t in ("ally", "artifact", "location", "mount", "rune")}
    ):
        raise ValueError(f"legend types are off: {dict(types)}")
    for kind in types:
        worth = [legend_worth(legend) for legend in LEGENDS if legend.type == kind]
        if max(worth) > (1 + REWARD_SPREAD) * min(worth):
            raise ValueError(f"{kind} rewards spread too far: {[round(w, 2) for w in worth]}")
    gem_hexes = set(overlay.gem)
    for legend in LEGENDS:
        steps = legend.quest["steps"]
        if not 1 <= len(steps) <= 3 or sum(s.get("count", 1) for s in steps) > 4:
            raise ValueError(f"{legend.name}: a quest has 1-3 steps and at most 4 actions")
        for s in steps:
            if s.get("test") and not 12 <= s["test"]["difficulty"] <= 15:
                raise ValueError(f"{legend.name}: quest tests are 12-15")
            if s.get("gold", 0) > 3:
                raise ValueError(f"{legend.name}: a step costs at most 3 gold")
            if s["do"] != "defeat":
                continue
            places = gem_hexes
            if s.get("location"):
                places = places & overlay.locations[s["location"]]
            if s.get("terrain"):
                places = {h for h in places if overlay.terrain[h] == s["terrain"]}
            if not places:
                raise ValueError(f"{legend.name}: no gem hex to defeat a challenge at")
            if not any(
                (not s.get("trait") or card["traits"][0] == s["trait"])
                and (not s.get("colour") or card["colour"] == s["colour"])
                for card in adventures
            ):
                raise ValueError(f"{legend.name}: no challenge fits the step")
    used = {
        key: {s[key] for legend in LEGENDS for s in legend.quest["steps"] if s.get(key)}
        for key in ("location", "terrain", "trait", "city", "time")
    }
    if used["trait"] != set(TRAITS) or not used["terrain"] or not used["time"]:
        raise ValueError(f"quests should use every trait, terrains and times: {used}")
    if {s["do"] for legend in LEGENDS for s in legend.quest["steps"]} != {
        "defeat",
        "story_roll",
        "bazaar",
        "end_movement",
    }:
        raise ValueError("quests should use every kind of step")


# --- allies and heroes ----------------------------------------------------------------------------
Ally = cards.Ally

ALLIES = [
    Ally("Water-Carrier Boy", 1, 2, (0, 0), (1, 0), (0, 0),
         (ability("Full Skins", "activate", heal(exhaustion=1, target="party")),)),
    Ally("Caravan Guard", 3, 2, (1, 0), (3, 1), (0, 0)),
    Ally("Nomad Scout", 2, 2, (3, 1), (1, 0), (0, 0),
         (ability("Knows the Dunes", "after_movement", extra_move(1)),)),
    Ally("Camel Drover", 3, 3, (1, 0), (2, 1), (0, 0),
         (ability("Hup, Hup!", "before_movement", extra_move(1), exhaustion=1),)),
    Ally("Snake Charmer", 2, 2, (1, 0), (1, 0), (3, 1)),
    Ally("Oasis Healer", 2, 3, (0, 0), (1, 0), (3, 1),
         (ability("Healing Herbs", "activate", heal(wounds=1, target="party"), exhaustion=1),)),
    Ally("Veiled Swordsman", 4, 2, (1, 0), (4, 1), (0, 0)),
    Ally("Dune Archer", 3, 2, (4, 1), (2, 1), (0, 0)),
    Ally("Sand Witch", 3, 3, (1, 0), (1, 0), (5, 2)),
    Ally("Salt Miner", 4, 3, (0, 0), (3, 1), (0, 0)),
    Ally("Bazaar Storyteller", 2, 2, (1, 0), (1, 0), (2, 1),
         (ability("A Tale for a Coin", "market", gold(1)),)),
    Ally("Exiled Sun-Priest", 3, 3, (1, 0), (2, 1), (4, 1),
         (ability("Sun Ward", "combat_step", reduce_damage(1), exhaustion=1),)),
    Ally("Mercenary of the Red Tents", 5, 2, (1, 0), (4, 2), (0, 0)),
    Ally("Falconer of Tel Asfar", 3, 3, (4, 2), (1, 0), (1, 0)),
    Ally("Dervish Dancer", 3, 3, (1, 0), (3, 1), (2, 1),
         (ability("Whirling Dance", "combat_step", reroll(), exhaustion=1),)),
    Ally("Old Caravan Master", 3, 3, (2, 1), (2, 1), (1, 0),
         (ability("Shortcut", "before_movement", extra_move(1)),)),
    Ally("Tomb-Robber's Apprentice", 2, 3, (2, 1), (2, 1), (0, 0),
         (ability("Pocket the Spoils", "after_combat", gold(1)),)),
    Ally("Djinn-Touched Seer", 2, 3, (0, 0), (1, 0), (4, 1),
         (ability("Foretold Blow", "before_combat", damage_enemy(1), exhaustion=1),)),
    Ally("Desert Lancer", 5, 3, (2, 1), (5, 2), (0, 0)),
    Ally("Warrior-Poet of Zerhaba", 4, 3, (2, 1), (3, 1), (3, 1)),
    Ally("Alchemist of Mirath", 3, 3, (2, 1), (1, 0), (4, 2),
         (ability("Fire Flask", "before_combat", damage_enemy(1)),)),
    Ally("Champion of the Sun Guard", 6, 4, (2, 1), (5, 2), (1, 0),
         (ability("Shield of Dawn", "combat_step", reduce_damage(1), exhaustion=1),)),
    Ally("Mystic of the Dunes", 4, 4, (3, 1), (2, 1), (5, 2)),
]  # fmt: skip
ALLY_COUNT = 23  # AK-1.2


def make_allies() -> list[Record]:
    return [cards.ally_card(f"ak-a-{index + 1:02d}", ally) for index, ally in enumerate(ALLIES)]


def make_heroes() -> list[Record]:
    """Six heroes of the desert. Arguments as in the base generator's ``hero``."""
    hero = cards.hero
    # fmt: off
    heroes = [
        hero(
            "yasmin", "Yasmin Dunewalker", 6, 3, (4, 2), (3, 1), (1, 1), {"survival": 2},
            ability("Read the Dunes", "after_movement", extra_move(1)),
        ),
        hero(
            "idris", "Idris Sandblade", 5, 3, (1, 1), (3, 2), (1, 1), {"climb": 1},
            ability("Whirling Blades", "combat_step", attack("body", 2), exhaustion=1),
        ),
        hero(
            "zuleika", "Zuleika of the Seven Veils", 5, 4, (2, 1), (3, 1), (4, 2), {"lore": 2},
            ability("Veil of Sand", "combat_step", reduce_damage(1), exhaustion=1),
        ),
        hero(
            "qorro", "Old Qorro the Caravaneer", 6, 4, (3, 1), (4, 1), (3, 1),
            {"diplomacy": 2},
            ability("Haggler", "market", gold(1)),
            ability("Tea by the Fire", "activate", heal(exhaustion=1, target="party")),
        ),
        hero(
            "tarek", "Tarek Hawk-Eye", 5, 3, (4, 2), (3, 1), (1, 1), {"stealth": 1},
            ability("First Arrow", "before_combat", damage_enemy(1), exhaustion=2),
        ),
        hero(
            "samira", "Samira the Djinn-Caller", 4, 4, (2, 1), (2, 1), (4, 1),
            {"lore": 1, "diplomacy": 1},
            ability("Call the Wind", "before_combat", damage_enemy(2), exhaustion=2),
        ),
    ]
    # fmt: on
    for record in heroes:
        record["id"] = "ak-" + record["id"]
    return heroes


# --- survival gear --------------------------------------------------------------------------------
GEAR: list[Record] = [
    {
        "id": "pack-camel",
        "kind": "pack_camel",
        "name": "Pack Camel",
        "text": "Discard in your movement step to move one extra hex onto a neighbouring hex of "
        "any terrain, even into the sandstorm. Moving only by camel costs no day exhaustion.",
        "cost": 1,
        "count": 6,
    },
    {
        "id": "waterskin",
        "kind": "waterskin",
        "name": "Waterskin",
        "text": "Discard at the end of your movement step to cancel the exhaustion and wounds "
        "your party took in it from rolling movement dice by day.",
        "cost": 1,
        "count": 6,
    },
    {
        "id": "adventurers-kit",
        "kind": "adventurers_kit",
        "name": "Adventurer's Kit",
        "text": "Discard after rolling a skill test to add 3 to the result.",
        "cost": 1,
        "count": 6,
    },
]


# --- build and write ------------------------------------------------------------------------------
def build() -> dict[str, Any]:
    """Every Al-Kalim document, checked: board (a mapping), the others lists of records."""
    overlay = read_maps()
    board = build_board()
    adventures = make_adventures()
    check_adventures(adventures)
    check_legends(overlay, adventures)
    legends = make_legends()
    allies = make_allies()
    if len(allies) != ALLY_COUNT:
        raise ValueError(f"{len(allies)} allies, not {ALLY_COUNT}")
    cards.check_market(allies)
    heroes = make_heroes()
    cards.check_unique([*adventures, *legends, *allies, *heroes, *GEAR])
    return {
        "board": board,
        "adventures": adventures,
        "legends": legends,
        "allies": allies,
        "heroes": heroes,
        "gear": [dict(g) for g in GEAR],
    }


FILES: dict[str, str] = {
    "adventures": "the 56 adventure cards (challenges only, AK-1.3).",
    "legends": "the 25 legend cards, a quest and a reward each (AK-11).",
    "allies": "the 23 allies that replace the base allies in the market (AK-9.2).",
    "heroes": "the 6 heroes (AK-1.6).",
    "gear": "the three kinds of survival gear, 6 tokens each (AK-1.9, AK-9).",
}


def dump(key: str, records: list[Record]) -> str:
    title = f"The Sands of Al-Kalim: {FILES[key]}"
    return records_yaml(key, records, title, "tools/generate_alkalim_content.py")


def write(folder: Path = OUT) -> list[Path]:
    """Write the six Al-Kalim files into ``folder``; return their paths."""
    documents = build()  # first: a failed check must leave no empty folder behind
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for key, content in documents.items():
        path = folder / f"{key}.yaml"
        text = render_board(content) if key == "board" else dump(key, content)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def preview() -> str:
    overlay = read_maps()
    numbers = {city_id: number for number, city_id, _, _ in CITIES}
    short = {v: k for k, v in LETTERS.items()}
    lines = [
        "terrain (. dunes r rock l lowland c canyon w wasteland m mirage = road; digits cities):"
    ]
    for row in range(ROWS):
        cells = []
        for col in range(COLS):
            h = from_offset(col, row)
            cells.append(
                numbers[overlay.city_at[h]] if h in overlay.city_at else short[overlay.terrain[h]]
            )
        lines.append(f"{row:2} " + (" " if row & 1 else "") + " ".join(cells))
    lines.append("locations:")
    for location_id, name, _, _ in LOCATIONS:
        hexes = overlay.locations[location_id]
        gems = sorted(overlay.gem[h] for h in hexes if h in overlay.gem)
        lines.append(f"  {name}: {len(hexes)} hexes, gems {gems}")
    lines.append("legend rewards (worth):")
    lines += [
        f"  {legend.type:<9} {legend.name:<38} {legend_worth(legend):6.2f}" for legend in LEGENDS
    ]
    lines.append("heroes (budget):")
    lines += [f"  {h['name']:<32} {cards.hero_budget(h):6.2f}" for h in make_heroes()]
    lines.append("allies (cost <- value):")
    lines += [
        f"  {a['name']:<32} {a['cost']:3d} <- {cards.market_value(a):5.2f}" for a in make_allies()
    ]
    return "\n".join(lines)


def main(argv: Sequence[str]) -> None:
    if "--preview" in argv:
        print(preview())
        return
    for path in write(OUT):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
