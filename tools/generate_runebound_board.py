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
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.hexgrid import Hex, distance, from_offset, line, neighbours, to_offset

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
COLS = 14
ROWS = 13

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
GEMS: dict[str, int] = {"green": 18, "yellow": 14, "blue": 11, "red": 7}
STARS: dict[str, int] = {"green": 6, "yellow": 5, "blue": 4, "red": 2}  # 17, about a third
COUNTER_VALUES: dict[str, int] = {"green": 1, "yellow": 2, "blue": 3, "red": 4}
MOVEMENT_DIE: list[list[str]] = [
    ["road", "plains"],
    ["road", "plains", "hills"],
    ["road", "plains", "forest"],
    ["road", "river", "swamp"],
    ["hills", "river", "mountains"],
    ["river"],
]

# (id, name, market position, (col, row)); Tamalir sits in the centre of the rectangle.
CITIES: list[tuple[str, str, int, tuple[int, int]]] = [
    ("tamalir", "Tamalir", 1, (6, 6)),
    ("riverwatch", "Riverwatch", 2, (10, 4)),
    ("dawnsmoor", "Dawnsmoor", 3, (11, 8)),
    ("vynelvale", "Vynelvale", 4, (7, 10)),
    ("forge", "Forge", 5, (2, 2)),
    ("nerekhall", "Nerekhall", 6, (3, 10)),
    ("frostgate", "Frostgate", 7, (7, 1)),
    ("greyhaven", "Greyhaven", 8, (2, 6)),
]

# Mountain ridges: waypoints (col, row) joined by straight lines, then grown or cut to a size.
# The northern ridge is broken by Frostgate, the city guarding the gap.
RIDGES: list[tuple[list[tuple[int, int]], int]] = [
    ([(1, 1), (3, 1), (6, 1)], 7),
    ([(8, 1), (10, 1)], 4),
    ([(9, 11), (12, 9)], 6),
]

# Highways from Tamalir, in order of importance; the last may be cut short by the road budget.
HIGHWAYS: list[str] = ["dawnsmoor", "riverwatch", "greyhaven", "vynelvale", "frostgate"]

LAKE: list[tuple[int, int]] = [(4, 3), (5, 3), (4, 4)]

# Rivers: source (col, row) or "lake", the board side they drain to, and a city on their banks.
RIVERS: list[tuple[str | tuple[int, int], str, str | None]] = [
    ((2, 4), "S", "greyhaven"),  # down the west, past Greyhaven and Nerekhall
    ("lake", "W", None),  # the lake drains west into it
    ((9, 2), "E", "riverwatch"),  # from the northern ridge past Riverwatch
    ((10, 10), "S", None),  # from the south-eastern ridge
]

# Named places: (name, kind); placed on the hex that best fits the kind (see _place_names).
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

LETTERS: dict[str, str] = {
    "forest": "F",
    "plains": ".",
    "hills": "h",
    "river": "~",
    "mountains": "M",
    "road": "=",
    "swamp": "s",
}

CELLS: list[Hex] = [from_offset(col, row) for row in range(ROWS) for col in range(COLS)]
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
            for a, b in zip(points, points[1:], strict=False):
                for h in line(a, b):
                    if h not in spine and h not in self.terrain:
                        spine.append(h)
            ridge = spine[:size]
            while len(ridge) < size:
                options = sorted(
                    {
                        n
                        for h in ridge
                        for n in around(h)
                        if n not in ridge and n not in self.terrain and not self.near_city(n, 0)
                        and distance(n, self.tamalir) > 3
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
        target = CENSUS["river"]
        for _ in range(2000):
            channels = self._river_system()
            if channels is not None and target - 6 <= sum(map(len, channels)) <= target:
                break
        else:
            raise RuntimeError("no river system fits the census")
        river = {h for channel in channels for h in channel}
        # Lengthen the rivers upstream (sources climb into the hills) until the census is met.
        heads = [channel for channel in channels[2:]] + [channels[0]]
        turn = 0
        while len(river) < target:
            channel = heads[turn % len(heads)]
            turn += 1
            head = channel[0]
            options = [
                n
                for n in around(head)
                if n not in self.terrain
                and n not in river
                and not on_edge(n)
                and all(m == head or m not in river for m in around(n))
            ]
            if options:
                pick = self.rng.choice(options)
                channel.insert(0, pick)
                river.add(pick)
        for h in sorted(river):
            self.terrain[h] = "river"

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
            if bank is not None and not any(
                distance(h, self.city_hex[bank]) == 1 for h in channel
            ):
                return None
            river.update(channel)
            channels.append(channel)
        return channels

    def _flow(self, head: Hex, side: str, river: set[Hex], lake: set[Hex]) -> list[Hex] | None:
        """A meandering course from ``head`` to the board edge, or until it joins a river."""
        course = [head]
        own = {head} | lake
        for _ in range(30):
            here = course[-1]
            if on_edge(here):
                return course
            if len(course) >= 2 and any(n in river and n not in own for n in around(here)):
                return course  # a tributary: it has reached another river
            options: list[Hex] = []
            weights: list[float] = []
            for n in around(here):
                if n in own or n in self.terrain or n in river:
                    continue
                if any(m in own and m != here for m in around(n)):
                    continue  # keep the channel one hex wide
                gain = toward(n, side) - toward(here, side)
                weight = 5.0 if gain > 0.3 else 1.2 if gain > -0.3 else 0.1
                if distance(n, self.tamalir) <= 1:
                    weight *= 0.05
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
        """Two fens in low, wet spots: beside a river, far from the mountains."""
        peaks = self.of("mountains")

        def lowness(h: Hex) -> float:
            wet = sum(1 for n in around(h) if self.terrain.get(n) == "river")
            height = min(distance(h, m) for m in peaks)
            return wet * 2.0 + min(height, 5) + self.rng.random()

        placed: list[Hex] = []
        for _ in range(2):
            options = [
                h
                for h in self.free()
                if all(distance(h, p) >= 5 for p in placed) and not self.near_city(h, 1)
            ]
            seed = max(options, key=lowness)
            mate = max((n for n in around(seed) if n not in self.terrain), key=lowness)
            for h in (seed, mate):
                self.terrain[h] = "swamp"
                placed.append(h)

    # --- forests, hills, plains ----------------------------------------------------------------
    def _bumps(self, count: int, spread: float) -> list[tuple[float, float, float]]:
        bumps = []
        for _ in range(count):
            x = self.rng.uniform(0, COLS)
            y = self.rng.uniform(0, ROWS * 0.866)
            bumps.append((x, y, spread * self.rng.uniform(0.7, 1.3)))
        return bumps

    @staticmethod
    def _field(h: Hex, bumps: Sequence[tuple[float, float, float]]) -> float:
        x, y = screen_xy(h)
        return sum(math.exp(-((x - bx) ** 2 + (y - by) ** 2) / s**2) for bx, by, s in bumps)

    def lands(self) -> None:
        free = self.free()
        peaks = self.of("mountains")
        hill_bumps = self._bumps(4, 2.0)
        wood_bumps = self._bumps(6, 2.2)

        def elevation(h: Hex) -> float:
            ridge = sum(math.exp(-(distance(h, m) - 1) / 0.9) for m in peaks)
            return min(ridge, 2.5) + self._field(h, hill_bumps) + 0.3 * self.rng.random()

        def woodiness(h: Hex) -> float:
            score = self._field(h, wood_bumps) + 0.3 * self.rng.random()
            if self.near_city(h, 1):
                score -= 1.5  # farmland around the cities
            if any(self.terrain.get(n) in ("road", "river") for n in around(h)):
                score -= 0.4  # cleared along roads, meadows along rivers
            return score

        by_height = sorted(free, key=elevation, reverse=True)
        for h in by_height[: CENSUS["hills"]]:
            self.terrain[h] = "hills"
        rest = [h for h in free if h not in self.terrain]
        by_wood = sorted(rest, key=woodiness, reverse=True)
        for h in by_wood[: CENSUS["forest"]]:
            self.terrain[h] = "forest"
        for h in rest:
            self.terrain.setdefault(h, "plains")
        self._smooth(free)

    def _smooth(self, cells: list[Hex]) -> None:
        """Swap lands between hexes while that makes regions more compact (counts stay)."""

        def alike(h: Hex, terrain: str) -> int:
            return sum(1 for n in around(h) if self.terrain.get(n) == terrain)

        for _ in range(3000):
            a, b = self.rng.sample(cells, 2)
            ta, tb = self.terrain[a], self.terrain[b]
            if ta == tb:
                continue
            before = alike(a, ta) + alike(b, tb)
            self.terrain[a], self.terrain[b] = tb, ta
            after = alike(a, tb) + alike(b, ta)
            if after <= before:
                self.terrain[a], self.terrain[b] = ta, tb

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
            if self.terrain[h] == "road":
                close += 1.5
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
            score += {"mountains": 2.5, "swamp": 2.5, "hills": 0.5, "forest": 0.5}.get(
                self.terrain[h], 0.0
            )
            score -= {"road": 1.0, "plains": 0.3}.get(self.terrain[h], 0.0)
            if on_edge(h):
                score += 1.5
            outer = [c for c in self.city_hex.values() if c != self.tamalir]
            if min(distance(h, c) for c in outer) <= 1:
                score -= 2.0
            return score + 0.5 * self.rng.random()

        ranked = sorted(sorted(chosen), key=danger)
        start = 0
        for colour, count in GEMS.items():
            for h in ranked[start : start + count]:
                self.gem[h] = colour
            start += count

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

        def best(kind: str, options: Iterable[Hex], key: Any) -> Hex:
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
                    lambda h: (count(h, "river"), self.terrain[h] == "road", -distance(h, self.tamalir)),
                )
            else:
                raise ValueError(kind)
            self.name[h] = name
            taken.add(h)

    def build(self) -> None:
        self.mountains()
        self.roads()
        self.rivers()
        self.swamps()
        self.lands()
        self.gems()
        self.stars()
        self.names()


def build_board(seed: int = SEED) -> dict[str, Any]:
    """The board document (a plain mapping that validates as ``BoardRecord``)."""
    builder = Builder(seed)
    builder.build()
    hexes: list[dict[str, Any]] = []
    for h in CELLS:
        record: dict[str, Any] = {"at": f"{h.q},{h.r}", "terrain": builder.terrain[h]}
        if h in builder.city_at:
            record["city"] = builder.city_at[h]
        if h in builder.gem:
            record["gem"] = builder.gem[h]
        if h in builder.star:
            record["star"] = True
        if h in builder.name:
            record["name"] = builder.name[h]
        hexes.append(record)
    return {
        "id": "base",
        "name": "Terrinoth (boardwright original)",
        "counter_values": dict(COUNTER_VALUES),
        "movement_die": [{"terrains": list(face)} for face in MOVEMENT_DIE],
        "cities": [
            {"id": city_id, "name": name, "market_position": position}
            for city_id, name, position, _ in CITIES
        ],
        "hexes": hexes,
    }


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        plain = value.replace("_", "").isalnum() and value.islower()
        return value if plain else json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_scalar(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r}")


def render(board: dict[str, Any]) -> str:
    """The board as readable YAML: one city, die face or hex per line."""
    lines = [
        "# Runebound (2nd edition) base board - boardwright's own map, not the published one.",
        "# Generated by tools/generate_runebound_board.py; edit the generator, not this file.",
        "# Hexes are axial q,r; the board is a 14 x 13 odd-r rectangle, listed row by row.",
        f"id: {board['id']}",
        f"name: {_scalar(board['name'])}",
        f"counter_values: {_scalar(board['counter_values'])}",
        "movement_die:",
        *(f"  - {_scalar(face)}" for face in board["movement_die"]),
        "cities:",
        *(f"  - {_scalar(city)}" for city in board["cities"]),
        "hexes:",
    ]
    row = None
    for record in board["hexes"]:
        r = int(record["at"].split(",")[1])
        if r != row:
            lines.append(f"  # row {r}")
            row = r
        at = json.dumps(record["at"])
        rest = ", ".join(f"{k}: {_scalar(v)}" for k, v in record.items() if k != "at")
        lines.append(f"  - {{at: {at}, {rest}}}")
    return "\n".join(lines) + "\n"


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
            f"{len(hexes)} hexes: "
            + ", ".join(f"{t} {terrains[t]}" for t in CENSUS),
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
