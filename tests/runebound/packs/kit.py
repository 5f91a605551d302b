"""The fixture card packs (tests/runebound/packs/fixtures) and a Runebound game that has them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from boardwright.games.runebound.content import CONTENT_DIR, load_content
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.state import RuneboundState

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@cache
def pack_game() -> Runebound:
    """Runebound with the built-in content and the four fixture packs installed."""
    return Runebound(load_content(CONTENT_DIR, packs=FIXTURES))


ALL_PACKS = ["kellos", "walkers", "margath", "drakes"]
MARKET_PACKS = ["kellos", "walkers"]


def big_market_pack(root: Path, cards: int = 12) -> Path:
    """A folder of packs under ``root`` holding one market pack (kellos) of ``cards``
    artifacts: more than the setup deals, so focus draws go on in play."""
    folder = root / "kellos"
    folder.mkdir(parents=True)
    lines = ["set: kellos", "market:"]
    for n in range(1, cards + 1):
        lines += [
            f"  - id: big-{n:02d}",
            f"    name: Relic {n}",
            "    kind: artifact",
            "    cost: 2",
            "    abilities:",
            "      - name: Glow",
            "        text: +1 spirit when defending in the magic step.",
            "        timing: passive",
            "        effects:",
            "          - {do: modify, stat: spirit, amount: 1, phase: magic, when: defend}",
        ]
    (folder / "market.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def sets_of(game: Runebound, state: RuneboundState, cards: list[int], market: bool) -> list[str]:
    """The set of each card (market or adventure indexes) of a game in progress."""
    rules = game.rules_for(state)
    records = rules.market if market else rules.adventures
    return [records[c].card_set for c in cards]
