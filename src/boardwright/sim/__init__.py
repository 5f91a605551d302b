"""Game-independent simulation: bots play many seeded games through the :class:`Game` contract."""

from boardwright.sim.runner import Summary, derive_seed, simulate

__all__ = ["Summary", "derive_seed", "simulate"]
