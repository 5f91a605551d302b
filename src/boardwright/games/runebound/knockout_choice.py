"""The player's choices after an advanced knock-out (AR-6.6, option ``advanced.knockout``).

``knockout.knock_out`` has already returned the counters, taken the gold, healed the hero and
put them in the nearest city; this frame asks what is left to choose: which of several
equally expensive cards goes under the market deck (step 3), which of several equally near
cities the hero wakes in (step 4), and whether to take a new hero (step 6).
"""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.advanced import lose_under_market_deck, most_expensive
from boardwright.games.runebound.knockout import ordinary_cards
from boardwright.games.runebound.procedure import RuneboundProcedure, market_card_options
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.setup import hero_stats
from boardwright.games.runebound.state import RuneboundState


class KnockoutChoices(RuneboundProcedure):
    """Frame: (name, seat, stage, nearest city hexes); stage: card | city | hero (AR-6.6), or
    discard: the card a standard knock-out costs (RB-5.9)."""

    name = "knockout"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        _, seat, stage, cities = frame
        rules = self.rules
        party = rules.party(state, seat)
        if stage == "discard":
            return self._discard(state, seat, log)
        if stage == "card":
            cards = most_expensive(rules, state, seat)
            if len(cards) > 1:
                return Decision(
                    seat,
                    "knockout_card",
                    options=market_card_options(rules, cards, "lose", "rb.option.lose"),
                    args=party,
                )
            if cards:
                lose_under_market_deck(rules, state, seat, cards[0], log)
            state.stack[-1] = (self.name, seat, "city", cities)
            return None
        if stage == "city":
            if len(cities) > 1:
                board = rules.board
                return Decision(
                    seat,
                    "knockout_city",
                    options=tuple(
                        Option(
                            f"city:{board.cities[board.hexes[c].city].id}",
                            data=c,
                            what="rb.option.to",
                            args={"to": rules.hex_labels[c]},
                        )
                        for c in cities
                    ),
                    args=party,
                )
            state.stack[-1] = (self.name, seat, "hero", cities)
            return None
        if not state.unused_heroes:
            state.stack.pop()
            return None
        heroes = rules.heroes
        current = heroes[state.heroes[seat].hero]
        options = [Option("keep", what="rb.option.keep_hero", args={"hero": current.id})]
        if state.opts.hero_selection == "choose":
            options.extend(
                Option(
                    f"hero:{heroes[i].id}",
                    data=i,
                    what="rb.option.take_hero",
                    args=hero_stats(heroes[i]),
                )
                for i in state.unused_heroes
            )
        else:
            options.append(Option("new", data=-1, what="rb.option.new_hero"))
        return Decision(seat, "new_hero", options=tuple(options), args=party)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        _, seat, stage, cities = frame
        rules = self.rules
        h = state.heroes[seat]
        if stage == "discard":
            state.stack.pop()
            lose_to_market_discard(rules, state, seat, option.data, log)
            return
        if stage == "card":
            lose_under_market_deck(rules, state, seat, option.data, log)
            state.stack[-1] = (self.name, seat, "city", cities)
            return
        if stage == "city":
            h.hex = option.data
            to = rules.hex_labels[h.hex]
            emit(log, "move", variant="wakes", **rules.party(state, seat), to=to)
            state.stack[-1] = (self.name, seat, "hero", cities)
            return
        state.stack.pop()
        if option.key == "keep":
            return
        new: int = option.data
        if new < 0:  # drawn at random
            new = state.unused_heroes[state.rng.below(len(state.unused_heroes))]
        old = h.hero
        state.unused_heroes.remove(new)
        state.unused_heroes.append(old)
        state.unused_heroes.sort()
        h.hero = new
        rules.hurt_hero(state, seat, 0, 0)  # a lower stamina turns exhaustion into wounds
        emit(log, "hero", variant="new", seat=seat, hero=rules.heroes[new].id)

    def _discard(self, state: RuneboundState, seat: int, log: Log) -> Decision | None:
        """RB-5.9 (standard): one item or ally of the player's choice goes to the market
        discard pile; with only one, it goes without asking."""
        rules = self.rules
        cards = ordinary_cards(rules, state, seat)
        if len(cards) > 1:
            return Decision(
                seat,
                "knockout_card",
                options=market_card_options(rules, cards, "lose", "rb.option.lose"),
                args={"variant": "discard", **rules.party(state, seat)},
            )
        state.stack.pop()
        if cards:
            lose_to_market_discard(rules, state, seat, cards[0], log)
        return None


def lose_to_market_discard(
    rules: Rules, state: RuneboundState, seat: int, card: int, log: Log
) -> None:
    """RB-5.9: the hero's item or ally goes to the market discard pile."""
    h = state.heroes[seat]
    h.drop_card(card)
    state.market_discard.append(card)
    rules.hurt_hero(state, seat, 0, 0)  # lost stamina turns exhaustion into wounds
    emit(log, "penalty", variant="lost", **rules.party(state, seat), item=rules.market[card].id)
