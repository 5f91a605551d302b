"""Seeded random play through ``Match`` with the contract checked along the way.

Cheap checks run at every decision (options, unique keys, data only); the costly ones (every
option tried on a clone, the views of every seat and what they hide, clones, determinize, undo,
the prompt and options rendered in every checked language) at sampled decisions, among them
the first of every decision kind; save/load at one point in the middle and at the end; the texts of
the whole log, as every seat sees it, at the end. That keeps the whole suite fast.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from boardwright.engine.decision import Decision
from boardwright.engine.errors import UndoRefusedError
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng
from boardwright.engine.session import Match, load_save
from tests.conformance.games import conformance_game as get_game

from .configurations import Case
from .hidden import fields, with_hidden_parts_changed
from .texts import check_decision_texts, check_log_texts, check_structured, language_texts

MAX_DECISIONS = 20_000  # a random game of either game ends far sooner (round caps)
SAMPLE_EVERY = 61  # decisions between two deep checks (after the first few)
FIRST_SAMPLED = 3
CLONE_STEPS = 12  # random decisions played on a clone to see that the original keeps still
UNDO_CHECKS = 3  # undos tried per game, where the policy allows one
# Games whose ranks follow their scores (a better rank never has a lower score).
RANKS_FOLLOW_SCORES = frozenset({"realm-of-sand"})

Views = list[dict[str, Any]]


def snapshot(value: Any, depth: int = 0) -> Any:
    """A deep, comparable copy of a state: equal snapshots mean equal states. Frozen
    dataclasses (decisions, options) compare by value and are kept as they are."""
    assert depth < 40, "the state nests too deep to snapshot"
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return tuple(snapshot(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), snapshot(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return tuple(sorted(map(repr, value)))
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return value
    parts = fields(value)
    return (
        type(value).__name__,
        tuple((k, snapshot(v, depth + 1)) for k, v in sorted(parts.items())),
    )


def seats_of(players: int) -> list[int | None]:
    return [*range(players), None]


def all_views(game: Game[Any], state: Any, players: int) -> Views:
    return [game.view(state, seat) for seat in seats_of(players)]


def decision_keys(decision: Decision | None) -> list[str] | None:
    return None if decision is None else [o.key for o in decision.options]


def option_key_lists(view: Any) -> Iterator[list[str]]:
    """The keys of every list of option entries (dicts with a "key") anywhere in a view."""
    if isinstance(view, dict):
        for value in view.values():
            yield from option_key_lists(value)
    elif isinstance(view, list):
        if view and all(isinstance(item, dict) and "key" in item for item in view):
            yield [str(item["key"]) for item in view]
        for item in view:
            yield from option_key_lists(item)


# --- the checks ---------------------------------------------------------------------------------
def check_decision(decision: Decision, players: int) -> None:
    keys = [o.key for o in decision.options]
    assert keys, f"decision {decision.kind} has no options"
    assert len(set(keys)) == len(keys), f"decision {decision.kind} repeats keys: {keys}"
    assert 0 <= decision.seat < players, f"decision {decision.kind} for seat {decision.seat}"


def check_every_key_applies(game: Game[Any], state: Any, decision: Decision) -> None:
    for option in decision.options:
        trial = game.clone(state)
        game.apply_key(trial, option.key)  # raises if the key is refused


def check_views(game: Game[Any], state: Any, players: int, views: Views) -> None:
    """JSON-ready; the decision's options only in its own seat's view; no deck order or RNG."""
    decision = game.decision(state)
    for seat, view in zip(seats_of(players), views, strict=True):
        json.dumps(view)  # no default=: a view is plain JSON data
        if decision is None:
            continue
        keys = [o.key for o in decision.options]
        lists = list(option_key_lists(view))
        if seat == decision.seat:
            assert keys in lists, "the deciding seat's view lacks its options"
        else:
            assert keys not in lists, f"seat {seat}'s view shows seat {decision.seat}'s options"
    changed = game.clone(state)
    with_hidden_parts_changed(changed)
    assert all_views(game, changed, players) == views, "a view shows a deck order or the RNG"


def check_clone_independence(game: Game[Any], state: Any, players: int, seed: int) -> None:
    before = snapshot(state)
    keys = decision_keys(game.decision(state))
    clone = game.clone(state)
    chooser = Rng(seed)
    for _ in range(CLONE_STEPS):
        decision = game.decision(clone)
        if decision is None:
            break
        game.apply(clone, chooser.below(len(decision.options)), [])
    assert snapshot(state) == before, "playing a clone changed the original"
    assert decision_keys(game.decision(state)) == keys


def check_determinize(game: Game[Any], state: Any, players: int, seed: int) -> None:
    """For every seat: the sample shows that seat the same view; the original is untouched."""
    determinize = game.determinize
    before = snapshot(state)
    for seat in range(players):
        seen = game.view(state, seat)
        sample = determinize(state, seat, Rng(seed + seat))
        assert game.view(sample, seat) == seen, f"determinize changed what seat {seat} sees"
        assert snapshot(state) == before, "determinize changed the original state"


def check_undo_messages(match: Match[Any], players: int) -> None:
    for seat in range(players):
        refusal = match.undo_refusal(seat)
        if refusal is None:
            continue
        assert refusal and "\n" not in refusal, f"undo refusal is not one line: {refusal!r}"
        with pytest.raises(UndoRefusedError) as caught:
            match.undo(seat)
        assert "\n" not in str(caught.value)


def check_undo(match: Match[Any], seat: int, before: Views, players: int) -> bool:
    """Undo ``seat``'s last action where the policy allows it: the views go back to ``before``;
    playing the same key again gives the same views as the first time. False if refused."""
    if match.undo_refusal(seat) is not None:
        return False
    after = all_views(match.game, match.state, players)
    key = match.actions[-1].key
    match.undo(seat)
    assert all_views(match.game, match.state, players) == before, "undo did not restore"
    match.play_key(key)
    assert all_views(match.game, match.state, players) == after, "redoing gave another state"
    return True


def check_save_round_trip(match: Match[Any], players: int) -> None:
    save = json.loads(json.dumps(match.to_save()))
    loaded = load_save(save, get_game)
    assert all_views(loaded.game, loaded.state, players) == all_views(
        match.game, match.state, players
    ), "the loaded save shows another state"
    assert decision_keys(loaded.decision) == decision_keys(match.decision)
    assert loaded.result == match.result


def check_result(game: Game[Any], match: Match[Any], players: int) -> None:
    result = match.result
    assert result is not None, "the game stopped asking without a result"
    ranks, scores = result.ranks, result.scores
    assert len(ranks) == players and len(scores) == players
    for rank in ranks:  # 1 + the number of seats ranked strictly better (ties share a rank)
        assert rank == 1 + sum(1 for other in ranks if other < rank), f"ranks {ranks}"
    if game.name in RANKS_FOLLOW_SCORES:
        for a in range(players):
            for b in range(players):
                if ranks[a] < ranks[b]:
                    assert scores[a] >= scores[b], f"ranks {ranks} against scores {scores}"
    json.dumps(result.to_data())


# --- one game ------------------------------------------------------------------------------------
def sampled(number: int, kind: str, kinds_seen: set[str]) -> bool:
    """Deep checks at the first decisions, at the first decision of every kind, and then at
    every ``SAMPLE_EVERY``-th decision."""
    first_of_kind = kind not in kinds_seen
    kinds_seen.add(kind)
    return first_of_kind or number < FIRST_SAMPLED or number % SAMPLE_EVERY == 0


def play_checked(match: Match[Any], index: int, seed: int, *, try_undo: bool) -> bool:
    """Play option ``index`` of a sampled decision with the deep checks before and after it;
    True when an undo was taken (and redone)."""
    game, state, players = match.game, match.state, match.config.players
    decision = match.decision
    assert decision is not None
    views = all_views(game, state, players)
    check_views(game, state, players, views)
    check_every_key_applies(game, state, decision)
    check_clone_independence(game, state, players, seed)
    earlier_clone = game.clone(state)
    kept = snapshot(earlier_clone)
    match.play(index)
    assert snapshot(earlier_clone) == kept, "playing the original changed a clone taken before"
    check_undo_messages(match, players)
    return try_undo and check_undo(match, decision.seat, views, players)


def play_case(case: Case) -> int:
    """Play ``case`` to its end with every check; the number of decisions it took."""
    game = get_game(case.game)
    players = case.players
    match = Match(game, game.config(players, case.options), case.seed)
    texts = language_texts(game, match.config)
    chooser = Rng(case.seed * 7 + 1)
    undos = 0
    number = 0
    kinds_seen: set[str] = set()
    while (decision := match.decision) is not None:
        assert number < MAX_DECISIONS, f"no end after {MAX_DECISIONS} decisions"
        check_decision(decision, players)
        check_structured(decision)
        index = chooser.below(len(decision.options))
        if not sampled(number, decision.kind, kinds_seen):
            match.play(index)
        else:
            check_decision_texts(decision, texts)
            if play_checked(match, index, case.seed + number, try_undo=undos < UNDO_CHECKS):
                undos += 1
        if number == SAMPLE_EVERY:
            check_save_round_trip(match, players)
        number += 1
    check_result(game, match, players)
    check_save_round_trip(match, players)
    check_log_texts(match.log, seats_of(players), texts)
    return number


def play_determinizing(case: Case) -> None:
    """Play ``case`` and check ``determinize`` at the sampled decisions."""
    game = get_game(case.game)
    match = Match(game, game.config(case.players, case.options), case.seed)
    chooser = Rng(case.seed * 7 + 1)
    number = 0
    kinds_seen: set[str] = set()
    while (decision := match.decision) is not None:
        if sampled(number, decision.kind, kinds_seen):
            check_determinize(game, match.state, case.players, case.seed + number)
        match.play(chooser.below(len(decision.options)))
        number += 1
