"""The Sands of Al-Kalim (rules AK-*, docs/rules/al-kalim.md): ``kit`` fuzz invariants and
``scenario`` rule situations."""
