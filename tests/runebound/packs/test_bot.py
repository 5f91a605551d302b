"""The heuristic bot with the shipped card packs (docs/rules/packs.md PK-9, PV-6, PV-12): it
knows the chosen packs' cards only, aims its routes at a held card's goal city, walks through the
terrains its pathfinder cards open, and plays whole games with every pack, in The Sands of
Al-Kalim too (docs/rules/al-kalim.md AK-17: night life, encounters in the desert's draws)."""

from __future__ import annotations

from functools import partial
from typing import Any

from boardwright.bots import Observation
from boardwright.bots.runebound.al_kalim.play import AlKalimPlay
from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.play import goal_values
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.card_packs import is_pack_set
from boardwright.games.runebound.content import CITY, TERRAIN_NAMES
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.botkit import play_bots
from tests.runebound.kit import GAME

ALL = ["kellos", "walkers", "margath", "drakes"]


def ready_bot(options: dict[str, Any], seed: int = 2) -> tuple[RuneboundBot, RuneboundState]:
    """A bot that has seen the first decision with a choice of a game with these options."""
    state = GAME.setup(GAME.config(2, options), seed)
    bot = RuneboundBot(seed)
    while (decision := GAME.decision(state)) is not None and len(decision.options) < 2:
        GAME.apply(state, 0)
    assert decision is not None
    bot.choose(Observation(decision.seat, decision, partial(GAME.view, state, decision.seat)))
    return bot, state


# PK-9: the deck estimates count the chosen packs' cards, and no other
def test_PK_9_the_bot_knows_the_chosen_packs_cards_only() -> None:
    bot, _ = ready_bot({"packs": ["drakes", "walkers"]})
    sets = {c.card_set for cards in bot.kb.challenges.values() for c in cards}
    assert sets == {"base", "drakes"}
    assert {c.card_set for c in bot.kb.market.values()} == {"base", "walkers"}
    plain, _ = ready_bot({})
    assert {c.card_set for cards in plain.kb.challenges.values() for c in cards} == {"base"}
    assert len(plain.kb.market) == 84


# PV-12: a held card's goal city is a movement target worth the goal
def test_PV_12_the_bot_aims_for_a_held_cards_goal_city() -> None:
    bot, state = ready_bot({"packs": ["drakes"]})
    rules = GAME.rules_for(state)
    seat = 0
    clutch = rules.content.adventure_index["dd-g11"]  # The Abandoned Clutch: goal Greyhaven
    state.heroes[seat].held.append(clutch)
    view = GAME.view(state, seat)
    party = bot.play.party(view, seat)
    assert [c.id for c in party.held] == ["dd-g11"]
    goals = goal_values(party)
    assert set(goals) == {"greyhaven"} and goals["greyhaven"] > 1.0
    city = bot.kb.city_hex["greyhaven"]
    with_goal = dict(bot.play.targets(party))[city]
    state.heroes[seat].held.clear()
    without = dict(bot.play.targets(bot.play.party(GAME.view(state, seat), seat))).get(city, 0.0)
    assert with_goal == without + goals["greyhaven"]


# PV-6: the bot's walks enter a terrain its pathfinder card opens with any die
def test_PV_6_the_bot_walks_through_terrain_its_pathfinder_opens() -> None:
    bot, state = ready_bot({"packs": ["walkers"]})
    rules = GAME.rules_for(state)
    kb = bot.kb
    mountains = TERRAIN_NAMES.index("mountains")
    plains_face = kb.face_bits["plains"]
    here, ridge = next(
        (h.index, n)
        for h in rules.board.hexes
        if h.terrain != CITY
        for n in h.neighbours
        if rules.board.hexes[n].terrain == mountains
    )
    pot = [0.0] * kb.hex_count
    pot[ridge] = 10.0
    bot.walk_open = 0
    assert bot.best_from(here, (plains_face,), 0, pot, {}) < 10.0  # a plains die cannot climb
    state.heroes[0].hex = here
    rules.gain_card(state, 0, rules.content.market_index["ww-10"])  # Rune of the Hidden Pass
    party = bot.play.party(GAME.view(state, 0), 0)
    assert party.passages() == kb.face_bits["mountains"]
    bot.walk_open = bot.opened(party)
    assert bot.best_from(here, (plains_face,), 0, pot, {}) == 10.0


# PK-9, PV-1 to PV-12: whole games with every pack, the bot weighing every card it meets
def test_PK_9_heuristic_bots_finish_games_with_every_pack() -> None:
    for seed, mode in ((5, "mixed"), (6, "focus")):
        options = {"packs": ALL, "packs.market_mode": mode, "packs.adventure_mode": mode}
        result, chosen = play_bots(3, seed, ["heuristic"] * 3, options)
        assert result is not None and len(chosen) > 100


# --- with The Sands of Al-Kalim (docs/rules/al-kalim.md AK-17) ---------------------------------

DESERT = {"adventure": "al-kalim", "packs": ALL}


def night_party(bot: RuneboundBot, state: RuneboundState) -> Party:
    al_kalim_state(state).night = True
    return bot.play.party(GAME.view(state, 0), 0)


# AK-17.3: the bot fights a pack challenge by day and by night with the life the game gives it
def test_AK_17_3_the_bot_reads_a_pack_challenges_day_and_night_life() -> None:
    bot, state = ready_bot(DESERT)
    rules = GAME.rules_for(state)
    pack = [c for c in rules.adventures if is_pack_set(c.card_set) and c.kind == "challenge"]
    own = next(c for c in rules.adventures if c.card_set == "al-kalim" and c.night_life != c.life)
    assert pack and {c.card_set for cards in bot.kb.challenges.values() for c in cards} == {
        "al-kalim",
        "margath",
        "drakes",
    }
    assert isinstance(bot.play, AlKalimPlay)
    party = night_party(bot, state)
    by_day = bot.play.at_time(party, False)
    for card in (*pack, own):
        assert party.enemies[card.id].life == card.night_life == rules.enemy_life(state, card)
        assert by_day.enemies[card.id].life == card.life
    assert any(c.life != c.night_life for c in pack)
    printed, state = ready_bot({**DESERT, "al_kalim.pack_day_life": "printed"})
    assert isinstance(printed.play, AlKalimPlay)
    party = night_party(printed, state)
    by_day = printed.play.at_time(party, False)
    al_kalim_state(state).night = False
    for card in pack:
        assert by_day.enemies[card.id].life == card.night_life == rules.enemy_life(state, card)
    assert by_day.enemies[own.id].life == own.life


# AK-17.4: a draw from a desert deck with a pack's encounters in it
def test_AK_17_4_the_bot_weighs_the_encounters_in_a_desert_draw() -> None:
    bot, state = ready_bot(DESERT)
    play = bot.play
    assert isinstance(play, AlKalimPlay)
    party = bot.play.party(GAME.view(state, 0), 0)
    for colour in ("green", "yellow", "blue"):
        challenges = len(bot.kb.challenges[colour])
        encounters = len(bot.kb.encounters[colour])
        assert encounters > 0
        assert play.fight_share(colour) == challenges / (challenges + encounters)
        assert play.encounter_worth(party, colour) > -1e9
    assert play.fight_share("red") == 1.0  # AK-17.6: the red pack cards are set aside
    plain, state = ready_bot({"adventure": "al-kalim"})
    assert isinstance(plain.play, AlKalimPlay)
    assert all(plain.play.fight_share(c) == 1.0 for c in ("green", "yellow", "blue", "red"))


# AK-17, PK-9: whole Al-Kalim games with every pack, the bots meeting pack encounters
def test_AK_17_heuristic_bots_finish_al_kalim_games_with_every_pack() -> None:
    met = 0
    for seed, mode in ((5, "mixed"), (6, "focus")):
        options = {**DESERT, "packs.market_mode": mode, "packs.adventure_mode": mode}
        result, chosen = play_bots(3, seed, ["heuristic"] * 3, options)
        assert result is not None and len(chosen) > 100
        met += sum(1 for key in chosen if key.startswith("encounter:"))
    assert met > 0
