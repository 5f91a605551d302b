"""Static content (cards, boards, heroes) loaded from YAML as immutable, validated records.

Every problem becomes a :class:`ContentError` that names the file, the exact place in it
(``cards[3] (id 'obelisk').pattern[0]``) and what is wrong, in one line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

from boardwright.engine.errors import BoardwrightError
from boardwright.engine.files import MEBIBYTE, UnreadableFileError, read_user_text

M = TypeVar("M", bound=BaseModel)

CONTENT_FILE_LIMIT = 8 * MEBIBYTE
"""The largest content file read (the shipped ones are well under 1 MiB)."""
_MERGE_TAG = "tag:yaml.org,2002:merge"


class ContentRecord(BaseModel):
    """Base of content records: immutable, and unknown fields are errors (catches typos)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class ContentError(BoardwrightError):
    """A content file is missing, is not valid YAML, or does not match its model.

    ``key`` locates the problem inside the file (empty when it concerns the whole file).
    """

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        super().__init__(f"{file}: {key}: {problem}" if key else f"{file}: {problem}")

    def __reduce__(self) -> tuple[type[ContentError], tuple[str, str, str]]:
        return type(self), (self.file, self.key, self.problem)


def _check_unique_keys(loader: yaml.constructor.SafeConstructor, node: yaml.MappingNode) -> None:
    """A key repeated in one mapping is an error (PyYAML keeps the last one silently)."""
    first_marks: dict[Any, yaml.Mark] = {}
    for key_node, _ in node.value:
        if key_node.tag == _MERGE_TAG:
            continue
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, Hashable):
            continue  # the base class reports unhashable keys
        first = first_marks.setdefault(key, key_node.start_mark)
        if first is not key_node.start_mark:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"duplicate key {key!r} (first at line {first.line + 1}, "
                f"column {first.column + 1})",
                key_node.start_mark,
            )


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML's safe loader, except that a key repeated in one mapping is an error."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        _check_unique_keys(self, node)
        return super().construct_mapping(node, deep)


class _FastUniqueKeyLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same with libyaml's parser (several times faster) when PyYAML was built with it;
    errors are reported by reading again with the pure-Python parser, whose messages are
    clearer."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        _check_unique_keys(self, node)
        mapping: dict[Hashable, Any] = super().construct_mapping(node, deep)
        return mapping


def _one_line(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text.strip())


def _yaml_problem(exc: yaml.YAMLError) -> str:
    if not isinstance(exc, yaml.MarkedYAMLError) or exc.problem_mark is None:
        return _one_line(f"invalid YAML: {exc}")
    mark = exc.problem_mark
    problem = f"invalid YAML at line {mark.line + 1}, column {mark.column + 1}: {exc.problem}"
    if exc.context:
        problem += f" ({exc.context}"
        if exc.context_mark is not None:
            context = exc.context_mark
            problem += f" that starts at line {context.line + 1}, column {context.column + 1}"
        problem += ")"
    return _one_line(problem)


def _read_yaml(path: Path) -> Any:
    """The parsed YAML document at ``path``; ContentError if unreadable or malformed."""
    file = str(path)
    try:
        text = read_user_text(path, CONTENT_FILE_LIMIT)
    except UnreadableFileError as exc:
        raise ContentError(file, "", str(exc)) from None
    try:
        return yaml.load(text, Loader=_FastUniqueKeyLoader)
    except (yaml.YAMLError, RecursionError):
        pass  # read it again with the pure-Python parser, whose messages are clearer
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)
    except yaml.YAMLError as exc:
        raise ContentError(file, "", _yaml_problem(exc)) from None
    except RecursionError:
        raise ContentError(file, "", "invalid YAML: nested too deeply") from None


def _kind(value: object) -> str:
    """What a YAML value is, for messages: 'a mapping', 'a list', 'nothing', ..."""
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    return f"a {type(value).__name__}"


def _format_location(prefix: str, location: tuple[int | str, ...]) -> str:
    """Join ``prefix`` and a pydantic error location into ``prefix.field[0].sub``."""
    key = prefix
    for part in location:
        if isinstance(part, int):
            key += f"[{part}]"
        elif part.isidentifier():
            key += f".{part}" if key else part
        else:
            key += f"[{part!r}]"
    return key


def _describe_error(error: ErrorDetails) -> str:
    """Pydantic's message, plus the offending value when it is a short scalar."""
    problem = error["msg"]
    value = error.get("input")
    if error["type"] not in ("missing", "extra_forbidden") and (
        value is None or isinstance(value, str | int | float)
    ):
        shown = repr(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        problem += f" (value: {shown})"
    return _one_line(problem)


def _validation_errors(file: str, prefix: str, exc: ValidationError) -> list[ContentError]:
    return [
        ContentError(file, _format_location(prefix, error["loc"]), _describe_error(error))
        for error in exc.errors()
    ]


def _id_names(model: type[BaseModel], id_field: str | None) -> tuple[str, str] | None:
    """The id attribute and the YAML key holding it, or None when ``model`` has no ``id_field``."""
    field = model.model_fields.get(id_field) if id_field is not None else None
    if id_field is None or field is None:
        return None
    return id_field, field.alias or id_field


def _duplicate_id_problem(
    record_id: object, index: int, list_name: str, first_index_of_id: dict[Hashable, int]
) -> str | None:
    """Note ``record_id`` as seen at ``index``; a message if an earlier record already had it."""
    if record_id is None or not isinstance(record_id, Hashable):
        return None
    first = first_index_of_id.setdefault(record_id, index)
    if first == index:
        return None
    return f"duplicate id {record_id!r}, already used by {list_name}[{first}]"


def read_yaml(path: Path) -> Any:
    """The YAML document of a content file (ContentError if it is unreadable or not YAML)."""
    return _read_yaml(path)


def _check_records(
    path: Path,
    model: type[M],
    list_key: str | None,
    id_field: str | None,
    *,
    stop_at_first: bool,
    header: tuple[str, ...] = (),
) -> tuple[list[M], list[ContentError]]:
    """The valid records of a file and the errors found (only the first if ``stop_at_first``);
    ``header`` names top-level keys beside ``list_key`` that the caller reads itself."""
    file = str(path)
    try:
        document = _read_yaml(path)
    except ContentError as exc:
        return [], [exc]
    if list_key is None:
        items, list_name = document, ""
        if not isinstance(items, list):
            return [], [ContentError(file, "", f"expected a list of records, got {_kind(items)}")]
    else:
        if not isinstance(document, dict):
            problem = f"expected a mapping with a {list_key!r} list, got {_kind(document)}"
            return [], [ContentError(file, "", problem)]
        unknown = [
            ContentError(file, str(key), f"unknown top-level key; this file holds {list_key!r}")
            for key in document
            if key != list_key and key not in header
        ]
        if unknown:
            return [], unknown[:1] if stop_at_first else unknown
        if list_key not in document:
            return [], [ContentError(file, list_key, "missing; expected a list of records")]
        items, list_name = document[list_key], list_key
        if not isinstance(items, list):
            problem = f"expected a list of records, got {_kind(items)}"
            return [], [ContentError(file, list_key, problem)]

    id_names = _id_names(model, id_field)
    id_key = id_names[1] if id_names is not None else None
    records: list[M] = []
    errors: list[ContentError] = []
    first_index_of_id: dict[Hashable, int] = {}
    for index, item in enumerate(items):
        prefix = f"{list_name}[{index}]"
        raw_id = item.get(id_key) if id_key is not None and isinstance(item, dict) else None
        if isinstance(raw_id, str | int) and not isinstance(raw_id, bool):
            prefix += f" (id {raw_id!r})"
        try:
            record = model.model_validate(item)
        except ValidationError as exc:
            errors.extend(_validation_errors(file, prefix, exc))
        else:
            records.append(record)
            if id_names is not None:
                record_id = getattr(record, id_names[0])
                duplicate = _duplicate_id_problem(record_id, index, list_name, first_index_of_id)
                if duplicate is not None:
                    errors.append(ContentError(file, f"{prefix}.{id_names[1]}", duplicate))
        if errors and stop_at_first:
            return records, errors[:1]
    return records, errors


def load_records(
    path: Path, model: type[M], *, list_key: str | None = None, id_field: str | None = "id"
) -> tuple[M, ...]:
    """Load a YAML list of records, each validated by ``model``; raise the first ContentError.

    The document is a list, or with ``list_key`` a mapping whose only entry, ``list_key``, is the
    list (another key, such as a misspelt list name, is an error). When ``model`` has the field
    ``id_field``, ids must be unique.
    """
    records, errors = _check_records(path, model, list_key, id_field, stop_at_first=True)
    if errors:
        raise errors[0]
    return tuple(records)


def validate_records(
    path: Path, model: type[BaseModel], *, list_key: str | None = None, id_field: str | None = "id"
) -> list[ContentError]:
    """Every problem :func:`load_records` would find in the file, in file order (empty if none)."""
    return _check_records(path, model, list_key, id_field, stop_at_first=False)[1]


def records_under_header(
    path: Path, model: type[M], list_key: str, header: tuple[str, ...]
) -> tuple[list[M], list[ContentError]]:
    """The valid records of a file whose mapping holds ``list_key`` and the top-level keys
    ``header`` (read by the caller, e.g. a card pack's ``set``), with every problem found."""
    return _check_records(path, model, list_key, "id", stop_at_first=False, header=header)


def load_document(path: Path, model: type[M]) -> M:
    """Load a YAML file holding one mapping validated by ``model``; raise the first ContentError."""
    file = str(path)
    document = _read_yaml(path)
    if not isinstance(document, dict):
        raise ContentError(file, "", f"expected a mapping, got {_kind(document)}")
    try:
        return model.model_validate(document)
    except ValidationError as exc:
        raise _validation_errors(file, "", exc)[0] from None


def json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of ``model`` (for editors and external tools)."""
    return model.model_json_schema()


def write_json_schemas(models: Mapping[str, type[BaseModel]], out_dir: Path) -> list[Path]:
    """Write ``<name>.schema.json`` for each model into ``out_dir``; return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, model in models.items():
        if not name or name.startswith(".") or "/" in name or "\\" in name:
            raise ValueError(f"schema name must be a plain file name, got {name!r}")
        target = out_dir / f"{name}.schema.json"
        text = json.dumps(json_schema(model), indent=2, sort_keys=True, ensure_ascii=False)
        target.write_text(text + "\n", encoding="utf-8")
        written.append(target)
    return written
