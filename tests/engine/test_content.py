"""Loading YAML content into frozen records, and the errors bad content gives."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from pydantic import BaseModel, Field, ValidationError

from boardwright.engine.content import (
    ContentError,
    ContentRecord,
    json_schema,
    load_document,
    load_records,
    validate_records,
    write_json_schemas,
)
from boardwright.engine.errors import BoardwrightError


class Step(ContentRecord):
    dq: int
    dr: int


class Card(ContentRecord):
    id: str
    name: str
    cost: int = 0
    pattern: tuple[Step, ...] = ()
    tags: tuple[str, ...] = ()


class Tile(ContentRecord):
    """A record without an id."""

    terrain: str


class Hero(ContentRecord):
    """A record whose id is spelled differently in YAML."""

    hero_id: str = Field(alias="hero-id")
    name: str


class Board(ContentRecord):
    name: str
    size: int
    blocked: tuple[tuple[int, int], ...] = ()


def write(tmp_path: Path, text: str, name: str = "cards.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def first_error(path: Path, **options: str | None) -> tuple[str, str, str]:
    with pytest.raises(ContentError) as caught:
        load_records(path, Card, **options)
    err = caught.value
    return err.file, err.key, err.problem


# --- ContentError -----------------------------------------------------------------------


def test_content_error_message_with_key() -> None:
    err = ContentError("cards.yaml", "cards[3].pattern[0]", "Field required")
    assert str(err) == "cards.yaml: cards[3].pattern[0]: Field required"
    assert err.file == "cards.yaml"
    assert err.key == "cards[3].pattern[0]"
    assert err.problem == "Field required"


def test_content_error_message_without_key() -> None:
    assert str(ContentError("cards.yaml", "", "file does not exist")) == (
        "cards.yaml: file does not exist"
    )


def test_content_error_is_a_user_error_and_pickles() -> None:
    err = ContentError("a.yaml", "[0].name", "Field required")
    assert isinstance(err, BoardwrightError)
    copy = pickle.loads(pickle.dumps(err))
    assert (copy.file, copy.key, copy.problem, str(copy)) == (
        err.file,
        err.key,
        err.problem,
        str(err),
    )


# --- load_records: good files -----------------------------------------------------------


def test_load_records_from_a_list(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
- id: obelisk
  name: Obelisk
  cost: 3
  pattern:
    - {dq: 1, dr: 0}
    - {dq: 0, dr: -1}
  tags: [stone, tall]
- id: well
  name: Well
""",
    )
    cards = load_records(path, Card)
    assert cards == (
        Card(
            id="obelisk",
            name="Obelisk",
            cost=3,
            pattern=(Step(dq=1, dr=0), Step(dq=0, dr=-1)),
            tags=("stone", "tall"),
        ),
        Card(id="well", name="Well"),
    )
    assert isinstance(cards, tuple)


def test_loaded_records_are_frozen_and_hashable(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a, name: A, pattern: [{dq: 1, dr: 2}]}\n")
    (card,) = load_records(path, Card)
    with pytest.raises(ValidationError):
        setattr(card, "name", "B")  # noqa: B010 - a plain assignment, hidden from mypy
    assert hash(card) == hash(Card(id="a", name="A", pattern=(Step(dq=1, dr=2),)))


def test_load_records_from_a_mapping_with_list_key(tmp_path: Path) -> None:
    path = write(tmp_path, "cards:\n  - {id: a, name: A}\n  - {id: b, name: B}\n")
    cards = load_records(path, Card, list_key="cards")
    assert [card.id for card in cards] == ["a", "b"]


def test_unknown_top_level_key_is_an_error(tmp_path: Path) -> None:
    """docs/content.md: unknown fields are errors, at the top level too (a misspelt list)."""
    path = write(tmp_path, "cards: []\ncrads: []\nversion: 2\n")
    assert [str(err) for err in validate_records(path, Card, list_key="cards")] == [
        f"{path}: crads: unknown top-level key; this file holds 'cards'",
        f"{path}: version: unknown top-level key; this file holds 'cards'",
    ]


def test_empty_list_gives_no_records(tmp_path: Path) -> None:
    assert load_records(write(tmp_path, "[]\n"), Card) == ()
    assert validate_records(write(tmp_path, "[]\n"), Card) == []


def test_model_without_id_field_skips_id_checks(tmp_path: Path) -> None:
    path = write(tmp_path, "- terrain: forest\n- terrain: forest\n", "tiles.yaml")
    assert load_records(path, Tile) == (Tile(terrain="forest"), Tile(terrain="forest"))


def test_id_field_none_allows_repeated_ids(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a, name: A}\n- {id: a, name: B}\n")
    assert [card.name for card in load_records(path, Card, id_field=None)] == ["A", "B"]


def test_yaml_alias_id_field(tmp_path: Path) -> None:
    path = write(tmp_path, "- {hero-id: lord, name: Lord}\n- {hero-id: lord, name: Lady}\n")
    with pytest.raises(ContentError) as caught:
        load_records(path, Hero, id_field="hero_id")
    assert caught.value.key == "[1] (id 'lord').hero-id"
    assert caught.value.problem == "duplicate id 'lord', already used by [0]"


def test_yaml_merge_keys_are_allowed(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "- &base {id: a, name: A, cost: 2}\n- <<: *base\n  id: b\n  name: B\n",
    )
    cards = load_records(path, Card)
    assert [(card.id, card.name, card.cost) for card in cards] == [("a", "A", 2), ("b", "B", 2)]


# --- load_records: bad files ------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    assert first_error(path) == (str(path), "", "file does not exist")
    assert [str(err) for err in validate_records(path, Card)] == [f"{path}: file does not exist"]


def test_directory_instead_of_file(tmp_path: Path) -> None:
    assert first_error(tmp_path) == (str(tmp_path), "", "is a directory, not a file")


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_bytes(b"- id: caf\xe9\n")
    file, key, problem = first_error(path)
    assert (file, key) == (str(path), "")
    assert problem.startswith("not UTF-8 text (byte 9:")


def test_yaml_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  name: [unclosed\n")
    assert first_error(path) == (
        str(path),
        "",
        "invalid YAML at line 3, column 1: expected ',' or ']', but got '<stream end>' "
        "(while parsing a flow sequence that starts at line 2, column 9)",
    )


def test_yaml_scanner_error_gives_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  name: b: c\n")
    assert first_error(path) == (
        str(path),
        "",
        "invalid YAML at line 2, column 10: mapping values are not allowed here",
    )


def test_yaml_error_message_is_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  name: x\n\tcost: 2\n")
    with pytest.raises(ContentError) as caught:
        load_records(path, Card)
    assert "\n" not in str(caught.value)
    assert caught.value.problem.startswith("invalid YAML at line 3, column 1: found character")


def test_duplicate_yaml_key_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  name: A\n  name: B\n")
    assert first_error(path) == (
        str(path),
        "",
        "invalid YAML at line 3, column 3: duplicate key 'name' (first at line 2, column 3)",
    )


def test_unsafe_yaml_tags_are_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  name: !!python/object/apply:os.system [echo]\n")
    file, key, problem = first_error(path)
    assert (file, key) == (str(path), "")
    assert problem.startswith("invalid YAML at line 2, column 9: could not determine a constructor")


def test_wrong_type(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a, name: A}\n- id: obelisk\n  name: O\n  cost: many\n")
    assert first_error(path) == (
        str(path),
        "[1] (id 'obelisk').cost",
        "Input should be a valid integer, unable to parse string as an integer (value: 'many')",
    )


def test_wrong_type_deep_inside_a_record_with_list_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "cards:\n"
        "  - {id: a, name: A}\n"
        "  - {id: b, name: B}\n"
        "  - {id: c, name: C}\n"
        "  - id: obelisk\n"
        "    name: Obelisk\n"
        "    pattern: [{dq: x, dr: 0}]\n",
    )
    with pytest.raises(ContentError) as caught:
        load_records(path, Card, list_key="cards")
    assert caught.value.key == "cards[3] (id 'obelisk').pattern[0].dq"
    assert str(caught.value) == (
        f"{path}: cards[3] (id 'obelisk').pattern[0].dq: "
        "Input should be a valid integer, unable to parse string as an integer (value: 'x')"
    )


def test_missing_field(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  cost: 1\n")
    assert first_error(path) == (str(path), "[0] (id 'a').name", "Field required")


def test_missing_field_of_a_record_without_id(tmp_path: Path) -> None:
    path = write(tmp_path, "- name: A\n")
    assert first_error(path) == (str(path), "[0].id", "Field required")


def test_extra_field(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  name: A\n  colour: red\n")
    assert first_error(path) == (str(path), "[0] (id 'a').colour", "Extra inputs are not permitted")


def test_odd_field_names_are_quoted_in_the_key(tmp_path: Path) -> None:
    path = write(tmp_path, "- id: a\n  name: A\n  base cost: 1\n")
    assert first_error(path) == (
        str(path),
        "[0] (id 'a')['base cost']",
        "Extra inputs are not permitted",
    )


def test_record_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "- just a string\n")
    assert first_error(path) == (
        str(path),
        "[0]",
        "Input should be a valid dictionary or instance of Card (value: 'just a string')",
    )


def test_long_values_are_shortened(tmp_path: Path) -> None:
    path = write(tmp_path, f"- {{id: a, name: A, cost: {'x' * 100}}}\n")
    _, _, problem = first_error(path)
    assert problem.endswith(f"(value: '{'x' * 56}...)")


def test_duplicate_id_names_both_indexes(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a, name: A}\n- {id: b, name: B}\n- {id: a, name: C}\n")
    assert first_error(path) == (
        str(path),
        "[2] (id 'a').id",
        "duplicate id 'a', already used by [0]",
    )


def test_duplicate_id_with_list_key(tmp_path: Path) -> None:
    path = write(tmp_path, "cards:\n  - {id: a, name: A}\n  - {id: a, name: B}\n")
    assert first_error(path, list_key="cards") == (
        str(path),
        "cards[1] (id 'a').id",
        "duplicate id 'a', already used by cards[0]",
    )


def test_non_list_document(tmp_path: Path) -> None:
    path = write(tmp_path, "id: a\nname: A\n")
    assert first_error(path) == (str(path), "", "expected a list of records, got a mapping")


def test_empty_document(tmp_path: Path) -> None:
    path = write(tmp_path, "# nothing here\n")
    assert first_error(path) == (str(path), "", "expected a list of records, got nothing")


def test_list_key_document_that_is_a_list(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a, name: A}\n")
    assert first_error(path, list_key="cards") == (
        str(path),
        "",
        "expected a mapping with a 'cards' list, got a list",
    )


def test_list_key_missing(tmp_path: Path) -> None:
    path = write(tmp_path, "{}\n")
    assert first_error(path, list_key="cards") == (
        str(path),
        "cards",
        "missing; expected a list of records",
    )


def test_list_key_not_a_list(tmp_path: Path) -> None:
    path = write(tmp_path, "cards: 3\n")
    assert first_error(path, list_key="cards") == (
        str(path),
        "cards",
        "expected a list of records, got an integer",
    )


def test_load_records_reports_the_first_error_in_file_order(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a, name: A}\n- {id: a, name: B}\n- {id: c}\n")
    assert first_error(path)[1] == "[1] (id 'a').id"


# --- validate_records -------------------------------------------------------------------


def test_validate_records_returns_every_error_in_file_order(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
cards:
  - {id: a, name: A, cost: many}
  - {id: b, name: B}
  - {id: c, pattern: [{dq: 1}], colour: red}
  - {id: b, name: B2}
  - 7
""",
    )
    errors = validate_records(path, Card, list_key="cards")
    assert all(err.file == str(path) for err in errors)
    assert [(err.key, err.problem) for err in errors] == [
        (
            "cards[0] (id 'a').cost",
            "Input should be a valid integer, unable to parse string as an integer (value: 'many')",
        ),
        ("cards[2] (id 'c').name", "Field required"),
        ("cards[2] (id 'c').pattern[0].dr", "Field required"),
        ("cards[2] (id 'c').colour", "Extra inputs are not permitted"),
        ("cards[3] (id 'b').id", "duplicate id 'b', already used by cards[1]"),
        ("cards[4]", "Input should be a valid dictionary or instance of Card (value: 7)"),
    ]


def test_validate_records_of_a_good_file_is_empty(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a, name: A}\n- {id: b, name: B}\n")
    assert validate_records(path, Card) == []


def test_validate_records_reports_a_document_error_alone(tmp_path: Path) -> None:
    path = write(tmp_path, "cards: [\n")
    errors = validate_records(path, Card, list_key="cards")
    assert len(errors) == 1
    assert errors[0].key == ""
    assert errors[0].problem.startswith("invalid YAML at line 2, column 1:")


def test_validate_records_first_error_matches_load_records(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: a}\n- {id: a, name: A, cost: x}\n")
    with pytest.raises(ContentError) as caught:
        load_records(path, Card)
    assert str(validate_records(path, Card)[0]) == str(caught.value)


def test_invalid_id_is_still_mentioned(tmp_path: Path) -> None:
    path = write(tmp_path, "- {id: 5, name: A}\n")
    errors = validate_records(path, Card)
    assert [(err.key, err.problem) for err in errors] == [
        ("[0] (id 5).id", "Input should be a valid string (value: 5)")
    ]


# --- load_document ----------------------------------------------------------------------


def test_load_document(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Mainland\nsize: 7\nblocked: [[0, 1], [2, -1]]\n", "board.yaml")
    assert load_document(path, Board) == Board(name="Mainland", size=7, blocked=((0, 1), (2, -1)))


def test_load_document_validation_error(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Mainland\nsize: 7\nblocked: [[0, 1], [2, x]]\n", "board.yaml")
    with pytest.raises(ContentError) as caught:
        load_document(path, Board)
    assert (caught.value.file, caught.value.key, caught.value.problem) == (
        str(path),
        "blocked[1][1]",
        "Input should be a valid integer, unable to parse string as an integer (value: 'x')",
    )


def test_load_document_missing_field(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Mainland\n", "board.yaml")
    with pytest.raises(ContentError) as caught:
        load_document(path, Board)
    assert str(caught.value) == f"{path}: size: Field required"


def test_load_document_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "- name: Mainland\n", "board.yaml")
    with pytest.raises(ContentError) as caught:
        load_document(path, Board)
    assert str(caught.value) == f"{path}: expected a mapping, got a list"


def test_load_document_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    with pytest.raises(ContentError) as caught:
        load_document(path, Board)
    assert str(caught.value) == f"{path}: file does not exist"


def test_load_document_accepts_any_pydantic_model(tmp_path: Path) -> None:
    class Settings(BaseModel):
        seats: int

    assert load_document(write(tmp_path, "seats: 4\n", "s.yaml"), Settings) == Settings(seats=4)


# --- JSON schemas -----------------------------------------------------------------------


def test_json_schema_is_pydantics_schema() -> None:
    schema = json_schema(Card)
    assert schema == Card.model_json_schema()
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["id", "name"]


def test_write_json_schemas(tmp_path: Path) -> None:
    out_dir = tmp_path / "schemas" / "nested"
    paths = write_json_schemas({"card": Card, "board": Board}, out_dir)
    assert paths == [out_dir / "card.schema.json", out_dir / "board.schema.json"]
    text = paths[0].read_text(encoding="utf-8")
    assert json.loads(text) == Card.model_json_schema()
    expected = json.dumps(Card.model_json_schema(), indent=2, sort_keys=True) + "\n"
    assert text == expected
    assert json.loads(paths[1].read_text(encoding="utf-8"))["title"] == "Board"


@pytest.mark.parametrize("name", ["", "../card", "a/b", ".hidden"])
def test_write_json_schemas_rejects_bad_names(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="plain file name"):
        write_json_schemas({name: Card}, tmp_path)
