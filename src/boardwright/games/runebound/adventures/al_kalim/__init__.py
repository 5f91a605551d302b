"""The Sands of Al-Kalim (docs/rules/al-kalim.md): state, geometry and procedures of the expansion.

The base procedures (movement, combat, market, experience) stay in use; this package adds what the
expansion changes: day and night, the story step, bazaars and survival gear, legend quests, the
sandstorm and the lost cities.
"""
