"""Rise of the Dragonlords as an :class:`Adventure`: setup (RB-1), the check of the player count,
and Dragon Runes as what the game is won by (RB-9.3) and its figure in the result."""

from __future__ import annotations

from boardwright.games.runebound.adventures.protocol import Adventure
from boardwright.games.runebound.board_setup import SPARE_COUNTERS as SPARE_COUNTERS
from boardwright.games.runebound.board_setup import STARTING_GOLD as STARTING_GOLD
from boardwright.games.runebound.board_setup import standard_setup
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.rules import Log, Rules
from boardwright.games.runebound.state import RuneboundState


class Dragonlords(Adventure):
    id = "dragonlords"
    option_value = "dragonlords"
    title = "Rise of the Dragonlords"

    def rules(self, content: RuneboundContent) -> Rules:
        return Rules(content)

    def setup(self, rules: Rules, state: RuneboundState, players: int, log: Log) -> None:
        setup_dragonlords(rules, state, players, log)

    def trophies(self, rules: Rules, state: RuneboundState, seat: int) -> int:
        """RB-9.3: Dragon Runes."""
        return len(state.heroes[seat].runes)

    def result_details(self, rules: Rules, state: RuneboundState) -> dict[str, list[int]]:
        """The Dragon Runes each seat holds (RB-9.3)."""
        return {"dragon_runes": [len(hero.runes) for hero in state.heroes]}


def setup_dragonlords(rules: Rules, state: RuneboundState, players: int, log: Log) -> None:
    """RB-1.2-RB-1.9: the base game's setup as it is."""
    standard_setup(rules, state, players, log)


DRAGONLORDS = Dragonlords()
