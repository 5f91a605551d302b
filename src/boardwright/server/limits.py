"""The server's settings that the command line offers too (kept light: no server imports)."""

BOT_DELAY = 0.25
"""Seconds at least between a table's bot moves, so that people at the table can follow them
(a bot's thinking counts towards it); 0 plays bots as fast as they think."""
