"""The market step's handler: abilities, healing, buying the card that adds the most strength per
gold, selling for an upgrade, healing allies and exhaustion."""

from __future__ import annotations

from collections.abc import Sequence

from boardwright.bots.base import Observation
from boardwright.bots.runebound.appraisal import Appraisal
from boardwright.bots.runebound.constants import WOUND
from boardwright.bots.runebound.core import option_index
from boardwright.bots.runebound.party import Party


class MarketHandlers(Appraisal):
    """The market: ``market``."""

    def market(self, observation: Observation) -> int:
        kb = self.kb
        party = self.party(observation)
        options = observation.decision.options
        # free gold and other market abilities first
        use = self.ability_to_use(observation, party, ("market",), 0.2)
        if use is not None:
            return use
        heal = option_index(options, "heal")
        if heal is not None and party.hp_left <= max(2, party.life // 2):
            return heal
        colours = self.frontier(party)
        best, best_net = -1, 0.5
        for i, option in enumerate(options):
            if option.key.startswith("buy:"):
                card = kb.market.get(option.key[4:])
                if card is None:
                    continue
                net = self.card_value(party, card, colours) - card.cost
                if party.gold - card.cost < party.wounds:  # healing first, unless it pays more
                    net -= WOUND * min(party.wounds, card.cost - (party.gold - party.wounds))
                if net > best_net:
                    best, best_net = i, net
        if best >= 0:
            return best
        sell = self._sell_for_upgrade(observation, party, colours)
        if sell is not None:
            return sell
        if heal is not None:
            return heal
        for i, option in enumerate(options):
            if option.key.startswith("heal-ally:"):
                return i
        rest = self._exhaustion_healing(observation, party)
        if rest is not None:
            return rest
        return self.key_index(observation, "done", len(options) - 1)

    def _exhaustion_healing(self, observation: Observation, party: Party) -> int | None:
        """AR-6.8: 1 gold for all of a character's exhaustion, when there is enough of it (any
        at all on the hero costs a movement die under AR-6.4)."""
        fewer_dice = bool(party.advanced.get("advanced.movement_dice"))
        for i, option in enumerate(observation.decision.options):
            if option.key == "heal-exhaustion" and (party.exhaustion >= 2 or fewer_dice):
                return i
            if option.key.startswith("heal-exhaustion-ally:"):
                index = int(option.key.rsplit(":", 1)[1])
                if index < len(party.allies) and party.allies[index][2] >= 2:
                    return i
        return None

    def _sell_for_upgrade(
        self, observation: Observation, party: Party, colours: Sequence[str]
    ) -> int | None:
        kb = self.kb
        city = kb.city_at.get(party.here)
        if city is None:
            return None
        offered = {o.key[4:] for o in observation.decision.options if o.key.startswith("buy:")}
        for card_id in party.view.get("markets", {}).get(city, []):
            card = kb.market.get(card_id)
            if card is None or card.id in offered or card.kind not in ("weapon", "armour"):
                continue
            same = [c for c in party.items if c.kind == card.kind]
            limit = 2 if card.kind == "weapon" else 1
            if len(same) < limit:
                continue
            worst = min(same, key=lambda c: (self.card_value(party, c, colours, drop=[c.id]), c.id))
            sell_key = f"sell:{worst.id}"
            index = option_index(observation.decision.options, sell_key)
            if index is None or party.gold + worst.cost // 2 < card.cost:
                continue
            gain = self.card_value(party, card, colours, drop=[worst.id]) - self.card_value(
                party, worst, colours, drop=[worst.id]
            )
            if gain - card.cost + worst.cost // 2 > 1.0:
                return index
        return None
