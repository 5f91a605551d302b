"""What each player did in a Realm of Sand game, counted from its event log for simulation
records (``Game.tally``): tiles placed, discs placed and moved, cards fulfilled with their stars
and hourglasses, spirits gained, crystals activated, levels climbed; and the round the end was
triggered (RS-6.1) and the game ended."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from boardwright.engine.events import Event
from boardwright.engine.game import Tally

COUNTS = (
    "tiles_placed",
    "discs_placed",
    "discs_moved",
    "cards_fulfilled",
    "stars_fulfilled",
    "hourglasses",
    "spirits",
    "crystals",
    "levels",
)
"""The per-seat counts, in the order records list them."""

_SIMPLE = {
    "place_tile": "tiles_placed",
    "place_disc": "discs_placed",
    "move_disc": "discs_moved",
    "spirit": "spirits",
    "crystal": "crystals",
    "level": "levels",
}


def realm_of_sand_tally(events: Sequence[Event], players: int) -> Tally:
    counts: list[Counter[str]] = [Counter() for _ in range(players)]
    milestones: dict[str, int] = {}
    round_ = 0
    for event in events:
        data = event.data
        if event.kind == "turn":
            round_ = int(data.get("round", round_))
        elif event.kind == "end_triggered":
            milestones.setdefault("end_triggered", round_)
        elif event.kind == "game_over":
            milestones.setdefault("game_over", int(data.get("round", round_)))
        seat = data.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < players:
            continue
        count = counts[seat]
        if event.kind in _SIMPLE:
            count[_SIMPLE[event.kind]] += 1
        elif event.kind == "fulfil":
            count["cards_fulfilled"] += 1
            count["stars_fulfilled"] += int(data.get("stars", 0))
            count["hourglasses"] += int(data.get("hourglasses", 0))
    return Tally(
        seats={name: tuple(count[name] for count in counts) for name in COUNTS},
        milestones=milestones,
    )
