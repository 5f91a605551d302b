"""Advanced Runebound (rules AR-*, docs/rules/advanced.md), with its helpers in ``kit``."""
