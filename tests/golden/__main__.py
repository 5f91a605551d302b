"""``python -m tests.golden``: rewrite every golden trace from its stored save;
``python -m tests.golden --record``: re-record the Runebound saves with the heuristic bots first."""

from __future__ import annotations

import sys

from .playthroughs import playthroughs
from .record import write_runebound_saves
from .trace import build_trace, trace_text

USAGE = "usage: python -m tests.golden [--record]"


def main(argv: list[str]) -> int:
    if argv not in ([], ["--record"]):
        print(USAGE, file=sys.stderr)
        return 2
    if argv == ["--record"]:
        for path in write_runebound_saves():
            print(f"recorded {path}")
    for playthrough in playthroughs():
        lines = build_trace(playthrough.save())
        playthrough.trace_path.write_text(trace_text(lines), encoding="utf-8")
        print(f"wrote {playthrough.trace_path}: {len(lines)} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
