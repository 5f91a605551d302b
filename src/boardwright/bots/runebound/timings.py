"""Where the bot weighs abilities of each timing (:data:`TIMING_WORTH`, checked by a test)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardwright.bots.runebound.combat import CombatHandlers
from boardwright.bots.runebound.experience import ExperienceHandlers
from boardwright.bots.runebound.knowledge import Knowledge
from boardwright.bots.runebound.market import MarketHandlers
from boardwright.bots.runebound.movement import MovementHandlers
from boardwright.bots.runebound.party import Party, passives
from boardwright.bots.runebound.values import EFFECT_WORTH


@dataclass(frozen=True, slots=True)
class TimingWorth:
    """Where the bot weighs abilities of one timing: the code that reads that timing (a test
    checks each names it), and how, in a line."""

    valued_by: tuple[Callable[..., Any], ...]
    how: str


TIMING_WORTH: dict[str, TimingWorth] = {
    "passive": TimingWorth(
        (passives, Knowledge.enemy_of),
        "in the party's numbers (stats, life, armour) and a challenge's armour",
    ),
    "activate": TimingWorth(
        (MovementHandlers.movement, ExperienceHandlers.experience),
        "used when offered in the movement and experience steps, by its worth now",
    ),
    "before_movement": TimingWorth(
        (MovementHandlers.movement,), "used when offered, by its worth for the movement"
    ),
    "after_movement": TimingWorth((MovementHandlers.after_movement,), "used when worth it"),
    "before_combat": TimingWorth(
        (
            CombatHandlers.before_combat,
            Party.compute_pre_damage,
            Party.rested_pre,
            Knowledge.enemy_of,
        ),
        "wounds dealt before the first round in the fight model; a challenge's harm",
    ),
    "combat_step": TimingWorth(
        (
            CombatHandlers.combat_step,
            EFFECT_WORTH["modify"].owned,
            EFFECT_WORTH["reduce_damage"].owned,
        ),
        "used for a step by how it changes the roll (EffectWorth.in_step); on a card to buy",
    ),
    "after_combat": TimingWorth((CombatHandlers.after_combat,), "used when worth it"),
    "after_knockout": TimingWorth(
        (),
        "a challenge's own: no content uses it (legend cards are never lost to a knock-out, "
        "AK-11.12); its effects would count with the knock-out",
    ),
    "market": TimingWorth((MarketHandlers.market,), "used when offered in the market, if worth it"),
    "event": TimingWorth(
        (), "no choice: an event happens to the hero at once; drawing one is not weighed"
    ),
    "while_in_play": TimingWorth((passives,), "in the party's numbers while the event stays"),
    "instead_of_movement": TimingWorth(
        (MovementHandlers.movement,),
        "against the dice: the potential its moves or teleport reach, its other effects, cost",
    ),
    "combat_round": TimingWorth(
        (Knowledge.enemy_of,),
        "a challenge's own: its per-round harm counted as harm at the start of the fight",
    ),
    "when_damaged": TimingWorth(
        (CombatHandlers.when_damaged, EFFECT_WORTH["prevent"].owned),
        "used when a roll is about to wound: the wounds prevented, a knock-out avoided; "
        "on a card to buy, by the wounds it can prevent",
    ),
}
"""Every timing of ``records.Timing`` and where the bot weighs abilities of it (a test checks
that it names exactly the timings, and that each function listed reads its timing)."""
