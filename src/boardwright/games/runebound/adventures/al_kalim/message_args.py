"""The JSON-ready arguments of Al-Kalim's options, prompts and events (ids and numbers, never
names), and the event log entry made of them. The texts are made from these only when a front
end asks, through the catalog in ``messages/`` and the display fields of :mod:`.texts`."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event
from boardwright.engine.texts import VARIANT
from boardwright.games.runebound.content import Board
from boardwright.games.runebound.rules import Log, Rules
from boardwright.games.runebound.state import RuneboundState


def hero_args(rules: Rules, state: RuneboundState, seat: int) -> dict[str, Any]:
    """A seat and its hero, written "{seat} ({hero})" by the templates."""
    return {"seat": seat, "hero": rules.heroes[state.heroes[seat].hero].id}


def hex_label(board: Board, index: int) -> str:
    """A hex as its ``"q,r"`` label (the display field ``hex`` names it on the game's board)."""
    return str(board.hexes[index].at)


def record(log: Log, kind: str, variant: str = "", **data: Any) -> None:
    """Log an event of ``kind`` told in its sentence ``variant`` ("" for the kind's own)."""
    if log is None:
        return
    if variant:
        data[VARIANT] = variant
    log.append(Event(kind, data=data))
