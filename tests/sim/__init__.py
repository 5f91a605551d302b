"""Tests of simulation runs and what they write (``boardwright.sim``)."""
