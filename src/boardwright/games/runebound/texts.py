"""Runebound's display fields: how message arguments become text (names from the content).

Every argument name means one thing in all of Runebound's messages (see
:mod:`boardwright.engine.texts`): ``seat`` (and ``first``, ``attacker``, ``defender``,
``winner``, ``loser``, ``opponent``) a seat number; ``hero`` (and ``opponent_hero``...) a hero
id; ``card`` an adventure card id; ``item`` a market card id; ``hex``/``to``/``at``/``from`` a
hex label "q,r"; ``city`` a city id; ``colour``, ``step``, ``stat``, ``skill``, ``terrain``,
``kind``, ``counter`` words; ``dice`` a list of die faces ("/"-joined terrains). A few name
a content part by a reference: ``ability`` (an ability key such as ``m12.0``, see
:meth:`Rules.abilities`), ``source`` (what an effect came from) and ``choice`` (an encounter
choice). An adventure adds its own fields (:meth:`Adventure.text_fields`).

The catalog merges the base messages (``messages/<language>.po`` here) with the adventure's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog, CatalogError, merged_catalog
from boardwright.engine.texts import FieldFormatter, Texts
from boardwright.games.runebound.card_packs import is_pack_set
from boardwright.games.runebound.content import Board, RuneboundContent
from boardwright.games.runebound.records import Ability, AdventureCard

if TYPE_CHECKING:  # the adventures import these fields: no import back at run time
    from boardwright.games.runebound.adventures.protocol import Adventure

PACKAGE = __package__ or "boardwright.games.runebound"
PREFIX = "rb"
SEAT_FIELDS = ("seat", "first", "attacker", "defender", "winner", "loser", "opponent")
HERO_FIELDS = ("hero", "attacker_hero", "defender_hero", "winner_hero", "opponent_hero")
HEX_FIELDS = ("hex", "to", "at", "from")


def runebound_texts(
    content: RuneboundContent, adventure: Adventure, language: str = DEFAULT_LANGUAGE
) -> Texts:
    """The texts of games of ``adventure``, whose rules read ``content``."""
    base = display_fields(content)
    fields = {**base, **adventure.text_fields(content, base)}
    return Texts(runebound_catalog(adventure, language), PREFIX, fields)


def runebound_catalog(adventure: Adventure, language: str = DEFAULT_LANGUAGE) -> Catalog:
    """The base game's catalog merged with the adventure's own messages."""
    packages = (
        (PACKAGE,) if adventure.message_package is None else (PACKAGE, adventure.message_package)
    )
    return merged_catalog(packages, language)


def display_fields(content: RuneboundContent) -> dict[str, FieldFormatter]:
    heroes = {hero.id: hero for hero in content.heroes}
    cards = {card.id: card for card in content.adventures}
    items = {card.id: card for card in content.market}
    board = content.board
    hexes = {str(h.at): hex_naming(board, h.index) for h in board.hexes}
    cities = {city.id: city.name for city in board.cities}

    def hero(hero_id: str, catalog: Catalog) -> str:
        return catalog.name(hero_id, heroes[hero_id].name)

    def card(card_id: str, catalog: Catalog) -> str:
        record = cards[card_id]
        return with_set_tag(catalog.name(card_id, record.name), record.card_set, catalog)

    def card_text(card_id: str, catalog: Catalog) -> str:
        return catalog.content_text(cards[card_id].text)

    def item(card_id: str, catalog: Catalog) -> str:
        record = items[card_id]
        return with_set_tag(catalog.name(card_id, record.name), record.card_set, catalog)

    def hex_name(label: str, catalog: Catalog) -> str:
        return hex_text(hexes[label], label, catalog)

    def city(city_id: str, catalog: Catalog) -> str:
        return catalog.name(city_id, cities[city_id])

    def card_ability(ref: Sequence[Any], catalog: Catalog) -> str:
        card_id, index = ref
        return catalog.content_text(str(cards[card_id].abilities[index].name))

    def choice(ref: Sequence[Any], catalog: Catalog) -> str:
        card_id, index = ref
        return catalog.content_text(str(cards[card_id].choices[index].text))

    fields: dict[str, FieldFormatter] = {
        "card": card,
        "card_text": card_text,
        "item": item,
        "city": city,
        "choice": choice,
        "card_ability": card_ability,
        "colours": colours,
        "colour": word("colour"),
        "step": word("step"),
        "stat": word("stat"),
        "skill": skill,
        "terrain": word("terrain"),
        "kind": word("kind"),
        "card_kind": word("kind"),
        "counter": word("xp"),
        "counters": counters,
        "gain": word("gain"),
        "gains": gains,
        "item_kind": word("item_kind"),
        "dice": dice,
        "face": face,
        "targets": targets,
        "order": order(hero),
    }
    fields.update(ability_fields(base_owner(content), cards))
    fields.update(dict.fromkeys(SEAT_FIELDS, seat))
    fields.update(dict.fromkeys(HERO_FIELDS, hero))
    fields.update(dict.fromkeys(HEX_FIELDS, hex_name))
    return fields


HexNaming = tuple[str | None, str, str, bool]
"""What names a hex (:func:`hex_naming`): a city's or place's id or None, its English name,
its terrain's name, and whether the hex has a name of its own (a named hex of the base map)."""


def hex_text(naming: HexNaming, label: str, catalog: Catalog) -> str:
    """A hex's name in the catalog's language: its city's or place's name, a named hex's name,
    else its terrain's word and its label ``q,r`` (the English name where the catalog has no
    word for it)."""
    named, english, terrain, own_name = naming
    if named is not None:
        return catalog.name(named, english)
    if own_name:
        return catalog.content_text(english)
    if catalog.language == DEFAULT_LANGUAGE:
        return english
    try:  # a content pack's own terrain names may have no word here
        return f"{catalog.format(f'rb.terrain.{terrain}', {})} {label}"
    except CatalogError:
        return english


def hex_naming(board: Board, index: int) -> HexNaming:
    """(the id of the city or place that names hex ``index``, or None; its English name; its
    terrain's name), for naming it in any language."""
    h = board.hexes[index]
    named: str | None = None
    if h.city >= 0:
        named = board.cities[h.city].id
    elif h.name:
        named = next((p.id for p in board.locations if index in p.name_hexes), None)
    own_name = named is None and bool(h.name)
    return named, board.hex_name(index), board.terrain_names[h.terrain], own_name


OwnerOf = Callable[[str], tuple[str, str, Ability]]
"""An ability key to its owner's id and English name, and the ability."""


def base_owner(content: RuneboundContent) -> OwnerOf:
    """Owners of the base game's ability keys: ``h<hero index>.<n>``, ``m<market index>.<n>``
    and a kept red card's ``r<adventure index>.<n>`` (RB-4.11; an adventure with keys of its
    own wraps this in its :meth:`Adventure.text_fields`)."""

    def owner_of(key: str) -> tuple[str, str, Ability]:
        owner, index = key[1:].split(".")
        if key[0] == "r":
            kept = content.adventures[int(owner)]
            return kept.id, kept.name, kept.reward.abilities[int(index)]
        found = content.heroes[int(owner)] if key[0] == "h" else content.market[int(owner)]
        return found.id, found.name, found.abilities[int(index)]

    return owner_of


def ability_fields(
    owner_of: OwnerOf, cards: Mapping[str, AdventureCard]
) -> dict[str, FieldFormatter]:
    """``ability`` "Owner: Name", ``ability_text`` "Owner: Name — what it does" (both an
    ability key) and ``source``: what an effect came from, ``card:<adventure card id>``,
    ``owner:<ability key>`` or ``seat:<n>``."""

    def ability(key: str, catalog: Catalog) -> str:
        owner, name, used = owner_of(key)
        return f"{catalog.name(owner, name)}: {catalog.content_text(used.name)}"

    def ability_text(key: str, catalog: Catalog) -> str:
        owner, name, used = owner_of(key)
        shown = catalog.name(owner, name)
        return f"{shown}: {catalog.content_text(used.name)} — {catalog.content_text(used.text)}"

    def source(ref: str, catalog: Catalog) -> str:
        what, _, value = ref.partition(":")
        if what == "card":
            return catalog.name(value, cards[value].name)
        if what == "owner":
            owner, name, _used = owner_of(value)
            return catalog.name(owner, name)
        return seat(int(value), catalog)

    return {"ability": ability, "ability_text": ability_text, "source": source}


def seat(number: int, catalog: Catalog) -> str:
    return catalog.format("rb.seat", {"number": str(number + 1)})


def with_set_tag(name: str, card_set: str, catalog: Catalog) -> str:
    """PK-2: a card pack's card shows its pack's short tag (``rb.set.<pack>``) after its
    name; a base or adventure card shows its name alone."""
    if not is_pack_set(card_set):
        return name
    tag = catalog.format(f"rb.set.{card_set}", {})
    return catalog.format("rb.part.card_set", {"name": name, "set": tag})


def word(group: str) -> FieldFormatter:
    """A word of the catalog: ``rb.<group>.<value>`` (a colour, a step, a terrain...)."""

    def show(value: str, catalog: Catalog) -> str:
        return catalog.format(f"rb.{group}.{value}", {})

    return show


def skill(value: str, catalog: Catalog) -> str:
    """A test's skill after its stat: " lore", or "" for a test of the stat alone."""
    return catalog.format(f"rb.skill.{value}", {}) if value else ""


def gains(kinds: Sequence[str], catalog: Catalog) -> str:
    return catalog.format("rb.and", {}).join(catalog.format(f"rb.gain.{k}", {}) for k in kinds)


def colours(names: Sequence[str], catalog: Catalog) -> str:
    return ", ".join(catalog.format(f"rb.colour.{c}", {}) for c in names)


def counters(kinds: Sequence[str], catalog: Catalog) -> str:
    return catalog.format("rb.and", {}).join(catalog.format(f"rb.xp.{k}", {}) for k in kinds)


def face(text: str, catalog: Catalog) -> str:
    return "/".join(catalog.format(f"rb.terrain.{t}", {}) for t in text.split("/"))


def dice(faces: Sequence[str], catalog: Catalog) -> str:
    if not faces:
        return catalog.format("rb.none", {})
    return ", ".join(face(f, catalog) for f in faces)


def targets(numbers: Sequence[int], catalog: Catalog) -> str:
    """A duel's target numbers, one per step: "ranged 12, melee 9, magic 14"."""
    steps = ("ranged", "melee", "magic")
    return ", ".join(
        f"{catalog.format(f'rb.step.{s}', {})} {n}" for s, n in zip(steps, numbers, strict=True)
    )


def order(hero: FieldFormatter) -> FieldFormatter:
    """Seats with their heroes, as [seat, hero id] pairs: "Player 2 (Elder Mok), ..."."""

    def show(pairs: Sequence[Sequence[Any]], catalog: Catalog) -> str:
        return ", ".join(
            catalog.format("rb.who", {"seat": seat(s, catalog), "hero": hero(h, catalog)})
            for s, h in pairs
        )

    return show
