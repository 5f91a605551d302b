"""The test suite: one package per game (and per Runebound adventure), the engine, the CLI, the
conformance suite and the golden traces. Shared helpers are modules of these packages, imported
by their full name (``from tests.runebound.scenario import new_game``); run from the repository
root, which pytest puts on the import path (``pythonpath = ["."]`` in pyproject.toml)."""
