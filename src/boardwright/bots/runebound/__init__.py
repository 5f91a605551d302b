"""The heuristic Runebound bot (:class:`~boardwright.bots.runebound.bot.RuneboundBot`), split by
concern; see docs/architecture.md ("The bot package"). An adventure's play lives next to it
(``al_kalim/``) and is found through ``Adventure.bot_play``: no module here imports one."""
