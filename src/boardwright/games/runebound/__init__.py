"""Runebound (2nd edition): the base game "Rise of the Dragonlords", expansions to follow."""
