"""Hero versus hero (RB-5.10).

The attacker, whose movement ended on the defender's hex (not a city), attacks in the adventure
step. Before combat the defender uses before-combat abilities, then the attacker. In odd rounds
the attacker fights as the hero and the defender as the challenge, whose target number for each
step is rolled as 2d10 + its stat; in even rounds the roles swap. Nobody uses allies. There is no
escape; the fight ends when a hero's wounds reach their life (after ``ROUND_LIMIT`` rounds it is
called off undecided, so that heroes who cannot hurt each other do not fight forever). The winner
takes half the loser's gold, then the loser is knocked out, losing no more gold.
"""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.procedure import RuneboundProcedure, ability_options, use_ability
from boardwright.games.runebound.rules import STEP_NAMES, Log, emit
from boardwright.games.runebound.state import RuneboundState

ROUND_LIMIT = 20


class Duel(RuneboundProcedure):
    """Frame: (name, attacker, defender, round, stage, targets, used abilities).

    stage: "before:<seat>" | "round" | "plan" | "resolve:<step>"; targets: the challenge side's
    three rolled target numbers this round.
    """

    name = "duel"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        _, attacker, defender, rnd, stage, targets, used = frame
        rules = self.rules
        if stage.startswith("before:"):
            side = int(stage.split(":")[1])
            found = rules.usable(state, side, "before_combat", used)
            if not found:
                nxt = f"before:{attacker}" if side == defender else "round"
                state.stack[-1] = (self.name, attacker, defender, rnd, nxt, targets, used)
                return None
            options = [*ability_options(found), Option("fight", "start the fight")]
            return Decision(
                side, "before_combat", f"{rules.who(state, side)}: before the duel", tuple(options)
            )
        if stage == "round":
            if rnd >= ROUND_LIMIT:
                emit(log, "duel_end", f"After {rnd} rounds the duel is called off")
                state.stack.pop()
                return None
            rnd += 1
            hero_side, other = self._sides(attacker, defender, rnd)
            rolled = tuple(
                state.rng.die(10)
                + state.rng.die(10)
                + rules.hero_roll_bonus(state, other, s, "defend")
                for s in range(3)
            )
            emit(
                log,
                "duel_round",
                f"Duel round {rnd}: {rules.who(state, hero_side)} attacks; "
                f"{rules.who(state, other)} stands with "
                + ", ".join(f"{STEP_NAMES[s]} {rolled[s]}" for s in range(3)),
                round=rnd,
                hero=hero_side,
                targets=list(rolled),
            )
            state.stack[-1] = (self.name, attacker, defender, rnd, "plan", rolled, used)
            return None
        hero_side, other = self._sides(attacker, defender, rnd)
        if stage == "plan":
            steps = tuple(
                Option(
                    f"attack:{STEP_NAMES[s]}",
                    f"attack in the {STEP_NAMES[s]} step (2d10+"
                    f"{rules.hero_roll_bonus(state, hero_side, s, 'attack')} against "
                    f"{targets[s]})",
                    s,
                )
                for s in range(3)
            )
            return Decision(
                hero_side,
                "duel_attack",
                f"{rules.who(state, hero_side)}: attack {rules.who(state, other)} in which step?",
                steps,
            )
        self._resolve(state, frame, int(stage.split(":")[1]), log)
        return None

    @staticmethod
    def _sides(attacker: int, defender: int, rnd: int) -> tuple[int, int]:
        return (attacker, defender) if rnd % 2 == 1 else (defender, attacker)

    def _resolve(self, state: RuneboundState, frame: Frame, hero_step: int, log: Log) -> None:
        _, attacker, defender, rnd, _, targets, used = frame
        rules = self.rules
        hero_side, other = self._sides(attacker, defender, rnd)
        for s in range(3):
            attacking = s == hero_step
            roll = state.rng.die(10) + state.rng.die(10)
            when = "attack" if attacking else "defend"
            total = roll + rules.hero_roll_bonus(state, hero_side, s, when)
            if total >= targets[s]:
                if attacking:
                    dealt = rules.hero_damage(state, hero_side, s) - rules.armour(state, other, s)
                    rules.hurt_hero(state, other, max(0, dealt), 0)
            else:
                taken = rules.hero_damage(state, other, s) - rules.armour(state, hero_side, s)
                rules.hurt_hero(state, hero_side, max(0, taken), 0)
            emit(
                log,
                "duel_roll",
                f"{STEP_NAMES[s]}: {rules.who(state, hero_side)} "
                f"{'attacks' if attacking else 'defends'}: {total} against {targets[s]}",
                step=STEP_NAMES[s],
                total=total,
                target=targets[s],
            )
            loser = next((x for x in (other, hero_side) if rules.knocked_out(state, x)), -1)
            if loser >= 0:
                self._end(state, attacker, defender, loser, log)
                return
        state.stack[-1] = (self.name, attacker, defender, rnd, "round", (), used)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        _, attacker, defender, rnd, stage, targets, used = frame
        if stage.startswith("before:"):
            side = int(stage.split(":")[1])
            if option.key == "fight":
                nxt = f"before:{attacker}" if side == defender else "round"
                state.stack[-1] = (self.name, attacker, defender, rnd, nxt, targets, used)
                return
            marks = list(used)
            use_ability(self.rules, state, side, option.data, "before_combat", log, marks)
            state.stack[-1] = (self.name, attacker, defender, rnd, stage, targets, tuple(marks))
            return
        state.stack[-1] = (
            self.name,
            attacker,
            defender,
            rnd,
            f"resolve:{option.data}",
            targets,
            used,
        )

    def _end(
        self, state: RuneboundState, attacker: int, defender: int, loser: int, log: Log
    ) -> None:
        rules = self.rules
        winner = attacker if loser == defender else defender
        spoils = state.heroes[loser].gold // 2
        state.heroes[loser].gold -= spoils
        state.heroes[winner].gold += spoils
        emit(
            log,
            "duel_end",
            f"{rules.who(state, winner)} wins the duel and takes {spoils} gold",
            winner=winner,
            loser=loser,
            gold=spoils,
        )
        state.stack.pop()
        knock_out(rules, state, loser, log, lose_gold=False)
