"""The test tree is made of packages: every folder with Python files has an ``__init__.py``, and
helpers are imported as package modules (``from tests.runebound.scenario import ...``), never by
putting a folder on the import path (``sys.path``), which would load a kit twice under two names
and hide which helper a test uses."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS_DIR = Path(__file__).resolve().parent


def _python_files(root: Path) -> list[Path]:
    return sorted(path for path in root.rglob("*.py") if "__pycache__" not in path.parts)


def folders_without_init(root: Path) -> list[str]:
    """Folders under ``root`` (itself included) holding Python files but no ``__init__.py``."""
    folders = {path.parent for path in _python_files(root)}
    return sorted(
        folder.relative_to(root.parent).as_posix()
        for folder in folders
        if not (folder / "__init__.py").is_file()
    )


def sys_path_uses(root: Path) -> list[str]:
    """``file:line`` of every ``sys.path`` read or change in the Python files under ``root``."""
    found: list[str] = []
    for path in _python_files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "path"
                and isinstance(node.value, ast.Name)
                and node.value.id == "sys"
            ):
                found.append(f"{path.relative_to(root.parent).as_posix()}:{node.lineno}")
    return found


def test_every_test_folder_is_a_package() -> None:
    missing = folders_without_init(TESTS_DIR)
    assert not missing, "test folders without __init__.py: " + ", ".join(missing)


def test_no_test_changes_the_import_path() -> None:
    uses = sys_path_uses(TESTS_DIR)
    assert not uses, (
        "import helpers as package modules (from tests.<game>.<kit> import ...) instead of "
        "changing sys.path: " + ", ".join(uses)
    )


def test_the_checks_find_a_flat_helper_import(tmp_path: Path) -> None:
    root = tmp_path / "tests"
    (root / "game").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "game" / "kit.py").write_text("GAME = 1\n")
    (root / "game" / "test_x.py").write_text(
        "import sys\nfrom pathlib import Path\n\n"
        "sys.path.insert(0, str(Path(__file__).parent))\n\nfrom kit import GAME\n"
    )
    assert folders_without_init(root) == ["tests/game"]
    assert sys_path_uses(root) == ["tests/game/test_x.py:4"]
