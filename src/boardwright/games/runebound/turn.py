"""The turn (RB-2): refresh, movement, adventure, market, experience; and the end of a turn."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.effects import draw_market_card
from boardwright.games.runebound.options import experience_price
from boardwright.games.runebound.procedure import RuneboundProcedure, ability_options, use_ability
from boardwright.games.runebound.rules import Log, emit, seat_name
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
        if stage == REFRESH:
            h.used.clear()
            h.turn_mods.clear()
            h.bonus_moves = 0
            h.bought_this_turn.clear()
            h.sold_this_turn.clear()
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
                log,
                "game_over",
                f"The round cap ({state.opts.max_rounds}) ends the game",
                round=state.round,
            )
            return
        state.round += 1
    emit(
        log,
        "turn",
        f"Round {state.round}: {seat_name(state.seat)}'s turn",
        round=state.round,
        seat=state.seat,
    )
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
        city = rules.board.hexes[h.hex].city
        if not frame[1]:
            draw_market_card(rules, state, city, log)
            state.stack[-1] = (self.name, True)
        options: list[Option] = []
        for card in state.stacks[city]:
            c = rules.market[card]
            if (
                c.cost <= h.gold
                and card not in h.sold_this_turn
                and rules.can_carry(state, seat, card)
            ):
                verb = "hire" if c.kind == "ally" else "buy"
                options.append(
                    Option(f"buy:{c.id}", f"{verb} {c.name} ({c.kind}, {c.cost} gold)", card)
                )
        price = state.opts.sell_price
        if price != "none":
            owned = [*h.items, *(a.card for a in h.allies)]
            for card in owned:
                if card not in h.bought_this_turn and rules.survives_losing(state, seat, card):
                    c = rules.market[card]
                    options.append(
                        Option(
                            f"sell:{c.id}",
                            f"sell {c.name} for {sell_value(c.cost, price)} gold",
                            card,
                        )
                    )
        if h.gold and h.wounds:
            options.append(Option("heal", "heal 1 wound of your hero (1 gold)"))
        for i, ally in enumerate(h.allies):
            if h.gold and ally.wounds:
                options.append(
                    Option(
                        f"heal-ally:{i}",
                        f"heal 1 wound of {rules.market[ally.card].name} (1 gold)",
                        i,
                    )
                )
        options.extend(ability_options(rules.usable(state, seat, "market", h.used)))
        options.append(Option("done", "leave the market"))
        return Decision(
            seat,
            "market",
            f"{rules.who(state, seat)}: the market of "
            f"{rules.board.cities[city].name} ({h.gold} gold)",
            tuple(options),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        rules = self.rules
        key = option.key
        who = rules.who(state, seat)
        if key == "done":
            state.stack.pop()
        elif key.startswith("buy:"):
            card: int = option.data
            city = rules.board.hexes[h.hex].city
            state.stacks[city].remove(card)
            h.gold -= rules.market[card].cost
            rules.gain_card(state, seat, card)
            h.bought_this_turn.append(card)
            emit(
                log,
                "buy",
                f"{who} buys {rules.market[card].name}",
                seat=seat,
                card=rules.market[card].id,
            )
        elif key.startswith("sell:"):
            card = option.data
            if card in h.items:
                h.items.remove(card)
            else:
                h.allies = [a for a in h.allies if a.card != card]
            value = sell_value(rules.market[card].cost, state.opts.sell_price)
            h.gold += value
            rules.hurt_hero(state, seat, 0, 0)  # lost stamina turns exhaustion into wounds
            h.sold_this_turn.append(card)
            state.market_discard.append(card)
            emit(
                log,
                "sell",
                f"{who} sells {rules.market[card].name} for {value} gold",
                seat=seat,
                card=rules.market[card].id,
            )
        elif key == "heal":
            h.gold -= 1
            h.wounds -= 1
            emit(log, "heal", f"{who} pays 1 gold to heal a wound", seat=seat)
        elif key.startswith("heal-ally:"):
            h.gold -= 1
            h.allies[option.data].wounds -= 1
            emit(log, "heal", f"{who} pays 1 gold to heal an ally's wound", seat=seat)
        else:
            use_ability(rules, state, seat, option.data, "market", log, h.used)


def sell_value(cost: int, price: str) -> int:
    """RB-7.3: half the cost rounded down (option: full)."""
    return cost if price == "full" else cost // 2


class Experience(RuneboundProcedure):
    """RB-8: spend adventure counters on experience counters."""

    name = "experience"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        price = experience_price(state.opts, len(state.heroes))
        total = self.rules.xp_total(h)
        options: list[Option] = []
        if total >= price:
            labels = {
                "mind": "+2 mind",
                "body": "+2 body",
                "spirit": "+2 spirit",
                "stamina": "+2 stamina",
                "life": "+1 life",
            }
            options = [
                Option(f"xp:{kind}", f"buy {labels[kind]} ({price} experience)", i)
                for i, kind in enumerate(XP_KINDS)
            ]
        options.extend(ability_options(self.rules.usable(state, seat, "activate", h.used)))
        if not options:
            state.stack.pop()
            return None
        options.append(Option("done", "end the turn"))
        return Decision(
            seat,
            "experience",
            f"{self.rules.who(state, seat)}: {total} experience to spend",
            tuple(options),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        if option.key == "done":
            state.stack.pop()
        elif option.key.startswith("xp:"):
            price = experience_price(state.opts, len(state.heroes))
            self.rules.pay_experience(state, seat, price)
            h.xp.append(option.data)
            emit(
                log,
                "experience",
                f"{self.rules.who(state, seat)} buys an experience counter: "
                f"{XP_KINDS[option.data]}",
                seat=seat,
                counter=XP_KINDS[option.data],
            )
        else:
            use_ability(self.rules, state, seat, option.data, "activate", log, h.used)
