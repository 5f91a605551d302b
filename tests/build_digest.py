"""Digests of seeded games, to compare the compiled build with pure Python
(tests/test_build.py runs this module in one process of each)::

    python -m tests.build_digest            # one JSON object: digest per configuration

Each digest hashes every decision (seat, kind, the chosen key), the events, the result, and
now and then a determinized clone's view for each seat: the rules, the RNG, cloning and
determinization all have to agree for the digests to match.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import boardwright
from boardwright.bots import make_bot
from boardwright.bots.recorder import Recorder
from boardwright.engine.events import Event
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng, derive_seed
from boardwright.games import get_game
from boardwright.sim.runner import play_one

SEED = 20_261_127
PROBE_EVERY = 40  # decisions between two determinized views

RANDOM_PLAY: dict[str, tuple[str, dict[str, Any]]] = {
    "realm-of-sand": ("realm-of-sand", {}),
    "runebound": ("runebound", {}),
    "runebound advanced": ("runebound", {"ADVANCED": True}),
    "al-kalim": ("runebound", {"adventure": "al-kalim"}),
}
HEURISTIC_PLAY: dict[str, dict[str, Any]] = {
    "runebound heuristic": {},
    "al-kalim heuristic": {"adventure": "al-kalim"},
}


def _json(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, default=repr).encode()


def _options(game: Game[Any], raw: dict[str, Any]) -> dict[str, Any]:
    options = dict(raw)
    if options.pop("ADVANCED", False):
        options.update(game.rule_sets["advanced"])
    return options


def random_digest(name: str, raw: dict[str, Any], players: int, seed: int) -> str:
    """One game with seeded random choices, played through the contract with an event log."""
    game = get_game(name)
    digest = hashlib.sha256()
    log: list[Event] = []
    state = game.setup(game.config(players, _options(game, raw)), seed, log)
    picks = Rng(seed ^ 0xB07)
    number = 0
    while (decision := state.pending) is not None:
        index = picks.below(len(decision.options))
        digest.update(_json([decision.seat, decision.kind, decision.options[index].key]))
        game.apply(state, index, log)
        number += 1
        if number % PROBE_EVERY == 0:
            probe = game.determinize(state, number % players, Rng(seed + number))
            digest.update(_json(game.view(probe, number % players)))
    digest.update(_json([(event.kind, event.data) for event in log]))
    result = game.result(state)
    digest.update(_json(result.to_data() if result else None))
    return digest.hexdigest()


def heuristic_digest(options: dict[str, Any], players: int, seed: int) -> str:
    game = get_game("runebound")
    digest = hashlib.sha256()
    bots = [
        Recorder(make_bot("heuristic", derive_seed(seed, "bot", s), game), digest)
        for s in range(players)
    ]
    _, result, decisions = play_one(game, game.config(players, options), seed, bots)
    digest.update(_json([result.to_data(), decisions]))
    return digest.hexdigest()


def digests() -> dict[str, Any]:
    out: dict[str, Any] = {"build": boardwright.BUILD}
    for label, (name, raw) in RANDOM_PLAY.items():
        for players in (2, 4):
            out[f"{label} {players}p"] = random_digest(name, raw, players, SEED + players)
    for label, options in HEURISTIC_PLAY.items():
        out[f"{label} 2p"] = heuristic_digest(options, 2, SEED)
    return out


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
