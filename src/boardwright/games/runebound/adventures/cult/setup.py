"""The setup of a Cult of the Rune game (CR-1 to CR-8, CR-41): the base game's, with the red
cards of the base and of the packs set aside at hand, the cult decks by colour, the cult marker
and an infiltration marker on Forge, and every red counter a cultist."""

from __future__ import annotations

from boardwright.games.runebound.adventures.cult.rules import RED, CultRules, infiltrate
from boardwright.games.runebound.adventures.cult.state import CultState
from boardwright.games.runebound.board_setup import standard_setup
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import RuneboundState


def setup_cult(rules: CultRules, state: RuneboundState, players: int, log: Log) -> None:
    board = rules.board
    part = CultState(len(board.hexes), players)
    state.adventure_state = part

    def arrange(state: RuneboundState, focus: list[list[int]]) -> None:
        decks = state.adventure_decks
        for colour in range(len(decks)):
            own = [c for c in decks[colour] if rules.is_cult(c)]
            part.decks[colour] = own
            if colour == RED:  # CR-2, CR-41: the base and pack red cards set aside
                part.aside = sorted(
                    c for c in decks[colour] + focus[colour] if not rules.is_cult(c)
                )
                decks[colour] = []
                focus[colour] = []
            else:
                decks[colour] = [c for c in decks[colour] if not rules.is_cult(c)]
            state.rng.shuffle(part.decks[colour])

    standard_setup(rules, state, players, log, arrange)
    part.marker = rules.forge  # CR-6
    infiltrate(rules, state, board.hexes[rules.forge].city, log)
    for h in board.hexes:  # CR-8: red counters start on their experience side
        if state.counters[h.index] >> RED & 1:
            part.turned[h.index] |= 1 << RED
    emit(log, "cult_setup", at=rules.hex_labels[rules.forge])
