"""The rules of a Cult of the Rune game (docs/rules/cult.md): the content it plays with, the
marker's effects on hexes, cities and heroes (CR-18 to CR-21), corruption and elimination
(CR-21 to CR-23), victory points and the end of the game (CR-9, CR-10, CR-24 to CR-27), and the
base game's hooks as the cult changes them."""

from __future__ import annotations

from boardwright.engine.hexgrid import distance
from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventures.cult.content import CultContent, cult_content
from boardwright.games.runebound.adventures.cult.options import cult_options
from boardwright.games.runebound.adventures.cult.path import jump_cities
from boardwright.games.runebound.adventures.cult.state import cult_state
from boardwright.games.runebound.content import RuneboundContent, with_adventure_cards
from boardwright.games.runebound.effects import replenish
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.records import COLOURS, Ability
from boardwright.games.runebound.rules import DEALT_DRAW_AGAIN, DEALT_WITH, Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState

RED = COLOURS.index("red")
BASE_SET = "base"
VP_GOAL = 26  # CR-25: two players; one more per player above two
SEED_PILE_GOAL = 18  # CR-26: two players; one more per player above two


def play_content(content: RuneboundContent) -> RuneboundContent:
    """The game's content with the cult's cards after every other adventure card."""
    records = cult_content(content)
    if records is None:
        raise ValueError("this content has no cult folder")
    return with_adventure_cards(content, records.adventures)


class CultRules(Rules):
    """Rules for a Cult of the Rune game (the base game's Rules keep the base behaviour)."""

    # the cult's moves and a branded player's choice go on after the active hero's knock-out
    kept_by_knockout: frozenset[str] = frozenset({"knockout", "cult_move", "cult_brand"})

    def __init__(self, content: RuneboundContent) -> None:
        super().__init__(play_content(content))
        records = cult_content(content)
        assert records is not None
        self.cult: CultContent = records
        self.first_cult = len(content.adventures)
        """The cult's cards are the adventure indexes from here on."""
        forge = next((c for c in self.board.cities if c.id == "forge"), None)
        self.forge = forge.hex if forge is not None else self.board.cities[0].hex

    def is_cult(self, card: int) -> bool:
        return card >= self.first_cult

    def colour_of(self, card: int) -> int:
        return COLOURS.index(self.adventures[card].colour)

    # --- victory points (CR-9, CR-10) ----------------------------------------------------------
    def card_vp(self, state: RuneboundState, seat: int) -> int:
        """CR-9: the VP of the cultist cards in the seat's VP pile."""
        values = self.board.counter_values
        return sum(values[self.colour_of(card)] for card in cult_state(state).vp[seat])

    def colour_bonus(self, state: RuneboundState, seat: int) -> int:
        """CR-10: the number of cards of the colour the seat holds most of."""
        counts = [0, 0, 0, 0]
        for card in cult_state(state).vp[seat]:
            counts[self.colour_of(card)] += 1
        return max(counts)

    def vp(self, state: RuneboundState, seat: int) -> int:
        """CR-27: the seat's victory points (cards and the colour bonus)."""
        return self.card_vp(state, seat) + self.colour_bonus(state, seat)

    def goals(self, state: RuneboundState) -> tuple[int, int]:
        """CR-25, CR-26: the VP goal and the pile goal of this game."""
        options = cult_options(state)
        more = max(0, len(state.heroes) - 2)
        vp_goal = options.vp_goal or VP_GOAL + more
        if options.pile_table == "short":  # a house rule: two cards a player, and four
            table = 4 + 2 * max(2, len(state.heroes))
        else:
            table = SEED_PILE_GOAL + more
        pile_goal = options.pile_goal or table
        return vp_goal, pile_goal

    def counted_special(self, state: RuneboundState) -> int:
        """CR-26: the base set's events and encounters on the special pile."""
        return sum(1 for c in cult_state(state).special if self.adventures[c].card_set == BASE_SET)

    # --- life and stamina (CR-21) ----------------------------------------------------------
    def life(self, state: RuneboundState, seat: int) -> int:
        return max(0, super().life(state, seat) - self._corruption(state, seat))

    def stamina(self, state: RuneboundState, seat: int) -> int:
        return max(0, super().stamina(state, seat) - self._corruption(state, seat))

    @staticmethod
    def _corruption(state: RuneboundState, seat: int) -> int:
        part = state.adventure_state
        return part.corruption[seat] if part is not None else 0  # type: ignore[attr-defined]

    # --- the base game's hooks ---------------------------------------------------------------
    def own_deck(self, state: RuneboundState, hex_index: int, colour: int) -> list[int] | None:
        """CR-18, CR-8: a cultist counter is drawn for from its cult deck."""
        if colour == RED or cult_state(state).turned[hex_index] >> colour & 1:
            return cult_state(state).decks[colour]
        return None

    def drawn(self, state: RuneboundState, seat: int, colour: int, card: int, log: Log) -> int:
        """CR-14 to CR-17: a drawn event or encounter is dealt with by rule C, after which an
        adventure's draw goes on for an event and ends for an encounter; one that Travel
        Problems or a hazard draws too (CR-37), that draw ending. A challenge is fought."""
        kind = self.adventures[card].kind
        if kind == "challenge":
            return card
        rule_c(self, state, seat, card, log)
        return DEALT_DRAW_AGAIN if kind == "event" else DEALT_WITH

    def discard_pile(self, state: RuneboundState, card: int) -> list[int]:
        """CR-9, CR-36: a cultist beaten goes to its victor's VP pile, never to a discard."""
        if self.is_cult(card):
            return cult_state(state).vp[state.seat]
        return super().discard_pile(state, card)

    def unbeaten(self, state: RuneboundState, seat: int, card: int, source: str, log: Log) -> bool:
        """CR-11: a challenge escaped or that knocked the hero out goes under its deck (a
        cultist under its cult deck); CR-37: one drawn by travel is the base game's."""
        if not source.startswith("counter"):
            return False
        colour = self.colour_of(card)
        deck = cult_state(state).decks[colour] if self.is_cult(card) else None
        if deck is None:
            deck = state.adventure_decks[colour]
        deck.insert(0, card)
        emit(log, "under_deck", card=self.adventures[card].id, colour=COLOURS[colour])
        return True

    def on_defeat(
        self, state: RuneboundState, seat: int, card: int, hex_index: int, log: Log
    ) -> None:
        """The counter taken is no cultist any more (CR-18); a cultist won may end the game
        (CR-24: the last red one, or the VP goal)."""
        part = cult_state(state)
        part.turned[hex_index] &= state.counters[hex_index]
        if not self.is_cult(card) or state.finished:
            return
        emit(log, "cult_vp", **self.party(state, seat), vp=self.card_vp(state, seat))
        if self.colour_of(card) == RED and not part.decks[RED]:
            finish(self, state, "last red cultist", log)
        elif self.card_vp(state, seat) >= self.goals(state)[0]:
            finish(self, state, "vp goal", log)

    def move_cult(self, state: RuneboundState, seat: int, times: int, log: Log) -> None:
        """CR-43: the cult moves ``times`` times, the active player choosing."""
        state.stack.append(("cult_move", times, -1))

    def corrupt(self, state: RuneboundState, seat: int, amount: int, log: Log) -> None:
        """CR-44: one branding per marker."""
        for _ in range(amount):
            if state.finished or seat in state.eliminated:
                return
            brand(self, state, seat, log)

    def ability_acts(self, state: RuneboundState, seat: int, ability: Ability) -> bool:
        """CR-46: ``only_if: branded`` acts on a hero with a corruption marker."""
        if ability.only_if == "branded":
            return cult_state(state).corruption[seat] > 0
        return ability.only_if is None

    def movement_ended(self, state: RuneboundState, seat: int, log: Log) -> None:
        """CR-20: a hero who ends the movement step on the marker's hex is branded (once)."""
        part = cult_state(state)
        if part.moved_end == state.turn_number:
            return
        part.moved_end = state.turn_number
        if state.heroes[seat].hex == part.marker:
            brand(self, state, seat, log)

    def after_knockout(self, state: RuneboundState, seat: int, log: Log) -> None:
        """CR-19: a hero knocked out into an infiltrated city is branded on arrival."""
        city = self.board.hexes[state.heroes[seat].hex].city
        if city >= 0 and city in cult_state(state).infiltrated and not state.finished:
            brand(self, state, seat, log, knocked=True)

    def determinize_adventure(self, state: RuneboundState, seat: int | None, rng: Rng) -> None:
        """The cult decks lie face down, and so do the other players' VP piles (CR-9): per
        colour, the cards of both are dealt again into the same places (their colours are
        open, which cards they are is not)."""
        part = cult_state(state)
        for colour in range(len(COLOURS)):
            places = [(part.decks[colour], i) for i in range(len(part.decks[colour]))]
            for other, pile in enumerate(part.vp):
                if other != seat:
                    places += [(pile, i) for i, c in enumerate(pile) if self.colour_of(c) == colour]
            cards = [place[i] for place, i in places]
            rng.shuffle(cards)
            for (place, i), card in zip(places, cards, strict=True):
                place[i] = card


# --- what the marker does (CR-18 to CR-20) ------------------------------------------------------
def enter(rules: CultRules, state: RuneboundState, hex_index: int, log: Log) -> None:
    """The marker enters ``hex_index``: its counters turn (CR-18), a city is infiltrated
    (CR-19), the heroes there are branded (CR-20), the active player's first."""
    part = cult_state(state)
    part.marker = hex_index
    emit(log, "cult_moves", to=rules.hex_labels[hex_index])
    turn_counters(state, hex_index)
    if rules.board.hexes[hex_index].city >= 0:
        infiltrate(rules, state, rules.board.hexes[hex_index].city, log)
    for seat in seats_from_active(state):
        if state.heroes[seat].hex == hex_index and not state.finished:
            brand(rules, state, seat, log)


def turn_counters(state: RuneboundState, hex_index: int) -> None:
    """CR-18: every counter on the hex becomes a cultist."""
    part = cult_state(state)
    part.turned[hex_index] = state.counters[hex_index]


def seats_from_active(state: RuneboundState) -> list[int]:
    """The seats still in the game, the active one first, then in seat order (CR-17)."""
    n = len(state.heroes)
    return [s for s in ((state.seat + i) % n for i in range(n)) if s not in state.eliminated]


def markers_left(state: RuneboundState) -> int:
    """CR-33: infiltration markers still in the supply (a large number under no limit)."""
    limit = cult_options(state).infiltration_markers
    return limit - len(cult_state(state).infiltrated) if limit else 1 << 20


def infiltrate(rules: CultRules, state: RuneboundState, city: int, log: Log) -> None:
    """CR-19: an infiltration marker on the city, while any are left."""
    part = cult_state(state)
    if city in part.infiltrated or markers_left(state) <= 0:
        return
    part.infiltrated.append(city)
    emit(log, "infiltrated", city=rules.board.cities[city].id)


def jump_targets(rules: CultRules, state: RuneboundState, hex_index: int) -> list[int]:
    """CR-13, CR-33: the uninfiltrated cities next to the hex the marker entered (none when no
    infiltration marker is left)."""
    if markers_left(state) <= 0:
        return []
    return jump_cities(rules.board, hex_index, frozenset(cult_state(state).infiltrated))


# --- branding, corruption and elimination (CR-20 to CR-23) --------------------------------------
def brand(
    rules: CultRules, state: RuneboundState, seat: int, log: Log, *, knocked: bool = False
) -> None:
    """CR-20, CR-21: one corruption marker; the player gives up a VP card of their choice
    (a ``cult_brand`` frame when there is a choice); the lowered life may knock the hero out,
    and as many markers as the maximum life put the hero out of the game (CR-23)."""
    if seat in state.eliminated or state.finished:
        return
    part = cult_state(state)
    part.corruption[seat] += 1
    part.gained[seat] += 1
    emit(log, "branded", **rules.party(state, seat), corruption=part.corruption[seat])
    colours = sorted({rules.colour_of(card) for card in part.vp[seat]})
    if len(colours) == 1:
        lose_vp_card(rules, state, seat, colours[0], log)
    elif colours:
        state.stack.append(("cult_brand", seat))
    if eliminated_by_corruption(rules, state, seat):
        eliminate(rules, state, seat, log)
        return
    h = state.heroes[seat]
    over = h.exhaustion - rules.stamina(state, seat)
    if over > 0:  # RB-6.2: exhaustion above the lowered stamina becomes wounds
        h.exhaustion -= over
        h.wounds += over
    fighting = state.combat is not None and seat == state.seat  # the fight knocks out
    if not knocked and not fighting and rules.knocked_out(state, seat):
        emit(log, "knocked_out", variant="branded", **rules.party(state, seat))
        knock_out(rules, state, seat, log)


def lose_vp_card(rules: CultRules, state: RuneboundState, seat: int, colour: int, log: Log) -> None:
    """CR-21: the newest card of that colour in the VP pile goes under its cult deck."""
    part = cult_state(state)
    pile = part.vp[seat]
    card = next(c for c in reversed(pile) if rules.colour_of(c) == colour)
    pile.remove(card)
    part.decks[colour].insert(0, card)
    emit(log, "cult_card_lost", **rules.party(state, seat), colour=COLOURS[colour])


def remove_corruption(
    rules: CultRules, state: RuneboundState, seat: int, amount: int, log: Log
) -> None:
    """CR-22: up to ``amount`` markers come off; life and stamina rise again."""
    part = cult_state(state)
    gone = min(amount, part.corruption[seat])
    if gone:
        part.corruption[seat] -= gone
        part.removed[seat] += gone
        emit(log, "cleansed", **rules.party(state, seat), removed=gone)


def eliminated_by_corruption(rules: CultRules, state: RuneboundState, seat: int) -> bool:
    """CR-23: as many markers as the maximum life before corruption; under
    ``cult.elimination=reduced``, as many as the maximum life the markers lowered (a life-5
    hero is out at 3 markers: 3 >= 5 - 3)."""
    held = cult_state(state).corruption[seat]
    before = Rules.life(rules, state, seat)
    if cult_options(state).elimination == "reduced":
        return held >= before - held
    return held >= before


def eliminate(rules: CultRules, state: RuneboundState, seat: int, log: Log) -> None:
    """CR-34: the hero is out: no more turns, no win; items and allies to the market discard
    pile; with one player left the game ends."""
    h = state.heroes[seat]
    state.eliminated.append(seat)
    state.market_discard.extend(h.items)
    state.market_discard.extend(ally.card for ally in h.allies)
    h.items = []
    h.allies = []
    emit(log, "consumed", **rules.party(state, seat))
    if seat == state.seat and state.combat is None:
        end_own_turn(rules, state)
    left = [s for s in range(len(state.heroes)) if s not in state.eliminated]
    if len(left) <= 1:
        finish(rules, state, "one left" if left else "all eliminated", log)


def end_own_turn(rules: CultRules, state: RuneboundState) -> None:
    """CR-12, CR-34: the rest of an eliminated player's own turn is not played: the frames
    above the turn go, but the cult's moves and other players' choices already due (the
    frames a knock-out keeps too). In a fight the fight ends first, then the turn does."""
    stack = state.stack
    waiting = []
    while stack and stack[-1][0] != "turn":
        frame = stack.pop()
        if frame[0] in rules.kept_by_knockout and frame[0] != "knockout":
            waiting.append(frame)
    stack.extend(reversed(waiting))


def finish(rules: CultRules, state: RuneboundState, how: str, log: Log) -> None:
    """CR-24, CR-27: the game ends at once (the procedures' frames are dropped before the
    next step, ``ProcedureTable.over``); most VP wins (ranked by the result)."""
    state.finished = True
    state.ended_by = how
    scores = [rules.vp(state, s) for s in range(len(state.heroes))]
    emit(log, "game_over", variant="cult", how=how, vp=scores)


# --- rule C: events and encounters (CR-14 to CR-17) ---------------------------------------------
def rule_c(rules: CultRules, state: RuneboundState, seat: int, card: int, log: Log) -> None:
    """CR-14: the card goes to the special pile unresolved; the pile goal may end the game
    (CR-24 (3): then no C1 or C2); an encounter moves the cult once per colour from green up
    (CR-15); an event refills and brings a ritual (CR-16, CR-17)."""
    part = cult_state(state)
    record = rules.adventures[card]
    part.special.append(card)
    emit(log, "special_pile", card=record.id, size=len(part.special))
    if rules.counted_special(state) >= rules.goals(state)[1]:
        finish(rules, state, "special pile", log)
        return
    colour = rules.colour_of(card)
    if record.kind == "encounter":
        state.stack.append(("cult_move", colour + 1, -1))
        return
    refill(rules, state, card, log)
    ritual(rules, state, ritual_radius(state, card, rules), log)


def refill(rules: CultRules, state: RuneboundState, card: int, log: Log) -> None:
    """CR-16: the event's sunburst colours (its own colour when it has none), or every colour
    under ``cult.event_refill=all``."""
    if cult_options(state).event_refill == "all":
        colours = list(range(len(COLOURS)))
    else:
        named = {
            COLOURS.index(c)
            for ability in rules.adventures[card].abilities
            if ability.timing == "event"
            for effect in ability.effects
            if effect.do == "replenish"
            for c in effect.colours
        }
        colours = sorted(named) or [rules.colour_of(card)]
    replenish(rules, state, colours, log)
    part = cult_state(state)
    for h in rules.board.hexes:  # CR-8: red counters are cultists from the start
        if state.counters[h.index] >> RED & 1:
            part.turned[h.index] |= 1 << RED


def ritual_radius(state: RuneboundState, card: int, rules: CultRules) -> int:
    """CR-17 (option cult.ritual_radius): the colour's rank, the number, or it capped."""
    options = cult_options(state)
    if options.ritual_radius == "colour":
        return rules.colour_of(card) + 1
    number = rules.adventures[card].number or 1
    return min(number, options.ritual_cap) if options.ritual_radius == "capped" else number


def ritual(rules: CultRules, state: RuneboundState, radius: int, log: Log) -> None:
    """CR-17: every hex within ``radius`` of the marker as if the marker were on it: counters
    turn, cities are infiltrated (nearest first while markers last, CR-33), heroes are branded
    (the active player's first)."""
    part = cult_state(state)
    board = rules.board
    centre = board.hexes[part.marker].at
    area = [h.index for h in board.hexes if distance(h.at, centre) <= radius]
    emit(log, "ritual", radius=radius, hexes=len(area))
    for index in area:
        turn_counters(state, index)
    cities = sorted(
        (distance(board.hexes[i].at, centre), board.hexes[i].city)
        for i in area
        if board.hexes[i].city >= 0
    )
    for _, city in cities:
        infiltrate(rules, state, city, log)
    reached = set(area)
    for seat in seats_from_active(state):
        if state.heroes[seat].hex in reached and not state.finished:
            brand(rules, state, seat, log)
