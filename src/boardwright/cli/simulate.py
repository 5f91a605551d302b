"""``boardwright simulate``: many bot-only games, a progress bar and a summary."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from boardwright.bots import seat_bots
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game
from boardwright.sim.backends import BACKENDS, default_jobs
from boardwright.sim.output import out_format, write_records
from boardwright.sim.runner import ProgressCallback, Summary, run
from boardwright.sim.spec import RunSpec

from .common import (
    FLAG,
    AddressOption,
    BackendOption,
    CardPacksOption,
    ContentPackOption,
    JobsOption,
    add_packs,
    bot_seats,
    choose_seed,
    load_game,
    note_context,
    parse_options,
    resolve_players,
    seat_name,
    stderr_console,
    stdout_console,
)
from .packs import existing_pack_dir

RULES_HELP = (
    "The rule set: base (the default), or a game's preset such as Runebound's advanced "
    "(every Advanced Runebound option on); --option values win over the preset."
)


@contextmanager
def progress_bar(
    enabled: bool, games: int, label: str = "simulating"
) -> Iterator[ProgressCallback | None]:
    """A Rich progress bar on stderr (games done, games/s, time elapsed and left), or nothing
    when disabled. Every backend reports through it as games finish."""
    if not enabled:
        yield None
        return
    progress = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=stderr_console(),
        transient=True,
    )
    task = progress.add_task("games", total=games, rate="")
    start = time.perf_counter()

    def update(done: int, _total: int) -> None:
        elapsed = time.perf_counter() - start
        rate = f"{done / elapsed:,.1f} games/s" if elapsed > 0 else ""
        progress.update(task, completed=done, rate=rate)

    with progress:
        yield update


def figure_heading(name: str) -> str:
    """The column of a figure's means (``pieces_on_board`` -> ``mean pieces on board``)."""
    return "mean " + name.replace("_", " ")


def seat_table(summary: Summary) -> Table:
    """Wins and mean score per seat, and the mean of each figure the results report."""
    table = Table(title=f"{summary.game}: {summary.games} games", title_justify="left")
    figures = summary.means_by_seat
    for heading in ("seat", "bot", "wins", "win %", "mean score", *map(figure_heading, figures)):
        table.add_column(heading, justify="left" if heading in ("seat", "bot") else "right")
    for seat, kind in enumerate(summary.seats):
        wins = summary.wins_by_seat[seat]
        share = 100.0 * wins / summary.games if summary.games else 0.0
        means = [f"{values[seat]:.2f}" for values in figures.values()]
        table.add_row(
            seat_name(seat),
            kind,
            str(wins),
            f"{share:.1f}",
            f"{summary.mean_score[seat]:.2f}",
            *means,
        )
    return table


def hero_table(summary: Summary) -> Table | None:
    """Games and wins per hero, and the mean of each figure, for games whose results name the
    heroes."""
    if summary.wins_by_hero is None or summary.games_by_hero is None:
        return None
    table = Table(title="Heroes", title_justify="left")
    figures = summary.means_by_hero
    for heading in ("hero", "games", "wins", "win %", *map(figure_heading, figures)):
        table.add_column(heading, justify="left" if heading == "hero" else "right")
    for hero, wins in summary.wins_by_hero.items():
        played = summary.games_by_hero.get(hero, 0)
        share = 100.0 * wins / played if played else 0.0
        means = [f"{by_hero[hero]:.2f}" if hero in by_hero else "" for by_hero in figures.values()]
        table.add_row(hero, str(played), str(wins), f"{share:.1f}", *means)
    return table


def summary_lines(summary: Summary, changed: dict[str, Any]) -> list[str]:
    lines = [
        f"seed {summary.seed} · {summary.players} player(s)",
        f"mean decisions per game {summary.mean_decisions:g}",
        f"{summary.decisions_per_second:,.0f} decisions/s · {summary.elapsed_s:.2f} s",
        f"errors {summary.errors}",
    ]
    if summary.mean_rounds is not None:
        lines.insert(2, f"mean rounds {summary.mean_rounds:g}")
    if summary.ended_by:
        ends = ", ".join(f"{how} {count}" for how, count in summary.ended_by.items())
        lines.insert(-1, f"ended by: {ends}")
    if summary.endgame is not None:
        lines.insert(-1, endgame_line(summary.endgame, summary.games))
    if changed:
        lines.insert(1, "options " + ", ".join(f"{k}={v}" for k, v in changed.items()))
    lines.extend(f"  {message}" for message in summary.error_messages)
    lines.append("wins: a shared first place counts as a win for each tied seat")
    return lines


def endgame_line(endgame: dict[str, Any], games: int) -> str:
    """How many games ended in the final showdown, how, and who won it."""
    text = f"endgame: {endgame['games']} of {games} games"
    if endgame["how"]:
        text += "; " + ", ".join(f"{how} {n}" for how, n in endgame["how"].items())
    if endgame["wins_by_hero"]:
        text += "; won by " + ", ".join(f"{h} {n}" for h, n in endgame["wins_by_hero"].items())
    return text


def plain(value: Any) -> Any:
    """Option values as JSON has them (tuples become lists), for comparing with defaults."""
    return list(value) if isinstance(value, tuple) else value


def print_summary(
    console: Console, summary: Summary, defaults: dict[str, Any], content: str | None = None
) -> None:
    console.print(seat_table(summary))
    heroes = hero_table(summary)
    if heroes is not None:
        console.print(heroes)
    changed = {k: v for k, v in summary.options.items() if plain(defaults.get(k)) != plain(v)}
    lines = summary_lines(summary, changed)
    if content is not None:
        lines.insert(1, f"content pack {content}")
    for line in lines:
        console.print(line, markup=False)


def add_adventure(game: Game[Any], options: dict[str, Any], adventure: str | None) -> None:
    """``--adventure NAME`` sets the game option ``adventure``; ConfigError where it cannot."""
    if adventure is None:
        return
    spec = game.option_set.by_name.get("adventure")
    if spec is None:
        raise ConfigError(
            f"{game.name} has no adventures: --adventure is for games with an 'adventure' "
            "option (see 'boardwright options GAME')"
        )
    if spec.allowed and adventure not in spec.allowed:
        raise ConfigError(
            f"--adventure '{adventure}' is not a {game.title} adventure; "
            f"allowed: {', '.join(spec.allowed)}"
        )
    given = options.get("adventure")
    if given is not None and given != adventure:
        raise ConfigError(
            f"--adventure {adventure} and --option adventure={given} disagree; give one of them"
        )
    options["adventure"] = adventure


def simulate_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. realm-of-sand (see 'games').")],
    players: Annotated[
        int | None,
        typer.Option(help="Number of players (default: the number of --seats, else 2)."),
    ] = None,
    games: Annotated[int, typer.Option(help="How many games to play.")] = 100,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the run; game i uses a seed derived from it and i."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="A bot per seat, comma-separated (default: random everywhere)."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as name=value; repeat for more."),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", metavar=FLAG, help="Print one JSON object on stdout, nothing else."),
    ] = False,
    adventure: Annotated[
        str | None,
        typer.Option(
            help="The adventure, for games that have several (sets the option 'adventure'), "
            "e.g. dragonlords for runebound."
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(help=RULES_HELP),
    ] = None,
    content: ContentPackOption = None,
    packs: CardPacksOption = None,
    jobs: JobsOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Write one record per game to FILE.csv, FILE.jsonl or FILE.parquet."),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="Write PNG charts of the run into this folder."),
    ] = None,
) -> None:
    """Let bots play many games and summarise them.

    Wins (wins_by_seat): a shared first place counts as a win for each tied seat.

    Games whose results name the heroes (Runebound) add wins_by_hero and games_by_hero; games
    that say how they ended add ended_by. Results with figures per seat (e.g. the Dragon
    Runes or legendary rewards of a Runebound adventure) add each figure's mean per seat
    (means_by_seat) and per hero (means_by_hero).

    A game that raises an error is counted in 'errors' and the run goes on.

    Games are played on all cores (--jobs), or on a Ray cluster (--backend ray); the same seed
    gives the same games whatever the backend and the number of jobs.

    A progress bar shows on stderr when it is a terminal and --json is not given.
    """
    the_game = load_game(game, content)
    count = resolve_players(the_game, players, seats)
    options = the_game.rule_set_options(rules, parse_options(option))
    add_adventure(the_game, options, adventure)
    add_packs(the_game, options, packs)
    the_game.config(count, options)
    kinds = bot_seats(seats, count)
    seat_bots(kinds, the_game, count, 0, allow_human=False)  # one-line errors before the run
    if out is not None:
        out_format(out)  # an unknown format is refused before any game is played
    if backend not in BACKENDS:
        raise ConfigError(f"--backend {backend}: choose one of {', '.join(BACKENDS)}")
    run_seed = choose_seed(seed)
    note_context(games=games)
    spec = RunSpec(
        the_game.name,
        count,
        tuple(kinds),
        run_seed,
        options,
        None if content is None else str(existing_pack_dir(game, content)),
    )
    show_bar = not as_json and sys.stderr.isatty()
    workers = default_jobs() if jobs is None else jobs
    with progress_bar(show_bar, games) as callback:
        finished = run(
            spec, games, jobs=workers, backend=backend, address=address, progress=callback
        )
    if out is not None:
        write_records(out, finished.records)
    if plot is not None:
        from boardwright.sim.plots import write_plots  # matplotlib loads only when asked

        write_plots(finished.records, plot)
    summary = finished.summary()
    if as_json:
        data = summary.to_data()
        data["rules"] = rules or "base"
        if content is not None:
            data["content"] = content
        sys.stdout.write(json.dumps(data) + "\n")
        return
    print_summary(stdout_console(), summary, the_game.option_set.defaults(), content)
    written = [f"records: {out}"] if out is not None else []
    written += [f"charts: {plot}"] if plot is not None else []
    for line in written:
        stdout_console().print(line, markup=False)
