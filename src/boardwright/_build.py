"""Which build of boardwright runs: the compiled one (mypyc, see setup.py) or pure Python.

The build writes ``_compiled.json`` beside the compiled modules: the size, mtime and hash of
each compiled source and of every other module of the package. At ``import boardwright``
:func:`choose` compares the sources with it (sizes and mtimes first, a hash only for a file
whose stat changed). When a module was edited since the build (any module: compiled code may
hold another module's types and constants), or a compiled module is missing, the whole package
loads from its ``.py`` files, with a one-line warning saying how to rebuild: a contributor's
edit is never shadowed by a stale compiled module, and compiled and interpreted copies of the
rules never mix. ``BOARDWRIGHT_PURE=1`` asks for pure Python on purpose (no warning).

Never compiled itself (it decides whether compiled modules may load).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import FileFinder, ModuleSpec, SourceFileLoader
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = "_compiled.json"  # written by setup.py
LIBRARY = "_native__mypyc"  # the extension holding the compiled modules
PURE_ENV = "BOARDWRIGHT_PURE"
REBUILD = "python3 tools/install.py"  # the README's install step: recompiles what changed


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _extension(module_path: Path) -> Path | None:
    """The compiled module beside a source (``x.py`` -> ``x.cpython-311-....so``), if any."""
    stem = module_path.with_suffix("")
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = stem.with_name(stem.name + suffix)
        if candidate.exists():
            return candidate
    return None


def _file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale_reason(package_dir: Path = PACKAGE_DIR) -> str | None:
    """Why the compiled modules in ``package_dir`` must not load, or None when they may (or
    when there are none)."""
    manifest_path = package_dir / MANIFEST
    library = _extension(package_dir / f"{LIBRARY}.py")
    if not manifest_path.exists():
        return "compiled modules without a build record" if library else None
    try:
        manifest = json.loads(manifest_path.read_text())
        modules: dict[str, list[object]] = manifest["modules"]
        sources: dict[str, list[object]] = manifest.get("sources", {})
        built_for = manifest["python"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return f"an unreadable build record ({MANIFEST})"
    if built_for != sys.implementation.cache_tag or library is None:
        return None  # built for another Python: its compiled modules cannot load here anyway
    # the compiled modules, then the others (compiled code may hold their types and constants)
    for name, (size, mtime_ns, digest) in [*sorted(modules.items()), *sorted(sources.items())]:
        source = package_dir / name
        try:
            stat = source.stat()
        except OSError:
            return f"{name} is gone"
        if name in modules and _extension(source) is None:
            return f"the compiled {name} is missing"
        if (stat.st_size, stat.st_mtime_ns) != (size, mtime_ns) and _file_hash(source) != digest:
            return f"{name} changed since the build"
    return None


class SourceOnlyFinder:
    """A meta path finder that loads every ``boardwright`` module from its ``.py`` file."""

    def __init__(self) -> None:
        self._finders: dict[str, FileFinder] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("boardwright.") or not path:
            return None
        for entry in path:
            finder = self._finders.get(entry)
            if finder is None:
                finder = FileFinder(entry, (SourceFileLoader, [".py"]))
                self._finders[entry] = finder
            spec = finder.find_spec(fullname)
            if spec is not None and spec.loader is not None:
                return spec
        return None


def compiled_present(package_dir: Path = PACKAGE_DIR) -> bool:
    """Whether this Python can load a compiled build recorded in ``package_dir``."""
    return (package_dir / MANIFEST).exists() and _extension(
        package_dir / f"{LIBRARY}.py"
    ) is not None


def choose() -> str:
    """Set up loading for this process; returns "compiled" or "pure"."""
    if any(isinstance(finder, SourceOnlyFinder) for finder in sys.meta_path):
        return "pure"
    if not pure_requested():
        reason = stale_reason()
        if reason is None:
            return "compiled" if compiled_present() else "pure"
        sys.stderr.write(
            f"boardwright: running pure Python, the compiled modules are stale ({reason});"
            f" rebuild with `{REBUILD}` (or set {PURE_ENV}=1)\n"
        )
    sys.meta_path.insert(0, SourceOnlyFinder())
    return "pure"
