"""Avatars of Kelnov (docs/rules/kelnov.md): the adventure of seed 004 that replaces Rise of the
Dragonlords; Kelnov's own cards stand in for the base events and encounters drawn."""
