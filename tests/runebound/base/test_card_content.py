"""The Runebound base-game cards: counts, uniqueness, balance, and that the generator made them."""

from __future__ import annotations

import importlib.util
import math
import sys
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from boardwright.engine.content import load_records
from boardwright.games.runebound.records import AdventureCard, Hero, MarketCard
from tests.runebound.balancekit import assert_report_is_fresh

ROOT = Path(__file__).resolve().parents[3]
BASE = ROOT / "src" / "boardwright" / "content" / "runebound" / "base"
TOOL = ROOT / "tools" / "generate_runebound_cards.py"

ADVENTURE_SPLIT = {  # colour: (challenges, events, encounters), RB-4.13
    "green": (12, 9, 9),
    "yellow": (10, 7, 7),
    "blue": (9, 6, 6),  # AR-3.1: with the three servants of Vorakesh
    "red": (9, 0, 0),  # AR-3.1: the base red deck holds only challenges
}
MARKET_SPLIT = {"weapon": 20, "armour": 12, "artifact": 16, "rune": 12, "ally": 24}
COLOURS = ("green", "yellow", "blue", "red")
STEPS = ("ranged", "melee", "magic")


@cache
def tool() -> ModuleType:
    """The generator script, imported by path (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("generate_runebound_cards", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being created
    spec.loader.exec_module(module)
    return module


@cache
def heroes() -> tuple[Hero, ...]:
    return load_records(BASE / "heroes.yaml", Hero, list_key="heroes")


@cache
def adventures() -> tuple[AdventureCard, ...]:
    return load_records(BASE / "adventures.yaml", AdventureCard, list_key="adventures")


@cache
def market() -> tuple[MarketCard, ...]:
    return load_records(BASE / "market.yaml", MarketCard, list_key="market")


def dump(record: Any) -> dict[str, Any]:
    data: dict[str, Any] = record.model_dump(mode="json")
    return data


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson correlation of the ranks)."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy)


# --- counts and identity --------------------------------------------------------------------------
def test_twelve_heroes_in_the_published_ranges() -> None:
    assert len(heroes()) == 12
    for hero in heroes():
        assert 4 <= hero.life <= 6 and 2 <= hero.stamina <= 4, hero.name
        for attack in (hero.mind, hero.body, hero.spirit):
            assert 0 <= attack.value <= 5 and 1 <= attack.damage <= 2, hero.name
        # research base §7: "one or two special abilities"; skill bonuses come with no count
        # there, and ours keep to at most three (one hero has three since issue 18)
        assert 1 <= len(hero.skills) <= 3 and 1 <= len(hero.abilities) <= 2, hero.name
        assert hero.id.startswith("h-")


def test_rb_4_13_adventure_split_per_colour() -> None:
    """RB-4.13: 84 cards; 44 events and encounters in the green, yellow and blue decks, enough
    for the seed's Cult pile goal of 18 to 22 of them (CR-26)."""
    counted: Counter[tuple[str, str]] = Counter((card.colour, card.kind) for card in adventures())
    assert len(adventures()) == 84
    for colour, (challenges, events, encounters) in ADVENTURE_SPLIT.items():
        assert counted[colour, "challenge"] == challenges
        assert counted[colour, "event"] == events
        assert counted[colour, "encounter"] == encounters
        letter = colour[0]
        assert all(c.id.startswith(f"{letter}-") for c in adventures() if c.colour == colour)


def test_market_split_per_kind() -> None:
    assert len(market()) == 84
    assert Counter(card.kind for card in market()) == MARKET_SPLIT
    assert all(card.id.startswith("m-") for card in market())


def all_records() -> list[Hero | AdventureCard | MarketCard]:
    return [*heroes(), *adventures(), *market()]


def test_ids_and_names_are_unique_across_all_files() -> None:
    records = all_records()
    ids = [record.id for record in records]
    names = [record.name for record in records]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)


def test_every_card_has_a_text() -> None:
    cards: list[AdventureCard | MarketCard] = [*adventures(), *market()]
    for card in cards:
        assert card.text.strip(), card.id
    for record in all_records():
        for ability in record.abilities:
            assert ability.text.strip() and ability.effects, record.id


def test_no_hooks() -> None:
    def effects(record: Any) -> list[dict[str, Any]]:
        data = dump(record)
        found = [e for a in data.get("abilities") or () for e in a["effects"]]
        found += (data.get("reward") or {}).get("effects") or []
        for choice in data.get("choices") or ():
            found += choice["success"] + choice["failure"]
        return found

    used = {
        effect["name"]
        for record in all_records()
        for effect in effects(record)
        if effect["do"] == "hook"
    }
    assert used == set(tool().HOOKS)


# --- adventures -----------------------------------------------------------------------------------
def test_rb_4_13_event_numbers_are_their_colours_rank() -> None:
    """RB-4.13, CR-17: green events are number 1, yellow 2, blue 3 (a Cult ritual reaches 1 to
    3 hexes)."""
    rank = {"green": 1, "yellow": 2, "blue": 3}
    events = [card for card in adventures() if card.kind == "event"]
    assert len(events) == 22
    assert all(card.number == rank[card.colour] for card in events)
    for card in adventures():
        if card.kind == "event":
            assert {a.timing for a in card.abilities} <= {"event", "while_in_play"}, card.id


def test_about_half_the_events_replenish() -> None:
    events = [card for card in adventures() if card.kind == "event"]
    replenishing = [
        card
        for card in events
        if any(e.do == "replenish" for a in card.abilities for e in a.effects)
    ]
    assert 0.4 <= len(replenishing) / len(events) <= 0.6


def test_dragon_runes_and_margath() -> None:
    runes = [card for card in adventures() if card.reward.dragon_rune]
    assert len(runes) == 8
    assert all(card.colour == "red" and card.kind == "challenge" for card in runes)
    winners = [card for card in adventures() if card.reward.wins_game]
    assert [card.name for card in winners] == ["High Lord Margath"]
    assert winners[0].no_escape and winners[0].colour == "red" and not winners[0].reward.dragon_rune


def test_challenge_strength_rises_with_colour() -> None:
    mean_value, mean_life = [], []
    for colour in COLOURS:
        cards = [c for c in adventures() if c.colour == colour and c.kind == "challenge"]
        values = [
            attack.value
            for card in cards
            for attack in (card.ranged, card.melee, card.magic)
            if attack is not None
        ]
        lives = [card.life for card in cards if card.life is not None]
        mean_value.append(sum(values) / len(values))
        mean_life.append(sum(lives) / len(lives))
    assert mean_value == sorted(mean_value) and len(set(mean_value)) == 4
    assert mean_life == sorted(mean_life) and len(set(mean_life)) == 4


@pytest.mark.parametrize("colour", COLOURS)
def test_challenges_stay_in_their_colour_bands(colour: str) -> None:
    scale = tool().SCALES[colour]
    for card in adventures():
        if card.colour != colour or card.kind != "challenge":
            continue
        assert card.life is not None
        assert scale.life[0] <= card.life <= scale.life[1], card.id
        assert scale.gold[0] <= card.reward.gold <= scale.gold[1], card.id
        for attack in (card.ranged, card.melee, card.magic):
            if attack is not None:
                assert scale.value[0] <= attack.value <= scale.value[1], card.id
                assert scale.damage[0] <= attack.damage <= scale.damage[1], card.id


def test_encounters_have_two_or_three_choices_with_fair_tests() -> None:
    for card in adventures():
        if card.kind != "encounter":
            continue
        assert 2 <= len(card.choices) <= 3, card.id
        low, high = tool().SCALES[card.colour].test
        tests = [choice.test for choice in card.choices if choice.test is not None]
        assert tests, card.id
        assert all(low <= test.difficulty <= high for test in tests), card.id
        assert all(choice.success or choice.failure for choice in card.choices), card.id


def test_every_fight_names_a_challenge_of_the_same_colour() -> None:
    by_id = {card.id: card for card in adventures()}
    fights = 0
    for card in adventures():
        for choice in card.choices:
            for effect in (*choice.success, *choice.failure):
                if effect.do == "fight":
                    fights += 1
                    target = by_id.get(effect.card)
                    assert target is not None, f"{card.id} fights unknown {effect.card}"
                    assert target.kind == "challenge" and target.colour == card.colour, card.id
    assert fights > 0


# --- balance --------------------------------------------------------------------------------------
def test_balance_report_was_made_with_the_shipped_heroes() -> None:
    """Hero power is set by simulation (docs/balance.md), not by the price yardstick: the report
    must come from the content that ships, so changing a hero means running the balance again."""
    assert_report_is_fresh("balance.md", (hero.name for hero in heroes()))


@pytest.mark.parametrize("kind", sorted(MARKET_SPLIT))
def test_market_cost_tracks_value(kind: str) -> None:
    cards = [card for card in market() if card.kind == kind]
    values = [tool().market_value(dump(card)) for card in cards]
    costs = [float(card.cost) for card in cards]
    assert spearman(costs, values) >= 0.7
    low, high = tool().PRICE_BANDS[kind]
    assert all(low <= card.cost <= high for card in cards)
    assert [card.cost for card in cards] == [tool().price(value) for value in values]


def test_allies_in_their_ranges() -> None:
    for card in market():
        if card.kind != "ally":
            continue
        assert card.life is not None and 1 <= card.life <= 6, card.name
        assert card.stamina is not None and 1 <= card.stamina <= 4, card.name
        for attack in (card.mind, card.body, card.spirit):
            assert attack is not None and 0 <= attack.value <= 5 and 0 <= attack.damage <= 3


# --- the generator --------------------------------------------------------------------------------
def test_generator_reproduces_the_files(tmp_path: Path) -> None:
    written = tool().write(tmp_path)
    assert sorted(path.name for path in written) == [
        "adventures.yaml",
        "heroes.yaml",
        "market.yaml",
    ]
    for path in written:
        assert path.read_bytes() == (BASE / path.name).read_bytes(), f"{path.name} is stale"


def test_build_matches_the_loaded_records() -> None:
    built = tool().build()
    assert set(built) == {"heroes", "adventures", "market"}
    assert [r["id"] for r in built["heroes"]] == [h.id for h in heroes()]
    assert [r["id"] for r in built["adventures"]] == [a.id for a in adventures()]
    assert [r["id"] for r in built["market"]] == [m.id for m in market()]
