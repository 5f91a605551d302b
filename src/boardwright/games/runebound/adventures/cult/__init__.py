"""Cult of the Rune (docs/rules/cult.md): the adventure of seed 004 that replaces Rise of the
Dragonlords; a cult marker wanders the board, heroes race for victory points."""
