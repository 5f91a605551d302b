"""Tests of the command line (``boardwright.cli``): commands, flags, sessions and packs."""
