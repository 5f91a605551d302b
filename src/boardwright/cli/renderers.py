"""Which function draws which game's view: the only game-specific table in the CLI.

Each entry maps a game name to ``"module:function"``; the function takes the game's view dict
and returns a Rich renderable. Games without an entry get a generic dump of their view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

Renderer = Callable[[Mapping[str, Any]], RenderableType]

RENDERERS: dict[str, str] = {
    "realm-of-sand": "boardwright.games.realm_of_sand.render:render_view",
}


def generic_render(view: Mapping[str, Any]) -> RenderableType:
    """Fallback for games without a renderer: the view as pretty-printed data."""
    return Pretty(dict(view), max_depth=4)


def get_renderer(game_name: str) -> Renderer:
    """The renderer registered for ``game_name``, or :func:`generic_render`."""
    target = RENDERERS.get(game_name)
    if target is None:
        return generic_render
    module_name, _, function_name = target.partition(":")
    renderer: Renderer = getattr(import_module(module_name), function_name)
    return renderer
