"""Human text for options, prompts and events, made from their data only when asked for.

A game gives a :class:`Texts` its catalog, the prefix of its message ids and its display
fields: how each argument becomes a field of a template. The convention: an argument name
means the same thing in every message of a game (``seat`` is always a seat number, ``tile``
always a tile id), so one formatter per name renders it everywhere; a name without a formatter
is shown with ``str``. A formatter may fill a small message of its own, e.g. an optional
", covering 2 piece(s)" that is empty when nothing was covered.

One kind of event or decision may be told in several ways (a heal of the hero or of an ally):
an argument ``variant`` picks the message ``<id>.<variant>`` instead of ``<id>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardwright.engine.catalog import Catalog
from boardwright.engine.decision import Args, Decision, Option
from boardwright.engine.events import Event

FieldFormatter = Callable[[Any, Catalog], str]
"""Renders one argument value as display text, with the catalog for any words it needs."""


class Texts:
    """The text of a game's options, prompts and events in one language.

    Message ids: an option names its own (``Option.what``); a prompt's is
    ``<prefix>.prompt.<kind>``; an event's ``<prefix>.event.<kind>``, with ``.public``
    appended for the copy other seats see of a private event.
    """

    def __init__(
        self,
        catalog: Catalog,
        prefix: str,
        fields: Mapping[str, FieldFormatter] | None = None,
    ) -> None:
        self.catalog = catalog
        self.prefix = prefix
        self.fields = fields or {}

    def option(self, option: Option) -> str:
        return self.message(option.what, option.args)

    def prompt(self, decision: Decision) -> str:
        return self.message(
            variant_id(f"{self.prefix}.prompt.{decision.kind}", decision.args), decision.args
        )

    def event(self, event: Event) -> str:
        suffix = ".public" if event.redacted else ""
        msgid = variant_id(f"{self.prefix}.event.{event.kind}", event.data) + suffix
        return self.message(msgid, event.data)

    def message(self, msgid: str, args: Args) -> str:
        """The text of ``msgid`` with ``args`` rendered as its fields."""
        catalog = self.catalog
        fields = self.fields
        shown = {
            name: fields[name](value, catalog) if name in fields else str(value)
            for name, value in args.items()
        }
        return catalog.format(msgid, shown)


VARIANT = "variant"
"""The argument naming which sentence of a kind tells this one (``<id>.<variant>``)."""


def variant_id(msgid: str, args: Args) -> str:
    """``msgid``, or ``msgid.<variant>`` when the arguments name a variant of the message."""
    variant = args.get(VARIANT)
    return f"{msgid}.{variant}" if variant else msgid
