"""The procedure table of an Al-Kalim game: the base procedures, with the turn, the market and
the end of movement replaced, plus the expansion's own."""

from __future__ import annotations

from boardwright.engine.procedure import Procedure, ProcedureTable
from boardwright.games.runebound.alkalim import bazaar, procedures
from boardwright.games.runebound.alkalim.rules import AlKalimRules
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.state import RuneboundState


def al_kalim_table(
    rules: AlKalimRules, base: ProcedureTable[RuneboundState]
) -> ProcedureTable[RuneboundState]:
    base_travel = base.table["travel"]
    assert isinstance(base_travel, RuneboundProcedure)
    own: list[Procedure[RuneboundState]] = [
        procedures.AkTurn(rules),
        procedures.TimeOfDay(rules),
        procedures.Step3(rules),
        procedures.StoryDie(rules),
        procedures.Storm(rules),
        procedures.PlaceCounter(rules),
        procedures.LostCity(rules),
        procedures.ExploreLost(rules),
        procedures.Clouds(rules),
        procedures.QuestTest(rules),
        procedures.PlaceHero(rules),
        procedures.DiscardQuest(rules),
        procedures.LoseLegend(rules),
        procedures.AkTravel(rules, base_travel),
        bazaar.Bazaar(rules),
        bazaar.Dreams(rules),
    ]
    names = {p.name for p in own}
    kept = [p for name, p in base.table.items() if name not in names]
    return ProcedureTable([*kept, *own])
