"""Realm of Sand's texts: every option, prompt and event renders from its data through the
English catalog, other languages fall back to English, simulation builds no text, and views
carry the structured decision."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from boardwright.engine.catalog import Catalog, load_catalog, read_messages
from boardwright.engine.events import Event
from boardwright.engine.rng import Rng
from boardwright.engine.session import Match
from boardwright.engine.texts import Texts
from boardwright.games import get_game
from boardwright.games.realm_of_sand.game import RealmOfSand
from boardwright.games.realm_of_sand.texts import PACKAGE

GAME = cast(RealmOfSand, get_game("realm-of-sand"))
ENGLISH = read_messages(PACKAGE, "en")

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (1, {"board_side": "advanced", "purple_power": "crystal"}),
    (2, {"board_side": "advanced", "purple_power": "crystal", "starting_draft": "reverse_order"}),
    (3, {"board_side": "advanced", "hourglass_goal": 5}),
    (4, {"advanced_seats": ("2", "4"), "starting_draft": "blind"}),
    (4, {"board_side": "advanced", "starting_draft": "queen_front", "square_shortage": "partial"}),
]
SEEDS = range(4)
# A game whose yellow crystal swaps a disc in front of the player (rare in random play).
EXTRA_GAMES = [(2, CONFIGS[2][1], 22)]


def message_ids(texts: Texts, match: Match[Any], seen: set[str]) -> list[str]:
    """Render the current decision (prompt and options) and note the message ids used."""
    decision = match.decision
    assert decision is not None
    shown = [texts.prompt(decision)]
    seen.add(f"rs.prompt.{decision.kind}")
    for option in decision.options:
        shown.append(texts.option(option))
        seen.add(option.what)
    return shown


def event_ids(texts: Texts, events: list[Event], seen: set[str]) -> list[str]:
    shown = []
    for event in events:
        shown.append(texts.event(event))
        seen.add(f"rs.event.{event.kind}" + (".public" if event.redacted else ""))
    return shown


def play_and_render(players: int, options: dict[str, Any], seed: int, seen: set[str]) -> None:
    texts = GAME.texts(GAME.config(2, {}))
    match = Match(GAME, GAME.config(players, options), seed)
    bot = Rng(seed + 100)
    shown: list[str] = []
    while match.decision is not None:
        shown += message_ids(texts, match, seen)
        match.play(bot.below(len(match.decision.options)), match.decision.seat)
    for viewer in [*range(players), None]:
        shown += event_ids(texts, match.events_for(viewer), seen)
    assert shown and all(text and "{" not in text and "}" not in text for text in shown)


def test_every_option_prompt_and_event_renders_in_english() -> None:
    """No missing message and no missing field (either raises CatalogError), all over seeded
    random games of every board side, variant and player count; and the games reach every
    prompt, option and event message the English catalog holds."""
    seen: set[str] = set()
    games = [(players, options, seed) for players, options in CONFIGS for seed in SEEDS]
    for players, options, seed in games + EXTRA_GAMES:
        play_and_render(players, options, seed, seen)
    assert seen <= set(ENGLISH)
    catalog_ids = {m for m in ENGLISH if m.split(".")[1] in ("prompt", "option", "event")}
    assert catalog_ids - seen == set()


def test_known_texts_read_as_before() -> None:
    match = Match(GAME, GAME.config(2, {"first_player": "1"}), 4)
    texts = GAME.texts(GAME.config(2, {}))
    decision = match.decision
    assert decision is not None
    assert texts.prompt(decision) == "Player 1: choose starting tile 1 of 3"
    first = decision.options[0]
    assert first.what == "rs.option.draft_tile" and first.args == {"tile": first.key[5:]}
    tile = GAME.content.tiles[first.data]
    assert texts.option(first).startswith(f"{tile.id} ({tile.shape}: ")
    events = match.play(0, 0)
    assert [texts.event(e) for e in events] == [f"Player 1 took {texts.option(first)}"]
    assert texts.event(match.log[0]) == (
        "2 player(s); Player 1 starts; starter boards; starting tiles: official"
    )


@pytest.mark.parametrize("language", ["fr", "pt_BR"])
def test_a_language_without_a_catalog_falls_back_to_english(language: str) -> None:
    english, other = GAME.texts(GAME.config(3, {})), GAME.texts(GAME.config(3, {}), language)
    assert other.catalog is not None and other.catalog.language == language
    match = Match(GAME, GAME.config(3, {"board_side": "advanced"}), 9)
    bot = Rng(1)
    for _ in range(60):
        decision = match.decision
        assert decision is not None
        assert other.prompt(decision) == english.prompt(decision)
        assert [other.option(o) for o in decision.options] == [
            english.option(o) for o in decision.options
        ]
        match.play(bot.below(len(decision.options)), decision.seat)
    assert [other.event(e) for e in match.log] == [english.event(e) for e in match.log]


def test_a_translation_wins_where_it_has_an_entry(tmp_path: Any, monkeypatch: Any) -> None:
    """Per entry: a translated one is used; a missing, empty or fuzzy one falls back."""
    package = tmp_path / "catalog_probe"
    (package / "messages").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    po_header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (package / "messages" / "en.po").write_text(
        po_header
        + 'msgid "x.seat"\nmsgstr "Player {number}"\n\n'
        + 'msgid "x.took"\nmsgstr "{seat} took {tile}"\n\n'
        + 'msgid "x.left"\nmsgstr "left"\n',
        encoding="utf-8",
    )
    (package / "messages" / "de.po").write_text(
        po_header
        + 'msgid "x.seat"\nmsgstr "Spieler {number}"\n\n'
        + 'msgid "x.took"\nmsgstr ""\n\n'
        + '#, fuzzy\nmsgid "x.left"\nmsgstr "links"\n',
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    german = load_catalog("catalog_probe", "de")
    assert german.format("x.seat", {"number": "2"}) == "Spieler 2"
    assert german.format("x.took", {"seat": "Spieler 2", "tile": "T01"}) == "Spieler 2 took T01"
    assert german.template("x.left") == "left"
    assert load_catalog("catalog_probe", "de") is german  # read once


def test_simulation_builds_no_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play with and without a log, and every seat's view, never touch the catalog."""

    def refuse(*args: object, **kwargs: object) -> str:
        raise AssertionError("text was built during simulation")

    monkeypatch.setattr(Catalog, "format", refuse)
    monkeypatch.setattr(Catalog, "template", refuse)
    monkeypatch.setattr(Texts, "message", refuse)
    for players, options in CONFIGS:
        config = GAME.config(players, options)
        logs: tuple[list[Event] | None, ...] = (None, [])
        for log in logs:
            state = GAME.setup(config, 5, log)
            bot = Rng(6)
            while state.pending is not None:
                GAME.apply(state, bot.below(len(state.pending.options)), log)
                for seat in range(players):
                    GAME.view(state, seat)
            assert GAME.result(state) is not None


def test_the_view_carries_the_structured_decision() -> None:
    match = Match(GAME, GAME.config(2, {"first_player": "2"}), 3)
    decision = match.decision
    assert decision is not None and decision.seat == 1
    own = json.loads(json.dumps(GAME.view(match.state, 1)))["decision"]
    assert own["kind"] == "draft" and own["args"] == {"seat": 1, "pick": 1}
    assert own["options"] == [
        {"key": o.key, "what": o.what, "args": dict(o.args)} for o in decision.options
    ]
    assert all(o["what"] == "rs.option.draft_tile" and "tile" in o["args"] for o in own["options"])
    other = json.loads(json.dumps(GAME.view(match.state, 0)))["decision"]
    assert other == {"seat": 1, "kind": "draft", "args": {"seat": 1, "pick": 1}}
    assert "prompt" not in own and "label" not in json.dumps(own)


@pytest.mark.parametrize("language", ["de", "pl"])
def test_german_and_polish_tell_a_whole_game_in_their_own_words(language: str) -> None:
    """Every prompt, option and event has a text of its own in the language (a catalog
    entry, not the English fallback), for a game that uses the red crystal too."""
    english, other = GAME.texts(GAME.config(2, {})), GAME.texts(GAME.config(2, {}), language)
    match = Match(GAME, GAME.config(2, {"board_side": "advanced"}), 14)
    bot = Rng(3)
    same = 0
    told = 0
    while (decision := match.decision) is not None and told < 3000:
        texts = [other.prompt(decision), *(other.option(o) for o in decision.options)]
        same += texts[0] == english.prompt(decision)
        told += len(texts)
        match.play(bot.below(len(decision.options)), decision.seat)
    events = [(other.event(e), english.event(e)) for e in match.log]
    assert sum(a == b for a, b in events) < len(events) // 10
    assert same < told // 20
