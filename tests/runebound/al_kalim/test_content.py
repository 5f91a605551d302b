"""The Sands of Al-Kalim content (content/runebound/al-kalim): the overlay, the challenges, the
legend cards, allies, heroes and survival gear; their models, loading and checks, and that the
generator made the committed files. Rule IDs are those of docs/rules/al-kalim.md."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from pydantic import ValidationError
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine.content import ContentError, load_document, load_records
from boardwright.engine.hexgrid import Hex, connected_components, neighbours
from boardwright.games.runebound.adventures.al_kalim.content import (
    AL_KALIM_DIR,
    AlKalimContent,
    al_kalim_content,
    load_al_kalim,
)
from boardwright.games.runebound.content import (
    CONTENT_DIR,
    TERRAIN_NAMES,
    Board,
    compile_board,
    default_content,
    load_content,
    location_hexes,
    validate_content_dir,
)
from boardwright.games.runebound.records import (
    AdventureCard,
    BoardRecord,
    GearRecord,
    LegendCard,
    MarketCard,
    Modify,
    QuestStep,
)
from tests.runebound.balancekit import assert_report_is_fresh

ROOT = Path(__file__).resolve().parents[3]
TOOL = ROOT / "tools" / "generate_alkalim_content.py"
COLOURS = ("green", "yellow", "blue", "red")
SPLIT = {"green": 20, "yellow": 16, "blue": 12, "red": 8}  # AK-1.2
LEGEND_TYPES = ("ally", "artifact", "location", "mount", "rune")


@cache
def tool() -> ModuleType:
    """The generator script, imported by path (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("generate_alkalim_content", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@cache
def ak() -> AlKalimContent:
    return load_al_kalim(AL_KALIM_DIR)


@cache
def board_record() -> BoardRecord:
    return load_document(AL_KALIM_DIR / "board.yaml", BoardRecord)


def cells() -> dict[Hex, Any]:
    return {Hex.parse(h.at): h for h in board_record().hexes}


def dump(record: Any) -> dict[str, Any]:
    data: dict[str, Any] = record.model_dump(mode="json", exclude_none=True)
    return data


def copy_folder(target: Path) -> Path:
    shutil.copytree(AL_KALIM_DIR, target)
    return target


def edit_yaml(path: Path, change: Any) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


# --- loading --------------------------------------------------------------------------------------
def test_default_content_includes_al_kalim() -> None:
    """AK-1.1: the expansion is played on the base game, so the default content carries both."""
    content = default_content()
    records = al_kalim_content(content)
    assert records is not None
    assert len(records.adventures) == 56
    assert content.board.locations == () and content.board.lost_cities == ()
    assert content.board.terrain_names == TERRAIN_NAMES  # the base board has no overlay names


def test_a_content_folder_loads_its_al_kalim_subfolder(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR, folder)
    assert al_kalim_content(load_content(folder)) is None
    copy_folder(folder / "al-kalim")
    loaded = al_kalim_content(load_content(folder))
    assert loaded is not None and len(loaded.legends) == 25
    assert validate_content_dir(folder) == []


def test_importing_a_pack_copies_its_al_kalim_subfolder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOARDWRIGHT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "mine"
    shutil.copytree(CONTENT_DIR, folder)
    copy_folder(folder / "al-kalim")
    result = CliRunner().invoke(app, ["content", "import", "runebound", str(folder)])
    assert result.exit_code == 0, result.output
    pack = tmp_path / "home" / "content" / "runebound" / "mine"
    assert sorted(p.name for p in (pack / "al-kalim").glob("*.yaml")) == sorted(
        p.name for p in AL_KALIM_DIR.glob("*.yaml")
    )
    loaded = al_kalim_content(load_content(pack))
    assert loaded is not None and len(loaded.allies) == 23


def test_the_cli_validates_both_folders_and_writes_the_new_schemas(tmp_path: Path) -> None:
    runner = CliRunner()
    for folder in (CONTENT_DIR, AL_KALIM_DIR):
        result = runner.invoke(app, ["content", "validate", "runebound", str(folder)])
        assert result.exit_code == 0, result.output
        assert "all content files are valid" in result.output
    result = runner.invoke(app, ["content", "schema", "runebound", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.glob("*.schema.json"))
    assert {"legends.schema.json", "allies.schema.json", "gear.schema.json"} <= set(names)
    board = (tmp_path / "board.schema.json").read_text()
    assert all(f in board for f in ("terrain_names", "locations", "lost_cities", "sandstorm_start"))
    adventures = (tmp_path / "adventures.schema.json").read_text()
    assert "night_life" in adventures and "sunburst" in adventures


# --- the overlay board ----------------------------------------------------------------------------
def test_overlay_replaces_the_base_map_with_seven_terrains() -> None:
    """AK-2.1, AK-2.2: a full map of the base board's size; each Al-Kalim terrain is shown by
    its own name and stands on the dice for a base terrain; dunes are most of the land."""
    record = board_record()
    assert len(record.hexes) == 182
    shown = tool().TERRAIN_NAMES  # internal (base) terrain -> Al-Kalim name
    assert record.terrain_names == shown
    census = Counter(shown.get(h.terrain, h.terrain) for h in record.hexes)
    assert census["city"] == 6
    land = {t: n for t, n in census.items() if t != "city"}
    assert set(land) == set(shown.values())
    assert max(land, key=land.__getitem__) == "dunes" and land["dunes"] >= 0.4 * sum(land.values())
    assert land["lowland"] <= 20


def test_lowland_is_narrow_watercourses() -> None:
    """AK-2.2: lowland is rare and narrow: no lowland hex has more than two lowland neighbours
    outside the Fertile Lands oasis."""
    grid = cells()
    oasis = {board_hex(ak().board, i) for i in location_hexes(ak().board, "fertile-lands")}
    for h, record in grid.items():
        if record.terrain == "river" and h not in oasis:
            wet = [n for n in neighbours(h) if n in grid and grid[n].terrain == "river"]
            assert len(wet) <= 2, h


def board_hex(board: Board, index: int) -> Hex:
    return board.hexes[index].at


def test_prison_of_the_ifrit_is_the_central_canyon() -> None:
    """AK-2.3, AK-13.1: the sandstorm enters at the Prison of the Ifrit, a canyon hex in the
    centre of the overlay, ringed by canyon."""
    board = ak().board
    prison = board.sandstorm_start
    assert prison >= 0 and board.hex_name(prison) == "Prison of the Ifrit"
    hexes = location_hexes(board, "prison-of-the-ifrit")
    assert len(hexes) == 7 and all(board.hexes[i].terrain == 4 for i in hexes)  # mountains
    qs = [h.at.q + h.at.r / 2 for h in board.hexes]
    rs = [h.at.r for h in board.hexes]
    at = board.hexes[prison].at
    assert abs(at.q + at.r / 2 - (min(qs) + max(qs)) / 2) <= 1
    assert abs(at.r - (min(rs) + max(rs)) / 2) <= 1


def test_cities_stacks_and_lost_cities() -> None:
    """AK-2.4, AK-1.8, AK-3.2, AK-14.8: six printed cities on stacks 1-5 (two of them share
    stack 5), and the three lost cities on stacks 6, 7 and 8 beside their crests."""
    record = board_record()
    positions = {c.id: c.market_position for c in record.cities}
    assert len(positions) == 6
    assert Counter(positions.values()) == Counter({1: 1, 2: 1, 3: 1, 4: 1, 5: 2})
    lost = {(c.name, c.crest, c.market_position, c.power) for c in record.lost_cities}
    assert lost == {
        ("City of Faith", "griffin", 6, "faith"),
        ("City of Dreams", "stag", 7, "dreams"),
        ("City of Clouds", "eagle", 8, "clouds"),
    }
    assert [c.market_position for c in ak().board.lost_cities] == [6, 7, 8]


def test_gems_and_starred_hexes() -> None:
    """AK-2.4, AK-3.3: gem hexes as many as on the base board, about a third starred, none on a
    city and none side by side."""
    grid = cells()
    gems = {h: r.gem for h, r in grid.items() if r.gem is not None}
    assert Counter(gems.values()) == Counter({"green": 18, "yellow": 14, "blue": 11, "red": 7})
    stars = [h for h, r in grid.items() if r.star]
    assert len(stars) == 17
    assert all(grid[h].terrain != "city" for h in gems)
    assert not any(n in gems for h in gems for n in neighbours(h))


def test_location_examples_fertile_lands_and_desert_of_eternity() -> None:
    """AK-15.1, AK-15.2 (examples 10 and 11): the Fertile Lands are the 6 lowland hexes in the
    top right corner; the Desert of Eternity is 9 dunes hexes, Bloody Sands among them; Bloody
    Sands is a location of one hex as well (AK-15.3)."""
    board = ak().board
    fertile = location_hexes(board, "fertile-lands")
    assert len(fertile) == 6 and {board.hexes[i].terrain for i in fertile} == {5}  # river
    rows = [board.hexes[i].at.r for i in fertile]
    columns = [board.hexes[i].at.q + board.hexes[i].at.r // 2 for i in fertile]  # odd-r column
    assert max(rows) <= 2 and min(columns) >= 10
    desert = location_hexes(board, "desert-of-eternity")
    assert len(desert) == 9 and {board.hexes[i].terrain for i in desert} == {0}  # plains
    sands = location_hexes(board, "bloody-sands")
    assert len(sands) == 1 and sands <= desert
    assert board.hex_name(next(iter(sands))) == "Bloody Sands"


def test_locations_add_one_ring_of_the_same_terrain_not_a_flood_fill() -> None:
    """AK-15.1: the name hexes plus each neighbouring hex of the same terrain, added once. The
    Fertile Lands drain into a stream: a flood fill would take it in, the rule does not."""
    board = ak().board
    for location in board.locations:
        named = set(location.name_hexes)
        ring = {
            n
            for i in named
            for n in board.hexes[i].neighbours
            if board.hexes[n].terrain == board.hexes[i].terrain
        }
        if location.id == "bloody-sands":
            assert location.hexes == frozenset(named)
        else:
            assert location.hexes == frozenset(named | ring), location.id
    fertile = location_hexes(board, "fertile-lands")
    lowland = [h.at for h in board.hexes if h.terrain == 5]
    component = next(c for c in connected_components(lowland) if board.hexes[min(fertile)].at in c)
    assert len(component) > len(fertile)
    with pytest.raises(KeyError, match="no location 'atlantis'"):
        location_hexes(board, "atlantis")


def test_locations_quests_fight_in_have_gems() -> None:
    """AK-11.5, AK-15: a quest that asks for a defeated challenge in a location can be done
    there: the location has a gem hex."""
    board = ak().board
    for legend in ak().legends:
        for step in legend.quest.steps:
            if step.do == "defeat" and step.location is not None:
                hexes = location_hexes(board, step.location)
                assert any(board.hexes[i].gem >= 0 for i in hexes), legend.id


# --- adventure cards ------------------------------------------------------------------------------
def test_adventure_counts_and_ids() -> None:
    """AK-1.2: 56 adventure cards, 20 green, 16 yellow, 12 blue and 8 red."""
    counted = Counter(card.colour for card in ak().adventures)
    assert counted == Counter(SPLIT)
    for card in ak().adventures:
        assert card.id.startswith(f"ak-{card.colour[0]}-"), card.id


def test_every_card_is_a_challenge_with_one_trait_and_two_lives() -> None:
    """AK-1.3, AK-6.3, AK-6.5: challenges only, each with one trait and a day and a night life.
    Most are stronger at night (the upper value); one per colour is stronger by day."""
    stronger_by_day: Counter[str] = Counter()
    for card in ak().adventures:
        assert card.kind == "challenge" and len(card.traits) == 1, card.id
        assert card.life is not None and card.night_life is not None, card.id
        assert card.night_life != card.life, card.id
        if card.life > card.night_life:
            stronger_by_day[card.colour] += 1
    assert stronger_by_day == Counter({colour: 1 for colour in COLOURS})


def test_traits_are_a_small_shared_set() -> None:
    """AK-6.5: traits other cards refer to; every trait has challenges of at least two colours,
    and the quests use every trait."""
    traits = Counter(card.traits[0] for card in ak().adventures)
    assert set(traits) == {"abomination", "beast", "bandit", "undead", "djinn", "elemental"}
    for trait in traits:
        assert len({c.colour for c in ak().adventures if c.traits == [trait]}) >= 2, trait
    quests = {s.trait for legend in ak().legends for s in legend.quest.steps if s.trait}
    assert quests == set(traits)


@pytest.mark.parametrize("colour", COLOURS)
def test_challenges_use_the_base_colour_bands(colour: str) -> None:
    """AK-6.2: Al-Kalim challenges are fought like base challenges, on the base colour scales;
    the stronger life lies in the band and the other is at most 2 lower."""
    scale = tool().cards.SCALES[colour]
    for card in ak().adventures:
        if card.colour != colour:
            continue
        assert card.life is not None and card.night_life is not None
        strong, weak = max(card.life, card.night_life), min(card.life, card.night_life)
        assert scale.life[0] <= strong <= scale.life[1] and strong - weak <= 2, card.id
        assert scale.gold[0] <= card.reward.gold <= scale.gold[1], card.id
        for attack in (card.ranged, card.melee, card.magic):
            if attack is not None:
                assert scale.value[0] <= attack.value <= scale.value[1], card.id
                assert scale.damage[0] <= attack.damage <= scale.damage[1], card.id


def test_sunbursts_and_rewards() -> None:
    """AK-6.6, AK-12.2: about a quarter of the cards carry the sunburst; rewards are gold (and
    the adventure counter) - no dragon runes, no card that wins the game."""
    for colour in COLOURS:
        cards = [c for c in ak().adventures if c.colour == colour]
        assert 0.2 <= sum(c.sunburst for c in cards) / len(cards) <= 0.3, colour
    for card in ak().adventures:
        assert not card.reward.dragon_rune and not card.reward.wins_game, card.id


# --- legend cards ---------------------------------------------------------------------------------
def test_twenty_five_legends_five_per_type() -> None:
    """AK-1.2, AK-1.4: 25 legend cards, 5 of each of the five types."""
    assert Counter(legend.type for legend in ak().legends) == Counter({t: 5 for t in LEGEND_TYPES})


def test_legend_rewards_fit_their_type() -> None:
    """AK-11.7-AK-11.11: allies have a stat line, runes three uses, the rest abilities; location
    rewards use the Al-Kalim filters (trait, terrain, time)."""
    for legend in ak().legends:
        reward = legend.reward
        assert (reward.life is not None) == (legend.type == "ally"), legend.id
        assert reward.uses == (3 if legend.type == "rune" else None), legend.id
        if legend.type != "ally":
            assert reward.abilities, legend.id
        if legend.type == "location":
            modifiers = [e for a in reward.abilities for e in a.effects if isinstance(e, Modify)]
            assert modifiers and all(m.trait or m.terrain or m.time for m in modifiers)


def test_legend_rewards_are_worth_about_the_same_within_a_type() -> None:
    """AK-12.1: any four legendary rewards of four types win, so within a type they should be
    worth about the same (the base yardstick; within 25 %)."""
    for kind in LEGEND_TYPES:
        worth = [tool().legend_worth(legend) for legend in tool().LEGENDS if legend.type == kind]
        assert max(worth) <= 1.25 * min(worth), (kind, worth)
    built = [legend["name"] for legend in tool().make_legends()]
    assert built == [legend.name for legend in ak().legends]


def test_quests_use_the_story_die_bazaars_locations_terrain_and_traits() -> None:
    """AK-7.6, AK-11.5: quests ask for story rolls, bazaars, places and challenges; each has one
    to three steps, a fair test and at most a little gold, so a hero can finish it."""
    steps = [s for legend in ak().legends for s in legend.quest.steps]
    assert {s.do for s in steps} == {"defeat", "story_roll", "bazaar", "end_movement"}
    assert any(s.location for s in steps) and any(s.terrain for s in steps)
    assert any(s.city == "lost" for s in steps) and any(s.time for s in steps)
    assert any(s.test for s in steps if s.do == "story_roll")
    for legend in ak().legends:
        assert 1 <= len(legend.quest.steps) <= 3, legend.id
        assert sum(s.count for s in legend.quest.steps) <= 4, legend.id
        for step in legend.quest.steps:
            assert step.test is None or 12 <= step.test.difficulty <= 15, legend.id
            assert step.gold <= 3, legend.id
        assert legend.quest.text.strip() and legend.reward.text.strip()


# --- allies, heroes, gear -------------------------------------------------------------------------
def test_allies_are_priced_with_the_base_yardstick() -> None:
    """AK-1.5, AK-9.2: 23 allies for the market; cost = price(market value)."""
    cards = tool().cards
    assert len(ak().allies) == 23
    for ally in ak().allies:
        assert ally.kind == "ally"
        assert ally.cost == cards.price(cards.market_value(dump(ally))), ally.id


def test_six_heroes() -> None:
    """AK-1.6: six heroes that can be played with or instead of the base heroes (their power is
    set by simulation: docs/balance-al-kalim.md and the report test below)."""
    assert len(ak().heroes) == 6
    assert all(hero.id.startswith("ak-") for hero in ak().heroes)


def test_balance_report_was_made_with_the_shipped_content() -> None:
    """AK-1.6: hero power is set by simulation (docs/balance-al-kalim.md). The report must come
    from the content that ships, base and Al-Kalim, so changing a hero, challenge or legend
    means running the balance again; every hero of the pool has a row."""
    assert_report_is_fresh("balance-al-kalim.md", (h.name for h in ak().heroes), "al-kalim")


def test_survival_gear_three_kinds_of_six() -> None:
    """AK-1.9, AK-9.4: 18 tokens, 6 of each kind, 1 gold each."""
    gear = ak().gear
    assert sorted(g.kind for g in gear) == ["adventurers_kit", "pack_camel", "waterskin"]
    assert all(g.count == 6 and g.cost == 1 for g in gear)
    assert set(ak().gear_index) == {"adventurers_kit", "pack_camel", "waterskin"}


def test_ids_and_names_are_unique_and_apart_from_the_base_cards() -> None:
    base = default_content()
    records: list[Any] = [*ak().adventures, *ak().legends, *ak().allies, *ak().heroes]
    ids = [r.id for r in records]
    assert len(set(ids)) == len(ids)
    assert len({r.name for r in records}) == len(records)
    base_records: list[Any] = [*base.adventures, *base.market, *base.heroes]
    base_ids = {c.id for c in base_records}
    assert not base_ids & set(ids)


# --- the models and the checks --------------------------------------------------------------------
def test_new_fields_are_optional_and_checked() -> None:
    """The base records stay valid; the new fields refuse what makes no sense."""
    card = {"id": "x", "name": "X", "colour": "green", "kind": "challenge", "life": 2}
    card["melee"] = {"value": 9, "damage": 1}
    assert AdventureCard.model_validate(card).night_life is None
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        AdventureCard.model_validate({**card, "night_life": 0})
    event = {"id": "e", "name": "E", "colour": "green", "kind": "event", "number": 1}
    event["abilities"] = [
        {"name": "a", "text": "t", "timing": "event", "effects": [{"do": "gold", "amount": 1}]}
    ]
    with pytest.raises(ValidationError, match="only a challenge"):
        AdventureCard.model_validate({**event, "sunburst": True})
    modify = Modify.model_validate({"do": "modify", "stat": "body", "amount": 1, "time": "night"})
    assert modify.trait is None and modify.time == "night"
    with pytest.raises(ValidationError, match="names its city"):
        QuestStep.model_validate({"do": "bazaar"})
    with pytest.raises(ValidationError, match="only a defeat step"):
        QuestStep.model_validate({"do": "story_roll", "trait": "beast"})
    with pytest.raises(ValidationError):
        GearRecord.model_validate({"id": "g", "kind": "sled", "name": "S", "text": "t"})


def test_legend_card_types_need_their_fields() -> None:
    legend = dump(ak().legends[0])  # an ally
    stats = ("life", "stamina", "mind", "body", "spirit")
    with pytest.raises(ValidationError, match="legendary ally needs"):
        LegendCard.model_validate({**legend, "reward": {"text": "r"}})
    rune = dump(next(card for card in ak().legends if card.type == "rune"))
    with pytest.raises(ValidationError, match="only a rune, has uses"):
        LegendCard.model_validate({**rune, "reward": {**rune["reward"], "uses": None}})
    artifact = {**legend, "type": "artifact"}
    with pytest.raises(ValidationError, match="only a legendary ally"):
        LegendCard.model_validate(artifact)
    bare = {k: v for k, v in legend["reward"].items() if k not in (*stats, "abilities")}
    with pytest.raises(ValidationError, match="needs at least one ability"):
        LegendCard.model_validate({**artifact, "reward": bare})


def test_board_checks_location_and_storm_hexes_and_lost_city_stacks() -> None:
    data = board_record().model_dump(mode="json")
    bad = {**data, "locations": [{"id": "nowhere", "name": "N", "hexes": ["40,40"]}]}
    with pytest.raises(ValidationError, match=r"locations\[0\] \(id 'nowhere'\)\.hexes\[0\]"):
        BoardRecord.model_validate(bad)
    with pytest.raises(ValidationError, match="sandstorm_start: no hex"):
        BoardRecord.model_validate({**data, "sandstorm_start": "40,40"})
    lost = [dict(c) for c in data["lost_cities"]]
    lost[1]["market_position"] = 6
    with pytest.raises(ValidationError, match="stack 6 has another lost city"):
        BoardRecord.model_validate({**data, "lost_cities": lost})
    twice = [*data["locations"], data["locations"][0]]
    with pytest.raises(ValidationError, match="duplicate location id"):
        BoardRecord.model_validate({**data, "locations": twice})
    compiled = compile_board(BoardRecord.model_validate(data))
    assert compiled.terrain_names[0] == "dunes"
    assert compiled.hex_name(
        next(i for i, h in enumerate(compiled.hexes) if h.terrain == 0 and not h.name)
    ).startswith("dunes ")


def test_unknown_location_in_a_quest_names_file_card_and_field(tmp_path: Path) -> None:
    """AK-15: a quest's location must be one of the board's locations."""
    folder = copy_folder(tmp_path / "al-kalim")

    def change(data: dict[str, Any]) -> None:
        data["legends"][1]["quest"]["steps"][0]["location"] = "atlantis"

    edit_yaml(folder / "legends.yaml", change)
    errors = validate_content_dir(folder)
    assert len(errors) == 1
    message = str(errors[0])
    assert (
        "legends.yaml" in message and "legends[1] (id 'ak-l-02').quest.steps[0].location" in message
    )
    assert "unknown location 'atlantis'" in message
    result = CliRunner().invoke(app, ["content", "validate", "runebound", str(folder)])
    assert result.exit_code != 0 and "unknown location 'atlantis'" in result.output


def test_night_life_is_required_on_al_kalim_challenges(tmp_path: Path) -> None:
    """AK-6.3: every Al-Kalim challenge has a night life."""
    folder = copy_folder(tmp_path / "al-kalim")

    def change(data: dict[str, Any]) -> None:
        del data["adventures"][3]["night_life"]

    edit_yaml(folder / "adventures.yaml", change)
    with pytest.raises(ContentError, match=r"adventures\[3\] \(id 'ak-g-04'\)\.night_life"):
        load_al_kalim(folder)


def _quest_city(data: dict[str, Any]) -> None:
    data["legends"][0]["quest"]["steps"][0]["city"] = "atlantis"


def _quest_trait(data: dict[str, Any]) -> None:
    data["legends"][0]["quest"]["steps"][1]["trait"] = "dragon"


def _no_runes(data: dict[str, Any]) -> None:
    data["legends"] = [card for card in data["legends"] if card["type"] != "rune"]


def _two_gear_kinds(data: dict[str, Any]) -> None:
    data["gear"] = data["gear"][:2]


def _an_event(data: dict[str, Any]) -> None:
    card = data["adventures"][0]
    for key in ("life", "night_life", "melee", "traits", "reward"):
        card.pop(key, None)
    card.update(kind="event", number=1)
    card["abilities"] = [
        {"name": "a", "text": "t", "timing": "event", "effects": [{"do": "gold", "amount": 1}]}
    ]


def _a_dragon_rune(data: dict[str, Any]) -> None:
    data["adventures"][0]["reward"]["dragon_rune"] = True


def _no_storm(data: dict[str, Any]) -> None:
    del data["sandstorm_start"]


def _two_faith_cities(data: dict[str, Any]) -> None:
    data["lost_cities"][1]["power"] = "faith"


@pytest.mark.parametrize(
    ("stem", "change", "fragment"),
    [
        ("legends", _quest_city, "quest.steps[0].city: unknown city 'atlantis'"),
        ("legends", _quest_trait, "quest.steps[1].trait: unknown trait 'dragon'"),
        ("legends", _no_runes, "no legend card of type rune"),
        ("gear", _two_gear_kinds, "one record of each kind"),
        ("adventures", _an_event, "(id 'ak-g-01').kind: the Al-Kalim decks hold challenges only"),
        ("adventures", _a_dragon_rune, "(id 'ak-g-01').reward: no dragon runes"),
        ("board", _no_storm, "sandstorm_start: missing"),
        ("board", _two_faith_cities, "one lost city of each power"),
    ],
)
def test_cross_file_checks(tmp_path: Path, stem: str, change: Any, fragment: str) -> None:
    """AK-1.3, AK-1.4, AK-1.9, AK-2.3, AK-11.5: the loader refuses content the rules cannot use."""
    folder = copy_folder(tmp_path / "al-kalim")
    edit_yaml(folder / f"{stem}.yaml", change)
    errors = validate_content_dir(folder)
    assert errors and any(fragment in str(e) for e in errors), errors


def test_modifier_filters_must_name_known_locations_and_traits(tmp_path: Path) -> None:
    folder = copy_folder(tmp_path / "al-kalim")

    def change(data: dict[str, Any]) -> None:
        legend = next(c for c in data["legends"] if c["type"] == "location")
        legend["reward"]["abilities"][0]["effects"][0]["location"] = "atlantis"

    edit_yaml(folder / "legends.yaml", change)
    errors = validate_content_dir(folder)
    assert any("reward.abilities[0].effects[0].location" in str(e) for e in errors), errors


# --- the generator --------------------------------------------------------------------------------
def test_generator_reproduces_the_files(tmp_path: Path) -> None:
    written = tool().write(tmp_path)
    names = sorted(path.name for path in written)
    assert names == sorted(
        f"{stem}.yaml" for stem in ("board", "adventures", "legends", "allies", "heroes", "gear")
    )
    for path in written:
        assert path.read_bytes() == (AL_KALIM_DIR / path.name).read_bytes(), f"{path.name} is stale"


def test_committed_files_load_as_the_models() -> None:
    assert len(load_records(AL_KALIM_DIR / "allies.yaml", MarketCard, list_key="allies")) == 23
    assert len(load_records(AL_KALIM_DIR / "legends.yaml", LegendCard, list_key="legends")) == 25
