"""Rise of the Dragonlords, the base game's adventure (docs/rules/runebound-base.md): the base
rules and procedures as they are, the base board and decks, won by Dragon Runes (RB-9)."""
