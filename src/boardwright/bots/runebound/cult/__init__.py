"""The heuristic bot's play in Cult of the Rune (docs/rules/cult.md)."""
