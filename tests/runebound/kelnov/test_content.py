"""Kelnov's cards (docs/rules/kelnov.md KV-20) and what the content checker demands of them
(KV-21): one-line errors naming the file, the record and the field."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine.content import ContentError
from boardwright.games.runebound.adventures.kelnov.content import (
    KELNOV_DIR,
    load_kelnov,
    validate_kelnov_dir,
)
from boardwright.games.runebound.content import CONTENT_DIR, default_content
from tests.runebound.balancekit import assert_report_is_fresh

EVENT_NUMBERS = {"green": range(1, 6), "yellow": range(6, 10), "blue": range(10, 13)}
"""The numbers of the base events of each colour (RB-4.3), among which Kelnov's are."""


def shipped() -> list[dict[str, Any]]:
    data: dict[str, Any] = yaml.safe_load((KELNOV_DIR / "adventures.yaml").read_text("utf-8"))
    cards: list[dict[str, Any]] = data["adventures"]
    return cards


def test_kv_20_thirty_cards_in_the_counts_the_seed_gives() -> None:
    """KV-20: 7 green, 7 yellow and 6 blue events and encounters (4 + 3, 4 + 3, 3 + 3) and
    10 red challenges, each of the set kelnov."""
    cards = load_kelnov().adventures
    assert len(cards) == 30
    split = {
        (colour, kind): sum(1 for c in cards if c.colour == colour and c.kind == kind)
        for colour in ("green", "yellow", "blue", "red")
        for kind in ("encounter", "event", "challenge")
    }
    assert split == {
        **{
            (c, k): 0
            for c in ("green", "yellow", "blue", "red")
            for k in ("encounter", "event", "challenge")
        },
        ("green", "encounter"): 4,
        ("green", "event"): 3,
        ("yellow", "encounter"): 4,
        ("yellow", "event"): 3,
        ("blue", "encounter"): 3,
        ("blue", "event"): 3,
        ("red", "challenge"): 10,
    }
    assert {c.card_set for c in cards} == {"kelnov"}


def test_kv_20_kelnov_wins_and_each_avatar_has_a_power_of_its_own() -> None:
    """KV-20: one red card wins the game; the nine Avatars are kept cards, each granting
    abilities unlike any other Avatar's."""
    reds = [c for c in load_kelnov().adventures if c.colour == "red"]
    assert [c.name for c in reds if c.reward.wins_game] == ["Kelnov the All-Father"]
    avatars = [c for c in reds if not c.reward.wins_game]
    assert len(avatars) == 9 and all(c.reward.dragon_rune for c in avatars)
    powers = [
        tuple(e.model_dump_json() for a in c.reward.abilities for e in a.effects) for c in avatars
    ]
    assert all(powers) and len(set(powers)) == 9


def test_kv_20_events_are_numbered_among_the_base_events_of_their_colour() -> None:
    """KV-20 with RB-4.3: each Kelnov event's number lies in its colour's base range."""
    for c in load_kelnov().adventures:
        if c.kind == "event":
            assert c.number in EVENT_NUMBERS[c.colour], c.id


def write(folder: Path, cards: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "adventures.yaml").write_text(
        yaml.safe_dump({"adventures": cards}, sort_keys=False), encoding="utf-8"
    )
    return folder


@pytest.mark.parametrize(
    ("change", "place", "says"),
    [
        (
            lambda cards: cards[0].update(
                kind="challenge", life=3, melee={"value": 9, "damage": 1}
            ),
            "adventures[0] (id 'kv-g01').kind",
            "events and encounters",
        ),
        (lambda cards: cards[-1]["reward"].pop("wins_game"), "adventures", "exactly one red card"),
        (
            lambda cards: [
                c["reward"].update(dragon_rune=False, abilities=[]) for c in cards[-10:-3]
            ],
            "adventures",
            "at least 3 Avatars",
        ),
    ],
    ids=["green-challenge", "no-winner", "two-avatars"],
)
def test_kv_21_the_checker_names_the_file_record_and_field(
    tmp_path: Path, change: Any, place: str, says: str
) -> None:
    """KV-21: a green challenge, no card that wins, fewer than three Avatars: each is one
    ContentError naming the file and the place."""
    cards = shipped()
    change(cards)
    folder = write(tmp_path / "kelnov", cards)
    with pytest.raises(ContentError) as caught:
        load_kelnov(folder)
    text = str(caught.value)
    assert "adventures.yaml" in text and place in text and says in text
    assert "\n" not in text
    assert [str(e) for e in validate_kelnov_dir(folder)] == [text]


def test_kv_21_a_record_error_is_reported_by_validate(tmp_path: Path) -> None:
    """KV-21: a record that breaks the card schema (a red event without a number) is found
    by ``validate_kelnov_dir`` before the adventure's checks."""
    cards = shipped()
    cards[0].update(kind="event")
    errors = validate_kelnov_dir(write(tmp_path / "kelnov", cards))
    assert errors and "adventures[0]" in str(errors[0])


def without_one(colour: str, kind: str) -> Any:
    """A change dropping the first card of ``colour`` and ``kind`` (an Avatar for red)."""

    def change(cards: list[dict[str, Any]]) -> None:
        cards.remove(next(c for c in cards if c["colour"] == colour and c["kind"] == kind))

    return change


def one_more_blue(cards: list[dict[str, Any]]) -> None:
    extra = dict(next(c for c in cards if c["colour"] == "blue"), id="kv-b99", name="Extra")
    cards.append(extra)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (without_one("green", "encounter"), "needs 7 green Kelnov cards (KV-21), found 6"),
        (without_one("yellow", "event"), "needs 7 yellow Kelnov cards (KV-21), found 6"),
        (one_more_blue, "needs 6 blue Kelnov cards (KV-21), found 7"),
        (without_one("red", "challenge"), "needs 10 red Kelnov cards (KV-21), found 9"),
    ],
    ids=["six-green", "six-yellow", "seven-blue", "nine-red"],
)
def test_kv_21_an_owners_kelnov_folder_with_other_counts_is_refused(
    tmp_path: Path, change: Any, says: str
) -> None:
    """KV-21: the seed's counts, 7 green, 7 yellow, 6 blue and 10 red (seed 004: „7 nowych
    zielonych Wydarzeń i Spotkań, 7 nowych żółtych …, 6 nowych niebieskich … oraz 10 nowych
    czerwonych Wyzwań"): a folder with other counts is refused, one line naming the file and
    the field, by the loader, by validate and by ``boardwright content validate``."""
    cards = shipped()
    change(cards)
    folder = write(tmp_path / "kelnov", cards)
    expected = f"{folder / 'adventures.yaml'}: adventures: {says}"
    with pytest.raises(ContentError) as caught:
        load_kelnov(folder)
    assert str(caught.value) == expected
    assert [str(e) for e in validate_kelnov_dir(folder)] == [expected]
    result = CliRunner().invoke(app, ["content", "validate", "runebound", str(folder)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stdout.splitlines() == [expected]
    assert result.stderr.strip() == f"error: 1 problem(s) in {folder}"


def test_kv_21_a_content_pack_with_a_kelnov_folder_of_other_counts_is_refused(
    tmp_path: Path,
) -> None:
    """KV-21: the counts are checked in a whole content pack too (``kelnov/`` beside the base
    files), and ``content import`` copies nothing."""
    pack = tmp_path / "mine"
    shutil.copytree(CONTENT_DIR, pack)
    cards = shipped()
    without_one("green", "event")(cards)
    write(pack / "kelnov", cards)
    says = "adventures: needs 7 green Kelnov cards (KV-21), found 6"
    runner = CliRunner(env={"BOARDWRIGHT_HOME": str(tmp_path / "home")})
    result = runner.invoke(app, ["content", "validate", "runebound", str(pack)])
    assert result.exit_code == 2
    assert says in result.stdout and str(pack / "kelnov" / "adventures.yaml") in result.stdout
    imported = runner.invoke(app, ["content", "import", "runebound", str(pack)])
    assert imported.exit_code == 2 and says in imported.stdout
    assert not (tmp_path / "home" / "content" / "runebound" / "mine").exists()


def test_kv_20_the_kelnov_balance_report_is_fresh() -> None:
    """KV-20: our Kelnov cards are balanced by simulation (docs/balance-kelnov.md); the report
    must come from the shipped base and Kelnov files, with a row for every hero."""
    heroes = [hero.name for hero in default_content().heroes]
    assert_report_is_fresh("balance-kelnov.md", heroes, "kelnov")
