"""Where the golden games are: every ``tests/<game>/golden/<name>.json`` save with its trace."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Playthrough:
    """One golden game: its save file and the trace file beside it."""

    save_path: Path

    @property
    def name(self) -> str:
        return f"{self.save_path.parent.parent.name}/{self.save_path.stem}"

    @property
    def trace_path(self) -> Path:
        return self.save_path.with_suffix(".trace")

    def save(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.save_path.read_text(encoding="utf-8"))["save"]
        return data


def playthroughs() -> list[Playthrough]:
    return [Playthrough(path) for path in sorted(TESTS.glob("*/golden/*.json"))]
