"""The adventure step's handlers: which adventure to take (a colour, the undefeated challenge, a
duel) and an encounter's choice."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from boardwright.bots.base import Observation
from boardwright.bots.runebound.appraisal import Appraisal
from boardwright.bots.runebound.fight import p_beats_roll
from boardwright.bots.runebound.knowledge import HeroSig
from boardwright.bots.runebound.party import Party, undefeated_here
from boardwright.bots.runebound.values import challenge_ev, choice_value


class AdventureHandlers(Appraisal):
    """Adventures: ``adventure``, ``encounter``."""

    def adventure(self, observation: Observation) -> int:
        kb = self.kb
        party = self.party(observation)
        counter_value: Callable[[int, Sequence[str]], float] | None = None
        scores: list[float] = []
        for option in observation.decision.options:
            key = option.key
            if key == "skip":
                scores.append(0.0)
            elif key == "undefeated":
                found = undefeated_here(kb, party)
                scores.append(-1e9 if found is None else challenge_ev(kb, party, *found))
            elif key.startswith("adventure:"):
                if counter_value is None:
                    counter_value = self.play.counter_values(party)
                scores.append(counter_value(party.here, (key[10:],)))
            elif key.startswith("attack:"):
                scores.append(self.duel_value(party, int(key[7:]) - 1))
            else:
                scores.append(-1e9)
        return self.pick(observation, scores)

    def duel_value(self, party: Party, other: int) -> float:
        heroes = party.view.get("heroes", [])
        if not 0 <= other < len(heroes):
            return -1e9
        them = self.play.party(party.view, other)
        mine, theirs = party.sig(with_allies=False), them.sig(with_allies=False)

        def per_round(a: HeroSig, b: HeroSig) -> tuple[float, float]:
            """Damage dealt and taken in a round where ``a`` fights as the hero."""
            best_dealt, best_taken = 0.0, 0.0
            best = -1e9
            for s in range(3):
                p = p_beats_roll(a[0][s], b[1][s])
                dealt = p * max(0, a[2][s] - b[3][s])
                taken = (1 - p) * max(0, b[2][s] - a[3][s])
                for t in range(3):
                    if t != s:
                        q = p_beats_roll(a[1][t], b[1][t])
                        taken += (1 - q) * max(0, b[2][t] - a[3][t])
                if dealt - taken > best:
                    best, best_dealt, best_taken = dealt - taken, dealt, taken
            return best_dealt, best_taken

        d1, t1 = per_round(mine, theirs)
        d2, t2 = per_round(theirs, mine)
        dealt = d1 + t2
        taken = t1 + d2
        if dealt <= 0.05:
            return -1e9
        my_time = party.hp_left / max(taken, 0.05)
        # a rival at no life left (wounds up to a lowered life) falls in the first round
        their_time = max(them.hp_left, 0.05) / dealt
        ratio = my_time / their_time
        p_win = ratio**2 / (1 + ratio**2)
        leader = 3.0 * them.runes
        gain = them.gold // 2 + leader + 1.0
        return p_win * gain - (1 - p_win) * (party.knockout_cost() + party.gold // 2) - 1.0

    def encounter(self, observation: Observation) -> int:
        kb = self.kb
        party = self.party(observation)
        card = kb.adventures.get(observation.decision.args.get("card", ""))
        if card is not None and card.kind != "encounter":
            card = None
        if card is None:
            return self.rng.below(len(observation.decision.options))
        scores = []
        for option in observation.decision.options:
            i = int(option.key.split(":")[1]) - 1
            scores.append(
                choice_value(kb, party, card.choices[i], card) if i < len(card.choices) else -1e9
            )
        return self.pick(observation, scores)
