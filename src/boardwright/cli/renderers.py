"""Which function draws which game's view: the renderer its game registry entry names.

The renderer (``"module:function"``) takes the game's view dict and returns a Rich renderable.
A function that also takes a ``content`` keyword gets the static content the game was built
with (views hold ids; names come from the content), so that games built from a content pack show
that pack's names; one that takes a ``language`` keyword draws its words and names in the
player's language (English unless one is given). Games without an entry get a generic dump of
their view.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from boardwright.engine.catalog import DEFAULT_LANGUAGE
from boardwright.engine.game import Game
from boardwright.games import GAMES, load_target

Renderer = Callable[[Mapping[str, Any]], RenderableType]


def generic_render(view: Mapping[str, Any]) -> RenderableType:
    """Fallback for games without a renderer: the view as pretty-printed data."""
    return Pretty(dict(view), max_depth=4)


def takes(function: Callable[..., Any], parameter: str) -> bool:
    try:
        return parameter in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def get_renderer(
    game_name: str, game: Game[Any] | None = None, language: str = DEFAULT_LANGUAGE
) -> Renderer:
    """The renderer registered for ``game_name``, or :func:`generic_render`.

    With ``game`` given, a renderer taking ``content`` is bound to ``game.content``; with a
    language other than English, a renderer taking ``language`` is bound to it.
    """
    entry = GAMES.get(game_name)
    if entry is None:
        return generic_render
    renderer: Callable[..., RenderableType] = load_target(entry.renderer)
    bound: dict[str, Any] = {}
    content = getattr(game, "content", None)
    if content is not None and takes(renderer, "content"):
        bound["content"] = content
    if language != DEFAULT_LANGUAGE and takes(renderer, "language"):
        bound["language"] = language
    return partial(renderer, **bound) if bound else renderer
