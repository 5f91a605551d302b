"""The compiled build (mypyc, setup.py): the suite tests what is installed, an edited source is
never shadowed by its stale compiled module (``boardwright/_build.py``), and compiled and pure
Python play the same games."""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import boardwright
from boardwright._build import (
    LIBRARY,
    MANIFEST,
    PURE_ENV,
    compiled_present,
    pure_requested,
    stale_reason,
)
from boardwright.engine.rng import Rng

PACKAGE_DIR = Path(boardwright.__file__).resolve().parent
REPO = Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
PROBED = ("engine/rng.py", "engine/state.py")  # what a made-up build record lists


def compiled_modules() -> list[str]:
    manifest = json.loads((PACKAGE_DIR / MANIFEST).read_text())
    return sorted(manifest["modules"])


def module_name(source: str) -> str:
    return "boardwright." + source.removesuffix(".py").replace("/", ".")


def test_the_suite_runs_the_build_that_is_installed() -> None:
    """The tests import this checkout's package, and its compiled modules when it was built
    compiled (``pip install -e .``), not their sources."""
    assert PACKAGE_DIR == REPO / "src" / "boardwright"
    if compiled_present() and not pure_requested():
        assert boardwright.BUILD == "compiled"
        for source in compiled_modules():
            module = importlib.import_module(module_name(source))
            assert module.__spec__ is not None, source
            assert isinstance(module.__spec__.loader, importlib.machinery.ExtensionFileLoader)
        assert not isinstance(Rng.below, types.FunctionType)
    else:
        assert boardwright.BUILD == "pure"
        assert isinstance(Rng.below, types.FunctionType)


def copy_package(target: Path) -> Path:
    """A copy of the package with a build record: the real compiled build when there is one,
    otherwise a made-up one whose "compiled modules" are garbage, so that loading any of them
    fails (the guard must keep them from loading)."""
    copy = target / "boardwright"
    shutil.copytree(PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    if not compiled_present(copy):
        modules = {}
        for name in PROBED:
            source = copy / name
            stat = source.stat()
            digest = hashlib.sha256(source.read_bytes()).hexdigest()
            modules[name] = [stat.st_size, stat.st_mtime_ns, digest]
            source.with_name(source.stem + SUFFIX).write_bytes(b"not a compiled module")
        (copy / (LIBRARY + SUFFIX)).write_bytes(b"not a compiled library")
        text = copy / "cli" / "text.py"
        digest = hashlib.sha256(text.read_bytes()).hexdigest()
        sources = {"cli/text.py": [text.stat().st_size, text.stat().st_mtime_ns, digest]}
        record = {"python": sys.implementation.cache_tag, "modules": modules, "sources": sources}
        (copy / MANIFEST).write_text(json.dumps(record))
    return copy


def import_in_child(root: Path, *, pure: bool = False) -> subprocess.CompletedProcess[str]:
    """Import the copy at ``root`` in a fresh process: its build, where ``Rng`` came from, and
    whether ``engine/rng.py``'s edit is live."""
    code = (
        "import boardwright, boardwright.engine.rng as rng; "
        "print(boardwright.BUILD, rng.__spec__.origin.endswith('.py'), "
        "getattr(rng, 'EDITED', False))"
    )
    env = {key: value for key, value in os.environ.items() if key != PURE_ENV}
    env["PYTHONPATH"] = str(root)
    if pure:
        env[PURE_ENV] = "1"
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )


def test_unchanged_sources_keep_the_build_even_with_new_mtimes(tmp_path: Path) -> None:
    copy = copy_package(tmp_path)
    os.utime(copy / "engine" / "rng.py", ns=(0, 0))  # a new mtime: the hash decides
    assert stale_reason(copy) is None


def test_an_edited_source_loads_the_whole_package_as_pure_python(tmp_path: Path) -> None:
    copy = copy_package(tmp_path)
    with (copy / "engine" / "rng.py").open("a") as source:
        source.write("\nEDITED = True\n")
    assert stale_reason(copy) == "engine/rng.py changed since the build"
    child = import_in_child(tmp_path)
    assert child.stdout.split() == ["pure", "True", "True"]
    warning = child.stderr.splitlines()
    assert len(warning) == 1
    assert "engine/rng.py changed since the build" in warning[0]
    assert "python3 tools/install.py" in warning[0]


def test_an_edited_module_that_is_not_compiled_loads_pure_python_too(tmp_path: Path) -> None:
    """Compiled code may hold another module's types and constants (mypyc inlines ``Final``
    values), so any edited module of the package makes the build stale."""
    copy = copy_package(tmp_path)
    with (copy / "cli" / "text.py").open("a") as source:
        source.write("\n# edited\n")
    assert stale_reason(copy) == "cli/text.py changed since the build"
    assert import_in_child(tmp_path).stdout.split() == ["pure", "True", "False"]


def test_a_missing_compiled_module_loads_pure_python(tmp_path: Path) -> None:
    copy = copy_package(tmp_path)
    (copy / "engine" / ("rng" + SUFFIX)).unlink()
    assert stale_reason(copy) == "the compiled engine/rng.py is missing"
    assert import_in_child(tmp_path).stdout.split() == ["pure", "True", "False"]


def test_compiled_modules_without_a_build_record_load_pure_python(tmp_path: Path) -> None:
    copy = copy_package(tmp_path)
    (copy / MANIFEST).unlink()
    assert stale_reason(copy) == "compiled modules without a build record"


def test_pure_python_on_request_loads_every_source_without_a_warning(tmp_path: Path) -> None:
    copy_package(tmp_path)
    child = import_in_child(tmp_path, pure=True)
    assert child.stdout.split() == ["pure", "True", "False"]
    assert child.stderr == ""


def digests(*, pure: bool) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    out = subprocess.run(
        [sys.executable, "-m", "tests.build_digest"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: dict[str, str] = json.loads(out)
    return found


@pytest.mark.skipif(boardwright.BUILD != "compiled", reason="needs the compiled build")
def test_the_compiled_build_plays_the_same_games_as_pure_python() -> None:
    """Same seeds, same games: random play of each game, the advanced rules and Al-Kalim (with
    determinized views along the way) and heuristic bot games."""
    compiled, pure = digests(pure=False), digests(pure=True)
    assert (compiled.pop("build"), pure.pop("build")) == ("compiled", "pure")
    assert len(compiled) == 10
    assert compiled == pure
