"""boardwright: a rules engine and game table for Runebound and Realm of Sand."""

from boardwright._build import choose

__version__ = "0.1.0"

BUILD = choose()
""""compiled" when the mypyc-compiled modules run, "pure" when every module loads from its
.py file (``BOARDWRIGHT_PURE=1``, no compiled build, or a stale one: see ``_build.py``)."""
