"""boardwright: a rules engine and game table for Runebound and Realm of Sand."""

__version__ = "0.1.0"
