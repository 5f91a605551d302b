"""Al-Kalim's event log entries: an event kind told in one of its sentences (its ``variant``)
with JSON-ready data (ids and numbers, never names: a seat and its hero come from
``Rules.party``, a hex from ``Rules.hex_labels``). The texts are made from these only when a
front end asks, through the catalog in ``messages/`` and the display fields of :mod:`.texts`."""

from __future__ import annotations

from typing import Any

from boardwright.engine.texts import VARIANT
from boardwright.games.runebound.rules import Log, emit


def record(log: Log, kind: str, variant: str = "", **data: Any) -> None:
    """Log an event of ``kind`` told in its sentence ``variant`` ("" for the kind's own)."""
    if log is None:
        return  # simulation keeps no log
    if variant:
        data[VARIANT] = variant
    emit(log, kind, **data)
