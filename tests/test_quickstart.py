"""The README's quick start: exactly two commands, both through the installer
(tools/install.py), which works in the project's own virtual environment; and the check CI runs
on them (tools/quickstart_check.py, from .ci/run): the first command until its page answers,
then the test command, which must compile nothing.

The full run (a fresh environment, compiling, the whole suite) is CI's own step, .ci/run: it
takes minutes, which the suite cannot spend. These tests hold its parts to what it promises."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools import install, quickstart_check
from tools.install import InstallFailed
from tools.quickstart_check import CheckFailed, quickstart_commands

REPO = Path(__file__).resolve().parents[1]


def test_the_readme_has_two_commands_that_install_into_the_project_environment() -> None:
    first, test = quickstart_commands((REPO / "README.md").read_text())
    assert first == "python3 tools/install.py && . .venv/bin/activate && boardwright serve"
    assert test.startswith("python3 tools/install.py --extra test && . .venv/bin/activate && ")
    assert test.endswith("ruff check . && ruff format --check . && mypy && pytest -n 2")
    assert "pip install" not in first + test  # refused by a system Python under PEP 668


def test_ci_runs_the_quickstart_check() -> None:
    script = (REPO / ".ci" / "run").read_text()
    assert "exec python3 tools/quickstart_check.py" in script


@pytest.mark.parametrize(
    ("readme", "problem"),
    [
        ("# x\n", "README.md has no '## Quick start' section"),
        (
            "## Quick start\n```sh\na\n```\n```sh\nb\n```\n```sh\nc\n```\n",
            "the quick start must have exactly two commands, not 3",
        ),
        (
            "## Quick start\n```sh\na\n```\n```sh\nb\n```\n",
            "the second quick-start command must follow the '<!-- test-command' line",
        ),
        (
            "## Quick start\n```sh\na\nb\n```\n<!-- test-command -->\n```sh\nc\n```\n",
            "a quick-start command must be one line: 'a\\nb\\n'",
        ),
    ],
)
def test_a_quickstart_that_is_not_two_one_line_commands_is_refused(
    readme: str, problem: str
) -> None:
    with pytest.raises(CheckFailed) as refused:
        quickstart_commands(readme)
    assert str(refused.value) == problem


def test_the_commands_are_read_from_the_quickstart_section_only() -> None:
    readme = (
        "## Quick start\n```sh\nfirst\n```\n\n<!-- test-command: x -->\n```sh\nsecond\n```\n"
        "## Later\n```sh\nother\n```\n"
    )
    assert quickstart_commands(readme) == ("first", "second")


FILES = {
    "src/boardwright/_native__mypyc.so": (1, 10, 100),
    "src/boardwright/_compiled.json": (2, 10, 5),
}
CURRENT: dict[str, object] = {
    "outcome": "current",
    "message": "the compiled modules are up to date",
}


def test_a_test_command_that_found_everything_up_to_date_compiled_nothing() -> None:
    assert quickstart_check.recompiled(FILES, dict(FILES), [CURRENT, CURRENT]) is None


@pytest.mark.parametrize(
    ("after", "builds", "why"),
    [
        (FILES, [], "the test command ran no build step (tools/native_build.py)"),
        (
            FILES,
            [CURRENT, {"outcome": "compiled", "message": "compiled 92 modules"}],
            "a build step did not find the compiled modules up to date: compiled 92 modules",
        ),
        (
            {**FILES, "src/boardwright/_native__mypyc.so": (3, 11, 100)},
            [CURRENT],
            "compiled files changed: src/boardwright/_native__mypyc.so",
        ),
    ],
)
def test_a_rebuild_in_the_test_command_is_caught(
    after: dict[str, tuple[int, int, int]], builds: list[dict[str, object]], why: str
) -> None:
    assert quickstart_check.recompiled(FILES, after, builds) == why


def test_pure_python_is_expected_only_without_a_compiler() -> None:
    expected = quickstart_check.expected_build
    compiled: dict[str, object] = {"outcome": "compiled", "message": "compiled"}
    no_gcc: dict[str, object] = {"outcome": "pure", "message": "no C compiler (gcc not found)"}
    assert expected([compiled]) == "compiled"
    assert expected([no_gcc]) == "pure"
    failed: dict[str, object] = {"outcome": "pure", "message": "compiling failed: on x"}
    assert expected([failed]) == "compiled"  # a failed compile fails CI


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_the_first_command_runs_until_its_page_answers_then_stops(tmp_path: Path) -> None:
    port = free_port()
    (tmp_path / "index.html").write_text("the table")
    command = (
        f"sleep 1 && echo 'boardwright is serving at http://localhost:{port}/ (API docs)'"
        f" && exec {sys.executable} -m http.server {port} --bind 127.0.0.1"
    )
    began = time.monotonic()
    seconds = quickstart_check.serve_first(command, tmp_path, dict(os.environ))
    assert 1 <= seconds < time.monotonic() - began + 0.1
    with pytest.raises(OSError):  # stopped: nothing listens any more
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_a_first_command_that_ends_before_serving_fails_the_check(tmp_path: Path) -> None:
    with pytest.raises(CheckFailed) as failed:
        quickstart_check.serve_first("echo no; exit 3", tmp_path, dict(os.environ))
    assert str(failed.value) == "the first command ended (exit status 3) before serving"


# --- tools/install.py ---------------------------------------------------------------------------

CONFIG = {
    "build-system": {"requires": ["setuptools>=68", "mypy==2.4.1"]},
    "project": {
        "dependencies": ["rich>=13.7"],
        "optional-dependencies": {"test": ["pytest>=8"], "bench": ["catanatron==3.2.1"]},
    },
}


def test_the_dependencies_are_the_projects_and_the_extras() -> None:
    assert install.dependencies(CONFIG, []) == ["rich>=13.7"]
    assert install.dependencies(CONFIG, ["test"]) == ["rich>=13.7", "pytest>=8"]
    assert install.build_requirements(CONFIG) == ["setuptools>=68", "mypy==2.4.1"]


def test_an_unknown_extra_is_refused_in_one_line() -> None:
    with pytest.raises(InstallFailed) as refused:
        install.dependencies(CONFIG, ["tests"])
    assert str(refused.value) == "no extra named tests (there are: bench, test)"


def test_the_real_project_file_lists_the_extras_the_readme_names() -> None:
    config = install.project(REPO)
    for extra in ("test", "bench", "ray", "parquet"):
        assert install.dependencies(config, [extra])


def test_pip_is_skipped_only_for_the_same_project_file_and_extras() -> None:
    stamp = {"project": "abc", "extras": ["test"]}
    assert install.packages_current(stamp, "abc", [])
    assert install.packages_current(stamp, "abc", ["test"])
    assert not install.packages_current(stamp, "abc", ["bench"])
    assert not install.packages_current(stamp, "changed", [])
    assert not install.packages_current({}, "abc", [])


def fake_python(path: Path, version: str, code: int = 0) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho {version}\nexit {code}\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def test_the_version_of_an_environments_python(tmp_path: Path) -> None:
    assert install.python_version(fake_python(tmp_path / "a", "3 11 7")) == (3, 11, 7)
    assert install.python_version(fake_python(tmp_path / "b", "3 11 7", code=1)) is None
    assert install.python_version(tmp_path / "missing") is None


def test_a_working_environment_is_reused(tmp_path: Path) -> None:
    fake_python(tmp_path / ".venv" / "bin" / "python", "3 12 1")
    python, how = install.ensure_venv(tmp_path)
    assert (python, how) == (tmp_path / ".venv" / "bin" / "python", "reused")


def test_an_older_python_finds_a_newer_one_on_the_path(tmp_path: Path) -> None:
    fake_python(tmp_path / "python3.12", "3 12 0")
    fake_python(tmp_path / "python3.9", "3 9 0")
    assert install.newer_python(str(tmp_path)) == str(tmp_path / "python3.12")
    assert install.newer_python(str(tmp_path / "nothing")) is None


def test_without_the_venv_module_a_user_is_told_the_debian_package(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)  # not root: no apt-get
    with pytest.raises(InstallFailed) as refused:
        install.add_venv_support()
    package = f"python3.{sys.version_info[1]}-venv"
    assert package in str(refused.value)
    assert "\n" not in str(refused.value)


def test_an_unknown_extra_stops_the_installer_before_it_makes_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_text((REPO / "pyproject.toml").read_text())
    (tmp_path / "setup.py").write_text("")
    monkeypatch.setattr(install, "ROOT", tmp_path)
    assert install.main(["--extra", "nope"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith("boardwright: no extra named nope (there are: ")
    assert not (tmp_path / ".venv").exists()


def test_the_installer_runs_on_the_python_it_is_started_with() -> None:
    """``python3 tools/install.py --help``: a script of its own, nothing imported from the
    project (it runs before the environment exists)."""
    done = subprocess.run(
        [sys.executable, str(REPO / "tools" / "install.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert "--extra NAME" in done.stdout


def test_the_stamp_records_what_was_installed(tmp_path: Path) -> None:
    (tmp_path / "boardwright-install.json").write_text(json.dumps({"extras": ["test"]}))
    assert install.read_stamp(tmp_path) == {"extras": ["test"]}
    (tmp_path / "boardwright-install.json").write_text("not json")
    assert install.read_stamp(tmp_path) == {}
