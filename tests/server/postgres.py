"""A private PostgreSQL server for the tests, from Debian's ``postgresql`` package.

The README's test command installs the package (``tools/test_services.py``); the tests start
their own cluster in a temporary folder on a free loopback port and stop it at the end, so no
system service or setting is touched. As root the server runs as the ``postgres`` user (it
refuses to run as root). Where it cannot start, :func:`start` says why in one line, and the
PostgreSQL tests are skipped with that reason.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

DATABASE = "boardwright_test"
USER = "boardwright"


@dataclass
class Cluster:
    folder: Path
    port: int
    run_as: list[str]
    bin: Path

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{DATABASE}"

    def stop(self) -> None:
        subprocess.run(
            [
                *self.run_as,
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.folder / "data"),
                "-m",
                "immediate",
                "stop",
            ],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


class Unavailable(Exception):
    """PostgreSQL cannot be started here (the message says why)."""


def server_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise Unavailable(
            "PostgreSQL's server is not installed (Debian: apt-get install postgresql; the "
            "README's test command does it)"
        )
    return Path(found[-1]).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start() -> Cluster:
    """A new cluster with an empty test database; Unavailable saying why not."""
    bin_dir = server_bin()
    folder = Path(tempfile.mkdtemp(prefix="boardwright-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        # runuser is in sbin, which a plain user's PATH (and CI's) may leave out
        search = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
        runuser = shutil.which("runuser", path=search)
        if runuser is None:
            raise Unavailable("running as root without runuser, PostgreSQL cannot be started")
        shutil.chown(folder, "postgres", "postgres")
        run_as = [runuser, "-u", "postgres", "--"]
    data = folder / "data"
    port = free_port()
    cluster = Cluster(folder, port, run_as, bin_dir)
    steps = [
        [
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            USER,
            "--no-sync",
            "-E",
            "UTF8",
        ],
        [
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(folder / "log"),
            "-w",
            "-o",
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off",
            "start",
        ],
        [str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", USER, DATABASE],
    ]
    for step in steps:
        done = subprocess.run([*run_as, *step], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            cluster.stop()
            reason = (done.stderr or done.stdout).strip().splitlines()
            raise Unavailable(
                f"PostgreSQL did not start ({Path(step[0]).name}: "
                f"{reason[-1] if reason else done.returncode})"
            )
    return cluster
