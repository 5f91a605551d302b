"""The browser UI: static files served by the app (no build step: plain ES modules), and the
UI's own message catalogs (``messages/<language>.po``)."""

from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent
PACKAGE = __name__
