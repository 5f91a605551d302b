"""The terminal drawing of an Avatars of Kelnov game: the Kelnov piles with their discards
(KV-3, KV-11) and a hero's kept red cards called Avatars (KV-10)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from boardwright.games.runebound.adventures.kelnov.state import kelnov_state
from boardwright.games.runebound.render import render_view
from tests.runebound.kelnov.kit import card, kelnov_cards, kelnov_game
from tests.runebound.kit import GAME


def rendered(view: dict[str, Any], width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(render_view(view, content=GAME.content))
    return " ".join(console.export_text().split())


def test_kv_3_the_table_shows_the_kelnov_piles_and_their_discards() -> None:
    state = kelnov_game(players=2)
    text = rendered(GAME.view(state, 0))
    assert "Avatars of Kelnov" in text
    assert "Kelnov piles green 7 · yellow 7 · blue 6" in text
    encounter = kelnov_cards(state, "yellow", "encounter")[0]
    part = kelnov_state(state)
    part.piles[1].remove(card(state, encounter))
    part.discards[1].append(card(state, encounter))
    name = GAME.rules_for(state).adventures[card(state, encounter)].name
    assert f"yellow 6 (+1 discarded: {name} [Y])" in rendered(GAME.view(state, 0))


def test_kv_10_a_heros_kept_red_cards_are_avatars() -> None:
    state = kelnov_game(players=2)
    state.heroes[0].runes.append(card(state, "kv-r02"))
    text = rendered(GAME.view(state, 1))
    assert "Avatars 1: Veyra, Avatar of the Hunt" in text
    assert "Dragon Runes" not in text
