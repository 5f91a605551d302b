"""The Sands of Al-Kalim's texts: every prompt, option and event of the adventure carries data
only, and renders through the adventure's English catalog and display fields with no missing
message or field (seeded random games over the Al-Kalim options, 2 to 4 players)."""

from __future__ import annotations

from collections import Counter
from string import Formatter

import pytest

from boardwright.engine.catalog import DEFAULT_LANGUAGE, read_messages
from boardwright.engine.events import Event
from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventures.al_kalim.adventure import AL_KALIM
from tests.runebound.al_kalim.kit import AL_KALIM_OPTIONS, GAME, al_kalim_case_options
from tests.runebound.al_kalim.scenario import events, out_in_the_dunes, play, to_step3
from tests.runebound.al_kalim.texts import AL_KALIM_TEXTS, label, prompt, text
from tests.runebound.kit import eager_choice

GAMES = [(players, index) for players in (2, 3, 4) for index in range(3)]
assert AL_KALIM.message_package is not None
MESSAGES = read_messages(AL_KALIM.message_package, DEFAULT_LANGUAGE)


def is_al_kalim(msgid: str) -> bool:
    return msgid in MESSAGES


def rendered(players: int, index: int) -> Counter[str]:
    """Play one seeded game; render every prompt, option and event met (the base game's too,
    with the Al-Kalim board and cards). Returns how often each Al-Kalim message id was
    rendered."""
    seed = players * 7_919 + index
    options = {**AL_KALIM_OPTIONS, **al_kalim_case_options(players, index)}
    state = GAME.setup(GAME.config(players, options), seed)
    rng = Rng(seed)
    seen: Counter[str] = Counter()
    log: list[Event] = []
    while (decision := state.pending) is not None:
        prompt_id = f"rb.prompt.{decision.kind}"
        if is_al_kalim(prompt_id):
            seen[prompt_id] += 1
        assert prompt(decision)
        for option in decision.options:
            assert option.what, option.key
            if is_al_kalim(option.what):
                seen[option.what] += 1
            assert label(option)
        GAME.apply(state, eager_choice(decision, rng), log)
    for event in log:
        shown = AL_KALIM_TEXTS.event(event)
        seen[f"rb.event.{event.kind}.{event.data.get('variant', '')}"] += 1
        assert shown and "{" not in shown
    return seen


@pytest.mark.parametrize(("players", "index"), GAMES)
def test_every_al_kalim_text_renders(players: int, index: int) -> None:
    assert rendered(players, index)


def test_the_games_meet_most_of_the_catalog() -> None:
    """The sample is broad: the games above render most Al-Kalim prompts and options."""
    seen: Counter[str] = Counter()
    for players, index in GAMES:
        seen += rendered(players, index)
    asked = {m for m in MESSAGES if m.startswith(("rb.prompt.", "rb.option."))}
    met = asked & set(seen)
    assert len(met) >= 0.7 * len(asked), sorted(asked - met)


def test_options_and_prompts_keep_their_wording() -> None:
    state = GAME.setup(GAME.config(2, AL_KALIM_OPTIONS), 1)
    decision = state.pending
    assert decision is not None and decision.kind == "start_city"
    assert prompt(decision) == f"Player {decision.seat + 1}: where does your hero start?"
    assert all(label(o).startswith("start in ") for o in decision.options)
    state = out_in_the_dunes()
    to_step3(state)
    decision = state.pending
    assert decision is not None
    assert prompt(decision).startswith("Player 1 (")
    assert prompt(decision).endswith(": an adventure or a story?")
    assert "roll the story die" in [label(o) for o in decision.options]


def test_events_keep_their_wording() -> None:
    state = out_in_the_dunes()
    log: list[Event] = []
    to_step3(state, time="day", log=log)
    play(state, "story", log=log)
    assert text(events(log, "time")[0]).endswith(") travels by day")
    rolled = text(events(log, "story")[0])
    assert rolled.startswith("Player 1 (") and ") rolls the story die: " in rolled


def test_every_template_names_known_fields_only() -> None:
    """Each prompt, option and event template of the catalog fills only fields that have a
    display formatter (the base game's or the adventure's) or are plain numbers."""
    numbers = {"cost", "gold", "total", "difficulty", "roll", "progress", "count", "quest_step"}
    numbers |= {"steps", "each", "limit", "players", "price"}
    known = set(AL_KALIM_TEXTS.fields) | numbers | {"item_kind"}
    for msgid, template in MESSAGES.items():
        if msgid.startswith(("rb.prompt.", "rb.option.", "rb.event.")):
            named = {name for _, name, _, _ in Formatter().parse(template) if name}
            assert named <= known, (msgid, named - known)
