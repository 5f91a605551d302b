"""Base class of the Al-Kalim procedures: a Runebound procedure with the Al-Kalim rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.games.runebound.procedure import RuneboundProcedure

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


class AlKalimProcedure(RuneboundProcedure):
    # the same object as ``rules``, typed as Al-Kalim's: a compiled (mypyc) class may not
    # narrow an inherited attribute's type
    ak_rules: AlKalimRules

    def __init__(self, rules: AlKalimRules) -> None:
        super().__init__(rules)
        self.ak_rules = rules
