"""Install boardwright into the project's own virtual environment, ``.venv`` in the project
folder, creating it or reusing it::

    python3 tools/install.py [--extra test] [--extra bench ...] [--reinstall]

It is the README's install step, and works where a system ``pip install`` is refused (PEP 668:
Debian's and Ubuntu's Python): nothing is installed outside ``.venv``. Then ``. .venv/bin/activate``
puts ``boardwright``, ``pytest``, ``mypy``... on the shell's PATH.

Why ``.venv`` in the project folder: it is where ``uv``, Poetry (in-project) and editors such as
VS Code look for a project's environment, it is listed in .gitignore, deleting the folder is a
complete uninstall, and one path serves every README command. It is reused while its Python
runs and is 3.11 or newer (else made again); an environment of your own works too: activate it
and run ``pip install -e .`` (it compiles the same way, without the progress display).

The steps, each said in one line (pip's own output goes to ``build/install.log``):

1. the environment: made with the Python that runs this script (3.11 or newer; an older one
   looks for ``python3.11``... on the PATH);
2. the build tools (pyproject.toml's build requirements: mypy, which brings mypyc, ...);
3. the compiled modules (``tools/native_build.py``: mypyc and the C compiler on every core, with
   progress; nothing to do when they are up to date), while pip installs the dependencies;
4. boardwright itself, editable (``pip install --no-build-isolation -e .``, which finds the
   compiled modules up to date).

Steps 2 and 4 are skipped when the environment already has this pyproject.toml's packages (with
the extras asked for) and boardwright imports; ``--reinstall`` runs them anyway.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parents[1]
VENV = ".venv"
MINIMUM = (3, 11)
STAMP = "boardwright-install.json"  # in the environment: what was installed into it
LOG = Path("build") / "install.log"
PIP = ("-m", "pip", "install", "--disable-pip-version-check")


class InstallFailed(Exception):
    """Installing stopped; the message is one line saying why and what to do."""


def say(text: str) -> None:
    print(f"boardwright: {text}", flush=True)


def fail(text: str) -> NoReturn:
    raise InstallFailed(text)


def elapsed(began: float) -> str:
    seconds = time.monotonic() - began
    if seconds < 60:
        return f"{seconds:.1f} s" if seconds < 10 else f"{seconds:.0f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


# --- the Python and the environment ---------------------------------------------------------------


def newer_python(path: str | None = None) -> str | None:
    """A ``python3.X`` on the PATH that is 3.11 or newer (the newest), or None."""
    for minor in range(20, MINIMUM[1] - 1, -1):
        found = shutil.which(f"python3.{minor}", path=path)
        if found:
            return found
    return None


def ensure_python() -> None:
    """Go on with a Python that is new enough (re-running this script with one if need be)."""
    if sys.version_info >= MINIMUM:
        return
    found = newer_python()
    if found is None:
        shown = ".".join(map(str, sys.version_info[:3]))
        fail(f"boardwright needs Python 3.11 or newer (this is {shown}); install python3.11")
    say(f"this is Python {sys.version_info[0]}.{sys.version_info[1]}; using {found}")
    os.execv(found, [found, *sys.argv])


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def python_version(python: Path) -> tuple[int, int, int] | None:
    """The version of the Python at ``python``, or None when it does not run."""
    try:
        done = subprocess.run(
            [str(python), "-c", "import sys; print(*sys.version_info[:3])"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except OSError:
        return None
    parts = done.stdout.split()
    if done.returncode != 0 or len(parts) != 3:
        return None
    major, minor, micro = (int(part) for part in parts)
    return major, minor, micro


def venv_support_problem() -> str | None:
    """Why this Python cannot make a virtual environment with pip, or None."""
    import importlib.util

    if importlib.util.find_spec("venv") is None or importlib.util.find_spec("ensurepip") is None:
        return "Python's venv module (with ensurepip) is missing"
    return None


def venv_package() -> str:
    return f"python3.{sys.version_info[1]}-venv"


def add_venv_support() -> None:
    """Debian and Ubuntu ship ensurepip apart (python3.X-venv): install it as root, else say
    how."""
    package = venv_package()
    if shutil.which("apt-get") is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        how = f"sudo apt install {package}" if shutil.which("apt-get") else "install it"
        fail(f"Python's venv module (with ensurepip) is missing: {how}, then run this again")
    say(f"installing {package} (Python's venv module) with apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", package]):
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines()
            fail(f"`{' '.join(command)}` failed: {lines[-1] if lines else done.returncode}")


def ensure_venv(root: Path) -> tuple[Path, str]:
    """The environment's Python, made or reused, and what happened ("reused", "created",
    "made again")."""
    venv = root / VENV
    python = venv_python(venv)
    how = "created"
    if venv.exists():
        version = python_version(python)
        if version is not None and version >= (*MINIMUM, 0):
            return python, "reused"
        how = "made again (its Python did not run or was older than 3.11)"
    if venv_support_problem() is not None:
        add_venv_support()
    import venv as venv_module

    try:
        builder = venv_module.EnvBuilder(
            with_pip=True, clear=venv.exists(), symlinks=os.name != "nt", prompt="boardwright"
        )
        builder.create(str(venv))
    except (OSError, subprocess.CalledProcessError) as error:
        fail(f"could not create the virtual environment {venv}: {error}")
    return python, how


# --- what to install ----------------------------------------------------------------------------


def project(root: Path) -> dict[str, Any]:
    import tomllib

    with (root / "pyproject.toml").open("rb") as file:
        found: dict[str, Any] = tomllib.load(file)
    return found


def build_requirements(config: dict[str, Any]) -> list[str]:
    return list(config["build-system"]["requires"])


def dependencies(config: dict[str, Any], extras: list[str]) -> list[str]:
    """The project's dependencies and those of ``extras``."""
    optional: dict[str, list[str]] = config["project"].get("optional-dependencies", {})
    unknown = sorted(set(extras) - set(optional))
    if unknown:
        fail(f"no extra named {', '.join(unknown)} (there are: {', '.join(sorted(optional))})")
    found = list(config["project"].get("dependencies", []))
    for extra in extras:
        found.extend(optional[extra])
    return found


def fingerprint(root: Path) -> str:
    """What decides which packages the environment needs."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "setup.py"):
        digest.update((root / name).read_bytes())
    return digest.hexdigest()


def read_stamp(venv: Path) -> dict[str, Any]:
    try:
        found = json.loads((venv / STAMP).read_text())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def packages_current(stamp: dict[str, Any], print_: str, extras: list[str]) -> bool:
    """Whether the environment was installed from this project file with these extras."""
    return stamp.get("project") == print_ and set(extras) <= set(stamp.get("extras", []))


# --- pip ------------------------------------------------------------------------------------------


def pip_command(python: Path, *args: str) -> list[str]:
    return [str(python), *PIP, *args]


def start_pip(python: Path, args: list[str], log: Path, root: Path) -> subprocess.Popen[bytes]:
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as output:
        output.write(f"\n$ pip install {' '.join(args)}\n".encode())
        output.flush()
        return subprocess.Popen(
            pip_command(python, *args),
            cwd=root,
            stdout=output,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )


def finish_pip(process: subprocess.Popen[bytes], log: Path, what: str) -> None:
    if process.wait() != 0:
        tail = log.read_text(errors="replace").strip().splitlines()[-15:]
        print("\n".join(tail), file=sys.stderr)
        reason = next((ln for ln in reversed(tail) if "ERROR" in ln), tail[-1] if tail else "")
        fail(f"pip could not install {what} ({reason.strip()}; the whole output: {log})")


def run_pip(python: Path, args: list[str], log: Path, root: Path, what: str) -> None:
    finish_pip(start_pip(python, args, log, root), log, what)


# --- the steps ------------------------------------------------------------------------------------


def build_state(python: Path, root: Path) -> str | None:
    """Which build of boardwright the environment imports ("compiled" or "pure"), or None."""
    done = subprocess.run(
        [str(python), "-c", "import boardwright; print(boardwright.BUILD)"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    words = done.stdout.split()
    return words[-1] if done.returncode == 0 and words else None


def install(root: Path, extras: list[str], *, reinstall: bool = False) -> None:
    began = time.monotonic()
    config = project(root)
    wanted = dependencies(config, extras)  # an unknown extra stops here, before anything
    print_ = fingerprint(root)
    python, how = ensure_venv(root)
    venv = python.parents[1]
    version = python_version(python)
    shown = ".".join(map(str, version)) if version else "?"
    say(f"virtual environment {venv} (Python {shown}): {how}")
    log = root / LOG
    stamp = read_stamp(venv)
    current = (
        not reinstall
        and packages_current(stamp, print_, extras)
        and build_state(python, root) is not None
    )
    # the extras installed before stay installed (pip removes nothing)
    installed = set(stamp.get("extras", [])) if stamp.get("project") == print_ else set()
    background: subprocess.Popen[bytes] | None = None
    if not current:
        step = time.monotonic()
        say(f"installing the build tools (mypy with mypyc, setuptools...); pip's output: {LOG}")
        run_pip(python, build_requirements(config), log, root, "the build tools")
        say(f"build tools installed ({elapsed(step)}); installing the dependencies meanwhile")
        background = start_pip(python, wanted, log, root)
    try:
        # the compiled modules: progress on the terminal, nothing to do when up to date
        compiled = subprocess.run(
            [str(python), str(root / "tools" / "native_build.py")], cwd=root, check=False
        )
        if compiled.returncode != 0:
            fail(f"compiling stopped (exit status {compiled.returncode})")
        if background is not None:
            if background.poll() is None:
                say("waiting for pip to install the dependencies")
            finish_pip(background, log, "the dependencies")
            background = None
            step = time.monotonic()
            spec = f".[{','.join(extras)}]" if extras else "."
            say(f"installing boardwright itself (pip install --no-build-isolation -e '{spec}')")
            run_pip(python, ["--no-build-isolation", "-e", spec], log, root, "boardwright")
            stamp = {"project": print_, "extras": sorted(installed | set(extras)), "python": shown}
            (venv / STAMP).write_text(json.dumps(stamp) + "\n")
    finally:
        if background is not None:  # interrupted, or compiling failed
            background.terminate()
            background.wait()
    build = build_state(python, root)
    if build is None:
        fail(f"boardwright does not import in {venv}; run `python3 tools/install.py --reinstall`")
    activate = os.path.relpath(venv / "bin" / "activate", Path.cwd())
    say(
        f"ready in {elapsed(began)}: boardwright ({build} build) in {venv};"
        f" `. {activate}` puts its commands on your PATH"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Install boardwright into the project's virtual environment (.venv)."
    )
    parser.add_argument(
        "--extra",
        action="append",
        default=[],
        metavar="NAME",
        help="an optional group of packages from pyproject.toml (test, bench, ray, parquet)",
    )
    parser.add_argument(
        "--reinstall", action="store_true", help="run pip even when nothing changed"
    )
    args = parser.parse_args(argv)
    try:
        ensure_python()
        install(ROOT, args.extra, reinstall=args.reinstall)
    except InstallFailed as problem:
        print(f"boardwright: {problem}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("boardwright: installing interrupted", file=sys.stderr)
        return 130
    return 0


def exit_on_signals() -> None:
    """Stopped by a signal, leave no pip running behind (the ``finally`` clauses run)."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda number, frame: sys.exit(128 + number))


if __name__ == "__main__":
    exit_on_signals()
    sys.exit(main())
