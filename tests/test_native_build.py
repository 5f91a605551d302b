"""The compiled build's machinery (tools/native_build.py) on a toy package: it compiles once,
finds an unchanged build up to date without generating or compiling anything, compiles again
only the C files an edit changed, installs pure Python with one line when there is no compiler
or compiling fails, and leaves every compiled file and build record consistent.

The toy's "mypyc" writes two small C extensions (the library and one module's shim) in the
places mypyc's would go, so the real compiler, the object cache, linking and installing are
exercised in a second or two."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tools import native_build
from tools.native_build import BUILD_DIR, MANIFEST, Outcome, PlainReporter, QuietReporter, build

MODULES = ("a.py",)
HAS_COMPILER = native_build.toolchain_problem() is None
needs_compiler = pytest.mark.skipif(not HAS_COMPILER, reason="no C compiler or Python headers")

LIBRARY_C = """#include <Python.h>
static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, "_native__mypyc", NULL, -1, NULL};
PyMODINIT_FUNC PyInit__native__mypyc(void) { return PyModule_Create(&def); }
"""
HELPER_C = "int helper(void) { return 7; }\n"
SHIM_C = """#include <Python.h>
#include "toy.h"
static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, "a", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_a(void) {
    PyObject *module = PyModule_Create(&def);
    if (module != NULL && PyModule_AddIntConstant(module, "VALUE", VALUE) < 0) return NULL;
    return module;
}
"""


class ToyMypyc:
    """Stands in for mypyc: writes the toy's C (only what changed, as mypyc does) and returns
    the extensions; counts its calls."""

    def __init__(self, value: int = 1) -> None:
        self.calls = 0
        self.value = value
        self.library = LIBRARY_C
        self.helper = HELPER_C

    def __call__(self, root: Path, build_dir: Path, modules: Sequence[str]) -> list[Any]:
        from setuptools import Extension

        self.calls += 1
        c_dir = build_dir / "c"
        files = {
            c_dir / "lib.c": self.library,
            c_dir / "helper.c": self.helper,
            c_dir / "boardwright" / "a.c": SHIM_C,
            c_dir / "toy.h": f"#define VALUE {self.value}\n",
        }
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_text() != text:
                path.write_text(text)
        return [
            Extension(
                "boardwright._native__mypyc",
                sources=[str(c_dir / "lib.c"), str(c_dir / "helper.c")],
            ),
            Extension(
                "boardwright.a",
                sources=[str(c_dir / "boardwright" / "a.c")],
                include_dirs=[str(c_dir)],
                depends=[str(c_dir / "toy.h")],
            ),
        ]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(native_build.PURE_ENV, raising=False)
    package = tmp_path / "src" / "boardwright"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("VALUE = 0\n")
    (package / "b.py").write_text("OTHER = 1\n")
    return tmp_path


def run(project: Path, mypyc: ToyMypyc, **options: Any) -> Outcome:
    return build(project, reporter=QuietReporter(), modules=MODULES, generate=mypyc, **options)


def compiled_files(package: Path) -> list[str]:
    return sorted(p.relative_to(package).as_posix() for p in package.rglob("*.so"))


def imported_value(project: Path) -> str:
    code = "import boardwright.a as a; print(a.VALUE, a.__file__.endswith('.py'))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(project / "src")},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def history(project: Path) -> list[str]:
    lines = (project / BUILD_DIR / "history.jsonl").read_text().splitlines()
    return [json.loads(line)["outcome"] for line in lines]


@needs_compiler
def test_the_first_build_compiles_and_installs_with_a_build_record(project: Path) -> None:
    mypyc = ToyMypyc(value=5)
    outcome = run(project, mypyc)
    assert outcome.kind == "compiled", outcome.message
    assert outcome.counts is not None
    assert (outcome.counts.compiled, outcome.counts.reused, outcome.counts.linked) == (3, 0, 2)
    package = project / "src" / "boardwright"
    suffix = native_build.SUFFIX
    assert compiled_files(package) == sorted([f"_native__mypyc{suffix}", f"a{suffix}"])
    manifest = json.loads((package / MANIFEST).read_text())
    assert sorted(manifest["modules"]) == ["a.py"]
    assert sorted(manifest["sources"]) == ["__init__.py", "b.py"]
    assert manifest["build"] == native_build.settings()
    assert imported_value(project) == "5 False"  # the compiled module, not a.py
    assert history(project) == ["compiled"]


@needs_compiler
def test_an_unchanged_project_is_up_to_date_without_generating_anything(project: Path) -> None:
    mypyc = ToyMypyc()
    run(project, mypyc)
    package = project / "src" / "boardwright"
    before = {p: p.stat().st_mtime_ns for p in package.rglob("*.so")}
    outcome = run(project, mypyc)
    assert (outcome.kind, outcome.message) == ("current", "the compiled modules are up to date")
    assert mypyc.calls == 1
    assert {p: p.stat().st_mtime_ns for p in package.rglob("*.so")} == before
    assert history(project) == ["compiled", "current"]


@needs_compiler
def test_new_mtimes_on_the_same_texts_keep_the_build_and_refresh_its_record(
    project: Path,
) -> None:
    mypyc = ToyMypyc()
    run(project, mypyc)
    package = project / "src" / "boardwright"
    os.utime(package / "b.py", ns=(0, 0))  # e.g. a checkout touched it
    assert run(project, mypyc).kind == "current"
    manifest = json.loads((package / MANIFEST).read_text())
    assert manifest["sources"]["b.py"][1] == 0  # the fast stat check at import holds again


@needs_compiler
def test_an_edit_recompiles_only_the_c_files_it_changed(project: Path) -> None:
    mypyc = ToyMypyc()
    run(project, mypyc)
    (project / "src" / "boardwright" / "b.py").write_text("OTHER = 2\n")
    mypyc.helper = "int helper(void) { return 8; }\n"  # the edit changes one C file
    outcome = run(project, mypyc)
    assert outcome.kind == "compiled"
    assert outcome.counts is not None
    assert (outcome.counts.compiled, outcome.counts.reused) == (1, 2)
    assert (outcome.counts.linked, outcome.counts.kept) == (1, 1)  # the library only


@needs_compiler
def test_a_changed_header_recompiles_what_includes_it(project: Path) -> None:
    mypyc = ToyMypyc(value=1)
    run(project, mypyc)
    (project / "src" / "boardwright" / "a.py").write_text("VALUE = 2\n")
    mypyc.value = 2
    outcome = run(project, mypyc)
    assert outcome.counts is not None
    assert (outcome.counts.compiled, outcome.counts.reused) == (1, 2)
    assert imported_value(project) == "2 False"


@needs_compiler
def test_a_build_from_the_build_folder_is_copied_not_compiled(project: Path) -> None:
    """A wheel's package folder (or a checkout switched back) gets the kept build."""
    mypyc = ToyMypyc()
    run(project, mypyc)
    wheel = project / "wheel" / "boardwright"
    outcome = run(project, mypyc, target=wheel)
    assert outcome.kind == "reused"
    assert mypyc.calls == 1
    assert compiled_files(wheel) == compiled_files(project / "src" / "boardwright")
    assert (wheel / MANIFEST).is_file()


def test_without_a_compiler_it_installs_pure_python_with_one_line(project: Path) -> None:
    package = project / "src" / "boardwright"
    (package / ("a" + native_build.SUFFIX)).write_bytes(b"an earlier build")
    (package / MANIFEST).write_text("{}")
    mypyc = ToyMypyc()
    outcome = run(project, mypyc, toolchain=lambda: "no C compiler (gcc not found)")
    assert (outcome.kind, outcome.message) == ("pure", "no C compiler (gcc not found)")
    assert mypyc.calls == 0
    assert compiled_files(package) == []
    assert not (package / MANIFEST).exists()
    warning = native_build.warning_for(outcome)
    assert warning is not None
    assert "\n" not in warning
    assert warning.startswith("boardwright: no C compiler (gcc not found); installed pure Python")
    assert native_build.PURE_SLOWDOWN in warning
    assert "python3 tools/install.py" in warning


def test_the_toolchain_check_names_a_missing_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert native_build.toolchain_problem() == "no C compiler (/nonexistent/cc not found)"


@needs_compiler
def test_a_compiler_error_installs_pure_python_and_keeps_the_log(project: Path) -> None:
    mypyc = ToyMypyc()
    mypyc.helper = "int helper(void) { return 7 }\n"  # a syntax error
    outcome = run(project, mypyc)
    assert outcome.kind == "pure"
    assert outcome.message.startswith("compiling failed: the C compiler failed on helper.c")
    assert outcome.message.endswith("build/native/compile.log")
    assert "error" in (project / BUILD_DIR / "compile.log").read_text()
    assert compiled_files(project / "src" / "boardwright") == []
    mypyc.helper = HELPER_C  # fixed: the next build compiles what failed
    fixed = run(project, mypyc)
    assert fixed.kind == "compiled"
    assert fixed.counts is not None
    assert fixed.counts.compiled == 1


def test_pure_python_on_request_removes_an_earlier_build(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = project / "src" / "boardwright"
    (package / ("a" + native_build.SUFFIX)).write_bytes(b"an earlier build")
    monkeypatch.setenv(native_build.PURE_ENV, "1")
    outcome = run(project, ToyMypyc())
    assert outcome.kind == "pure"
    assert native_build.warning_for(outcome) is None  # asked for: no warning
    assert compiled_files(package) == []


def test_plain_progress_names_the_module_and_how_many_of_how_many() -> None:
    class Lines:
        def __init__(self) -> None:
            self.text = ""

        def write(self, text: str) -> None:
            self.text += text

        def flush(self) -> None:
            pass

    stream = Lines()
    reporter = PlainReporter(stream)
    reporter.start("compiling C on 2 cores", 20)
    for done in range(1, 21):
        reporter.advance(f"boardwright.engine.m{done}", done)
    reporter.stop("20 compiled, 0 unchanged")
    lines = stream.text.splitlines()
    assert lines[0] == "  compiling C on 2 cores (20) ..."
    assert lines[1] == "  compiling C on 2 cores: 2/20 boardwright.engine.m2"
    assert lines[-2] == "  compiling C on 2 cores: 20/20 boardwright.engine.m20"
    assert lines[-1].startswith("  compiling C on 2 cores: 20 compiled, 0 unchanged (")
    assert len(lines) == 12


def test_c_files_are_shown_by_the_module_they_compile() -> None:
    c_dir = Path("build/native/c")
    label = native_build.label_of
    assert label(c_dir / "__native_boardwright___engine___rng.c") == "boardwright.engine.rng"
    assert label(c_dir / "boardwright" / "engine" / "rng.c") == "boardwright.engine.rng (shim)"
    assert label(c_dir / "int_ops.c") == "int_ops.c (mypyc runtime)"


def test_every_compiled_module_exists() -> None:
    package = Path(native_build.ROOT) / native_build.PACKAGE
    assert [name for name in native_build.COMPILED if not (package / name).is_file()] == []


def test_without_mypyc_the_hint_is_the_installer(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *rest: None if name == "mypyc" else real(name, *rest),
    )
    problem = native_build.toolchain_problem()
    assert problem == "mypyc is not installed (it comes with mypy, a build requirement)"
    warning = native_build.warning_for(Outcome("pure", problem))
    assert warning is not None
    assert warning.endswith("to compile later: run `python3 tools/install.py`, which installs it")


def test_an_object_depends_on_the_generated_headers_it_includes(tmp_path: Path) -> None:
    """Directly or through another header; not on headers outside the generated C (Python's,
    mypyc's runtime), nor on generated headers it does not include (the runtime's C files
    stay compiled when the modules' shared header changes)."""
    generated, outside = tmp_path / "c", tmp_path / "lib-rt"
    (generated / "boardwright").mkdir(parents=True)
    outside.mkdir()
    (outside / "CPy.h").write_text("")
    (generated / "boardwright" / "group.h").write_text('#include <CPy.h>\n#include "inner.h"\n')
    (generated / "boardwright" / "inner.h").write_text("")
    (generated / "module.c").write_text('#include "group.h"\n#include <Python.h>\n')
    (generated / "int_ops.c").write_text('#include <Python.h>\n#include "CPy.h"\n')
    include_dirs = [str(outside), str(generated), str(generated / "boardwright")]
    found = native_build.generated_headers(generated / "module.c", include_dirs, generated)
    assert found == [generated / "boardwright" / "group.h", generated / "boardwright" / "inner.h"]
    assert native_build.generated_headers(generated / "int_ops.c", include_dirs, generated) == []


def test_the_library_keeps_the_runtime_files_mypyc_leaves_out_when_its_cache_is_full(
    tmp_path: Path,
) -> None:
    """mypyc lists the runtime C files that its modules need (``str_extra_ops.c``...) only when
    it generates the modules; from a full cache (an unchanged project whose objects must be
    compiled again) it leaves them out, and the library would miss their symbols."""
    record = tmp_path / "library-sources.json"
    for name in ("lib.c", "int_ops.c", "str_extra_ops.c"):
        (tmp_path / name).write_text("")
    full = [str(tmp_path / "lib.c"), str(tmp_path / "int_ops.c"), str(tmp_path / "str_extra_ops.c")]
    assert native_build.complete_library(full, record) == full
    from_cache = full[:2]
    assert native_build.complete_library(from_cache, record) == full
    (tmp_path / "str_extra_ops.c").unlink()  # gone: not added
    assert native_build.complete_library(from_cache, record) == from_cache


def test_the_librarys_own_c_file_is_named_as_such() -> None:
    label = native_build.label_of(Path("build/native/c/boardwright/__native__native.c"))
    assert label == "__native__native.c (the library: its setup, the literals)"


@needs_compiler
def test_a_library_that_does_not_load_is_not_kept(project: Path) -> None:
    mypyc = ToyMypyc()
    mypyc.library = LIBRARY_C.replace(
        "return PyModule_Create(&def);", "extern int missing(void); missing(); return NULL;"
    )
    outcome = run(project, mypyc)
    assert outcome.kind == "pure"
    assert outcome.message.startswith("compiling failed: the compiled library does not load (")
    assert "missing" in outcome.message
    assert compiled_files(project / "src" / "boardwright") == []
    assert not (project / BUILD_DIR / "lib" / "boardwright" / MANIFEST).exists()


@needs_compiler
def test_an_installed_library_that_does_not_load_is_compiled_again(project: Path) -> None:
    mypyc = ToyMypyc()
    run(project, mypyc)
    library = project / "src" / "boardwright" / ("_native__mypyc" + native_build.SUFFIX)
    library.write_bytes(b"broken")  # the build record still matches the sources
    outcome = run(project, mypyc)
    assert outcome.kind == "compiled"
    assert imported_value(project) == "1 False"
