"""Installs what the test suite needs beyond Python packages, from Debian's packages: the
PostgreSQL server (the server tests start a private cluster of their own; see
tests/server/postgres.py) and Chromium (the browser tests drive it with Playwright, which
downloads nothing; see tests/web/conftest.py). Run by the README's test command before the
tests.

Installing needs root and apt-get; elsewhere this says what is missing and the tests that
need it are skipped with that reason. It never fails the test command itself.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

PACKAGES = {
    "postgresql": "/usr/lib/postgresql/*/bin/initdb",
    "chromium": "/usr/bin/chromium",
}
"""Debian package -> a file it installs (present: nothing to do)."""


def missing() -> list[str]:
    return [package for package, probe in PACKAGES.items() if not glob.glob(probe)]


def install(packages: list[str]) -> str | None:
    """Install ``packages`` with apt-get; None on success, else why not."""
    if shutil.which("apt-get") is None:
        return "apt-get is not available (not Debian?)"
    if os.geteuid() != 0:
        return "installing Debian packages needs root"
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages],
    ):
        done = subprocess.run(command, env=environment, capture_output=True, text=True)
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines()
            return f"{' '.join(command[:2])} failed: {lines[-1] if lines else done.returncode}"
    return None


def main() -> int:
    needed = missing()
    if not needed:
        print("test services: PostgreSQL and Chromium are installed")
        return 0
    print(f"test services: installing {', '.join(needed)} from Debian's packages ...")
    problem = install(needed)
    if problem is not None:
        print(
            f"test services: {problem}; the tests that need {', '.join(needed)} will be "
            "skipped and say so",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
