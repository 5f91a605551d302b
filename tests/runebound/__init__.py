"""Runebound (2nd ed.): ``base``, ``advanced`` and ``al_kalim`` hold the tests of the base game,
Advanced Runebound and The Sands of Al-Kalim; the kits shared by them live here (``kit`` random
games and invariants, ``scenario`` rule situations, ``fuzzruns``, ``botkit``, ``balancekit``)."""
