"""The end of a game at the terminal: ranks, scores and the game's figures per seat.

The headings and the winner line are the terminal's words (``cli.result.*``); a figure of
``Result.details`` is named by the game's catalog (``<prefix>.result.<key>``, e.g.
``rb.result.ended_by``), and so is a word it holds (``<prefix>.result.<key>.<value>``, e.g.
``rb.result.ended_by.round_cap``). A figure or a word the game's catalog does not name shows as
it is, its key with spaces for underscores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from boardwright.engine.catalog import Catalog
from boardwright.engine.game import Result
from boardwright.engine.texts import Texts

from .common import seat_name


def per_seat_details(result: Result) -> dict[str, Sequence[Any]]:
    """The details that hold one value per seat (a column of the result table each)."""
    return {
        key: value
        for key, value in result.details.items()
        if isinstance(value, list | tuple) and len(value) == len(result.scores)
    }


def detail_name(texts: Texts, key: str) -> str:
    """The name of the figure ``key`` in the game's catalog, else the key itself."""
    msgid = f"{texts.prefix}.result.{key}"
    return texts.catalog.text(msgid) if texts.catalog.has(msgid) else key.replace("_", " ")


def detail_value(texts: Texts, key: str, value: Any) -> str:
    """A figure's value; a word (``ended_by``'s ``round cap``) in the game's catalog."""
    if not isinstance(value, str):
        return str(value)
    msgid = f"{texts.prefix}.result.{key}.{value.lower().replace(' ', '_')}"
    return texts.catalog.text(msgid) if texts.catalog.has(msgid) else value


def result_table(
    result: Result, words: Catalog, texts: Texts, kinds: Sequence[str] = ()
) -> RichTable:
    """Ranks and scores per seat (and who played it, if known), plus per-seat details."""
    per_seat = per_seat_details(result)
    table = RichTable(title=words.text("cli.result"), title_justify="left")
    headings = (
        words.text("cli.result.rank"),
        words.text("cli.result.seat"),
        *((words.text("cli.result.who"),) if kinds else ()),
        words.text("cli.result.score"),
        *(detail_name(texts, key) for key in per_seat),
    )
    for heading in headings:
        table.add_column(heading)
    order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    for seat in order:
        shown = f"{result.scores[seat]:g}"
        extra = [str(values[seat]) for values in per_seat.values()]
        who = [kinds[seat] if seat < len(kinds) else "?"] if kinds else []
        table.add_row(str(result.ranks[seat]), seat_name(seat, words), *who, shown, *extra)
    return table


def result_details(result: Result, words: Catalog, texts: Texts) -> list[str]:
    """The details that are not per-seat lists, as ``name: value`` lines."""
    per_seat = per_seat_details(result)
    return [
        words.text(
            "cli.result.detail", name=detail_name(texts, key), value=detail_value(texts, key, value)
        )
        for key, value in result.details.items()
        if key not in per_seat
    ]


def winner_line(result: Result, words: Catalog) -> str:
    """``Winner: Player 2``, or ``Tied: ...`` for several winners."""
    winners = ", ".join(seat_name(s, words) for s in result.winners)
    msgid = "cli.winner" if len(result.winners) == 1 else "cli.tied"
    return words.text(msgid, seats=winners)


def show_result(
    console: Console, result: Result, words: Catalog, texts: Texts, kinds: Sequence[str] = ()
) -> None:
    console.print(result_table(result, words, texts, kinds))
    for line in result_details(result, words, texts):
        console.print(line, markup=False)
    if len(result.scores) >= 2:
        console.print(Text(winner_line(result, words)))
