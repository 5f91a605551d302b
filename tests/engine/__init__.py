"""Tests of the game-independent engine (``boardwright.engine``), with the toy game ``toygame``."""
