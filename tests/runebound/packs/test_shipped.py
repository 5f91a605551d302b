"""The shipped card packs (``content/runebound/packs``, written by tools/generate_pack_cards.py):
the research's counts, the base yardstick's prices, every PV primitive on several cards, the
packs' themes in their traits, importable and valid (docs/rules/packs.md PK-1, PK-2, PV-1 to
PV-12, KL-1, WW-1, SM-1, DD-1)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.games.runebound.card_packs import BUILTIN_PACKS_DIR
from boardwright.games.runebound.content import (
    default_content,
    load_content,
    validate_content_dir,
    with_packs,
)
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.records import Ability, AdventureCard, MarketCard
from tests.runebound.balancekit import assert_report_is_fresh

ROOT = Path(__file__).resolve().parents[3]
TOOL = ROOT / "tools" / "generate_pack_cards.py"
PACKS = ("kellos", "walkers", "margath", "drakes")


@cache
def tool() -> ModuleType:
    """The generator script, imported by path (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("generate_pack_cards", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being created
    spec.loader.exec_module(module)
    return module


def market(pack: str) -> list[MarketCard]:
    return [c for c in default_content().market if c.card_set == pack]


def adventures(pack: str) -> list[AdventureCard]:
    return [c for c in default_content().adventures if c.card_set == pack]


def abilities_of(pack: str) -> Iterator[Ability]:
    for card in market(pack):
        yield from card.abilities
    for adventure in adventures(pack):
        yield from adventure.abilities
        yield from adventure.reward.abilities


def effects_of(pack: str) -> Iterator[tuple[str, Any]]:
    """(timing, effect) of every ability, goal and choice of the pack's cards."""
    for ability in abilities_of(pack):
        for effect in ability.effects:
            yield ability.timing, effect
    for card in adventures(pack):
        goal = card.reward.goal
        for effect in goal.effects if goal else ():
            yield "goal", effect
        for choice in card.choices:
            for effect in (*choice.success, *choice.failure):
                yield "choice", effect


# PK-8, KL-1, WW-1: the market packs' compositions
def test_PK_8_KL_1_WW_1_the_market_packs_hold_30_cards_in_the_research_counts() -> None:
    walkers = Counter(c.kind for c in market("walkers"))
    assert walkers == {"ally": 12, "armour": 2, "rune": 1, "artifact": 6, "weapon": 7, "dual": 2}
    kellos = Counter(c.kind for c in market("kellos"))  # ours: the research has no breakdown
    assert sum(kellos.values()) == 30 and kellos["ally"] == 10 and "dual" not in kellos


# PK-8, SM-1, DD-1: the adventure packs' compositions, by colour: the research's totals and
# challenges per colour, its events made encounters (the seed: „Wyzwania i Spotkania")
@pytest.mark.parametrize(
    ("pack", "split"),
    [
        ("margath", {"green": (8, 4, 0), "yellow": (5, 4, 0), "blue": (3, 3, 0), "red": (2, 1, 0)}),
        ("drakes", {"green": (8, 4, 0), "yellow": (5, 4, 0), "blue": (4, 2, 0), "red": (2, 1, 0)}),
    ],
)
def test_PK_8_SM_1_DD_1_the_adventure_packs_hold_30_cards_per_colour(
    pack: str, split: dict[str, tuple[int, int, int]]
) -> None:
    cards = adventures(pack)
    assert len(cards) == 30
    for colour, want in split.items():
        mine = [c for c in cards if c.colour == colour]
        found = tuple(sum(c.kind == k for c in mine) for k in ("challenge", "encounter", "event"))
        assert found == want, colour


# PK-8: the seed's adventure-card packs bring challenges and encounters, and nothing else
def test_PK_8_margath_and_drakes_hold_challenges_and_encounters_only() -> None:
    for pack in ("margath", "drakes"):
        kinds = Counter(c.kind for c in adventures(pack))
        assert set(kinds) == {"challenge", "encounter"}, kinds
        assert kinds["challenge"] == (18 if pack == "margath" else 19)
    # the land still stirs: most of the encounters that replaced the events refill counters
    refills = [
        c.id
        for pack in ("margath", "drakes")
        for c in adventures(pack)
        if c.kind == "encounter"
        and all(any(e.do == "replenish" for e in (*ch.success, *ch.failure)) for ch in c.choices)
    ]
    assert len(refills) >= 8


# PK-2
def test_PK_2_ids_and_names_are_unique_across_every_set() -> None:
    content = default_content()
    ids = [c.id for c in content.market] + [c.id for c in content.adventures]
    names = [c.name for c in content.market] + [c.name for c in content.adventures]
    names += [h.name for h in content.heroes]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)


# PV-1 to PV-12: every primitive of the packs is used by several shipped cards
def test_PV_every_new_primitive_is_used_by_several_shipped_cards() -> None:
    used: Counter[str] = Counter()
    for pack in PACKS:
        for timing, effect in effects_of(pack):
            used[effect.do] += 1
            used[f"timing:{timing}"] += 1
            if getattr(effect, "trait", None):
                used["trait filter"] += 1
            if getattr(effect, "heroes", "self") != "self":
                used[f"heroes:{effect.heroes}"] += 1
            if getattr(effect, "duration", "step") != "step":
                used["duration"] += 1
            if effect.do == "teleport" and effect.to not in ("tamalir", "nearest_city", "any_city"):
                used["teleport to a named city"] += 1
    every = [c for p in PACKS for c in (*market(p), *adventures(p))]
    used["uses"] = sum(1 for c in every if isinstance(c, MarketCard) and c.uses is not None)
    used["dual"] = sum(1 for c in every if isinstance(c, MarketCard) and c.kind == "dual")
    used["held"] = sum(1 for c in every if isinstance(c, AdventureCard) and c.reward.hold)
    wanted = (
        "trait filter",  # PV-1
        "modify_enemy",  # PV-2
        "prevent",  # PV-3
        "timing:when_damaged",  # PV-3
        "duration",  # PV-4
        "heroes:all",  # PV-5
        "heroes:here",  # PV-5
        "pathfinder",  # PV-6
        "timing:instead_of_movement",  # PV-7
        "uses",  # PV-8
        "teleport to a named city",  # PV-9
        "timing:combat_round",  # PV-10
        "dual",  # PV-11
        "held",  # PV-12
    )
    assert {w: used[w] for w in wanted if used[w] < 2} == {}


# PK-2: the same yardstick as the base cards
def test_PK_2_market_prices_come_from_the_base_yardstick() -> None:
    built = tool().build()
    for pack in ("kellos", "walkers"):
        for record, card in zip(built[pack], market(pack), strict=True):
            value = tool().pack_market_value(record)
            assert card.cost == tool().cards.price(value), card.name
    # the extension prices an effect the base cards know exactly as the base yardstick does
    plain = {"do": "modify", "stat": "body", "amount": 2, "when": "attack"}
    assert tool().pack_effect_value(plain) == tool().cards.effect_value(plain)


# PK-2: a challenge's numbers stay in its colour's bands
def test_PK_2_pack_challenges_stay_in_the_base_colour_bands() -> None:
    scales = tool().cards.SCALES
    for pack in ("margath", "drakes"):
        for card in adventures(pack):
            if card.kind != "challenge":
                continue
            scale = scales[card.colour]
            assert card.life is not None and scale.life[0] <= card.life <= scale.life[1]
            for step in (card.ranged, card.melee, card.magic):
                if step is not None:
                    assert scale.value[0] <= step.value <= scale.value[1], card.name


# PK-8: each adventure pack's red challenges are Dragon Runes with a power for their holder (the
# seed leaves it to the content, packs-spec.md SM-A3; docs/balance-packs.md measured one rune a
# pack: a red draw without a rune slowed the race to a median of 32 rounds)
def test_PK_8_the_red_pack_challenges_are_dragon_runes_with_a_power() -> None:
    for pack in ("margath", "drakes"):
        reds = [c for c in adventures(pack) if c.colour == "red" and c.kind == "challenge"]
        assert len(reds) == 2
        for card in reds:
            assert card.reward.dragon_rune and card.reward.abilities, card.name


def test_PK_8_the_pack_challenges_fight_in_melee_about_as_often_as_the_base_ones() -> None:
    # issue 41 balance (docs/balance-packs.md): with melee on 6 of 10 pack yellows and magic the
    # easy step, the heroes who hit for 2 in magic took the packs and those who hit for 2 in
    # melee only lost them
    base = [c for c in default_content().adventures if c.kind == "challenge"]
    packs = [c for pack in ("margath", "drakes") for c in adventures(pack) if c.kind == "challenge"]

    def melee_share(cards: list[AdventureCard], colour: str) -> float:
        mine = [c for c in cards if c.colour == colour]
        return sum(c.melee is not None for c in mine) / len(mine)

    for colour in ("green", "yellow", "blue"):
        assert melee_share(packs, colour) >= melee_share(base, colour) - 0.25, colour


def test_the_generator_reproduces_the_files(tmp_path: Path) -> None:
    for path in tool().write(tmp_path):
        shipped = BUILTIN_PACKS_DIR / path.parent.name / path.name
        assert path.read_bytes() == shipped.read_bytes(), f"{shipped} is stale"


# PK-2: content validate and import take the shipped pack folders
def test_PK_2_the_shipped_packs_validate_and_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert validate_content_dir(BUILTIN_PACKS_DIR) == []
    monkeypatch.setenv("BOARDWRIGHT_HOME", str(tmp_path / "home"))
    runner = CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})
    for pack in ("walkers", "drakes"):
        copy = tmp_path / pack
        shutil.copytree(BUILTIN_PACKS_DIR / pack, copy)
        args = ["content", "import", "runebound", str(copy), "--name", "mine"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    imported = load_content(tmp_path / "home" / "content" / "runebound" / "mine")
    assert imported.packs == ("walkers", "drakes")
    assert len(with_packs(imported, ["drakes"]).adventures) == len(
        with_packs(default_content(), ["drakes"]).adventures
    )


# PK-9
def test_PK_9_a_game_holds_the_chosen_packs_cards_only() -> None:
    game = Runebound()
    plain = game.setup(game.config(2, {}), 1)
    rules = game.rules_for(plain)
    assert {c.card_set for c in rules.market} == {"base"}
    assert {c.card_set for c in rules.adventures} == {"base"}
    assert len(rules.market) == 84 and len(rules.adventures) == 84
    drakes = game.setup(game.config(2, {"packs": ["drakes"]}), 1)
    sets = {c.card_set for c in game.rules_for(drakes).adventures}
    assert sets == {"base", "drakes"}


# PK-8: the balance report with the packs comes from the shipped cards
def test_PK_8_the_packs_balance_report_is_fresh() -> None:
    heroes = [h.name for h in default_content().heroes]
    assert_report_is_fresh("balance-packs.md", heroes, packs=PACKS)
