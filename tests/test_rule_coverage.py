"""Rule coverage: the rule IDs of ``docs/rules/*.md`` against the tests and the game options.

A rule is defined in the docs by a line that starts with its bold ID, e.g. ``**RS-2.5** — ...``
(a prefix of 2-3 capital letters, a section number and optionally ``.n``). A test "names" a rule
by writing its ID anywhere in a file under ``tests/`` (a docstring, a comment, a marker, a
parametrize id). Markdown files under ``tests/`` are documentation and do not count, and neither
does this file.

The checks:

* every rule ID in the docs is named by at least one test;
* every ``rule="..."`` in ``src/boardwright/games/*/options.py`` is defined in the docs;
* no rule ID is defined twice.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"
TESTS_DIR = ROOT / "tests"
GAMES_DIR = ROOT / "src" / "boardwright" / "games"
THIS_FILE = Path(__file__).resolve()

_ID = r"[A-Z]{2,3}-\d+(?:\.\d+)?"
_DEFINITION = re.compile(rf"^\*\*({_ID})\*\*", re.MULTILINE)
# An ID inside other text: not glued to a preceding letter/digit, and not the start of a longer
# number (so "RS-2.10" does not name RS-2.1).
_MENTION = re.compile(rf"(?<![A-Za-z0-9])({_ID})(?!\d)")
_OPTION_RULE = re.compile(r"""\brule\s*=\s*["']([^"']*)["']""")
_DOC_SUFFIXES = frozenset({".md", ".rst"})


def _id_sort_key(rule_id: str) -> tuple[str, tuple[int, ...]]:
    """Sort RS-2.10 after RS-2.9."""
    prefix, _, numbers = rule_id.partition("-")
    return prefix, tuple(int(n) for n in numbers.split("."))


def _definitions(rules_dir: Path) -> dict[str, list[str]]:
    """Every rule ID defined in ``rules_dir/*.md`` with its places (``file:line``)."""
    found: dict[str, list[str]] = {}
    for path in sorted(rules_dir.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in _DEFINITION.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match[1], []).append(f"{path.name}:{line}")
    return found


def _named_ids(tests_dir: Path, exclude: Path) -> set[str]:
    """Rule IDs written anywhere in the files under ``tests_dir`` (docs and ``exclude`` aside)."""
    named: set[str] = set()
    for path in sorted(tests_dir.rglob("*")):
        if not path.is_file() or path.resolve() == exclude:
            continue
        relative = path.relative_to(tests_dir).parts
        if any(part.startswith(".") or part == "__pycache__" for part in relative):
            continue
        if path.suffix.lower() in _DOC_SUFFIXES:
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        named.update(_MENTION.findall(text))
    return named


def _missing_ids(rules_dir: Path, tests_dir: Path, exclude: Path) -> list[str]:
    """Rule IDs defined in the docs that no test names, in rule order."""
    missing = set(_definitions(rules_dir)) - _named_ids(tests_dir, exclude)
    return sorted(missing, key=_id_sort_key)


def _duplicates(definitions: dict[str, list[str]]) -> dict[str, list[str]]:
    return {rule_id: places for rule_id, places in definitions.items() if len(places) > 1}


def _option_rules(games_dir: Path) -> list[tuple[str, str]]:
    """(options file relative to ``games_dir``, rule ID) for every non-empty ``rule=`` given."""
    out: list[tuple[str, str]] = []
    for path in sorted(games_dir.glob("*/options.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(games_dir).as_posix()
        out.extend((name, rule) for rule in _OPTION_RULE.findall(text) if rule)
    return out


# --- the checks on the real project -------------------------------------------------------


def test_docs_define_rule_ids() -> None:
    assert sorted(RULES_DIR.glob("*.md")), f"no rules documents in {RULES_DIR}"
    assert _definitions(RULES_DIR), f"no '**XX-n.m**' rule lines found in {RULES_DIR}/*.md"


def test_rule_ids_are_unique() -> None:
    duplicates = _duplicates(_definitions(RULES_DIR))
    lines = [
        f"  {rule_id}: {', '.join(places)}"
        for rule_id, places in sorted(duplicates.items(), key=lambda item: _id_sort_key(item[0]))
    ]
    assert not duplicates, "rule IDs defined more than once:\n" + "\n".join(lines)


def test_option_rule_ids_exist_in_docs() -> None:
    option_rules = _option_rules(GAMES_DIR)
    assert option_rules, f"no rule= found in {GAMES_DIR}/*/options.py"
    defined = _definitions(RULES_DIR)
    unknown = [f"  {name}: {rule}" for name, rule in option_rules if rule not in defined]
    assert not unknown, "options name rule IDs that docs/rules does not define:\n" + "\n".join(
        unknown
    )


def test_every_rule_id_is_named_by_a_test() -> None:
    missing = _missing_ids(RULES_DIR, TESTS_DIR, THIS_FILE)
    definitions = _definitions(RULES_DIR)
    lines = [f"  {rule_id} ({definitions[rule_id][0]})" for rule_id in missing]
    assert not missing, (
        f"{len(missing)} rule ID(s) in docs/rules are named by no test; write the ID "
        "(e.g. in the test's docstring) in a test under tests/:\n" + "\n".join(lines)
    )


# --- the checker itself, on a scratch project -----------------------------------------------


def test_checker_reports_an_unnamed_rule(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    tests = tmp_path / "tests"
    docs.mkdir()
    (tests / "sub").mkdir(parents=True)
    (docs / "game.md").write_text(
        "# Game\n\n**RS-1.1** — first rule.\n\n**RS-1.2** — second rule.\n"
        "Text that mentions **RS-9.9** — not at the start of a line, so no rule.\n",
        encoding="utf-8",
    )
    (tests / "sub" / "test_game.py").write_text(
        '"""RS-1.1: the first rule; RS-1.20 is a different rule."""\n', encoding="utf-8"
    )
    (tests / "README.md").write_text("Docs do not count: RS-1.2\n", encoding="utf-8")
    checker = tests / "test_rule_coverage.py"
    checker.write_text("# the checker itself does not count: RS-1.2\n", encoding="utf-8")

    assert sorted(_definitions(docs)) == ["RS-1.1", "RS-1.2"]
    assert _missing_ids(docs, tests, checker.resolve()) == ["RS-1.2"]

    (tests / "sub" / "test_more.py").write_text("# covers RS-1.2.\n", encoding="utf-8")
    assert _missing_ids(docs, tests, checker.resolve()) == []


def test_checker_parses_ids_and_finds_duplicates(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "**AK-3** — a whole-section rule.\n**RB-2.10** — x\n**RB-2.9** — y\n", encoding="utf-8"
    )
    (tmp_path / "b.md").write_text("intro\n\n**RB-2.9** — again\n", encoding="utf-8")
    definitions = _definitions(tmp_path)
    assert sorted(definitions, key=_id_sort_key) == ["AK-3", "RB-2.9", "RB-2.10"]
    assert _duplicates(definitions) == {"RB-2.9": ["a.md:3", "b.md:3"]}


def test_checker_reads_option_rules(tmp_path: Path) -> None:
    game = tmp_path / "some_game"
    game.mkdir()
    (game / "options.py").write_text(
        'OptionSpec("a", "bool", True, "x", rule="RS-2.2")\n'
        "OptionSpec('b', 'bool', True, 'y', rule = 'RS-4.2', reconstructed=True)\n"
        'OptionSpec("c", "bool", True, "no rule")\n',
        encoding="utf-8",
    )
    assert _option_rules(tmp_path) == [
        ("some_game/options.py", "RS-2.2"),
        ("some_game/options.py", "RS-4.2"),
    ]
