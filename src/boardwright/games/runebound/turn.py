"""The turn (RB-2): refresh, movement, adventure, market, experience; and the end of a turn."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.effects import draw_market_card
from boardwright.games.runebound.endgame import begin_endgame
from boardwright.games.runebound.options import experience_pair_price, experience_price
from boardwright.games.runebound.procedure import (
    RuneboundProcedure,
    ability_options,
    repeats_for,
    use_ability,
)
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import (
    ADVENTURE,
    EXPERIENCE,
    MARKET,
    MOVEMENT,
    REFRESH,
    XP_KINDS,
    RuneboundState,
)


class Turn(RuneboundProcedure):
    """Frame: (name, next step). Each step pushes its procedure; the turn resumes after it."""

    name = "turn"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        stage: int = frame[1]
        seat = state.seat
        h = state.heroes[seat]
        stack = state.stack
        if state.endgame_pending:  # AR-2.6: the rest of the turn is not played
            begin_endgame(self.rules, state, log)
            return None
        state.activations = 0  # AR-6.3: each step is a window of its own
        if stage == REFRESH:
            refresh(state, seat)
            stack[-1] = (self.name, MOVEMENT)
            stack.append(("movement",))
        elif stage == MOVEMENT:
            stack[-1] = (self.name, ADVENTURE)
            stack.append(("adventure",))
        elif stage == ADVENTURE:
            stack[-1] = (self.name, MARKET)
            if self.rules.board.hexes[h.hex].city >= 0:
                stack.append(("market", False))
        elif stage == MARKET:
            stack[-1] = (self.name, EXPERIENCE)
            stack.append(("experience",))
        else:
            stack.pop()
            end_turn(state, log)
        return None


def refresh(state: RuneboundState, seat: int) -> None:
    """RB-2.2: cards ready again; this turn's bonuses and bookkeeping cleared."""
    h = state.heroes[seat]
    h.used.clear()
    h.turn_mods.clear()
    h.bonus_moves = 0
    h.bought_this_turn.clear()
    h.sold_this_turn.clear()


def end_turn(state: RuneboundState, log: Log) -> None:
    """Pass to the next seat; a finished round may hit the round cap (RB-9.3)."""
    n = len(state.heroes)
    state.seat = (state.seat + 1) % n
    state.turn_number += 1
    if state.seat == state.first:
        if state.round >= state.opts.max_rounds:
            state.finished = True
            state.ended_by = "round cap"
            emit(
                log, "game_over", variant="round_cap", round=state.round, cap=state.opts.max_rounds
            )
            return
        state.round += 1
    emit(log, "turn", round=state.round, seat=state.seat)
    state.stack.append(("turn", REFRESH))


class Market(RuneboundProcedure):
    """RB-7: in a city: a new card on the stack, then buy, sell, hire and heal.

    Frame: (name, card drawn yet).
    """

    name = "market"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        rules = self.rules
        city = self.stack_of(state, frame)
        if not frame[1]:
            state.stack[-1] = (self.name, True, *frame[2:])
            self.draw(state, frame, log)
            if not state.stack or state.stack[-1][0] != self.name:
                # the draw asked for something first (Al-Kalim: City of Dreams), or it completed
                # a winning quest (AK-12.1), which ends the game and clears the stack
                return None
        options: list[Option] = []
        limit = state.opts.market_buys  # RB-7.2 (option): cards per visit, 0 for no limit
        may_buy = not limit or len(h.bought_this_turn) < limit
        for card in state.stacks[city]:
            c = rules.market[card]
            if (
                may_buy
                and c.cost <= h.gold
                and card not in h.sold_this_turn
                and rules.can_carry(state, seat, card)
            ):
                options.append(
                    Option(
                        f"buy:{c.id}",
                        data=card,
                        what="rb.option.hire" if c.kind == "ally" else "rb.option.buy",
                        args={"item": c.id, "item_kind": c.kind, "cost": c.cost},
                    )
                )
        price = state.opts.sell_price
        if price != "none":
            owned = [*h.items, *(a.card for a in h.allies if not rules.is_legendary(a.card))]
            for card in owned:
                if card not in h.bought_this_turn and rules.survives_losing(state, seat, card):
                    c = rules.market[card]
                    options.append(
                        Option(
                            f"sell:{c.id}",
                            data=card,
                            what="rb.option.sell",
                            args={"item": c.id, "gold": sell_value(c.cost, price)},
                        )
                    )
        if h.gold and h.wounds:
            options.append(Option("heal", what="rb.option.heal"))
        for i, ally in enumerate(h.allies):
            if h.gold and ally.wounds:
                options.append(
                    Option(
                        f"heal-ally:{i}",
                        data=i,
                        what="rb.option.heal_ally",
                        args={"item": rules.market[ally.card].id},
                    )
                )
        if state.opts.advanced_healing and h.gold:  # AR-6.8: all exhaustion for 1 gold
            if h.exhaustion:
                options.append(Option("heal-exhaustion", what="rb.option.heal_exhaustion"))
            options.extend(
                Option(
                    f"heal-exhaustion-ally:{i}",
                    data=i,
                    what="rb.option.heal_exhaustion_ally",
                    args={"item": rules.market[ally.card].id},
                )
                for i, ally in enumerate(h.allies)
                if ally.exhaustion
            )
        options.extend(self.extra_options(state, frame))
        if rules.may_activate(state):  # AR-6.3: one activation in the market step
            options.extend(
                ability_options(
                    rules.usable(state, seat, "market", h.used), repeats_for(rules, state, seat)
                )
            )
        options.append(Option("done", what="rb.option.leave_market"))
        return Decision(
            seat,
            "market",
            options=tuple(options),
            args={**rules.party(state, seat), **self.place_args(state, frame), "gold": h.gold},
        )

    # --- hooks for markets elsewhere (Al-Kalim bazaars) ----------------------------------------
    def stack_of(self, state: RuneboundState, frame: Frame) -> int:
        """The market stack this market sells from: the hero's city."""
        return self.rules.board.hexes[state.heroes[state.seat].hex].city

    def place_args(self, state: RuneboundState, frame: Frame) -> dict[str, object]:
        """The message arguments naming the market's place ("the market of {city}")."""
        return {"city": self.rules.board.cities[self.stack_of(state, frame)].id}

    def draw(self, state: RuneboundState, frame: Frame, log: Log) -> None:
        """RB-7.1: a new card onto the stack."""
        draw_market_card(self.rules, state, self.stack_of(state, frame), log)

    def extra_options(self, state: RuneboundState, frame: Frame) -> list[Option]:
        return []

    def extra_resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> bool:
        """Handle an option of ``extra_options``; False if the option is not one of them."""
        return False

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        rules = self.rules
        key = option.key
        party = rules.party(state, seat)
        if key == "done":
            state.stack.pop()
        elif key.startswith("buy:"):
            card: int = option.data
            state.stacks[self.stack_of(state, frame)].remove(card)
            h.gold -= rules.market[card].cost
            rules.gain_card(state, seat, card)
            h.bought_this_turn.append(card)
            emit(log, "buy", **party, item=rules.market[card].id)
        elif key.startswith("sell:"):
            card = option.data
            h.drop_card(card)
            value = sell_value(rules.market[card].cost, state.opts.sell_price)
            h.gold += value
            rules.hurt_hero(state, seat, 0, 0)  # lost stamina turns exhaustion into wounds
            h.sold_this_turn.append(card)
            state.market_discard.append(card)
            emit(log, "sell", **party, item=rules.market[card].id, gold=value)
        elif key == "heal":
            h.gold -= 1
            h.wounds -= 1
            emit(log, "heal", variant="wound", **party)
        elif key.startswith("heal-ally:"):
            h.gold -= 1
            h.allies[option.data].wounds -= 1
            emit(log, "heal", variant="ally_wound", **party)
        elif key == "heal-exhaustion":
            h.gold -= 1
            h.exhaustion = 0
            emit(log, "heal", variant="exhaustion", **party)
        elif key.startswith("heal-exhaustion-ally:"):
            h.gold -= 1
            h.allies[option.data].exhaustion = 0
            emit(log, "heal", variant="ally_exhaustion", **party)
        elif not self.extra_resume(state, frame, option, log):
            use_ability(rules, state, seat, option.data, "market", log, h.used)


def sell_value(cost: int, price: str) -> int:
    """RB-7.3: half the cost rounded down (option: full)."""
    return cost if price == "full" else cost // 2


class Experience(RuneboundProcedure):
    """RB-8: spend adventure counters on experience counters.

    Frame: (name, kinds bought in pairs this step...): AR-6.10 allows no kind twice in one
    step (option advanced.experience_kinds=pair: only not twice in one pair).
    """

    name = "experience"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        pairs = state.opts.advanced_experience != "off"  # AR-6.9/AR-6.10
        price = (experience_pair_price if pairs else experience_price)(
            state.opts, len(state.heroes)
        )
        total = self.rules.xp_total(h)
        options: list[Option] = []
        if total >= price and pairs:
            bought = frame[1:] if state.opts.advanced_experience_kinds == "step" else ()
            kinds = [k for k in range(len(XP_KINDS)) if k not in bought]
            options = [
                Option(
                    f"xp:{XP_KINDS[a]}+{XP_KINDS[b]}",
                    data=(a, b),
                    what="rb.option.xp_pair",
                    args={"gains": [XP_KINDS[a], XP_KINDS[b]], "price": price},
                )
                for i, a in enumerate(kinds)
                for b in kinds[i + 1 :]
            ]
        elif total >= price:
            options = [
                Option(
                    f"xp:{kind}", data=i, what="rb.option.xp", args={"gain": kind, "price": price}
                )
                for i, kind in enumerate(XP_KINDS)
            ]
        options.extend(
            ability_options(
                self.rules.usable(state, seat, "activate", h.used),
                repeats_for(self.rules, state, seat),
            )
        )
        if not options:
            state.stack.pop()
            return None
        options.append(Option("done", what="rb.option.end_turn"))
        return Decision(
            seat,
            "experience",
            options=tuple(options),
            args={**self.rules.party(state, seat), "total": total},
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        if option.key == "done":
            state.stack.pop()
        elif option.key.startswith("xp:"):
            pairs = state.opts.advanced_experience != "off"
            price = (experience_pair_price if pairs else experience_price)(
                state.opts, len(state.heroes)
            )
            bought = list(option.data) if pairs else [option.data]
            if pairs:  # AR-6.10: the kinds of this step, noted before paying may push a frame
                state.stack[-1] = (*frame, *bought)
            self.rules.pay_experience(state, seat, price)
            h.xp.extend(bought)
            party = self.rules.party(state, seat)
            if pairs:
                kinds = [XP_KINDS[x] for x in bought]
                emit(log, "experience", variant="pair", **party, counters=kinds)
            else:
                emit(log, "experience", **party, counter=XP_KINDS[option.data])
            if state.opts.advanced_experience_heal:  # AR-6.11
                h.wounds = 0
                h.exhaustion = 0
        else:
            use_ability(self.rules, state, seat, option.data, "activate", log, h.used)
