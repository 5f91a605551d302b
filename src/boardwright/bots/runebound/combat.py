"""The combat handlers: abilities before combat, escaping, the hero's attack step, where each
ally attacks, abilities in a combat step and after combat, and a duel's attack."""

from __future__ import annotations

from typing import Any

from boardwright.bots.base import Observation
from boardwright.bots.runebound.appraisal import Appraisal
from boardwright.bots.runebound.constants import EXHAUSTION, STEP_NAMES, WOUND
from boardwright.bots.runebound.core import option_index
from boardwright.bots.runebound.fight import fight_odds, kappa_level, p_at_least
from boardwright.bots.runebound.knowledge import Enemy, HeroSig
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.values import EFFECT_WORTH, StepOdds, card_win_value, effect_value
from boardwright.games.runebound.content import RuneboundContent


class CombatHandlers(Appraisal):
    """Combat: ``before_combat``, ``escape``, ``attack_step``, ``ally_step``, ``combat_step``,
    ``after_combat``, ``duel_attack``."""

    def __init__(self, seed: int, content: RuneboundContent | None = None) -> None:
        super().__init__(seed, content)
        # memory within a combat round: where the allies went
        self._ally_round: tuple[Any, ...] | None = None
        self._ally_shield: set[int] = set()

    def _combat_enemy(self, view: dict[str, Any]) -> Enemy | None:
        combat = view.get("combat")
        if not combat:
            return None
        tough = bool((view.get("advanced") or {}).get("advanced.wounds"))
        night = self.play.night(view)
        return self.kb.enemies_for(tough, night).get(combat.get("card", ""))

    def before_combat(self, observation: Observation) -> int:
        party = self.party(observation)
        scores = []
        for option in observation.decision.options:
            if option.key == "fight":
                scores.append(0.0)
                continue
            ability = self.ability(party, option.key[4:], "before_combat")
            if ability is None:
                scores.append(-1.0)
                continue
            worth = 0.0
            for e in ability.effects:
                if e.do == "damage_enemy":
                    worth += 2.0 * e.amount
                else:
                    worth += effect_value(self.kb, party, [e], moving=False)
            if not party.affordable(ability):
                worth = -1.0
            worth -= EXHAUSTION * ability.cost.exhaustion
            scores.append(worth if worth > 0.1 else -1.0)
        return self.pick(observation, scores)

    def _fight_values(self, party: Party, view: dict[str, Any]) -> tuple[float, float]:
        """(win value, knock-out cost) of the fight in progress."""
        kb = self.kb
        card = kb.adventures.get((view.get("combat") or {}).get("card", ""))
        win = 0.0 if card is None else card_win_value(kb, party, card, counter=True)
        return win, party.knockout_cost()

    def escape(self, observation: Observation) -> int:
        kb = self.kb
        view = observation.view
        enemy = self._combat_enemy(view)
        if enemy is None:
            return self.key_index(observation, "fight")
        party = self.party(observation)
        win, loss = self._fight_values(party, view)
        dealt = int(view["combat"].get("enemy_wounds", 0))
        pw, pl, _ = fight_odds(kb, enemy, party.sig(), dealt, party.wounds, kappa_level(win, loss))
        if win * pw - loss * pl < 0:
            return self.key_index(observation, "escape")
        return self.key_index(observation, "fight")

    def attack_step(self, observation: Observation) -> int:
        kb = self.kb
        view = observation.view
        party = self.party(observation)
        sig = party.sig()
        att, dmg = list(sig[0]), list(sig[2])
        options = observation.decision.options
        step_scores: list[float] = []
        for option in options:
            args = option.args
            step = STEP_NAMES.index(args["step"]) if args.get("step") in STEP_NAMES else -1
            if step < 0 or "target" not in args:
                step_scores.append(-1e9)
                continue
            bonus, value, deal = int(args["bonus"]), int(args["target"]), int(args["deal"])
            att[step], dmg[step] = bonus, deal
            step_scores.append(p_at_least(value - bonus) * deal)
        enemy = self._combat_enemy(view)
        if enemy is None:
            return self.pick(observation, step_scores)
        live = HeroSig(
            (att[0], att[1], att[2]),
            sig[1],
            (dmg[0], dmg[1], dmg[2]),
            sig[3],
            sig[4],
            sig[5],
        )
        win, loss = self._fight_values(party, view)
        dealt = int(view["combat"].get("enemy_wounds", 0))
        _, _, best = fight_odds(kb, enemy, live, dealt, party.wounds, kappa_level(win, loss))
        if best >= 0:
            index = option_index(options, f"attack:{STEP_NAMES[best]}")
            if index is not None:
                return index
        return self.pick(observation, step_scores)

    def ally_step(self, observation: Observation) -> int:
        kb = self.kb
        view = observation.view
        combat = view.get("combat") or {}
        enemy = self._combat_enemy(view)
        party = self.party(observation)
        round_key = (combat.get("card"), combat.get("round"), party.seat)
        if round_key != self._ally_round:
            self._ally_round = round_key
            self._ally_shield = set()
        card = kb.market.get(observation.decision.args.get("item", ""))
        ally = next(((c, w) for c, w, _ in party.allies if card is not None and c is card), None)
        if enemy is None or ally is None:
            return self.key_index(observation, "ally:none")
        card, wounds = ally
        hp = (card.life or 1) - wounds
        sig = party.sig()
        hero_step = STEP_NAMES.index(combat["hero_step"]) if combat.get("hero_step") else -1
        hero_danger = WOUND * max(1.0, party.knockout_cost() / max(party.hp_left, 1) / 2)
        win, _ = self._fight_values(party, view)
        per_wound = max(win, 1.0) / max(enemy.life, 1)
        scores: list[float] = []
        for option in observation.decision.options:
            name = option.key[5:]
            if name == "none":
                scores.append(0.0)
                continue
            t = STEP_NAMES.index(name)
            step = enemy.steps[t]
            if step is None:
                scores.append(-1e9)
                continue
            value, damage = step
            a_stat = (card.mind, card.body, card.spirit)[t]
            assert a_stat is not None
            p = p_at_least(value - a_stat.value)
            score = p * max(0, a_stat.damage - enemy.armour) * per_wound
            if t != hero_step and t not in self._ally_shield:
                q = p_at_least(value - sig[1][t])
                score += (1 - q) * max(0, damage - sig[3][t]) * hero_danger
            if hp <= damage:
                score -= (1 - p) * (card.cost + 1.0)
            else:
                score -= (1 - p) * damage * 0.5
            scores.append(score)
        index = self.pick(observation, scores)
        chosen = observation.decision.options[index].key[5:]
        if chosen in STEP_NAMES and STEP_NAMES.index(chosen) != hero_step:
            self._ally_shield.add(STEP_NAMES.index(chosen))
        return index

    def combat_step(self, observation: Observation) -> int:
        view = observation.view
        party = self.party(observation)
        named = observation.decision.args.get("step")
        step = STEP_NAMES.index(named) if named in STEP_NAMES else -1
        combat = view.get("combat") or {}
        hero_step = STEP_NAMES.index(combat["hero_step"]) if combat.get("hero_step") else -1
        enemy = self._combat_enemy(view)
        if enemy is None or step < 0 or enemy.steps[step] is None:
            return self.key_index(observation, "roll")
        value, damage = enemy.steps[step]  # type: ignore[misc]
        changed = combat.get("enemy_steps")  # PV-2: modify_enemy effects used in this fight
        if changed and changed[step] is not None:
            value, damage = int(changed[step][0]), int(changed[step][1])
        sig = party.sig()
        attacking = step == hero_step
        shielded = (
            not attacking
            and self._ally_round == (combat.get("card"), combat.get("round"), party.seat)
            and step in self._ally_shield
        )
        p = p_at_least(value - (sig[0][step] if attacking else sig[1][step]))
        taken = max(0, damage - sig[3][step])
        critical = party.hp_left <= max(taken, 1) * 2 or enemy.key.startswith("r")
        odds = StepOdds(step, value, sig, p, taken, attacking, critical)
        scores: list[float] = []
        for option in observation.decision.options:
            if option.key == "roll":
                scores.append(0.0)
                continue
            ability = self.ability(party, option.key[4:], "combat_step")  # "*n": RB-6.2
            if ability is None or shielded:
                scores.append(-1.0)
                continue
            cost = ability.cost
            over = party.exhaustion + cost.exhaustion > party.stamina
            if cost.wounds or over or cost.gold > party.gold or (cost.discard and not critical):
                scores.append(-1.0)
                continue
            worth = 0.0
            for e in ability.effects:
                worth += EFFECT_WORTH[e.do].in_step(e, odds)
            worth -= 0.3 * cost.exhaustion
            scores.append(worth if worth > 0.05 else -1.0)
        return self.pick(observation, scores)

    def when_damaged(self, observation: Observation) -> int:
        """PV-3: a reaction before a roll's wounds are taken: worth the wounds it prevents, and
        the knock-out when it saves the hero from one, less its cost."""
        party = self.party(observation)
        coming = int(observation.decision.args.get("wounds", 0))
        falls = party.wounds + coming >= party.life
        scores: list[float] = []
        for option in observation.decision.options:
            if option.key == "take":
                scores.append(0.0)
                continue
            ability = self.ability(party, option.key[4:], "when_damaged")
            if ability is None:
                scores.append(-1.0)
                continue
            cost = ability.cost
            over = party.exhaustion + cost.exhaustion > party.stamina
            if cost.wounds or over or cost.gold > party.gold:
                scores.append(-1.0)
                continue
            saved = min(coming, sum(e.amount for e in ability.effects if e.do == "prevent"))
            worth = WOUND * saved - EXHAUSTION * cost.exhaustion
            if falls and party.wounds + coming - saved < party.life:
                worth += party.knockout_cost()
            elif cost.discard:
                worth -= 2.0 * WOUND
            scores.append(worth if worth > 0.05 else -1.0)
        return self.pick(observation, scores)

    def after_combat(self, observation: Observation) -> int:
        return self.use_or_pass(observation, "after_combat", 0.1)

    def duel_attack(self, observation: Observation) -> int:
        party = self.party(observation)
        sig = party.sig(with_allies=False)
        scores = []
        for option in observation.decision.options:
            args = option.args
            name = args.get("step")
            if name not in STEP_NAMES or "target" not in args:
                scores.append(-1e9)
                continue
            s = STEP_NAMES.index(name)
            bonus, target = int(args["bonus"]), int(args["target"])
            scores.append(p_at_least(target - bonus) * sig[2][s])
        return self.pick(observation, scores)
