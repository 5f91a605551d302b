"""Game options: typed, validated, with defaults and descriptions.

Variants and house rules are options, never code forks. An unknown or invalid option is
rejected with a message naming it and what is allowed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from boardwright.engine.errors import ConfigError

OptionKind = Literal["bool", "int", "choice", "choices"]


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, kind, default and the values it allows.

    ``choices`` is a single value from ``allowed``; ``choices`` kind is a list of such values.
    ``reconstructed`` marks options that stand in for a rule no seed document settles.
    """

    name: str
    kind: OptionKind
    default: Any
    description: str
    allowed: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rule: str = ""
    reconstructed: bool = False

    def allowed_text(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"a whole number from {lo or '-inf'} to {hi or 'inf'}"
        if self.kind == "choice":
            return "one of " + ", ".join(self.allowed)
        return "a list of " + ", ".join(self.allowed)

    def validate(self, value: Any) -> Any:
        """Return the value in canonical form, or raise ConfigError naming the option."""
        problem = f"option '{self.name}' got {value!r}; allowed: {self.allowed_text()}"
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
                return value.lower() in ("true", "yes", "1")
            raise ConfigError(problem)
        if self.kind == "int":
            if isinstance(value, bool):
                raise ConfigError(problem)
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise ConfigError(problem) from None
            if isinstance(value, float) and value != number:
                raise ConfigError(problem)
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise ConfigError(problem)
            return number
        if self.kind == "choice":
            if isinstance(value, str) and value in self.allowed:
                return value
            raise ConfigError(problem)
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list | tuple):
            raise ConfigError(problem)
        cleaned = tuple(str(v).strip() for v in items if str(v).strip())
        if any(v not in self.allowed for v in cleaned):
            raise ConfigError(problem)
        return cleaned


@dataclass(frozen=True)
class OptionSet:
    """All options of a game. ``resolve`` fills defaults and rejects unknown names."""

    specs: tuple[OptionSpec, ...]
    by_name: Mapping[str, OptionSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {s.name: s for s in self.specs})

    def defaults(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.specs}

    def resolve(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        values = self.defaults()
        for name, value in (given or {}).items():
            spec = self.by_name.get(name)
            if spec is None:
                known = ", ".join(sorted(self.by_name)) or "none"
                raise ConfigError(f"unknown option '{name}'; known options: {known}")
            values[name] = spec.validate(value)
        return values

    def __iter__(self) -> Any:
        return iter(self.specs)

    def names(self) -> Iterable[str]:
        return self.by_name.keys()


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """Turn ``["a=1", "b=x"]`` (the CLI's ``--option`` flags) into a mapping."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"option '{pair}' must be written as name=value")
        out[name.strip()] = value.strip()
    return out
