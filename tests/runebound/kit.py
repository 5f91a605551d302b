"""Runebound fuzz kit: random games with invariants checked after every decision, and what the
fuzz kits of Al-Kalim (``al_kalim.kit``) and the advanced rules (``advanced.kit``) share with it:
the game loop and the pieces of the invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import Any

from boardwright.engine.decision import Decision, Option
from boardwright.engine.events import Event
from boardwright.engine.rng import Rng
from boardwright.games import get_game
from boardwright.games.runebound.board_setup import SPARE_COUNTERS
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import AllyState, RuneboundState

GAME: Runebound = get_game("runebound")  # type: ignore[assignment]
TEXTS = GAME.texts(GAME.config(1, {}))  # the base game's English texts


def shown(item: Event | Decision | Option) -> str:
    """The English text a player sees of an event, a decision (its prompt) or an option."""
    if isinstance(item, Event):
        return TEXTS.event(item)
    if isinstance(item, Decision):
        return TEXTS.prompt(item)
    return TEXTS.option(item)


DECISION_CAP = 200_000
StateCheck = Callable[[RuneboundState], None]


# --- random games ------------------------------------------------------------------------------
EAGER = (
    "adventure:",
    "undefeated",
    "attack:",
    "buy:",
    "xp:",
    "roll:",
    "to:",
    "use:",
    "fight",
    "heal",
    "choice:",
    "hero:",
)


def eager_choice(decision: Decision, rng: Rng, eager: tuple[str, ...] = EAGER) -> int:
    """Random, but three times in four an option that makes things happen (an option whose key
    starts with one of ``eager``: fights, buys...)."""
    found = [i for i, o in enumerate(decision.options) if o.key.startswith(eager)]
    if found and rng.below(4):
        return found[rng.below(len(found))]
    return rng.below(len(decision.options))


def play_out(
    state: RuneboundState, rng: Rng, eager: tuple[str, ...] | None, check: StateCheck | None
) -> int:
    """Play the game to its end with random choices (with ``eager``: :func:`eager_choice`):
    every decision has options with unique keys, ``check`` holds after every decision, and the
    game ends with a result. Returns the number of decisions."""
    decisions = 0
    while (decision := state.pending) is not None:
        assert decision.options, "a decision without options"
        keys = [o.key for o in decision.options]
        assert len(set(keys)) == len(keys), f"duplicate option keys in {decision.kind}: {keys}"
        choice = eager_choice(decision, rng, eager) if eager else rng.below(len(decision.options))
        GAME.apply(state, choice)
        decisions += 1
        if check is not None:
            check(state)
        assert decisions < DECISION_CAP, "the game did not end"
    assert state.finished and GAME.result(state) is not None
    return decisions


def random_steps(state: RuneboundState, rng: Rng, limit: int) -> Iterator[tuple[int, Decision]]:
    """At most ``limit`` uniformly random choices; before each, (step number, the decision)."""
    for step in range(limit):
        decision = state.pending
        if decision is None:
            return
        yield step, decision
        GAME.apply(state, rng.below(len(decision.options)))


def play_random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    check: bool = True,
    eager: bool = False,
) -> tuple[RuneboundState, int]:
    state = GAME.setup(GAME.config(players, options or {}), seed)
    invariants = check_invariants if check else None
    return state, play_out(state, Rng(seed ^ 0x5EED), EAGER if eager else None, invariants)


def case_options(players: int, index: int) -> dict[str, Any]:
    """Options mixed deterministically per case, so every rule variant gets played."""
    pick = Rng(players * 100_003 + index)
    return {
        "hero_selection": ("random", "choose")[pick.below(2)],
        "knockout_penalty": ("standard", "allies", "lenient")[pick.below(3)],
        "sell_price": ("half", "full", "none")[pick.below(3)],
        "escape_rule": ("automatic", "test")[pick.below(2)],
        "xp_change": bool(pick.below(2)),
        "travel_problems": bool(pick.below(2)),
        "base_doom_track": bool(pick.below(2)),
        "ally_limit": (2, 2, 1, 3)[pick.below(4)],
        "max_rounds": (60, 40, 25)[pick.below(3)],
        "adventure_discards": ("removed", "reshuffle")[pick.below(2)],
        "event_rule": ("number", "newest")[pick.below(2)],
        "replenish_hexes": ("starred", "all")[pick.below(2)],
        "failed_attack": ("hurt", "miss")[pick.below(2)],
        "duel_spoils": ("card", "gold")[pick.below(2)],
        "duel_abilities": bool(pick.below(2)),
        "market_buys": (0, 0, 1, 2)[pick.below(4)],
        "full_track": ("under_deck", "discard")[pick.below(2)],
    }


# --- the invariants --------------------------------------------------------------------------
def assert_each_once(cards: Iterable[int], count: int, what: str) -> None:
    """Cards ``0 .. count - 1``, each in exactly one place, and no other card."""
    counts = Counter(cards)
    assert sorted(counts) == list(range(count)), f"{what}: a card is lost or unknown"
    assert all(n == 1 for n in counts.values()), f"{what} in two places: {counts.most_common(2)}"


def laid_out_adventure_cards(state: RuneboundState) -> list[int]:
    """Adventure cards in the decks, the discard piles and on the undefeated track."""
    return [*chain(*state.adventure_decks), *chain(*state.adventure_discards), *state.track]


def held_adventure_cards(state: RuneboundState) -> list[int]:
    """Adventure cards held by procedure frames while they are being resolved."""
    held = [frame[1] for frame in state.stack if frame[0] in ("encounter", "combat_start")]
    if state.combat is not None and state.combat.card not in state.track:
        held.append(state.combat.card)
    return held


def drawn_adventure_cards(state: RuneboundState) -> list[int]:
    """Adventure cards off the decks and the track: the event in play, the heroes' runes and held
    encounters, and the cards being resolved."""
    event = [state.event] if state.event >= 0 else []
    runes = chain.from_iterable(h.runes for h in state.heroes)
    held = chain.from_iterable(h.held for h in state.heroes)  # PV-12: held encounters
    return [*event, *runes, *held, *held_adventure_cards(state)]


def owned_market_cards(
    state: RuneboundState, counts_ally: Callable[[AllyState], bool] = lambda ally: True
) -> list[int]:
    """Market cards in the deck, the discard pile, the city stacks, and held by the heroes (the
    allies for which ``counts_ally`` holds)."""
    cards = [*state.market_deck, *state.market_discard, *chain(*state.stacks)]
    for h in state.heroes:
        cards += h.items
        cards += [a.card for a in h.allies if counts_ally(a)]
    return cards


def assert_counters_conserved(
    state: RuneboundState, rules: Rules, spare: int = SPARE_COUNTERS, aside: Iterable[int] = ()
) -> None:
    """Adventure counters of each colour, on the board, held by the heroes, set aside (the
    colours in ``aside``) and in the supply, make the board's gem hexes of that colour plus
    ``spare``; the supply is never negative."""
    expected = [spare] * len(COLOURS)
    for hx in rules.board.hexes:
        if hx.gem >= 0:
            expected[hx.gem] += 1
    totals = [sum(bits >> c & 1 for bits in state.counters) for c in range(len(COLOURS))]
    for c in chain(chain.from_iterable(h.counters for h in state.heroes), aside):
        totals[c] += 1
    for c in range(len(COLOURS)):
        assert state.counter_supply[c] >= 0
        assert totals[c] + state.counter_supply[c] == expected[c], "counters not conserved"


def assert_hero_in_bounds(
    state: RuneboundState, rules: Rules, seat: int, limited_allies: list[AllyState]
) -> None:
    """No negative gold, wounds or exhaustion; exhaustion within stamina; ``limited_allies``
    (the allies that count) within the ally limit."""
    h = state.heroes[seat]
    assert h.gold >= 0 and h.wounds >= 0 and h.exhaustion >= 0
    assert h.exhaustion <= rules.stamina(state, seat)
    assert len(limited_allies) <= state.opts.ally_limit


def check_invariants(state: RuneboundState) -> None:
    """The base game's invariants, checked after every decision of a fuzz game."""
    rules = GAME.rules
    places = laid_out_adventure_cards(state) + drawn_adventure_cards(state)
    assert_each_once(places, len(rules.adventures), "adventure card")
    assert set(state.undefeated.values()) == set(state.track)
    assert len(state.track) <= 6
    assert_each_once(owned_market_cards(state), len(rules.market), "market card")
    assert_counters_conserved(state, rules)
    for seat, h in enumerate(state.heroes):
        assert_hero_in_bounds(state, rules, seat, h.allies)
        assert all(a.wounds >= 0 and a.exhaustion >= 0 for a in h.allies)
        if state.combat is None or seat != state.seat:
            assert h.wounds < rules.life(state, seat) or state.finished
