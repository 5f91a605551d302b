"""Golden playthroughs as readable text traces.

Each golden game is a save file (``tests/<game>/golden/<name>.json``: config, seed, the chosen
option keys) and its trace (``<name>.trace`` beside it), built by replaying the save: one line
per decision (number, seat, decision kind, chosen key), one indented line per event (kind and
data), then the result. A change to how a game plays shows as a reviewable diff of the trace.

Rewrite the traces from the stored saves (then review ``git diff tests/*/golden``) with::

    python -m tests.golden

Re-record the Runebound games with the heuristic bots (after a rules change that makes the
stored actions stop fitting) with ``python -m tests.golden --record``; the Realm of Sand games
are re-recorded by ``python -m tests.realm_of_sand.test_replay --regenerate``.
"""
