"""The content part of Cult of the Rune: its folder (``content/runebound/cult``, or a ``cult``
subfolder of a content pack) with the 30 rune cultists (CR-47), loaded as
:class:`CultContent` into ``RuneboundContent.parts["cult"]`` and checked (CR-48)."""

from __future__ import annotations

from collections.abc import Iterator
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
from boardwright.games.runebound.records import CULT_EFFECTS, AdventureCard, Effect

CULT_FOLDER = "cult"  # beside base/, or a subfolder of a content pack; also the cards' set
CULT_DIR = CONTENT_DIR.parent / CULT_FOLDER
CULT_FILES = ("adventures",)
CULT_MODELS: dict[str, type[ContentRecord]] = {"adventures": AdventureCard}
COUNTS = {"green": 8, "yellow": 8, "blue": 7, "red": 7}  # CR-1
TRAIT = "cultist"  # CR-47
# CR-43, CR-44, CR-46: where each of the cult's primitives may stand
TIMINGS = {
    "cult_move": ("after_knockout", "reward"),
    "corrupt": ("before_combat", "after_knockout", "failure"),
}
ONLY_IF_TIMINGS = ("before_combat", "combat_round", "after_knockout", "after_combat")


@dataclass(frozen=True)
class CultContent:
    """The cult's cards (CR-1): challenges only, 8 green, 8 yellow, 7 blue, 7 red."""

    adventures: tuple[AdventureCard, ...]


def is_cult_folder(directory: Path) -> bool:
    """Whether ``directory`` is a cult folder (``is_named_folder``)."""
    return is_named_folder(directory, CULT_FOLDER)


def load_cult(directory: Path = CULT_DIR) -> CultContent:
    """The cult's card file from ``directory``, each card of set ``cult`` (PK-2), checked."""
    path = directory / "adventures.yaml"
    errors: list[ContentError] = []
    cards = load_records(path, AdventureCard, list_key="adventures")
    cards = with_sets(path, "adventures", cards, CULT_FOLDER, errors, (CULT_FOLDER,))
    if errors:
        raise errors[0]
    content = CultContent(cards)
    check_cult(content, path)
    return content


def placed_effects(card: AdventureCard) -> Iterator[tuple[str, str, Effect]]:
    """(place in the record, where it acts, effect) of every effect of a card, a test's
    failure effects included: where is a timing, ``reward`` or ``failure``."""
    for i, ability in enumerate(card.abilities):
        for j, effect in enumerate(ability.effects):
            yield f"abilities[{i}].effects[{j}]", ability.timing, effect
            if effect.do == "test":
                for k, failure in enumerate(effect.failure):
                    yield f"abilities[{i}].effects[{j}].failure[{k}]", "failure", failure
    for j, effect in enumerate(card.reward.effects):
        yield f"reward.effects[{j}]", "reward", effect


def cult_vocabulary(card: AdventureCard) -> Iterator[str]:
    """The places where a card uses the cult's own vocabulary (CR-43 to CR-46)."""
    for place, _, effect in placed_effects(card):
        if effect.do in CULT_EFFECTS:
            yield f"{place}.do"
    for i, ability in enumerate(card.abilities):
        if ability.only_if is not None:
            yield f"abilities[{i}].only_if"


def check_cult(content: CultContent, path: Path) -> None:
    """CR-48: the counts per colour, challenges with the trait cultist, no kept or winning
    reward, and the cult's primitives only where CR-43 to CR-46 allow them."""
    file = str(path)
    for i, card in enumerate(content.adventures):
        where = f"adventures[{i}] (id {card.id!r})"
        if card.kind != "challenge":
            raise ContentError(file, f"{where}.kind", "every cult card is a challenge (CR-1)")
        if TRAIT not in card.traits:
            raise ContentError(file, f"{where}.traits", f"a cultist has the trait {TRAIT!r}")
        reward = card.reward
        if reward.dragon_rune or reward.wins_game or reward.abilities:
            raise ContentError(
                file, f"{where}.reward", "a cultist's reward is never kept nor wins (CR-47)"
            )
        for place, acts, effect in placed_effects(card):
            allowed = TIMINGS.get(effect.do)
            if allowed is not None and acts not in allowed:
                raise ContentError(
                    file, f"{where}.{place}", f"{effect.do} acts only in {', '.join(allowed)}"
                )
        for j, ability in enumerate(card.abilities):
            if ability.only_if is not None and ability.timing not in ONLY_IF_TIMINGS:
                raise ContentError(
                    file,
                    f"{where}.abilities[{j}].only_if",
                    f"only_if is for a fight's abilities ({', '.join(ONLY_IF_TIMINGS)})",
                )
    for colour, count in COUNTS.items():
        found = sum(1 for card in content.adventures if card.colour == colour)
        if found != count:
            raise ContentError(
                file, "adventures", f"needs {count} {colour} cultists (CR-1), found {found}"
            )


def cult_content(content: RuneboundContent) -> CultContent | None:
    """The cult part of a game's content; None when its folder was not there."""
    return content_part(content, "cult", CultContent)


def validate_cult_dir(directory: Path) -> list[ContentError]:
    """Every problem of a cult folder: its records, then the adventure's checks."""
    return validate_folder(directory, CULT_FILES, CULT_MODELS, load_cult)
