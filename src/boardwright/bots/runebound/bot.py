"""A heuristic Runebound bot ("heuristic"): it plays from its seat's view and the static content.

What the bot reads
------------------
Only its :class:`~boardwright.bots.Observation`: the decision (kind, arguments, option keys and
arguments, never their text) and its seat's view (the dict a human in that seat sees), plus the
public static content from :func:`boardwright.games.runebound.content.default_content` (the
board geometry, the movement die, hero, adventure and market card statistics). It never
touches the game object or its state.

How it plays
------------
* **Fights** are valued with a small dynamic programme over (wounds dealt, wounds taken): per combat
  round the hero picks an attack step, its allies are sent where they shield the hero or hit best,
  and from the second round on the hero may escape. The programme gives the chance to win and to be
  knocked out against any challenge card, for the hero's current numbers (stats, experience
  counters, weapons, armour, allies, the event in play). The same tables choose the attack step and
  whether to escape during a real fight. The programme runs over the distances to either end of
  the fight, so one solved grid serves every fight with the same rounds, whatever the two lives
  (``induction.py``).
* **Adventures**: a colour is worth the average over the challenges that may still be in its deck
  (events are redrawn; encounters count at a small value) of ``reward * P(win) - knock-out cost *
  P(knocked out)``. Rewards are experience, gold, market cards, Dragon Runes (worth more the more
  the hero holds, plus the abilities a kept rune grants, RB-4.11) and the game itself for High
  Lord Margath; so the bot fights green while weak and moves up to red when its numbers make red
  pay.
* **Movement** follows a potential over the board: every hex with an adventure counter, undefeated
  challenge or useful city market is a target worth its value, discounted by the hexes (``GAMMA``
  per ``HEXES_PER_TURN``) to it. The bot steps one hex when the best target is next door, stays or
  rests when it stands on it, rolls fewer dice to shed exhaustion when the target is close, and
  otherwise rolls all dice; with the dice rolled it searches every way to spend them (the decision
  lists the dice left) for the reachable hex of highest potential.
* **Market**: heal the hero when badly hurt, buy the card that adds the most fighting strength per
  gold (strength = chance to beat the colours the hero is working on), sell a weaker weapon or
  armour to make room for a clearly better one, heal remaining wounds, hire allies (up to the
  limit the market enforces). Cities are targets when there is healing to do or something worth
  buying on their (public) market stacks.
* **Experience** goes to whichever counter (mind, body, spirit, stamina, life) adds the most
  strength; in practice the stat the hero attacks with, or life.

Adventures: the bot plays with the play its adventure names (``Adventure.bot_play``, found by the
view's ``adventure``; The Sands of Al-Kalim's is in ``bots/runebound/al_kalim/``). A play answers
the adventure's own decisions and overrides the hooks of
:class:`~boardwright.bots.runebound.play.BasePlay` (the knowledge and the party it reads, movement
targets, the cost of a roll, options the base handlers do not know, what experience is for), as an
adventure's ``Rules`` subclass overrides the base ``Rules``.

The class: :class:`RuneboundBot` joins one class of handlers per step (``movement``,
``adventure``, ``combat``, ``market``, ``experience``, ``knockout``), each built on
:class:`~boardwright.bots.runebound.appraisal.Appraisal` (the shared valuations) and
:class:`~boardwright.bots.runebound.core.BotCore` (the party, picking); it dispatches each
decision kind to its handler (:data:`HANDLERS`) unless the adventure's play replaces it.

Other games: the bot knows only Runebound. For any other game (the view's ``game`` is not
``runebound``) it chooses uniformly at random from its own seeded generator, like ``RandomBot``.
Unknown decision kinds in Runebound are also answered at random. The bot is deterministic given
its seed: its generator only breaks such fallbacks.
"""

from __future__ import annotations

from collections.abc import Callable

from boardwright.bots.base import Observation
from boardwright.bots.runebound.adventure import AdventureHandlers
from boardwright.bots.runebound.combat import CombatHandlers
from boardwright.bots.runebound.experience import ExperienceHandlers
from boardwright.bots.runebound.knockout import KnockoutHandlers
from boardwright.bots.runebound.market import MarketHandlers
from boardwright.bots.runebound.movement import MovementHandlers
from boardwright.bots.runebound.play import BasePlay, adventure_play
from boardwright.games.runebound.content import RuneboundContent, default_content, with_packs


class RuneboundBot(
    MovementHandlers,
    AdventureHandlers,
    CombatHandlers,
    MarketHandlers,
    ExperienceHandlers,
    KnockoutHandlers,
):
    """Heuristic Runebound player (see the module docstring). Random for any other game."""

    name = "heuristic"

    def __init__(self, seed: int, content: RuneboundContent | None = None) -> None:
        super().__init__(seed, content)
        self._game: str | None = None
        self.play = BasePlay(self)  # the adventure's play once the game is known

    def choose(self, observation: Observation) -> int:
        decision = observation.decision
        count = len(decision.options)
        if count <= 1:
            return 0
        if self._game is None:
            self._game = str(observation.view.get("game", ""))
            if self._game == "runebound":
                # PK-3: the cards this game may deal are the base's and the chosen packs'
                chosen = (observation.view.get("packs") or {}).get("chosen", ())
                self.content = with_packs(self.content or default_content(), chosen)
                self.use_play(adventure_play(self, observation.view.get("adventure")))
        replaced = self.play.handler(decision.kind)
        if replaced is not None:
            index = replaced(observation)
        else:
            handler = HANDLERS.get(decision.kind) if self._game == "runebound" else None
            if handler is None:
                return self.rng.below(count)
            index = handler(self, observation)
        if not 0 <= index < count:  # pragma: no cover - a handler bug must not end the game
            return self.rng.below(count)
        return index


HANDLERS: dict[str, Callable[[RuneboundBot, Observation], int]] = {
    "choose_hero": RuneboundBot.choose_hero,
    "movement": RuneboundBot.movement,
    "move": RuneboundBot.move,
    "move_die": RuneboundBot.move_die,
    "step": RuneboundBot.step,
    "teleport": RuneboundBot.teleport,
    "after_movement": RuneboundBot.after_movement,
    "adventure": RuneboundBot.adventure,
    "encounter": RuneboundBot.encounter,
    "before_combat": RuneboundBot.before_combat,
    "escape": RuneboundBot.escape,
    "attack_step": RuneboundBot.attack_step,
    "ally_step": RuneboundBot.ally_step,
    "combat_step": RuneboundBot.combat_step,
    "when_damaged": RuneboundBot.when_damaged,
    "duel_attack": RuneboundBot.duel_attack,
    "after_combat": RuneboundBot.after_combat,
    "market": RuneboundBot.market,
    "experience": RuneboundBot.experience,
    "knockout_card": RuneboundBot.knockout_card,
    "duel_spoils": RuneboundBot.duel_spoils,
    "knockout_city": RuneboundBot.knockout_city,
    "new_hero": RuneboundBot.new_hero,
}
"""The base handler of each Runebound decision kind (an adventure's play may replace one)."""
