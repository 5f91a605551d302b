"""Reading a rules reference's Markdown: its rule IDs and the text of one rule."""

from __future__ import annotations

import re

RULE_LINE = re.compile(r"^ {0,3}(?:[-*+] +)?\*\*\s*(?P<id>[A-Za-z]{1,8}-\d+(?:\.\d+)*[a-z]?)\b")
HEADING = re.compile(r"^ {0,3}(?P<marks>#{1,6})\s")


def rule_ids(text: str) -> list[str]:
    """The rule IDs in file order (a rule is a line starting with a bold ID, e.g. **RS-4.2**)."""
    ids = []
    for line in text.splitlines():
        found = RULE_LINE.match(line)
        if found:
            ids.append(found["id"])
    return ids


def id_prefix(rule_id: str) -> str:
    """The family of a rule ID, upper case: ``KV`` for ``kv-5``."""
    return rule_id.strip().partition("-")[0].upper()


def _bold_rule(lines: list[str], wanted: str) -> list[str] | None:
    """From the line starting with the bold ID up to the next rule or heading."""
    for start, line in enumerate(lines):
        found = RULE_LINE.match(line)
        if found and found["id"].casefold() == wanted:
            end = start + 1
            while end < len(lines) and not (
                RULE_LINE.match(lines[end]) or HEADING.match(lines[end])
            ):
                end += 1
            return lines[start:end]
    return None


def _heading_rule(lines: list[str], wanted: str) -> list[str] | None:
    """A heading naming the ID (e.g. ``## RS-4 Buildings``) up to the next heading of its level."""
    pattern = re.compile(rf"(?<![\w.-]){re.escape(wanted)}(?![\w-]|\.\d)", re.IGNORECASE)
    for start, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading and pattern.search(line):
            level = len(heading["marks"])
            end = start + 1
            while end < len(lines):
                other = HEADING.match(lines[end])
                if other and len(other["marks"]) <= level:
                    break
                end += 1
            return lines[start:end]
    return None


def rule_section(text: str, rule_id: str) -> str | None:
    """The text of one rule, or None if the file has no rule with that ID."""
    lines = text.splitlines()
    wanted = rule_id.strip().casefold()
    section = _bold_rule(lines, wanted) or _heading_rule(lines, wanted)
    if section is None:
        return None
    return "\n".join(section).strip()
