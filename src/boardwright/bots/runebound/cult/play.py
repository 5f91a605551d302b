"""The heuristic bot in Cult of the Rune: the base play, with the cult's decks weighed for
cultist counters (CR-3, CR-18), victory points added to the targets of its movement (CR-9),
the cult marker's hex avoided (CR-20), corruption removed in the experience step (CR-22), the
cult moved away from its hero and toward its rivals (CR-12), and the cheapest cultist card
given up when branded (CR-21)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.bots.base import Observation
from boardwright.bots.runebound.bot import HANDLERS
from boardwright.bots.runebound.constants import CORRUPTION
from boardwright.bots.runebound.knowledge import Knowledge, knowledge
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.play import BasePlay, own_red_deck
from boardwright.engine.hexgrid import Hex, distance
from boardwright.games.runebound.adventures.cult.content import CULT_FOLDER
from boardwright.games.runebound.adventures.cult.rules import play_content
from boardwright.games.runebound.content import RuneboundContent, default_content
from boardwright.games.runebound.records import COLOURS

VP_WORTH = 3.0  # gold a victory point is worth to the bot (a cultist's VP come on top)


def cult_cards(content: RuneboundContent) -> tuple[RuneboundContent, frozenset[str]]:
    """The content a game of this adventure plays with and the red cards it sets aside."""
    return own_red_deck(content, CULT_FOLDER, play_content)


def section(view: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = view.get("cult") or {}
    return found


class CultPlay(BasePlay):
    """The base play with the cult's decks, its victory points and its marker."""

    def __init__(self, bot: Any) -> None:
        super().__init__(bot)
        self.handlers: dict[str, Callable[[Observation], int]] = {
            "cult_move": self.cult_move,
            "cult_brand": self.cult_brand,
            "experience": self.experience,
        }

    def handler(self, kind: str) -> Callable[[Observation], int] | None:
        return self.handlers.get(kind)

    def knowledge(self) -> Knowledge:
        played, aside = cult_cards(self.bot.content or default_content())
        return knowledge(played, aside)

    def targets(self, party: Party) -> list[tuple[int, float]]:
        """The base targets, a cultist's VP added (CR-9), the marker's hex a loss (CR-20)."""
        part = section(party.view)
        values = self.bot.kb.counter_values
        cultists: dict[str, list[str]] = part.get("cultists") or {}
        marker = self.bot.kb.index_of.get(str(part.get("marker")), -1)
        out = []
        for hex_index, value in super().targets(party):
            at = self._label(hex_index)
            bonus = sum(VP_WORTH * values[COLOURS.index(c)] for c in cultists.get(at, []))
            if hex_index == marker:
                bonus -= CORRUPTION
            out.append((hex_index, value + bonus))
        return out

    def _label(self, hex_index: int) -> str:
        return str(self.bot.kb.content.board.hexes[hex_index].at)

    # --- the cult's own decisions ------------------------------------------------------------
    def cult_move(self, observation: Observation) -> int:
        """CR-12: the hex farthest from the bot's hero and nearest its rivals."""
        view = observation.view
        seat = observation.seat
        heroes = {h["seat"]: Hex.parse(h["at"]) for h in view["heroes"]}
        mine = heroes.get(seat)
        best, best_score = 0, -1e9
        for index, option in enumerate(observation.decision.options):
            to = Hex.parse(str(option.args.get("to", "0,0")))
            score = distance(to, mine) if mine is not None else 0.0
            rivals = [distance(to, at) for s, at in heroes.items() if s != seat]
            if rivals:
                score -= 0.5 * min(rivals)
            if score > best_score:
                best, best_score = index, score
        return best

    def cult_brand(self, observation: Observation) -> int:
        """CR-21: give up the card that costs the fewest VP, the colour bonus counted."""
        part = section(observation.view)
        mine: dict[str, int] = dict(part["seats"][observation.seat]["cards"])
        values = self.bot.kb.counter_values

        def cost(colour: str) -> float:
            counts = dict(mine)
            before = max(counts.values())
            counts[colour] -= 1
            return float(values[COLOURS.index(colour)] + before - max(counts.values()))

        options = observation.decision.options
        return min(range(len(options)), key=lambda i: cost(str(options[i].args["colour"])))

    def experience(self, observation: Observation) -> int:
        """CR-22: a corruption marker removed first (a point of life and stamina, a VP card
        safe); then the base step."""
        keys = [option.key for option in observation.decision.options]
        cleanse = [i for i, key in enumerate(keys) if key.startswith("cleanse:")]
        if cleanse:
            return cleanse[-1]  # as many markers as the experience allows
        return HANDLERS["experience"](self.bot, observation)
