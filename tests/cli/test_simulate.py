"""The game-independent simulation runner."""

from __future__ import annotations

import pytest

from boardwright.bots import Observation
from boardwright.engine.errors import BoardwrightError, ConfigError
from boardwright.sim import play, summary
from boardwright.sim.runner import derive_seed, simulate

GAME = "realm-of-sand"


def test_derive_seed_is_stable_and_spreads() -> None:
    assert derive_seed(1, "game", 0) == derive_seed(1, "game", 0)
    seeds = {derive_seed(1, "game", i) for i in range(100)}
    assert len(seeds) == 100
    assert all(0 <= s < 2**63 for s in seeds)


def test_simulate_is_deterministic_and_complete() -> None:
    first = simulate(GAME, 2, 4, seed=9)
    second = simulate(GAME, 2, 4, seed=9)
    assert first.wins_by_seat == second.wins_by_seat
    assert first.mean_score == second.mean_score
    assert first.errors == 0
    assert first.mean_rounds is not None
    data = first.to_data()
    assert data["options"]["board_side"] == "starter"
    assert "mean_rounds" in data
    # any per-seat number in the results is a figure averaged per seat (no heroes: no per hero)
    assert list(data["means_by_seat"]) == ["pieces_on_board"]
    assert len(data["means_by_seat"]["pieces_on_board"]) == 2
    assert "means_by_hero" not in data


def test_solo_simulation_with_options() -> None:
    summary = simulate(GAME, 1, 2, seed=1, options={"solo_rounds": "3"})
    assert summary.errors == 0
    assert summary.options["solo_rounds"] == 3
    assert summary.mean_rounds == 3


class _BrokenBot:
    name = "broken"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation) -> int:
        return len(observation.decision.options) + 5


def test_games_that_raise_are_counted_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        play, "seat_bots", lambda kinds, game, players, seed, **_: [_BrokenBot(seed)] * players
    )
    result = simulate(GAME, 2, 7, seed=3)
    assert result.errors == 7
    assert len(result.error_messages) == summary.MAX_ERROR_MESSAGES
    assert "IllegalActionError" in result.error_messages[0]
    assert result.wins_by_seat == [0, 0]


def test_progress_callback_sees_every_game() -> None:
    calls: list[tuple[int, int]] = []
    simulate(GAME, 1, 3, seed=2, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize(
    ("players", "seats", "games"),
    [(2, ["random"], 1), (2, ["random", "human"], 1), (2, ["random", "nobody"], 1), (2, None, 0)],
)
def test_bad_runs_are_config_errors(players: int, seats: list[str] | None, games: int) -> None:
    with pytest.raises(ConfigError):
        simulate(GAME, players, games, seed=1, seats=seats)


def test_unknown_game() -> None:
    with pytest.raises(BoardwrightError):
        simulate("chess", 2, 1, seed=1)
