"""The rules of an Al-Kalim game: the base queries read with the expansion's content and state.

The Al-Kalim "content view" swaps in the overlay board and the expansion's adventure decks, and
appends to the market tuple the Al-Kalim allies and one pseudo market card per legendary reward,
so that combat, abilities and allies work on them unchanged (AK-9.2, AK-11.7-AK-11.11).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardwright.engine.rng import Rng
from boardwright.games.runebound.alkalim.sandstorm import covered
from boardwright.games.runebound.content import CITY, AlKalimContent, RuneboundContent
from boardwright.games.runebound.records import AdventureCard, LegendCard, MarketCard
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import AllyState, RuneboundState

STORM = CITY + 1  # AK-13.9: the terrain index of covered hexes; no die face and no city
LEGEND_KEY = "L"  # ability keys of legendary rewards: "L<legend index>.<ability>"


def legend_market_card(card: LegendCard) -> MarketCard:
    """A legendary reward as a market-card record (never in the market deck)."""
    reward = card.reward
    if card.type == "ally":
        return MarketCard(
            id=f"legend-{card.id}",
            name=card.name,
            kind="ally",
            cost=1,
            text=reward.text,
            abilities=reward.abilities,
            life=reward.life,
            stamina=reward.stamina,
            mind=reward.mind,
            body=reward.body,
            spirit=reward.spirit,
        )
    return MarketCard(
        id=f"legend-{card.id}",
        name=card.name,
        kind="artifact",
        cost=1,
        text=reward.text,
        abilities=reward.abilities,
    )


def al_kalim_view(content: RuneboundContent) -> RuneboundContent:
    """The content an Al-Kalim game plays with (AK-1.3, AK-1.6, AK-2.1)."""
    ak = content.al_kalim
    if ak is None:
        raise ValueError("this content has no Al-Kalim folder")
    market = (*content.market, *ak.allies, *(legend_market_card(c) for c in ak.legends))
    return RuneboundContent(
        board=ak.board,
        heroes=(*content.heroes, *ak.heroes),
        adventures=ak.adventures,
        market=market,
        adventure_index=dict(ak.adventure_index),
        market_index={card.id: i for i, card in enumerate(market)},
        al_kalim=ak,
    )


class AlKalimRules(Rules):
    """Rules for an Al-Kalim game (the base game's Rules keep the base behaviour)."""

    story_after_knockout = True  # AK-16.1

    def __init__(self, content: RuneboundContent) -> None:
        view = al_kalim_view(content)
        super().__init__(view)
        ak = view.al_kalim
        assert ak is not None
        self.ak: AlKalimContent = ak
        self.base_heroes = len(content.heroes)
        self.base_market = len(content.market)
        self.first_ally = len(content.market)  # Al-Kalim allies: market indexes from here
        self.first_legend = len(content.market) + len(ak.allies)  # then one per legend card
        # (centre, radius) -> the hexes the sandstorm covers: asked per hex while moving and
        # by every view, and the board never changes
        self._covered: dict[tuple[int, int], frozenset[int]] = {}

    # --- legendary rewards -------------------------------------------------------------------
    def legend_card(self, legend: int) -> MarketCard:
        return self.market[self.first_legend + legend]

    def is_legendary(self, card: int) -> bool:
        return card >= self.first_legend

    def determinize_adventure(self, state: RuneboundState, seat: int | None, rng: Rng) -> None:
        """The ally deck, the legend stacks below their open tops and a City of Dreams look
        (alkalim/determinize.py)."""
        from boardwright.games.runebound.alkalim.determinize import determinize_al_kalim

        determinize_al_kalim(state, seat, rng)

    def owned_cards(self, state: RuneboundState, seat: int) -> Iterator[tuple[str, MarketCard]]:
        """Items and allies, then the finished legend cards that are not allies (AK-11.8-11.11):
        a legendary rune whose uses are spent gives nothing more."""
        yield from super().owned_cards(state, seat)
        if state.alk is None:
            return
        for slot in state.alk.boards[seat].legends:
            legend = self.ak.legends[slot.card]
            if not slot.done or legend.type == "ally":
                continue
            if legend.reward.uses is not None and slot.uses >= legend.reward.uses:
                continue
            yield f"{LEGEND_KEY}{slot.card}", self.legend_card(slot.card)

    def can_carry(self, state: RuneboundState, seat: int, card: int) -> bool:
        """AK-11.7: legendary allies do not count toward the ally limit."""
        if self.market[card].kind == "ally":
            allies = state.heroes[seat].allies
            ordinary = sum(1 for a in allies if not self.is_legendary(a.card))
            return self.is_legendary(card) or ordinary < state.opts.ally_limit
        return super().can_carry(state, seat, card)

    def enemy_life(self, state: RuneboundState, card: AdventureCard) -> int:
        """AK-6.3: the upper (night) life on a night turn, the lower (day) life by day."""
        if state.alk is not None and state.alk.night and card.night_life is not None:
            return card.night_life
        return card.life or 1

    # --- the sandstorm ------------------------------------------------------------------------
    def storm_hexes(self, state: RuneboundState) -> frozenset[int]:
        """The hexes the sandstorm covers now (AK-13.4); none before it appears."""
        alk = state.alk
        if alk is None or alk.storm < 0:
            return frozenset()
        key = (alk.storm, state.opts.al_kalim_sandstorm_radius)
        found = self._covered.get(key)
        if found is None:
            found = self._covered[key] = covered(self.board, *key)
        return found

    def move_terrain(self, state: RuneboundState, hex_index: int) -> int:
        """AK-13.9: a covered hex is 'sandstorm' terrain, which no movement die shows."""
        if hex_index in self.storm_hexes(state):
            return STORM
        return self.board.hexes[hex_index].terrain

    def escape_by_test(self, state: RuneboundState, source: str) -> bool:
        """AK-8.10: a night ambush always uses the escape test (option ambush_escape)."""
        if source == "ambush" and state.opts.al_kalim_ambush_escape == "test":
            return True
        return super().escape_by_test(state, source)

    def is_city(self, state: RuneboundState, hex_index: int) -> bool:
        """A city for the story step (AK-7.2): a printed city, or a lost city (AK-14.9)."""
        if self.board.hexes[hex_index].city >= 0:
            return True
        alk = state.alk
        return (
            alk is not None
            and state.opts.al_kalim_lost_city_counts_as_city
            and hex_index in alk.lost_cities
        )

    # --- hooks the base procedures call -------------------------------------------------------
    def sunburst(self, state: RuneboundState, card: int, log: Log) -> None:
        """AK-6.6: counters replenished, then the sandstorm, before the drawn challenge."""
        from boardwright.games.runebound.alkalim.procedures import sunburst

        sunburst(self, state, card, log)

    def on_defeat(
        self, state: RuneboundState, seat: int, card: int, hex_index: int, log: Log
    ) -> None:
        from boardwright.games.runebound.alkalim.quests import on_action

        on_action(self, state, seat, "defeat", hex_index, log, card=card)

    def hurt_ally(
        self,
        state: RuneboundState,
        seat: int,
        ally: AllyState,
        wounds: int,
        exhaustion: int,
        log: Log,
    ) -> None:
        """AK-11.12: a legendary ally that dies is a lost legend card: under its stack."""
        super().hurt_ally(state, seat, ally, wounds, exhaustion, log)
        if not self.is_legendary(ally.card) or ally in state.heroes[seat].allies:
            return
        if state.market_discard and state.market_discard[-1] == ally.card:
            state.market_discard.pop()
        from boardwright.games.runebound.alkalim.quests import lose_legend

        lose_legend(self, state, seat, ally.card - self.first_legend, log)

    def lose_legends(
        self, state: RuneboundState, seat: int, amount: int, log: Log, *, source: str = ""
    ) -> None:
        """AK-11.12: a challenge forces the player to give up ``amount`` legend cards, quests
        or rewards of their choice (one decision per card, an ``ak_lose_legend`` frame); not a
        discard by choice, so AK-10.7 does not limit it."""
        from boardwright.games.runebound.alkalim.quests import forced_loss_automatic

        if state.alk is None or forced_loss_automatic(self, state, seat, amount, log, source):
            return
        state.stack.append(("ak_lose_legend", seat, amount, source))

    def after_knockout(self, state: RuneboundState, seat: int, log: Log) -> None:
        """AK-9.6: a knocked-out hero loses all survival gear (back to the stock)."""
        alk = state.alk
        if alk is None:
            return
        gear = alk.boards[seat].gear
        if any(gear):
            for kind, count in enumerate(gear):
                alk.gear_supply[kind] += count
            alk.boards[seat].gear = [0] * len(gear)
            emit(log, "gear", f"{self.who(state, seat)} loses all survival gear", seat=seat)

    def after_experience(
        self, state: RuneboundState, seat: int, spent: list[int], log: Log
    ) -> None:
        """AK-10.3/AK-10.4: the highest counter spent becomes (or replaces) the limit counter;
        AK-10.6: then one unfinished quest may be discarded."""
        alk = state.alk
        if alk is None or not spent:
            return
        board = alk.boards[seat]
        values = self.board.counter_values
        best = max(spent, key=lambda c: values[c])
        if values[best] > board.limit:
            state.counter_supply[best] -= 1  # it stays on the quest board instead
            if board.limit_colour >= 0:
                state.counter_supply[board.limit_colour] += 1
            board.limit = values[best]
            board.limit_colour = best
            emit(
                log,
                "limit",
                f"{self.who(state, seat)} may now hold {board.limit} legend card(s)",
                seat=seat,
                limit=board.limit,
            )
        may_discard = state.opts.al_kalim_legend_swap_same_turn or not board.drew_legend
        if may_discard and any(not s.done for s in board.legends):
            state.stack.append(("ak_discard_quest", seat))

    def draw_market_here(self, state: RuneboundState, seat: int, count: int, log: Log) -> bool:
        """An effect's market draw (a base card such as the Merchant's Ledger) in a bazaar: onto
        the stack of the city or lost city on the hero's hex (AK-2.4, AK-14.8), base allies
        replaced (AK-9.2); nothing outside a city."""
        from boardwright.games.runebound.alkalim.bazaar import draw_bazaar_card
        from boardwright.games.runebound.alkalim.procedures import bazaar_stack, lost_city_at

        here = state.heroes[seat].hex
        if self.board.hexes[here].city >= 0 or lost_city_at(state, here) >= 0:
            stack = bazaar_stack(self, state, here)
            for _ in range(count):
                draw_bazaar_card(self, state, stack, log)
        return True

    def note_use(self, state: RuneboundState, seat: int, key: str) -> None:
        """AK-11.11: each use of a legendary rune's power counts; three is the most."""
        if not key.startswith(LEGEND_KEY) or state.alk is None:
            return
        legend = int(key[len(LEGEND_KEY) :].split(".")[0])
        for slot in state.alk.boards[seat].legends:
            if slot.card == legend and self.ak.legends[legend].reward.uses is not None:
                slot.uses += 1
