"""The README's quick start as a new user runs it, and as CI runs it (``.ci/run``): its two
commands exactly as written there, in this checkout (CI's is a fresh clone)::

    python3 tools/quickstart_check.py

1. The first command (install, then ``boardwright serve``) runs until the page at the address
   it prints answers; then it is stopped with Ctrl-C, as a person would.
2. The test command runs to its end; its exit status is this script's.
3. Then the checks: the environment runs the compiled build (unless there is no C compiler),
   and the test command compiled nothing: the compiled modules and their build record are the
   very files the first command left, and every build step it ran found them up to date.

It prints how long the first command took to an answering page and how long the test command
spent installing (until the install step's "ready" line).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = "<!-- test-command"
HISTORY = Path("build") / "native" / "history.jsonl"
PACKAGE = Path("src") / "boardwright"
PAGE_TIMEOUT = 40 * 60  # seconds for the first command to serve its page (a slow machine)
NO_TOOLCHAIN = ("no C compiler", "no Python C headers")


class CheckFailed(Exception):
    """The quick start does not work as the README says; the message says how."""


def say(text: str) -> None:
    print(f"quick start: {text}", flush=True)


def quickstart_commands(readme: str) -> tuple[str, str]:
    """The README's two quick-start commands: the first, and the test command (the one after
    the ``<!-- test-command`` marker). Each is the one line of a ``sh`` code block."""
    section = re.search(r"^## Quick start\n(.*?)(?=^## |\Z)", readme, re.M | re.S)
    if section is None:
        raise CheckFailed("README.md has no '## Quick start' section")
    blocks = list(re.finditer(r"^```sh\n(.*?)^```", section.group(1), re.M | re.S))
    if len(blocks) != 2:
        raise CheckFailed(f"the quick start must have exactly two commands, not {len(blocks)}")
    commands = []
    for block in blocks:
        lines = [line for line in block.group(1).splitlines() if line.strip()]
        if len(lines) != 1:
            raise CheckFailed(f"a quick-start command must be one line: {block.group(1)!r}")
        commands.append(lines[0].strip())
    before_test = section.group(1)[: blocks[1].start()].rstrip().splitlines()
    if not before_test or not before_test[-1].startswith(MARKER):
        raise CheckFailed(f"the second quick-start command must follow the '{MARKER}' line")
    return commands[0], commands[1]


def compiled_files(root: Path) -> dict[str, tuple[int, int, int]]:
    """Every compiled module and the build record, by path: inode, mtime and size (a rebuild
    replaces or rewrites them)."""
    package = root / PACKAGE
    found = [p for p in package.rglob("*") if p.suffix in (".so", ".pyd")]
    found.append(package / "_compiled.json")
    stats = {path: path.stat() for path in found if path.exists()}
    return {
        path.relative_to(root).as_posix(): (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        for path, stat in stats.items()
    }


def history(root: Path) -> list[dict[str, object]]:
    """What each build step did (tools/native_build.py appends a line per run)."""
    try:
        lines = (root / HISTORY).read_text().splitlines()
    except OSError:
        return []
    return [json.loads(line) for line in lines if line.strip()]


def recompiled(
    before: dict[str, tuple[int, int, int]],
    after: dict[str, tuple[int, int, int]],
    builds: list[dict[str, object]],
) -> str | None:
    """Why the test command counts as having compiled again, or None."""
    if not builds:
        return "the test command ran no build step (tools/native_build.py)"
    busy = [b for b in builds if b.get("outcome") != "current"]
    if busy:
        return f"a build step did not find the compiled modules up to date: {busy[0]['message']}"
    if before != after:
        differ = {name for name in before if before[name] != after.get(name)}
        changed = sorted(set(before) ^ set(after) | differ)
        return f"compiled files changed: {', '.join(changed[:5])}"
    return None


def expected_build(builds: list[dict[str, object]]) -> str:
    """The build the first command must leave: compiled, unless there is no compiler."""
    last = builds[-1] if builds else {}
    message = str(last.get("message", ""))
    if last.get("outcome") == "pure" and message.startswith(NO_TOOLCHAIN):
        return "pure"
    return "compiled"


class Running:
    """A command run by bash in its own process group, its output echoed as it comes."""

    def __init__(self, command: str, root: Path, env: dict[str, str]) -> None:
        self.began = time.monotonic()
        self.lines: list[tuple[float, str]] = []
        self.process = subprocess.Popen(
            ["bash", "-c", command],
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            line = raw.decode(errors="replace")
            sys.stdout.write(line)
            sys.stdout.flush()
            self.lines.append((time.monotonic() - self.began, line.rstrip("\n")))

    def first(self, found: Callable[[str], bool]) -> tuple[float, str] | None:
        return next(((t, line) for t, line in list(self.lines) if found(line)), None)

    def stop(self) -> None:
        """Ctrl-C, as at a terminal; harder when that is not enough."""
        for sig, wait in ((signal.SIGINT, 20), (signal.SIGTERM, 10), (signal.SIGKILL, 10)):
            if self.process.poll() is not None:
                break
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.process.wait(wait)
            except subprocess.TimeoutExpired:
                continue
        self.reader.join(10)

    def wait(self) -> int:
        code = self.process.wait()
        self.reader.join(10)
        return code


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(response.status) == 200
    except (urllib.error.URLError, OSError, ValueError):
        return False


def serve_first(command: str, root: Path, env: dict[str, str]) -> float:
    """Run the first command until its page answers; the seconds it took."""
    running = Running(command, root, env)
    try:
        while time.monotonic() - running.began < PAGE_TIMEOUT:
            printed = running.first(lambda line: "serving at http" in line)
            if printed is not None:
                url = re.search(r"https?://\S+?/", printed[1])
                if url is None:
                    raise CheckFailed(f"no address in the line {printed[1]!r}")
                if answers(url.group(0)):
                    return time.monotonic() - running.began
            code = running.process.poll()
            if code is not None:
                raise CheckFailed(f"the first command ended (exit status {code}) before serving")
            time.sleep(0.5)
        raise CheckFailed(f"the first command served no page within {PAGE_TIMEOUT // 60} min")
    finally:
        running.stop()


def minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s" if whole >= 60 else f"{seconds:.1f} s"


def build_in_venv(root: Path) -> str:
    python = root / ".venv" / "bin" / "python"
    done = subprocess.run(
        [str(python), "-c", "import boardwright; print(boardwright.BUILD)"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or f"(boardwright does not import: {done.stderr.strip()[-200:]})"


def check(root: Path = ROOT) -> int:
    first, test = quickstart_commands((root / "README.md").read_text())
    clean = not (root / ".venv").exists() and not (root / "build").exists()
    say(f"{'a clean checkout' if clean else 'a checkout that has .venv or build/ already'}")
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    with tempfile.TemporaryDirectory(prefix="boardwright-home-") as home:
        say(f"the first command: {first}")
        served = serve_first(first, root, {**env, "BOARDWRIGHT_HOME": home})
    say(f"the first command's page answered after {minutes(served)}")
    builds = history(root)
    expected, found = expected_build(builds), build_in_venv(root)
    if found != expected:
        raise CheckFailed(f"the environment runs the {found} build, not the {expected} one")
    before, seen = compiled_files(root), len(builds)
    say(f"the test command: {test}")
    running = Running(test, root, env)
    code = running.wait()
    ready = running.first(lambda line: line.startswith("boardwright: ready in"))
    spent = f"{minutes(ready[0])} installing, " if ready else ""
    say(f"the test command took {minutes(time.monotonic() - running.began)} ({spent}exit {code})")
    why = recompiled(before, compiled_files(root), history(root)[seen:])
    if why is not None:
        raise CheckFailed(f"the test command compiled again: {why}")
    say(f"the test command compiled nothing; the environment runs the {found} build")
    return code


def main() -> int:
    try:
        return check()
    except CheckFailed as problem:
        say(f"FAILED: {problem}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
