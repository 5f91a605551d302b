"""The procedure table of an Al-Kalim game: the base procedures, with the turn, the market and
the end of movement replaced, plus the expansion's own."""

from __future__ import annotations

from boardwright.engine.procedure import Procedure, ProcedureTable
from boardwright.games.runebound.adventures.al_kalim import (
    bazaar,
    card_test,
    experience,
    legends,
    lost_cities,
    setup,
    storm,
    story,
    travel,
    turn,
)
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.state import RuneboundState


def al_kalim_table(
    rules: AlKalimRules, base: ProcedureTable[RuneboundState]
) -> ProcedureTable[RuneboundState]:
    base_travel = base.table["travel"]
    assert isinstance(base_travel, RuneboundProcedure)
    own: list[Procedure[RuneboundState]] = [
        turn.AlKalimTurn(rules),
        turn.TimeOfDay(rules),
        turn.Step3(rules),
        story.StoryDie(rules),
        storm.Storm(rules),
        story.PlaceCounter(rules),
        lost_cities.LostCity(rules),
        lost_cities.ExploreLost(rules),
        lost_cities.Clouds(rules),
        legends.QuestTest(rules),
        card_test.CardTest(rules),
        setup.PlaceHero(rules),
        legends.DiscardQuest(rules),
        experience.PayExperience(rules),
        legends.LoseLegend(rules),
        travel.AlKalimTravel(rules, base_travel),
        bazaar.Bazaar(rules),
        bazaar.Dreams(rules),
    ]
    names = {p.name for p in own}
    kept = [p for name, p in base.table.items() if name not in names]
    return ProcedureTable([*kept, *own], over=base.over)
