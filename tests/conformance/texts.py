"""The texts contract: options, decisions and events carry data only, and it all renders.

Every option names what it is (a message id) and, like every decision, has JSON-ready
arguments. The game's ``Texts`` render every prompt and option met and every event of the log
as each seat and a spectator see it, in English and through the German and Polish lookups
(which fall back to English for any message they lack), with no missing message or field
(``CatalogError``) and no field left unfilled in the text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from boardwright.engine.decision import Args, Decision
from boardwright.engine.events import Event
from boardwright.engine.game import Game, GameConfig
from boardwright.engine.texts import Texts

LANGUAGES = ("en", "de", "pl")
LEFTOVER_FIELD = re.compile(r"\{\w*\}")


def language_texts(game: Game[Any], config: GameConfig) -> list[Texts]:
    """The game's texts for ``config`` in every checked language."""
    return [game.texts(config, language) for language in LANGUAGES]


def check_json_ready(args: Args, what: str) -> None:
    """``args`` come back unchanged through JSON: no tuples, sets, objects or non-text keys."""
    plain = dict(args)
    assert json.loads(json.dumps(plain)) == plain, f"{what}: args are not JSON-ready: {plain!r}"


def check_structured(decision: Decision) -> None:
    check_json_ready(decision.args, f"decision {decision.kind}")
    for option in decision.options:
        assert option.what, f"decision {decision.kind}: option {option.key} says not what it is"
        check_json_ready(option.args, f"option {option.key}")


def check_shown(text: str, what: str, texts: Texts) -> None:
    language = texts.catalog.language
    assert text.strip(), f"{what} renders empty ({language})"
    leftover = LEFTOVER_FIELD.search(text)
    assert leftover is None, f"{what} leaves {leftover.group()} unfilled ({language}): {text!r}"


def check_decision_texts(decision: Decision, texts_by_language: Iterable[Texts]) -> None:
    for texts in texts_by_language:
        check_shown(texts.prompt(decision), f"the prompt of {decision.kind}", texts)
        for option in decision.options:
            check_shown(texts.option(option), f"option {option.key} ({option.what})", texts)


def check_log_texts(
    log: list[Event], seats: Iterable[int | None], texts_by_language: Iterable[Texts]
) -> None:
    """Every event of ``log`` as each of ``seats`` (None: a spectator) sees it. A seat sees an
    event whole or as its public copy, so each of those two is rendered once."""
    languages, viewers = list(texts_by_language), list(seats)
    for event in log:
        copies = {seen.redacted: seen for v in viewers if (seen := event.for_seat(v)) is not None}
        for seen in copies.values():
            what = f"event {event.kind}" + (" (public copy)" if seen.redacted else "")
            for texts in languages:
                check_shown(texts.event(seen), what, texts)
