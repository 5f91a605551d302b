"""The cult's cards (docs/rules/cult.md CR-47), their vocabulary (CR-43 to CR-46) and what the
content checker demands (CR-48): one-line errors naming the file, the record and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from boardwright.engine.content import ContentError
from boardwright.games.runebound.adventures.cult.content import (
    CULT_DIR,
    load_cult,
    validate_cult_dir,
)
from boardwright.games.runebound.content import cult_only_place, default_content
from boardwright.games.runebound.records import AdventureCard
from tests.runebound.balancekit import assert_report_is_fresh
from tests.runebound.cult.kit import cult_game, part, rules_of


def shipped() -> list[dict[str, Any]]:
    data: dict[str, Any] = yaml.safe_load((CULT_DIR / "adventures.yaml").read_text("utf-8"))
    cards: list[dict[str, Any]] = data["adventures"]
    return cards


def effects_of(card: AdventureCard) -> list[str]:
    out: list[str] = [e.do for a in card.abilities for e in a.effects]
    out += [f.do for a in card.abilities for e in a.effects if e.do == "test" for f in e.failure]
    return out + [e.do for e in card.reward.effects]


def test_cr_47_thirty_original_cultists() -> None:
    """CR-47: 30 challenges of the set cult with the trait cultist, 8/8/7/7; seven move the
    cult, seven brand, four are harder on the branded; none is kept or wins, and none removes
    corruption (CR-45)."""
    cards = load_cult().adventures
    assert len(cards) == 30 and {c.card_set for c in cards} == {"cult"}
    assert all(c.kind == "challenge" and "cultist" in c.traits for c in cards)
    assert [sum(c.colour == k for c in cards) for k in ("green", "yellow", "blue", "red")] == [
        8,
        8,
        7,
        7,
    ]
    assert sum("cult_move" in effects_of(c) for c in cards) == 7
    assert sum("corrupt" in effects_of(c) for c in cards) == 7
    assert not any("cleanse" in effects_of(c) for c in cards)
    assert sum(any(a.only_if == "branded" for a in c.abilities) for c in cards) == 4
    assert not any(c.reward.dragon_rune or c.reward.wins_game for c in cards)


def test_cr_43_cult_move_pushes_the_cults_moves() -> None:
    """CR-43: cult_move n: the cult rolls and moves n times."""
    state = cult_game()
    rules_of(state).move_cult(state, 0, 2, [])
    assert state.stack[-1] == ("cult_move", 2, -1)


def test_cr_44_corrupt_brands_once_per_marker() -> None:
    """CR-44: corrupt n gives n corruption markers."""
    state = cult_game()
    rules_of(state).corrupt(state, 0, 2, [])
    assert part(state).corruption[0] == 2


def test_cr_45_and_cr_22_only_experience_removes_corruption(tmp_path: Path) -> None:
    """CR-45, CR-22: the seed's only way to lose the brand is experience spent in the experience
    step: no cultist of ours removes corruption, and a card that tries (an effect ``cleanse``)
    is refused as an unknown effect, with one line naming the file and the record."""
    state = cult_game()
    assert not hasattr(rules_of(state), "cleanse")
    cards = shipped()
    cards[0]["reward"]["effects"] = [{"do": "cleanse", "amount": 1}]
    folder = write(tmp_path / "cult", cards)
    with pytest.raises(ContentError) as caught:
        load_cult(folder)
    text = str(caught.value)
    assert "adventures.yaml" in text and "cr-g1" in text and "cleanse" in text
    assert "\n" not in text


def test_cr_46_only_if_branded_acts_on_a_branded_hero() -> None:
    """CR-46: an only_if: branded ability acts only against a hero with corruption."""
    state = cult_game()
    rules = rules_of(state)
    ability = next(a for c in load_cult().adventures for a in c.abilities if a.only_if)
    assert not rules.ability_acts(state, 0, ability)
    part(state).corruption[0] = 1
    assert rules.ability_acts(state, 0, ability)


def write(folder: Path, cards: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "adventures.yaml").write_text(
        yaml.safe_dump({"adventures": cards}, sort_keys=False), encoding="utf-8"
    )
    return folder


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda cards: cards.pop(0), "needs 8 green cultists"),
        (lambda cards: cards[0].update(traits=["beast"]), "trait 'cultist'"),
        (lambda cards: cards[0]["reward"].update(dragon_rune=True), "never kept nor wins"),
        (
            lambda cards: cards[0].update(
                abilities=[
                    {
                        "name": "x",
                        "text": "x",
                        "timing": "before_combat",
                        "effects": [{"do": "cult_move", "times": 1}],
                    }
                ]
            ),
            "cult_move acts only in after_knockout, reward",
        ),
    ],
    ids=["count", "trait", "kept", "cult-move-timing"],
)
def test_cr_48_the_checker_names_the_file_record_and_field(
    tmp_path: Path, change: Any, says: str
) -> None:
    """CR-48: counts, the trait, the reward, the primitives' places: one line each."""
    cards = shipped()
    change(cards)
    folder = write(tmp_path / "cult", cards)
    with pytest.raises(ContentError) as caught:
        load_cult(folder)
    text = str(caught.value)
    assert "adventures.yaml" in text and says in text and "\n" not in text
    assert [str(e) for e in validate_cult_dir(folder)] == [text]


def test_cr_48_the_cults_vocabulary_is_refused_outside_the_cult() -> None:
    """CR-48: a base or pack card using corrupt (or cult_move, only_if) is refused."""
    record = AdventureCard.model_validate(
        {
            "id": "g-99",
            "name": "Test",
            "colour": "green",
            "kind": "challenge",
            "life": 2,
            "melee": {"value": 9, "damage": 1},
            "abilities": [
                {
                    "name": "x",
                    "text": "x",
                    "timing": "after_knockout",
                    "effects": [{"do": "corrupt", "amount": 1}],
                }
            ],
        }
    )
    assert cult_only_place(record) == "abilities[0].effects[0]"
    assert cult_only_place(load_cult().adventures[0]) is None  # no cult vocabulary on cr-g1


def test_cr_47_the_rules_table_shows_the_shipped_cards() -> None:
    """CR-47: docs/rules/cult.md's table of our cultists gives each card's life, combat steps
    and gold as the content file has them."""
    import re

    doc = (Path(__file__).parents[3] / "docs" / "rules" / "cult.md").read_text("utf-8")
    row = re.compile(r"^\| (cr-\w+) \| [^|]+ \| (\d+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|")
    rows = {m.group(1): m.groups()[1:] for m in map(row.match, doc.splitlines()) if m}
    cards = {c["id"]: c for c in shipped()}
    assert set(rows) == set(cards)
    for card_id, (life, *steps) in rows.items():
        card = cards[card_id]
        shown = [
            f"{card[s]['value']}/{card[s]['damage']}" if card.get(s) else "\u2013"
            for s in ("ranged", "melee", "magic")
        ]
        assert (int(life), [s.strip() for s in steps]) == (card["life"], shown), card_id


def test_cr_47_the_cult_balance_report_is_fresh() -> None:
    """CR-47: our cultists are balanced by simulation (docs/balance-cult.md); the report must
    come from the shipped base and Cult files, with a row for every hero."""
    heroes = [hero.name for hero in default_content().heroes]
    assert_report_is_fresh("balance-cult.md", heroes, "cult")
