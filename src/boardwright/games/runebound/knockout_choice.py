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
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import RuneboundState


class KnockoutChoices(RuneboundProcedure):
    """Frame: (name, seat, stage, nearest city hexes); stage: card | city | hero."""

    name = "knockout"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        _, seat, stage, cities = frame
        rules = self.rules
        who = rules.who(state, seat)
        if stage == "card":
            cards = most_expensive(rules, state, seat)
            if len(cards) > 1:
                return Decision(
                    seat,
                    "knockout_card",
                    f"{who} is knocked out: which card goes under the market deck?",
                    tuple(
                        Option(
                            f"lose:{rules.market[c].id}",
                            f"lose {rules.market[c].name} ({rules.market[c].kind}, "
                            f"{rules.market[c].cost} gold)",
                            c,
                        )
                        for c in cards
                    ),
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
                    f"{who} is knocked out: wake up in which of the nearest cities?",
                    tuple(
                        Option(
                            f"city:{board.cities[board.hexes[c].city].id}",
                            f"to {board.hex_name(c)}",
                            c,
                        )
                        for c in cities
                    ),
                )
            state.stack[-1] = (self.name, seat, "hero", cities)
            return None
        if not state.unused_heroes:
            state.stack.pop()
            return None
        heroes = rules.heroes
        current = heroes[state.heroes[seat].hero]
        options = [Option("keep", f"keep {current.name}")]
        if state.opts.hero_selection == "choose":
            options.extend(
                Option(
                    f"hero:{heroes[i].id}",
                    f"take {heroes[i].name} (life {heroes[i].life}, stamina "
                    f"{heroes[i].stamina}, mind {heroes[i].mind.value}, body "
                    f"{heroes[i].body.value}, spirit {heroes[i].spirit.value})",
                    i,
                )
                for i in state.unused_heroes
            )
        else:
            options.append(Option("new", "take a new hero drawn from those not in play", -1))
        return Decision(seat, "new_hero", f"{who} is knocked out: take a new hero?", tuple(options))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        _, seat, stage, cities = frame
        rules = self.rules
        h = state.heroes[seat]
        if stage == "card":
            lose_under_market_deck(rules, state, seat, option.data, log)
            state.stack[-1] = (self.name, seat, "city", cities)
            return
        if stage == "city":
            h.hex = option.data
            emit(log, "move", f"{rules.who(state, seat)} wakes up in {rules.board.hex_name(h.hex)}")
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
        emit(
            log,
            "hero",
            f"Player {seat + 1} takes a new hero, {rules.heroes[new].name}, "
            f"keeping the experience counters",
            seat=seat,
            hero=rules.heroes[new].id,
        )
