"""What the bot's choices weigh, cached per knowledge: the worth of drawing from each colour's
deck, the colours the hero works on, fighting strength, what owning a market card adds, and what
a city visit offers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardwright.bots.runebound.constants import (
    CITY_LOTTERY,
    ENCOUNTER,
    SHOPPING_RANGE,
    WOUND,
)
from boardwright.bots.runebound.core import BotCore
from boardwright.bots.runebound.knowledge import HeroSig
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.strength import (
    best_buy,
    can_carry,
    card_value,
    colour_pw,
    frontier,
    strength,
)
from boardwright.bots.runebound.values import card_win_value, choice_value, drawn_odds
from boardwright.games.runebound.records import COLOURS, MarketCard


class Appraisal(BotCore):
    """The bot's valuations that the handlers of several steps (and an adventure's play) share."""

    def _known_elsewhere(self, view: dict[str, Any]) -> set[str]:
        """Adventure cards that cannot be in a deck: runes held, the track, the event in play."""
        out: set[str] = set(view.get("track", []))
        for hero in view.get("heroes", []):
            out.update(hero.get("dragon_runes", []))
        if view.get("event"):
            out.add(view["event"])
        combat = view.get("combat")
        if combat:
            out.add(combat.get("card", ""))
        return out

    def colour_values(self, party: Party) -> dict[str, float]:
        """What drawing from each colour's deck is worth now."""
        kb = self.kb
        sig = party.sig()
        pre = party.pre_damage()
        loss = party.knockout_cost()
        gone = self._known_elsewhere(party.view)
        out: dict[str, float] = {}
        for colour in COLOURS:
            cards = [kb.adventures[c] for c in kb.samples[colour] if c not in gone]
            remaining = sum(1 for c in kb.challenges[colour] if c.id not in gone)
            encounters = kb.encounters[colour]
            if not cards and not encounters:
                out[colour] = 0.0
                continue
            total = 0.0
            for card in cards:
                win = card_win_value(kb, party, card, counter=True)
                pw, pl = drawn_odds(kb, party, card, sig, pre)
                total += win * pw - loss * pl
            encounter = 0.0
            if encounters:
                encounter = sum(
                    max(choice_value(kb, party, ch, card) for ch in card.choices)
                    for card in encounters
                ) / len(encounters)
                encounter = max(encounter, 0.0) + ENCOUNTER
            n_fights = remaining if cards else 0
            n_enc = len(encounters)
            mean_fight = total / len(cards) if cards else 0.0
            out[colour] = (mean_fight * n_fights + encounter * n_enc) / (n_fights + n_enc)
        return out

    def colour_pw(self, sig: HeroSig, pre: int, colour: str, tough: bool = False) -> float:
        return colour_pw(self.kb, sig, pre, colour, tough)

    def frontier(self, party: Party) -> tuple[str, ...]:
        """The colours the hero works on: the first it does not beat reliably yet, and the next."""
        return frontier(self.kb, party)

    def strength(self, party: Party, sig: HeroSig, pre: int, colours: Sequence[str]) -> float:
        return strength(self.kb, party, sig, pre, colours)

    def card_value(
        self, party: Party, card: MarketCard, colours: Sequence[str], drop: Sequence[str] = ()
    ) -> float:
        """What owning ``card`` (instead of the ``drop`` cards) adds, in gold (a pure function
        of the hero's fight signature, rested before-combat damage, stamina, runes held, the
        card, the colours and the dropped cards; cached per knowledge)."""
        return card_value(self.kb, party, card, colours, drop)

    def city_value(self, party: Party, city: str, colours: Sequence[str]) -> float:
        near = self.kb.dist[party.here][self.kb.city_hex[city]] <= SHOPPING_RANGE
        shop = self.best_buy(party, city, party.gold, colours) if near else 0.0
        lottery = CITY_LOTTERY if party.gold >= 3 else 0.0
        return self.healing_value(party) + shop + lottery

    @staticmethod
    def healing_value(party: Party) -> float:
        """Healing bought in a city: the hero's wounds first (the more hurt, the more it is
        worth), then the allies' with the gold left."""
        heal = min(party.wounds, party.gold) * WOUND * (1.0 + party.wounds / max(party.life, 1))
        ally_heal = min(sum(w for _, w, _ in party.allies), max(party.gold - party.wounds, 0))
        return heal + ally_heal * WOUND * 0.5

    def best_buy(self, party: Party, stack: str, gold: int, colours: Sequence[str]) -> float:
        """The most a card of a market stack (named as the view names it) adds over its price,
        among those ``gold`` pays for and the party can carry."""
        return best_buy(self.kb, party, stack, gold, colours)

    @staticmethod
    def can_carry(party: Party, card: MarketCard) -> bool:
        return can_carry(party, card)
