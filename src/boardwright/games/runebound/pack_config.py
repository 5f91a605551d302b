"""The checks of a game's card packs against its content and adventure (docs/rules/packs.md
PK-3 to PK-6): one-line ConfigErrors before a game is set up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardwright.engine.errors import ConfigError
from boardwright.games.runebound.card_packs import FAMILY_NAME, pack_ids, pack_record

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.protocol import Adventure
    from boardwright.games.runebound.content import RuneboundContent

IMPORT_HINT = (
    "import its cards with 'boardwright content import runebound FOLDER --name NAME' and play "
    "with '--content NAME' (docs/content.md, card packs)"
)


def check_packs(
    content: RuneboundContent, adventure: Adventure, options: Mapping[str, Any]
) -> None:
    """ConfigError for packs a game cannot use: cards not installed (PK-3), a mode with no
    pack of its family (PK-4, PK-5), adventure-card packs in an adventure whose options refuse
    them (PK-6)."""
    chosen = tuple(options.get("packs", ()))
    for pack in chosen:
        if pack not in content.packs:
            record = pack_record(pack)
            title = f" ({record.title})" if record is not None else ""
            raise ConfigError(
                f"card pack '{pack}'{title} is not installed: this content has none of its "
                f"cards; {IMPORT_HINT}"
            )
    for family, option in (("market", "packs.market_mode"), ("adventure", "packs.adventure_mode")):
        if options.get(option, "mixed") != "mixed" and not set(chosen) & set(pack_ids(family)):
            raise ConfigError(
                f"{option}={options[option]} needs {FAMILY_NAME[family]} in --packs "
                f"({', '.join(pack_ids(family))})"
            )
    refused = [p for p in chosen if p in pack_ids("adventure")]
    why = adventure.adventure_packs_refusal(options) if refused else ""
    if why:
        raise ConfigError(
            f"the adventure-card pack(s) {', '.join(refused)} cannot join the "
            f"{adventure.option_value} adventure: {why} (see 'boardwright rules runebound "
            "PK-6'); leave them out of --packs"
        )
