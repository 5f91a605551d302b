"""The browser UI: its page, its scripts and styles, and its words in each language."""

from __future__ import annotations

from functools import cache

from fastapi import APIRouter
from fastapi.responses import FileResponse

from boardwright.engine.catalog import LANGUAGES, read_messages
from boardwright.server.texts import check_language
from boardwright.server.web import PACKAGE, WEB_DIR

router = APIRouter()


@router.get("/", include_in_schema=False)
async def page() -> FileResponse:
    """The single page of the UI; it routes by the address's ``#`` part."""
    return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/api/ui/{language}", tags=["ui"])
async def ui_messages(language: str) -> dict[str, object]:
    """The UI's words in ``language`` (en, de, pl) with English behind any missing one, and
    the languages there are."""
    return {"language": check_language(language), "languages": LANGUAGES, **ui_catalog(language)}


@cache
def ui_catalog(language: str) -> dict[str, dict[str, str]]:
    english = read_messages(PACKAGE, "en")
    return {"messages": {**english, **read_messages(PACKAGE, language)}}
