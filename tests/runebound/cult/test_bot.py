"""The heuristic bot in Cult of the Rune: it answers every cult decision itself, reads only its
observation, and chooses sensibly where the cult moves, which card it gives up when branded
and when to remove corruption (CR-12, CR-21, CR-22)."""

from __future__ import annotations

from collections import Counter

from boardwright.bots.runebound.bot import HANDLERS, RuneboundBot
from boardwright.bots.runebound.cult.play import CultPlay
from tests.runebound.botkit import assert_reads_only_its_observation, play_bots
from tests.runebound.cult.kit import CULT

UNNEEDED = ("deck_sizes", "discard_sizes", "result", "first_player", "finished", "winner")


def test_the_bot_answers_every_cult_decision_itself() -> None:
    """Heuristic games: every decision met has a handler (never the random fallback), and the
    cult's own decisions come up."""
    seen: Counter[str] = Counter()
    play = CultPlay(RuneboundBot(0))
    for seed in range(3):
        _, chosen = play_bots(3, 9500 + seed, ["heuristic"] * 3, {**CULT, "max_rounds": 20})
        seen.update(key.partition(":")[0] for key in chosen)
    unhandled = [k for k in seen if k not in HANDLERS and play.handler(k) is None]
    assert not unhandled, unhandled
    assert seen["cult_move"] or seen["experience"]


def test_the_bot_reads_only_its_observation_in_cult() -> None:
    assert_reads_only_its_observation(9600, {**CULT, "max_rounds": 12}, UNNEEDED)
