"""Generate boardwright's original Realm of Sand content (tiles, building cards).

The published card data is not available and must not be copied; this script designs our own
with the structure the rules describe (28 three-square tiles whose squares add up to 28 of each
rune colour; 54 building cards, 18 per level). It is deterministic: rerun it after changing a
design rule and the YAML files come out the same for the same parameters. Balance is then
checked by simulation (``boardwright simulate realm-of-sand``).

Usage: python tools/generate_realm_of_sand_content.py
"""

from __future__ import annotations

import random
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "boardwright" / "content" / "realm_of_sand"

RUNES = "GRK"  # green, red, black rune squares (and discs)
SPIRITS = "BY"  # blue and yellow exist only as discs

NAMES = {
    1: [
        "Well House",
        "Date Grove",
        "Potter's Yard",
        "Rope Walk",
        "Salt Shed",
        "Goat Pen",
        "Dye Vats",
        "Reed Hut",
        "Lamp Stall",
        "Caravan Post",
        "Mud Oven",
        "Millstone",
        "Fig Terrace",
        "Watchpost",
        "Weaver's Loom",
        "Cistern",
        "Spice Stall",
        "Dovecote",
    ],
    2: [
        "Bathhouse",
        "Glass Kiln",
        "Scribe Hall",
        "Sun Clock",
        "Copper Forge",
        "Oasis Gate",
        "Moon Shrine",
        "Silk Market",
        "Stargazer Tower",
        "Camel Stables",
        "Mirror Court",
        "Bell Tower",
        "Library of Dunes",
        "Perfumery",
        "Aqueduct",
        "Merchant Guild",
        "Herbal Garden",
        "Jeweller's Arcade",
    ],
    3: [
        "Queen's Palace",
        "Obsidian Temple",
        "Sand Colossus",
        "Hall of Winds",
        "Sky Bridge",
        "Crystal Observatory",
        "Grand Bazaar",
        "Tomb of Kings",
        "Sapphire Dome",
        "Golden Minaret",
        "Spirit Sanctum",
        "Great Lighthouse",
        "Mirage Gardens",
        "Ragusa Citadel",
        "Hourglass Spire",
        "Elemental Forge",
        "Royal Archive",
        "Throne of Sands",
    ],
}


def polyomino(rng: random.Random, size: int) -> list[tuple[int, int]]:
    """A random connected shape of ``size`` cells fitting a 4x4 box, normalised to (0,0)."""
    while True:
        cells = {(0, 0)}
        while len(cells) < size:
            r, c = rng.choice(sorted(cells))
            dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
            cells.add((r + dr, c + dc))
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        if max(rows) - min(rows) < 4 and max(cols) - min(cols) < 4:
            return sorted((r - min(rows), c - min(cols)) for r, c in cells)


def pattern_rows(cells: list[tuple[int, int]], colours: list[str]) -> list[str]:
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    grid = [["."] * width for _ in range(height)]
    for (r, c), colour in zip(cells, colours, strict=True):
        grid[r][c] = colour
    return ["".join(row) for row in grid]


def make_cards(rng: random.Random) -> list[dict[str, object]]:
    cards: list[dict[str, object]] = []
    seen: set[tuple[str, ...]] = set()
    for level in (1, 2, 3):
        for index, name in enumerate(NAMES[level]):
            while True:
                if level == 1:
                    size = 3 if index < 6 else 4
                    colours = [rng.choice(RUNES) for _ in range(size)]
                elif level == 2:
                    size = 4 if index < 8 else 5
                    colours = [rng.choice(RUNES) for _ in range(size)]
                else:
                    size = 5 if index < 10 else 6
                    colours = [rng.choice("RKRKG") for _ in range(size)]
                    spirits = 1 if index < 9 else 2
                    for slot in rng.sample(range(size), spirits):
                        colours[slot] = rng.choice(SPIRITS)
                rows = tuple(pattern_rows(polyomino(rng, size), colours))
                if rows not in seen:
                    seen.add(rows)
                    break
            card: dict[str, object] = {
                "id": f"{'I' * level}-{index + 1:02d}",
                "name": name,
                "level": level,
                "pattern": list(rows),
            }
            if level == 1:
                card["stars"] = size - 2 + (index % 3 == 0)
                card["hourglasses"] = 1 if index % 2 == 0 else 2
                if index % 3 == 1:
                    card["spirits"] = [rng.choice(RUNES)]
                if index % 6 in (2, 5):
                    card["level_up"] = 1
            elif level == 2:
                card["stars"] = size - 1 + (index % 3 == 0)
                card["hourglasses"] = 2 if index % 3 else 1
                if index % 2 == 0:
                    card["spirits"] = [SPIRITS[(index // 2) % 2]]
                if index % 4 == 1:
                    card["level_up"] = 1
            else:
                card["stars"] = size + 1 + (index % 3 == 0) + (size == 6)
                card["hourglasses"] = 3 if index % 2 else 2
            cards.append(card)
    return cards


def make_tiles(rng: random.Random) -> list[dict[str, object]]:
    """28 tiles: 12 straight, 16 bent; 28 squares of each rune colour in all."""
    pool = list(RUNES * 28)
    while True:
        rng.shuffle(pool)
        triples = [pool[i : i + 3] for i in range(0, 84, 3)]
        if sum(len(set(t)) == 1 for t in triples) <= 3:
            break
    tiles = []
    for index, colours in enumerate(triples):
        tiles.append(
            {
                "id": f"T{index + 1:02d}",
                "shape": "I" if index < 12 else "L",
                "colours": "".join(colours),
            }
        )
    return tiles


def dump(path: Path, header: str, key: str, records: list[dict[str, object]]) -> None:
    lines = [
        f"# {header}",
        "# Generated by tools/generate_realm_of_sand_content.py — original content.",
        f"{key}:",
    ]
    for record in records:
        first = True
        for field, value in record.items():
            prefix = "  - " if first else "    "
            first = False
            if isinstance(value, list):
                inner = ", ".join(f'"{v}"' for v in value)
                lines.append(f"{prefix}{field}: [{inner}]")
            elif isinstance(value, str):
                lines.append(f'{prefix}{field}: "{value}"')
            else:
                lines.append(f"{prefix}{field}: {value}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    rng = random.Random(20181025)
    OUT.mkdir(parents=True, exist_ok=True)
    dump(OUT / "tiles.yaml", "Realm of Sand rune tiles (28).", "tiles", make_tiles(rng))
    dump(
        OUT / "cards.yaml",
        "Realm of Sand building cards (54: 18 per level).",
        "cards",
        make_cards(rng),
    )


if __name__ == "__main__":
    main()
