"""The heuristic bot's play of The Sands of Al-Kalim (``AlKalimPlay`` in :mod:`.play`, named by the
adventure's ``bot_play``): what it knows and reads, what it values, where it travels, and its
answers to the expansion's decisions and to the base handlers' hooks."""
