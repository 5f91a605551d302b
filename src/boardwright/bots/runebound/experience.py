"""The experience step's handler: the counter (or pair) that adds the most strength, stamina and
the tests the hero expects to roll as the adventure's play values them."""

from __future__ import annotations

from boardwright.bots.base import Observation
from boardwright.bots.runebound.appraisal import Appraisal
from boardwright.bots.runebound.constants import STEP_STATS
from boardwright.bots.runebound.values import test_chance


class ExperienceHandlers(Appraisal):
    """Experience: ``experience``."""

    def experience(self, observation: Observation) -> int:
        party = self.party(observation)
        options = observation.decision.options
        use = self.ability_to_use(observation, party, ("activate",), 0.3)
        if use is not None:
            return use
        xp_options = [
            (i, o.key[3:].split("+")) for i, o in enumerate(options) if o.key.startswith("xp:")
        ]
        if not xp_options:
            return self.key_index(observation, "done", len(options) - 1)
        colours = self.frontier(party)
        sig = party.sig()
        pre = party.rested_pre()
        base = self.strength(party, sig, pre, colours)
        stamina_worth = self.play.stamina_xp(party)
        tests = self.play.xp_tests(party)
        scores = [-1e9] * len(options)
        for i, kinds in xp_options:  # one counter, or a pair of two kinds (AR-6.9/AR-6.10)
            stamina = kinds.count("stamina")
            others = [k for k in kinds if k != "stamina"]
            score = stamina * stamina_worth
            if others:
                score += self.strength(party, party.sig(extra_xp=others), pre, colours) - base
            for test, worth in tests:  # a test in a stat is 2 easier per counter in it
                plus = 2 * sum(1 for k in kinds if k == test.stat)
                if plus and test.stat in STEP_STATS:
                    now = test_chance(party, test.stat, test.skill, test.difficulty)
                    after = test_chance(party, test.stat, test.skill, test.difficulty - plus)
                    score += (after - now) * worth
            scores[i] = score
        return self.pick(observation, scores)
