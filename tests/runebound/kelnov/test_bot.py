"""The heuristic bot in Avatars of Kelnov (docs/rules/kelnov.md): it plays to the adventure's
goal (KV-9) reading only its observation, weighs the red deck the game deals (Kelnov's, never
the set-aside base red cards, KV-2, KV-3), and uses an Avatar's power (KV-10)."""

from __future__ import annotations

from collections import Counter

from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.bots.runebound.kelnov.play import KelnovPlay, kelnov_cards
from boardwright.bots.runebound.knowledge import knowledge
from boardwright.games.runebound.content import default_content, with_packs
from tests.runebound.botkit import (
    assert_deterministic_per_seed,
    assert_reads_only_its_observation,
    heuristic_outright_wins,
    play_bots,
)
from tests.runebound.kelnov.kit import KELNOV

UNNEEDED = ("deck_sizes", "discard_sizes", "result", "first_player", "finished", "winner")
NO_PACKS = with_packs(default_content(), ())


def test_kv_9_four_heuristic_bots_play_to_kelnovs_goal() -> None:
    """KV-9: four heuristic bots end their games by Kelnov or three Avatars, never by the
    round cap (a CI sample; docs/balance-kelnov.md reports 2,000 games)."""
    endings: Counter[str] = Counter()
    for seed in range(8):
        result, _ = play_bots(4, 9100 + seed, ["heuristic"] * 4, KELNOV)
        assert result is not None
        endings[str(result.details["ended_by"])] += 1
    assert set(endings) <= {"Kelnov", "avatars"}, endings


def test_the_heuristic_bot_beats_the_random_bot_in_kelnov() -> None:
    """Against the random bot, seats alternated: at least 90 % outright wins (CI sample)."""
    games = 12
    wins = heuristic_outright_wins(range(9200, 9200 + games), {**KELNOV, "max_rounds": 30})
    assert wins / games >= 0.9, f"{wins}/{games}"


def test_the_bot_reads_only_its_observation_in_kelnov() -> None:
    assert_reads_only_its_observation(9300, {**KELNOV, "max_rounds": 15}, UNNEEDED)


def test_the_bot_is_deterministic_per_seed_in_kelnov() -> None:
    played, aside = kelnov_cards(NO_PACKS)
    assert_deterministic_per_seed(9400, {**KELNOV, "max_rounds": 12}, knowledge(played, aside))


def test_kv_2_the_bot_weighs_kelnovs_red_deck_not_the_set_aside_cards() -> None:
    """KV-2, KV-3: the Kelnov play's knowledge holds Kelnov's ten red challenges as the red
    deck's, none of the base game's red cards, while it still knows every card by id."""
    bot = RuneboundBot(1, content=NO_PACKS)
    play = KelnovPlay(bot)
    kb = play.knowledge()
    reds = [c.id for c in kb.challenges["red"]]
    assert len(reds) == 10 and all(c.startswith("kv-r") for c in reds)
    assert "r-09" in kb.adventures and "r-09" not in kb.enemies
    assert {c.id for c in kb.challenges["green"]} == {
        c.id for c in NO_PACKS.adventures if c.colour == "green" and c.kind == "challenge"
    }
