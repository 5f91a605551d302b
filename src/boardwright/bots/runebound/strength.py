"""Fighting strength and what owning a market card adds to it, compiled with mypyc (see
setup.py): :func:`colour_pw`, :func:`strength` and :func:`card_value`, cached per knowledge.
The bot's appraisal (a mixin, which stays interpreted) calls them; they read only the
knowledge, the party and the card."""

from __future__ import annotations

from collections.abc import Sequence

from boardwright.bots.runebound.constants import ALLY_DISCOUNT, STRENGTH_FIGHTS
from boardwright.bots.runebound.fight import fight_odds
from boardwright.bots.runebound.knowledge import HeroSig, Knowledge
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.values import card_win_value, charge_share, utility_value
from boardwright.games.runebound.records import COLOURS, MarketCard
from boardwright.games.runebound.rules import fits_item_limits


def colour_pw(kb: Knowledge, sig: HeroSig, pre: int, colour: str, tough: bool = False) -> float:
    """The chance to beat a challenge of ``colour`` (the mean over its small sample), starting
    ``pre`` wounds up."""
    key = ("pw", kb.sig_number(sig), pre, colour, tough)
    found = kb.value_cache.get(key)
    if found is not None:
        return found
    samples = kb.small_samples[colour]
    enemies = kb.tough_enemies if tough else kb.enemies
    total = 0.0
    for card_id in samples:
        pw, _, _ = fight_odds(kb, enemies[card_id], sig, pre, 0)
        total += pw
    value = total / len(samples) if samples else 0.0
    kb.value_cache.put(key, value)
    return value


def strength(kb: Knowledge, party: Party, sig: HeroSig, pre: int, colours: Sequence[str]) -> float:
    """What a signature's chances against ``colours`` are worth over the fights expected."""
    total = 0.0
    for colour in colours:
        # a win's mean worth in the colour: a function of the runes held alone
        key = (colour, party.runes)
        worth = kb.colour_worth.get(key)
        if worth is None:
            cards = kb.challenges[colour]
            worth = sum(card_win_value(kb, party, c, counter=True) for c in cards) / max(
                len(cards), 1
            )
            kb.colour_worth[key] = worth
        total += colour_pw(kb, sig, pre, colour, party.tough) * worth * STRENGTH_FIGHTS
    return total


def card_value(
    kb: Knowledge,
    party: Party,
    card: MarketCard,
    colours: Sequence[str],
    drop: Sequence[str] = (),
) -> float:
    """What owning ``card`` (instead of the ``drop`` cards) adds, in gold.

    A pure function of the cache key: the hero's fight signature, its rested before-combat
    damage, stamina, runes held, the card, the colours and the dropped cards.
    """
    key = (
        "card",
        kb.sig_number(party.sig()),
        party.rested_pre(),
        party.stamina,
        party.runes,
        card.id,
        tuple(colours),
        tuple(drop),
    )
    found = kb.value_cache.get(key)
    if found is None:
        found = _card_value_now(kb, party, card, colours, drop)
        kb.value_cache.put(key, found)
    return found


def _card_value_now(
    kb: Knowledge, party: Party, card: MarketCard, colours: Sequence[str], drop: Sequence[str]
) -> float:
    base_sig = party.sig(drop=drop)
    pre_base = party.rested_pre(drop=drop)
    if card.kind == "ally":
        new_sig = party.sig(extra_allies=[card], drop=drop)
    else:
        new_sig = party.sig(extra_items=[card], drop=drop)
    pre_new = party.rested_pre(extra=[card], drop=drop)
    if new_sig == base_sig and pre_new == pre_base:  # nothing the fight model sees
        return utility_value(card)
    gain = strength(kb, party, new_sig, pre_new, colours) - strength(
        kb, party, base_sig, pre_base, colours
    )
    if card.kind == "ally":
        gain *= ALLY_DISCOUNT
    if card.uses is not None:  # PV-8: charges run out
        gain *= charge_share(card)
    return gain + utility_value(card)


def frontier(kb: Knowledge, party: Party) -> tuple[str, ...]:
    """The colours the hero works on: the first it does not beat reliably yet, and the next."""
    sig = party.sig()
    pre = party.pre_damage()
    for i, colour in enumerate(COLOURS):
        if colour_pw(kb, sig, pre, colour, party.tough) < 0.85:
            return tuple(COLOURS[i : i + 2])
    return (COLOURS[-1],)


def best_buy(kb: Knowledge, party: Party, stack: str, gold: int, colours: Sequence[str]) -> float:
    """The most a card of a market stack (named as the view names it) adds over its price,
    among those ``gold`` pays for and the party can carry."""
    shop = 0.0
    for card_id in party.view.get("markets", {}).get(stack, []):
        card = kb.market.get(card_id)
        if card is None or card.cost > gold or not can_carry(party, card):
            continue
        shop = max(shop, card_value(kb, party, card, colours) - card.cost)
    return shop


def can_carry(party: Party, card: MarketCard) -> bool:
    """Whether the party may take ``card`` on top of what it carries."""
    if card.kind == "ally":
        return len(party.allies) < 2
    if card.kind == "dual" or any(c.kind == "dual" for c in party.items):
        return fits_item_limits([*party.items, card])  # PV-11
    if card.kind in ("weapon", "armour"):
        limit = 2 if card.kind == "weapon" else 1
        return sum(1 for c in party.items if c.kind == card.kind) < limit
    return True
