"""Choosing heroes at setup (RB-1.7)."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.records import Hero
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import RuneboundState


class ChooseHero(RuneboundProcedure):
    """In turn order each player chooses a hero. Frame: (name, seats still to choose)."""

    name = "choose_hero"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        waiting: tuple[int, ...] = frame[1]
        if not waiting:
            state.stack.pop()
            return None
        seat = waiting[0]
        heroes = self.rules.heroes
        options = tuple(
            Option(
                f"hero:{heroes[i].id}", data=i, what="rb.option.hero", args=hero_stats(heroes[i])
            )
            for i in state.unused_heroes
        )
        return Decision(seat, "choose_hero", options=options, args={"seat": seat})

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        waiting: tuple[int, ...] = frame[1]
        seat = waiting[0]
        state.heroes[seat].hero = option.data
        state.unused_heroes.remove(option.data)
        emit(log, "hero", seat=seat, hero=self.rules.heroes[option.data].id)
        state.stack[-1] = (self.name, waiting[1:])
        state.turn_number += 1


def hero_stats(hero: Hero) -> dict[str, object]:
    """The message arguments of a hero on offer: its id and its printed values."""
    return {
        "hero": hero.id,
        "life": hero.life,
        "stamina": hero.stamina,
        "mind": hero.mind.value,
        "body": hero.body.value,
        "spirit": hero.spirit.value,
    }
