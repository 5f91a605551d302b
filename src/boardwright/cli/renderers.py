"""Which function draws which game's view: the only game-specific table in the CLI.

Each entry maps a game name to ``"module:function"``; the function takes the game's view dict
and returns a Rich renderable. A function that also takes a ``content`` keyword gets the static
content the game was built with (views hold ids; names come from the content), so that games
built from a content pack show that pack's names. Games without an entry get a generic dump of
their view.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import partial
from importlib import import_module
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from boardwright.engine.game import Game

Renderer = Callable[[Mapping[str, Any]], RenderableType]

RENDERERS: dict[str, str] = {
    "realm-of-sand": "boardwright.games.realm_of_sand.render:render_view",
    "runebound": "boardwright.games.runebound.render:render_view",
}


def generic_render(view: Mapping[str, Any]) -> RenderableType:
    """Fallback for games without a renderer: the view as pretty-printed data."""
    return Pretty(dict(view), max_depth=4)


def takes_content(function: Callable[..., Any]) -> bool:
    try:
        return "content" in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def get_renderer(game_name: str, game: Game[Any] | None = None) -> Renderer:
    """The renderer registered for ``game_name``, or :func:`generic_render`.

    With ``game`` given, a renderer taking ``content`` is bound to ``game.content``.
    """
    target = RENDERERS.get(game_name)
    if target is None:
        return generic_render
    module_name, _, function_name = target.partition(":")
    renderer: Callable[..., RenderableType] = getattr(import_module(module_name), function_name)
    content = getattr(game, "content", None)
    if content is not None and takes_content(renderer):
        return partial(renderer, content=content)
    return renderer
