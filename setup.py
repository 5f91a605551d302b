"""Build hook.

* Wheels carry the rules references (docs/rules/*.md) as the package data folder
  ``boardwright/reference``, where ``boardwright rules`` reads them in an installed copy (a
  checkout reads docs/rules itself).
* The hot modules (the engine core and the games' rules, procedures and states: ``COMPILED``)
  are compiled with mypyc into one extension library beside their sources. The build writes
  ``boardwright/_compiled.json`` with each compiled source's size, mtime and hash, which
  ``boardwright/_build.py`` checks at import so that an edited source is never shadowed by its
  stale compiled module. ``BOARDWRIGHT_PURE=1 pip install -e .`` skips compiling (and removes
  the compiled modules of an earlier build).

Everything else is configured in pyproject.toml.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

RULES_SOURCE = Path("docs") / "rules"
RULES_TARGET = Path("boardwright") / "reference"
PACKAGE = Path("src") / "boardwright"
MANIFEST = "_compiled.json"  # keep in step with src/boardwright/_build.py
C_FOLDER = "build"  # where mypyc writes its C files
LIBRARY = "_native"  # the extension holding every compiled module: boardwright._native__mypyc

# Modules (relative to src/boardwright) compiled by mypyc: what random play and search spend
# their time in, Runebound's views (a bot reads one per decision) and the heuristic Runebound
# bot's hot parts (fight model, induction, knowledge, memos, party, values, walk, strength, and
# the adventure plays: one chain of single inheritance). Left out: the command line, simulation,
# texts and terminal drawing, the content models (pydantic), the other bots and the heuristic
# bot's handlers (mixins, which mypyc's native classes do not allow; they call the compiled
# functions).
COMPILED = (
    "engine/decision.py",
    "engine/events.py",
    "engine/game.py",
    "engine/hexgrid.py",
    "engine/hidden.py",
    "engine/procedure.py",
    "engine/rng.py",
    "engine/state.py",
    "games/realm_of_sand/actions.py",
    "games/realm_of_sand/crystals.py",
    "games/realm_of_sand/determinize.py",
    "games/realm_of_sand/flow.py",
    "games/realm_of_sand/game.py",
    "games/realm_of_sand/geometry.py",
    "games/realm_of_sand/rules.py",
    "games/realm_of_sand/state.py",
    "games/runebound/advanced.py",
    "games/runebound/board_setup.py",
    "games/runebound/adventure.py",
    "games/runebound/combat.py",
    "games/runebound/decks.py",
    "games/runebound/determinize.py",
    "games/runebound/duel.py",
    "games/runebound/effects.py",
    "games/runebound/endgame.py",
    "games/runebound/game.py",
    "games/runebound/knockout.py",
    "games/runebound/knockout_choice.py",
    "games/runebound/loadout.py",
    "games/runebound/movement.py",
    "games/runebound/options.py",
    "games/runebound/procedure.py",
    "games/runebound/rules.py",
    "games/runebound/setup.py",
    "games/runebound/spoils.py",
    "games/runebound/state.py",
    "games/runebound/timings.py",
    "games/runebound/turn.py",
    "games/runebound/view.py",
    "games/runebound/adventures/protocol.py",
    "games/runebound/adventures/dragonlords/adventure.py",
    "games/runebound/adventures/al_kalim/adventure.py",
    "games/runebound/adventures/al_kalim/bazaar.py",
    "games/runebound/adventures/al_kalim/card_test.py",
    "games/runebound/adventures/al_kalim/determinize.py",
    "games/runebound/adventures/al_kalim/experience.py",
    "games/runebound/adventures/al_kalim/legends.py",
    "games/runebound/adventures/al_kalim/lost_cities.py",
    "games/runebound/adventures/al_kalim/options.py",
    "games/runebound/adventures/al_kalim/pack_cards.py",
    "games/runebound/adventures/al_kalim/procedure.py",
    "games/runebound/adventures/al_kalim/quests.py",
    "games/runebound/adventures/al_kalim/rules.py",
    "games/runebound/adventures/al_kalim/sandstorm.py",
    "games/runebound/adventures/al_kalim/setup.py",
    "games/runebound/adventures/al_kalim/state.py",
    "games/runebound/adventures/al_kalim/storm.py",
    "games/runebound/adventures/al_kalim/story.py",
    "games/runebound/adventures/al_kalim/table.py",
    "games/runebound/adventures/al_kalim/travel.py",
    "games/runebound/adventures/al_kalim/turn.py",
    "games/runebound/adventures/al_kalim/view.py",
    "games/runebound/adventures/cult/adventure.py",
    "games/runebound/adventures/cult/path.py",
    "games/runebound/adventures/cult/procedures.py",
    "games/runebound/adventures/cult/rules.py",
    "games/runebound/adventures/cult/setup.py",
    "games/runebound/adventures/cult/state.py",
    "games/runebound/adventures/cult/view.py",
    "games/runebound/adventures/kelnov/adventure.py",
    "games/runebound/adventures/kelnov/rules.py",
    "games/runebound/adventures/kelnov/setup.py",
    "games/runebound/adventures/kelnov/state.py",
    "games/runebound/adventures/kelnov/view.py",
    "bots/runebound/cult/play.py",
    "bots/runebound/cult/value.py",
    "bots/runebound/kelnov/play.py",
    "bots/runebound/al_kalim/knowledge.py",
    "bots/runebound/al_kalim/play.py",
    "bots/runebound/al_kalim/quests.py",
    "bots/runebound/al_kalim/read.py",
    "bots/runebound/al_kalim/story.py",
    "bots/runebound/al_kalim/travel.py",
    "bots/runebound/al_kalim/values.py",
    "bots/runebound/fight.py",
    "bots/runebound/induction.py",
    "bots/runebound/knowledge.py",
    "bots/runebound/memo.py",
    "bots/runebound/party.py",
    "bots/runebound/play.py",
    "bots/runebound/strength.py",
    "bots/runebound/values.py",
    "bots/runebound/walk.py",
)


def pure_requested() -> bool:
    return os.environ.get("BOARDWRIGHT_PURE", "") not in ("", "0")


def compiled_files(directory: Path) -> list[Path]:
    """The compiled modules (``*.so``/``*.pyd``) found under a package folder."""
    return [p for p in directory.rglob("*") if p.suffix in (".so", ".pyd") and p.is_file()]


class BuildPyWithReference(build_py):
    """``build_py`` plus a copy of the rules references into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / RULES_TARGET
        self.mkpath(str(target))
        for source in sorted(RULES_SOURCE.glob("*.md")):
            self.copy_file(str(source), str(target / source.name))


def _parallel_compile(compiler: Any, jobs: int) -> None:
    """Let one extension's C files compile in parallel (distutils compiles them one by one;
    mypyc's multi-file output is one C file per module)."""

    def compile_all(
        sources: Sequence[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            if obj in build:
                source, ext = build[obj]
                compiler._compile(obj, source, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, objects))
        return list(objects)

    compiler.compile = compile_all


class BuildExtWithManifest(build_ext):
    """``build_ext`` compiling C files in parallel, then recording what it compiled."""

    def build_extensions(self) -> None:
        _parallel_compile(self.compiler, max(1, os.cpu_count() or 1))
        super().build_extensions()

    def run(self) -> None:
        super().run()
        library = self.get_ext_fullpath(f"boardwright.{LIBRARY}__mypyc")
        write_manifest(Path(library).parent)


def source_record(name: str) -> list[object]:
    source = PACKAGE / name
    stat = source.stat()
    return [stat.st_size, stat.st_mtime_ns, hashlib.sha256(source.read_bytes()).hexdigest()]


def write_manifest(target: Path) -> None:
    """Record each source's size, mtime and hash beside the compiled modules: the compiled
    ones (``modules``) and every other module of the package (``sources``), since compiled
    code may have taken their types and constants in at build time."""
    others = sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).as_posix() not in COMPILED
    )
    manifest = {
        "python": sys.implementation.cache_tag,
        "modules": {name: source_record(name) for name in COMPILED},
        "sources": {name: source_record(name) for name in others},
    }
    target.mkdir(parents=True, exist_ok=True)
    (target / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")


def remove_compiled() -> None:
    """A pure build leaves no compiled module of an earlier build in the source folder."""
    for path in [*compiled_files(PACKAGE), PACKAGE / MANIFEST]:
        path.unlink(missing_ok=True)


def extensions() -> list[Extension]:
    if pure_requested():
        remove_compiled()
        return []
    from mypyc.build import mypycify

    built = mypycify(
        [str(PACKAGE / name) for name in COMPILED],
        opt_level="3",
        debug_level="0",
        multi_file=True,  # one C file per module, compiled in parallel
        group_name=f"boardwright.{LIBRARY}",
        target_dir=C_FOLDER,
    )
    for extension in built:  # multi-file output includes the group's header by its bare name
        extension.include_dirs.append(str(Path(C_FOLDER) / "boardwright"))
        # machine words wrap on overflow, as engine/rng.py's i64 arithmetic relies on
        extension.extra_compile_args.append("-fwrapv")
    return built


setup(
    cmdclass={"build_py": BuildPyWithReference, "build_ext": BuildExtWithManifest},
    ext_modules=extensions(),
)
