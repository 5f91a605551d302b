"""The balance reports (docs/balance*.md) must come from the content that ships."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
BALANCE_TOOL = ROOT / "tools" / "runebound_balance.py"


def load_balance_tool() -> ModuleType:
    """tools/runebound_balance.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("runebound_balance", BALANCE_TOOL)
    assert spec is not None and spec.loader is not None
    balance = importlib.util.module_from_spec(spec)
    sys.modules["runebound_balance"] = balance  # dataclasses look their module up by name
    spec.loader.exec_module(balance)
    return balance


def assert_report_is_fresh(
    report_name: str, heroes: Iterable[str], adventure: str = "", packs: Sequence[str] = ()
) -> None:
    """``docs/<report_name>`` carries the fingerprint of the shipped content files the balance
    tool hashes for ``adventure`` (and the card ``packs``), and has a row for each of
    ``heroes``."""
    balance = load_balance_tool()
    report = (ROOT / "docs" / report_name).read_text(encoding="utf-8")
    stamp = f"- content: `{balance.content_fingerprint(adventure=adventure, packs=packs)}`"
    assert stamp in report, f"docs/{report_name} is stale: run tools/runebound_balance.py again"
    rows = {line.split("|")[1].strip() for line in report.splitlines() if line.startswith("| ")}
    missing = sorted(set(heroes) - rows)
    assert not missing, f"heroes missing from docs/{report_name}: {missing}"
