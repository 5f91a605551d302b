"""Runebound RB-4.11 (kept red cards grant their holder abilities) and RB-4.12 / AR-3.1 (the
base red deck holds only challenges); the content schema of a kept card's abilities; the
heuristic bot and the MCTS worth valuing them."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from boardwright.bots.mcts.runebound_worth import RuneboundWorth
from boardwright.bots.runebound.knowledge import Knowledge
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.values import card_win_value, kept_value
from boardwright.engine.events import Event
from boardwright.games.runebound.records import AdventureCard
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.scenario import (
    CONTENT,
    GAME,
    RULES,
    adventure,
    challenge,
    enemy_life,
    events,
    gem_hexes,
    keys,
    life,
    me,
    new_game,
    play,
    refresh,
    rig,
    roll_on,
    rolls,
    start_adventure,
    take_adventure_card,
)

RUNES = [c for c in CONTENT.adventures if c.reward.dragon_rune]


def keep(state: RuneboundState, *card_ids: str, seat: int = 0) -> None:
    for card_id in card_ids:
        card = adventure(card_id)
        take_adventure_card(state, card)
        state.heroes[seat].runes.append(card)


def test_rb_4_11_every_dragon_rune_grants_its_holder_an_ability() -> None:
    """RB-4.11 (seed 004: as in Rise of the Dragonlords, defeated red challenges give special
    abilities besides experience): each of our Dragon Runes has reward abilities, its own and
    not the challenge's."""
    assert len(RUNES) == 8
    for card in RUNES:
        assert card.reward.abilities, card.id
        own = {a.name for a in card.abilities}
        assert not own & {a.name for a in card.reward.abilities}, card.id


def test_rb_4_11_a_kept_cards_passive_ability_lasts_while_it_is_held() -> None:
    """RB-4.11: a passive reward ability (r-08: +2 life) counts while the card is held, and
    the challenge's own abilities (its armour) never do."""
    state = new_game(1)
    before = life(state)
    keep(state, "r-08")
    assert life(state) == before + 2
    assert RULES.loadout(state, 0).armour == 0  # not the challenge's Hide of Granite
    me(state).runes.clear()
    assert life(state) == before


def test_rb_4_11_a_kept_cards_ability_is_offered_and_used_with_its_cost() -> None:
    """RB-4.11: an ability of a kept card (r-05: once per turn, 1 exhaustion, 2 wounds healed)
    is offered like an item's, paid for, logged under the card's name and used once."""
    state = new_game(1)
    keep(state, "r-05")
    h = me(state)
    h.wounds = 2
    refresh(state)
    key = f"use:r{adventure('r-05')}.0"
    assert key in keys(state)
    log: list[Event] = []
    play(state, key, log=log)
    assert (h.wounds, h.exhaustion) == (0, 1)
    used = events(log, "ability")
    text = GAME.texts(GAME.config(1)).event(used[0])
    assert "Sythelline of the Black Mere: Waters of the Mere" in text
    assert key not in keys(state)


def test_rb_4_11_winning_a_rune_brings_its_ability_at_once() -> None:
    """RB-4.11: the hero who wins a Dragon Rune has its ability from then on (r-02's extra
    movement die right after the fight)."""
    state = new_game(1)
    assert RULES.modifier(state, 0, "movement_dice") == 0
    start_adventure(state, gem_hexes("red")[0], "red", "r-02")  # ranged and melee
    assert state.combat is not None
    state.combat.enemy_wounds = enemy_life("r-02") - 1
    me(state).turn_mods.append(("damage", Rules.enemy_armour(challenge("r-02"))))
    rig(state, *rolls(20))
    play(state, "attack:ranged")
    roll_on(state)
    assert adventure("r-02") in me(state).runes
    assert RULES.modifier(state, 0, "movement_dice") == 1


def test_rb_4_11_loadout_follows_the_kept_cards() -> None:
    """RB-4.11: the seat's loadout is rebuilt when it keeps a card (the fingerprint holds the
    kept cards), so a passive ability never lags behind."""
    state = new_game(1)
    plain = RULES.owned_fingerprint(state, 0)
    keep(state, "r-02")
    assert RULES.owned_fingerprint(state, 0) != plain
    assert any(
        m.stat == "movement_dice" for m in RULES.loadout(state, 0).modifies.get("movement_dice", ())
    )


BASE_REWARD: dict[str, Any] = {"gold": 3, "dragon_rune": True}
ABILITY: dict[str, Any] = {
    "name": "Test Power",
    "text": "Once per turn: remove 1 wound.",
    "timing": "activate",
    "effects": [{"do": "heal", "wounds": 1}],
}


def card_with(reward: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "r-99",
        "name": "Test Dragon",
        "colour": "red",
        "kind": "challenge",
        "life": 8,
        "melee": {"value": 17, "damage": 3},
        "reward": reward,
    }


def test_rb_4_11_reward_abilities_in_the_content_schema() -> None:
    """RB-4.11: a reward's abilities are checked: only a kept card grants them, only in an
    item's windows, and never with a discard cost (a kept card is never lost, RB-4.6)."""
    ok = AdventureCard.model_validate(card_with({**BASE_REWARD, "abilities": [ABILITY]}))
    assert ok.reward.abilities[0].name == "Test Power"
    bad = (
        ({"gold": 3, "abilities": [ABILITY]}, "only a kept card"),
        ({**BASE_REWARD, "abilities": [{**ABILITY, "timing": "event"}]}, "timing 'event'"),
        (
            {**BASE_REWARD, "abilities": [{**ABILITY, "cost": {"discard": True}}]},
            "never discarded",
        ),
    )
    for reward, message in bad:
        with pytest.raises(ValidationError, match=message):
            AdventureCard.model_validate(card_with(reward))


# --- RB-4.12 / AR-3.1 ---------------------------------------------------------------------
def test_rb_4_12_ar_3_1_the_base_red_deck_holds_only_challenges() -> None:
    """RB-4.12 / AR-3.1 (seed 002: „beachte, dass es im Basis-Set noch keine gibt"): the base
    red deck has no events or encounters, so the endgame's preparation removes nothing; its
    Dragonlords and Margath are all of it, and Vorakesh's servants are blue challenges."""
    red = [c for c in CONTENT.adventures if c.colour == "red"]
    assert len(red) == 9 and all(c.kind == "challenge" for c in red)
    assert sum(c.reward.wins_game for c in red) == 1 and all(c in red for c in RUNES)
    servants = ("Herald of Vorakesh", "Ossuary Bone-Warden", "Vorakesh's Dread Rider")
    moved = [c for c in CONTENT.adventures if c.name in servants]
    assert [(c.colour, c.kind) for c in moved] == [("blue", "challenge")] * 3


# --- the bots -----------------------------------------------------------------------------
def test_rb_4_11_the_heuristic_bot_values_and_uses_kept_abilities() -> None:
    """RB-4.11: the heuristic bot values a rune's abilities (a rune is worth more with them),
    reads its passive abilities into the fight model (r-07: +1 ranged damage) and lists its
    usable ones under the game's keys."""
    kb = Knowledge(CONTENT)
    assert all(kept_value(card) > 0 for card in RUNES)
    state = new_game(1)
    party = Party(kb, GAME.view(state, 0), 0)
    bare = challenge("r-05").model_copy(
        update={"reward": challenge("r-05").reward.model_copy(update={"abilities": []})}
    )
    with_power = card_win_value(kb, party, challenge("r-05"), counter=False)
    assert with_power > card_win_value(kb, party, bare, counter=False)
    ranged_damage = party.sig()[2][0]
    keep(state, "r-07", "r-05")
    held = Party(kb, GAME.view(state, 0), 0)
    assert held.sig()[2][0] == ranged_damage + 1
    assert f"r{adventure('r-05')}.0" in {key for key, _ in held.abilities("activate")}


def test_rb_4_11_the_mcts_worth_counts_kept_abilities() -> None:
    """RB-4.11: RuneboundWorth adds what a kept card's abilities are worth: holding r-05 is
    worth its abilities more than holding a kept red card without any (r-09, as the endgame
    may leave one), the trophies being the same."""
    worth = RuneboundWorth(GAME)
    state = new_game(2)
    keep(state, "r-05")
    with_power = worth(state, 0)
    me(state).runes[:] = [adventure("r-09")]
    weight = worth.weights_for(state)["kept"]
    assert weight > 0
    gained = 0.5 * weight * kept_value(challenge("r-05"))
    assert with_power - worth(state, 0) == pytest.approx(gained)
