"""The options of Avatars of Kelnov (docs/rules/kelnov.md), used only with adventure=kelnov:
their specs, and the values of a game as :class:`KelnovOptions` (``adventure_options``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardwright.engine.options import OptionSpec

PREFIX = "kelnov."

KELNOV_SPECS = (
    OptionSpec(
        "kelnov.fallback",
        "choice",
        "skip",
        "Avatars of Kelnov: when a colour's Kelnov pile is empty, a base event or encounter "
        "drawn is still discarded unresolved and the hero draws again (skip), or the next "
        "card drawn from the base deck is resolved as it is (resolve).",
        allowed=("skip", "resolve"),
        rule="KV-7",
        reconstructed=True,
    ),
)


@dataclass(frozen=True)
class KelnovOptions:
    """The values of the Kelnov options of one game."""

    fallback: str = "skip"

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> KelnovOptions:
        return cls(fallback=str(values.get(f"{PREFIX}fallback", "skip")))
