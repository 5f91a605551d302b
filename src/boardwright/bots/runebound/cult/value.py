"""What the heuristic bot weighs an adventure counter by in Cult of the Rune (docs/rules/cult.md).

A cultist counter (CR-18) draws from its colour's cult deck: a win brings the card's reward, the
counter and the card's victory points (CR-9). An unturned counter draws from the base deck, whose
events and encounters are not resolved (CR-14): an event only brings the next draw (CR-17), an
encounter nothing, so the deck is worth its challenges' share. A fight lost is a knock-out, and
a knock-out that wakes the hero in an infiltrated city brands them too (CR-19): the loss of a VP
card and a point of life and stamina (CR-21), or the game itself for a hero one marker from the
end (CR-23). The odds are the fight model's, as the base game's deck values (appraisal.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardwright.bots.runebound.constants import CORRUPTION
from boardwright.bots.runebound.knowledge import Knowledge
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.values import card_win_value, drawn_odds
from boardwright.games.runebound.adventures.cult.content import CULT_FOLDER
from boardwright.games.runebound.records import COLOURS, AdventureCard

VP_WORTH = 3.0  # gold a victory point is worth to the bot (a cultist's VP come on top)
# gold per VP of lead a card more on the special pile is worth to the leader (CR-26); a player
# behind values it at nothing: avoiding the base decks would cost them the experience they need
# to catch up and barely delays the end, as the others draw (docs/bots.md)
PUSH = 1.5
LEAD_CAP = 8.0  # the lead beyond which the push grows no more
ELIMINATION = 60.0  # gold the bot would give not to leave the game (CR-23, CR-34)

Odds = tuple[float, float]
"""A deck's mean (win value * P(win), P(knocked out)) for the party."""

_NEAREST: dict[int, tuple[Knowledge, tuple[str, ...]]] = {}


def nearest_cities(kb: Knowledge) -> tuple[str, ...]:
    """The city a hero knocked out on each hex wakes in (``Board.nearest_cities``, RB-5.9),
    once per knowledge."""
    found = _NEAREST.get(id(kb))
    if found is None or found[0] is not kb:
        board = kb.content.board
        nearest = tuple(board.nearest_cities(h.index)[0].id for h in board.hexes)
        found = _NEAREST[id(kb)] = (kb, nearest)
    return found[1]


def deck_odds(kb: Knowledge, party: Party, cards: Sequence[AdventureCard], vp: float) -> Odds:
    """The mean odds of a fight against one of ``cards``, each win worth ``vp`` more."""
    if not cards:
        return 0.0, 0.0
    sig = party.sig()
    pre = party.pre_damage()
    gain = fall = 0.0
    for card in cards:
        pw, pl = drawn_odds(kb, party, card, sig, pre)
        gain += (card_win_value(kb, party, card, counter=True) + vp) * pw
        fall += pl
    return gain / len(cards), fall / len(cards)


def brand_cost(party: Party, seat_part: dict[str, Any]) -> float:
    """What one more corruption marker costs the party: a point of life and stamina, the
    cheapest VP card held (CR-21), and a share of the game, all of it for a hero at 1 life
    (CR-23)."""
    cards: dict[str, int] = seat_part.get("cards") or {}
    values = party.kb.counter_values
    held = [values[COLOURS.index(c)] for c, n in cards.items() if n > 0]
    card = VP_WORTH * min(held) if held else 0.0
    # the lowered life is the markers still to go before elimination (CR-23): the nearer the
    # end, the more a marker costs
    left = max(1, party.life)
    doom = (ELIMINATION + VP_WORTH * float(seat_part.get("vp", 0))) / (left * left)
    return CORRUPTION + card + doom


class CultDecks:
    """What the decks hold by colour, once per knowledge: the cult's cards (CR-1), a sample of
    the base challenges spread over their difficulty and how many there are, and the events
    and encounters that rule C puts on the special pile unresolved (CR-14)."""

    def __init__(self, kb: Knowledge) -> None:
        self.cult: dict[str, list[AdventureCard]] = {}
        self.base_sample: dict[str, list[AdventureCard]] = {}
        self.base_fights: dict[str, int] = {}
        self.unresolved: dict[str, frozenset[str]] = {}
        for colour in COLOURS:
            challenges = kb.challenges[colour]
            self.cult[colour] = [c for c in challenges if c.card_set == CULT_FOLDER]
            sample = (kb.adventures[c] for c in kb.samples[colour])
            self.base_sample[colour] = [c for c in sample if c.card_set != CULT_FOLDER]
            self.base_fights[colour] = len(challenges) - len(self.cult[colour])
            self.unresolved[colour] = frozenset(
                c.id
                for c in kb.content.adventures
                if c.colour == colour and c.kind in ("event", "encounter")
            )


_DECKS: dict[int, tuple[Knowledge, CultDecks]] = {}


def cult_decks(kb: Knowledge) -> CultDecks:
    """The :class:`CultDecks` of ``kb``, made once."""
    found = _DECKS.get(id(kb))
    if found is None or found[0] is not kb:
        found = _DECKS[id(kb)] = (kb, CultDecks(kb))
    return found[1]


class CounterOdds:
    """Per colour, the odds of a cultist counter (its cult deck) and of an unturned one (the
    base deck: its challenges' odds, its encounters and events worth the push they give the
    special pile toward its goal, CR-26), for one party at one moment."""

    def __init__(self, kb: Knowledge, party: Party, part: dict[str, Any]) -> None:
        decks = cult_decks(kb)
        special = set((part.get("special") or {}).get("cards", ()))
        sizes: dict[str, int] = part.get("decks") or {}
        push = pile_push(party, part)
        cult: dict[str, Odds] = {}
        base: dict[str, Odds] = {}
        for index, colour in enumerate(COLOURS):
            vp = VP_WORTH * kb.counter_values[index]
            own = decks.cult[colour]
            cult[colour] = deck_odds(kb, party, own, vp) if sizes.get(colour, 0) else (0.0, 0.0)
            fights = decks.base_fights[colour]
            idle = sum(1 for c in decks.unresolved[colour] if c not in special)
            gain, fall = deck_odds(kb, party, decks.base_sample[colour], 0.0)
            share = fights / (fights + idle) if fights + idle else 0.0
            base[colour] = gain * share + push * (1.0 - share), fall * share
        self.cult = cult
        self.base = base


def seat_section(part: dict[str, Any], seat: int) -> dict[str, Any]:
    """A seat's entry in the cult's view (its VP, cards per colour, corruption)."""
    seats: list[dict[str, Any]] = part.get("seats") or []
    return seats[seat] if seats else {}


def pile_push(party: Party, part: dict[str, Any]) -> float:
    """What a card more on the special pile is worth to the party: the game's end nearer
    (CR-24), good for the leader in VP, the more so the larger the lead and the nearer the goal;
    nothing for the others (``PUSH``)."""
    seats: list[dict[str, Any]] = part.get("seats") or []
    if not seats:
        return 0.0
    mine = float(seats[party.seat].get("vp", 0))
    rivals = [
        float(s.get("vp", 0))
        for i, s in enumerate(seats)
        if i != party.seat and not s.get("eliminated")
    ]
    lead = mine - max(rivals, default=0.0)
    goal = float((part.get("goals") or {}).get("pile", 0)) or 1.0
    near = float((part.get("special") or {}).get("counted", 0)) / goal
    return PUSH * min(LEAD_CAP, max(0.0, lead)) * (0.5 + near)
