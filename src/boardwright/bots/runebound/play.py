"""The base play: the base game's answers to the hooks the handlers consult where an adventure
changes a choice (movement targets and potential, the cost of a roll, experience, reading the
party), and :func:`adventure_play`, which finds the play an adventure names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from boardwright.bots.base import Observation
from boardwright.bots.runebound.knowledge import Knowledge, knowledge
from boardwright.bots.runebound.party import Party, SpentAt, adventure_hexes
from boardwright.bots.runebound.values import challenge_ev, effect_value
from boardwright.games.runebound.adventures import get_adventure
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.records import TestRecord

if TYPE_CHECKING:
    from boardwright.bots.runebound.bot import RuneboundBot


class BasePlay:
    """The base game's answers to the hooks in :class:`RuneboundBot`'s handlers.

    An adventure's play (named by ``Adventure.bot_play``) overrides the hooks where it changes a
    choice in the middle of a base handler and adds handlers of its own, the way an adventure's
    ``Rules`` subclass overrides the base ``Rules``: the base handlers never test for an
    adventure.
    """

    search_settled: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds that a search leaves to the heuristic bot in this adventure (beyond the
    base game's, ``bots.factories.SETTLED``): their worth shows beyond a rollout's horizon, or
    the search's value misjudges them here. Base kinds may be named: only this adventure's
    games settle them."""
    search_rollouts: ClassVar[int | None] = None
    """The most rollouts a search plays per decision in this adventure, under any budget (None:
    as many as the budget buys): where the search's position value foretells the adventure's
    wins less well, more rollouts only make it surer of a misjudgement."""
    search_depth: ClassVar[int | None] = None
    """The decisions a search's rollout plays in this adventure (None: the factory's
    ``GUIDED_DEPTH``): where what a decision changes shows only after more of the game."""
    worth_features: ClassVar[tuple[str, ...]] = ()
    """This adventure's own progress that a search's position value reads beside the base
    game's features (``bots.mcts.runebound_worth``), in the order :meth:`worth_values` gives
    them: whatever a party holds toward the adventure's goal, so that a search does not spend
    it as if it were worth nothing."""

    def __init__(self, bot: RuneboundBot) -> None:
        self.bot = bot

    def handler(self, kind: str) -> Callable[[Observation], int] | None:
        """The handler for a decision kind that replaces the base one (None: the base one)."""
        return None

    # --- what the bot knows and reads -------------------------------------------------------------
    def knowledge(self) -> Knowledge:
        """The bot's knowledge of the game's content (the base game's: the content as it is)."""
        return knowledge(self.bot.content)

    def party(self, view: dict[str, Any], seat: int) -> Party:
        """A seat's party as ``view`` shows it (an adventure's play adds what its own part of
        the view says: the time of day, cards beyond items and allies)."""
        return Party(self.bot.kb, view, seat)

    def worth_values(self, view: dict[str, Any], seat: int) -> list[float]:
        """The seat's :attr:`worth_features` as ``view`` shows them."""
        return []

    def night(self, view: dict[str, Any]) -> bool:
        """Whether challenges are fought with their night life in ``view``'s turn (never in the
        base game)."""
        return False

    # --- the movement potential -------------------------------------------------------------------
    def targets(self, party: Party) -> list[tuple[int, float]]:
        """Hexes worth ending the movement on and their values: adventures, cities."""
        bot = self.bot
        kb = bot.kb
        counter_value = self.counter_values(party)
        out: list[tuple[int, float]] = []
        for hex_index, card, present in adventure_hexes(kb, party.view, self.spent_at(party.view)):
            if card is not None:
                value = challenge_ev(kb, party, card, counter=card.colour in present)
            else:
                value = counter_value(hex_index, present) if present else 0.0
            out.append((hex_index, value))
        frontier = bot.frontier(party)
        goals = goal_values(party)
        for city, hex_index in kb.city_hex.items():
            out.append((hex_index, bot.city_value(party, city, frontier) + goals.get(city, 0.0)))
        return [(h, v) for h, v in out if v > 0.05]

    def spent_at(self, view: dict[str, Any]) -> SpentAt | None:
        """Which counters on a hex offer no adventure, where the adventure draws for some of
        them from decks of its own (None: the view's ``spent_decks``, RB-4.10, everywhere)."""
        return None

    def counter_values(self, party: Party) -> Callable[[int, Sequence[str]], float]:
        """What taking on the best of the adventure counters of the given colours on a hex is
        worth (the base game: drawing from that colour's deck, wherever the hex lies)."""
        colours = self.bot.colour_values(party)

        def value(hex_index: int, present: Sequence[str]) -> float:
            return max(colours.get(c, 0.0) for c in present)

        return value

    def potential_key(self, party: Party) -> tuple[Any, ...] | None:
        """What the movement potential depends on beyond the base bot's key."""
        return None

    def floor(
        self, party: Party, pot: list[float], targets: Sequence[tuple[int, float]]
    ) -> list[float]:
        """The potential after what ending the movement on any hex costs (none in the base
        game)."""
        return pot

    # --- movement ---------------------------------------------------------------------------------
    def roll_cost(self, party: Party, dice: int) -> float:
        """What rolling ``dice`` movement dice costs besides the time (nothing in the base game)."""
        return 0.0

    def movement_option(self, party: Party, key: str, pot: list[float]) -> float:
        """The score of a movement option the base handler does not know (never taken)."""
        return -1e9

    # --- experience -------------------------------------------------------------------------------
    def stamina_xp(self, party: Party) -> float:
        """What a stamina counter is worth: room for abilities that cost exhaustion."""
        tiring = any(a.cost.exhaustion for _, a in party.abilities("combat_step")) or any(
            a.cost.exhaustion for _, a in party.abilities("before_combat")
        )
        return 0.5 if tiring else 0.05

    def xp_tests(self, party: Party) -> Sequence[tuple[TestRecord, float]]:
        """Tests the hero expects to roll, each with what passing it is worth: experience in
        their stat makes them likelier (none in the base game)."""
        return ()


def goal_values(party: Party) -> dict[str, float]:
    """PV-12: what ending the movement in each goal city of the party's held cards is worth
    (their goals' effects), so that the bot's routes aim for them."""
    out: dict[str, float] = {}
    board = party.kb.content.board
    for card in party.held:
        goal = card.reward.goal
        city = None if goal is None else board.city_named(goal.city)  # stand-ins: AK-17.7
        if goal is not None and city is not None:
            worth = effect_value(party.kb, party, goal.effects, moving=False)
            out[city.id] = out.get(city.id, 0.0) + max(worth, 0.0)
    return out


def adventure_play(bot: RuneboundBot, adventure_id: str | None) -> BasePlay:
    """The play for the view's adventure: the class its module names (``Adventure.bot_play``,
    imported only when a game of that adventure is played), else the base play."""
    return play_class(adventure_id)(bot)


def play_class(adventure_id: str | None) -> type[BasePlay]:
    """The class of an adventure's play (``Adventure.bot_play``), else the base play's."""
    target = get_adventure(adventure_id).bot_play if adventure_id else ""
    if not target:
        return BasePlay
    module_name, _, class_name = target.partition(":")
    play: type[BasePlay] = getattr(import_module(module_name), class_name)
    return play


_OWN_RED: dict[tuple[int, str], tuple[RuneboundContent, RuneboundContent, frozenset[str]]] = {}


def own_red_deck(
    content: RuneboundContent,
    own_set: str,
    play_content: Callable[[RuneboundContent], RuneboundContent],
) -> tuple[RuneboundContent, frozenset[str]]:
    """For an adventure whose own red cards replace the red deck (Avatars of Kelnov, Cult of the
    Rune): the content its games play with (``play_content``: its cards after the others, so
    adventure indexes are the game's) and the ids of the red cards it sets aside, once per
    content."""
    key = (id(content), own_set)
    found = _OWN_RED.get(key)
    if found is None or found[0] is not content:
        played = play_content(content)
        aside = frozenset(
            c.id for c in played.adventures if c.colour == "red" and c.card_set != own_set
        )
        found = _OWN_RED[key] = (content, played, aside)
    return found[1], found[2]
