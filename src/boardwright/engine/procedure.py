"""Rules as a stack of small resumable procedures.

A procedure is a turn step, a combat round, a card effect... Its frame sits on the state's
stack. The runner calls ``step`` on the top frame until one returns a Decision; the chosen
option is handed to that frame's ``resume``. Contract for procedure authors:

* ``step`` either asks (returns a Decision and changes nothing) or works (changes the state,
  pushes/pops/replaces frames, returns None). Asking without side effects is what lets a
  loaded snapshot recompute its pending decision.
* ``resume`` applies the chosen option and updates the stack; it never asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from boardwright.engine.errors import EngineError

if TYPE_CHECKING:
    from boardwright.engine.decision import Decision, Option
    from boardwright.engine.events import Event
    from boardwright.engine.state import Frame, StateBase

S = TypeVar("S", bound="StateBase")

_STEP_LIMIT = 100_000


# compiled by mypyc (setup.py); games, tests and tools subclass it in plain Python
@mypyc_attr(allow_interpreted_subclasses=True)
class Procedure(Generic[S]):
    """One kind of rules step. Subclasses set ``name`` and implement ``step``/``resume``."""

    name: ClassVar[str] = ""  # a class attribute: determinization reads ``Fulfil.name``

    def step(self, state: S, frame: Frame, log: list[Event] | None) -> Decision | None:
        raise NotImplementedError

    def resume(self, state: S, frame: Frame, option: Option, log: list[Event] | None) -> None:
        raise EngineError(f"procedure {self.name} asked no decision but got an answer")


class ProcedureTable(Generic[S]):
    """The procedures of one game, looked up by the name in each frame."""

    def __init__(
        self, procedures: list[Procedure[S]], over: Callable[[S], bool] | None = None
    ) -> None:
        self.over = over
        """Whether the game is over (its remaining frames are dropped before the next step):
        a rule may end the game in the middle of a procedure, which then need not unwind."""
        self.table: dict[Any, Procedure[S]] = {}
        for procedure in procedures:
            if not procedure.name or procedure.name in self.table:
                raise EngineError(f"procedure name {procedure.name!r} missing or not unique")
            self.table[procedure.name] = procedure

    def run(self, state: S, log: list[Event] | None) -> Decision | None:
        """Advance until a decision is due (cached in ``state.pending``) or the stack is empty."""
        stack = state.stack
        table = self.table
        over = self.over
        for _ in range(_STEP_LIMIT):
            if over is not None and stack and over(state):
                stack.clear()
            if not stack:
                state.pending = None
                return None
            frame = stack[-1]
            decision = table[frame[0]].step(state, frame, log)
            if decision is not None:
                if not decision.options:
                    raise EngineError(f"procedure {frame[0]} asked {decision.kind} with no options")
                state.pending = decision
                return decision
        raise EngineError(f"no decision after {_STEP_LIMIT} procedure steps: {stack[-3:]}")

    def resume(self, state: S, option: Option, log: list[Event] | None) -> Decision | None:
        frame = state.stack[-1]
        state.pending = None
        self.table[frame[0]].resume(state, frame, option, log)
        return self.run(state, log)
