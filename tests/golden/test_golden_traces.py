"""Golden playthroughs: replaying each stored save gives the stored trace, line for line.

On a difference the failure shows a unified diff of the first differing lines. When the change
is deliberate, rewrite the traces with ``python -m tests.golden`` and review the diff of
``tests/*/golden/*.trace`` before committing it (see ``tests/golden/__init__.py``).
"""

from __future__ import annotations

import pytest

from .playthroughs import Playthrough, playthroughs
from .trace import build_trace, first_differences, trace_text

REWRITE = "python -m tests.golden"
PLAYTHROUGHS = playthroughs()


def test_every_game_has_golden_playthroughs() -> None:
    games = {p.save()["game"] for p in PLAYTHROUGHS}
    adventures = {p.save()["config"]["options"].get("adventure") for p in PLAYTHROUGHS}
    assert games == {"realm-of-sand", "runebound"}
    assert {"dragonlords", "al-kalim"} <= adventures


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.name)
def test_replaying_the_save_gives_the_stored_trace(playthrough: Playthrough) -> None:
    assert playthrough.trace_path.exists(), f"{playthrough.trace_path} is missing: {REWRITE}"
    stored = playthrough.trace_path.read_text(encoding="utf-8").splitlines()
    built = trace_text(build_trace(playthrough.save())).splitlines()
    assert built[-1].startswith("result "), built[-1]
    if built != stored:
        diff = first_differences(stored, built, name=playthrough.name)
        pytest.fail(f"{diff}\nIf the change is deliberate, rewrite the traces: {REWRITE}")
