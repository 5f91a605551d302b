"""The terminal's own words in the player's language: headings, the help at the prompt, hints
and the result table of ``play`` and ``replay``.

They are the catalog ``messages/<language>.po`` of this package (ids ``cli.*``, read by
:func:`~boardwright.engine.catalog.load_catalog`); the game's own prompts, options, events and
table words come from the game's catalogs. Error lines and the other commands stay English.
"""

from __future__ import annotations

from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog, load_catalog

PACKAGE = __package__ or "boardwright.cli"


def cli_words(language: str = DEFAULT_LANGUAGE) -> Catalog:
    """The terminal's words in ``language`` (English behind every missing one)."""
    return load_catalog(PACKAGE, language)
