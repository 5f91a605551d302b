"""The Sands of Al-Kalim (docs/rules/al-kalim.md) as a Runebound adventure (``adventure.py``):
its options, content, rules, state, procedures, view section and terminal drawing.

The base procedures (movement, combat, market, experience) stay in use; this package adds what the
expansion changes: day and night, the story step, bazaars and survival gear, legend quests, the
sandstorm and the lost cities.
"""
