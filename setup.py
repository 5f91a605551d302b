"""Build hook.

* Wheels carry the rules references (docs/rules/*.md) as the package data folder
  ``boardwright/reference``, where ``boardwright rules`` reads them in an installed copy (a
  checkout reads docs/rules itself).
* The hot modules (the engine core and the games' rules, procedures and states) are compiled
  with mypyc into one extension library by ``tools/native_build.py``, which ``build_ext`` runs:
  into ``src/boardwright`` for an editable install (nothing to do when the compiled modules there
  are up to date with the sources, as after ``python3 tools/install.py``), into the build folder
  for a wheel. It keeps what it compiled under ``build/native``, so a changed module recompiles
  only what it must. Without a C compiler it installs pure Python and says so;
  ``BOARDWRIGHT_PURE=1`` skips compiling (and removes the compiled modules of an earlier build).

Everything else is configured in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
RULES_SOURCE = Path("docs") / "rules"
RULES_TARGET = Path("boardwright") / "reference"


def pure_requested() -> bool:
    return os.environ.get("BOARDWRIGHT_PURE", "") not in ("", "0")


def native_build() -> ModuleType:
    """tools/native_build.py, loaded by its path (the tools folder is no package)."""
    spec = importlib.util.spec_from_file_location(
        "native_build", ROOT / "tools" / "native_build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class BuildPyWithReference(build_py):
    """``build_py`` plus a copy of the rules references into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / RULES_TARGET
        self.mkpath(str(target))
        for source in sorted(RULES_SOURCE.glob("*.md")):
            self.copy_file(str(source), str(target / source.name))


class BuildNative(build_ext):
    """The compiled modules, by tools/native_build.py instead of setuptools' own steps."""

    def run(self) -> None:
        native = native_build()
        editable = self.inplace or getattr(self, "editable_mode", False)
        package = ROOT / "src" / "boardwright" if editable else Path(self.build_lib) / "boardwright"
        outcome = native.build(ROOT, package, reporter=native.PlainReporter(sys.stderr))
        print(native.warning_for(outcome) or f"boardwright: {outcome.message}", file=sys.stderr)

    def get_outputs(self) -> list[str]:
        return []  # written by native_build (an editable install's are in the source folder)

    def get_output_mapping(self) -> dict[str, str]:
        return {}


def extensions() -> list[Extension]:
    """A stand-in for the compiled modules, which BuildNative builds (it makes the wheel
    platform-specific); none for pure Python, which leaves no compiled module behind."""
    if pure_requested():
        native_build().remove_compiled(ROOT / "src" / "boardwright")
        return []
    return [Extension("boardwright._native__mypyc", sources=[])]


setup(
    cmdclass={"build_py": BuildPyWithReference, "build_ext": BuildNative},
    ext_modules=extensions(),
)
