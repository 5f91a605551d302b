"""The adventure step (RB-4): counters, events, encounters; challenges go to combat."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.advanced import doom_reached, lay_on_doom_track, normal_play_over
from boardwright.games.runebound.decks import pop_adventure
from boardwright.games.runebound.effects import apply_effects, test_outcome
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import DEALT_DRAW_AGAIN, DRAW_AGAIN, Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState


def draw_adventure(rules: Rules, state: RuneboundState, colour: int) -> int:
    """Top card of a colour's deck, or -1 when it is empty (RB-4.10).

    RB-1.4/RB-4.10: discarded adventure cards have left the game (their pile only counts
    them), so an empty deck stays empty; option ``adventure_discards=reshuffle``: the discard
    pile is shuffled into a new deck. AR-6.5 (option): only the challenges are reshuffled; the
    pile's events and encounters leave the game.
    """
    deck = state.adventure_decks[colour]
    pile = state.adventure_discards[colour]
    if not deck and pile and state.opts.advanced_reshuffle:
        state.removed_adventures.extend(c for c in pile if rules.adventures[c].kind != "challenge")
        pile[:] = [c for c in pile if rules.adventures[c].kind == "challenge"]
    elif state.opts.adventure_discards == "removed":
        return pop_adventure(state, colour) if deck else -1
    if not deck and pile:
        deck.extend(pile)
        pile.clear()
        state.rng.shuffle(deck)
    return pop_adventure(state, colour) if deck else -1


def can_draw(rules: Rules, state: RuneboundState, colour: int) -> bool:
    """RB-4.10: whether a card of this colour can still be drawn (its deck, or a pile that
    rebuilds it under ``adventure_discards=reshuffle`` or AR-6.5)."""
    if state.adventure_decks[colour]:
        return True
    pile = state.adventure_discards[colour]
    if state.opts.advanced_reshuffle:
        return any(rules.adventures[c].kind == "challenge" for c in pile)
    return state.opts.adventure_discards == "reshuffle" and bool(pile)


DRAW_LIMIT = 20  # events drawn in a row before giving up on a deck of nothing but events


def reveal_drawn(rules: Rules, state: RuneboundState, seat: int, card: int, log: Log) -> None:
    """A card just drawn is shown to the table (RB-4.3): counted as revealed and told."""
    state.reveals += 1
    record = rules.adventures[card]
    emit(log, "draw", **rules.party(state, seat), card=record.id, card_kind=record.kind)


def draw_resolved(
    rules: Rules,
    state: RuneboundState,
    seat: int,
    colour: int,
    log: Log,
    *,
    tell_empty: bool,
    here: int = -1,
) -> int:
    """RB-4.3's draw of one card to resolve from a colour's deck, each card drawn told: the
    card, or -1 when none comes (RB-4.10; told when ``tell_empty``), or
    :data:`DEALT_DRAW_AGAIN` when the adventure dealt with an event and the draw is to go on
    once its frames are done. An adventure counter on hex ``here`` may draw from a deck of the
    adventure's own (``Rules.own_deck``; the cult's, CR-18). An adventure may resolve another
    card in place of the one drawn, or set it aside and draw again (``Rules.drawn``; Kelnov,
    KV-5 to KV-7, KV-12), at most :data:`DRAW_LIMIT` times, so a deck that only ever gives
    cards set aside ends."""
    own = rules.own_deck(state, here, colour) if here >= 0 else None
    for _ in range(DRAW_LIMIT):
        if own is not None:
            card_index = own.pop() if own else -1
        else:
            card_index = draw_adventure(rules, state, colour)
        if card_index < 0:
            if tell_empty:
                emit(log, "empty_deck", colour=COLOURS[colour])
            return -1
        reveal_drawn(rules, state, seat, card_index, log)
        card_index = rules.drawn(state, seat, colour, card_index, log)
        if card_index == DEALT_DRAW_AGAIN:
            return card_index
        if card_index != DRAW_AGAIN:
            return card_index if card_index >= 0 else -1  # DEALT_WITH: nothing to resolve
    return -1


DOOM_INTERVAL = {1: 4, 2: 4, 3: 6}  # RB-10.2: discards per doom counter (8 from 4 players)
DOOM_COUNTERS = 8


def discard_adventure(rules: Rules, state: RuneboundState, card: int, log: Log) -> None:
    """Discard an adventure card; with the doom track every few discards bring doom (RB-10.2).

    AR-1.2/AR-2.3: with the advanced doom track the card goes onto that track instead.
    """
    if state.opts.advanced_doom_track:
        lay_on_doom_track(rules, state, card, log)
        return
    rules.discard_pile(state, card).append(card)
    if not state.opts.base_doom_track or normal_play_over(state):
        return
    state.doom_count += 1
    if state.doom_count < DOOM_INTERVAL.get(len(state.heroes), 8):
        return
    state.doom_count = 0
    state.doom_counters += 1
    emit(log, "doom", doom=state.doom_counters, of=DOOM_COUNTERS)
    if state.doom_counters >= DOOM_COUNTERS:
        doom_reached(state, log)  # ends the game, or (AR-3 option) starts the endgame


def challenge_options(rules: Rules, state: RuneboundState, here: int) -> list[Option]:
    """RB-4.2/4.7: the undefeated challenge on this hex, else a draw per adventure counter."""
    undefeated = state.undefeated.get(here, -1)
    if undefeated >= 0:
        card = rules.adventures[undefeated]
        return [
            Option(
                "undefeated",
                data=undefeated,
                what="rb.option.undefeated",
                args={"card": card.id, "colour": card.colour},
            )
        ]
    counters = state.counters[here]
    return [
        Option(
            f"adventure:{COLOURS[c]}",
            data=c,
            what="rb.option.adventure",
            args={"colour": COLOURS[c]},
        )
        for c in range(4)
        if counters >> c & 1 and drawable(rules, state, here, c)  # RB-4.10: a spent deck: none
    ]


def drawable(rules: Rules, state: RuneboundState, here: int, colour: int) -> bool:
    """Whether the counter of ``colour`` on ``here`` has a card to draw: from the adventure's
    own deck for it (``Rules.own_deck``), else from the colour's deck (RB-4.10)."""
    own = rules.own_deck(state, here, colour)
    return bool(own) if own is not None else can_draw(rules, state, colour)


def attack_options(rules: Rules, state: RuneboundState, seat: int, here: int) -> list[Option]:
    """RB-3.8: attack a hero met on this hex, never in a city."""
    if rules.board.hexes[here].city >= 0:
        return []
    return [
        Option(
            f"attack:{other + 1}",
            data=other,
            what="rb.option.attack_hero",
            args={"opponent": other, "opponent_hero": rules.heroes[o.hero].id},
        )
        for other, o in enumerate(state.heroes)
        if other != seat and o.hex == here and other not in state.eliminated  # AR-3.6, CR-34
    ]


class Adventure(RuneboundProcedure):
    """RB-4.2/4.7/4.8: attempt an adventure on the hero's hex, or not. Frame: (name,)."""

    name = "adventure"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        here = state.heroes[seat].hex
        rules = self.rules
        options = challenge_options(rules, state, here)
        options.extend(attack_options(rules, state, seat, here))
        if not options:
            state.stack.pop()
            return None
        options.append(Option("skip", what="rb.option.skip"))
        return Decision(
            seat,
            "adventure",
            options=tuple(options),
            args={**rules.party(state, seat), "hex": rules.hex_labels[here]},
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        here = state.heroes[state.seat].hex
        if option.key == "skip":
            state.stack.pop()
        elif option.key.startswith("attack:"):
            seat = state.seat
            heroes = self.rules.heroes
            emit(
                log,
                "duel",
                attacker=seat,
                attacker_hero=heroes[state.heroes[seat].hero].id,
                defender=option.data,
                defender_hero=heroes[state.heroes[option.data].hero].id,
            )
            state.stack[-1] = ("duel", seat, option.data, 0, f"before:{option.data}", (), (), ())
        elif option.key == "undefeated":
            state.stack[-1] = ("combat_start", option.data, here, "undefeated")
        else:
            state.stack[-1] = ("draw", option.data, here, 0)


class Draw(RuneboundProcedure):
    """RB-4.3: draw until a card that is not an event comes. Frame: (name, colour, hex, draws)."""

    name = "draw"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        colour: int = frame[1]
        here: int = frame[2]
        rules = self.rules
        seat = state.seat
        if frame[3] >= DRAW_LIMIT or state.endgame_pending:  # only events left; or AR-2.6
            state.stack.pop()
            return None
        depth = len(state.stack)
        card_index = draw_resolved(rules, state, seat, colour, log, tell_empty=True, here=here)
        if state.finished:  # a discard on the way ended the game (the doom track, KV-19)
            return None
        # this frame, unless the adventure took it away (a player out of the game, CR-34); the
        # adventure's own frames may lie above it and come first (CR-17's ritual)
        mine = len(state.stack) >= depth and state.stack[depth - 1] is frame
        if card_index == DEALT_DRAW_AGAIN:
            if mine:
                state.stack[depth - 1] = (self.name, colour, here, frame[3] + 1)
            return None
        if card_index < 0:
            if mine:
                del state.stack[depth - 1]
            return None
        card = rules.adventures[card_index]
        if card.kind == "event":
            resolve_event(rules, state, seat, card_index, log)
            if state.stack and state.stack[-1][0] == self.name:
                state.stack[-1] = (self.name, colour, here, frame[3] + 1)  # draw again
            return None
        if card.kind == "encounter":
            state.stack[-1] = ("encounter", card_index, here, colour)
        else:
            state.stack[-1] = ("combat_start", card_index, here, f"counter:{colour}")
            if card.sunburst:  # AK-6.6: counters and storm first (nothing in the base game)
                rules.sunburst(state, card_index, log)
        return None


class Encounter(RuneboundProcedure):
    """RB-4.5: choose how to meet the encounter. Frame: (name, card, hex, colour)."""

    name = "encounter"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        card = self.rules.adventures[frame[1]]
        options = []
        for i, choice in enumerate(card.choices):
            test = choice.test
            args: dict[str, object] = {"choice": [card.id, i]}
            if test is not None:
                args.update(stat=test.stat, skill=test.skill or "", difficulty=test.difficulty)
            what = "rb.option.choice" if test is None else "rb.option.choice_test"
            options.append(Option(f"choice:{i + 1}", data=i, what=what, args=args))
        return Decision(
            state.seat,
            "encounter",
            options=tuple(options),
            args={"card": card.id, "card_text": card.id},
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        rules = self.rules
        seat = state.seat
        card_index: int = frame[1]
        card = rules.adventures[card_index]
        choice = card.choices[option.data]
        success = True
        if choice.test is not None:
            rolled = rules.test_roll(state, seat, choice.test.stat, choice.test.skill)
            success = test_outcome(rules, state, seat, choice.test, rolled, log)
        state.stack.pop()
        if choice.hold and success:  # PV-12: the hero keeps the card until its goal
            state.heroes[seat].held.append(card_index)
            emit(log, "hold", **rules.party(state, seat), card=card.id)
        else:
            discard_adventure(rules, state, card_index, log)
        apply_effects(
            rules,
            state,
            seat,
            choice.success if success else choice.failure,
            log,
            source=f"card:{card.id}",
        )


def reach_goals(rules: Rules, state: RuneboundState, seat: int, log: Log) -> None:
    """PV-12: a held card whose goal city is where the hero ends the movement step: its goal
    effects happen and the card is discarded (RB-4.3's discard of a finished encounter)."""
    h = state.heroes[seat]
    if not h.held:
        return
    board = rules.board
    city = board.hexes[h.hex].city
    if city < 0:
        return
    here = board.cities[city]
    for card_index in list(h.held):
        goal = rules.adventures[card_index].reward.goal
        if goal is None or board.city_named(goal.city) is not here or state.finished:
            continue  # a goal city another board's stands for a city of this one (AK-17.7)
        h.held.remove(card_index)
        card = rules.adventures[card_index]
        emit(log, "goal", **rules.party(state, seat), card=card.id, city=here.id)
        discard_adventure(rules, state, card_index, log)
        apply_effects(rules, state, seat, goal.effects, log, source=f"card:{card.id}")


def take_counter(
    rules: Rules, state: RuneboundState, seat: int, here: int, colour: int, log: Log
) -> None:
    """RB-4.6: a completed adventure gives the hero its counter (its experience)."""
    if state.counters[here] >> colour & 1:
        state.counters[here] &= ~(1 << colour)
        state.heroes[seat].counters.append(colour)
        value = rules.board.counter_values[colour]
        emit(log, "counter", **rules.party(state, seat), colour=COLOURS[colour], value=value)


def resolve_event(
    rules: Rules, state: RuneboundState, seat: int, card_index: int, log: Log
) -> None:
    """RB-4.3: the event replaces the one in play; its "event" abilities happen at once.

    An event with a lower number than the one in play cannot be played: it is discarded
    without effect (RB-4.3, AR-6.7); option ``event_rule=newest``: every event replaces the old
    one, unless ``advanced.events`` is on.
    """
    card = rules.adventures[card_index]
    by_number = state.opts.event_rule == "number" or state.opts.advanced_events
    if by_number and state.event >= 0:
        in_play = rules.adventures[state.event]
        if (card.number or 0) < (in_play.number or 0):  # a lower number is discarded
            emit(
                log,
                "event",
                variant="lower",
                card=card.id,
                number=card.number,
                in_play=in_play.number,
            )
            discard_adventure(rules, state, card_index, log)
            return
    if state.event >= 0:
        discard_adventure(rules, state, state.event, log)
    state.event = card_index
    emit(log, "event", card=card.id, number=card.number, card_text=card.id)
    for ability in card.abilities:
        if ability.timing == "event":
            apply_effects(rules, state, seat, ability.effects, log, source=f"card:{card.id}")
