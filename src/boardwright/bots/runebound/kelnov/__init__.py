"""The heuristic bot's play in Avatars of Kelnov (docs/rules/kelnov.md)."""
