"""Every text a player sees exists in English, German and Polish: the UI's catalog and each
game's catalogs hold the same message ids with the same fields in every language, and every
id the page's scripts ask for is in the UI catalog."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from boardwright.engine.catalog import LANGUAGES
from boardwright.server.web import WEB_DIR

SRC = Path(__file__).resolve().parents[2] / "src" / "boardwright"
CATALOG_DIRS = sorted(path.parent for path in SRC.rglob("messages/en.po"))
SCRIPT_ID = re.compile(r"""\bt\(\s*["'](ui\.[\w.-]+)["']""")
MARKUP_ID = re.compile(r'data-t="(ui\.[\w.-]+)"')


def messages(path: Path) -> dict[str, str]:
    with path.open("rb") as stream:
        catalog = read_po(stream)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_catalog_folder_is_found() -> None:
    folders = {path.relative_to(SRC).as_posix() for path in CATALOG_DIRS}
    assert "server/web/messages" in folders
    assert "games/realm_of_sand/messages" in folders
    assert len(folders) >= 6


@pytest.mark.parametrize("folder", CATALOG_DIRS, ids=lambda p: p.relative_to(SRC).as_posix())
@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_a_translation_has_every_message_with_its_fields(folder: Path, language: str) -> None:
    english = messages(folder / "en.po")
    path = folder / f"{language}.po"
    assert path.is_file(), f"{path} is missing"
    translated = messages(path)
    missing = sorted(set(english) - set(translated))
    extra = sorted(set(translated) - set(english))
    assert not missing, f"{path}: no (or an empty/fuzzy) translation of {missing[:5]}"
    assert not extra, f"{path}: ids that en.po lacks: {extra[:5]}"
    allowed = also_fields(folder / "en.po")
    for msgid, text in translated.items():
        assert fields(text) <= fields(english[msgid]) | allowed.get(msgid, set()), (
            f"{path}: {msgid} uses fields the English text has not: {fields(text)}"
        )


def also_fields(path: Path) -> dict[str, set[str]]:
    """By message id, the fields a translation may use beyond the English text's: the English
    catalog's "also:" notes."""
    with path.open("rb") as stream:
        catalog = read_po(stream)
    allowed: dict[str, set[str]] = {}
    for message in catalog:
        found = re.search(r"also:\s*([\w{}, ]+)", " ".join(message.auto_comments))
        if found:
            allowed[str(message.id)] = set(re.findall(r"\w+", found.group(1)))
    return allowed


def test_every_id_the_page_asks_for_is_in_the_ui_catalog() -> None:
    english = messages(WEB_DIR / "messages" / "en.po")
    asked = set(MARKUP_ID.findall((WEB_DIR / "index.html").read_text()))
    for script in (WEB_DIR / "static" / "js").glob("*.js"):
        asked |= set(SCRIPT_ID.findall(script.read_text()))
    assert len(asked) > 50
    assert not sorted(asked - set(english)), "ids the scripts use that en.po lacks"


GAME_CONTENT = {
    "runebound": SRC / "content" / "runebound",
    "realm_of_sand": SRC / "content" / "realm_of_sand",
}


def content_nodes(folder: Path) -> Iterator[dict[str, Any]]:
    """Every mapping in the YAML files under ``folder``."""
    import yaml

    pending: list[object] = [
        yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted(folder.rglob("*.yaml"))
    ]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            yield node
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)


def named_records(folder: Path) -> dict[str, str]:
    """id -> English name of every record of our content files that has both."""
    return {
        str(node["id"]): node["name"]
        for node in content_nodes(folder)
        if "id" in node and isinstance(node.get("name"), str)
    }


@pytest.mark.parametrize("game", sorted(GAME_CONTENT))
@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_name_of_our_content_is_translated(game: str, language: str) -> None:
    """Card, hero, place and board names of our own content, by id, in each language."""
    english = named_records(GAME_CONTENT[game])
    path = SRC / "games" / game / "names" / f"{language}.po"
    assert path.is_file(), f"{path} is missing"
    translated = messages(path)
    assert not sorted(set(english) - set(translated))[:5], f"{path}: names missing"
    assert not sorted(set(translated) - set(english))[:5], f"{path}: ids our content lacks"
    assert len(english) > 50


def test_german_names_reach_the_texts_and_the_table_content() -> None:
    """A hero's and a card's German names show in the German texts and table content; the
    English texts keep the content files' names."""
    from boardwright.engine.session import Match
    from boardwright.games import get_game

    game = get_game("runebound")
    match = Match(game, game.config(2, {"adventure": "al-kalim"}), 1)
    hero = match.game.view(match.state, 0)["heroes"][0]["hero"]
    german = messages(SRC / "games" / "runebound" / "names" / "de.po")
    english_content = game.table_content(match.state)
    german_content = game.table_content(match.state, "de")
    assert german_content["heroes"][hero]["name"] == german[hero]
    assert english_content["heroes"][hero]["name"] != german[hero]
    legend = next(iter(german_content["names"]))
    assert german_content["names"][legend] == german[legend]
    for city in german_content["lost_cities"] + german_content["cities"]:
        assert city["name"] == german.get(city["id"], city["name"])
    assert any(c["name"] == german[c["id"]] != c["id"] for c in german_content["lost_cities"])
    for _ in range(40):  # a few moves, so that heroes act in the log
        match.play(0)
    texts = game.texts(match.config, "de")
    acting = [event for event in match.log if event.data.get("hero") == hero]
    assert acting, "the hero did nothing to tell"
    for event in acting:
        assert german[hero] in texts.event(event)


@pytest.mark.parametrize("game_name", ["realm-of-sand", "runebound"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_option_has_its_label_and_description_in_each_language(
    game_name: str, language: str
) -> None:
    """The lobby's option texts: a label and every word of a choice in each language, and the
    description in each language but English (whose descriptions are the specs')."""
    from boardwright.games import get_game

    game = get_game(game_name)
    folder = SRC / "games" / game_name.replace("-", "_") / "settings"
    words = messages(folder / f"{language}.po")
    wanted = set()
    for spec in game.option_set:
        wanted.add(f"{spec.name}.label")
        if language != "en":
            wanted.add(spec.name)
        wanted |= {f"{spec.name}.{v}" for v in spec.allowed if not str(v).lstrip("-").isdigit()}
    assert not sorted(wanted - set(words))[:5], f"{folder}/{language}.po misses these"
    assert not sorted(set(words) - wanted)[:5], f"{folder}/{language}.po: no such option"


def content_texts(folder: Path) -> set[str]:
    """Every text of our content files and every name of a part without an id (an ability's,
    a named hex's): what ``content_texts/<language>.po`` translates, keyed by the English."""
    return {
        value
        for node in content_nodes(folder)
        for key, value in node.items()
        if isinstance(value, str) and (key == "text" or (key == "name" and "id" not in node))
    }


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_text_of_our_runebound_content_is_translated(language: str) -> None:
    english = content_texts(GAME_CONTENT["runebound"])
    path = SRC / "games" / "runebound" / "content_texts" / f"{language}.po"
    assert path.is_file(), f"{path} is missing"
    translated = messages(path)
    assert len(english) > 500
    assert not sorted(english - set(translated))[:3], f"{path}: texts missing"
    assert not sorted(set(translated) - english)[:3], f"{path}: texts our content lacks"
    numbers = re.compile(r"\d+")
    for text, translation in translated.items():
        assert set(numbers.findall(text)) <= set(numbers.findall(translation)), (
            f"{path}: the numbers of {text!r} are not all in {translation!r}"
        )
