"""The adventure seam in the import graph of ``boardwright.games.runebound``: no base module
imports an adventure package (they reach adventures only through the registry, by name), and the
Runebound modules import one another without a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import boardwright.games.runebound as runebound_package

PACKAGE = "boardwright.games.runebound"
ROOT = Path(runebound_package.__file__).resolve().parent
ADVENTURES = f"{PACKAGE}.adventures"
ADVENTURE_IDS = sorted(
    p.name for p in (ROOT / "adventures").iterdir() if (p / "__init__.py").is_file()
)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


MODULES = {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def adventure_of(module: str) -> str | None:
    """The adventure package a module belongs to (``al_kalim``), or None for a base module."""
    if not module.startswith(ADVENTURES + "."):
        return None
    first = module[len(ADVENTURES) + 1 :].split(".")[0]
    return first if first in ADVENTURE_IDS else None


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement loads (``from a import b`` loads ``a.b`` when that is a
    module of the package, else ``a``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    return [
        f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
        for alias in node.names
    ]


def all_imports(tree: ast.Module) -> list[str]:
    """Every module imported anywhere in a module (in functions and TYPE_CHECKING too)."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.extend(imported(node))
    return found


def load_time_imports(statements: list[ast.stmt]) -> list[str]:
    """The imports run when a module loads: its top level and the blocks there, but not
    functions, classes' methods or ``if TYPE_CHECKING:`` blocks."""
    found: list[str] = []
    for node in statements:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.extend(imported(node))
        elif isinstance(node, ast.If):
            if not is_type_checking(node.test):
                found.extend(load_time_imports(node.body))
            found.extend(load_time_imports(node.orelse))
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                found.extend(load_time_imports(block))
            for handler in node.handlers:
                found.extend(load_time_imports(handler.body))
    return found


def with_parents(module: str) -> list[str]:
    """Importing ``a.b.c`` runs the packages ``a.b`` and ``a`` first."""
    parts = module.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts) + 1)]


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def test_the_adventures_are_found() -> None:
    assert {"dragonlords", "al_kalim"} <= set(ADVENTURE_IDS)


def test_no_base_module_imports_an_adventure() -> None:
    """Outside ``adventures/<id>/``, no import names ``...adventures.<id>``: the registry loads
    adventures by string only."""
    offending = []
    for module, path in MODULES.items():
        if adventure_of(module) is not None:
            continue
        for target in all_imports(parse(path)):
            if adventure_of(target) is not None:
                offending.append(f"{module} imports {target}")
    assert offending == []


def test_an_adventure_imports_no_other_adventure() -> None:
    offending = []
    for module, path in MODULES.items():
        own = adventure_of(module)
        if own is None:
            continue
        for target in all_imports(parse(path)):
            other = adventure_of(target)
            if other is not None and other != own:
                offending.append(f"{module} imports {target}")
    assert offending == []


def load_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        targets = {
            parent
            for target in load_time_imports(parse(path).body)
            for parent in with_parents(target)
            if parent in MODULES and parent != module
        }
        graph[module] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle as its modules in order, or [] (a depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return []

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return []


def test_the_runebound_modules_import_without_a_cycle() -> None:
    """Module-level imports (TYPE_CHECKING-only ones aside) form no cycle."""
    assert find_cycle(load_graph()) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_no_runebound_module_imports_one_lazily() -> None:
    """No import of a Runebound module inside a function: a lazy import hides a cycle."""
    offending: list[str] = []
    for module, path in MODULES.items():
        for node in ast.walk(parse(path)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    targets = [t for t in imported(inner) if t.startswith(PACKAGE)]
                    offending.extend(f"{module}.{node.name} imports {t}" for t in targets)
    assert offending == []
