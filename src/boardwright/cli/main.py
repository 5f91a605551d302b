"""The ``boardwright`` Typer app and its entry point.

Errors never show a traceback: a :class:`BoardwrightError` or bad command-line input prints one
line ``error: <message>`` on stderr and exits 2; anything unexpected prints ``internal error:``
with what a bug report needs and exits 3 (``BOARDWRIGHT_DEBUG=1`` shows the traceback).
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from boardwright.engine.errors import BoardwrightError

from .common import BUG_CONTEXT, error_line
from .compare import compare_command
from .content import content_app
from .info import games_command, options_command
from .play import play_command
from .replay import replay_command
from .rules import rules_command
from .serve import serve_command
from .simulate import simulate_command

EXIT_USER_ERROR = 2
EXIT_INTERNAL_ERROR = 3
EXIT_INTERRUPTED = 130
DEBUG_VARIABLE = "BOARDWRIGHT_DEBUG"


def report_internal_error(error: BaseException) -> int:
    """One line saying what broke, one line with what a bug report should include."""
    if os.environ.get(DEBUG_VARIABLE) == "1":
        traceback.print_exception(error, file=sys.stderr)
    error_line(f"{type(error).__name__}: {error}", prefix="internal error")
    facts = " ".join(f"{key}={value}" for key, value in BUG_CONTEXT.items()) or "(none)"
    sys.stderr.write(
        f"this is a bug in boardwright; please report it with the command line and {facts} "
        f"({DEBUG_VARIABLE}=1 shows the traceback)\n"
    )
    return EXIT_INTERNAL_ERROR


def report_cli_error(error: typer.TyperException) -> int:
    """A Click/Typer usage problem as one line, with a pointer to --help."""
    message = error.format_message()
    context = getattr(error, "ctx", None)
    command = getattr(context, "command_path", "boardwright")
    if error.exit_code == EXIT_USER_ERROR:
        message = f"{message} (see '{command} --help')"
    error_line(message)
    return error.exit_code


def guarded(call: Callable[[], Any]) -> int:
    """Run the CLI and turn every outcome into an exit code."""
    BUG_CONTEXT.clear()
    try:
        outcome = call()
    except BoardwrightError as error:
        error_line(str(error))
        return EXIT_USER_ERROR
    except typer.Exit as stop:
        return stop.exit_code
    except typer.Abort:
        error_line("aborted")
        return 1
    except typer.TyperException as error:
        return report_cli_error(error)
    except KeyboardInterrupt:
        error_line("interrupted")
        return EXIT_INTERRUPTED
    except Exception as error:  # the last line of defence: no traceback for users
        return report_internal_error(error)
    return outcome if isinstance(outcome, int) else 0


class BoardwrightGroup(TyperGroup):
    """The top-level group: runs non-standalone so that it decides how errors look."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        def call() -> Any:
            return super(BoardwrightGroup, self).main(
                args=args,
                prog_name=prog_name or "boardwright",
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )

        code = guarded(call)
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(
    cls=BoardwrightGroup,
    name="boardwright",
    help="Play, simulate and replay board games from the terminal.",
    add_completion=False,
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback(invoke_without_command=True)
def main(ctx: typer.Context) -> None:
    """Play, simulate and replay board games from the terminal."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


app.command("play")(play_command)
app.command("simulate")(simulate_command)
app.command("compare")(compare_command)
app.command("serve")(serve_command)
app.command("replay")(replay_command)
app.command("rules")(rules_command)
app.command("games")(games_command)
app.command("options")(options_command)
app.add_typer(content_app, name="content")


def run() -> None:
    """Console-script entry point (``boardwright``)."""
    code = guarded(lambda: app(standalone_mode=False))
    sys.exit(code)


__all__ = ["app", "run"]
