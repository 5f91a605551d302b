"""Sets on every card and the checks of pack files (docs/rules/packs.md PK-1, PK-2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine.content import ContentError
from boardwright.games.runebound.card_packs import card_packs, pack_ids
from boardwright.games.runebound.content import (
    CONTENT_DIR,
    default_content,
    load_content,
    validate_content_dir,
    with_packs,
)
from boardwright.games.runebound.records import MarketCard
from tests.runebound.packs.kit import FIXTURES, pack_game


# PK-2
def test_PK_2_every_card_carries_its_set() -> None:
    content = default_content()
    assert {c.card_set for c in content.market} == {"base", "kellos", "walkers"}
    assert {c.card_set for c in content.adventures} == {"base", "margath", "drakes"}
    assert {c.card_set for c in with_packs(content, ()).market} == {"base"}
    assert {c.card_set for c in with_packs(content, ["drakes"]).adventures} == {"base", "drakes"}
    al_kalim = content.parts["al_kalim"]
    assert {c.card_set for c in (*al_kalim.allies, *al_kalim.adventures)} == {"al-kalim"}
    packs = pack_game().content
    assert packs.packs == ("kellos", "walkers", "margath", "drakes")
    by_set = {c.id: c.card_set for c in packs.market} | {c.id: c.card_set for c in packs.adventures}
    assert by_set["tk-01"] == "kellos" and by_set["tw-02"] == "walkers"
    assert by_set["tm-r1"] == "margath" and by_set["td-g1"] == "drakes"
    assert "set" in MarketCard.model_json_schema()["properties"]


# PK-1
def test_PK_1_the_packs_are_data_with_their_family() -> None:
    assert pack_ids("market") == ("kellos", "walkers")
    assert pack_ids("adventure") == ("margath", "drakes")
    assert all(p.seed.startswith("004") for p in card_packs())


# PK-3
def test_PK_3_the_four_packs_are_shipped_with_30_cards_each() -> None:
    content = default_content()
    assert content.packs == ("kellos", "walkers", "margath", "drakes")
    for pack in content.packs:
        market = sum(1 for c in content.market if c.card_set == pack)
        adventures = sum(1 for a in content.adventures if a.card_set == pack)
        assert market + adventures == 30, pack


def pack_folder(tmp_path: Path, name: str, text: str, stem: str = "market") -> Path:
    folder = tmp_path / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}.yaml").write_text(text, encoding="utf-8")
    return folder


ITEM = """  - id: {id}
    name: Sun Relic
    kind: artifact
    cost: 3
    abilities:
      - name: Glow
        text: +1 spirit.
        timing: passive
        effects:
          - {{do: {do}, stat: spirit, amount: 1}}
"""


def validate(folder: Path) -> list[str]:
    result = CliRunner().invoke(app, ["content", "validate", "runebound", str(folder)])
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if line.strip()]


# PK-2
def test_PK_2_validate_names_file_record_and_field_of_each_problem(tmp_path: Path) -> None:
    """A misspelt primitive, an unknown set, a card in two sets, a record of another set and
    a pack file of the wrong family: one line each."""
    root = tmp_path / "packs"
    misspelt = pack_folder(
        root, "kellos", "set: kellos\nmarket:\n" + ITEM.format(id="k-1", do="modfy")
    )
    pack_folder(root, "unknown", "set: kellso\nmarket:\n" + ITEM.format(id="k-2", do="modify"))
    twice = pack_folder(
        root, "walkers", "set: walkers\nmarket:\n" + ITEM.format(id="m-01", do="modify")
    )
    wrong = pack_folder(
        root, "margath", "set: margath\nmarket:\n" + ITEM.format(id="k-3", do="modify")
    )
    other = pack_folder(
        root,
        "drakes",
        "set: drakes\nadventures:\n  - id: d-1\n    name: Wyrm\n    colour: green\n"
        "    kind: challenge\n    set: kellos\n    life: 2\n    melee: {value: 9, damage: 1}\n",
        stem="adventures",
    )
    lines = validate(root)
    file = misspelt / "market.yaml"
    assert any(
        line.startswith(f"{file}: market[0] (id 'k-1').abilities[0].effects[0]") for line in lines
    ), lines
    assert f"{root / 'unknown' / 'market.yaml'}: set: unknown set 'kellso'" in "\n".join(lines)
    assert (
        f"{twice / 'market.yaml'}: market[0] (id 'm-01').id: card id 'm-01' is in two sets: "
        "base and walkers" in lines
    )
    assert (
        f"{wrong / 'market.yaml'}: set: 'margath' (Shadows of Margath) is an adventure-card pack"
        in ("\n".join(lines))
    )
    assert f"{other / 'adventures.yaml'}: adventures[0] (id 'd-1').set: set 'kellos'" in (
        "\n".join(lines)
    )
    assert lines[-1].startswith("error: 5 problem(s)")


# PK-2
def test_PK_2_one_pack_folder_validates_on_its_own_and_against_the_built_in_ids(
    tmp_path: Path,
) -> None:
    assert validate(FIXTURES / "kellos")[-1].endswith("all content files are valid")
    clash = pack_folder(
        tmp_path, "ak", "set: kellos\nmarket:\n" + ITEM.format(id="ak-a01", do="modify")
    )
    ally = default_content().parts["al_kalim"].allies[0].id
    (clash / "market.yaml").write_text(
        "set: kellos\nmarket:\n" + ITEM.format(id=ally, do="modify"), encoding="utf-8"
    )
    lines = validate(clash)
    assert f"card id '{ally}' is in two sets: al-kalim and kellos" in lines[0]


# PK-2
def test_PK_2_a_content_folder_checks_its_packs_and_loading_stops_at_the_first(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(CONTENT_DIR, folder)
    shutil.copytree(FIXTURES, folder / "packs")
    assert validate_content_dir(folder) == []
    assert load_content(folder).packs == ("kellos", "walkers", "margath", "drakes")
    (folder / "packs" / "walkers" / "market.yaml").write_text("market: []\n", encoding="utf-8")
    errors = validate_content_dir(folder)
    assert [e.key for e in errors] == ["set"] and "missing" in errors[0].problem
    with pytest.raises(ContentError, match="missing: a pack file starts with"):
        load_content(folder)


# PK-2
def test_PK_2_a_set_in_two_folders_and_a_stray_file_are_refused(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    pack_folder(root, "a", "set: kellos\nmarket:\n" + ITEM.format(id="k-1", do="modify"))
    pack_folder(root, "b", "set: kellos\nmarket:\n" + ITEM.format(id="k-2", do="modify"))
    (root / "b" / "notes.yaml").write_text("x: 1\n", encoding="utf-8")
    problems = [e.problem for e in validate_content_dir(root)]
    assert any("not a pack file" in p for p in problems)
    assert any("pack 'kellos' is in two folders" in p for p in problems)
