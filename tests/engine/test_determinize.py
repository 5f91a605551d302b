"""``Game.determinize`` over many seeded random mid-game states of both games.

For every sampled state and every seat (and a spectator) the determinized state must show that
seat exactly the same view, leave the original untouched, play on independently to the end, and
keep every card the seat knows in place; across different ``rng`` seeds the hidden parts must
vary, including another seat's hidden cards. Each game's part also checks that the sampling
reached the situations that matter (a red-crystal look in progress, cards under the market
deck, the unseen doom-track card, legend cards under their stack, the City of Dreams).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest

from boardwright.engine import Decision, Game, Rng, StateBase
from boardwright.games import get_game
from boardwright.games.realm_of_sand.game import RealmOfSand
from boardwright.games.realm_of_sand.geometry import SQUARE, parse_cell
from boardwright.games.realm_of_sand.state import CRYSTAL_ACTIVE, RealmState
from boardwright.games.runebound.adventures.al_kalim.bazaar import Dreams
from boardwright.games.runebound.adventures.al_kalim.state import AlKalimState
from boardwright.games.runebound.determinize import setup_card_unseen
from boardwright.games.runebound.options import RULE_SETS
from boardwright.games.runebound.state import RuneboundState
from tests.compiled import all_fields

SAMPLES = 6  # rng seeds per state when checking that hidden parts vary
DECISION_CAP = 20_000  # random play from a determinized state must end before this


def fingerprint(value: Any) -> Any:
    """Everything a state holds, as nested tuples (to see that it did not change)."""
    if value is None or isinstance(value, int | float | str | bool):
        return value
    if isinstance(value, list | tuple):
        return tuple(fingerprint(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, fingerprint(item)) for key, item in value.items()))
    if isinstance(value, Rng):
        return ("rng", value.state, value.draws)
    if isinstance(value, Decision):
        args = fingerprint(dict(value.args))
        return (value.seat, value.kind, args, tuple(o.key for o in value.options))
    if dataclasses.is_dataclass(value):
        return repr(value)
    names = all_fields(type(value))
    return (type(value).__name__, tuple((n, fingerprint(getattr(value, n))) for n in names))


def mid_game_states(
    game: Game[Any],
    players: int,
    options: dict[str, Any],
    seed: int,
    *,
    every: int,
    special: Callable[[Any], str],
    prefer: Callable[[Any, Decision], int] | None = None,
) -> Iterator[Any]:
    """Copies of the states of one seeded random game: about one decision in ``every``, and
    the first few of each special situation (``special`` names it, "" for none). ``prefer``
    may pick an option (its index, or -1 for a random one) to reach rarer situations."""
    state = game.setup(game.config(players, options), seed)
    rng = Rng(seed ^ 0x5EED)  # the choices
    sampler = Rng(seed ^ 0xA11)  # which states to copy (apart, so choices do not depend on it)
    seen: Counter[str] = Counter()
    while (decision := game.decision(state)) is not None:
        kind = special(state)
        if sampler.below(every) == 0 or (kind and seen[kind] < 2):
            seen[kind] += 1
            yield game.clone(state)
        index = prefer(state, decision) if prefer is not None else -1
        game.apply(state, index if index >= 0 else rng.below(len(decision.options)))


def play_to_end(game: Game[Any], state: Any, rng: Rng) -> None:
    for _ in range(DECISION_CAP):
        decision = game.decision(state)
        if decision is None:
            assert game.result(state) is not None
            return
        game.apply(state, rng.below(len(decision.options)))
    pytest.fail(f"random play did not end within {DECISION_CAP} decisions")


def check_contract(
    game: Game[Any], state: Any, seats: list[int | None], salt: int, *, play: bool
) -> None:
    """The view of each seat is unchanged and the original untouched; with ``play``, random
    play from a determinized state runs to the end and still leaves the original untouched."""
    before = fingerprint(state)
    for seat in seats:
        other = game.determinize(state, seat, Rng(salt + (seat or 0)))
        assert game.view(other, seat) == game.view(state, seat), f"seat {seat}"
        assert fingerprint(state) == before
        assert other is not state and other.rng is not state.rng
    if play:
        ended = game.determinize(state, seats[-1], Rng(salt))
        play_to_end(game, ended, Rng(salt))
        assert fingerprint(state) == before
        for seat in seats:  # a finished game has nothing left to hide but keeps its views
            assert game.view(game.determinize(ended, seat, Rng(salt)), seat) == game.view(
                ended, seat
            )


def varies(samples: list[list[int]], original: list[int]) -> tuple[int, int]:
    """(samples differing from the original, samples) for one list of hidden cards."""
    return sum(1 for s in samples if s != original), len(samples)


# --- Realm of Sand ---------------------------------------------------------------------------
REALM = cast(RealmOfSand, get_game("realm-of-sand"))
REALM_CASES = [
    (1, {"board_side": "advanced"}),
    (2, {"board_side": "advanced", "purple_power": "crystal"}),
    (2, {"advanced_seats": ["1"], "starting_draft": "blind"}),
    (3, {"board_side": "advanced"}),
    (4, {"board_side": "advanced", "card_mirror": True}),
    (4, {"advanced_seats": ["2", "3"]}),
]


def realm_situations(state: RealmState) -> list[str]:
    """The situations determinize must get right that ``state`` shows."""
    top = state.stack[-1] if state.stack else ()
    found = []
    if top and top[0] == "crystal_red" and top[1] >= 0:
        found.append("red_keep")
    if any(known_places(state, s) for s in range(len(state.players))):
        found.append("known_under")
    if any(p.reserved for p in state.players) and len(state.players) > 1:
        found.append("reserved")
    return found


def realm_prefer(state: RealmState, decision: Decision) -> int:
    """Use a crystal, or fulfil a kept card, whenever possible."""
    kept = state.players[decision.seat].reserved
    for index, option in enumerate(decision.options):
        if option.key == "crystal" or (option.key.startswith("fulfil:") and option.data in kept):
            return index
    return -1


def realm_special(state: RealmState) -> str:
    return next(iter(realm_situations(state)), "")


def red_crystal_seeds(players: int, options: dict[str, Any]) -> list[int]:
    """The first two seeds whose game deals a board with the red crystal (RS-5.2)."""
    config = REALM.config(players, options)
    boards = REALM.content.boards
    return [
        seed
        for seed in range(50)
        if any(boards[p.board].crystal == "red" for p in REALM.setup(config, seed).players)
    ][:2]


def hidden_cards(state: RealmState) -> list[int]:
    """Every card in a deck, kept face down or being looked at, sorted."""
    top = state.stack[-1] if state.stack else ()
    looking = list(top[3]) if top and top[0] == "crystal_red" else []
    return sorted(
        [
            *(c for d in state.decks for c in d),
            *(c for p in state.players for c in p.reserved),
            *looking,
        ]
    )


def known_places(state: RealmState, seat: int) -> list[tuple[int, int]]:
    """(level, index) of each deck card ``seat`` put under with the red crystal."""
    known = state.players[seat].known_under
    return sorted(
        (lv, i) for lv, deck in enumerate(state.decks) for i, c in enumerate(deck) if c in known
    )


def unseen_by(state: RealmState, seat: int | None) -> list[list[int]]:
    """Per level: the deck cards ``seat`` does not know the place of, in deck order."""
    known = set(state.players[seat].known_under) if seat is not None else set()
    return [[c for c in deck if c not in known] for deck in state.decks]


@pytest.mark.parametrize(("players", "options"), REALM_CASES)
def test_realm_of_sand(players: int, options: dict[str, Any]) -> None:
    reached: Counter[str] = Counter()
    moved: Counter[Any] = Counter()
    for seed in red_crystal_seeds(players, options):
        for n, state in enumerate(
            mid_game_states(
                REALM, players, options, seed, every=25, special=realm_special, prefer=realm_prefer
            )
        ):
            reached.update(realm_situations(state))
            seats: list[int | None] = [None, *range(players)]
            check_contract(REALM, state, seats, 1000 * seed + n, play=n % 3 == 0)
            for seat in seats:
                samples = [REALM.determinize(state, seat, Rng(k)) for k in range(SAMPLES)]
                check_realm_knowledge(state, seat, samples, moved)
    assert moved["deck", "differ"] >= 0.75 * moved["deck", "of"]
    if players > 1:
        assert all(reached[k] for k in ("red_keep", "known_under", "reserved")), reached
        assert moved["others_kept", "differ"] >= 0.5 * moved["others_kept", "of"] > 0
        assert moved["looked_at", "differ"] >= 0.5 * moved["looked_at", "of"] > 0


def check_realm_knowledge(
    state: RealmState, seat: int | None, samples: list[RealmState], moved: Counter[Any]
) -> None:
    """Known cards keep their places; unknown ones are dealt again (tallied in ``moved``)."""
    for out in samples:
        assert out.display == state.display and out.circle == state.circle
        for s, (p, q) in enumerate(zip(state.players, out.players, strict=True)):
            assert len(q.reserved) == len(p.reserved)
            # the places another seat knows stay known to it, whatever card now lies there
            assert known_places(out, s) == known_places(state, s)
            if s == seat:
                assert q.reserved == p.reserved
                for card in p.known_under:
                    for level, deck in enumerate(state.decks):
                        if card in deck:
                            assert out.decks[level].index(card) == deck.index(card)
        assert hidden_cards(out) == hidden_cards(state)
    for level in range(3):
        original = unseen_by(state, seat)[level]
        if len(original) >= 3:
            differ, of = varies([unseen_by(out, seat)[level] for out in samples], original)
            moved["deck", "differ"] += differ
            moved["deck", "of"] += of
    for s, p in enumerate(state.players):
        if s != seat and p.reserved:  # another seat's face-down cards: not preserved
            differ, of = varies([out.players[s].reserved for out in samples], p.reserved)
            moved["others_kept", "differ"] += differ
            moved["others_kept", "of"] += of
    top = state.stack[-1] if state.stack else ()
    if top and top[0] == "crystal_red" and top[1] >= 0 and state.seat != seat:
        looked = list(top[3])
        differ, of = varies([list(out.stack[-1][3]) for out in samples], looked)
        moved["looked_at", "differ"] += differ
        moved["looked_at", "of"] += of
        for out in samples:  # the looker's options follow the cards it now looks at
            assert out.pending is not None
            assert [o.data for o in out.pending.options] == list(out.stack[-1][3])


def red_board_game() -> RealmState:
    """Two players, seat 1 on the red crystal's board (RS-5.2), its crystal active, to move."""
    options = {"board_side": "advanced", "starting_draft": "queen_front", "first_player": "1"}
    config = REALM.config(2, options)
    for seed in range(200):
        state = REALM.setup(config, seed)
        p = state.players[0]
        if (
            REALM.rules.crystal_colour(p) == "red"
            and state.pending
            and state.pending.kind == "turn"
        ):
            p.crystal = CRYSTAL_ACTIVE
            p.crystal_turn = -1
            REALM.procedures.run(state, None)
            return state
    raise AssertionError("no seed gives seat 1 the red board")


def look_and_keep_first(state: RealmState, deck: str) -> tuple[int, list[int]]:
    """Seat 1 looks at the top of ``deck`` and keeps the first card shown: (kept, put under)."""
    REALM.apply_key(state, "crystal")
    REALM.apply_key(state, f"deck:{deck}")
    kept = state.stack[-1][3][0]
    REALM.apply(state, 0)
    return kept, state.decks[int(deck) - 1][:2]


def test_rs_5_2_cards_put_under_stay_in_place_for_their_owner_only() -> None:
    state = red_board_game()
    kept, under = look_and_keep_first(state, "2")
    assert state.players[0].known_under == under
    own = [REALM.determinize(state, 0, Rng(k)) for k in range(8)]
    assert all(d.decks[1][:2] == under and d.players[0].reserved == [kept] for d in own)
    other = [REALM.determinize(state, 1, Rng(k)) for k in range(8)]
    assert sum(d.decks[1][:2] != under for d in other) >= 6
    assert sum(d.players[0].reserved != [kept] for d in other) >= 6
    for d in other:  # seat 2 knows where seat 1's cards lie, not which they are
        assert sorted(d.players[0].known_under) == sorted(d.decks[1][:2])
        assert REALM.view(d, 1) == REALM.view(state, 1)


def test_rs_5_2_a_look_at_cards_another_seat_put_under_ends_its_knowledge() -> None:
    state = red_board_game()
    deck = state.decks[1]
    looked_at = deck[:3]
    state.players[1].known_under = deck[:2]  # as if seat 2 had put these two under
    del deck[3:]  # they are next to be drawn
    kept, under = look_and_keep_first(state, "2")
    assert state.players[1].known_under == []
    assert state.players[0].known_under == under
    assert sorted([kept, *under]) == sorted(looked_at)


def test_rs_5_2_a_kept_card_being_fulfilled_stays_with_its_owner() -> None:
    """The prompt of the choice of fields names the kept card, so every seat knows it."""
    state = red_board_game()
    card = next(c for c in REALM.content.cards if c.id == "I-01").index
    for row in state.display:
        if card in row:
            row[row.index(card)] = -1
    if card in state.decks[0]:
        state.decks[0].remove(card)
    state.players[0].reserved.append(card)
    for name, colour in (("B2", 0), ("B3", 2), ("C3", 0)):
        cell = parse_cell(name)
        assert cell is not None
        state.squares[colour] -= 1
        state.players[0].put(cell, SQUARE + colour)
    REALM.procedures.run(state, None)
    REALM.apply_key(state, "fulfil:I-01")
    for k in range(8):
        other = REALM.determinize(state, 1, Rng(k))
        assert other.players[0].reserved == [card]
        assert REALM.view(other, 1) == REALM.view(state, 1)
        REALM.apply(other, 0)
        assert card in other.players[0].fulfilled


# --- Runebound -------------------------------------------------------------------------------
RUNEBOUND = get_game("runebound")
ADVANCED = dict(RULE_SETS["advanced"])
AL_KALIM_ADVANCED = {
    **{k: v for k, v in ADVANCED.items() if k not in ("advanced.doom_track", "advanced.endgame")},
    "adventure": "al-kalim",
}
RUNEBOUND_FAMILIES = {
    "base": {},
    "advanced": ADVANCED,
    "al-kalim": {"adventure": "al-kalim"},
    "al-kalim+advanced": AL_KALIM_ADVANCED,
}


def al_kalim_part(state: RuneboundState) -> AlKalimState | None:
    """The Al-Kalim state part, or None in another adventure."""
    part = state.adventure_state
    return part if isinstance(part, AlKalimState) else None


def runebound_situations(state: RuneboundState) -> list[str]:
    """The situations determinize must get right that ``state`` shows."""
    top = state.stack[-1] if state.stack else ()
    found = []
    if top and top[0] == Dreams.name and top[2]:
        found.append("dreams")
    part = al_kalim_part(state)
    if part is not None and any(part.legend_under):
        found.append("legend_under")
    if state.market_under and state.market_deck:
        found.append("market_under")
    if setup_card_unseen(state):
        found.append("setup_card")
    return found


def runebound_special(state: RuneboundState) -> str:
    return next(iter(runebound_situations(state)), "")


@pytest.mark.parametrize("name", RUNEBOUND_FAMILIES)
def test_runebound(name: str) -> None:
    options = RUNEBOUND_FAMILIES[name]
    reached: Counter[str] = Counter()
    moved: Counter[Any] = Counter()
    # seeds whose random games reach every situation checked below (a lost legend card under
    # its stack is rare in Al-Kalim since AK-11.12's cards take one only on a failed test)
    seeds = {"al-kalim": (0, 5), "al-kalim+advanced": (0, 2)}.get(name, (0, 1))
    for players in (2, 3, 4):
        for seed in seeds:
            states = mid_game_states(
                RUNEBOUND, players, options, seed, every=150, special=runebound_special
            )
            for n, state in enumerate(states):
                reached.update(runebound_situations(state))
                seats: list[int | None] = [None, *range(players)]
                check_contract(RUNEBOUND, state, seats, 1000 * seed + n, play=n % 10 == 0)
                for seat in (None, state.seat):
                    samples = [RUNEBOUND.determinize(state, seat, Rng(k)) for k in range(SAMPLES)]
                    check_runebound_knowledge(state, seat, samples, moved)
    assert moved["deck", "differ"] >= 0.75 * moved["deck", "of"] > 0
    if name == "advanced":
        assert reached["setup_card"] and reached["market_under"], reached
        assert moved["setup_card", "differ"] > 0
    if name.startswith("al-kalim"):
        assert reached["legend_under"] and reached["dreams"], reached
        assert moved["legend", "differ"] >= 0.75 * moved["legend", "of"] > 0
        assert moved["dreams", "differ"] >= 0.5 * moved["dreams", "of"] > 0
    if name == "al-kalim+advanced":
        assert reached["market_under"], reached


def check_runebound_knowledge(
    state: RuneboundState, seat: int | None, samples: list[RuneboundState], moved: Counter[Any]
) -> None:
    """Known cards keep their places; unknown ones are dealt again (tallied in ``moved``)."""
    under = min(state.market_under, len(state.market_deck))
    hidden_setup = setup_card_unseen(state)
    for out in samples:
        assert out.adventure_discards == state.adventure_discards
        assert out.market_discard == state.market_discard and out.stacks == state.stacks
        assert out.market_deck[:under] == state.market_deck[:under]
        assert out.doom_row[1:] == state.doom_row[1:]
        if not hidden_setup:
            assert out.doom_row[:1] == state.doom_row[:1]
        for deck, original in zip(out.adventure_decks, state.adventure_decks, strict=True):
            if not hidden_setup:
                assert sorted(deck) == sorted(original)
        part, out_part = al_kalim_part(state), al_kalim_part(out)
        if part is not None:
            assert out_part is not None
            for kind, (stack, original) in enumerate(
                zip(out_part.legend_stacks, part.legend_stacks, strict=True)
            ):
                lowest = min(part.legend_under[kind], len(original))
                assert stack[-1:] == original[-1:] and stack[:lowest] == original[:lowest]
                assert sorted(stack) == sorted(original)
    for colour, deck in enumerate(state.adventure_decks):
        if len(deck) >= 3:
            differ, of = varies([out.adventure_decks[colour] for out in samples], deck)
            moved["deck", "differ"] += differ
            moved["deck", "of"] += of
    if hidden_setup:
        differ, _ = varies([out.doom_row[:1] for out in samples], state.doom_row[:1])
        moved["setup_card", "differ"] += differ
    part = al_kalim_part(state)
    if part is not None:
        for kind, stack in enumerate(part.legend_stacks):
            lowest = min(part.legend_under[kind], len(stack))
            if len(stack) - 1 - lowest >= 3:
                parts = [al_kalim_part(o) for o in samples]
                stacks = [p.legend_stacks[kind] for p in parts if p is not None]
                differ, of = varies([s[lowest:-1] for s in stacks], stack[lowest:-1])
                moved["legend", "differ"] += differ
                moved["legend", "of"] += of
    top = state.stack[-1] if state.stack else ()
    if top and top[0] == Dreams.name and top[2] and seat != state.seat:
        differ, of = varies([list(out.stack[-1][2]) for out in samples], list(top[2]))
        moved["dreams", "differ"] += differ
        moved["dreams", "of"] += of
        for out in samples:
            assert out.pending is not None
            assert [o.data for o in out.pending.options] == list(out.stack[-1][2])


def test_determinize_reseeds_the_dice() -> None:
    """Two determinizations from different seeds roll different dice from then on."""
    state = RUNEBOUND.setup(RUNEBOUND.config(2, {}), 3)
    rolls = set()
    for k in range(4):
        other: StateBase = RUNEBOUND.determinize(state, 0, Rng(k))
        rolls.add(tuple(other.rng.die(10) for _ in range(8)))
    assert len(rolls) == 4
    assert tuple(state.rng.die(10) for _ in range(8)) not in rolls
