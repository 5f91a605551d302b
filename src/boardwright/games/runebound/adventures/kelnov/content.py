"""The content part of Avatars of Kelnov: its folder (``content/runebound/kelnov``, or a
``kelnov`` subfolder of a content pack) with the adventure's 30 cards (KV-20), loaded as
:class:`KelnovContent` into ``RuneboundContent.parts["kelnov"]`` and checked (KV-21)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from boardwright.engine.content import ContentError, ContentRecord, load_records
from boardwright.games.runebound.card_packs import with_sets
from boardwright.games.runebound.content import (
    CONTENT_DIR,
    RuneboundContent,
    content_part,
    is_named_folder,
    validate_folder,
)
from boardwright.games.runebound.records import AdventureCard

KELNOV_FOLDER = "kelnov"  # beside base/, or a subfolder of a content pack; also the cards' set
KELNOV_DIR = CONTENT_DIR.parent / KELNOV_FOLDER
KELNOV_FILES = ("adventures",)
KELNOV_MODELS: dict[str, type[ContentRecord]] = {"adventures": AdventureCard}
MIN_AVATARS = 3  # KV-9: three Avatars win, so fewer could never win
COUNTS = {"green": 7, "yellow": 7, "blue": 6, "red": 10}  # KV-20, KV-21: the seed's counts


@dataclass(frozen=True)
class KelnovContent:
    """Kelnov's cards (KV-20): events and encounters of the piles, the red challenges."""

    adventures: tuple[AdventureCard, ...]


def is_kelnov_folder(directory: Path) -> bool:
    """Whether ``directory`` is a Kelnov folder (``is_named_folder``)."""
    return is_named_folder(directory, KELNOV_FOLDER)


def load_kelnov(directory: Path = KELNOV_DIR) -> KelnovContent:
    """Kelnov's card file from ``directory``, each card of set ``kelnov`` (PK-2), checked."""
    path = directory / "adventures.yaml"
    errors: list[ContentError] = []
    cards = load_records(path, AdventureCard, list_key="adventures")
    cards = with_sets(path, "adventures", cards, KELNOV_FOLDER, errors, (KELNOV_FOLDER,))
    if errors:
        raise errors[0]
    content = KelnovContent(cards)
    check_kelnov(content, path)
    return content


def check_kelnov(content: KelnovContent, path: Path) -> None:
    """KV-21: green, yellow and blue cards are events and encounters, red ones challenges;
    exactly one red card wins the game (Kelnov) and at least three are kept (Avatars); the
    counts per colour are the seed's (7 green, 7 yellow, 6 blue, 10 red)."""
    winners = []
    avatars = 0
    for i, card in enumerate(content.adventures):
        where = f"adventures[{i}] (id {card.id!r})"
        if card.colour == "red" and card.kind != "challenge":
            raise ContentError(str(path), f"{where}.kind", "Kelnov's red cards are challenges")
        if card.colour != "red" and card.kind == "challenge":
            raise ContentError(
                str(path),
                f"{where}.kind",
                "Kelnov's green, yellow and blue cards are events "
                "and encounters (its piles stand in for them, KV-6)",
            )
        if card.reward.wins_game:
            if card.colour != "red":
                raise ContentError(str(path), f"{where}.reward.wins_game", "only a red card")
            winners.append(card.id)
        elif card.colour == "red" and card.reward.dragon_rune:
            avatars += 1
    if len(winners) != 1:
        found = ", ".join(winners) or "none"
        raise ContentError(
            str(path),
            "adventures",
            f"needs exactly one red card that wins the game (Kelnov), found {found}",
        )
    if avatars < MIN_AVATARS:
        raise ContentError(
            str(path),
            "adventures",
            f"needs at least {MIN_AVATARS} Avatars (red cards kept "
            f"with dragon_rune: true), found {avatars}",
        )
    for colour, count in COUNTS.items():
        counted = sum(1 for card in content.adventures if card.colour == colour)
        if counted != count:
            raise ContentError(
                str(path),
                "adventures",
                f"needs {count} {colour} Kelnov cards (KV-21), found {counted}",
            )


def kelnov_content(content: RuneboundContent) -> KelnovContent | None:
    """The Kelnov part of a game's content; None when its folder was not there."""
    return content_part(content, "kelnov", KelnovContent)


def validate_kelnov_dir(directory: Path) -> list[ContentError]:
    """Every problem of a Kelnov folder: its records, then the adventure's checks."""
    return validate_folder(directory, KELNOV_FILES, KELNOV_MODELS, load_kelnov)
