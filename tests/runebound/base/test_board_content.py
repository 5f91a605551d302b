"""boardwright's original Runebound base board (content/runebound/base/board.yaml).

The map is our own design; these tests hold it to the structure known of the published board
(census, cities, gems) and to what makes it a playable map (spacing, connected roads and
rivers, difficulty growing away from Tamalir), and check that the generator reproduces it.
"""

from __future__ import annotations

import importlib.util
import itertools
import statistics
from collections import Counter
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from boardwright.engine.content import load_document
from boardwright.engine.hexgrid import Hex, connected_components, distance, from_offset, neighbours
from boardwright.games.runebound.records import TERRAINS, BoardRecord, HexRecord

ROOT = Path(__file__).resolve().parents[3]
BOARD_FILE = ROOT / "src" / "boardwright" / "content" / "runebound" / "base" / "board.yaml"
TOOL_FILE = ROOT / "tools" / "generate_runebound_board.py"

COLS, ROWS = 14, 13
MARKET = {
    "tamalir": 1,
    "riverwatch": 2,
    "dawnsmoor": 3,
    "vynelvale": 4,
    "forge": 5,
    "nerekhall": 6,
    "frostgate": 8,
    "greyhaven": 7,
}


@pytest.fixture(scope="module")
def board() -> BoardRecord:
    return load_document(BOARD_FILE, BoardRecord)


@pytest.fixture(scope="module")
def cells(board: BoardRecord) -> dict[Hex, HexRecord]:
    return {Hex.parse(record.at): record for record in board.hexes}


def of(cells: dict[Hex, HexRecord], terrain: str) -> set[Hex]:
    return {h for h, record in cells.items() if record.terrain == terrain}


def city_hexes(cells: dict[Hex, HexRecord]) -> dict[str, Hex]:
    return {record.city: h for h, record in cells.items() if record.city is not None}


def edge_ring() -> set[Hex]:
    return {
        from_offset(col, row)
        for row in range(ROWS)
        for col in range(COLS)
        if col in (0, COLS - 1) or row in (0, ROWS - 1)
    }


@cache
def load_tool() -> ModuleType:
    """The generator script, imported by path (tools/ is not a package); its ``CENSUS`` and
    ``GEMS`` are the published board's numbers (RB-1.1, RB-1.2)."""
    spec = importlib.util.spec_from_file_location("generate_runebound_board", TOOL_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_header(board: BoardRecord) -> None:
    assert board.id == "base"
    assert board.name == "Terrinoth (boardwright original)"
    assert board.counter_values == {"green": 1, "yellow": 2, "blue": 3, "red": 4}


def test_movement_die_faces(board: BoardRecord) -> None:
    faces = load_tool().counters_and_die()["movement_die"]  # the base die, RB-3.6
    assert [face.terrains for face in board.movement_die] == [face["terrains"] for face in faces]


def test_terrain_census(board: BoardRecord) -> None:
    assert Counter(record.terrain for record in board.hexes) == load_tool().CENSUS


def test_hexes_form_the_14_by_13_odd_r_rectangle(board: BoardRecord) -> None:
    places = [Hex.parse(record.at) for record in board.hexes]
    assert len(places) == len(set(places)) == 182
    assert set(places) == {from_offset(col, row) for row in range(ROWS) for col in range(COLS)}


def test_cities_and_market_positions(board: BoardRecord, cells: dict[Hex, HexRecord]) -> None:
    assert {city.id: city.market_position for city in board.cities} == MARKET
    assert all(city.id.islower() and city.name.lower() == city.id for city in board.cities)
    hexes = [record.city for record in board.hexes if record.city is not None]
    assert sorted(hexes) == sorted(MARKET)  # each city on exactly one hex
    assert distance(city_hexes(cells)["tamalir"], from_offset(6, 6)) <= 1


def test_cities_are_spread_out_and_inland(cells: dict[Hex, HexRecord]) -> None:
    places = city_hexes(cells)
    for (a, ha), (b, hb) in itertools.combinations(places.items(), 2):
        assert distance(ha, hb) >= 3, (a, b)
    assert not set(places.values()) & edge_ring()


def test_every_hex_is_reachable_from_tamalir(
    board: BoardRecord, cells: dict[Hex, HexRecord]
) -> None:
    components = connected_components(cells)
    assert len(components) == 1
    assert city_hexes(cells)["tamalir"] in components[0]
    on_die = {terrain for face in board.movement_die for terrain in face.terrains}
    assert on_die == set(TERRAINS)  # every terrain but a city can be entered with the dice


def test_gem_counts_and_never_on_a_city(cells: dict[Hex, HexRecord]) -> None:
    gems = Counter(record.gem for record in cells.values() if record.gem is not None)
    assert gems == load_tool().GEMS
    assert all(record.gem is None for record in cells.values() if record.terrain == "city")


def test_gems_are_spread_out(cells: dict[Hex, HexRecord]) -> None:
    gems = {h for h, record in cells.items() if record.gem is not None}
    touching = [(a, b) for a, b in itertools.combinations(sorted(gems), 2) if distance(a, b) == 1]
    assert len(touching) <= 3


def test_stars(cells: dict[Hex, HexRecord]) -> None:
    starred = [record for record in cells.values() if record.star]
    assert len(starred) == 17
    assert all(record.gem is not None for record in starred)
    per_colour = Counter(str(record.gem) for record in starred)
    for colour, count in load_tool().GEMS.items():
        assert abs(per_colour[colour] - 17 * count / 50) <= 1, colour


def test_difficulty_grows_with_distance_from_tamalir(cells: dict[Hex, HexRecord]) -> None:
    tamalir = city_hexes(cells)["tamalir"]
    means = [
        statistics.mean(distance(h, tamalir) for h, record in cells.items() if record.gem == c)
        for c in load_tool().GEMS
    ]
    assert means == sorted(means) and len(set(means)) == len(means)


def test_roads_link_cities(cells: dict[Hex, HexRecord]) -> None:
    roads = of(cells, "road")
    places = city_hexes(cells)
    groups = connected_components(roads)
    assert len(groups) <= 3
    for group in groups:
        assert any(n in places.values() for h in group for n in neighbours(h)), sorted(group)
    around_tamalir = set(neighbours(places["tamalir"]))
    assert len(around_tamalir & roads) >= 3


def test_rivers_are_chains_flowing_to_the_edge(cells: dict[Hex, HexRecord]) -> None:
    rivers = of(cells, "river")
    assert all(any(n in rivers for n in neighbours(h)) for h in rivers)
    for group in connected_components(rivers):
        assert group & edge_ring(), sorted(group)


def test_named_places(cells: dict[Hex, HexRecord]) -> None:
    names = [record.name for record in cells.values() if record.name is not None]
    assert len(names) >= 3
    assert len(set(names)) == len(names)
    assert all(record.city is None for record in cells.values() if record.name is not None)


def test_generator_reproduces_the_file(tmp_path: Path) -> None:
    tool = load_tool()
    BoardRecord.model_validate(tool.build_board())
    out = tmp_path / "board.yaml"
    tool.write(out)
    assert out.read_bytes() == BOARD_FILE.read_bytes()
