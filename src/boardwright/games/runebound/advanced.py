"""Advanced Runebound (docs/rules/advanced.md): helpers the procedures call.

The doom track (AR-2), leaving the endgame (AR-3.6), the colour of a travel hazard (AR-4.3),
experience from the supply with exact change (AR-4.6) and the knock-out penalty (AR-6.6).
Each applies only while its option is on; the callers check.
"""

from __future__ import annotations

from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState

DOOM_LENGTH = {1: 4, 2: 4, 3: 6}  # AR-2.4: places of the track by player count (else 8)
DOOM_COUNTERS = 8  # AR-2.1/AR-2.6: one per city crest; the eighth ends normal play


def doom_length(players: int) -> int:
    """AR-2.4: 4 places with 1-2 players, 6 with 3, 8 with 4-6."""
    return DOOM_LENGTH.get(players, 8)


def colour_of(rules: Rules, card: int) -> int:
    return COLOURS.index(rules.adventures[card].colour)


def normal_play_over(state: RuneboundState) -> bool:
    """The game is over, or the endgame has begun or is about to (AR-2.6): no more doom."""
    return state.finished or state.endgame_pending or bool(state.endgame_order)


def lay_on_doom_track(rules: Rules, state: RuneboundState, card: int, log: Log) -> None:
    """AR-2.3/AR-2.4: a discarded adventure card goes face down on the next free place; a full
    track brings a doom counter (AR-2.5). Once normal play is over it goes to its pile."""
    colour = colour_of(rules, card)
    if normal_play_over(state):
        rules.discard_pile(state, card).append(card)
        return
    row = state.doom_row
    row.append(card)
    emit(log, "doom_track", place=len(row), colour=COLOURS[colour])
    if len(row) < doom_length(len(state.heroes)):
        return
    last = row.pop()  # AR-2.5 step 1: the card that filled the track moves to place 1
    for other in row:  # step 2: the others go to their colours' discard piles
        rules.discard_pile(state, other).append(other)
    row[:] = [last]
    add_doom_counter(rules, state, log)  # step 3


def add_doom_counter(rules: Rules, state: RuneboundState, log: Log) -> None:
    """AR-2.5 step 3: a doom counter on the next crest of the market row, Tamalir first."""
    state.doom_counters += 1
    cities = rules.board.cities
    crest = cities[min(state.doom_counters, len(cities)) - 1].id
    emit(log, "doom", variant="crest", doom=state.doom_counters, of=DOOM_COUNTERS, city=crest)
    if state.doom_counters >= DOOM_COUNTERS:
        doom_reached(state, log)


def doom_reached(state: RuneboundState, log: Log) -> None:
    """AR-2.6: the eighth doom counter ends normal play. With the endgame (AR-3) it begins when
    play returns to the turn (the card being resolved is finished first); without it, the game
    ends at once and RB-9.3 ranks the players (as RB-10.2 does)."""
    if state.opts.advanced_endgame:
        state.endgame_pending = True
        emit(log, "doom", variant="endgame")
        return
    state.finished = True
    state.ended_by = "doom track"
    state.stack.clear()
    emit(log, "game_over", variant="doom_track")


def eliminate(rules: Rules, state: RuneboundState, seat: int, log: Log) -> None:
    """AR-3.6: the hero is out of the endgame (no gold or anything else is lost)."""
    if seat not in state.eliminated:
        state.eliminated.append(seat)
        emit(log, "eliminated", **rules.party(state, seat))


def hazard_colour(rules: Rules, state: RuneboundState, log: Log) -> int:
    """AR-4.3: two movement dice; the number of symbols counts up the doom track from place 1,
    going round again past its last card. Without the advanced track: green."""
    row = state.doom_row
    if not (state.opts.advanced_doom_track and row):
        emit(log, "hazard", variant="green")
        return 0
    faces = rules.board.die_faces
    rolled = [faces[state.rng.below(len(faces))] for _ in range(2)]
    number = sum(bin(face).count("1") for face in rolled)
    place = hazard_place(number, len(row))
    colour = colour_of(rules, row[place - 1])
    emit(log, "hazard", number=number, place=place, colour=COLOURS[colour])
    return colour


def hazard_place(number: int, cards: int) -> int:
    """AR-4.3: the place (1-based) a hazard number points to on a track of ``cards`` cards."""
    return (number - 1) % cards + 1


def exact_counters(rules: Rules, state: RuneboundState, value: int) -> list[int]:
    """AR-4.6: the fewest supply counters worth exactly ``value`` (colours), or none."""
    values = rules.board.counter_values
    best: dict[int, list[int]] = {0: []}
    for colour in sorted(range(len(values)), key=lambda c: -values[c]):
        for _ in range(state.counter_supply[colour]):
            for total, chosen in sorted(best.items(), reverse=True):
                new = total + values[colour]
                if new <= value and (new not in best or len(best[new]) > len(chosen) + 1):
                    best[new] = [*chosen, colour]
    return best.get(value, [])


def knockout_penalty(rules: Rules, state: RuneboundState, seat: int, log: Log) -> tuple[int, ...]:
    """AR-6.6 steps 1, 2 and 4: counters back to the supply, all gold to the bank, healed, in
    the nearest city. Returns every nearest city (the player picks among ties, step 4)."""
    h = state.heroes[seat]
    cities = tuple(rules.nearest_city_hexes(state, seat))
    for colour in h.counters:
        state.counter_supply[colour] += 1
    counters = len(h.counters)
    h.counters.clear()
    gold = h.gold
    h.gold = 0
    h.wounds = 0
    h.exhaustion = 0
    h.hex = cities[0]
    emit(log, "penalty", variant="advanced", **rules.party(state, seat), gold=gold, lost=counters)
    return cities


def most_expensive(rules: Rules, state: RuneboundState, seat: int) -> list[int]:
    """AR-6.6 step 3: the items and allies of the highest cost (the player picks one); never a
    legendary ally, which no knock-out discards (AK-11.7, AK-16.1)."""
    h = state.heroes[seat]
    owned = [*h.items, *(a.card for a in h.allies if not rules.is_legendary(a.card))]
    if not owned:
        return []
    top = max(rules.market[c].cost for c in owned)
    return [c for c in owned if rules.market[c].cost == top]


def lose_under_market_deck(
    rules: Rules, state: RuneboundState, seat: int, card: int, log: Log
) -> None:
    """AR-6.6 step 3: the card goes face down under the market deck (the deck's top is its end)."""
    h = state.heroes[seat]
    h.drop_card(card)
    state.market_deck.insert(0, card)
    state.market_under += 1
    rules.hurt_hero(state, seat, 0, 0)  # lost stamina turns exhaustion into wounds
    emit(
        log, "penalty", variant="under_deck", **rules.party(state, seat), item=rules.market[card].id
    )
