"""Hero versus hero (RB-5.10).

The attacker, whose movement ended on the defender's hex, attacks in the adventure step.
Before combat the defender uses before-combat abilities, then the attacker (a strike wounds the
other hero). In odd rounds the attacker fights as the hero and the defender as the challenge,
whose target number for each step is rolled as 2d10 + its stat; in even rounds the roles swap.
The side playing the hero fights as in RB-5.4-5.6, allies included; the side playing the
challenge never uses allies. There is no escape; the fight ends when a hero's wounds reach their
life (after ``ROUND_LIMIT`` rounds it is called off undecided, so that heroes who cannot hurt
each other do not fight forever — reconstructed). The winner takes half the loser's gold, then
the loser is knocked out, losing no more gold; with ``duel_spoils=card`` the winner also takes
one of the loser's items or allies (the ``spoils`` frame), which spares the loser the card a
standard knock-out costs.
"""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.combat import Combat
from boardwright.games.runebound.effects import REROLL
from boardwright.games.runebound.knockout import knock_out, ordinary_cards
from boardwright.games.runebound.procedure import (
    RuneboundProcedure,
    ability_options,
    repeats_for,
    use_ability,
)
from boardwright.games.runebound.rules import STEP_NAMES, STEP_STATS, Log, emit
from boardwright.games.runebound.state import RuneboundState

ROUND_LIMIT = 20


class Duel(RuneboundProcedure):
    """Frame: (name, attacker, defender, round, stage, targets, used abilities, ally plan).

    stage: "before:<seat>" | "round" | "plan" | "ally:<i>" | "boost:<step>:<side>:<marks>" |
    "resolve:<step>:<marks>" (side 0 plays the hero, 1 the challenge; marks: the lengths of
    the attacker's and the defender's turn modifiers before the step); targets: the
    challenge side's three rolled target numbers this round; ally plan: (ally card, step) pairs
    of the side playing the hero.
    """

    name = "duel"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        _, attacker, defender, rnd, stage, targets, used, _ = frame
        rules = self.rules
        if stage.startswith("before:"):
            side = int(stage.split(":")[1])
            found = rules.usable(state, side, "before_combat", used, fighting=True)
            if state.opts.advanced_activation_limit and any(  # AR-6.3: one per side
                key in used for key, _, _ in rules.abilities(state, side, "before_combat")
            ):
                found = []
            if not found:
                self._set(state, frame, stage=self._after_before(side, attacker, defender))
                return None
            return Decision(
                side,
                "before_combat",
                options=(
                    *ability_options(found, repeats_for(rules, state, side)),
                    Option("fight", what="rb.option.fight"),
                ),
                args={
                    "variant": "duel",
                    **rules.party(state, side),
                    **self._opponent(state, attacker if side == defender else defender),
                },
            )
        if stage == "round":
            if rnd >= ROUND_LIMIT:
                emit(log, "duel_end", variant="called_off", round=rnd)
                state.stack.pop()
                return None
            rnd += 1
            state.activations = 0  # AR-6.3: one activation per combat round
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
                round=rnd,
                **rules.party(state, hero_side),
                **self._opponent(state, other),
                targets=list(rolled),
            )
            state.stack[-1] = (self.name, attacker, defender, rnd, "plan", rolled, used, ())
            return None
        hero_side, other = self._sides(attacker, defender, rnd)
        if stage == "plan":
            steps = tuple(
                Option(
                    f"attack:{STEP_NAMES[s]}",
                    data=s,
                    what="rb.option.duel_attack",
                    args={
                        "step": STEP_NAMES[s],
                        "bonus": rules.hero_roll_bonus(state, hero_side, s, "attack"),
                        "target": targets[s],
                    },
                )
                for s in range(3)
            )
            return Decision(
                hero_side,
                "duel_attack",
                options=steps,
                args={**rules.party(state, hero_side), **self._opponent(state, other)},
            )
        if stage.startswith("ally:"):
            index = int(stage.split(":")[1])
            allies = state.heroes[hero_side].allies
            if index >= len(allies):
                self._set(state, frame, stage=self._step_stage(state, attacker, defender, 0))
                return None
            ally = rules.market[allies[index].card].id
            choices = [
                Option(
                    f"ally:{STEP_NAMES[s]}",
                    data=s,
                    what="rb.option.ally_attacks",
                    args={"item": ally, "step": STEP_NAMES[s]},
                )
                for s in range(3)
            ]
            choices.append(
                Option("ally:none", data=-1, what="rb.option.ally_stays", args={"item": ally})
            )
            return Decision(
                hero_side,
                "ally_step",
                options=tuple(choices),
                args={**rules.party(state, hero_side), "item": ally},
            )
        if stage.startswith("boost:"):
            return self._boost(state, frame, log)
        _, s, marks_a, marks_d = stage.split(":")
        self._resolve(state, frame, int(s), log)
        # the step's own modifiers (RB-5.10: combat-step abilities) end with it
        del state.heroes[attacker].turn_mods[int(marks_a) :]
        del state.heroes[defender].turn_mods[int(marks_d) :]
        top = state.stack[-1] if state.stack else ()
        if top[:1] == (self.name,) and top[4] == stage:  # nobody fell: the next step
            if int(s) < 2:
                self._set(
                    state, frame, stage=self._step_stage(state, attacker, defender, int(s) + 1)
                )
            else:
                self._set(state, frame, stage="round", targets=(), plan=())
        return None

    def _step_stage(self, state: RuneboundState, attacker: int, defender: int, step: int) -> str:
        """The stage that opens a step: each side's combat-step abilities first (option
        ``duel_abilities``), with the lengths of both turn-modifier lists to go back to."""
        marks = f"{len(state.heroes[attacker].turn_mods)}:{len(state.heroes[defender].turn_mods)}"
        if state.opts.duel_abilities:
            return f"boost:{step}:0:{marks}"
        return f"resolve:{step}:{marks}"

    def _boost(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        """RB-5.10 (option duel_abilities): before a step is rolled, the side playing the hero,
        then the side playing the challenge, may use combat-step abilities (RB-2.3: each once
        per turn) that fit the step."""
        _, attacker, defender, rnd, stage, _, _, _ = frame
        _, step, who, marks_a, marks_d = stage.split(":")
        rules = self.rules
        sides = self._sides(attacker, defender, rnd)
        side = sides[int(who)]
        found = [
            f
            for f in rules.usable(
                state, side, "combat_step", state.heroes[side].used, fighting=True
            )
            if Combat.fits(f[2], int(step)) and rules.may_activate(state)
        ]
        if not found:
            following = (
                f"boost:{step}:1:{marks_a}:{marks_d}"
                if who == "0"
                else f"resolve:{step}:{marks_a}:{marks_d}"
            )
            self._set(state, frame, stage=following)
            return None
        return Decision(
            side,
            "combat_step",
            options=(
                *ability_options(found, repeats_for(rules, state, side)),
                Option("roll", what="rb.option.roll_dice"),
            ),
            args={
                "variant": "duel",
                **rules.party(state, side),
                **self._opponent(state, sides[1 - int(who)]),
                "step": STEP_NAMES[int(step)],
            },
        )

    def _opponent(self, state: RuneboundState, seat: int) -> dict[str, object]:
        """The message arguments naming the other side of the duel."""
        return {"opponent": seat, "opponent_hero": self.rules.heroes[state.heroes[seat].hero].id}

    @staticmethod
    def _sides(attacker: int, defender: int, rnd: int) -> tuple[int, int]:
        return (attacker, defender) if rnd % 2 == 1 else (defender, attacker)

    @staticmethod
    def _after_before(side: int, attacker: int, defender: int) -> str:
        return f"before:{attacker}" if side == defender else "round"

    def _set(self, state: RuneboundState, frame: Frame, **changes: object) -> None:
        names = ("name", "attacker", "defender", "round", "stage", "targets", "used", "plan")
        values = dict(zip(names, frame, strict=True))
        values.update(changes)
        state.stack[-1] = tuple(values[n] for n in names)

    def _resolve(self, state: RuneboundState, frame: Frame, s: int, log: Log) -> None:
        """One step of the round: the side playing the hero attacks or defends, its attacking
        allies roll on their own; a hero falling ends the duel."""
        _, attacker, defender, rnd, _, targets, _, plan = frame
        rules = self.rules
        hero_side, other = self._sides(attacker, defender, rnd)
        party = state.heroes[hero_side]
        ally_steps = dict(plan)
        hero_step = ally_steps[-1]
        # the challenge side's combat-step modifiers raise its target (RB-5.10)
        target = targets[s] + self._step_bonus(state, other, s)
        attackers = [a for a in party.allies if ally_steps.get(a.card, -2) == s]
        if s == hero_step or not attackers:
            attacking = s == hero_step
            roll = state.rng.die(10) + state.rng.die(10)
            if (REROLL, 1) in party.turn_mods:
                roll = max(roll, state.rng.die(10) + state.rng.die(10))
            when = "attack" if attacking else "defend"
            total = roll + rules.hero_roll_bonus(state, hero_side, s, when)
            if total >= target:
                if attacking:
                    dealt = rules.hero_damage(state, hero_side, s) - rules.armour(state, other, s)
                    rules.hurt_hero(state, other, max(0, dealt), 0)
            elif not (attacking and state.opts.failed_attack == "miss"):  # RB-5.5
                taken = rules.hero_damage(state, other, s) - rules.armour(state, hero_side, s)
                rules.hurt_hero(state, hero_side, max(0, taken), 0)
            emit(
                log,
                "duel_roll",
                variant="attack" if attacking else "defend",
                **rules.party(state, hero_side),
                step=STEP_NAMES[s],
                total=total,
                target=target,
            )
        for ally in attackers:
            stats = rules.market[ally.card]
            attack = (stats.mind, stats.body, stats.spirit)[s]
            assert attack is not None
            total = state.rng.die(10) + state.rng.die(10) + attack.value
            if total >= target:
                rules.hurt_hero(
                    state, other, max(0, attack.damage - rules.armour(state, other, s)), 0
                )
            else:
                rules.hurt_ally(state, hero_side, ally, rules.hero_damage(state, other, s), 0, log)
            emit(
                log,
                "duel_roll",
                variant="ally",
                item=stats.id,
                step=STEP_NAMES[s],
                total=total,
                target=target,
            )
        loser = next((x for x in (other, hero_side) if rules.knocked_out(state, x)), -1)
        if loser >= 0:
            self._end(state, attacker, defender, loser, log)

    def _step_bonus(self, state: RuneboundState, seat: int, step: int) -> int:
        """What the seat's modifiers used for this step add to its value (the round's target
        was rolled before them)."""
        stat = STEP_STATS[step]
        return sum(amount for changed, amount in state.heroes[seat].turn_mods if changed == stat)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        _, attacker, defender, rnd, stage, _, used, plan = frame
        if stage.startswith("before:"):
            side = int(stage.split(":")[1])
            if option.key == "fight":
                self._set(state, frame, stage=self._after_before(side, attacker, defender))
                return
            marks = list(used)
            opponent = attacker if side == defender else defender
            use_ability(
                self.rules, state, side, option.data, "before_combat", log, marks, opponent=opponent
            )
            self._set(state, frame, used=tuple(marks))
            loser = next((x for x in (opponent, side) if self.rules.knocked_out(state, x)), -1)
            if loser >= 0:
                self._end(state, attacker, defender, loser, log)
            return
        hero_side, _ = self._sides(attacker, defender, rnd)
        if stage.startswith("boost:"):
            _, step, who, marks_a, marks_d = stage.split(":")
            if option.key == "roll":
                following = (
                    f"boost:{step}:1:{marks_a}:{marks_d}"
                    if who == "0"
                    else f"resolve:{step}:{marks_a}:{marks_d}"
                )
                self._set(state, frame, stage=following)
                return
            side = self._sides(attacker, defender, rnd)[int(who)]
            opponent = attacker if side == defender else defender
            use_ability(
                self.rules,
                state,
                side,
                option.data,
                "combat_step",
                log,
                state.heroes[side].used,
                opponent=opponent,
            )
            loser = next((x for x in (opponent, side) if self.rules.knocked_out(state, x)), -1)
            if loser >= 0:  # the step's modifiers end with the duel
                del state.heroes[attacker].turn_mods[int(marks_a) :]
                del state.heroes[defender].turn_mods[int(marks_d) :]
                self._end(state, attacker, defender, loser, log)
            return
        if stage == "plan":
            self._set(state, frame, stage="ally:0", plan=((-1, option.data),))
            return
        index = int(stage.split(":")[1])
        card = state.heroes[hero_side].allies[index].card
        self._set(state, frame, stage=f"ally:{index + 1}", plan=(*plan, (card, option.data)))

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
            winner=winner,
            winner_hero=rules.heroes[state.heroes[winner].hero].id,
            loser=loser,
            gold=spoils,
        )
        state.stack.pop()
        emit(log, "knocked_out", **rules.party(state, loser))  # every knock-out is logged
        # RB-5.10 (duel_spoils=card): the winner takes one of the loser's cards that they can
        # carry, instead of the card the knock-out would cost the loser
        takes = state.opts.duel_spoils == "card" and any(
            rules.can_carry(state, winner, c) for c in ordinary_cards(rules, state, loser)
        )
        knock_out(rules, state, loser, log, lose_gold=False, lose_card=not takes)
        if rules.knocked_out(state, winner):  # both fell in the same step
            emit(log, "knocked_out", variant="too", **rules.party(state, winner))
            knock_out(rules, state, winner, log, lose_gold=False)
        if takes and not state.finished:
            state.stack.append(("spoils", winner, loser))
