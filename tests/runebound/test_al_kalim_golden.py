"""Golden replay of The Sands of Al-Kalim: a full four-player game between heuristic bots (see
``goldenkit``). Regenerate deliberately (after a rules or content change that alters play) with::

    python tests/runebound/test_al_kalim_golden.py --regenerate
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from goldenkit import GOLDEN_DIR, check_replay, write

GOLDEN = GOLDEN_DIR / "al_kalim_four_heuristic_bots.json"
SEED = 2011
OPTIONS = {"adventure": "al-kalim"}


def test_ak_golden_four_player_game_replays_to_the_same_log() -> None:
    check_replay(GOLDEN)


if __name__ == "__main__" and "--regenerate" in sys.argv:
    write(GOLDEN, SEED, OPTIONS)
