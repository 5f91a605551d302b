"""Rules RS-0 (components) and RS-1 (setup)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardwright.engine.content import ContentError
from boardwright.games.realm_of_sand.content import check_components, load_content
from boardwright.games.realm_of_sand.geometry import bits
from boardwright.games.realm_of_sand.state import CRYSTAL_NONE, CRYSTAL_SPENT
from tests.realm_of_sand.scenario import CONTENT, GAME, keys, new_game, play


def test_rs_0_1_tiles_are_28_trominoes_of_rune_colours() -> None:
    """RS-0.1"""
    assert len(CONTENT.tiles) == 28
    assert {t.shape for t in CONTENT.tiles} == {"I", "L"}
    assert all(len(t.colours) == 3 and set(t.colours) <= {0, 1, 2} for t in CONTENT.tiles)
    straight = next(t for t in CONTENT.tiles if t.shape == "I")
    assert {o.rows[0] if len(o.rows) == 1 else "v" for o in straight.flat} >= {"v"}


def test_rs_0_2_and_rs_0_3_supplies() -> None:
    """RS-0.2: 84 squares, 28 per colour. RS-0.3: 31 discs, 7/7/7/5/5 with 4 players."""
    state = new_game(4)
    assert state.squares == [28, 28, 28]
    assert state.spirit_supply == [7, 7, 7, 5, 5] and state.spirits_in_game == 31


def test_rs_0_4_cards_are_54_with_18_per_level() -> None:
    """RS-0.4"""
    assert len(CONTENT.cards) == 54
    assert [sum(1 for c in CONTENT.cards if c.level == lv) for lv in (1, 2, 3)] == [18, 18, 18]
    assert len({c.rows for c in CONTENT.cards}) == 54  # every pattern differs
    assert all(
        any(ch in "BY" for row in c.rows for ch in row) for c in CONTENT.cards if c.level == 3
    )


def test_rs_0_5_boards_starter_and_six_advanced() -> None:
    """RS-0.5"""
    starter = [b for b in CONTENT.boards if b.side == "starter"]
    advanced = [b for b in CONTENT.boards if b.side == "advanced"]
    assert len(starter) == 1 and len(advanced) == 6
    assert sorted(str(b.crystal) for b in advanced) == sorted(
        ["red", "purple", "yellow", "green", "orange", "blue"]
    )
    for board in advanced:
        assert board.light >> board.crystal_field & 1  # the crystal lies in the light area
        assert board.light & board.dark == 0


def test_rs_0_component_counts_are_checked_for_owner_content(tmp_path: Path) -> None:
    """RS-0.4: owners' own card data must keep the component counts."""
    source = (
        Path(__file__).resolve().parents[2] / "src" / "boardwright" / "content" / "realm_of_sand"
    )
    for name in ("tiles.yaml", "boards.yaml"):
        (tmp_path / name).write_text((source / name).read_text())
    cards = (source / "cards.yaml").read_text()
    (tmp_path / "cards.yaml").write_text(cards.split('  - id: "III-18"')[0])
    with pytest.raises(ContentError, match="needs 18 level 3 cards, found 17"):
        check_components(load_content(tmp_path))


def test_rs_1_1_and_rs_1_2_decks_and_display() -> None:
    """RS-1.1: three shuffled decks by level. RS-1.2: four face up per level."""
    one, two = new_game(2, seed=1), new_game(2, seed=2)
    for state in (one, two):
        for level in range(3):
            shown = state.display[level]
            assert len(shown) == 4 and all(CONTENT.cards[c].level == level + 1 for c in shown)
            assert len(state.decks[level]) == 14
            assert all(CONTENT.cards[c].level == level + 1 for c in state.decks[level])
    assert one.decks != two.decks


def test_rs_1_3_circle_and_queen() -> None:
    """RS-1.3: all tiles not yet taken lie in a circle; its head is the tile after the queen."""
    state = new_game(2, starting_draft="official")
    assert len(state.circle) == 28
    first = state.circle[0]
    play(state, keys(state)[0])
    assert first not in state.circle


def test_rs_1_4_and_rs_1_5_supplies_by_player_count() -> None:
    """RS-1.4: squares sorted by colour. RS-1.5: 2/4/5/all discs of each colour for 1-4 players."""
    expected = {1: [2] * 5, 2: [4] * 5, 3: [5] * 5, 4: [7, 7, 7, 5, 5]}
    for players, supply in expected.items():
        state = new_game(players)
        assert state.spirit_supply == supply
        assert state.squares == [28, 28, 28]
        assert all(p.pool == [0] * 5 for p in state.players)


def test_rs_1_6_board_sides() -> None:
    """RS-1.6: starter side for everyone, or a random advanced board each."""
    starter = new_game(4)
    assert {CONTENT.boards[p.board].side for p in starter.players} == {"starter"}
    boards = set()
    for seed in range(6):
        state = new_game(4, seed=seed, board_side="advanced")
        ids = [CONTENT.boards[p.board].id for p in state.players]
        assert len(set(ids)) == 4
        assert all(CONTENT.boards[p.board].side == "advanced" for p in state.players)
        boards.update(ids)
    assert len(boards) == 6


def test_rs_1_7_official_draft_each_chooses_three_in_turn_order() -> None:
    """RS-1.7 (official): in turn order each player chooses 3 tiles from the circle."""
    state = new_game(3, starting_draft="official", first_player="2")
    order = []
    while state.pending is not None and state.pending.kind == "draft":
        order.append(state.pending.seat)
        assert len(keys(state)) == len(state.circle)
        play(state, keys(state)[-1])  # any tile of the circle may be chosen
    assert order == [1, 1, 1, 2, 2, 2, 0, 0, 0]
    assert all(len(p.zone) == 3 for p in state.players) and len(state.circle) == 19


def test_rs_1_7_house_rule_reverse_order() -> None:
    """RS-1.7 (house rule): the last player chooses first, the start player last."""
    state = new_game(3, starting_draft="reverse_order", first_player="1")
    order = []
    while state.pending is not None and state.pending.kind == "draft":
        order.append(state.pending.seat)
        play(state, keys(state)[0])
    assert order == [2, 2, 2, 1, 1, 1, 0, 0, 0]


def test_rs_1_7_house_rule_blind_and_queen_front() -> None:
    """RS-1.7: blind draw before the circle is laid; or the three tiles after the queen."""
    blind = new_game(4, starting_draft="blind")
    assert blind.pending is not None and blind.pending.kind == "turn"
    assert all(len(p.zone) == 3 for p in blind.players) and len(blind.circle) == 16
    front = GAME.setup(GAME.config(2, {"starting_draft": "queen_front", "first_player": "1"}), 5)
    official = GAME.setup(GAME.config(2, {"starting_draft": "official", "first_player": "1"}), 5)
    assert front.players[0].zone == official.circle[:3]
    assert front.players[1].zone == official.circle[3:6]


def test_rs_1_8_first_player() -> None:
    """RS-1.8: the named seat (or a random one) starts; the start player stays fixed."""
    assert new_game(4, first_player="3").seat == 2
    firsts = {new_game(4, seed=s, first_player="random").first for s in range(20)}
    assert firsts == {0, 1, 2, 3}
    state = new_game(2, first_player="2")
    assert state.pending is not None and state.pending.seat == 1


def test_rs_1_9_crystal_starts_colourless() -> None:
    """RS-1.9: on the advanced side the crystal starts colourless; the starter side has none."""
    assert all(p.crystal == CRYSTAL_SPENT for p in new_game(4, board_side="advanced").players)
    assert all(p.crystal == CRYSTAL_NONE for p in new_game(4).players)


def test_rs_1_10_level_starts_at_zero_with_no_dark_field_open() -> None:
    """RS-1.10"""
    state = new_game(2)
    for p in state.players:
        assert p.level == 0 and p.unlocked == 0
        assert not list(bits(p.occupied()))


def test_rs_1_6_experienced_players_take_the_advanced_side() -> None:
    """RS-1.6: with the starter side, named seats may still take an advanced board."""
    state = new_game(3, advanced_seats="2")
    sides = [CONTENT.boards[p.board].side for p in state.players]
    assert sides == ["starter", "advanced", "starter"]
    assert state.players[1].crystal == CRYSTAL_SPENT and state.players[0].crystal == CRYSTAL_NONE


def test_rs_1_8_first_player_must_be_a_seat_in_play() -> None:
    """RS-1.8 / RS-1.6: options naming a seat that does not play are rejected."""
    from boardwright.engine.errors import ConfigError

    with pytest.raises(
        ConfigError, match="option 'first_player' got 4, but there are only 2 seats"
    ):
        GAME.config(2, {"first_player": "4"})
    with pytest.raises(ConfigError, match="option 'advanced_seats' names seat 3"):
        GAME.config(2, {"advanced_seats": "1,3"})


def test_rs_1_6_rs_1_8_reference_and_options_agree_seats_beyond_the_count_are_refused() -> None:
    """RS-1.6 / RS-1.8: the rules reference and the option texts say what the code does with a
    seat beyond the player count: it is refused (not ignored, not read as the last seat)."""
    from boardwright.cli.rule_files import read_reference, rules_file
    from boardwright.cli.rule_text import rule_section

    text = read_reference(rules_file("realm-of-sand"))
    for rule in ("RS-1.6", "RS-1.8"):
        section = rule_section(text, rule)
        assert section is not None and "refused" in section, rule
        assert "ignored" not in section and "means the last seat" not in section, rule
    for name in ("advanced_seats", "first_player"):
        assert "does not play is refused" in GAME.option_set.by_name[name].description
