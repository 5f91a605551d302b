"""The handlers after a knock-out (AR-6.6: the card to lose, the city to wake up in, a new hero)
and the choice of a hero at the start."""

from __future__ import annotations

from boardwright.bots.base import Observation
from boardwright.bots.runebound.appraisal import Appraisal
from boardwright.bots.runebound.party import Party
from boardwright.games.runebound.records import COLOURS


class KnockoutHandlers(Appraisal):
    """Knock-outs and heroes: ``knockout_card``, ``duel_spoils``, ``knockout_city``,
    ``new_hero``, ``choose_hero``."""

    def knockout_card(self, observation: Observation) -> int:
        """Give up the card that adds the least."""
        party = self.party(observation)
        colours = self.frontier(party)
        scores = []
        for option in observation.decision.options:
            card = self.kb.market.get(option.key[5:])
            value = 1e9 if card is None else self.card_value(party, card, colours)
            scores.append(-value)
        return self.pick(observation, scores)

    def duel_spoils(self, observation: Observation) -> int:
        """Take the card that adds the most (RB-5.10)."""
        party = self.party(observation)
        colours = self.frontier(party)
        scores = []
        for option in observation.decision.options:
            card = self.kb.market.get(option.key[5:])
            scores.append(-1e9 if card is None else self.card_value(party, card, colours))
        return self.pick(observation, scores)

    def knockout_city(self, observation: Observation) -> int:
        """Wake up in the city with the most to offer, or nearest the best target."""
        party = self.party(observation)
        colours = self.frontier(party)
        scores = [
            self.city_value(party, option.key[5:], colours)
            if option.key[5:] in self.kb.city_hex
            else -1e9
            for option in observation.decision.options
        ]
        return self.pick(observation, scores)

    def new_hero(self, observation: Observation) -> int:
        """Keep the hero unless a chosen one is clearly stronger (a random draw is kept out)."""
        party = self.party(observation)
        own = self._hero_score(party.hero.id)
        scores = []
        for option in observation.decision.options:
            if option.key.startswith("hero:"):
                scores.append(self._hero_score(option.key[5:]) - own - 0.3)
            else:
                scores.append(0.0 if option.key == "keep" else -1.0)
        return self.pick(observation, scores)

    def _hero_score(self, hero_id: str) -> float:
        """A fresh hero's chance to beat the first three colours (summed)."""
        hero = self.kb.heroes.get(hero_id)
        if hero is None:
            return -1e9
        me = {
            "hero": hero.id,
            "at": "",
            "wounds": 0,
            "exhaustion": 0,
            "gold": 3,
            "life": hero.life,
            "stamina": hero.stamina,
            "mind": hero.mind.value,
            "body": hero.body.value,
            "spirit": hero.spirit.value,
        }
        party = Party(self.kb, {"heroes": [me], "event": None}, 0)
        return sum(self.colour_pw(party.sig(), party.pre_damage(), c) for c in COLOURS[:3])

    def choose_hero(self, observation: Observation) -> int:
        scores = [self._hero_score(option.key[5:]) for option in observation.decision.options]
        return self.pick(observation, scores)
