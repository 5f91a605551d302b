"""Compile boardwright's hot modules with mypyc, once, on every core, with readable progress::

    python tools/native_build.py [--jobs N] [--from-scratch]

``python3 tools/install.py`` (the README's commands) runs this in the project's virtual
environment before pip installs the package; ``setup.py``'s ``build_ext`` calls :func:`build` too,
so a plain ``pip install -e .`` compiles the same way (silently: pip hides build output).

What is compiled once stays compiled. Everything lives under ``build/native/``:

* ``c/``: the C that mypyc writes, from mypy's incremental cache (``mypy-cache/``): an unchanged
  module is not type-checked again, and mypyc rewrites only the C files whose text changed.
* ``obj/``: one object file per C file, kept under a key (the hash of the C text, the generated
  headers it may include and the compiler command): a C file whose key is unchanged is not
  compiled again, so a changed module recompiles its own C file (and every C file only when the
  shared header changed, i.e. a class or a signature that other modules see).
* ``lib/``: the linked extensions with their build record (``boardwright/_compiled.json``), which
  are copied into the package (``src/boardwright`` for an editable install).

Before any of that, :func:`build` compares the package's sources (and the build settings) with
the installed build record: when nothing changed it does nothing and says so, which is what the
README's test command finds after the first command. A build record is the one
``boardwright/_build.py`` checks at import: each source's size, mtime and SHA-256.

Without a C compiler (or Python's C headers) nothing is compiled: boardwright runs pure Python
and one line says how much slower that is and how to compile later; the same when compiling
fails (the compiler's output is kept in ``build/native/compile.log``). ``BOARDWRIGHT_PURE=1``
asks for pure Python on purpose (and removes an earlier build's compiled modules).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.machinery
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol, TypeVar

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path("src") / "boardwright"  # relative to the project root
MANIFEST = "_compiled.json"  # keep in step with src/boardwright/_build.py
LIBRARY = "_native"  # the extension holding every compiled module: boardwright._native__mypyc
GROUP = f"boardwright.{LIBRARY}"
BUILD_DIR = Path("build") / "native"  # relative to the project root
OPT_LEVEL = "3"
DEBUG_LEVEL = "0"
# machine words wrap on overflow, as engine/rng.py's i64 arithmetic relies on
EXTRA_CFLAGS = ("-fwrapv",)
PURE_ENV = "BOARDWRIGHT_PURE"
COMPILE_LATER = "python3 tools/install.py"
PURE_SLOWDOWN = "2.5 to 3 times slower"  # random play, benchmarks/README.md ("Installing")
LOG = (BUILD_DIR / "compile.log").as_posix()  # what the compiler said when it failed
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]

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

T = TypeVar("T")
R = TypeVar("R")
Record = list[object]
"""A source as a build record holds it: [size, mtime in ns, SHA-256 of the text]."""


class BuildFailed(Exception):
    """Compiling failed; the message is one line, the details are in the compile log."""


# --- what is built: the sources, the build settings, the build record ----------------------------


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def source_record(path: Path) -> Record:
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest()]


def snapshot(package: Path, modules: Sequence[str] = COMPILED) -> dict[str, dict[str, Record]]:
    """The records of the compiled modules (``modules``) and of every other module of the
    package (``sources``): compiled code may have taken their types and constants in."""
    names = sorted(p.relative_to(package).as_posix() for p in package.rglob("*.py"))
    return {
        "modules": {name: source_record(package / name) for name in modules},
        "sources": {
            name: source_record(package / name) for name in names if name not in set(modules)
        },
    }


def mypy_version() -> str:
    try:
        return metadata.version("mypy")
    except metadata.PackageNotFoundError:
        return "none"


def settings() -> dict[str, object]:
    """What else the compiled modules depend on; a change rebuilds them."""
    return {
        "mypy": mypy_version(),
        "opt_level": OPT_LEVEL,
        "debug_level": DEBUG_LEVEL,
        "cflags": list(EXTRA_CFLAGS),
    }


def _digests(records: dict[str, dict[str, Record]]) -> dict[str, dict[str, object]]:
    return {kind: {name: rec[2] for name, rec in files.items()} for kind, files in records.items()}


def read_manifest(package: Path) -> dict[str, Any] | None:
    try:
        found = json.loads((package / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def extension_files(package: Path, modules: Sequence[str] = COMPILED) -> list[Path]:
    """The compiled files a build puts in ``package``: the library and a shim per module."""
    shims = [(package / name).with_suffix("") for name in modules]
    return [
        package / (LIBRARY + "__mypyc" + SUFFIX),
        *(s.with_name(s.name + SUFFIX) for s in shims),
    ]


def is_current(
    package: Path,
    records: dict[str, dict[str, Record]],
    build_settings: dict[str, object],
    modules: Sequence[str] = COMPILED,
) -> bool:
    """Whether ``package`` holds a complete build of exactly these sources and settings."""
    manifest = read_manifest(package)
    if manifest is None or manifest.get("python") != sys.implementation.cache_tag:
        return False
    if manifest.get("build") != build_settings:
        return False
    recorded = {kind: manifest.get(kind) for kind in ("modules", "sources")}
    try:
        if _digests(recorded) != _digests(records):  # type: ignore[arg-type]
            return False
    except (AttributeError, IndexError, TypeError):
        return False
    return all(path.is_file() for path in extension_files(package, modules))


def write_manifest(
    package: Path, records: dict[str, dict[str, Record]], build_settings: dict[str, object]
) -> None:
    """The build record beside the compiled modules (written last, and atomically)."""
    manifest = {"python": sys.implementation.cache_tag, "build": build_settings, **records}
    _write_atomically(package / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())


def remove_compiled(package: Path) -> None:
    """Leave no compiled module (nor build record) in ``package``: it runs pure Python."""
    (package / MANIFEST).unlink(missing_ok=True)
    if package.is_dir():
        for path in package.rglob("*"):
            if path.suffix in (".so", ".pyd") and path.is_file():
                path.unlink()


def _write_atomically(target: Path, data: bytes) -> None:
    """Replace ``target`` by a new file: a process that has the old compiled module loaded
    keeps its copy (writing into a loaded ``.so`` in place would crash it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


def install(
    built: Path,
    package: Path,
    records: dict[str, dict[str, Record]],
    build_settings: dict[str, object],
    modules: Sequence[str] = COMPILED,
) -> int:
    """Copy a complete build from ``built`` into ``package`` (each file only if it differs),
    remove compiled files that are not part of it, then write its build record. Returns how
    many files were copied."""
    (package / MANIFEST).unlink(missing_ok=True)  # never a record beside a half-copied build
    wanted = extension_files(package, modules)
    copied = 0
    for target in wanted:
        source = built / target.relative_to(package)
        data = source.read_bytes()
        if not target.is_file() or target.read_bytes() != data:
            _write_atomically(target, data)
            copied += 1
    keep = set(wanted)
    for path in package.rglob("*"):
        if path.suffix in (".so", ".pyd") and path not in keep:
            path.unlink()
    write_manifest(package, records, build_settings)
    return copied


# --- the compiler --------------------------------------------------------------------------------


def toolchain_problem() -> str | None:
    """Why the modules cannot be compiled here, or None when they can."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy, a build requirement)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    if os.environ.get("CC"):
        compiler = os.environ["CC"].split()
    if not compiler or shutil.which(compiler[0]) is None:
        name = compiler[0] if compiler else "cc"
        return f"no C compiler ({name} not found)"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python C headers ({include}/Python.h not found)"
    return None


def toolchain_hint(problem: str = "") -> str:
    if problem.startswith("mypyc"):
        return f"run `{COMPILE_LATER}`, which installs it"
    if shutil.which("apt-get"):
        return f"apt-get install gcc python3-dev, then run `{COMPILE_LATER}` again"
    return f"install a C compiler and Python's headers, then run `{COMPILE_LATER}` again"


# --- progress ------------------------------------------------------------------------------------


class Reporter(Protocol):
    def line(self, text: str) -> None: ...

    def start(self, title: str, total: int | None) -> None: ...

    def advance(self, item: str, done: int) -> None: ...

    def stop(self, summary: str) -> None: ...


class PlainReporter:
    """Progress as plain lines, for logs (CI, pip -v): about ten lines per step."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.total: int | None = None
        self.title = ""
        self.shown = 0
        self.began = 0.0

    def line(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def start(self, title: str, total: int | None) -> None:
        self.title, self.total, self.shown, self.began = title, total, 0, time.monotonic()
        count = f" ({total})" if total is not None else ""
        self.line(f"  {title}{count} ...")

    def advance(self, item: str, done: int) -> None:
        if not self.total:
            return
        step = max(1, self.total // 10)
        if done >= self.shown + step or done == self.total:
            self.shown = done
            self.line(f"  {self.title}: {done}/{self.total} {item}")

    def stop(self, summary: str) -> None:
        self.line(f"  {self.title}: {summary} ({duration(time.monotonic() - self.began)})")


class RichReporter:
    """Progress bars on a terminal: the step, the module in hand, n of m, the time."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        self.console = Console()
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(bar_width=30),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("[dim]{task.fields[item]}"),
            console=self.console,
            transient=True,
        )
        self.task: Any = None
        self.title = ""
        self.began = 0.0

    def line(self, text: str) -> None:
        self.console.print(text, highlight=False, markup=False)

    def start(self, title: str, total: int | None) -> None:
        self.title, self.began = title, time.monotonic()
        self.progress.start()
        self.task = self.progress.add_task(title, total=total, item="")

    def advance(self, item: str, done: int) -> None:
        self.progress.update(self.task, completed=done, item=item)

    def stop(self, summary: str) -> None:
        self.progress.stop()
        self.progress.remove_task(self.task)
        self.line(f"  {self.title}: {summary} ({duration(time.monotonic() - self.began)})")


class QuietReporter:
    def line(self, text: str) -> None:
        pass

    def start(self, title: str, total: int | None) -> None:
        pass

    def advance(self, item: str, done: int) -> None:
        pass

    def stop(self, summary: str) -> None:
        pass


def reporter_for(stream: Any = None) -> Reporter:
    """Rich progress bars on a terminal, plain lines elsewhere."""
    stream = stream if stream is not None else sys.stdout
    if getattr(stream, "isatty", lambda: False)() and os.environ.get("TERM") != "dumb":
        try:
            return RichReporter()
        except ImportError:
            pass
    return PlainReporter(stream)


def duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


# --- generating C (mypyc) ------------------------------------------------------------------------

Generate = Callable[[Path, Path, Sequence[str]], list[Any]]
"""(project root, build folder, modules) -> setuptools Extensions whose C files are written."""


def generate_c(root: Path, build_dir: Path, modules: Sequence[str]) -> list[Any]:
    """Write the C for ``modules`` with mypyc, from mypy's incremental cache; returns the
    extensions to compile (one library, one shim per module)."""
    import setuptools  # noqa: F401  (mypyc builds setuptools Extensions)

    c_dir, cache_dir = build_dir / "c", build_dir / "mypy-cache"
    if not c_dir.is_dir():
        # mypyc writes nothing for modules its cache calls fresh: no C files, no cache
        shutil.rmtree(cache_dir, ignore_errors=True)
    paths = [(PACKAGE / name).as_posix() for name in modules]
    extensions = _mypycify(root, build_dir, paths)
    if any(not (root / s).is_file() for e in extensions for s in e.sources):
        # the cache called modules fresh whose C files are gone: generate everything again
        shutil.rmtree(cache_dir, ignore_errors=True)
        extensions = _mypycify(root, build_dir, paths)

    library = next(e for e in extensions if e.name == f"{GROUP}__mypyc")
    library.sources = complete_library(library.sources, build_dir / "library-sources.json")

    def absolute(paths: list[str]) -> list[str]:
        return [str(root / path) for path in paths]  # an absolute path stays as it is

    for extension in extensions:  # (mypyc's extensions share one list of flags)
        extension.extra_compile_args = [*extension.extra_compile_args, *EXTRA_CFLAGS]
        # multi-file output includes the group's header by its bare name
        headers = str(c_dir / "boardwright")
        extension.include_dirs = absolute([*extension.include_dirs, headers])
        extension.sources = absolute(extension.sources)
        extension.depends = absolute(extension.depends)
    return list(extensions)


def complete_library(sources: list[str], record: Path) -> list[str]:
    """The library's C files: mypyc's list, plus the runtime C files of the last full list
    that it leaves out when its cache holds every module (it lists the runtime's files that
    the modules need only when it generates them). Records the list for the next build."""
    try:
        saved = json.loads(record.read_text())
    except (OSError, ValueError):
        saved = []
    missing = [s for s in saved if isinstance(s, str) and s not in sources and Path(s).is_file()]
    complete = [*sources, *missing]
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(json.dumps(complete, indent=1) + "\n")
    return complete


def _mypycify(root: Path, build_dir: Path, paths: list[str]) -> list[Any]:
    from mypyc.build import mypycify

    c_dir, cache_dir = build_dir / "c", build_dir / "mypy-cache"
    output = io.StringIO()
    with (
        _working_directory(root),
        contextlib.redirect_stdout(output),
        contextlib.redirect_stderr(output),
    ):
        try:
            extensions = mypycify(
                [f"--cache-dir={cache_dir}", *paths],
                # one group, one library; "separate" turns on mypy's incremental cache
                separate=[(paths, GROUP)],
                opt_level=OPT_LEVEL,
                debug_level=DEBUG_LEVEL,
                multi_file=True,  # one C file per module, compiled in parallel
                target_dir=str(c_dir),
            )
        except SystemExit as stop:  # mypyc reports type errors and exits
            (build_dir / "compile.log").write_text(output.getvalue())
            first = next((ln for ln in output.getvalue().splitlines() if ln.strip()), "")
            raise BuildFailed(f"mypyc stopped ({first or stop.code}; {LOG})") from None
    return list(extensions)


@contextlib.contextmanager
def _working_directory(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


# --- compiling and linking, each step kept under a key -------------------------------------------


@dataclass
class Counts:
    compiled: int = 0
    reused: int = 0
    linked: int = 0
    kept: int = 0
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass
class Unit:
    """One C file to compile into one object file."""

    source: Path
    obj: Path
    command: list[str]
    key: str
    label: str


def _hash(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()


def label_of(source: Path) -> str:
    """A C file named as a person reads it: the module it compiles."""
    name = source.name
    if name.startswith("__native_boardwright___"):
        return name.removeprefix("__native_").removesuffix(".c").replace("___", ".")
    if name.startswith("__native"):
        return f"{name} (the library: its setup, the literals)"
    parts = source.with_suffix("").parts
    if "boardwright" in parts:  # a shim: the module's small extension
        return ".".join(parts[parts.index("boardwright") :]) + " (shim)"
    return f"{name} (mypyc runtime)"


def _key_file(path: Path) -> Path:
    return path.with_name(path.name + ".key")


def _is_kept(path: Path, key: str) -> bool:
    try:
        return path.is_file() and _key_file(path).read_text() == key
    except OSError:
        return False


def compile_extensions(
    extensions: Sequence[Any],
    build_dir: Path,
    *,
    jobs: int,
    reporter: Reporter,
) -> Counts:
    """Compile and link ``extensions`` into ``build_dir / "lib"``, reusing every object and
    library whose key is unchanged; ``jobs`` C files at a time."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    counts = Counts()

    def build_all() -> None:  # in place of build_ext.build_extensions, once run() has set up
        compiler = command.compiler  # the C compiler as for any extension
        if compiler.compiler_type != "unix":
            raise BuildFailed(f"compiling with {compiler.compiler_type} is not supported")
        units, by_extension = _plan(command.extensions, compiler, build_dir)
        _compile_all(units, jobs, reporter, counts, build_dir / "compile.log")
        _link_all(command, by_extension, jobs, reporter, counts)

    distribution: Any = Distribution({"name": "boardwright", "ext_modules": list(extensions)})
    command: Any = build_ext(distribution)
    command.build_lib = str(build_dir / "lib")
    command.build_temp = str(build_dir / "obj")
    command.force = True  # the keys decide what to rebuild, not the file times
    command.build_extensions = build_all
    command.ensure_finalized()
    command.run()
    return counts


INCLUDE = re.compile(rb'^\s*#\s*include\s*(?:"([^"]+)"|<([^>]+)>)', re.M)


def generated_headers(source: Path, include_dirs: Sequence[str], generated: Path) -> list[Path]:
    """The headers under ``generated`` (the C that mypyc writes) that ``source`` includes,
    directly or through another: what its object depends on besides its own text (the rest,
    Python's and mypyc's own headers, change only with Python or mypy)."""
    found: list[Path] = []
    todo = [source]
    while todo:
        including = todo.pop()
        for quoted, angled in INCLUDE.findall(including.read_bytes()):
            name = (quoted or angled).decode()
            places = [including.parent] if quoted else []
            for folder in [*places, *map(Path, include_dirs)]:
                candidate = folder / name
                if candidate.is_file():
                    if candidate.is_relative_to(generated) and candidate not in found:
                        found.append(candidate)
                        todo.append(candidate)
                    break
    return sorted(found)


def _plan(
    extensions: Sequence[Any], compiler: Any, build_dir: Path
) -> tuple[list[Unit], list[tuple[Any, list[Unit]]]]:
    from distutils.ccompiler import gen_preprocess_options

    obj_dir, generated = build_dir / "obj", build_dir / "c"
    units: list[Unit] = []
    by_extension: list[tuple[Any, list[Unit]]] = []
    for extension in extensions:
        _, macros, include_dirs = compiler._fix_compile_args(
            None, extension.define_macros, extension.include_dirs
        )
        pp_opts = gen_preprocess_options(macros, include_dirs)
        own: list[Unit] = []
        for source in map(Path, extension.sources):
            name = (
                source.name
                if "boardwright" not in source.parts
                else "/".join(source.parts[source.parts.index("boardwright") :])
            )
            obj = obj_dir / (name.removesuffix(".c") + compiler.obj_extension)
            command = [
                *compiler.compiler_so,
                *pp_opts,
                "-c",
                str(source),
                "-o",
                str(obj),
                *extension.extra_compile_args,
            ]
            headers = generated_headers(source, include_dirs, generated)
            key = _hash(
                json.dumps(command),
                mypy_version(),
                sysconfig.get_paths().get("include", ""),
                source.read_bytes(),
                *(header.read_bytes() for header in headers),
            )
            unit = Unit(source, obj, command, key, label_of(source))
            own.append(unit)
            units.append(unit)
        by_extension.append((extension, own))
    return units, by_extension


@contextlib.contextmanager
def _step(reporter: Reporter, title: str, total: int | None) -> Iterator[list[str]]:
    """One step of the build on the reporter; the caller sets ``summary[0]`` when it worked."""
    summary = ["failed"]
    reporter.start(title, total)
    try:
        yield summary
    finally:
        reporter.stop(summary[0])


def _in_parallel(work: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    """``work`` on every item, ``jobs`` at a time; the results as they finish. An interruption
    (Ctrl-C) or a failure starts no more work."""
    pool = ThreadPoolExecutor(max(1, jobs))
    try:
        for future in as_completed([pool.submit(work, item) for item in items]):
            yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _compile_all(
    units: list[Unit], jobs: int, reporter: Reporter, counts: Counts, log: Path
) -> None:
    todo = [unit for unit in units if not _is_kept(unit.obj, unit.key)]
    counts.reused = len(units) - len(todo)
    # the largest first, so that no core waits for one long file at the end
    todo.sort(key=lambda unit: unit.source.stat().st_size, reverse=True)
    if not todo:
        return
    began = time.monotonic()
    failures: list[tuple[Unit, str]] = []

    def one(unit: Unit) -> tuple[Unit, subprocess.CompletedProcess[str]]:
        _key_file(unit.obj).unlink(missing_ok=True)
        unit.obj.parent.mkdir(parents=True, exist_ok=True)
        return unit, subprocess.run(unit.command, capture_output=True, text=True, check=False)

    title = f"compiling C on {jobs} core{'s' if jobs > 1 else ''}"
    with _step(reporter, title, len(todo)) as summary:
        for done, (unit, finished) in enumerate(_in_parallel(one, todo, jobs), start=1):
            if finished.returncode == 0:
                _key_file(unit.obj).write_text(unit.key)
            else:
                failures.append((unit, finished.stdout + finished.stderr))
            reporter.advance(unit.label, done)
        if not failures:
            summary[0] = f"{len(todo)} compiled, {counts.reused} unchanged"
    counts.compiled = len(todo) - len(failures)
    counts.seconds["compile"] = time.monotonic() - began
    if failures:
        log.write_text("".join(f"$ {' '.join(u.command)}\n{out}\n" for u, out in failures))
        unit, output = failures[0]
        first = next((ln for ln in output.splitlines() if "error" in ln), output.strip())
        raise BuildFailed(f"the C compiler failed on {unit.label}: {first[:200]}; {LOG}")


def _link_all(
    command: Any,
    by_extension: list[tuple[Any, list[Unit]]],
    jobs: int,
    reporter: Reporter,
    counts: Counts,
) -> None:
    from distutils.errors import CCompilerError

    compiler = command.compiler
    todo: list[tuple[Any, list[Unit], Path, str]] = []
    for extension, units in by_extension:
        target = Path(command.get_ext_fullpath(extension.name))
        key = _hash(
            json.dumps([compiler.linker_so, command.get_libraries(extension)]),
            *(unit.key for unit in units),
        )
        if _is_kept(target, key):
            counts.kept += 1
        else:
            todo.append((extension, units, target, key))
    if not todo:
        return
    began = time.monotonic()

    def one(item: tuple[Any, list[Unit], Path, str]) -> str:
        extension, units, target, key = item
        _key_file(target).unlink(missing_ok=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            compiler.link_shared_object(
                [str(unit.obj) for unit in units],
                str(target),
                libraries=command.get_libraries(extension),
                library_dirs=extension.library_dirs,
                runtime_library_dirs=extension.runtime_library_dirs,
                extra_postargs=extension.extra_link_args or [],
                export_symbols=command.get_export_symbols(extension),
                build_temp=command.build_temp,
                target_lang="c",
            )
        except CCompilerError as error:
            raise BuildFailed(f"linking {extension.name} failed: {error}") from None
        _key_file(target).write_text(key)
        return str(extension.name)

    with _step(reporter, "linking", len(todo)) as summary:
        for done, name in enumerate(_in_parallel(one, todo, jobs), start=1):
            reporter.advance(name, done)
        summary[0] = f"{len(todo)} linked, {counts.kept} unchanged"
    counts.linked = len(todo)
    counts.seconds["link"] = time.monotonic() - began


# --- the whole build -----------------------------------------------------------------------------


@dataclass
class Outcome:
    """What :func:`build` did: "current" (nothing to do), "reused" (copied from build/native),
    "compiled", or "pure" (with the reason)."""

    kind: str
    message: str
    counts: Counts | None = None


@contextlib.contextmanager
def _locked(build_dir: Path) -> Iterator[None]:
    """One build at a time per project (two installs at once wait for each other)."""
    build_dir.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # not on POSIX: no lock
        yield
        return
    with (build_dir / ".lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def build(
    root: Path = ROOT,
    target: Path | None = None,
    *,
    jobs: int | None = None,
    reporter: Reporter | None = None,
    modules: Sequence[str] = COMPILED,
    generate: Generate = generate_c,
    toolchain: Callable[[], str | None] = toolchain_problem,
) -> Outcome:
    """Bring the compiled modules in ``target`` (a package folder; the checkout's own
    ``src/boardwright`` by default) up to date with the sources in ``root``'s package."""
    package = root / PACKAGE
    target = target if target is not None else package
    reporter = reporter if reporter is not None else reporter_for()
    build_dir = root / BUILD_DIR
    if pure_requested():
        remove_compiled(target)
        return _record(build_dir, Outcome("pure", f"pure Python on request ({PURE_ENV}=1)"))
    with _locked(build_dir):
        records = snapshot(package, modules)
        wanted = settings()
        built = build_dir / "lib" / "boardwright"
        if is_current(target, records, wanted, modules):
            problem = load_problem(target)
            if problem is None:
                manifest = read_manifest(target)
                if manifest is not None and {k: manifest.get(k) for k in records} != records:
                    write_manifest(target, records, wanted)  # same texts, new mtimes
                message = "the compiled modules are up to date"
                return _record(build_dir, Outcome("current", message))
            reporter.line(f"boardwright: {problem}; compiling again")
            shutil.rmtree(build_dir / "mypy-cache", ignore_errors=True)
            shutil.rmtree(built, ignore_errors=True)
            remove_compiled(target)
        if is_current(built, records, wanted, modules):
            copied = install(built, target, records, wanted, modules)
            message = f"reused the compiled modules in {BUILD_DIR} ({copied} files copied)"
            return _record(build_dir, Outcome("reused", message))
        problem = toolchain()
        if problem is not None:
            remove_compiled(target)
            return _record(build_dir, Outcome("pure", problem))
        began = time.monotonic()
        try:
            with _step(reporter, f"generating C for {len(modules)} modules (mypyc)", None) as done:
                cpu = time.process_time()
                extensions = generate(root, build_dir, modules)
                mypyc_cpu = time.process_time() - cpu
                done[0] = f"{len(extensions)} extensions"
            cpu = _children_cpu()
            counts = compile_extensions(
                extensions, build_dir, jobs=jobs or cpu_count(), reporter=reporter
            )
            counts.seconds["mypyc_cpu"] = mypyc_cpu
            counts.seconds["compiler_cpu"] = _children_cpu() - cpu
        except BuildFailed as failure:
            shutil.rmtree(build_dir / "mypy-cache", ignore_errors=True)  # start afresh next time
            remove_compiled(target)
            return _record(build_dir, Outcome("pure", f"compiling failed: {failure}"))
        except Exception as error:  # compiling is optional: never a traceback, pure Python
            (build_dir / "compile.log").write_text(traceback.format_exc())
            shutil.rmtree(build_dir / "mypy-cache", ignore_errors=True)
            remove_compiled(target)
            problem = f"compiling failed ({type(error).__name__}: {error}; {LOG})"
            return _record(build_dir, Outcome("pure", problem))
        (build_dir / "compile.log").unlink(missing_ok=True)
        write_manifest(built, records, wanted)
        install(built, target, records, wanted, modules)
        problem = load_problem(target)
        if problem is not None:
            shutil.rmtree(build_dir / "mypy-cache", ignore_errors=True)
            shutil.rmtree(built, ignore_errors=True)
            remove_compiled(target)
            return _record(build_dir, Outcome("pure", f"compiling failed: {problem}"))
        message = (
            f"compiled {len(modules)} modules in {duration(time.monotonic() - began)}"
            f" ({counts.compiled} C files compiled, {counts.reused} unchanged; CPU time:"
            f" mypyc {duration(counts.seconds['mypyc_cpu'])},"
            f" C compiler {duration(counts.seconds['compiler_cpu'])})"
        )
        return _record(build_dir, Outcome("compiled", message, counts))


def load_problem(package: Path) -> str | None:
    """Why the compiled library in ``package`` does not load (a symbol missing from it), or
    None when it loads: imported once in a fresh process before anything else imports it."""
    done = subprocess.run(
        [sys.executable, "-c", f"import {GROUP}__mypyc"],
        cwd=package.parent,
        env={**os.environ, "PYTHONPATH": str(package.parent), PURE_ENV: ""},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode == 0:
        return None
    lines = done.stderr.strip().splitlines()
    return f"the compiled library does not load ({lines[-1] if lines else done.returncode})"


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (the C compiler's) so far."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def forget(root: Path = ROOT) -> None:
    """Drop everything kept under build/native and the installed build record: the next build
    compiles from scratch."""
    shutil.rmtree(root / BUILD_DIR / "c", ignore_errors=True)
    shutil.rmtree(root / BUILD_DIR / "mypy-cache", ignore_errors=True)
    shutil.rmtree(root / BUILD_DIR / "obj", ignore_errors=True)
    shutil.rmtree(root / BUILD_DIR / "lib", ignore_errors=True)
    (root / PACKAGE / MANIFEST).unlink(missing_ok=True)


def _record(build_dir: Path, outcome: Outcome) -> Outcome:
    """Append what this build did to ``build_dir/history.jsonl`` (the CI check reads it)."""
    counts = outcome.counts
    entry = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "outcome": outcome.kind,
        "message": outcome.message,
        "compiled": counts.compiled if counts else 0,
        "linked": counts.linked if counts else 0,
        "seconds": {k: round(v, 1) for k, v in counts.seconds.items()} if counts else {},
    }
    build_dir.mkdir(parents=True, exist_ok=True)
    with (build_dir / "history.jsonl").open("a") as history:
        history.write(json.dumps(entry) + "\n")
    return outcome


def warning_for(outcome: Outcome) -> str | None:
    """The one line a pure install prints (None for a compiled one or pure on request)."""
    if outcome.kind != "pure" or pure_requested():
        return None
    return (
        f"boardwright: {outcome.message}; installed pure Python, {PURE_SLOWDOWN}"
        f" (same results); to compile later: {toolchain_hint(outcome.message)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--jobs", type=int, default=None, help="C files compiled at a time")
    parser.add_argument(
        "--from-scratch", action="store_true", help="forget what build/native keeps first"
    )
    args = parser.parse_args(argv)
    reporter = reporter_for()
    if args.from_scratch:
        forget(ROOT)
    try:
        outcome = build(ROOT, jobs=args.jobs, reporter=reporter)
    except KeyboardInterrupt:
        print("boardwright: compiling interrupted", file=sys.stderr)
        return 130
    warning = warning_for(outcome)
    if warning is not None:
        print(warning, file=sys.stderr)
    else:
        reporter.line(f"boardwright: {outcome.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
