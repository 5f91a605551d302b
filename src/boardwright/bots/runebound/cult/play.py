"""The heuristic bot in Cult of the Rune: the base play, with each counter weighed by the deck
it draws from and a knock-out's branding (value.py: CR-9, CR-14, CR-18, CR-19), the cult
marker's hex avoided (CR-20), corruption removed in the experience step (CR-22), the cult moved
away from its hero and toward its rivals (CR-12), and the cheapest cultist card given up when
branded (CR-21)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from boardwright.bots.base import Observation
from boardwright.bots.runebound.bot import HANDLERS
from boardwright.bots.runebound.cult.value import (
    CounterOdds,
    brand_cost,
    nearest_cities,
    seat_section,
)
from boardwright.bots.runebound.knowledge import Knowledge, knowledge
from boardwright.bots.runebound.party import Party, SpentAt
from boardwright.bots.runebound.play import BasePlay, own_red_deck
from boardwright.engine.hexgrid import Hex, distance
from boardwright.games.runebound.adventures.cult.content import CULT_FOLDER
from boardwright.games.runebound.adventures.cult.rules import play_content
from boardwright.games.runebound.content import RuneboundContent, default_content
from boardwright.games.runebound.records import COLOURS


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

    def counter_values(self, party: Party) -> Callable[[int, Sequence[str]], float]:
        """A cultist counter by its cult deck with its VP, an unturned one by the base deck's
        challenges (value.py); a knock-out near an infiltrated city costs a branding too."""
        kb = self.bot.kb
        part = section(party.view)
        odds = CounterOdds(kb, party, part)
        cultists: dict[str, list[str]] = part.get("cultists") or {}
        infiltrated = set(part.get("infiltrated") or ())
        nearest = nearest_cities(kb)
        seat_part = seat_section(part, party.seat)
        brand = brand_cost(party, seat_part)
        loss = party.knockout_cost()

        def value(hex_index: int, present: Sequence[str]) -> float:
            turned = cultists.get(self._label(hex_index), ())
            fall_cost = loss + (brand if nearest[hex_index] in infiltrated else 0.0)
            best = -1e9
            for colour in present:
                gain, fall = (odds.cult if colour in turned else odds.base)[colour]
                best = max(best, gain - fall_cost * fall)
            return best

        return value

    def targets(self, party: Party) -> list[tuple[int, float]]:
        """The base targets, the marker's hex a branding (CR-20)."""
        part = section(party.view)
        marker = self.bot.kb.index_of.get(str(part.get("marker")), -1)
        seat_part = seat_section(part, party.seat)
        brand = brand_cost(party, seat_part)
        return [
            (hex_index, value - brand if hex_index == marker else value)
            for hex_index, value in super().targets(party)
        ]

    def spent_at(self, view: dict[str, Any]) -> SpentAt:
        """A cultist counter draws from its cult deck (CR-18, CR-8: every red one), spent when
        that deck is empty (CR-36); an unturned one from the base deck (RB-4.10)."""
        part = section(view)
        cultists: dict[str, list[str]] = part.get("cultists") or {}
        sizes: dict[str, int] = part.get("decks") or {}
        base: Collection[str] = view.get("spent_decks") or ()

        def spent(at: str) -> list[str]:
            turned = cultists.get(at, ())
            return [
                colour
                for colour in COLOURS
                if (not sizes.get(colour, 0) if colour in turned else colour in base)
            ]

        return spent

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
