"""Where the rules open each timing window of the ability vocabulary (records.py ``Timing``).

An ability is only ever used inside a window some procedure or rule query opens; a timing no
code opens would make every ability that has it silently dead. :data:`TIMING_WINDOWS` names,
for every timing, the code that opens it: a procedure's ``step`` that offers the party's
abilities of that timing, the place where a card's own abilities of it are carried out, or the
``Rules`` query that reads the passive ones. A test checks that the table covers exactly the
``Timing`` values, that each opener is a procedure of the base table or a rule query, and that
each opener's code asks for its timing (docs/content.md, "How to add an effect").

Nothing in the game imports this table: it documents and checks, it does not dispatch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.games.runebound import adventure, combat, duel, endgame, movement, turn
from boardwright.games.runebound.rules import Rules

Opener = Callable[..., Any]

TIMING_WINDOWS: dict[str, tuple[Opener, ...]] = {
    # always on: the stats walk (life, stamina, rolls, tests), a card's life and stamina when
    # it may be discarded, a challenge's armour
    "passive": (Rules._passive, Rules.survives_losing, Rules.enemy_armour),
    # RB-2.3: in the movement step and after the experience step of the player's own turn
    "activate": (movement.Movement.step, turn.Experience.step),
    "before_movement": (movement.Movement.step,),
    "after_movement": (movement.AfterMovement.step,),
    # the challenge's own first (RB-5.1), then the hero's; each side's in a duel
    "before_combat": (combat.CombatStart.step, combat.Combat.step, duel.Duel.step),
    "combat_step": (combat.Combat.step, duel.Duel._boost),  # each side's in a duel (RB-5.10)
    # the challenge's own when the fight ends (also in the endgame, AR-3.5), then the hero's
    "after_combat": (combat.Combat._finish, endgame.finish_endgame_fight, combat.AfterCombat.step),
    "after_knockout": (combat.Combat._finish,),  # a challenge's own (AK-11.12)
    "market": (turn.Market.step,),
    "event": (adventure.resolve_event,),  # RB-4.3: at once when the event comes into play
    "while_in_play": (Rules._passive,),  # RB-4.3: read with the passives while it stays
    "when_damaged": (combat.Combat.step,),  # PV-3: before a roll's wounds are taken
    "instead_of_movement": (movement.Movement.step,),  # PV-7: offered beside the dice
    "combat_round": (combat.Combat._round_abilities,),  # PV-10: a challenge's own, each round
}
