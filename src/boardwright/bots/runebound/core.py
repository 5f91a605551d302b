"""The heuristic bot's core, under every handler: its generator, the content and knowledge it
plays with, the adventure's play it consults, and the helpers every handler uses to read the
party and pick an option."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from boardwright.bots.base import Observation
from boardwright.bots.runebound.knowledge import Knowledge
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.values import ability_worth
from boardwright.engine.rng import Rng
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.records import Ability

if TYPE_CHECKING:
    from boardwright.bots.runebound.play import BasePlay


def option_index(decision_options: Sequence[Any], key: str) -> int | None:
    """The index of the option with this key (None: not offered)."""
    for i, option in enumerate(decision_options):
        if option.key == key:
            return i
    return None


class BotCore:
    """What every handler of :class:`~boardwright.bots.runebound.bot.RuneboundBot` builds on."""

    play: BasePlay  # the adventure's play (set by RuneboundBot)

    def __init__(self, seed: int, content: RuneboundContent | None = None) -> None:
        self.rng = Rng(seed)
        self.content = content
        self._kb: Knowledge | None = None

    @property
    def kb(self) -> Knowledge:
        if self._kb is None:
            self._kb = self.play.knowledge()
        return self._kb

    def use_play(self, play: BasePlay) -> None:
        """Play with ``play`` from now on, and with the knowledge it names."""
        self.play = play
        self._kb = play.knowledge()

    def party(self, observation: Observation) -> Party:
        """The bot's party as the observation's view shows it, read through the adventure's play."""
        return self.play.party(observation.view, observation.seat)

    def pick(self, observation: Observation, scores: Sequence[float]) -> int:
        """The option with the highest score (the first on ties)."""
        best = 0
        for i, score in enumerate(scores):
            if score > scores[best] + 1e-9:
                best = i
        return best

    def key_index(self, observation: Observation, key: str, default: int = 0) -> int:
        found = option_index(observation.decision.options, key)
        return default if found is None else found

    def ability(self, party: Party, key: str, timing: str) -> Ability | None:
        """The party's ability of this key; a key ``<key>*<n>`` (RB-6.2: taken n times in one
        go) gives the ability as one use with n times the cost and the effects."""
        key, _, count = key.partition("*")
        for k, ability in party.abilities(timing):
            if k == key:
                return times_over(ability, int(count)) if count.isdigit() else ability
        return None

    def ability_to_use(
        self,
        observation: Observation,
        party: Party,
        timings: Sequence[str],
        least: float,
        worth: Callable[[Ability], float] | None = None,
    ) -> int | None:
        """The first ``use:`` option whose ability (looked up under the first of ``timings``
        that has it) is worth more than ``least``: by ``worth``, else its worth outside
        combat and movement (:func:`ability_worth`)."""
        for i, option in enumerate(observation.decision.options):
            if not option.key.startswith("use:"):
                continue
            key = option.key[4:]
            ability: Ability | None = None
            for timing in timings:
                ability = self.ability(party, key, timing)
                if ability is not None:
                    break
            if ability is None:
                continue
            value = ability_worth(party, ability, moving=False) if worth is None else worth(ability)
            if value > least:
                return i
        return None

    def use_or_pass(self, observation: Observation, timing: str, least: float) -> int:
        """The ``timing`` ability worth most, if it is worth more than ``least``; else the
        option that uses none."""
        party = self.party(observation)
        scores = []
        for option in observation.decision.options:
            if option.key.startswith("use:"):
                ability = self.ability(party, option.key[4:], timing)
                worth = -1.0 if ability is None else ability_worth(party, ability, moving=False)
                scores.append(worth if worth > least else -1.0)
            else:
                scores.append(0.0)
        return self.pick(observation, scores)


SCALED_FIELDS = ("amount", "wounds", "exhaustion")  # the numbers of the repeatable effects


def times_over(ability: Ability, times: int) -> Ability:
    """An ability taken ``times`` times in one activation (RB-6.2), as one use that costs and
    does that many times as much."""
    if times <= 1:
        return ability
    effects = [
        e.model_copy(
            update={
                f: getattr(e, f) * times
                for f in SCALED_FIELDS
                if isinstance(getattr(e, f, None), int)
            }
        )
        for e in ability.effects
    ]
    cost = ability.cost.model_copy(update={"exhaustion": ability.cost.exhaustion * times})
    return ability.model_copy(update={"effects": effects, "cost": cost})
