"""Message catalogs: a game's human texts, one gettext ``.po`` file per language.

A game ships ``messages/<language>.po`` inside its package (``en.po`` complete; ``de.po``,
``pl.po``... added later without a code change), and may ship ``names/<language>.po``: the
names of its own content in that language by content id (``msgid`` a card's or hero's id;
the English names are in the content files, so there is no ``names/en.po``), and
``content_texts/<language>.po``: its content's texts (card texts, ability names), keyed by
their English text as in classic gettext.

In ``messages``, ``msgid`` is a stable message id such as ``rs.option.take_tile``; ``msgstr``
is a template with named fields (``{tile}``, ``{seat}``) filled by :meth:`Catalog.format`. A
catalog is read with Babel once per package and language, and only when a text is first asked
for; a missing language, an untranslated or a fuzzy entry falls back to English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files

from babel.messages.pofile import read_po

from boardwright.engine.errors import ConfigError, EngineError

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "de", "pl")
"""The languages every game's catalogs, the web UI's and the terminal's are written in."""
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")


class CatalogError(EngineError):
    """A message id or a field that the English catalog lacks: a bug in a game's catalog."""


class Catalog:
    """The messages of one game in one language, with English behind every missing one."""

    def __init__(
        self,
        language: str,
        messages: Mapping[str, str],
        fallback: Catalog | None = None,
        names: Mapping[str, str] | None = None,
        content_texts: Mapping[str, str] | None = None,
    ) -> None:
        self.language = language
        self.messages = messages
        self.fallback = fallback
        self.names = names or {}
        self.content_texts = content_texts or {}

    def name(self, content_id: str, english: str) -> str:
        """The name of the content record ``content_id`` in this language; ``english`` (the
        content file's name) where there is no translation, e.g. for an owner's own cards."""
        return self.names.get(content_id, english)

    def content_text(self, english: str) -> str:
        """A text of the content (a card's or an ability's) in this language, else as given."""
        return self.content_texts.get(english, english)

    def template(self, msgid: str) -> str:
        """The template of ``msgid`` in this language, else in English."""
        found = self.messages.get(msgid)
        if found is not None:
            return found
        if self.fallback is not None:
            return self.fallback.template(msgid)
        raise CatalogError(f"message {msgid!r} is missing from the {self.language} catalog")

    def has(self, msgid: str) -> bool:
        """Whether this catalog (or English behind it) holds ``msgid``."""
        if msgid in self.messages:
            return True
        return self.fallback is not None and self.fallback.has(msgid)

    def text(self, msgid: str, **fields: object) -> str:
        """The text of ``msgid`` with the named ``fields`` filled in (``str`` of each value)."""
        return self.format(msgid, {name: str(value) for name, value in fields.items()})

    def format(self, msgid: str, fields: Mapping[str, str]) -> str:
        """The text of ``msgid`` with its named fields filled in."""
        template = self.template(msgid)
        try:
            return template.format_map(fields)
        except (KeyError, IndexError, ValueError) as err:
            raise CatalogError(
                f"message {msgid!r} ({self.language}) cannot be filled from fields "
                f"{sorted(fields)}: {err!r}"
            ) from None


@cache
def load_catalog(package: str, language: str = DEFAULT_LANGUAGE) -> Catalog:
    """The catalog of ``package`` (a game's package) in ``language``, read once and cached.

    ConfigError when ``language`` is not a language code such as ``de`` or ``pt_BR``."""
    if not _LANGUAGE_CODE.fullmatch(language):
        raise ConfigError(f"'{language}' is not a language code such as en, de or pl")
    english = None if language == DEFAULT_LANGUAGE else load_catalog(package, DEFAULT_LANGUAGE)
    names = read_messages(package, language, NAMES)
    texts = read_messages(package, language, CONTENT_TEXTS)
    return Catalog(language, read_messages(package, language), english, names, texts)


@cache
def merged_catalog(packages: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Catalog:
    """One catalog of the messages of several packages (a game's base package and the packages
    of the parts it is played with, e.g. a Runebound adventure), read once and cached.

    ``packages`` is a tuple (cache key). A message id found in two of the files is a
    CatalogError: every part names its own messages. ConfigError for a bad language code."""
    if len(packages) == 1:
        return load_catalog(packages[0], language)
    if not _LANGUAGE_CODE.fullmatch(language):
        raise ConfigError(f"'{language}' is not a language code such as en, de or pl")
    messages: dict[str, str] = {}
    names: dict[str, str] = {}
    texts: dict[str, str] = {}
    for package in packages:
        for msgid, text in read_messages(package, language).items():
            if msgid in messages:
                raise CatalogError(
                    f"message {msgid!r} is in the {language} catalogs of two of {list(packages)}"
                )
            messages[msgid] = text
        names.update(read_messages(package, language, NAMES))
        texts.update(read_messages(package, language, CONTENT_TEXTS))
    english = None if language == DEFAULT_LANGUAGE else merged_catalog(packages, DEFAULT_LANGUAGE)
    return Catalog(language, messages, english, names, texts)


MESSAGES = "messages"
NAMES = "names"
CONTENT_TEXTS = "content_texts"


def read_messages(package: str, language: str, folder: str = MESSAGES) -> dict[str, str]:
    """The translated, non-fuzzy entries of ``<package>/<folder>/<language>.po`` (none if the
    file does not exist)."""
    path = files(package).joinpath(folder, f"{language}.po")
    if not path.is_file():
        return {}
    with path.open("rb") as stream:
        catalog = read_po(stream)
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and message.string and not message.fuzzy
    }
