"""Test-session hooks shared by every test folder."""

from __future__ import annotations

import pytest

FULL_FUZZ_SKIP = pytest.mark.skip(
    reason="the full fuzz runs only when selected: pytest -m fuzz_full"
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``fuzz_full`` (the issues' full fuzz counts) run only when the marker
    expression selects them, e.g. ``pytest -m fuzz_full``; a plain run skips them."""
    expression = str(config.getoption("markexpr", "") or "")
    if "fuzz_full" in expression and "not fuzz_full" not in expression:
        return
    for item in items:
        if item.get_closest_marker("fuzz_full") is not None:
            item.add_marker(FULL_FUZZ_SKIP)


def pytest_report_header() -> str:
    """Which build the suite runs: compiled (mypyc) or pure Python (boardwright/_build.py)."""
    import boardwright

    return f"boardwright: the {boardwright.BUILD} build in {boardwright.__path__[0]}"
