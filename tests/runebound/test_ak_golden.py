"""Golden replay of The Sands of Al-Kalim: a full four-player game between heuristic bots, recorded
as its save
(config, seed, option keys) plus a SHA-256 of its whole event log, the event count, the last
events and the result. Replaying the save must give the identical log and result.

Regenerate deliberately (after a rules change that alters play) with::

    python tests/runebound/test_ak_golden.py --regenerate
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import partial
from pathlib import Path
from typing import Any

from boardwright.bots.base import Observation, make_bot
from boardwright.engine.session import Match, load_save
from boardwright.games import get_game

GOLDEN = Path(__file__).resolve().parent / "golden" / "al_kalim_four_heuristic_bots.json"
SEED = 2011
TAIL = 25


def log_digest(match: Match[Any]) -> tuple[str, int, list[dict[str, Any]]]:
    events = [e.to_data() for e in match.log]
    text = json.dumps(events, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest(), len(events), events[-TAIL:]


def record() -> dict[str, Any]:
    game = get_game("runebound")
    match = Match(game, game.config(4, {"adventure": "al-kalim"}), SEED)
    bots = [make_bot("heuristic", SEED * 10 + seat) for seat in range(4)]
    while (decision := match.decision) is not None:
        seat = decision.seat
        observation = Observation(seat, decision, partial(match.view, seat))
        match.play(bots[seat].choose(observation))
    digest, count, tail = log_digest(match)
    assert match.result is not None
    return {
        "save": match.to_save(),
        "log_sha256": digest,
        "events": count,
        "last_events": tail,
        "result": match.result.to_data(),
    }


def test_ak_golden_four_player_game_replays_to_the_same_log() -> None:
    golden = json.loads(GOLDEN.read_text())
    match = load_save(golden["save"], get_game)
    digest, count, tail = log_digest(match)
    assert count == golden["events"]
    assert tail == golden["last_events"]
    assert digest == golden["log_sha256"]
    assert match.result is not None and match.result.to_data() == golden["result"]


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        GOLDEN.write_text(json.dumps(record(), indent=1) + "\n")
        print(f"wrote {GOLDEN}")
