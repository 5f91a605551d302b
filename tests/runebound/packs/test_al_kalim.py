"""The adventure-card packs in The Sands of Al-Kalim (docs/rules/packs.md PK-6, SM-4, DD-4;
docs/rules/al-kalim.md AK-17): allowed by default, refused by ``al_kalim.adventure_packs=false``,
their cards in the desert's decks by colour, their challenges' night life, encounters met in an
adventure step and in a night ambush, an owner's pack event, red pack cards and the base cities
pack cards name.

Most situations use the fixture packs (tests/runebound/packs/fixtures: one card of each kind
the rules must handle, an event included, which the shipped packs no longer have, PK-8); the
default and the deck counts use the shipped packs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules, night_steps
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.card_packs import is_pack_set
from boardwright.games.runebound.content import CONTENT_DIR, load_content
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.scenario import (
    DUNES,
    FACE_SPRING_STIR,
    faces,
    give_legend,
    hero_index,
    legend,
    quest_board,
    quiet_hex,
    rig,
    rolls,
)
from tests.runebound.balancekit import assert_report_is_fresh
from tests.runebound.kit import GAME as SHIPPED
from tests.runebound.packs.kit import ALL_PACKS, pack_game

FIXTURES = pack_game()
ADVENTURE_PACKS = ["margath", "drakes"]


# --- a small kit for either game ---------------------------------------------------------------


def desert(
    game: Runebound = FIXTURES,
    packs: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> RuneboundState:
    """An Al-Kalim game with the packs (default: the two adventure-card packs) and options,
    both heroes in Kharadun, seat 0 to declare day or night."""
    chosen = ADVENTURE_PACKS if packs is None else packs
    config = game.config(2, {"adventure": "al-kalim", "packs": chosen, **(options or {})})
    state = game.setup(config, 1)
    while state.pending is not None and state.pending.kind == "start_city":
        game.apply_key(state, "city:kharadun")
    for seat, hero in enumerate(("ak-h-idris", "ak-h-qorro")):
        state.heroes[seat].hero = hero_index(hero)
    state.first = state.seat = 0
    refresh(game, state)
    assert kind(state) == "day_or_night"
    return state


def refresh(game: Runebound, state: RuneboundState) -> None:
    game.procedures_for(state).run(state, None)


def kind(state: RuneboundState) -> str | None:
    return state.pending.kind if state.pending is not None else None


def keys(state: RuneboundState) -> list[str]:
    assert state.pending is not None
    return [o.key for o in state.pending.options]


def go(
    game: Runebound, state: RuneboundState, *choices: str, log: list[Event] | None = None
) -> None:
    for key in choices:
        assert key in keys(state), f"{key!r} not offered at {kind(state)}: {keys(state)}"
        game.apply_key(state, key, log)


def rules_of(game: Runebound, state: RuneboundState) -> AlKalimRules:
    rules = game.rules_for(state)
    assert isinstance(rules, AlKalimRules)
    return rules


def index(game: Runebound, state: RuneboundState, card_id: str) -> int:
    return rules_of(game, state).content.adventure_index[card_id]


def on_top(game: Runebound, state: RuneboundState, *card_ids: str) -> None:
    """The cards on top of their colour's decks, the first given drawn first."""
    for card_id in reversed(card_ids):
        card = index(game, state, card_id)
        colour = COLOURS.index(rules_of(game, state).adventures[card].colour)
        deck = state.adventure_decks[colour]
        if card in deck:
            focus = deck.index(card) >= len(deck) - state.adventure_focus[colour]
            deck.remove(card)
            state.adventure_focus[colour] -= focus
        deck.append(card)


def in_the_dunes(game: Runebound, state: RuneboundState, counter: str = "", seat: int = 0) -> int:
    """Seat 0 on a quiet dunes hex, with an adventure counter of ``counter`` there."""
    here = quiet_hex(DUNES)
    state.heroes[seat].hex = here
    if counter:
        state.counters[here] |= 1 << COLOURS.index(counter)
    refresh(game, state)
    return here


def to_step3(game: Runebound, state: RuneboundState, time: str, log: list[Event]) -> None:
    go(game, state, time, "stay", log=log)
    while kind(state) == "waterskin":
        go(game, state, "keep", log=log)
    assert kind(state) == "adventure_or_story", keys(state)


def events(log: list[Event], event_kind: str) -> list[Event]:
    return [e for e in log if e.kind == event_kind]


def win_fight(game: Runebound, state: RuneboundState, log: list[Event]) -> None:
    """Fight on with the best rolls until the fight is over (the hero strikes first)."""
    rig(state, *rolls(*[20] * 60))
    while state.combat is not None and state.pending is not None:
        k = kind(state)
        if k in ("escape", "before_combat"):
            go(game, state, "fight", log=log)
        elif k == "combat_step":
            go(game, state, "roll", log=log)
        elif k == "attack_step":
            go(game, state, keys(state)[0], log=log)
        elif k == "ally_step":
            go(game, state, "ally:none", log=log)
        elif k in ("after_combat", "when_damaged"):
            go(game, state, keys(state)[-1], log=log)
        else:
            raise AssertionError(f"unexpected {k}: {keys(state)}")


# --- PK-6, SM-4, DD-4, AK-17.1: allowed by default, and the option that refuses them -------------


# PK-6, SM-4, DD-4
def test_PK_6_SM_4_DD_4_adventure_packs_join_al_kalim_by_default() -> None:
    """The seed lets the adventure-card packs be used in other adventures: with Al-Kalim they
    are accepted with no option, each alone, together and with the market packs."""
    for packs in (["margath"], ["drakes"], ADVENTURE_PACKS, ALL_PACKS):
        state = desert(SHIPPED, packs)
        sets = {c.card_set for c in rules_of(SHIPPED, state).adventures}
        assert sets == {"al-kalim", *(p for p in packs if p in ADVENTURE_PACKS)}


# AK-17.1, PK-6
def test_AK_17_1_al_kalim_adventure_packs_false_refuses_them_in_one_line() -> None:
    options = {"adventure": "al-kalim", "al_kalim.adventure_packs": False}
    for pack in ADVENTURE_PACKS:
        with pytest.raises(ConfigError) as refused:
            SHIPPED.config(3, {**options, "packs": ["kellos", pack]})
        message = str(refused.value)
        assert "\n" not in message
        assert f"pack(s) {pack} cannot join the al-kalim adventure" in message
        assert "al_kalim.adventure_packs=false" in message and "PK-6" in message
    SHIPPED.config(3, {**options, "packs": ["kellos", "walkers"]})  # market packs still join
    SHIPPED.config(3, options)
    runner = CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})
    args = ["simulate", "runebound", "--adventure", "al-kalim", "--packs", "drakes", "--games", "1"]
    result = runner.invoke(app, [*args, "--option", "al_kalim.adventure_packs=false"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "al_kalim.adventure_packs=false" in lines[0], result.stderr


# --- AK-17.2: the pack cards in the desert's decks -------------------------------------------


# AK-17.2, SM-2, DD-2, SM-3, DD-3, PK-5
@pytest.mark.parametrize("mode", ["mixed", "focus"])
def test_AK_17_2_pack_cards_join_the_desert_decks_by_colour(mode: str) -> None:
    state = desert(SHIPPED, ADVENTURE_PACKS, {"packs.adventure_mode": mode})
    rules = rules_of(SHIPPED, state)
    for colour, deck in enumerate(state.adventure_decks):
        cards = [rules.adventures[c] for c in deck]
        assert {c.colour for c in cards} == {COLOURS[colour]}
        own = [c for c in cards if c.card_set == "al-kalim"]
        pack = [c for c in cards if is_pack_set(c.card_set)]
        assert len(own) == sum(c.colour == COLOURS[colour] for c in rules.al_kalim.adventures)
        assert len(pack) == sum(  # AK-17.6: the red ones are set aside
            c.colour == COLOURS[colour] != "red"
            for c in SHIPPED.content.adventures
            if c.card_set in ADVENTURE_PACKS
        )
        if mode == "focus":  # PK-5: the pack cards lie on top and come first
            assert state.adventure_focus[colour] == len(pack)
            assert all(is_pack_set(c.card_set) for c in cards[len(cards) - len(pack) :])
        else:
            assert state.adventure_focus[colour] == 0
    plain = desert(SHIPPED, [])
    assert all(c.card_set == "al-kalim" for c in rules_of(SHIPPED, plain).adventures)


# --- AK-17.3: night life ---------------------------------------------------------------------


# AK-17.3, AK-6.3
@pytest.mark.parametrize("time", ["day", "night"])
def test_AK_17_3_a_pack_challenge_has_its_printed_life_by_night_and_less_by_day(
    time: str,
) -> None:
    """The fixture yellow challenge (printed life 4) is fought with 4 by night and with its
    colour's usual step less by day, the heat wearing it down as the Al-Kalim ones."""
    state = desert()
    in_the_dunes(FIXTURES, state, "yellow")
    on_top(FIXTURES, state, "tm-y1")
    log: list[Event] = []
    to_step3(FIXTURES, state, time, log)
    go(FIXTURES, state, "adventure:yellow", log=log)
    rules = rules_of(FIXTURES, state)
    step = night_steps(rules.al_kalim)[COLOURS.index("yellow")]
    assert step == 1  # most Al-Kalim yellow challenges have 1 more life by night
    life = events(log, "combat")[-1].data["life"]
    assert life == (4 if time == "night" else 4 - step)
    card = rules.adventures[index(FIXTURES, state, "tm-y1")]
    assert (card.life, card.night_life) == (4 - step, 4)  # what the view and texts show
    view = FIXTURES.view(state, 0)
    assert view["combat"]["life"] == life and view["al_kalim"]["pack_day_life"] == "lower"


# AK-17.3, AK-6.3
def test_AK_17_3_the_scale_the_pack_lives_are_printed_on_is_the_desert_night() -> None:
    """Why the printed life is the night one: per colour the Al-Kalim challenges' mean night
    life is the base challenges' mean life (the scale the packs' challenges are printed on),
    within half a point, and their day life about a step below it."""
    rules = rules_of(SHIPPED, desert(SHIPPED))
    base = [c for c in SHIPPED.rules.adventures if c.kind == "challenge"]
    for colour in COLOURS:
        mine = [c for c in rules.al_kalim.adventures if c.colour == colour]
        theirs = [c.life or 1 for c in base if c.colour == colour]
        night = sum(c.night_life or 0 for c in mine) / len(mine)
        day = sum(c.life or 0 for c in mine) / len(mine)
        assert abs(night - sum(theirs) / len(theirs)) < 0.5, colour
        assert 0.5 < night - day < 1.5, colour


# AK-17.3
def test_AK_17_3_pack_day_life_printed_keeps_the_printed_life_by_day() -> None:
    state = desert(options={"al_kalim.pack_day_life": "printed"})
    in_the_dunes(FIXTURES, state, "yellow")
    on_top(FIXTURES, state, "tm-y1")
    log: list[Event] = []
    to_step3(FIXTURES, state, "day", log)
    go(FIXTURES, state, "adventure:yellow", log=log)
    assert events(log, "combat")[-1].data["life"] == 4
    # an Al-Kalim challenge keeps its own day life under the option
    rules = rules_of(FIXTURES, state)
    own = next(c for c in rules.al_kalim.adventures if c.night_life != c.life)
    assert rules.enemy_life(state, own) == own.life


# --- AK-17.4: encounters -----------------------------------------------------------------------


# AK-17.4, RB-4.5
def test_AK_17_4_an_encounter_drawn_in_the_adventure_step_is_met() -> None:
    """A pack encounter drawn in Al-Kalim is met as RB-4.5 says: a choice, its effects, the card
    discarded and the counter left on the hex; no fight."""
    state = desert()
    here = in_the_dunes(FIXTURES, state, "blue")
    on_top(FIXTURES, state, "tm-b1")
    log: list[Event] = []
    to_step3(FIXTURES, state, "day", log)
    go(FIXTURES, state, "adventure:blue", log=log)
    assert kind(state) == "encounter" and state.combat is None
    gold = state.heroes[0].gold
    rig(state, *rolls(20))  # the spirit test passes
    go(FIXTURES, state, "choice:1", log=log)
    card = index(FIXTURES, state, "tm-b1")
    assert state.heroes[0].gold == gold + 2
    assert card in state.adventure_discards[COLOURS.index("blue")]
    assert state.counters[here] >> COLOURS.index("blue") & 1  # the counter stays (RB-4.5)


# AK-17.4, AK-8.9, AK-7.4
def test_AK_17_4_a_night_ambush_draws_a_pack_encounter_and_meets_it() -> None:
    state = desert()
    in_the_dunes(FIXTURES, state)
    al_kalim_state(state).boards[0].limit_colour = COLOURS.index("blue")  # the blue deck
    al_kalim_state(state).boards[0].limit = 3
    on_top(FIXTURES, state, "tm-b1")
    log: list[Event] = []
    to_step3(FIXTURES, state, "night", log)
    rig(state, *faces(FACE_SPRING_STIR))
    go(FIXTURES, state, "story", "symbol:dunes", log=log)
    assert events(log, "ambush")[-1].data["card"] == "tm-b1"
    assert kind(state) == "encounter" and state.combat is None
    go(FIXTURES, state, "choice:2", log=log)  # follow the cultists: a teleport
    stand_in = rules_of(FIXTURES, state).board.city_named("nerekhall")
    assert stand_in is not None and state.heroes[0].hex == stand_in.hex
    assert index(FIXTURES, state, "tm-b1") in state.adventure_discards[COLOURS.index("blue")]


# AK-17.4, AK-17.3, AK-8.9
def test_AK_17_4_a_night_ambush_draws_a_pack_challenge_fought_by_night() -> None:
    state = desert()
    in_the_dunes(FIXTURES, state)
    on_top(FIXTURES, state, "tm-g1")
    log: list[Event] = []
    to_step3(FIXTURES, state, "night", log)
    rig(state, *faces(FACE_SPRING_STIR))
    go(FIXTURES, state, "story", "symbol:dunes", log=log)
    assert state.combat is not None and state.combat.source == "ambush"
    card = rules_of(FIXTURES, state).adventures[state.combat.card]
    assert card.id == "tm-g1"
    assert events(log, "combat")[-1].data["life"] == card.night_life == 2  # printed: 2


# --- AK-17.5: an owner's pack event ------------------------------------------------------------


# AK-17.5, RB-4.3, AK-3.5
def test_AK_17_5_an_imported_pack_event_happens_at_once_and_the_draw_goes_on() -> None:
    state = desert()
    in_the_dunes(FIXTURES, state, "green")
    on_top(FIXTURES, state, "tm-g2", "tm-g1")
    log: list[Event] = []
    to_step3(FIXTURES, state, "day", log)
    tired = [h.exhaustion for h in state.heroes]
    go(FIXTURES, state, "adventure:green", log=log)
    told = [e for e in events(log, "event") if e.data.get("variant") == "al_kalim"]
    assert [e.data["card"] for e in told] == ["tm-g2"]
    config = FIXTURES.config(2, {"adventure": "al-kalim", "packs": ADVENTURE_PACKS})
    for language, words in (("en", "at once"), ("de", "sofort"), ("pl", "od razu")):
        text = FIXTURES.texts(config, language).event(told[0])
        assert words in text and "Smoke on the Horizon" in text, text
    assert [h.exhaustion for h in state.heroes] == [t + 1 for t in tired]  # every hero (PV-5)
    assert state.event == -1  # nothing stays in play: the space holds the ally deck
    assert index(FIXTURES, state, "tm-g2") in state.adventure_discards[0]
    assert state.combat is not None  # then the next card: the challenge
    assert rules_of(FIXTURES, state).adventures[state.combat.card].id == "tm-g1"


# AK-17.5, AK-8.9
def test_AK_17_5_an_event_drawn_by_an_ambush_ends_it() -> None:
    state = desert()
    in_the_dunes(FIXTURES, state)
    on_top(FIXTURES, state, "tm-g2", "tm-g1")
    log: list[Event] = []
    to_step3(FIXTURES, state, "night", log)
    rig(state, *faces(FACE_SPRING_STIR))
    go(FIXTURES, state, "story", "symbol:dunes", log=log)
    assert events(log, "ambush")[-1].data["card"] == "tm-g2"
    assert state.combat is None and state.event == -1
    assert state.adventure_decks[0][-1] == index(FIXTURES, state, "tm-g1")  # not drawn


# --- AK-17.6: red pack cards -------------------------------------------------------------------


# AK-17.6, AK-12.2, AK-10.2
@pytest.mark.parametrize("mode", ["mixed", "focus"])
def test_AK_17_6_the_red_pack_cards_are_set_aside(mode: str) -> None:
    """The packs' red cards (Dragon Runes and red encounters in the base game) take no part:
    the desert's red deck is the expansion's own, the gate to a legend limit of 4."""
    state = desert(SHIPPED, ALL_PACKS, {"packs.adventure_mode": mode})
    rules = rules_of(SHIPPED, state)
    red = COLOURS.index("red")
    assert not [c for c in rules.adventures if is_pack_set(c.card_set) and c.colour == "red"]
    deck = state.adventure_decks[red]
    assert sorted(deck) == [i for i, c in enumerate(rules.adventures) if c.colour == "red"]
    assert all(rules.adventures[c].card_set == "al-kalim" for c in deck)
    assert state.adventure_focus[red] == 0
    shipped = [c for c in SHIPPED.content.adventures if c.card_set in ADVENTURE_PACKS]
    assert any(c.colour == "red" and c.reward.dragon_rune for c in shipped)  # runes elsewhere
    assert "tm-r1" not in rules_of(FIXTURES, desert()).content.adventure_index


# AK-17.6, AK-12.2
def test_AK_17_6_a_rune_of_another_colour_in_an_imported_pack_is_no_rune(tmp_path: Path) -> None:
    """An owner's pack may keep a card of another colour as a Dragon Rune: in Al-Kalim it is
    beaten like any challenge, its power not granted, and wins nothing."""
    folder = tmp_path / "packs" / "margath"
    folder.mkdir(parents=True)
    (folder / "adventures.yaml").write_text(
        "set: margath\n"
        "adventures:\n"
        "  - id: own-y1\n"
        "    name: A Yellow Rune\n"
        "    colour: yellow\n"
        "    kind: challenge\n"
        "    life: 4\n"
        "    melee: {value: 12, damage: 1}\n"
        "    reward:\n"
        "      gold: 2\n"
        "      dragon_rune: true\n"
        "      wins_game: true\n"
        "      abilities:\n"
        "        - name: Glow\n"
        "          text: +1 spirit.\n"
        "          timing: passive\n"
        "          effects:\n"
        "            - {do: modify, stat: spirit, amount: 1}\n",
        encoding="utf-8",
    )
    game = Runebound(load_content(CONTENT_DIR, packs=tmp_path / "packs"))
    state = desert(game, ["margath"])
    card = rules_of(game, state).adventures[index(game, state, "own-y1")]
    assert card.reward.gold == 2
    assert not (card.reward.dragon_rune or card.reward.wins_game or card.reward.abilities)
    assert (card.life, card.night_life) == (3, 4)  # AK-17.3 too


# --- AK-17.7: the cities pack cards name -------------------------------------------------------


# AK-17.7, PV-9, PV-12
def test_AK_17_7_a_base_city_named_by_a_pack_card_means_its_stand_in() -> None:
    state = desert()
    rules = rules_of(FIXTURES, state)
    base = FIXTURES.rules.board.cities
    overlay = rules.board.cities
    for position, city in enumerate(base):  # the same place in the market order, round again
        assert rules.board.city_named(city.id) is overlay[position % len(overlay)]
    assert rules.board.city_named("tamalir") is overlay[0]  # as RB's Tamalir effects
    assert rules.board.city_named("atlantis") is None
    # a held card's goal (the fixture egg: Tamalir) is reached in its stand-in, Kharadun
    egg = index(FIXTURES, state, "td-y2")
    state.heroes[0].held.append(egg)
    for pile in (*state.adventure_decks, *state.adventure_discards):
        if egg in pile:
            pile.remove(egg)
    state.adventure_focus[:] = [0, 0, 0, 0]
    gold = state.heroes[0].gold
    log: list[Event] = []
    to_step3(FIXTURES, state, "day", log)  # stays in Kharadun: the movement step ends there
    assert [e.data["city"] for e in events(log, "goal")] == ["kharadun"]
    assert state.heroes[0].held == [] and state.heroes[0].gold == gold + 3


# --- quests -------------------------------------------------------------------------------------


# AK-17.2, AK-11.5
def test_AK_17_2_a_pack_challenge_beaten_counts_for_a_quest() -> None:
    """A quest that asks for a challenge beaten by night (ak-l-03) advances on the fixture
    green pack challenge beaten by night, as on an Al-Kalim one."""
    state = desert()
    in_the_dunes(FIXTURES, state, "green")
    on_top(FIXTURES, state, "tm-g1")
    slot = give_legend(state, legend("ak-l-03"))
    quest_board(state).limit = 4
    log: list[Event] = []
    to_step3(FIXTURES, state, "night", log)
    go(FIXTURES, state, "adventure:green", log=log)
    win_fight(FIXTURES, state, log)
    assert events(log, "victory")
    assert (slot.step, slot.progress) != (0, 0) or slot.done


# AK-3.8, AK-17.2
@pytest.mark.parametrize("packs", [(), ALL_PACKS], ids=["no packs", "all packs"])
def test_AK_3_8_no_base_adventure_card_is_in_play(packs: tuple[str, ...]) -> None:
    """AK-3.8: the desert's own decks take the place of the base adventure cards, with or
    without the packs (AK-17.2); so the balance reports of Al-Kalim do not hash the base
    adventure file (tools/runebound_balance.py OWN_DECKS)."""
    state = SHIPPED.setup(SHIPPED.config(4, {"adventure": "al-kalim", "packs": list(packs)}), 1)
    base = {card.id for card in SHIPPED.content.adventures if card.card_set == "base"}
    in_play = {card.id for card in SHIPPED.rules_for(state).adventures}
    assert in_play and not in_play & base


# AK-17.3, AK-17.6
def test_AK_17_3_the_al_kalim_packs_balance_report_is_fresh() -> None:
    """AK-17.3, AK-17.6: the pack challenges' day and night life and the red cards set aside
    are measured in docs/balance-al-kalim-packs.md, which must come from the shipped base,
    Al-Kalim and pack files, with a row for every hero of the default pool (both sets)."""
    state = SHIPPED.setup(SHIPPED.config(4, {"adventure": "al-kalim"}), 1)
    heroes = [hero.name for hero in SHIPPED.rules_for(state).heroes]
    assert_report_is_fresh("balance-al-kalim-packs.md", heroes, "al-kalim", ALL_PACKS)
