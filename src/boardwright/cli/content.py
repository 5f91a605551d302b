"""``boardwright content``: JSON Schemas of a game's content files, checking owners' files,
and importing them as content packs (``play``/``simulate --content NAME``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from boardwright.engine.content import write_json_schemas

from .common import FLAG, load_game, stdout_console
from .errors import CliError
from .packs import HOME_VARIABLE, import_pack, list_packs, packs_dir

content_app = typer.Typer(
    help="Content files: JSON Schemas for editors, checking a folder of your own cards, and "
    "importing it as a content pack.",
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
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out} is a file; give a folder for the .schema.json files")
    try:
        written = write_json_schemas(models, out)
    except OSError as err:
        raise CliError(f"cannot write the schemas into {out}: {err.strerror or err}") from None
    for path in written:
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


@content_app.command("import")
def import_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. runebound.")],
    folder: Annotated[Path, typer.Argument(help="A folder with the game's YAML content files.")],
    name: Annotated[
        str | None, typer.Option(help="The pack's name (default: the folder's name).")
    ] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace", metavar=FLAG, help="Replace a pack of that name imported before."
        ),
    ] = False,
) -> None:
    """Check a folder of content files and copy it into your content packs.

    Nothing is copied when a file has a problem; every problem is listed with file, record and
    field. Packs live in $BOARDWRIGHT_HOME/content/GAME/NAME (default home:
    ~/.local/share/boardwright). Use one with 'play GAME --content NAME'.
    """
    target, errors = import_pack(game, folder, name, replace=replace)
    console = stdout_console()
    for error in errors:
        console.print(str(error), markup=False, highlight=False, soft_wrap=True)
    if target is None:
        raise CliError(f"{len(errors)} problem(s) in {folder}; nothing was imported")
    console.print(
        f"imported {folder} as the {game} content pack '{target.name}' ({target}); "
        f"play it with: boardwright play {game} --content {target.name}",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


@content_app.command("list")
def list_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. runebound.")],
) -> None:
    """List the content packs imported for a game."""
    load_game(game)  # the one-line 'unknown game' error
    packs = list_packs(game)
    console = stdout_console()
    if not packs:
        console.print(
            f"no {game} content packs in {packs_dir(game)}; "
            f"import one with: boardwright content import {game} FOLDER",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        return
    table = Table(title=f"{game} content packs", title_justify="left")
    for heading in ("name", "imported", "from", "files"):
        table.add_column(heading, overflow="fold")
    for pack in packs:
        table.add_row(pack.name, pack.imported, pack.source, ", ".join(pack.files))
    console.print(table)
    console.print(
        f"folder: {packs_dir(game)} (set {HOME_VARIABLE} to use another)",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
