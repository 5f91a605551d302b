"""Combat with a challenge (RB-5): before combat, then rounds of escape, ranged, melee, magic."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.advanced import exact_counters
from boardwright.games.runebound.adventure import discard_adventure, take_counter
from boardwright.games.runebound.effects import apply_effects, next_market_card
from boardwright.games.runebound.endgame import finish_endgame_fight
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.procedure import (
    RuneboundProcedure,
    ability_options,
    repeats_for,
    use_ability,
)
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import STEP_NAMES, Log, Rules, emit
from boardwright.games.runebound.state import CombatState, RuneboundState

TRACK_SIZE = 6  # RB-1.5
ROUND_LIMIT = 30  # RB-5.3 (safety): a fight nobody can win ends as an escape
RUNES_TO_WIN = 3  # RB-9.2


class CombatStart(RuneboundProcedure):
    """Set up the fight; the challenge's own before-combat abilities come first (RB-5.1).

    Frame: (name, card, hex, source) with source "counter:<colour>", "undefeated" or "encounter".
    """

    name = "combat_start"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        card_index: int = frame[1]
        seat = state.seat
        rules = self.rules
        card = rules.adventures[card_index]
        state.combat = CombatState(card_index, frame[2], frame[3])
        if frame[3] == "ambush":
            state.combat.escape_penalty = AMBUSH_ESCAPE_PENALTY  # AK-8.10
        state.activations = 0  # AR-6.3: the before-combat window opens
        emit(
            log,
            "combat",
            **rules.party(state, seat),
            card=card.id,
            life=rules.enemy_life(state, card),
        )
        travel = frame[3] == "travel"  # RB-10.1: no before-combat actions on either side
        at = len(state.stack) - 1  # an effect may push a frame (a choice) above this one
        for index, ability in enumerate(card.abilities):
            if (
                ability.timing == "before_combat"
                and not travel
                and rules.ability_acts(state, seat, ability)  # CR-46
            ):
                emit(log, "ability", variant="card", card=card.id, card_ability=[card.id, index])
                apply_effects(rules, state, seat, ability.effects, log, source=f"card:{card.id}")
        state.stack[at] = ("combat", "round" if travel else "before", 0)
        if rules.knocked_out(state, seat):
            state.stack[at] = ("combat", "lost", 0)
        return None


class Combat(RuneboundProcedure):
    """The rounds. Frame: (name, stage, index): stage before | round | escape | plan | ally |
    boost | resolve | won | lost | escaped; index is an ally or a step."""

    name = "combat"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        stage: str = frame[1]
        index: int = frame[2]
        combat = state.combat
        assert combat is not None
        seat = state.seat
        h = state.heroes[seat]
        rules = self.rules
        card = rules.adventures[combat.card]
        steps = rules.steps_of(card)
        stack = state.stack
        party = rules.party(state, seat)
        if stage == "before":
            found = rules.usable(state, seat, "before_combat", combat.used)
            if not found or not rules.may_activate(state):  # AR-6.3: one before combat
                stack[-1] = (self.name, "round", 0)
                return None
            options = [
                *ability_options(found, repeats_for(rules, state, seat)),
                Option("fight", what="rb.option.fight"),
            ]
            return Decision(
                seat, "before_combat", options=tuple(options), args={**party, "card": card.id}
            )
        if stage == "round":
            if rules.falls(state, combat.enemy_wounds, rules.enemy_life(state, card)):
                stack[-1] = (self.name, "won", 0)
                return None
            if combat.round >= ROUND_LIMIT:  # neither side can finish the other: it peters out
                emit(log, "stalemate", card=card.id, round=combat.round)
                stack[-1] = (self.name, "escaped", 0)
                return None
            combat.round += 1
            state.activations = 0  # AR-6.3: one activation per combat round
            combat.hero_step = -1
            combat.ally_steps = [-1] * len(h.allies)
            emit(log, "round", round=combat.round, card=card.id)
            stack[-1] = (self.name, "escape", 0)
            self._round_abilities(state, log)  # PV-10
            return None
        if stage == "escape":
            if not self._may_escape(state):
                stack[-1] = (self.name, "plan", 0)
                return None
            tested = rules_escape_test(rules, state, combat.source)
            choices = (
                Option("fight", what="rb.option.fight_on"),
                Option(
                    "escape",
                    what="rb.option.try_escape" if tested else "rb.option.escape",
                    args={"card": card.id},
                ),
            )
            return Decision(
                seat,
                "escape",
                options=choices,
                args={
                    **party,
                    "round": combat.round,
                    "card": card.id,
                    "dealt": combat.enemy_wounds,
                    "life": rules.enemy_life(state, card),
                    "wounds": h.wounds,
                    "own_life": rules.life(state, seat),
                },
            )
        if stage == "plan":
            open_steps = [s for s in range(3) if steps[s] is not None]
            if len(open_steps) == 1:
                combat.hero_step = open_steps[0]
                stack[-1] = (self.name, "ally", 0)
                return None
            steps_offered = tuple(
                Option(
                    f"attack:{STEP_NAMES[s]}",
                    data=s,
                    what="rb.option.attack_step",
                    args=self._attack_args(state, seat, s),
                )
                for s in open_steps
            )
            return Decision(
                seat, "attack_step", options=steps_offered, args={**party, "card": card.id}
            )
        if stage == "ally":
            if index >= len(h.allies):
                stack[-1] = (self.name, "boost", 0)
                return None
            ally = rules.market[h.allies[index].card].id
            options = [
                Option(
                    f"ally:{STEP_NAMES[s]}",
                    data=s,
                    what="rb.option.ally_attacks",
                    args={"item": ally, "step": STEP_NAMES[s]},
                )
                for s in range(3)
                if steps[s] is not None
            ]
            options.append(
                Option("ally:none", data=-1, what="rb.option.ally_stays", args={"item": ally})
            )
            return Decision(seat, "ally_step", options=tuple(options), args={**party, "item": ally})
        if stage == "boost":
            if index >= 3:
                stack[-1] = (self.name, "round", 0)
                return None
            if steps[index] is None:
                stack[-1] = (self.name, "boost", index + 1)
                return None
            found = [  # RB-2.3: once per turn, like every activation
                f
                for f in rules.usable(state, seat, "combat_step", h.used)
                if self.fits(f[2], index) and rules.may_activate(state)
            ]
            if not found:
                stack[-1] = (self.name, "resolve", index)
                return None
            options = [
                *ability_options(found, repeats_for(rules, state, seat)),
                Option("roll", what="rb.option.roll_dice"),
            ]
            return Decision(
                seat,
                "combat_step",
                options=tuple(options),
                args={**party, "step": STEP_NAMES[index], "card": card.id},
            )
        if stage == "resolve":
            self._resolve(state, index, log)
            return None
        if stage == "react":  # PV-3: the hero's reactions before a roll's wounds are taken
            found = [
                f
                for f in rules.usable(state, seat, "when_damaged", h.used)
                if rules.may_activate(state)
            ]
            if not found or combat.pending_wounds <= 0:
                self._take_pending(state, index, log)
                return None
            options = [
                *ability_options(found, repeats_for(rules, state, seat)),
                Option(
                    "take", what="rb.option.take_wounds", args={"wounds": combat.pending_wounds}
                ),
            ]
            return Decision(
                seat,
                "when_damaged",
                options=tuple(options),
                args={
                    **party,
                    "step": STEP_NAMES[index],
                    "card": card.id,
                    "wounds": combat.pending_wounds,
                },
            )
        if stage == "allies":
            self._allies(state, index, log)
            return None
        self._finish(state, stage, log)
        return None

    def _round_abilities(self, state: RuneboundState, log: Log) -> None:
        """PV-10: the challenge's own "combat_round" abilities, at the start of every round,
        before the escape; a hero they knock out loses the fight."""
        combat = state.combat
        assert combat is not None
        rules = self.rules
        seat = state.seat
        card = rules.adventures[combat.card]
        at = len(state.stack) - 1  # an effect may push a frame (a choice) above this one
        for index, ability in enumerate(card.abilities):
            if ability.timing != "combat_round" or state.finished:
                continue
            if not rules.ability_acts(state, seat, ability):  # CR-46
                continue
            emit(log, "ability", variant="card", card=card.id, card_ability=[card.id, index])
            apply_effects(rules, state, seat, ability.effects, log, source=f"card:{card.id}")
        if not state.finished and rules.knocked_out(state, seat):
            state.stack[at] = (self.name, "lost", 0)
        elif not state.finished and rules.falls(
            state, combat.enemy_wounds, rules.enemy_life(state, card)
        ):
            state.stack[at] = (self.name, "won", 0)

    def _may_escape(self, state: RuneboundState) -> bool:
        """RB-5.3: never against no_escape cards or travel problems (RB-10.1)."""
        combat = state.combat
        assert combat is not None
        card = self.rules.adventures[combat.card]
        if card.no_escape or combat.source in ("travel", "endgame"):  # AR-3.4, AR-4.5
            return False
        return rules_escape_test(self.rules, state, combat.source) or combat.round >= 2

    def _escape_test(self, state: RuneboundState, log: Log) -> bool:
        """RB-5.3 (option test): 2d10 + the best stat against the challenge's highest value."""
        combat = state.combat
        assert combat is not None
        rules = self.rules
        seat = state.seat
        card = rules.adventures[combat.card]
        target = max(a.value for a in rules.steps_of(card) if a is not None)
        best = max(rules.hero_roll_bonus(state, seat, s, "always") for s in range(3))
        roll = state.rng.die(10) + state.rng.die(10)
        total = roll + best + combat.escape_penalty
        emit(
            log,
            "test",
            variant="escape",
            **rules.party(state, seat),
            roll=roll,
            total=total,
            difficulty=target,
            success=total >= target,
        )
        return total >= target

    @staticmethod
    def fits(ability: object, step: int) -> bool:
        """Whether a combat-step ability may be used in this step (its effects' phase)."""
        effects = getattr(ability, "effects", [])
        phases = {getattr(e, "phase", None) for e in effects}
        return None in phases or STEP_NAMES[step] in phases

    def _attack_args(self, state: RuneboundState, seat: int, step: int) -> dict[str, object]:
        """An attack in ``step``: 2d10 + ``bonus`` against ``target``, dealing ``deal`` on a
        hit, taking ``take`` on a miss."""
        rules = self.rules
        value, damage = rules.enemy_step(state, step)  # PV-2
        return {
            "step": STEP_NAMES[step],
            "bonus": rules.hero_roll_bonus(state, seat, step, "attack"),
            "target": value,
            "deal": rules.hero_damage(state, seat, step),
            "take": damage,
        }

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        stage: str = frame[1]
        index: int = frame[2]
        combat = state.combat
        assert combat is not None
        seat = state.seat
        key = option.key
        stack = state.stack
        if stage == "before":
            if key == "fight":
                stack[-1] = (self.name, "round", 0)
            else:
                use_ability(self.rules, state, seat, option.data, "before_combat", log, combat.used)
        elif stage == "escape":
            away = key == "escape" and (
                not rules_escape_test(self.rules, state, combat.source)
                or self._escape_test(state, log)
            )
            stack[-1] = (self.name, "escaped" if away else "plan", 0)
        elif stage == "plan":
            combat.hero_step = option.data
            stack[-1] = (self.name, "ally", 0)
        elif stage == "ally":
            combat.ally_steps[index] = option.data
            stack[-1] = (self.name, "ally", index + 1)
        elif stage == "boost":
            if key == "roll":
                stack[-1] = (self.name, "resolve", index)
            else:
                h = state.heroes[seat]
                use_ability(self.rules, state, seat, option.data, "combat_step", log, h.used)
        elif stage == "react":
            if key == "take":
                self._take_pending(state, index, log)
            else:
                h = state.heroes[seat]
                use_ability(self.rules, state, seat, option.data, "when_damaged", log, h.used)

    # --- one step ----------------------------------------------------------------------------
    def _roll(self, state: RuneboundState) -> int:
        combat = state.combat
        assert combat is not None
        roll = state.rng.die(10) + state.rng.die(10)
        if combat.reroll:
            roll = max(roll, state.rng.die(10) + state.rng.die(10))
        return roll

    def _resolve(self, state: RuneboundState, step: int, log: Log) -> None:
        """RB-5.4/5.5/5.6: the hero attacks or defends, attacking allies roll on their own."""
        rules = self.rules
        combat = state.combat
        assert combat is not None
        seat = state.seat
        h = state.heroes[seat]
        card = rules.adventures[combat.card]
        value, damage = rules.enemy_step(state, step)  # PV-2: as modify_enemy leaves them
        party = rules.party(state, seat)
        name = STEP_NAMES[step]
        attackers = [a for i, a in enumerate(h.allies) if combat.ally_steps[i] == step]
        if combat.hero_step == step or not attackers:
            attacking = combat.hero_step == step
            roll = self._roll(state)
            total = roll + rules.hero_roll_bonus(
                state, seat, step, "attack" if attacking else "defend"
            )
            hit = total >= value
            wounds = 0
            if attacking and hit:
                wounds = max(0, rules.hero_damage(state, seat, step) - rules.enemy_armour(card))
                combat.enemy_wounds += wounds
            elif not hit and not (attacking and state.opts.failed_attack == "miss"):  # RB-5.5
                wounds = max(0, damage - rules.armour(state, seat, step))
                react = wounds > 0 and bool(rules.usable(state, seat, "when_damaged", h.used))
                if react:  # PV-3: the wounds wait for the hero's reactions
                    combat.pending_wounds = wounds
                else:
                    rules.hurt_hero(state, seat, wounds, 0)
            emit(
                log,
                "combat_roll",
                variant=outcome(attacking, hit),
                **party,
                step=name,
                attack=attacking,
                roll=roll,
                bonus=total - roll,
                total=total,
                target=value,
                hit=hit,
                wounds=wounds,
            )
        if combat.pending_wounds:
            state.stack[-1] = (self.name, "react", step)
            return
        self._allies(state, step, log)

    def _take_pending(self, state: RuneboundState, step: int, log: Log) -> None:
        """PV-3: the wounds left after the reactions are taken; the step goes on."""
        combat = state.combat
        assert combat is not None
        wounds, combat.pending_wounds = combat.pending_wounds, 0
        self.rules.hurt_hero(state, state.seat, wounds, 0)
        state.stack[-1] = (self.name, "allies", step)

    def _allies(self, state: RuneboundState, step: int, log: Log) -> None:
        """RB-5.6: the allies attacking in this step roll on their own; then the step ends."""
        rules = self.rules
        combat = state.combat
        assert combat is not None
        seat = state.seat
        h = state.heroes[seat]
        card = rules.adventures[combat.card]
        value, damage = rules.enemy_step(state, step)
        name = STEP_NAMES[step]
        attackers = [a for i, a in enumerate(h.allies) if combat.ally_steps[i] == step]
        for ally in attackers:
            stats = rules.market[ally.card]
            attack = (stats.mind, stats.body, stats.spirit)[step]
            assert attack is not None
            roll = state.rng.die(10) + state.rng.die(10)
            total = roll + attack.value
            hit = total >= value
            if hit:
                wounds = max(0, attack.damage - rules.enemy_armour(card))
                combat.enemy_wounds += wounds
            else:
                wounds = damage
                rules.hurt_ally(state, seat, ally, damage, 0, log)
            emit(
                log,
                "combat_roll",
                variant="ally_hit" if hit else "ally_miss",
                seat=seat,
                step=name,
                item=stats.id,
                roll=roll,
                bonus=attack.value,
                total=total,
                target=value,
                hit=hit,
                wounds=wounds,
            )
        combat.temp.clear()
        combat.reroll = False
        combat.enemy_mods = [m for m in combat.enemy_mods if m[4]]  # PV-2: a step's lapse
        if rules.falls(
            state, combat.enemy_wounds, rules.enemy_life(state, card)
        ):  # RB-5.8 / AR-6.1
            state.stack[-1] = (self.name, "won", 0)
        elif rules.knocked_out(state, seat):
            state.stack[-1] = (self.name, "lost", 0)
        else:
            state.stack[-1] = (self.name, "boost", step + 1)

    # --- the end of a fight -----------------------------------------------------------------
    def _finish(self, state: RuneboundState, stage: str, log: Log) -> None:
        rules = self.rules
        combat = state.combat
        assert combat is not None
        seat = state.seat
        card = rules.adventures[combat.card]
        party = rules.party(state, seat)
        state.combat = None
        state.stack.pop()
        if combat.source == "endgame":  # AR-3.5/AR-3.6: no knock-out, no undefeated card
            finish_endgame_fight(rules, state, combat, stage, log)
            return
        if stage == "lost":
            leave_undefeated(rules, state, combat, log)
            emit(log, "knocked_out", variant="by_card", **party, card=card.id)
            knock_out(rules, state, seat, log)
            # the challenge's own "after_knockout" abilities: it has beaten the hero (AK-11.12)
            for index, ability in enumerate(card.abilities):
                if ability.timing != "after_knockout" or state.finished:
                    continue
                if not rules.ability_acts(state, seat, ability):  # CR-46
                    continue
                if seat in state.eliminated:  # AR-3.6: an eliminated hero is out of the game
                    break
                emit(log, "ability", variant="card", card=card.id, card_ability=[card.id, index])
                apply_effects(rules, state, seat, ability.effects, log, source=f"card:{card.id}")
            return
        if stage == "won" and rules.knocked_out(state, seat):
            # both fell in the same step: the challenge is beaten, then the hero is knocked out
            emit(log, "victory", **party, card=card.id)
            claim_victory(rules, state, seat, combat, log)
            if not state.finished:
                emit(log, "knocked_out", **party)
                knock_out(rules, state, seat, log)
            return
        # the hero is still standing: "after combat" abilities (the challenge's come first)
        state.stack.append(("after_combat",))
        if stage == "won":
            emit(log, "victory", **party, card=card.id)
            claim_victory(rules, state, seat, combat, log)
        else:
            emit(log, "escape", **party, card=card.id)
            leave_undefeated(rules, state, combat, log)
        for index, ability in enumerate(card.abilities):
            acts = rules.ability_acts(state, seat, ability)  # CR-46
            if ability.timing == "after_combat" and not state.finished and acts:
                emit(log, "ability", variant="card", card=card.id, card_ability=[card.id, index])
                apply_effects(rules, state, seat, ability.effects, log, source=f"card:{card.id}")


class AfterCombat(RuneboundProcedure):
    """The hero's "after combat" abilities, once the fight is over. Frame: (name,)."""

    name = "after_combat"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        found = self.rules.usable(state, seat, "after_combat", h.used)
        if not found:
            state.stack.pop()
            return None
        return Decision(
            seat,
            "after_combat",
            options=(
                *ability_options(found, repeats_for(self.rules, state, seat)),
                Option("done", what="rb.option.go_on"),
            ),
            args=self.rules.party(state, seat),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "done":
            state.stack.pop()
            return
        h = state.heroes[state.seat]
        use_ability(self.rules, state, state.seat, option.data, "after_combat", log, h.used)


def claim_victory(
    rules: Rules, state: RuneboundState, seat: int, combat: CombatState, log: Log
) -> None:
    """RB-4.6: the counter and the reward; red Dragon Runes are kept (RB-9.2)."""
    h = state.heroes[seat]
    card = rules.adventures[combat.card]
    colour = COLOURS.index(card.colour)
    if combat.source == "travel" and state.opts.advanced_travel_hazards:
        # AR-4.6: no reward; the experience from the supply, with exact change
        for taken in exact_counters(rules, state, rules.board.counter_values[colour]):
            state.counter_supply[taken] -= 1
            h.counters.append(taken)
            emit(
                log, "counter", variant="supply", **rules.party(state, seat), colour=COLOURS[taken]
            )
        discard_adventure(rules, state, combat.card, log)
        return
    # an adventure's night ambush won (AK-8.12 counts it for quests; no reward, as RB-10.1)
    if combat.source == "ambush":
        rules.on_ambush_won(state, seat, combat.card, combat.hex, log)
    if combat.source in ("travel", "ambush"):  # RB-10.1: no reward; experience from the supply
        if state.counter_supply[colour] > 0:
            state.counter_supply[colour] -= 1
            h.counters.append(colour)
            emit(log, "counter", variant="supply", **rules.party(state, seat), colour=card.colour)
        discard_adventure(rules, state, combat.card, log)
        return
    if combat.source == "undefeated":
        state.undefeated.pop(combat.hex, None)
        if combat.card in state.track:
            state.track.remove(combat.card)
    if combat.source.startswith("counter") or combat.source == "undefeated":
        take_counter(rules, state, seat, combat.hex, colour, log)
    reward = card.reward
    if reward.gold:
        h.gold += reward.gold
        emit(log, "gold", **rules.party(state, seat), amount=reward.gold)
    gained = next_market_card(state) if reward.market_card else -1
    if gained >= 0:
        if rules.can_carry(state, seat, gained):
            rules.gain_card(state, seat, gained)
        else:
            state.market_discard.append(gained)
        emit(log, "reward", **rules.party(state, seat), item=rules.market[gained].id)
    if reward.dragon_rune:
        h.runes.append(combat.card)
        emit(log, rules.kept_as, **rules.party(state, seat), runes=len(h.runes), of=RUNES_TO_WIN)
    else:
        discard_adventure(rules, state, combat.card, log)
    apply_effects(rules, state, seat, reward.effects, log, source=f"card:{card.id}")
    rules.on_defeat(state, seat, combat.card, combat.hex, log)
    if reward.wins_game or len(h.runes) >= RUNES_TO_WIN:
        state.finished = True
        state.winner = seat
        state.ended_by = rules.won_by[0] if reward.wins_game else rules.won_by[1]
        state.stack.clear()
        why = "defeats" if reward.wins_game else rules.won_by[1]
        emit(log, "game_over", variant=why, **rules.party(state, seat), card=card.id)


def leave_undefeated(rules: Rules, state: RuneboundState, combat: CombatState, log: Log) -> None:
    """RB-4.7/4.9: an escaped or unbeaten challenge waits on the track with a marker."""
    card = rules.adventures[combat.card]
    if combat.source == "undefeated":
        return  # it is on the track already
    if rules.unbeaten(state, state.seat, combat.card, combat.source, log):
        return  # the adventure's own place for it (Cult of the Rune: under its deck, CR-11)
    if combat.source.startswith("counter") and len(state.track) < TRACK_SIZE:
        state.track.append(combat.card)
        state.undefeated[combat.hex] = combat.card
        emit(log, "undefeated", card=card.id, hex=rules.hex_labels[combat.hex])
    elif combat.source.startswith("counter") and state.opts.full_track == "under_deck":
        # RB-4.9: kept in the game, so a full track never costs a Dragon Rune for good
        state.adventure_decks[COLOURS.index(card.colour)].insert(0, combat.card)
        emit(log, "under_deck", card=card.id, colour=card.colour)
    else:
        discard_adventure(rules, state, combat.card, log)


AMBUSH_ESCAPE_PENALTY = -10  # AK-8.10


def outcome(attacking: bool, hit: bool) -> str:
    """The variant of a hero's combat roll: an attack that hits or misses, a defence that holds
    or fails."""
    if attacking:
        return "attack_hit" if hit else "attack_miss"
    return "defend_hit" if hit else "defend_miss"


def rules_escape_test(rules: Rules, state: RuneboundState, source: str) -> bool:
    """RB-5.3/AK-8.10: whether escaping this fight needs an escape test."""
    return rules.escape_by_test(state, source)
