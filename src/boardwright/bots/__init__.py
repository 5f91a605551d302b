"""Bots see exactly what a human in their seat sees: the seat's view and the decision."""

from boardwright.bots.base import Bot, Observation, bot_seed, make_bot, seat_bots
from boardwright.bots.random_bot import RandomBot

__all__ = ["Bot", "Observation", "RandomBot", "bot_seed", "make_bot", "seat_bots"]
