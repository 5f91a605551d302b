"""Build hook: wheels carry the rules references (docs/rules/*.md) as the package data folder
``boardwright/reference``, where ``boardwright rules`` reads them in an installed copy (a
checkout reads docs/rules itself). Everything else is configured in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES_SOURCE = Path("docs") / "rules"
RULES_TARGET = Path("boardwright") / "reference"


class BuildPyWithReference(build_py):
    """``build_py`` plus a copy of the rules references into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / RULES_TARGET
        self.mkpath(str(target))
        for source in sorted(RULES_SOURCE.glob("*.md")):
            self.copy_file(str(source), str(target / source.name))


setup(cmdclass={"build_py": BuildPyWithReference})
