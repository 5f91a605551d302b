"""An information-set Monte Carlo tree search bot for every game (``mcts``).

It searches from states :meth:`~boardwright.engine.bot.Observation.sample` deals for its seat
(``Game.determinize``), never from the true one: see :mod:`.search`.
"""

from boardwright.bots.mcts.bot import MctsBot

__all__ = ["MctsBot"]
