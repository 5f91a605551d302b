"""What each hero did in a Runebound game, counted from its event log for simulation records
(``Game.tally``): fights against challenges and fights won, knock-outs, skill tests and tests
passed, gold and experience counters gained, Dragon Runes; and the round each way of ending the
game was met (``game_over`` by its variant, Advanced Runebound's endgame by ``doom``).

Adventures' events count where they use the base kinds (a night ambush opens a fight like any
other, the heat knocks out like a challenge)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from boardwright.engine.events import Event
from boardwright.engine.game import Tally

COUNTS = (
    "fights",
    "fights_won",
    "knockouts",
    "tests",
    "tests_passed",
    "gold_gained",
    "experience_counters",
    "dragon_runes",
)
"""The per-seat counts, in the order records list them."""


def runebound_tally(events: Sequence[Event], players: int) -> Tally:
    counts: list[Counter[str]] = [Counter() for _ in range(players)]
    milestones: dict[str, int] = {}
    round_ = 0
    for event in events:
        data = event.data
        if event.kind == "turn":
            round_ = int(data.get("round", round_))
        elif event.kind == "game_over":
            milestones.setdefault(str(data.get("variant", "game_over")), round_)
        elif event.kind == "doom" and data.get("variant") == "endgame":
            milestones.setdefault("endgame", round_)
        seat = data.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < players:
            continue
        _count(event, counts[seat])
    return Tally(
        seats={name: tuple(count[name] for count in counts) for name in COUNTS},
        milestones=milestones,
    )


def _count(event: Event, count: Counter[str]) -> None:
    data = event.data
    if event.kind == "combat":
        count["fights"] += 1
    elif event.kind == "victory" and "card" in data:
        count["fights_won"] += 1
    elif event.kind == "knocked_out":
        count["knockouts"] += 1
    elif event.kind == "test":
        count["tests"] += 1
        count["tests_passed"] += bool(data.get("success"))
    elif event.kind == "gold":
        count["gold_gained"] += max(0, int(data.get("amount", 0)))
    elif event.kind == "experience":
        counters = data.get("counters")
        count["experience_counters"] += len(counters) if isinstance(counters, list) else 1
    elif event.kind == "rune":
        count["dragon_runes"] += 1
