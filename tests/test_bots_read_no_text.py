"""Bots read no text: they decide from keys, message arguments and views, never from the English
of an option, a prompt or an event (which a translation would change), and parse nothing with
regular expressions."""

from __future__ import annotations

import ast
from pathlib import Path

import boardwright.bots

BOTS = Path(boardwright.bots.__file__).parent
TEXT_FIELDS = {"label", "prompt", "text", "public_text"}


def bot_modules() -> list[Path]:
    return sorted(BOTS.rglob("*.py"))


def text_reads(tree: ast.AST) -> list[str]:
    """Where a module reads a text field or uses the ``re`` module (line: what)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in TEXT_FIELDS:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Import) and any(a.name == "re" for a in node.names):
            found.append(f"{node.lineno}: import re")
        elif isinstance(node, ast.ImportFrom) and node.module == "re":
            found.append(f"{node.lineno}: from re import")
    return found


def test_no_bot_module_reads_option_prompt_or_event_text() -> None:
    modules = bot_modules()
    assert len(modules) > 3
    reads = {
        str(path.relative_to(BOTS)): found
        for path in modules
        if (found := text_reads(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert reads == {}


def test_the_check_finds_a_label_a_prompt_and_a_regular_expression() -> None:
    source = "import re\nx = option.label + decision.prompt\ny = event.text\n"
    assert sorted(text_reads(ast.parse(source))) == [
        "1: import re",
        "2: .label",
        "2: .prompt",
        "3: .text",
    ]
