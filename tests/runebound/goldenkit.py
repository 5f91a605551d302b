"""Golden replays: a full four-player Runebound game between heuristic bots, recorded as its save
(config, seed, option keys) plus a SHA-256 of its whole event log, the event count, the last
events and the result. Replaying the save must give the identical log and result."""

from __future__ import annotations

import hashlib
import json
from functools import partial
from pathlib import Path
from typing import Any

from boardwright.bots.base import Observation, make_bot
from boardwright.engine.session import Match, load_save
from boardwright.games import get_game

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
TAIL = 25


def log_digest(match: Match[Any]) -> tuple[str, int, list[dict[str, Any]]]:
    events = [e.to_data() for e in match.log]
    text = json.dumps(events, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest(), len(events), events[-TAIL:]


def record(seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play the game with four heuristic bots and describe it for the golden file."""
    game = get_game("runebound")
    match = Match(game, game.config(4, options or {}), seed)
    bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(4)]
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


def check_replay(path: Path) -> None:
    """Replaying the golden save gives the same log and result."""
    golden = json.loads(path.read_text())
    match = load_save(golden["save"], get_game)
    digest, count, tail = log_digest(match)
    assert count == golden["events"]
    assert tail == golden["last_events"]
    assert digest == golden["log_sha256"]
    assert match.result is not None and match.result.to_data() == golden["result"]


def write(path: Path, seed: int, options: dict[str, Any] | None = None) -> None:
    path.write_text(json.dumps(record(seed, options), indent=1) + "\n")
    print(f"wrote {path}")
