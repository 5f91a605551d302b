"""Generate boardwright's original Runebound (2nd edition) base board.

The published map is not available and must not be copied. What is known of its structure
(see the research notes, section 11) is kept: 182 hexes with the published terrain census, eight
cities with Tamalir in the centre, rivers as whole hexes, 50 adventure gem hexes. Everything
else - where the mountains, rivers, forests, roads and gems are - is our own design, grown here
from hand-placed anchors (cities, mountain ridges, river sources, a lake) by a seeded random
process, so the output is the same on every run.

The layout is a 14 x 13 rectangle in "odd-r" offset coordinates (odd rows shoved half a hex to
the right); the YAML stores axial ``q,r`` coordinates.

Usage:
    python tools/generate_runebound_board.py            # write board.yaml, print a census
    python tools/generate_runebound_board.py --preview  # print the map, write nothing
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.hexgrid import Hex, distance, from_offset, line, neighbours, to_offset

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ is not a package
from content_kit import (
    CELLS,
    COLS,
    GEMS,
    ROWS,
    STARS,
    board_yaml,
    counters_and_die,
    hex_records,
)

OUT = (
    Path(__file__).resolve().parents[1]
    / "src"
    / "boardwright"
    / "content"
    / "runebound"
    / "base"
    / "board.yaml"
)

SEED = 2005

CENSUS: dict[str, int] = {
    "forest": 40,
    "plains": 36,
    "hills": 32,
    "river": 30,
    "mountains": 17,
    "road": 15,
    "city": 8,
    "swamp": 4,
}

# (id, name, market position, (col, row)); Tamalir sits in the centre of the rectangle.
CITIES: list[tuple[str, str, int, tuple[int, int]]] = [
    ("tamalir", "Tamalir", 1, (6, 6)),
    ("riverwatch", "Riverwatch", 2, (10, 4)),
    ("dawnsmoor", "Dawnsmoor", 3, (11, 8)),
    ("vynelvale", "Vynelvale", 4, (7, 10)),
    ("forge", "Forge", 5, (2, 2)),
    ("nerekhall", "Nerekhall", 6, (3, 10)),
    ("frostgate", "Frostgate", 8, (7, 1)),
    ("greyhaven", "Greyhaven", 7, (2, 6)),
]

# Mountain ridges: waypoints (col, row) joined by straight lines, then grown to a size. The
# northern mountains are broken by Frostgate, the city guarding the gap between two ridges.
RIDGES: list[tuple[list[tuple[int, int]], int]] = [
    ([(0, 3), (1, 1), (3, 0), (5, 1)], 7),
    ([(8, 1), (11, 2)], 4),
    ([(9, 11), (12, 9)], 6),
]

# Highways from Tamalir, in order of importance; the last is cut short by the road budget.
HIGHWAYS: list[str] = ["riverwatch", "dawnsmoor", "greyhaven", "vynelvale", "frostgate"]

LAKE: list[tuple[int, int]] = [(7, 3), (8, 3), (8, 4)]

# Rivers: source (col, row) or "lake", the board side they drain to, and a city on their banks.
RIVERS: list[tuple[str | tuple[int, int], str, str | None]] = [
    ("lake", "E", "riverwatch"),  # the lake drains east past Riverwatch
    ((3, 3), "S", "greyhaven"),  # the long river down the west, past Greyhaven
    ((9, 9), "S", "vynelvale"),  # from the south-eastern ridge past Vynelvale
]

# Forests and open hill country (downs) grow from these seeds (col, row) to about these sizes;
# foothills along the ridges come first (see lands()).
FORESTS: list[tuple[tuple[int, int], int]] = [
    ((1, 11), 10),  # the dark wood by Nerekhall
    ((12, 1), 8),  # the north-eastern woods beyond Riverwatch
    ((0, 5), 6),  # the woods behind Greyhaven
    ((5, 3), 6),  # a wood between Forge and Tamalir
    ((12, 7), 5),  # the woods beyond Dawnsmoor
    ((5, 12), 5),  # the southern wood below Vynelvale
]
DOWNS: list[tuple[int, int]] = [(9, 6), (4, 8)]  # the downs east and west of Tamalir
FOOTHILLS = 20

# Named places: (name, kind); placed on the hex that best fits the kind (see names()).
NAMES: list[tuple[str, str]] = [
    ("Hollowmere", "lake"),
    ("Kestrel Pass", "pass"),
    ("Ruins of Ostmark", "ruins"),
    ("Sallow Fen", "fen"),
    ("Hushwood", "wood"),
    ("The Nine Stones", "stones"),
    ("Old Ember Crag", "crag"),
    ("Tanner's Ford", "ford"),
]

LETTERS: dict[str, str] = {  # for --preview; cities show their market position (1-8)
    "forest": "F",
    "plains": "P",
    "hills": "H",
    "river": "W",
    "mountains": "M",
    "road": "R",
    "swamp": "S",
}
CELL_SET: frozenset[Hex] = frozenset(CELLS)


def around(h: Hex) -> list[Hex]:
    """The neighbours of ``h`` that are on the board."""
    return [n for n in neighbours(h) if n in CELL_SET]


def on_edge(h: Hex) -> bool:
    col, row = to_offset(h)
    return col in (0, COLS - 1) or row in (0, ROWS - 1)


def side_of(h: Hex) -> set[str]:
    """The board sides (N, E, S, W) that ``h`` lies on."""
    col, row = to_offset(h)
    sides = set()
    if row == 0:
        sides.add("N")
    if row == ROWS - 1:
        sides.add("S")
    if col == 0:
        sides.add("W")
    if col == COLS - 1:
        sides.add("E")
    return sides


def hugs_edge(h: Hex, side: str) -> bool:
    """Whether ``h`` is within one hex of a board side other than ``side``."""
    col, row = to_offset(h)
    near = {
        "N": row <= 1,
        "S": row >= ROWS - 2,
        "W": col <= 1,
        "E": col >= COLS - 2,
    }
    return any(close for edge, close in near.items() if edge != side)


def screen_xy(h: Hex) -> tuple[float, float]:
    """Screen position in hex widths (x east, y south)."""
    col, row = to_offset(h)
    return col + 0.5 * (row & 1), row * 0.866


def toward(h: Hex, side: str) -> float:
    """How far ``h`` has gone toward board side ``side`` (bigger is closer)."""
    x, y = screen_xy(h)
    return {"N": -y, "S": y, "W": -x, "E": x}[side]


class Builder:
    """The board under construction: terrain per hex, then gems, stars and names."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.terrain: dict[Hex, str] = {}
        self.city_at: dict[Hex, str] = {}
        self.city_hex: dict[str, Hex] = {}
        for city_id, _, _, (col, row) in CITIES:
            h = from_offset(col, row)
            self.terrain[h] = "city"
            self.city_at[h] = city_id
            self.city_hex[city_id] = h
        self.tamalir = self.city_hex["tamalir"]
        self.lake: list[Hex] = [from_offset(col, row) for col, row in LAKE]
        self.gem: dict[Hex, str] = {}
        self.star: set[Hex] = set()
        self.name: dict[Hex, str] = {}

    # --- helpers -------------------------------------------------------------------------------
    def free(self) -> list[Hex]:
        return [h for h in CELLS if h not in self.terrain]

    def of(self, terrain: str) -> list[Hex]:
        return [h for h in CELLS if self.terrain.get(h) == terrain]

    def near_city(self, h: Hex, radius: int) -> bool:
        return any(distance(h, c) <= radius for c in self.city_hex.values())

    # --- mountains -----------------------------------------------------------------------------
    def mountains(self) -> None:
        for waypoints, size in RIDGES:
            spine: list[Hex] = []
            points = [from_offset(col, row) for col, row in waypoints]
            for a, b in itertools.pairwise(points):
                for h in line(a, b):
                    if h not in spine and h not in self.terrain:
                        spine.append(h)
            ridge = spine[:size]
            while len(ridge) < size:  # thicken the ridge, mostly where it is already thick
                options = sorted(
                    {
                        n
                        for h in ridge
                        for n in around(h)
                        if n not in ridge and n not in self.terrain
                    }
                )
                weights = [sum(1 for m in around(n) if m in ridge) ** 2 for n in options]
                ridge.append(self.rng.choices(options, weights)[0])
            for h in ridge:
                self.terrain[h] = "mountains"

    # --- roads ---------------------------------------------------------------------------------
    def roads(self) -> None:
        budget = CENSUS["road"]
        for city_id in HIGHWAYS:
            path = line(self.tamalir, self.city_hex[city_id])[1:-1]
            if any(self.terrain.get(h) not in (None, "road") for h in path):
                raise RuntimeError(f"the highway to {city_id} runs into mountains or a city")
            for h in path:
                if budget and h not in self.terrain:
                    self.terrain[h] = "road"
                    budget -= 1
        if budget:
            raise RuntimeError(f"{budget} road hexes left over: add a highway")

    # --- rivers --------------------------------------------------------------------------------
    def rivers(self) -> None:
        for _ in range(3000):
            river = self._try_rivers()
            if river is not None:
                break
        else:
            raise RuntimeError("no river system fits the census")
        for h in river:
            self.terrain[h] = "river"

    def _try_rivers(self) -> list[Hex] | None:
        target = CENSUS["river"]
        channels = self._river_system()
        if channels is None or not target - 8 <= sum(map(len, channels)) <= target:
            return None
        river = {h for channel in channels for h in channel} | set(self.lake)
        # Lengthen the rivers upstream (sources climb into the hills) until the census is met.
        heads = [
            (channel, side)
            for channel, (source, side, _) in zip(channels, RIVERS, strict=True)
            if source != "lake"
        ]
        stuck = 0
        while len(river) < target and stuck < len(heads):
            channel, side = heads[(len(river) + stuck) % len(heads)]
            head = channel[0]
            options = [
                n
                for n in around(head)
                if n not in self.terrain
                and n not in river
                and not on_edge(n)
                and distance(n, self.tamalir) > 1
                and all(m == head or m not in river for m in around(n))
            ]
            if not options:
                stuck += 1
                continue
            stuck = 0
            weights = [math.exp(2.0 * (toward(head, side) - toward(n, side))) for n in options]
            pick = self.rng.choices(options, weights)[0]
            channel.insert(0, pick)
            river.add(pick)
        return sorted(river) if len(river) == target else None

    def _river_system(self) -> list[list[Hex]] | None:
        river: set[Hex] = set()
        channels: list[list[Hex]] = []
        for source, side, bank in RIVERS:
            if source == "lake":
                lake = set(self.lake)
                river |= lake
                outlets = sorted(
                    {n for h in self.lake for n in around(h)} - lake - river - set(self.terrain)
                )
                weights = [math.exp(toward(n, side)) for n in outlets]
                head = self.rng.choices(outlets, weights)[0]
            else:
                assert not isinstance(source, str)
                lake = set()
                head = from_offset(*source)
            channel = self._flow(head, side, river, lake)
            if channel is None:
                return None
            if bank is not None and not any(distance(h, self.city_hex[bank]) == 1 for h in channel):
                return None
            river.update(channel)
            channels.append(channel)
        return channels

    def _flow(self, head: Hex, side: str, river: set[Hex], lake: set[Hex]) -> list[Hex] | None:
        """A meandering one-hex-wide course from ``head`` to board side ``side`` (None: stuck)."""
        course = [head]
        own = {head} | lake
        for _ in range(30):
            here = course[-1]
            if on_edge(here):
                return course if side in side_of(here) else None
            options: list[Hex] = []
            weights: list[float] = []
            for n in around(here):
                if n in own or n in self.terrain or n in river:
                    continue
                if any(m in river and m not in own for m in around(n)):
                    continue  # rivers stay apart, each with its own mouth
                if any(m in own and m != here for m in around(n)):
                    continue  # keep the channel one hex wide
                gain = toward(n, side) - toward(here, side)
                weight = 5.0 if gain > 0.3 else 2.0 if gain > -0.3 else 0.1
                if hugs_edge(n, side):
                    weight *= 0.3  # do not run along the board's edge
                if distance(n, self.tamalir) <= 1:
                    weight *= 0.05
                if any(c in self.city_at for m in around(n) if m in own for c in around(m)) and any(
                    c in self.city_at for c in around(n)
                ):
                    weight *= 0.2  # pass a city by, do not wrap around it
                options.append(n)
                weights.append(weight)
            if not options:
                return None
            pick = self.rng.choices(options, weights)[0]
            course.append(pick)
            own.add(pick)
        return None

    # --- swamps --------------------------------------------------------------------------------
    def swamps(self) -> None:
        """Two fens in low, wet spots beside rivers: one near Nerekhall, one far from it."""
        peaks = self.of("mountains")
        nerekhall = self.city_hex["nerekhall"]

        def lowness(h: Hex, near: float) -> float:
            wet = sum(1 for n in around(h) if self.terrain.get(n) == "river")
            height = min(min(distance(h, m) for m in peaks), 4)
            return min(wet, 2) + height - near * distance(h, nerekhall) + self.rng.random()

        placed: list[Hex] = []
        for near in (1.0, -0.3):
            options = [
                h
                for h in self.free()
                if all(distance(h, p) >= 5 for p in placed)
                and not self.near_city(h, 1)
                and any(self.terrain.get(n) == "river" for n in around(h))
            ]
            seed = max(options, key=lambda h: lowness(h, near))
            mate = max(
                (n for n in around(seed) if n not in self.terrain and not self.near_city(n, 1)),
                key=lambda h: lowness(h, near),
            )
            for h in (seed, mate):
                self.terrain[h] = "swamp"
                placed.append(h)

    # --- forests, hills, plains ----------------------------------------------------------------
    def _grow(self, seed: Hex, size: int, terrain: str) -> None:
        """Grow a compact patch of ``terrain`` from ``seed`` over free hexes (as far as it can)."""
        patch = [seed]
        self.terrain[seed] = terrain
        while len(patch) < size:
            options = sorted({n for h in patch for n in around(h) if n not in self.terrain})
            if not options:
                return
            weights = []
            for n in options:
                weight = float(sum(1 for m in around(n) if m in patch) ** 2)
                if self.near_city(n, 1):
                    weight *= 0.01  # farmland around the cities
                weights.append(weight)
            pick = self.rng.choices(options, weights)[0]
            self.terrain[pick] = terrain
            patch.append(pick)

    def _top_up(self, terrain: str) -> None:
        """A patch that ran out of room: grow the others a little until the census is met."""
        while len(self.of(terrain)) < CENSUS[terrain]:
            edge = sorted({n for h in self.of(terrain) for n in around(h) if n not in self.terrain})
            away = [h for h in edge if not self.near_city(h, 1)]
            self.terrain[self.rng.choice(away or edge or self.free())] = terrain

    def _nearest_free(self, h: Hex) -> Hex:
        return min(self.free(), key=lambda f: (distance(h, f), f))

    def lands(self) -> None:
        """Foothills by the mountains, forest patches, hill country, and plains in between."""
        peaks = self.of("mountains")
        foothills = [
            h for h in self.free() if any(self.terrain.get(n) == "mountains" for n in around(h))
        ]
        self.rng.shuffle(foothills)
        foothills.sort(key=lambda h: -sum(1 for n in around(h) if n in peaks))
        for h in foothills[:FOOTHILLS]:
            self.terrain[h] = "hills"
        for (col, row), size in FORESTS:
            self._grow(self._nearest_free(from_offset(col, row)), size, "forest")
        self._top_up("forest")
        downs = CENSUS["hills"] - len(self.of("hills"))
        sizes = [downs // len(DOWNS) + (i < downs % len(DOWNS)) for i in range(len(DOWNS))]
        for (col, row), size in zip(DOWNS, sizes, strict=True):
            self._grow(self._nearest_free(from_offset(col, row)), size, "hills")
        self._top_up("hills")
        for h in self.free():
            self.terrain[h] = "plains"

    # --- gems ----------------------------------------------------------------------------------
    def gems(self) -> None:
        """50 adventure gem hexes, spread out, coloured by how dangerous the place is."""
        sites = [h for h in CELLS if h not in self.city_at]
        total = sum(GEMS.values())

        def cost(h: Hex, chosen: set[Hex]) -> float:
            close = 0.0
            for n in chosen:
                if n == h:
                    continue
                d = distance(h, n)
                close += 10.0 if d == 1 else 1.0 if d == 2 else 0.0
            close += {"road": 1.5, "mountains": -0.8, "swamp": -0.8}.get(self.terrain[h], 0.0)
            if distance(h, self.tamalir) == 1:
                close += 2.0
            return close

        chosen = set(self.rng.sample(sites, total))
        for step in range(6000):
            out = self.rng.choice(sorted(chosen))
            into = self.rng.choice(sites)
            if into in chosen:
                continue
            rest = chosen - {out}
            delta = cost(into, rest) - cost(out, rest)
            heat = 2.0 * (1 - step / 6000) + 0.01
            if delta <= 0 or self.rng.random() < math.exp(-delta / heat):
                chosen = rest | {into}

        def danger(h: Hex) -> float:
            score = float(distance(h, self.tamalir))
            score += {"mountains": 3.5, "swamp": 3.0, "hills": 0.5, "forest": 0.5}.get(
                self.terrain[h], 0.0
            )
            score -= {"road": 1.0, "plains": 0.3}.get(self.terrain[h], 0.0)
            if on_edge(h):
                score += 1.0
            outer = [c for c in self.city_hex.values() if c != self.tamalir]
            if min(distance(h, c) for c in outer) <= 1:
                score -= 2.0
            return score + 0.5 * self.rng.random()

        # The hardest colours first, each kept apart from its own kind so that every part of the
        # board has its dangers; the rest go by danger.
        spacing = {"red": 4, "blue": 3, "yellow": 0, "green": 0}
        score = {h: danger(h) for h in sorted(chosen)}
        left = sorted(chosen, key=lambda h: (-score[h], h))
        for colour in reversed(list(GEMS)):
            picked: list[Hex] = []
            for gap in range(spacing[colour], -1, -1):
                for h in left:
                    if (
                        len(picked) < GEMS[colour]
                        and h not in picked
                        and all(distance(h, p) >= gap for p in picked)
                    ):
                        picked.append(h)
            for h in picked:
                self.gem[h] = colour
            left = [h for h in left if h not in picked]

    def stars(self) -> None:
        """Star about a third of each colour's gems, spread out (farthest-point picking)."""
        for colour, count in STARS.items():
            pool = [h for h in CELLS if self.gem.get(h) == colour]
            picked = [self.rng.choice(pool)]
            while len(picked) < count:
                picked.append(
                    max(
                        (h for h in pool if h not in picked),
                        key=lambda h: min(distance(h, p) for p in picked),
                    )
                )
            self.star.update(picked)

    # --- names ---------------------------------------------------------------------------------
    def names(self) -> None:
        taken: set[Hex] = set()

        def count(h: Hex, terrain: str) -> int:
            return sum(1 for n in around(h) if self.terrain.get(n) == terrain)

        def best(kind: str, options: Iterable[Hex], key: Callable[[Hex], Any]) -> Hex:
            pool = [h for h in options if h not in taken and h not in self.city_at]
            if not pool:
                raise RuntimeError(f"no hex fits the named place kind {kind!r}")
            return max(pool, key=key)

        gemmed = [h for h in CELLS if h in self.gem]
        for name, kind in NAMES:
            if kind == "lake":
                h = best(kind, self.lake, lambda h: count(h, "river"))
            elif kind == "pass":
                h = best(
                    kind,
                    (h for h in CELLS if self.terrain[h] in ("hills", "plains", "road")),
                    lambda h: (count(h, "mountains"), -distance(h, self.tamalir)),
                )
            elif kind == "ruins":
                h = best(
                    kind,
                    (h for h in gemmed if self.gem[h] in ("blue", "red")),
                    lambda h: (self.terrain[h] in ("hills", "forest"), distance(h, self.tamalir)),
                )
            elif kind == "fen":
                h = best(kind, self.of("swamp"), lambda h: count(h, "swamp") + count(h, "river"))
            elif kind == "wood":
                h = best(kind, self.of("forest"), lambda h: (count(h, "forest"), h in self.gem))
            elif kind == "stones":
                h = best(
                    kind,
                    self.of("plains"),
                    lambda h: (count(h, "plains"), distance(h, self.tamalir)),
                )
            elif kind == "crag":
                h = best(
                    kind,
                    self.of("mountains"),
                    lambda h: (count(h, "mountains"), h in self.gem),
                )
            elif kind == "ford":
                h = best(
                    kind,
                    self.of("road") + self.of("plains"),
                    lambda h: (
                        count(h, "river"),
                        self.terrain[h] == "road",
                        -distance(h, self.tamalir),
                    ),
                )
            else:
                raise ValueError(kind)
            self.name[h] = name
            taken.add(h)

    def _check(self) -> None:
        counts = Counter(self.terrain[h] for h in CELLS)
        if counts != Counter(CENSUS):
            raise RuntimeError(f"terrain census is off: {dict(counts)}")

    def build(self) -> None:
        self.mountains()
        self.roads()
        self.rivers()
        self.swamps()
        self.lands()
        self.gems()
        self.stars()
        self.names()
        self._check()


def build_board(seed: int = SEED) -> dict[str, Any]:
    """The board document (a plain mapping that validates as ``BoardRecord``)."""
    builder = Builder(seed)
    builder.build()
    hexes = hex_records(builder.terrain, builder.city_at, builder.gem, builder.star, builder.name)
    return {
        "id": "base",
        "name": "Terrinoth (boardwright original)",
        **counters_and_die(),
        "cities": [
            {"id": city_id, "name": name, "market_position": position}
            for city_id, name, position, _ in CITIES
        ],
        "hexes": hexes,
    }


BOARD_HEADER = (  # the comment lines atop board.yaml
    "Runebound (2nd edition) base board - boardwright's own map, not the published one.",
    "Generated by tools/generate_runebound_board.py; edit the generator, not this file.",
    "Hexes are axial q,r; the board is a 14 x 13 odd-r rectangle, listed row by row.",
)


def render(board: dict[str, Any]) -> str:
    """The board as readable YAML: one city, die face or hex per line."""
    return board_yaml(board, BOARD_HEADER)


def write(path: Path = OUT) -> dict[str, Any]:
    """Build the board and write it to ``path``; return the board document."""
    board = build_board()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(board), encoding="utf-8")
    return board


def census(board: dict[str, Any]) -> str:
    hexes = board["hexes"]
    terrains = Counter(record["terrain"] for record in hexes)
    gems = Counter(record["gem"] for record in hexes if "gem" in record)
    stars = Counter(record["gem"] for record in hexes if record.get("star"))
    named = [record["name"] for record in hexes if "name" in record]
    return "\n".join(
        [
            f"{len(hexes)} hexes: " + ", ".join(f"{t} {terrains[t]}" for t in CENSUS),
            f"{sum(gems.values())} gems: "
            + ", ".join(f"{c} {gems[c]} ({stars[c]} starred)" for c in GEMS),
            f"named places: {', '.join(named)}",
        ]
    )


def preview(board: dict[str, Any]) -> str:
    """The map as text, row by row: terrain letters, then gems (odd rows shifted right)."""
    cells = {Hex.parse(record["at"]): record for record in board["hexes"]}
    positions = {city["id"]: city["market_position"] for city in board["cities"]}
    terrain_rows: list[str] = []
    gem_rows: list[str] = []
    for row in range(ROWS):
        shift = " " if row & 1 else ""
        terrain_cells: list[str] = []
        gem_cells: list[str] = []
        for col in range(COLS):
            record = cells[from_offset(col, row)]
            if record["terrain"] == "city":
                letter = str(positions[record["city"]])
            else:
                letter = LETTERS[record["terrain"]]
            terrain_cells.append(letter)
            gem = record.get("gem", "")[:1] if "gem" in record else "."
            if record["terrain"] == "city":
                gem = letter
            gem_cells.append(gem.upper() if record.get("star") else gem)
        terrain_rows.append(f"{row:2} " + shift + " ".join(terrain_cells))
        gem_rows.append(f"{row:2} " + shift + " ".join(gem_cells))
    names = [
        f"{record['name']} ({record['terrain']}, col {to_offset(h)[0]} row {to_offset(h)[1]})"
        for h, record in cells.items()
        if "name" in record
    ]
    legend = "  ".join(f"{letter} {terrain}" for terrain, letter in LETTERS.items())
    cities = "  ".join(f"{c['market_position']} {c['name']}" for c in board["cities"])
    return "\n".join(
        [
            "terrain:",
            *terrain_rows,
            legend,
            "cities: " + cities,
            "",
            "gems (g y b r; capital = starred; digits = cities):",
            *gem_rows,
            "",
            "named places: " + "; ".join(names),
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preview", action="store_true", help="print the map, write nothing")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write board.yaml")
    args = parser.parse_args(argv)
    if args.preview:
        board = build_board()
        print(preview(board))
    else:
        board = write(args.out)
        print(f"wrote {args.out}")
    print(census(board))
    return 0


if __name__ == "__main__":
    sys.exit(main())
