"""Seeded random Realm of Sand games with the game's invariants checked after every decision.

Shared by ``test_fuzz.py`` and ``test_replay.py``.

A fuzz case is fully determined by (player count, index): :func:`case_for` derives the seed,
the options and the bot style from them, so a failure names everything needed to repeat it::

    python -m tests.realm_of_sand.fuzzkit PLAYERS INDEX   # replay one case, print its stats
"""

from __future__ import annotations

import copy
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from boardwright.engine.decision import Decision, Option
from boardwright.engine.errors import BoardwrightError
from boardwright.engine.events import Event
from boardwright.engine.rng import Rng
from boardwright.engine.session import Match
from boardwright.games import get_game
from boardwright.games.realm_of_sand.game import RealmOfSand
from boardwright.games.realm_of_sand.geometry import (
    BOARD_MASK,
    DISC,
    EMPTY,
    SQUARE,
    cell_name,
    parse_cell,
)
from boardwright.games.realm_of_sand.state import (
    CRYSTAL_ACTIVE,
    CRYSTAL_NONE,
    CRYSTAL_SPENT,
    PlayerState,
    RealmState,
)
from tests.compiled import own_fields

GAME_NAME = "realm-of-sand"
GAME = cast(RealmOfSand, get_game(GAME_NAME))
CONTENT = GAME.content
CARDS = CONTENT.cards
TILES = CONTENT.tiles
BOARDS = CONTENT.boards

TOTAL_CARDS = 54
TOTAL_TILES = 28
SQUARES_PER_COLOUR = 28
TOTAL_SQUARES = 84
ZONE_SIZE = 3
ALL_CARDS = list(range(TOTAL_CARDS))
ALL_TILES = list(range(TOTAL_TILES))
CARD_IDS = frozenset(c.id for c in CARDS)
# Spirit discs taken out of the box (RS-0.3/RS-1.5): green, red, black, blue, yellow.
SPIRITS_BY_PLAYERS = {
    1: (2, 2, 2, 2, 2),
    2: (4, 4, 4, 4, 4),
    3: (5, 5, 5, 5, 5),
    4: (7, 7, 7, 5, 5),
}
# Procedures that ask seats out of turn order, before the first turn.
SETUP_FRAMES = frozenset({"draft", "purple_setup"})
_TOKEN = re.compile(r"[\w-]+")


# --- cases ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FuzzCase:
    """One seeded game: player count, seed, options and how the bots choose."""

    players: int
    index: int
    seed: int
    options: dict[str, Any]
    bot: str  # one of BOT_STYLES

    def describe(self) -> str:
        return (
            f"players={self.players} index={self.index} seed={self.seed} bot={self.bot} "
            f"options={json.dumps(self.options, sort_keys=True)} "
            f"(repeat: python -m tests.realm_of_sand.fuzzkit {self.players} {self.index})"
        )


DRAFTS = ("official", "reverse_order", "blind", "queen_front")


def case_for(players: int, index: int) -> FuzzCase:
    """The case ``index`` for ``players``: both board sides and all four drafts cycle through
    every 8 consecutive indexes; the other options and the bot style come from the seed."""
    seed = players * 1_000_003 + index * 7_919 + 17
    r = Rng(seed ^ 0x0F0F_5EED)
    options: dict[str, Any] = {
        "board_side": ("starter", "advanced")[index % 2],
        "starting_draft": DRAFTS[(index // 2) % 4],
        "first_player": r.choice(("random", *(str(s) for s in range(1, players + 1)))),
        "tile_flip": r.below(2) == 1,
        "card_mirror": r.below(2) == 1,
        "square_shortage": r.choice(("block", "partial", "partial")),
        "purple_power": r.choice(("passive", "crystal")),
        "hourglass_goal": r.choice((3, 3, 5, 10)),
        "max_level": r.choice((6, 6, 2, 12)),
        "max_rounds": r.choice((40, 40, 40, 12)),
    }
    if players == 1:
        options["solo_rounds"] = r.choice((14, 14, 6, 25))
    if options["board_side"] == "starter" and r.below(3) == 0:
        # RS-1.6: experienced players may take the advanced side anyway.
        options["advanced_seats"] = [str(s) for s in range(1, players + 1) if r.below(2)]
    bot = r.choice(("uniform", "eager", "eager", "builder"))
    return FuzzCase(players, index, seed, options, bot)


# --- bots -----------------------------------------------------------------------------------------
BOT_STYLES = ("uniform", "eager", "builder")
_EAGER_WEIGHTS = (("fulfil:", 12), ("crystal", 4), ("place-tile", 3), ("place:", 2))
_BUILDER_WEIGHTS = (("place-tile", 30), ("place:", 3))


class FuzzBot:
    """Chooses among a decision's options from its own seeded generator.

    ``uniform`` picks any option with equal chance. ``eager`` favours fulfilling cards, using
    crystals, placing pieces and covering its board's crystal field, so that games reach their
    ends (hourglasses, empty decks) and the crystal powers get used. ``builder`` places tiles
    on empty fields whenever it can and seldom fulfils, so the squares in the supply run out
    (which ``square_shortage`` is about).
    """

    def __init__(self, style: str, seed: int) -> None:
        if style not in BOT_STYLES:
            raise ValueError(f"unknown bot style {style!r}")
        self.style = style
        self.rng = Rng(seed)

    def choose(self, decision: Decision, state: RealmState | None = None) -> int:
        options = decision.options
        if self.style == "uniform":
            return self.rng.below(len(options))
        if self.style == "builder":
            cells = None if state is None else state.players[decision.seat].cells
            weights = [_builder_weight(o, cells) for o in options]
        else:
            crystal = ""
            if state is not None and decision.kind in ("tile_position", "fulfil_fields"):
                field = BOARDS[state.players[decision.seat].board].crystal_field
                crystal = cell_name(field) if field >= 0 else ""
            weights = [_eager_weight(o, crystal) for o in options]
        x = self.rng.below(sum(weights))
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        raise AssertionError("unreachable")


def _eager_weight(option: Option, crystal: str) -> int:
    key = option.key
    if crystal and key.startswith("at:") and crystal in key[3:].split("+"):
        return 6
    for prefix, weight in _EAGER_WEIGHTS:
        if key.startswith(prefix):
            return weight
    return 1


def _builder_weight(option: Option, cells: list[int] | None) -> int:
    key = option.key
    if cells is not None and key.startswith("at:"):
        fields = [parse_cell(name) for name in key[3:].split("+")]
        if all(f is not None and cells[f] == EMPTY for f in fields):
            return 20
    for prefix, weight in _BUILDER_WEIGHTS:
        if key.startswith(prefix):
            return weight
    return 1


def bot_seed(case: FuzzCase) -> int:
    return case.seed * 31 + 5


def new_match(players: int, options: dict[str, Any], seed: int) -> Match[RealmState]:
    return Match(GAME, GAME.config(players, options), seed)


def play(
    match: Match[RealmState],
    bot: FuzzBot,
    *,
    until: Callable[[Match[RealmState]], bool] | None = None,
    steps: int | None = None,
    limit: int = 100_000,
) -> bool:
    """Let ``bot`` choose for every seat until ``until(match)`` holds at a decision (True), or
    ``steps`` decisions were played (True), or the game is over (False)."""
    played = 0
    while match.decision is not None:
        if until is not None and until(match):
            return True
        if steps is not None and played >= steps:
            return True
        if played >= limit:
            raise InvariantError(f"no end after {limit} decisions")
        decision = match.decision
        match.play(bot.choose(decision, match.state), decision.seat)
        played += 1
    return False


# --- state snapshots ------------------------------------------------------------------------------
def snapshot(state: RealmState) -> dict[str, Any]:
    """Every field of the state (taken from its class, so new fields are included) as a
    deep copy that later play cannot change: equal snapshots mean equal states."""
    out: dict[str, Any] = {
        "rng": state.rng.to_data(),
        "stack": list(state.stack),
        "reveals": state.reveals,
        "pending": _decision_data(state.pending),
    }
    for name in own_fields(RealmState):
        if name == "players":
            out[name] = [
                {slot: getattr(p, slot) for slot in own_fields(PlayerState)} for p in state.players
            ]
        else:
            out[name] = getattr(state, name)
    return copy.deepcopy(out)


def _decision_data(decision: Decision | None) -> Any:
    if decision is None:
        return None
    data = decision.to_data()
    data["option_data"] = [repr(o.data) for o in decision.options]
    return data


TEXTS = GAME.texts(GAME.config(2, {}))


def event_record(event: Event) -> dict[str, Any]:
    """``Event.to_data()`` with the English text after the kind (and, for a private event, the
    text the other seats see after its public data): what golden games store and compare."""
    data = event.to_data()
    record: dict[str, Any] = {"kind": data.pop("kind"), "text": TEXTS.event(event), **data}
    public = event.for_seat(None)
    if event.seats is not None and public is not None:
        record["public_text"] = TEXTS.event(public)
    return record


def log_data(log: Iterable[Event]) -> list[dict[str, Any]]:
    return [event_record(e) for e in log]


def all_views(state: RealmState) -> list[dict[str, Any]]:
    """The view of every seat and of a spectator (last)."""
    seats: list[int | None] = [*range(len(state.players)), None]
    return [GAME.view(state, s) for s in seats]


# --- invariants -----------------------------------------------------------------------------------
class InvariantError(AssertionError):
    """An invariant of the rules does not hold; the message says which, where and how to repeat."""


@dataclass
class GameStats:
    decisions: int = 0
    events: int = 0
    views_checked: int = 0
    rounds: int = 0
    end: str = ""
    squares_ran_out: bool = False  # a square colour's supply was empty at some point
    event_kinds: Counter[str] = field(default_factory=Counter)
    decision_kinds: Counter[str] = field(default_factory=Counter)


def _held_by_red_crystal(state: RealmState) -> list[int]:
    """Cards a seat is looking at with the red crystal (drawn, not yet kept or put back)."""
    held: list[int] = []
    for frame in state.stack:
        if frame[0] == "crystal_red" and frame[1] >= 0:
            held.extend(frame[3])
    return held


def cards_left(state: RealmState) -> bool:
    return (
        any(state.decks)
        or any(c >= 0 for row in state.display for c in row)
        or any(p.reserved for p in state.players)
        or bool(_held_by_red_crystal(state))
    )


class Checker:
    """Checks one game's state after every decision, and the game's end.

    ``check`` returns the problems found (empty when all is well); the caller decides how to
    report them. It also follows what it needs for the end checks: in which round the
    hourglass goal was first reached, the cards ran out, or the solo markers were complete.
    """

    def __init__(self, state: RealmState) -> None:
        self.players = len(state.players)
        self.opts = state.opts
        self.spirits = SPIRITS_BY_PLAYERS[self.players]
        self.trigger_round: int | None = None
        self.cards_gone_round: int | None = None
        self.solo_done_round: int | None = None
        self.turn_seen = -1

    # -- after every decision --------------------------------------------------------------------
    def check(self, state: RealmState) -> list[str]:
        problems: list[str] = []
        add = problems.append
        opts = state.opts
        n = self.players
        squares_on_boards = [0, 0, 0]
        discs_on_boards = [0, 0, 0, 0, 0]
        if len(state.players) != n:
            add(f"player count changed to {len(state.players)}")
        for seat, p in enumerate(state.players):
            self._check_player(state, seat, p, squares_on_boards, discs_on_boards, add)

        # Rune squares: 84, 28 per colour, none lost or made (square_shortage=partial too).
        for c in range(3):
            if state.squares[c] < 0:
                add(f"square supply of colour {c} is negative: {state.squares[c]}")
            if state.squares[c] + squares_on_boards[c] != SQUARES_PER_COLOUR:
                add(
                    f"colour {c} squares: supply {state.squares[c]} + boards "
                    f"{squares_on_boards[c]} != {SQUARES_PER_COLOUR}"
                )
        if sum(state.squares) + sum(squares_on_boards) != TOTAL_SQUARES:
            add(f"squares: {sum(state.squares)} + {sum(squares_on_boards)} != {TOTAL_SQUARES}")

        # Spirit discs: supply + pools + boards == the discs in the game, per colour too.
        if state.spirits_in_game != sum(self.spirits):
            add(f"spirits_in_game is {state.spirits_in_game}, expected {sum(self.spirits)}")
        total = 0
        for c in range(5):
            supply = state.spirit_supply[c]
            if supply < 0:
                add(f"disc supply of colour {c} is negative: {supply}")
            have = supply + sum(p.pool[c] for p in state.players) + discs_on_boards[c]
            total += have
            if have != self.spirits[c]:
                add(
                    f"colour {c} discs: supply {supply} + pools "
                    f"{[p.pool[c] for p in state.players]} + boards {discs_on_boards[c]} "
                    f"= {have}, expected {self.spirits[c]}"
                )
        if total != state.spirits_in_game:
            add(f"discs: {total} in play != spirits_in_game {state.spirits_in_game}")

        # Building cards: each of the 54 exactly once.
        cards: list[int] = []
        for level in range(3):
            deck = state.decks[level]
            row = state.display[level]
            cards.extend(deck)
            if len(row) != 4:
                add(f"level {level + 1} display has {len(row)} slots, not 4")
            for c in row:
                if c >= 0:
                    cards.append(c)
                elif c != -1:
                    add(f"level {level + 1} display holds {c}")
            for c in deck:
                if 0 <= c < TOTAL_CARDS and CARDS[c].level != level + 1:
                    add(f"card {CARDS[c].id} is in the level {level + 1} deck")
            for c in row:
                if 0 <= c < TOTAL_CARDS and CARDS[c].level != level + 1:
                    add(f"card {CARDS[c].id} is in the level {level + 1} display")
        for p in state.players:
            cards.extend(p.fulfilled)
            cards.extend(p.reserved)
        cards.extend(_held_by_red_crystal(state))
        if sorted(cards) != ALL_CARDS:
            counts = Counter(cards)
            missing = [CARDS[c].id for c in ALL_CARDS if counts[c] == 0]
            twice = [c for c, k in counts.items() if k > 1]
            add(f"cards: {len(cards)} found, missing {missing}, more than once {twice}")

        # Rune tiles: each of the 28 exactly once (circle, zones, solo markers).
        tiles = list(state.circle)
        tiles.extend(state.aside)
        for p in state.players:
            tiles.extend(p.zone)
        if sorted(tiles) != ALL_TILES:
            add(f"tiles: circle+zones+aside hold {sorted(tiles)}, not each of 0..27 once")

        # Counters.
        if state.round < 1 or state.round > opts.max_rounds:
            add(f"round {state.round} outside 1..{opts.max_rounds}")
        if not 0 <= state.seat < n or not 0 <= state.first < n:
            add(f"seat {state.seat} / first {state.first} outside 0..{n - 1}")
        if n == 1 and state.end_triggered:
            add("the hourglass end was triggered in a solo game")
        if n > 1 and state.aside:
            add(f"tiles set aside in a {n}-player game: {state.aside}")

        # The decision.
        decision = state.pending
        if decision is None:
            if not state.finished or state.stack:
                add(f"no decision but finished={state.finished} stack={state.stack[-3:]}")
        else:
            self._check_decision(state, decision, add)

        self._follow_ends(state)
        return problems

    def _check_player(
        self,
        state: RealmState,
        seat: int,
        p: PlayerState,
        squares: list[int],
        discs: list[int],
        add: Any,
    ) -> None:
        board = BOARDS[p.board]
        who = f"seat {seat}"
        masks = [0, 0, 0, 0, 0]
        on_board = 0
        for i, code in enumerate(p.cells):
            if code == EMPTY:
                continue
            bit = 1 << i
            if code >= DISC:
                colour = code - DISC
                if colour >= 5:
                    add(f"{who}: field {i} holds unknown code {code}")
                    continue
                discs[colour] += 1
                on_board |= bit
            else:
                colour = code - SQUARE
                if not 0 <= colour < 3:
                    add(f"{who}: field {i} holds code {code} (no such square)")
                    continue
                squares[colour] += 1
            masks[colour] |= bit
        if masks != p.masks:
            add(f"{who}: masks {p.masks} disagree with cells {masks}")
        if on_board != p.discs_on_board:
            add(f"{who}: discs_on_board {p.discs_on_board:#x} disagrees with cells {on_board:#x}")
        occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
        if occupied & ~BOARD_MASK:
            add(f"{who}: pieces off the board: {occupied & ~BOARD_MASK:#x}")
        if occupied & ~(board.light | p.unlocked):
            add(f"{who}: pieces on closed dark fields {occupied & ~(board.light | p.unlocked):#x}")
        if p.unlocked & ~board.dark:
            add(f"{who}: opened fields that are not dark: {p.unlocked & ~board.dark:#x}")
        if not 0 <= p.level <= state.opts.max_level:
            add(f"{who}: level {p.level} outside 0..{state.opts.max_level}")
        if p.unlocked.bit_count() > p.level:
            add(f"{who}: {p.unlocked.bit_count()} dark fields opened with level {p.level}")
        if min(p.pool) < 0:
            add(f"{who}: negative discs in the pool {p.pool}")
        if len(p.zone) > ZONE_SIZE:
            add(f"{who}: {len(p.zone)} tiles in the active zone")
        stars = sum(CARDS[c].stars for c in p.fulfilled if 0 <= c < TOTAL_CARDS)
        hourglasses = sum(CARDS[c].hourglasses for c in p.fulfilled if 0 <= c < TOTAL_CARDS)
        if p.stars != stars or p.hourglasses != hourglasses:
            add(
                f"{who}: {p.stars} stars / {p.hourglasses} hourglasses, but the fulfilled "
                f"cards give {stars} / {hourglasses}"
            )
        advanced = board.side == "advanced"
        if (p.crystal == CRYSTAL_NONE) == advanced or p.crystal not in (
            CRYSTAL_NONE,
            CRYSTAL_SPENT,
            CRYSTAL_ACTIVE,
        ):
            add(f"{who}: crystal state {p.crystal} on a {board.side} board")
        advanced_seat = str(seat + 1) in state.opts.advanced_seats
        side = "advanced" if state.opts.board_side == "advanced" or advanced_seat else "starter"
        if board.side != side:
            add(f"{who}: a {board.side} board, expected the {side} side")

    def _check_decision(self, state: RealmState, decision: Decision, add: Any) -> None:
        n = self.players
        keys = [o.key for o in decision.options]
        if not keys:
            add(f"decision {decision.kind} has no options")
        if len(set(keys)) != len(keys):
            dupes = sorted(k for k, count in Counter(keys).items() if count > 1)
            add(f"decision {decision.kind} repeats option keys {dupes}")
        if not 0 <= decision.seat < n:
            add(f"decision {decision.kind} for seat {decision.seat} of {n}")
        if state.finished:
            add(f"a decision ({decision.kind}) after the game finished")
        setup = state.stack[-1][0] in SETUP_FRAMES
        if not setup and decision.seat != state.seat:
            add(f"decision {decision.kind} for seat {decision.seat} in seat {state.seat}'s turn")
        # Before the main action of a turn every zone holds 3 tiles (RS-2.3; only the blue
        # crystal changes a zone then, and it swaps tiles one for one).
        turn_frames = [frame for frame in state.stack if frame[0] == "turn"]
        if not setup and turn_frames and not turn_frames[-1][1] and state.circle:
            sizes = [len(p.zone) for p in state.players]
            if any(size != ZONE_SIZE for size in sizes):
                add(f"zones hold {sizes} tiles before the main action (circle not empty)")
        # The display was refilled at the end of the last turn (RS-4.4): at a turn's first
        # decision a slot is empty only if its deck is.
        if decision.kind == "turn" and state.turn_number != self.turn_seen:
            self.turn_seen = state.turn_number
            for level in range(3):
                if -1 in state.display[level] and state.decks[level]:
                    add(f"level {level + 1} display has a gap at the start of a turn")

    def _follow_ends(self, state: RealmState) -> None:
        if self.players > 1:
            goal = state.opts.hourglass_goal
            if self.trigger_round is None and any(p.hourglasses >= goal for p in state.players):
                self.trigger_round = state.round
            if self.cards_gone_round is None and not cards_left(state):
                self.cards_gone_round = state.round
        elif self.solo_done_round is None and len(state.aside) >= state.opts.solo_rounds:
            self.solo_done_round = state.round

    # -- at the end --------------------------------------------------------------------------------
    def expected_end(self) -> tuple[int, str]:
        """The round the game must end in, and why (RS-6, RS-7)."""
        candidates = [(self.opts.max_rounds, "max_rounds")]
        if self.trigger_round is not None:
            candidates.append((self.trigger_round, "hourglasses"))
        if self.cards_gone_round is not None:
            candidates.append((self.cards_gone_round, "no_cards"))
        if self.solo_done_round is not None:
            candidates.append((self.solo_done_round, "solo_rounds"))
        return min(candidates)

    def check_end(self, state: RealmState) -> list[str]:
        problems: list[str] = []
        add = problems.append
        result = GAME.result(state)
        if not state.finished or result is None:
            add(f"the game did not finish (finished={state.finished}, result={result})")
            return problems
        if state.stack or state.pending is not None:
            add(f"finished with stack {state.stack} and decision {state.pending}")
        round_, why = self.expected_end()
        if state.round != round_ or result.details.get("rounds") != round_:
            add(
                f"ended after round {state.round} (result says {result.details.get('rounds')}), "
                f"but should end after round {round_} ({why})"
            )
        if self.players > 1:
            if state.seat != state.first:
                add(f"ended in the middle of a round: seat {state.seat}, first {state.first}")
            if (self.trigger_round is not None) != state.end_triggered:
                add(f"end_triggered={state.end_triggered}, trigger round {self.trigger_round}")
        stars = [p.stars for p in state.players]
        pieces = [sum(1 for code in p.cells if code != EMPTY) for p in state.players]
        if list(result.scores) != [float(s) for s in stars]:
            add(f"scores {result.scores} are not the stars {stars}")
        if list(result.details.get("pieces_on_board", [])) != pieces:
            add(f"tie-break {result.details.get('pieces_on_board')} is not the pieces {pieces}")
        keys = list(zip(stars, pieces, strict=True))
        ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        if list(result.ranks) != ranks:
            add(f"ranks {result.ranks} for (stars, pieces) {keys}; expected {ranks}")
        if self.players == 1 and "solo_title" not in result.details:
            add("solo result without a title")
        return problems


# --- what each seat may see -----------------------------------------------------------------------
def check_views(state: RealmState) -> list[str]:
    """Every seat's and the spectator's view: JSON-ready, and hiding what that seat may not know
    (deck order, others' kept cards, cards another seat looks at, others' options)."""
    problems: list[str] = []
    add = problems.append
    n = len(state.players)
    decision = state.pending
    deck_ids = {CARDS[c].id for deck in state.decks for c in deck}
    looked_at = {CARDS[c].id for c in _held_by_red_crystal(state)}
    rng_text = str(state.rng.state)
    viewers: list[int | None] = [*range(n), None]
    for viewer in viewers:
        view = GAME.view(state, viewer)
        try:
            text = json.dumps(view, allow_nan=False)
        except (TypeError, ValueError) as err:
            add(f"view for {viewer} is not JSON: {err}")
            continue
        tokens = set(_TOKEN.findall(text))
        hidden = set(deck_ids)
        for seat, p in enumerate(state.players):
            if seat != viewer:
                hidden.update(CARDS[c].id for c in p.reserved)
        if state.stack and state.stack[-1][0] == "fulfil":  # RS-4.1: shown while fulfilled
            hidden.discard(CARDS[state.stack[-1][1]].id)
        if decision is None or decision.seat != viewer:
            hidden |= looked_at
        leaked = sorted(hidden & tokens)
        if leaked:
            add(f"view for {viewer} shows hidden cards {leaked}")
        if rng_text in text:
            add(f"view for {viewer} shows the random generator's state")
        if view.get("deck_sizes") != [len(d) for d in state.decks]:
            add(f"view for {viewer}: deck_sizes {view.get('deck_sizes')}")
        for seat, seat_view in enumerate(view.get("seats", [])):
            kept = seat_view.get("kept_cards")
            reserved = state.players[seat].reserved
            if seat == viewer:
                if [k.get("id") for k in kept] != [CARDS[c].id for c in reserved]:
                    add(f"view for {viewer}: own kept cards {kept}")
            elif kept != len(reserved):
                add(f"view for {viewer}: seat {seat}'s kept cards shown as {kept!r}")
        shown = view.get("decision")
        if decision is None:
            if shown is not None:
                add(f"view for {viewer} shows a decision after the end")
        elif not isinstance(shown, dict):
            add(f"view for {viewer} lacks the decision")
        elif viewer == decision.seat:
            keys = [o.get("key") for o in shown.get("options", [])]
            if keys != [o.key for o in decision.options]:
                add(f"view for the deciding seat {viewer} lists options {keys}")
        elif "options" in shown:
            add(f"view for {viewer} shows seat {decision.seat}'s options")
    return problems


def check_events(match: Match[RealmState]) -> list[str]:
    """``Match.events_for`` gives no seat (nor a spectator) another seat's private text, and
    the public side of a private event names no card."""
    problems: list[str] = []
    log = match.log
    public_ids = {id(e) for e in log if e.seats is None}
    n = len(match.state.players)
    viewers: list[int | None] = [*range(n), None]
    text = TEXTS.event
    public_texts = {text(p) for e in log if (p := e.for_seat(None)) is not None and e.seats}
    for viewer in viewers:
        own = {text(e) for e in log if e.seats is not None and viewer in e.seats}
        secret = {text(e) for e in log if e.seats is not None and viewer not in e.seats}
        secret -= own | public_texts
        for seen in match.events_for(viewer):
            shown = text(seen)
            if shown in secret:
                problems.append(f"seat {viewer} sees private text {shown!r}")
            elif id(seen) not in public_ids and shown not in own:
                named = set(_TOKEN.findall(shown + json.dumps(dict(seen.data))))
                if named & CARD_IDS:
                    problems.append(f"seat {viewer} sees cards in {shown!r} {seen.data}")
    return problems


# --- running a case -------------------------------------------------------------------------------
def _fail(case: FuzzCase, where: str, match: Match[RealmState], problems: list[str]) -> None:
    tail = [a.key for a in match.actions[-8:]]
    raise InvariantError(
        f"{case.describe()}\n{where} (last actions {tail}):\n  " + "\n  ".join(problems)
    )


def run_case(case: FuzzCase, *, view_every: int = 12, cap: int | None = None) -> GameStats:
    """Play ``case`` to its end, checking every invariant after every decision; raise
    :class:`InvariantError` (an AssertionError) naming the case on the first failure.

    Views are checked at the start, the end, while a red-crystal look is pending, and after
    a seeded ``1/view_every`` sample of the other decisions."""
    stats = GameStats()
    match = new_match(case.players, case.options, case.seed)
    state = match.state
    checker = Checker(state)
    bot = FuzzBot(case.bot, bot_seed(case))
    sampler = Rng(case.seed ^ 0x7EA5)
    limit = cap if cap is not None else 400 * case.players * case.options.get("max_rounds", 40)
    problems = checker.check(state) + check_views(state)
    stats.views_checked += 1
    if problems:
        _fail(case, "after setup", match, problems)
    while True:
        decision = match.decision
        if decision is None:
            break
        if stats.decisions >= limit:
            _fail(case, f"after {stats.decisions} decisions", match, ["the game does not end"])
        stats.decision_kinds[decision.kind] += 1
        choice = bot.choose(decision, state)
        try:
            match.play(choice, decision.seat)
        except (BoardwrightError, RuntimeError, LookupError, ValueError, TypeError) as err:
            where = f"playing decision {stats.decisions + 1} {decision.options[choice].key!r}"
            _fail(case, where, match, [f"{type(err).__name__}: {err}"])
        stats.decisions += 1
        state = match.state
        problems = checker.check(state)
        if not stats.squares_ran_out and min(state.squares) == 0:
            stats.squares_ran_out = True
        if (
            sampler.below(view_every) == 0
            or (state.pending is not None and state.pending.kind == "red_keep")
            or state.pending is None
        ):
            problems += check_views(state)
            stats.views_checked += 1
        if problems:
            where = f"after decision {stats.decisions} ({decision.kind}: "
            where += f"{decision.options[choice].key})"
            _fail(case, where, match, problems)
    problems = checker.check_end(match.state) + check_events(match)
    if problems:
        _fail(case, "at the end", match, problems)
    stats.events = len(match.log)
    stats.rounds = match.state.round
    stats.end = checker.expected_end()[1]
    stats.event_kinds.update(e.kind for e in match.log)
    return stats


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tests.realm_of_sand.fuzzkit PLAYERS INDEX", file=sys.stderr)
        return 2
    case = case_for(int(argv[0]), int(argv[1]))
    print(case.describe())
    start = time.perf_counter()
    stats = run_case(case)
    print(
        f"ok: {stats.decisions} decisions, {stats.events} events, {stats.rounds} rounds, "
        f"ended by {stats.end}, {time.perf_counter() - start:.2f} s"
    )
    print("events:", dict(stats.event_kinds.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
