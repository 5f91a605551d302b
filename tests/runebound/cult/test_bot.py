"""The heuristic bot in Cult of the Rune: it answers every cult decision itself, reads only its
observation, and chooses sensibly where the cult moves, which card it gives up when branded
and when to remove corruption (CR-12, CR-21, CR-22)."""

from __future__ import annotations

from collections import Counter

from boardwright.bots.runebound.bot import HANDLERS, RuneboundBot
from boardwright.bots.runebound.cult.play import CultPlay
from boardwright.bots.runebound.cult.value import (
    ELIMINATION,
    VP_WORTH,
    CounterOdds,
    brand_cost,
    nearest_cities,
    pile_push,
)
from boardwright.bots.runebound.party import Party, adventure_hexes
from tests.runebound.botkit import assert_reads_only_its_observation, play_bots
from tests.runebound.cult.kit import CULT, GAME, cult_game, give_vp, part, rules_of

UNNEEDED = ("deck_sizes", "discard_sizes", "result", "first_player", "finished", "winner")


def test_the_bot_answers_every_cult_decision_itself() -> None:
    """Heuristic games: every decision met has a handler (never the random fallback), and the
    cult's own decisions come up."""
    seen: Counter[str] = Counter()
    play = CultPlay(RuneboundBot(0))
    for seed in range(3):
        _, chosen = play_bots(3, 9500 + seed, ["heuristic"] * 3, {**CULT, "max_rounds": 20})
        seen.update(key.partition(":")[0] for key in chosen)
    unhandled = [k for k in seen if k not in HANDLERS and play.handler(k) is None]
    assert not unhandled, unhandled
    assert seen["cult_move"] or seen["experience"]


def test_the_bot_reads_only_its_observation_in_cult() -> None:
    assert_reads_only_its_observation(9600, {**CULT, "max_rounds": 12}, UNNEEDED)


# --- what the bot weighs a counter by (bots/runebound/cult/value.py) ----------------------------


def cult_bot() -> RuneboundBot:
    bot = RuneboundBot(1)
    bot.use_play(CultPlay(bot))
    return bot


def test_a_branding_costs_more_the_nearer_the_hero_is_to_elimination() -> None:
    """CR-21, CR-23: each marker is a point of life and stamina and the cheapest VP card; at
    one life left the next marker ends the hero's game, worth more than any fight."""
    state = cult_game(players=2)
    bot = cult_bot()
    view = GAME.view(state, 0)
    seat_part = view["cult"]["seats"][0]
    costs = []
    for life in (7, 4, 2, 1):
        party = Party(bot.kb, view, 0)
        party.life = life
        costs.append(brand_cost(party, seat_part))
    assert costs == sorted(costs) and len(set(costs)) == 4
    assert costs[-1] > ELIMINATION
    give_vp(state, 0, "cr-y1")
    held = GAME.view(state, 0)["cult"]["seats"][0]
    party = Party(bot.kb, view, 0)
    assert brand_cost(party, held) - brand_cost(party, seat_part) >= 2 * VP_WORTH  # the card


def test_a_cultist_is_weighed_by_its_cult_deck_and_its_vp() -> None:
    """CR-9, CR-18: a turned counter is worth its cult deck's fights with their VP, an unturned
    one the base deck's challenges (its events and encounters bring nothing but the pile); a
    knock-out that wakes the hero in an infiltrated city costs a branding too (CR-19)."""
    state = cult_game(players=2)
    bot = cult_bot()
    cult = part(state)
    here = next(h for h, bits in enumerate(state.counters) if bits & 1 and not cult.turned[h])
    nearest = nearest_cities(bot.kb)[here]
    city = next(c.index for c in rules_of(state).board.cities if c.id == nearest)
    cult.infiltrated = [c for c in cult.infiltrated if c != city]
    party = Party(bot.kb, GAME.view(state, 0), 0)
    odds = CounterOdds(bot.kb, party, GAME.view(state, 0)["cult"])
    unturned = bot.play.counter_values(party)(here, ["green"])
    gain, fall = odds.base["green"]
    assert unturned == gain - party.knockout_cost() * fall
    cult.turned[here] |= 1
    party = Party(bot.kb, GAME.view(state, 0), 0)
    turned = bot.play.counter_values(party)(here, ["green"])
    gain, fall = odds.cult["green"]
    assert turned == gain - party.knockout_cost() * fall
    assert fall > 0  # the fights can be lost, so the branding below weighs
    cult.infiltrated.append(city)
    party = Party(bot.kb, GAME.view(state, 0), 0)
    infiltrated = bot.play.counter_values(party)(here, ["green"])
    seat_part = GAME.view(state, 0)["cult"]["seats"][0]
    assert infiltrated == turned - brand_cost(party, seat_part) * fall


def test_a_counter_of_an_empty_cult_deck_is_worth_nothing() -> None:
    """CR-36: a cultist whose cult deck is spent cannot be taken on."""
    state = cult_game(players=2)
    bot = cult_bot()
    cult = part(state)
    give_vp(state, 1, *(rules_of(state).adventures[c].id for c in list(cult.decks[0])))
    party = Party(bot.kb, GAME.view(state, 0), 0)
    assert CounterOdds(bot.kb, party, GAME.view(state, 0)["cult"]).cult["green"] == (0.0, 0.0)


def test_the_special_pile_is_pushed_by_the_leader_only() -> None:
    """CR-24, CR-26: a card more on the special pile brings the end nearer, which the leader in
    VP wants; the others value it at nothing (avoiding the base decks would cost them the
    experience they need)."""
    state = cult_game(players=2)
    bot = cult_bot()
    give_vp(state, 0, "cr-y1", "cr-y2")
    lead = pile_push(Party(bot.kb, GAME.view(state, 0), 0), GAME.view(state, 0)["cult"])
    trail = pile_push(Party(bot.kb, GAME.view(state, 1), 1), GAME.view(state, 1)["cult"])
    assert lead > 0 and trail == 0.0


def test_cr_8_and_cr_18_red_cultists_are_targets_though_the_base_red_deck_is_empty() -> None:
    """CR-8, CR-18, CR-36: every red counter is a cultist, drawn for from the red cult deck; the
    base red deck is set aside (CR-2), so the view's spent_decks names red, yet the bot sees the
    red counters as adventures (they were once never taken on). An unturned counter still
    follows spent_decks, and a cultist whose cult deck is empty offers nothing."""
    state = cult_game(players=2)
    bot = cult_bot()
    view = GAME.view(state, 0)
    assert "red" in view["spent_decks"] and view["cult"]["decks"]["red"] == 7
    play = bot.play
    assert isinstance(play, CultPlay)
    spent = play.spent_at(view)
    red_hex = next(at for at, colours in view["counters"].items() if "red" in colours)
    assert "red" not in spent(red_hex)
    red_index = bot.kb.index_of[red_hex]
    offered = {h: present for h, _, present in adventure_hexes(bot.kb, view, spent)}
    assert "red" in offered[red_index]
    assert red_index not in {h for h, _, _ in adventure_hexes(bot.kb, view)}  # the old reading
    emptied = {**view, "cult": {**view["cult"], "decks": {**view["cult"]["decks"], "red": 0}}}
    assert "red" in play.spent_at(emptied)(red_hex)
    green_hex = next(at for at, colours in view["counters"].items() if colours == ["green"])
    unturned = {**view, "spent_decks": ["green", "red"]}
    assert "green" in play.spent_at(unturned)(green_hex)
