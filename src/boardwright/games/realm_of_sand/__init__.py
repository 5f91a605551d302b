"""Realm of Sand (2018), all of seed 003: tile placement, spirits, buildings, crystals, solo."""
