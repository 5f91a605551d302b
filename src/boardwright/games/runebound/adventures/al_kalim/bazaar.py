"""Bazaars (AK-9): the base market step in any city or lost city, with Al-Kalim allies replacing
base allies, survival gear for sale, and the powers of the lost cities (AK-14.5, AK-14.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim import quests
from boardwright.games.runebound.adventures.al_kalim.content import GEAR_KINDS
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.effects import next_market_card
from boardwright.games.runebound.procedure import market_card_options
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import RuneboundState
from boardwright.games.runebound.turn import Market, sell_value

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


DREAM_SEARCH = 5  # AK-14.6: the City of Dreams shows the top 5 market cards


def replace_base_ally(rules: AlKalimRules, state: RuneboundState, card: int, log: Log) -> int:
    """AK-9.2: a base ally drawn from the market deck is discarded and the top Al-Kalim ally
    comes instead (the base ally stays when that deck is empty). Other cards stay as they are."""
    al_kalim = al_kalim_state(state)
    if card < 0 or card >= rules.base_market or rules.market[card].kind != "ally":
        return card
    if not al_kalim.ally_deck:
        return card
    state.market_discard.append(card)
    replaced = rules.market[card].id
    card = al_kalim.ally_deck.pop()
    record(log, "market", "al_kalim_ally", item=rules.market[card].id, replaced=replaced)
    return card


def draw_bazaar_card(rules: AlKalimRules, state: RuneboundState, stack: int, log: Log) -> None:
    """AK-9.1/AK-9.2: the top market card onto the stack, a base ally replaced."""
    card = replace_base_ally(rules, state, next_market_card(state), log)
    if card < 0:
        return
    state.stacks[stack].append(card)
    record(log, "market", "bazaar", item=rules.market[card].id)


def shuffle_back_with_focus(
    state: RuneboundState, shown: tuple[int, ...], from_focus: int, kept: int
) -> None:
    """AK-14.6 with a focus deck (PK-4): the cards shown and not kept go back, the first
    ``from_focus`` of them into the focus part on top, the others into the normal deck; each
    part is shuffled on its own."""
    deck = state.market_deck
    split = len(deck) - state.market_focus
    normal = deck[:split] + [c for c in shown[from_focus:] if c != kept]
    top = deck[split:] + [c for c in shown[:from_focus] if c != kept]
    state.rng.shuffle(normal)
    state.rng.shuffle(top)
    state.market_deck = normal + top
    state.market_focus = len(top)


class Bazaar(Market):
    """The market step as a bazaar. Frame: ("market", drawn, stack, lost city or -1, gear kinds
    bought in this step)."""

    # the same object as ``rules``, typed as Al-Kalim's: a compiled (mypyc) class may not
    # narrow an inherited attribute's type
    ak_rules: AlKalimRules

    def __init__(self, rules: AlKalimRules) -> None:
        super().__init__(rules)
        self.ak_rules = rules

    def stack_of(self, state: RuneboundState, frame: Frame) -> int:
        return int(frame[2])

    def place_args(self, state: RuneboundState, frame: Frame) -> dict[str, object]:
        board = self.ak_rules.board
        lost = int(frame[3])
        if lost >= 0:
            return {"variant": "lost_city", "lost_city": board.lost_cities[lost].id}
        return {"variant": "bazaar", "hex": str(board.hexes[state.heroes[state.seat].hex].at)}

    def draw(self, state: RuneboundState, frame: Frame, log: Log) -> None:
        rules = self.ak_rules
        al_kalim = al_kalim_state(state)
        seat = state.seat
        lost = int(frame[3])
        stack = self.stack_of(state, frame)
        here = state.heroes[seat].hex
        city = (
            rules.board.lost_cities[lost].id
            if lost >= 0
            else rules.board.cities[rules.board.hexes[here].city].id
        )
        if lost >= 0:
            al_kalim.boards[seat].explored = lost
        power = rules.board.lost_cities[lost].power if lost >= 0 else ""
        if power != "dreams" or al_kalim_options(state).dream_city_draw == "extra":
            draw_bazaar_card(rules, state, stack, log)
        if power == "dreams":
            state.stack.append(("al_kalim_dreams", stack, ()))
        quests.on_action(rules, state, seat, "bazaar", here, log, city=city)

    def extra_options(self, state: RuneboundState, frame: Frame) -> list[Option]:
        rules = self.ak_rules
        al_kalim = al_kalim_state(state)
        seat = state.seat
        h = state.heroes[seat]
        bought: tuple[int, ...] = frame[4] if len(frame) > 4 else ()
        options = []
        for kind, gear in enumerate(rules.al_kalim.gear):  # AK-9.4/AK-9.5
            if kind not in bought and al_kalim.gear_supply[kind] > 0 and h.gold >= gear.cost:
                options.append(
                    Option(
                        f"gear:{gear.kind}",
                        data=kind,
                        what="rb.option.buy_gear",
                        args={"gear": gear.kind, "cost": gear.cost},
                    )
                )
        price = state.opts.sell_price
        if price != "none":  # AK-9.6: survival gear is sold like an item (RB-7.3)
            board = al_kalim.boards[seat]
            for kind, gear in enumerate(rules.al_kalim.gear):
                if board.gear[kind] > 0 and kind not in bought:
                    value = sell_value(gear.cost, price)
                    options.append(
                        Option(
                            f"sell-gear:{gear.kind}",
                            data=kind,
                            what="rb.option.sell_gear",
                            args={"gear": gear.kind, "gold": value},
                        )
                    )
        lost = int(frame[3])
        hurt = h.wounds or any(a.wounds for a in h.allies)
        if lost >= 0 and rules.board.lost_cities[lost].power == "faith" and hurt:
            options.append(Option("faith", what="rb.option.city_of_faith"))
        return options

    def extra_resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> bool:
        al_kalim = al_kalim_state(state)
        seat = state.seat
        h = state.heroes[seat]
        who = self.ak_rules.party(state, seat)
        if option.key.startswith("gear:"):
            kind: int = option.data
            gear = self.ak_rules.al_kalim.gear[kind]
            h.gold -= gear.cost
            al_kalim.gear_supply[kind] -= 1
            al_kalim.boards[seat].gear[kind] += 1
            bought: tuple[int, ...] = frame[4] if len(frame) > 4 else ()
            state.stack[-1] = (*frame[:4], (*bought, kind))
            record(log, "gear", "buys", **who, gear=GEAR_KINDS[kind])
            return True
        if option.key.startswith("sell-gear:"):  # AK-9.6
            kind = option.data
            gear = self.ak_rules.al_kalim.gear[kind]
            value = sell_value(gear.cost, state.opts.sell_price)
            h.gold += value
            al_kalim.boards[seat].gear[kind] -= 1
            al_kalim.gear_supply[kind] += 1
            record(log, "gear", "sells", **who, gear=GEAR_KINDS[kind], gold=value)
            return True
        if option.key == "faith":  # AK-14.5
            h.wounds = 0
            for ally in h.allies:
                ally.wounds = 0
            record(log, "heal", "city_of_faith", **who)
            return True
        return False


class Dreams(AlKalimProcedure):
    """AK-14.6: the player may look through the top 5 market cards, add one to this stack and
    shuffle the rest back. Frame: (name, stack, the cards shown[, searching]): no cards shown
    and no fourth part = ask whether to search."""

    name = "al_kalim_dreams"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        shown: tuple[int, ...] = frame[2]
        if not shown and len(frame) < 4:  # AK-14.6: the player *may* search
            if not (state.market_deck or state.market_discard):
                state.stack.pop()  # nothing to search
                return None
            return Decision(
                state.seat,
                "dreams_search",
                options=(
                    Option("search", what="rb.option.dreams_search"),
                    Option("no", what="rb.option.dreams_no"),
                ),
                args=self.rules.party(state, state.seat),
            )
        if not shown:
            cards = []
            focus = state.market_focus  # PK-4: the first cards shown may be focus cards
            for _ in range(DREAM_SEARCH):
                card = next_market_card(state)
                if card < 0:
                    break
                cards.append(card)
            if not cards:
                state.stack.pop()
                return None
            shown = tuple(cards)
            state.stack[-1] = (self.name, frame[1], shown, min(focus, len(shown)))
        options = market_card_options(self.ak_rules, shown, "dream", "rb.option.dream_card")
        return Decision(state.seat, "city_of_dreams", options=options)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        shown: tuple[int, ...] = frame[2]
        if not shown:  # the answer to "search?"
            if option.key == "no":
                state.stack.pop()
            else:
                state.stack[-1] = (self.name, frame[1], (), True)
            return
        from_focus: int = frame[3]
        if from_focus == 0 and not state.market_focus:
            state.market_deck.extend(c for c in shown if c != option.data)
            state.rng.shuffle(state.market_deck)
        else:  # PK-4: the focus cards go back into the focus part, each part shuffled
            shuffle_back_with_focus(state, shown, from_focus, option.data)
        state.market_under = 0
        state.stack.pop()
        record(log, "market", "city_of_dreams", item=self.ak_rules.market[option.data].id)
        card = replace_base_ally(self.ak_rules, state, option.data, log)  # AK-14.6
        state.stacks[frame[1]].append(card)
