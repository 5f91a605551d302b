"""The Runebound base game (Rise of the Dragonlords): rules RB-*, content, effects, bot, view,
replays, fuzz and the renderer."""
