"""The experience step's Al-Kalim choices (AK-10.3, AK-10.4): which adventure counters pay for
an experience counter, and which spent counter stays on the quest board as the limit counter.

The base game picks the counters that waste the least (RB-8.4); in Al-Kalim the choice matters,
since the limit counter's number is the legend limit and its colour the night-ambush deck
(AK-8.9), so the player makes it.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


def payments(values: tuple[int, ...], held: list[int], price: int) -> list[tuple[int, ...]]:
    """Every way to pay ``price`` with the held counters (colours): counts per colour, each
    reaching the price with no counter to spare (leaving any one out falls short); the least
    waste first, then the fewest counters, then the lower colours."""
    have = [held.count(c) for c in range(len(values))]
    found = []
    for counts in product(*(range(n + 1) for n in have)):
        total = sum(k * v for k, v in zip(counts, values, strict=True))
        if total < price:
            continue
        if any(k and total - v >= price for k, v in zip(counts, values, strict=True)):
            continue  # a counter to spare
        found.append(counts)
    return sorted(found, key=lambda c: (_worth(values, c) - price, sum(c), c[::-1]))


def _worth(values: tuple[int, ...], counts: tuple[int, ...]) -> int:
    return sum(k * v for k, v in zip(counts, values, strict=True))


def colours_of(counts: tuple[int, ...]) -> list[str]:
    """The counters of a payment by colour name, lowest first (a message argument)."""
    return [COLOURS[c] for c, k in enumerate(counts) for _ in range(k)]


def pay(
    rules: AlKalimRules, state: RuneboundState, seat: int, counts: tuple[int, ...]
) -> list[int]:
    """RB-8.4: the chosen counters go back to the supply (change with ``xp_change``)."""
    h = state.heroes[seat]
    spent = [c for c, k in enumerate(counts) for _ in range(k)]
    for colour in spent:
        h.counters.remove(colour)
        state.counter_supply[colour] += 1
    return spent


def limit_choices(
    rules: AlKalimRules, state: RuneboundState, seat: int, spent: list[int]
) -> list[int]:
    """The colours that may become the limit counter: the first time, any spent counter
    (AK-10.3); later, only those higher than the limit counter, which must replace it (AK-10.4)."""
    board = al_kalim_state(state).boards[seat]
    values = rules.board.counter_values
    colours = sorted(set(spent), key=lambda c: values[c])
    if board.limit_colour < 0:
        return colours
    return [c for c in colours if values[c] > board.limit]


class PayExperience(AlKalimProcedure):
    """AK-10.3/AK-10.4: the counters that pay, then the limit counter, then AK-10.6's discard.

    Frame: (name, seat, price, spent colours or ()): with nothing spent yet, the payment.
    """

    name = "al_kalim_pay"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        _, seat, price, spent = frame
        rules = self.ak_rules
        if not spent:
            ways = payments(rules.board.counter_values, state.heroes[seat].counters, price)
            if len(ways) == 1:
                self._paid(state, frame, ways[0], log)
                return None
            values = rules.board.counter_values
            return Decision(
                seat,
                "pay_experience",
                options=tuple(
                    Option(
                        "pay:" + "+".join(colours_of(w)),
                        data=w,
                        what="rb.option.pay_counters",
                        args={"colours": colours_of(w), "total": _worth(values, w)},
                    )
                    for w in ways
                ),
                args={**rules.party(state, seat), "price": price},
            )
        choices = limit_choices(rules, state, seat, list(spent))
        if len(choices) > 1:
            values = rules.board.counter_values
            return Decision(
                seat,
                "limit_counter",
                options=tuple(
                    Option(
                        f"keep:{COLOURS[c]}",
                        data=c,
                        what="rb.option.limit_counter",
                        args={"colour": COLOURS[c], "limit": values[c]},
                    )
                    for c in choices
                ),
                args=rules.party(state, seat),
            )
        state.stack.pop()
        if choices:
            set_limit(rules, state, seat, choices[0], log)
        after_purchase(state, seat)
        return None

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if not frame[3]:
            self._paid(state, frame, option.data, log)
            return
        seat = frame[1]
        state.stack.pop()
        set_limit(self.ak_rules, state, seat, option.data, log)
        after_purchase(state, seat)

    def _paid(self, state: RuneboundState, frame: Frame, counts: tuple[int, ...], log: Log) -> None:
        _, seat, price, _ = frame
        rules = self.ak_rules
        spent = pay(rules, state, seat, counts)
        record(log, "pays", **rules.party(state, seat), colours=colours_of(counts))
        if state.opts.xp_change:
            rules.give_change(state, seat, _worth(rules.board.counter_values, counts) - price)
        state.stack[-1] = (self.name, seat, price, tuple(spent))


def set_limit(rules: AlKalimRules, state: RuneboundState, seat: int, colour: int, log: Log) -> None:
    """The spent counter of ``colour`` stays on the quest board as the limit counter; one it
    replaces goes back to the supply (AK-10.3, AK-10.4)."""
    board = al_kalim_state(state).boards[seat]
    state.counter_supply[colour] -= 1
    if board.limit_colour >= 0:
        state.counter_supply[board.limit_colour] += 1
    board.limit = rules.board.counter_values[colour]
    board.limit_colour = colour
    record(log, "limit", **rules.party(state, seat), limit=board.limit, colour=COLOURS[colour])


def after_purchase(state: RuneboundState, seat: int) -> None:
    """AK-10.6: after each purchase one unfinished quest may be discarded (AK-10.7 permitting)."""
    board = al_kalim_state(state).boards[seat]
    may_discard = al_kalim_options(state).legend_swap_same_turn or not board.drew_legend
    if may_discard and any(not s.done for s in board.legends):
        state.stack.append(("al_kalim_discard_quest", seat))
