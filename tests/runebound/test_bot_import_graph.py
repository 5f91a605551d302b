"""The adventure seam in the import graph of the heuristic bot, ``boardwright.bots.runebound``: no
base bot module imports an adventure's bot part (``bots/runebound/<id>/``) or an adventure
package of the game (the play is found through ``Adventure.bot_play``, by name), no module imports
another's private name, and the modules import one another without a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import boardwright.bots.runebound as bot_package
from boardwright.games.runebound.adventures import ADVENTURES, get_adventure

PACKAGE = "boardwright.bots.runebound"
ROOT = Path(bot_package.__file__).resolve().parent
GAME_ADVENTURES = "boardwright.games.runebound.adventures"
ADVENTURE_PARTS = sorted(
    p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file() and p.name in ADVENTURES
)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


MODULES = {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def adventure_of(module: str) -> str | None:
    """The adventure a module belongs to, in the bot (``bots.runebound.al_kalim...``) or in the
    game (``games.runebound.adventures.al_kalim...``); None for anything else."""
    for prefix in (PACKAGE, GAME_ADVENTURES):
        if module.startswith(prefix + "."):
            first = module[len(prefix) + 1 :].split(".")[0]
            return first if first in ADVENTURES else None
    return None


def imported(node: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """(module, name) per name an import statement loads (``from a import b`` loads the module
    ``a.b`` when that is a module of the bot package; ``import a`` loads no name)."""
    if isinstance(node, ast.Import):
        return [(alias.name, "") for alias in node.names]
    base = node.module or ""
    return [
        (f"{base}.{alias.name}", "") if f"{base}.{alias.name}" in MODULES else (base, alias.name)
        for alias in node.names
    ]


def all_imports(path: Path) -> list[tuple[str, str]]:
    """Every import anywhere in a module (in functions and TYPE_CHECKING blocks too)."""
    tree = ast.parse(path.read_text(), str(path))
    return [
        found
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for found in imported(node)
    ]


def load_time_imports(statements: list[ast.stmt]) -> list[str]:
    """The modules imported when a module loads (not in functions or ``if TYPE_CHECKING:``)."""
    found: list[str] = []
    for node in statements:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.extend(module for module, _ in imported(node))
        elif isinstance(node, ast.If) and not (
            isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        ):
            found.extend(load_time_imports(node.body))
    return found


def test_the_al_kalim_part_is_found() -> None:
    assert "al_kalim" in ADVENTURE_PARTS
    assert f"{PACKAGE}.al_kalim.play" in MODULES


def test_no_base_bot_module_imports_an_adventure() -> None:
    offending = [
        f"{module} imports {target}"
        for module, path in MODULES.items()
        if adventure_of(module) is None
        for target, _ in all_imports(path)
        if adventure_of(target) is not None
    ]
    assert offending == []


def test_the_adventure_names_its_bot_play_in_its_bot_part() -> None:
    for adventure_id in ADVENTURES:
        adventure = get_adventure(adventure_id)
        if adventure.bot_play:
            assert adventure.bot_play.startswith(f"{PACKAGE}.{adventure_id}."), adventure_id


def test_no_module_imports_a_private_name() -> None:
    """A name another module needs is public: no ``from x import _y`` within the bot."""
    offending = [
        f"{module} imports {target}.{name}"
        for module, path in MODULES.items()
        for target, name in all_imports(path)
        if target.startswith(PACKAGE) and name.startswith("_")
    ]
    assert offending == []


def test_the_bot_modules_import_without_a_cycle() -> None:
    graph = {
        module: {
            target
            for target in load_time_imports(ast.parse(path.read_text()).body)
            if target in MODULES and target != module
        }
        for module, path in MODULES.items()
    }
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for target in sorted(graph[module]):
            visit(target, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
