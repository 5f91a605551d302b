"""``boardwright content``: JSON Schemas of a game's content files, and checking owners' files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from boardwright.engine.content import write_json_schemas

from .common import CliError, load_game, stdout_console

content_app = typer.Typer(
    help="Content files: JSON Schemas for editors, and checking a folder of your own cards.",
    no_args_is_help=True,
)


@content_app.command("schema")
def schema_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. realm-of-sand.")],
    out: Annotated[Path, typer.Option("--out", help="Folder for the .schema.json files.")] = Path(
        "schemas"
    ),
) -> None:
    """Write one JSON Schema per content file of a game (e.g. cards.schema.json)."""
    models = load_game(game).content_models()
    if not models:
        raise CliError(f"{game} has no content files")
    for path in write_json_schemas(models, out):
        stdout_console().print(f"wrote {path}")


@content_app.command("validate")
def validate_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. realm-of-sand.")],
    folder: Annotated[Path, typer.Argument(help="A folder with the game's YAML content files.")],
) -> None:
    """Check a folder of content files and list every problem with file, record and field."""
    errors = load_game(game).validate_content(folder)
    console = stdout_console()
    for error in errors:
        console.print(str(error), markup=False, highlight=False, soft_wrap=True)
    if errors:
        raise CliError(f"{len(errors)} problem(s) in {folder}")
    console.print(f"{folder}: all content files are valid")
