"""The conformance suite: the same contract checks over every game, adventure and option family.

``configurations`` derives the configurations from each registered game's options and rule sets
(a new option or family shows up by itself); ``contract`` plays seeded random games through
``engine.session.Match`` and checks, along the way, what every game promises: decisions,
views and what they hide, clones, save/load, undo, determinize and the end of the game.
"""
