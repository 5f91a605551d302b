"""The ``boardwright`` command line: play, simulate, replay, rules, games and options.

Everything here is game-independent except the renderer table in :mod:`.renderers`.
"""
