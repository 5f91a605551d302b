"""The rules of an Al-Kalim game: the base queries read with the expansion's content and state.

The Al-Kalim "content view" swaps in the overlay board and the expansion's adventure decks, and
appends to the market tuple the Al-Kalim allies and one pseudo market card per legendary reward,
so that combat, abilities and allies work on them unchanged (AK-9.2, AK-11.7-AK-11.11).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from boardwright.engine.decision import Option
from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventures.al_kalim.bazaar import draw_bazaar_card
from boardwright.games.runebound.adventures.al_kalim.card_test import card_test_frame
from boardwright.games.runebound.adventures.al_kalim.content import (
    AL_KALIM_FOLDER,
    AlKalimContent,
    al_kalim_content,
)
from boardwright.games.runebound.adventures.al_kalim.determinize import determinize_al_kalim
from boardwright.games.runebound.adventures.al_kalim.experience import PayExperience
from boardwright.games.runebound.adventures.al_kalim.lost_cities import bazaar_stack, lost_city_at
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.pack_cards import play_event
from boardwright.games.runebound.adventures.al_kalim.quests import (
    forced_loss_automatic,
    lose_legend,
    on_action,
)
from boardwright.games.runebound.adventures.al_kalim.sandstorm import covered, steps
from boardwright.games.runebound.adventures.al_kalim.state import AlKalimState
from boardwright.games.runebound.adventures.al_kalim.storm import sunburst
from boardwright.games.runebound.adventures.al_kalim.travel import (
    camel_options,
    day_travel,
    use_camel,
)
from boardwright.games.runebound.card_packs import is_pack_set
from boardwright.games.runebound.content import CITY, Board, RuneboundContent
from boardwright.games.runebound.records import (
    COLOURS,
    AdventureCard,
    LegendCard,
    MarketCard,
    SkillTest,
)
from boardwright.games.runebound.rules import DEALT_DRAW_AGAIN, Log, Rules
from boardwright.games.runebound.state import AllyState, RuneboundState

RED = "red"  # AK-17.6: the colour of the pack cards set aside
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


def night_steps(records: AlKalimContent) -> tuple[int, ...]:
    """AK-17.3: per colour, how much weaker by day the Al-Kalim challenges of that colour usually
    are: the lower median of night life minus day life (0 for a colour with none)."""
    steps = []
    for colour in COLOURS:
        found = sorted(
            card.night_life - (card.life or 1)
            for card in records.adventures
            if card.colour == colour and card.night_life is not None
        )
        steps.append(found[(len(found) - 1) // 2] if found else 0)
    return tuple(steps)


def desert_pack_card(card: AdventureCard, night_step: Sequence[int]) -> AdventureCard:
    """An adventure-card pack's card as the desert's decks hold it: a challenge without a night
    life of its own has its printed life by night and its colour's step less by day (AK-17.3);
    a card kept as a Dragon Rune (or one that wins the game; an owner's pack may have one that
    is not red) is beaten like any other, its powers not granted (AK-12.2)."""
    update: dict[str, object] = {}
    if card.kind == "challenge" and card.night_life is None:
        printed = card.life or 1
        update["night_life"] = printed
        update["life"] = max(1, printed - night_step[COLOURS.index(card.colour)])
    reward = card.reward
    if reward.dragon_rune or reward.wins_game:
        kept = {"dragon_rune": False, "wins_game": False, "abilities": []}
        update["reward"] = reward.model_copy(update=kept)
    return card.model_copy(update=update) if update else card


def stand_ins(base: Board, overlay: Board) -> dict[str, int]:
    """AK-17.7: each city of the base board stands for the overlay's printed city at its place
    in the market row's order, counting round again (Tamalir for the first, AK open question
    18)."""
    count = len(overlay.cities)
    own = {city.id for city in overlay.cities}
    return {
        city.id: index % count
        for index, city in enumerate(base.cities)
        if city.id not in own and count
    }


def joins_the_desert(card: AdventureCard) -> bool:
    """An adventure-card pack's card that joins the desert's decks (AK-17.2): all but the red
    ones, which are set aside (AK-17.6)."""
    return is_pack_set(card.card_set) and card.colour != RED


def one_life(content: RuneboundContent) -> frozenset[str]:
    """AK-17.3: the ids of the pack challenges of ``content`` (the base content with the chosen
    packs) that print one life, which is their night life, the day's a step less."""
    return frozenset(
        card.id
        for card in content.adventures
        if joins_the_desert(card) and card.kind == "challenge" and card.night_life is None
    )


def play_content(content: RuneboundContent) -> RuneboundContent:
    """The content an Al-Kalim game plays with (AK-1.3, AK-1.6, AK-2.1): the overlay, whose
    cities stand in for the base board's (AK-17.7), the expansion's heroes, allies and legend
    rewards, and its challenges followed by the chosen adventure-card packs' cards (AK-17.2)
    but their red ones, which are set aside (AK-17.6)."""
    records = al_kalim_content(content)
    if records is None:
        raise ValueError("this content has no Al-Kalim folder")
    legends = (
        legend_market_card(c).model_copy(update={"card_set": AL_KALIM_FOLDER})
        for c in records.legends
    )
    market = (*content.market, *records.allies, *legends)
    night_step = night_steps(records)
    packs = (desert_pack_card(c, night_step) for c in content.adventures if joins_the_desert(c))
    adventures = (*records.adventures, *packs)
    return RuneboundContent(
        board=replace(records.board, stand_ins=stand_ins(content.board, records.board)),
        heroes=(*content.heroes, *records.heroes),
        adventures=adventures,
        market=market,
        adventure_index={card.id: i for i, card in enumerate(adventures)},
        market_index={card.id: i for i, card in enumerate(market)},
        parts=content.parts,
        packs=content.packs,
        pack_files=content.pack_files,
    )


class AlKalimRules(Rules):
    """Rules for an Al-Kalim game (the base game's Rules keep the base behaviour)."""

    story_after_knockout = True  # AK-16.1
    kept_by_knockout = frozenset({"knockout", "al_kalim_quest_test"})  # a quest test still comes

    def __init__(self, content: RuneboundContent) -> None:
        played = play_content(content)
        super().__init__(played)
        records = al_kalim_content(played)
        assert records is not None
        self.al_kalim: AlKalimContent = records
        self.base_heroes = len(content.heroes)
        self.base_market = len(content.market)
        self.first_ally = len(content.market)  # Al-Kalim allies: market indexes from here
        self.first_legend = len(content.market) + len(records.allies)  # then one per legend card
        self.one_life = one_life(content)
        # (centre, radius) -> the hexes the sandstorm covers: asked per hex while moving and
        # by every view, and the board never changes
        self._covered: dict[tuple[int, int], frozenset[int]] = {}
        # (centre, direction, spread) -> the storm's moves from there: asked per storm step
        self._storm_moves: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}

    # --- legendary rewards -------------------------------------------------------------------
    def legend_card(self, legend: int) -> MarketCard:
        return self.market[self.first_legend + legend]

    def is_legendary(self, card: int) -> bool:
        return card >= self.first_legend

    def determinize_adventure(self, state: RuneboundState, seat: int | None, rng: Rng) -> None:
        """The ally deck, the legend stacks below their open tops and a City of Dreams look
        (determinize.py)."""
        determinize_al_kalim(state, seat, rng)

    def owned_cards(self, state: RuneboundState, seat: int) -> Iterator[tuple[str, MarketCard]]:
        """Items and allies, then the legend rewards in force (:meth:`_legends_in_force`)."""
        yield from super().owned_cards(state, seat)
        for card in self._legends_in_force(state, seat):
            yield f"{LEGEND_KEY}{card}", self.legend_card(card)

    def owned_fingerprint(self, state: RuneboundState, seat: int) -> tuple[int, ...]:
        """The base fingerprint, then -1 and the legend rewards in force; just the base one
        while the seat holds no legend card (most of a game). The count of -1 entries after
        the hero (one or two) keeps the two kinds apart."""
        base = super().owned_fingerprint(state, seat)
        al_kalim = state.adventure_state
        if not isinstance(al_kalim, AlKalimState) or not al_kalim.boards[seat].legends:
            return base
        return (*base, -1, *self._legends_in_force(state, seat))

    def _legends_in_force(self, state: RuneboundState, seat: int) -> list[int]:
        """The finished legend cards that are not allies (AK-11.8-11.11), by index: a legendary
        rune whose uses are spent gives nothing more."""
        al_kalim = state.adventure_state
        if not isinstance(al_kalim, AlKalimState):
            return []
        found = []
        for slot in al_kalim.boards[seat].legends:
            legend = self.al_kalim.legends[slot.card]
            if not slot.done or legend.type == "ally":
                continue
            if legend.reward.uses is not None and slot.uses >= legend.reward.uses:
                continue
            found.append(slot.card)
        return found

    def can_carry(self, state: RuneboundState, seat: int, card: int) -> bool:
        """AK-11.7: legendary allies do not count toward the ally limit."""
        if self.market[card].kind == "ally":
            allies = state.heroes[seat].allies
            ordinary = sum(1 for a in allies if not self.is_legendary(a.card))
            return self.is_legendary(card) or ordinary < state.opts.ally_limit
        return super().can_carry(state, seat, card)

    def enemy_life(self, state: RuneboundState, card: AdventureCard) -> int:
        """AK-6.3: the upper (night) life on a night turn, the lower (day) life by day; a pack
        challenge's printed life by day too under ``al_kalim.pack_day_life=printed`` (AK-17.3,
        its night life)."""
        night = card.night_life
        if night is not None and (
            self.is_night(state)
            or (card.id in self.one_life and al_kalim_options(state).pack_day_life == "printed")
        ):
            return night
        return card.life or 1

    # --- the sandstorm ------------------------------------------------------------------------
    def storm_hexes(self, state: RuneboundState) -> frozenset[int]:
        """The hexes the sandstorm covers now (AK-13.4); none before it appears."""
        al_kalim = state.adventure_state
        if not isinstance(al_kalim, AlKalimState) or al_kalim.storm < 0:
            return frozenset()
        key = (al_kalim.storm, al_kalim_options(state).sandstorm_radius)
        found = self._covered.get(key)
        if found is None:
            found = self._covered[key] = covered(self.board, *key)
        return found

    def storm_moves(self, centre: int, direction: int, spread: int) -> tuple[tuple[int, int], ...]:
        """:func:`sandstorm.steps`, looked up: the moves depend on the board alone."""
        key = (centre, direction, spread)
        found = self._storm_moves.get(key)
        if found is None:
            found = self._storm_moves[key] = tuple(steps(self.board, *key))
        return found

    def move_terrain(self, state: RuneboundState, hex_index: int) -> int:
        """AK-13.9: a covered hex is 'sandstorm' terrain, which no movement die shows."""
        if hex_index in self.storm_hexes(state):
            return STORM
        return super().move_terrain(state, hex_index)  # PV-6: a pack card's passage

    def escape_by_test(self, state: RuneboundState, source: str) -> bool:
        """AK-8.10: a night ambush always uses the escape test (option ambush_escape)."""
        if source == "ambush" and al_kalim_options(state).ambush_escape == "test":
            return True
        return super().escape_by_test(state, source)

    def is_city(self, state: RuneboundState, hex_index: int) -> bool:
        """A city for the story step (AK-7.2): a printed city, or a lost city (AK-14.9)."""
        if self.board.hexes[hex_index].city >= 0:
            return True
        al_kalim = state.adventure_state
        return (
            isinstance(al_kalim, AlKalimState)
            and al_kalim_options(state).lost_city_counts_as_city
            and hex_index in al_kalim.lost_cities
        )

    # --- hooks the base procedures call -------------------------------------------------------
    def is_night(self, state: RuneboundState) -> bool:
        """AK-4.4: the active player's choice of day or night for this turn."""
        al_kalim = state.adventure_state
        return isinstance(al_kalim, AlKalimState) and al_kalim.night

    def movement_options(self, state: RuneboundState, seat: int) -> list[Option]:
        """AK-9.7: a pack camel may be discarded for a bonus move at any point of the movement."""
        return camel_options(state, seat)

    def take_movement_option(
        self, state: RuneboundState, seat: int, option: Option, log: Log
    ) -> bool:
        if option.key != "camel":
            return False
        use_camel(self, state, seat, log)
        return True

    def after_movement_roll(
        self, state: RuneboundState, seat: int, rolled: tuple[int, ...], log: Log
    ) -> None:
        """AK-5.2-AK-5.5: a day roll costs the party exhaustion (AK-5.7: it may knock the hero
        out)."""
        day_travel(self, state, seat, rolled, log)

    def on_ambush_won(
        self, state: RuneboundState, seat: int, card: int, hex_index: int, log: Log
    ) -> None:
        """AK-8.12: a night ambush won counts for quests (option ambush_counts_for_quests)."""
        if al_kalim_options(state).ambush_counts_for_quests:
            self.on_defeat(state, seat, card, hex_index, log)

    def drawn(self, state: RuneboundState, seat: int, colour: int, card: int, log: Log) -> int:
        """AK-17.5: an event from a card pack happens at once and is discarded (no event stays
        in play: the event space holds the ally deck, AK-3.5); the draw goes on, as RB-4.3's
        (an adventure step draws again, a travel problem is over)."""
        if self.adventures[card].kind != "event":
            return card
        play_event(self, state, seat, card, log)
        return DEALT_DRAW_AGAIN

    def sunburst(self, state: RuneboundState, card: int, log: Log) -> None:
        """AK-6.6: counters replenished, then the sandstorm, before the drawn challenge."""
        sunburst(self, state, card, log)

    def on_defeat(
        self, state: RuneboundState, seat: int, card: int, hex_index: int, log: Log
    ) -> None:
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
        lose_legend(self, state, seat, ally.card - self.first_legend, log)

    def lose_legends(
        self, state: RuneboundState, seat: int, amount: int, log: Log, *, source: str = ""
    ) -> None:
        """AK-11.12: a challenge forces the player to give up ``amount`` legend cards, quests
        or rewards of their choice (one decision per card, an ``al_kalim_lose_legend`` frame); not a
        discard by choice, so AK-10.7 does not limit it."""
        if not isinstance(state.adventure_state, AlKalimState) or forced_loss_automatic(
            self, state, seat, amount, log, source
        ):
            return
        state.stack.append(("al_kalim_lose_legend", seat, amount, source))

    def take_card_test(
        self, state: RuneboundState, seat: int, test: SkillTest, log: Log, *, source: str = ""
    ) -> bool:
        """AK-9.9: a card's skill test is a frame of its own, so that an adventurer's kit may
        add +3 after the roll (card_test.py)."""
        if not isinstance(state.adventure_state, AlKalimState):
            return False
        state.stack.append(card_test_frame(seat, test, source))
        return True

    def after_knockout(self, state: RuneboundState, seat: int, log: Log) -> None:
        """AK-9.6: a knocked-out hero loses all survival gear (back to the stock)."""
        al_kalim = state.adventure_state
        if not isinstance(al_kalim, AlKalimState):
            return
        gear = al_kalim.boards[seat].gear
        if any(gear):
            for kind, count in enumerate(gear):
                al_kalim.gear_supply[kind] += count
            al_kalim.boards[seat].gear = [0] * len(gear)
            record(log, "gear", "loses_all", **self.party(state, seat))

    def pay_experience(self, state: RuneboundState, seat: int, price: int) -> None:
        """AK-10.3/AK-10.4: the player chooses the counters that pay and then the limit counter
        (experience.py, a frame on top of the experience step); nothing is spent here yet."""
        if not isinstance(state.adventure_state, AlKalimState):
            super().pay_experience(state, seat, price)
            return
        state.stack.append((PayExperience.name, seat, price, ()))

    def draw_market_here(self, state: RuneboundState, seat: int, count: int, log: Log) -> bool:
        """An effect's market draw (a base card such as the Merchant's Ledger) in a bazaar: onto
        the stack of the city or lost city on the hero's hex (AK-2.4, AK-14.8), base allies
        replaced (AK-9.2); nothing outside a city."""
        here = state.heroes[seat].hex
        if self.board.hexes[here].city >= 0 or lost_city_at(state, here) >= 0:
            stack = bazaar_stack(self, state, here)
            for _ in range(count):
                draw_bazaar_card(self, state, stack, log)
        return True

    def note_use(self, state: RuneboundState, seat: int, key: str) -> None:
        """AK-11.11: each use of a legendary rune's power counts; three is the most."""
        al_kalim = state.adventure_state
        if not key.startswith(LEGEND_KEY) or not isinstance(al_kalim, AlKalimState):
            return
        legend = int(key[len(LEGEND_KEY) :].split(".")[0])
        for slot in al_kalim.boards[seat].legends:
            if slot.card == legend and self.al_kalim.legends[legend].reward.uses is not None:
                slot.uses += 1
