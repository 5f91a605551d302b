"""``payable_terrains`` (the bit set the move step reads per neighbour) says exactly where
``payments`` (the ways to pay for one hex) finds a way: for every terrain, including a city and
Al-Kalim's sandstorm (a terrain no die shows), any dice left and with or without bonus moves."""

from __future__ import annotations

from itertools import combinations_with_replacement

from boardwright.games.runebound.content import CITY
from boardwright.games.runebound.movement import payable_terrains, payments
from tests.runebound.kit import GAME


def test_payable_terrains_match_payments() -> None:
    faces = GAME.rules_for(GAME.setup(GAME.config(2, {}), 1)).board.die_faces
    for count in range(4):
        for dice in combinations_with_replacement(faces, count):
            for bonus in (0, 1):
                payable = payable_terrains(dice, bonus)
                for terrain in range(CITY + 2):
                    assert bool(payable >> terrain & 1) == bool(payments(dice, terrain, bonus))
