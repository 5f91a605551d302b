"""Realm of Sand: rule tests (helpers in ``scenario``), fuzz (``fuzzkit``), replays, texts and
the renderer."""
