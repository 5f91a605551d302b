"""Structured options, decisions and events and the message catalog."""

from __future__ import annotations

import json

import pytest

from boardwright.engine.catalog import Catalog, CatalogError, load_catalog
from boardwright.engine.decision import Decision, Option
from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event, events_for_seat
from boardwright.engine.texts import Texts

CATALOG = Catalog(
    "en",
    {
        "t.seat": "Player {number}",
        "t.option.take": "take {card}",
        "t.prompt.pick": "{seat}: pick one",
        "t.event.drew": "{seat} drew {card}",
        "t.event.drew.public": "{seat} drew a card",
        "t.event.drew.top": "{seat} drew {card} from the top",
    },
)
TEXTS = Texts(CATALOG, "t", {"seat": lambda seat, c: c.format("t.seat", {"number": str(seat + 1)})})


def test_structured_texts_come_from_the_catalog() -> None:
    option = Option("take:x", data=3, what="t.option.take", args={"card": "X-1"})
    decision = Decision(0, "pick", options=(option,), args={"seat": 0})
    assert TEXTS.option(option) == "take X-1"
    assert TEXTS.prompt(decision) == "Player 1: pick one"
    private = Event(
        "drew", data={"seat": 1, "card": "X-1"}, seats=frozenset({1}), public={"seat": 1}
    )
    assert [TEXTS.event(e) for e in events_for_seat([private], 1)] == ["Player 2 drew X-1"]
    seen_by_others = events_for_seat([private], None)
    assert [e.redacted for e in seen_by_others] == [True]
    assert TEXTS.event(seen_by_others[0]) == "Player 2 drew a card"
    assert events_for_seat([Event("drew", data={}, seats=frozenset({1}))], 0) == []


def test_an_event_may_name_the_sentence_of_its_kind() -> None:
    """One kind, several sentences: the data's variant picks ``<kind>.<variant>``."""
    plain = Event("drew", data={"seat": 0, "card": "X-1"})
    on_top = Event("drew", data={"seat": 0, "card": "X-1", "variant": "top"})
    assert TEXTS.event(plain) == "Player 1 drew X-1"
    assert TEXTS.event(on_top) == "Player 1 drew X-1 from the top"
    with pytest.raises(CatalogError, match=r"t\.event\.drew\.bottom"):
        TEXTS.event(Event("drew", data={"seat": 0, "card": "X-1", "variant": "bottom"}))


def test_the_constructors_take_what_args_and_data_in_order() -> None:
    """The structured form is the only one: an option says what it is; a decision and an event
    carry arguments, never text."""
    option = Option("take:x", "t.option.take", {"card": "X-1"}, 3)
    decision = Decision(0, "pick", (option,), {"seat": 0})
    event = Event("drew", {"seat": 1, "card": "X-1"}, frozenset({1}), {"seat": 1})
    assert (option.what, option.data) == ("t.option.take", 3)
    assert TEXTS.option(option) == "take X-1"
    assert TEXTS.prompt(decision) == "Player 1: pick one"
    assert [TEXTS.event(e) for e in events_for_seat([event], 0)] == ["Player 2 drew a card"]
    assert option.to_data() == {"key": "take:x", "what": "t.option.take", "args": {"card": "X-1"}}
    assert set(event.to_data()) == {"kind", "data", "seats", "public"}


def test_missing_messages_and_fields_are_named() -> None:
    with pytest.raises(CatalogError, match=r"'t\.option\.drop' is missing"):
        TEXTS.option(Option("drop", what="t.option.drop"))
    with pytest.raises(CatalogError, match=r"'t\.option\.take'.*cannot be filled"):
        TEXTS.option(Option("take", what="t.option.take", args={"cards": "X"}))


def test_decision_and_event_data_are_json_ready() -> None:
    option = Option("at:B2", data=9, what="t.option.at", args={"cell": "B2", "rows": ["GR"]})
    decision = Decision(2, "place", options=(option,), args={"seat": 2})
    own = decision.view_data(2)
    assert own == {
        "seat": 2,
        "kind": "place",
        "args": {"seat": 2},
        "options": [{"key": "at:B2", "what": "t.option.at", "args": option.args}],
    }
    assert decision.to_data() == own
    assert decision.view_data(0) == {"seat": 2, "kind": "place", "args": {"seat": 2}}
    event = Event("drew", data={"seat": 1}, seats=frozenset({1}), public={"seat": 1})
    assert event.to_data() == {
        "kind": "drew",
        "data": {"seat": 1},
        "seats": [1],
        "public": {"seat": 1},
    }
    json.dumps([own, event.to_data(), Option("done", "t.option.done").to_data()])


def test_language_codes_are_checked() -> None:
    with pytest.raises(ConfigError, match="not a language code"):
        load_catalog("boardwright.games.realm_of_sand", "../en")
