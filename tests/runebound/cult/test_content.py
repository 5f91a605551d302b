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
from boardwright.games.runebound.content import cult_only_place
from boardwright.games.runebound.records import AdventureCard
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
    cult, seven brand, four cleanse, four are harder on the branded; none is kept or wins."""
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
    assert sum("cleanse" in effects_of(c) for c in cards) == 4
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


@pytest.mark.parametrize("cleanse", [True, False])
def test_cr_45_cleanse_removes_corruption_unless_the_option_says_no(cleanse: bool) -> None:
    """CR-45: cleanse n removes up to n markers; cult.card_cleanse=false: nothing."""
    state = cult_game(**{"cult.card_cleanse": cleanse})
    part(state).corruption[0] = part(state).gained[0] = 3
    rules_of(state).cleanse(state, 0, 2, [])
    assert part(state).corruption[0] == (1 if cleanse else 3)


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
                        "effects": [{"do": "cleanse", "amount": 1}],
                    }
                ]
            ),
            "cleanse acts only in reward",
        ),
    ],
    ids=["count", "trait", "kept", "cleanse-timing"],
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
    """CR-48: a base or pack card using corrupt (or cult_move, cleanse, only_if) is refused."""
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
