"""The heuristic bot's shared memos stay within their bounds, and bounding them changes no
choice (their entries are pure functions of their keys)."""

from __future__ import annotations

import pytest

from boardwright.bots.runebound.al_kalim.knowledge import al_kalim_knowledge
from boardwright.bots.runebound.memo import BoundedMemo
from boardwright.games.runebound.content import default_content, with_packs
from tests.runebound.botkit import play_bots

NO_PACKS = with_packs(default_content(), ())  # the content a game without packs plays


def test_a_full_memo_forgets_its_older_half() -> None:
    memo: BoundedMemo[int, str] = BoundedMemo(4)
    for key in range(4):
        memo.put(key, str(key))
    memo.put(2, "again")  # a key already kept takes no room
    assert len(memo) == 4
    memo.put(4, "4")
    assert len(memo) == 3
    assert [memo.get(k) for k in range(5)] == [None, None, "again", "3", "4"]
    for key in range(100):
        memo.put(key, "")
        assert len(memo) <= 4


def test_tight_memos_keep_their_bounds_and_change_no_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = {"adventure": "al-kalim", "max_rounds": 6}
    kinds = ["heuristic", "heuristic"]
    kb = al_kalim_knowledge(NO_PACKS)
    _, roomy = play_bots(2, 41, kinds, options)
    memos: tuple[str, ...] = ("fight_cache", "fight_grids", "plan_rounds", "plan_serials")
    memos += ("value_cache", "signatures")
    for name in memos:
        monkeypatch.setattr(kb, name, BoundedMemo(40))
    _, tight = play_bots(2, 41, kinds, options)
    assert tight == roomy
    assert all(0 < len(getattr(kb, name)) <= 40 for name in memos)
