"""``boardwright compare``: two settings (options, card packs, rule sets or bots) played on the
same seeds, side by side, with a test and an effect size for every difference.

Options without a side (``--option``, ``--seats``, ``--rules``, ``--packs``) apply to both
sides; ``--option-a``/``--option-b`` and the other ``-a``/``-b`` ones to one side, and win over
the common ones. Game ``i`` of A and game ``i`` of B share a seed, so each pair differs only
by what the settings change: :func:`boardwright.sim.compare.compare` tests the differences on
those pairs.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from boardwright.bots import seat_bots
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game
from boardwright.sim.backends import default_jobs
from boardwright.sim.compare import (
    BOTS,
    ENDINGS,
    FIGURES,
    HEROES,
    LENGTH,
    RATE,
    SEATS,
    SECTIONS,
    TALLIES,
    Comparison,
    Row,
    compare,
)
from boardwright.sim.runner import ProgressCallback, Run, run
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
    split_seats,
    stdout_console,
)
from .packs import existing_pack_dir
from .simulate import add_adventure, plain, progress_bar

FIRST_COLUMN = {
    SEATS: "seat (bot)",
    BOTS: "bot",
    HEROES: "hero",
    LENGTH: "per game",
    ENDINGS: "ended by",
    FIGURES: "per game (all seats)",
    TALLIES: "per game (all seats)",
}
"""The heading of each section's first column."""


@dataclass(frozen=True)
class Side:
    """One side's settings as given: the rule set, the options (common ones overlaid by the
    side's own), the card packs and a bot per seat."""

    label: str
    rules: str | None
    options: dict[str, Any]
    packs: str | None
    seats: list[str]

    def overlaid(
        self,
        label: str,
        rules: str | None,
        options: dict[str, Any],
        packs: str | None,
        seats: str | None,
    ) -> Side:
        """Side ``label``: these (common) settings with the side's own given ones winning."""
        return Side(
            label,
            rules or self.rules,
            {**self.options, **options},
            packs or self.packs,
            split_seats(seats) if seats else list(self.seats),
        )


@dataclass(frozen=True)
class Settings:
    """What both sides share: the game, the player count, the adventure and the content."""

    game: Game[Any]
    players: int
    adventure: str | None
    content_dir: str | None


def compare_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. realm-of-sand (see 'games').")],
    games: Annotated[int, typer.Option(help="How many games each side plays.")] = 100,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of both runs; game i of each uses a seed derived from it and i."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Number of players (default: the number of seats, else 2)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="A bot per seat for both sides, comma-separated (default: random)."),
    ] = None,
    seats_a: Annotated[str | None, typer.Option(help="Side A's bots, instead of --seats.")] = None,
    seats_b: Annotated[
        str | None, typer.Option(help="Side B's bots, instead of --seats, e.g. greedy,random.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", help="A game option for both sides as name=value; repeat for more."
        ),
    ] = None,
    option_a: Annotated[
        list[str] | None,
        typer.Option(help="A game option for side A only (wins over --option); repeatable."),
    ] = None,
    option_b: Annotated[
        list[str] | None,
        typer.Option(help="A game option for side B only (wins over --option); repeatable."),
    ] = None,
    packs: CardPacksOption = None,
    packs_a: Annotated[
        str | None, typer.Option(help="Side A's card packs, instead of --packs.")
    ] = None,
    packs_b: Annotated[
        str | None, typer.Option(help="Side B's card packs, instead of --packs, e.g. kellos.")
    ] = None,
    adventure: Annotated[
        str | None,
        typer.Option(help="The adventure of both sides (sets the option 'adventure')."),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(help="The rule set of both sides: base (the default) or a preset."),
    ] = None,
    rules_a: Annotated[
        str | None, typer.Option(help="Side A's rule set, instead of --rules.")
    ] = None,
    rules_b: Annotated[
        str | None, typer.Option(help="Side B's rule set, instead of --rules, e.g. advanced.")
    ] = None,
    content: ContentPackOption = None,
    jobs: JobsOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    by_seat: Annotated[
        bool,
        typer.Option(
            "--by-seat",
            metavar=FLAG,
            help="Compare each figure and tally per seat too (automatic when the bots differ).",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", metavar=FLAG, help="Print one JSON object on stdout, nothing else."),
    ] = False,
) -> None:
    """Play the same seeds with two settings, A and B, and test every difference.

    Common options (--option, --seats, --rules, --packs) apply to both sides; --option-a,
    --seats-a, --rules-a, --packs-a to A only and the -b ones to B only, winning over the
    common ones. Game i of A and game i of B are dealt from the same seed, so the pairs differ
    only by what the settings change.

    Reported, each with A, B, the difference B - A with its 95 % interval, an effect size and
    a p-value: the win rate per seat (a shared win counts 1/k for each of k tied winners), per
    bot when the bots differ and per hero; game length (rounds, decisions); how games ended;
    the scores, figures and tallies, summed over the seats (and per seat with --by-seat).

    Paired t-tests (Student's t) on the per-game differences, with Cohen's h for rates and
    d_z for means; McNemar's exact test on the pairs for how games ended. '*' marks p < 0.05 without
    correction for the number of tests (the output says how many there were); '**' a row that
    stays significant after Holm-Bonferroni over all of them.

    Games where either side raised an error are skipped and counted. A progress bar shows on
    stderr when it is a terminal and --json is not given.
    """
    the_game = load_game(game, content)
    count = resolve_players(the_game, players, seats_a or seats_b or seats)
    settings = Settings(
        the_game,
        count,
        adventure,
        None if content is None else str(existing_pack_dir(game, content)),
    )
    common = Side("", rules, parse_options(option), packs, bot_seats(seats, count))
    side_a = common.overlaid("A", rules_a, parse_options(option_a), packs_a, seats_a)
    side_b = common.overlaid("B", rules_b, parse_options(option_b), packs_b, seats_b)
    options_a = checked_options(settings, side_a, common)
    options_b = checked_options(settings, side_b, common)
    run_seed = choose_seed(seed)
    note_context(games=games, options_a=options_a, options_b=options_b)
    spec_a = RunSpec(
        the_game.name, count, tuple(side_a.seats), run_seed, options_a, settings.content_dir
    )
    spec_b = spec_a.with_options(options_b).with_seats(side_b.seats)
    workers = default_jobs() if jobs is None else jobs
    with both_bars(not as_json and sys.stderr.isatty(), games) as (report_a, report_b):
        run_a = run(
            spec_a, games, jobs=workers, backend=backend, address=address, progress=report_a
        )
        run_b = run(
            spec_b, games, jobs=workers, backend=backend, address=address, progress=report_b
        )
    comparison = compare(run_a.records, run_b.records, by_seat=True if by_seat else None)
    changed = differences(the_game, (side_a, run_a), (side_b, run_b))
    if not as_json:
        print_comparison(stdout_console(), comparison, changed, run_a)
        return
    data = comparison_data(comparison, changed, (side_a, run_a), (side_b, run_b))
    if content is not None:
        data["content"] = content
    sys.stdout.write(json.dumps(data) + "\n")


# --- settings ---------------------------------------------------------------------------------


def side_options(settings: Settings, side: Side) -> dict[str, Any]:
    """The side's options (rule set, options, adventure, packs), checked against the game and
    its bots: ConfigError before any game is played."""
    options = settings.game.rule_set_options(side.rules, side.options)
    add_adventure(settings.game, options, settings.adventure)
    add_packs(settings.game, options, side.packs)
    settings.game.config(settings.players, options)
    seat_bots(side.seats, settings.game, settings.players, 0, allow_human=False)
    return options


def checked_options(settings: Settings, side: Side, common: Side) -> dict[str, Any]:
    """:func:`side_options`, whose errors name the side unless the common settings alone
    cause them (then the error is the same for both sides and needs no side)."""
    try:
        return side_options(settings, side)
    except ConfigError as error:
        if _fails_alike(settings, common, error):
            raise
        raise ConfigError(f"side {side.label}: {error}") from None


def _fails_alike(settings: Settings, common: Side, error: ConfigError) -> bool:
    try:
        side_options(settings, common)
    except ConfigError as common_error:
        return str(common_error) == str(error)
    return False


def differences(
    game: Game[Any], side_a: tuple[Side, Run], side_b: tuple[Side, Run]
) -> dict[str, tuple[Any, Any]]:
    """What differs from A to B, by setting: the rule set, the seats' bots and each option as
    the game read it. Options a differing rule set explains are left out unless given."""
    (a, run_a), (b, run_b) = side_a, side_b
    changed: dict[str, tuple[Any, Any]] = {}
    if (a.rules or "base") != (b.rules or "base"):
        changed["rules"] = (a.rules or "base", b.rules or "base")
    if a.seats != b.seats:
        changed["seats"] = (",".join(a.seats), ",".join(b.seats))
    preset: set[str] = set()
    if "rules" in changed:
        for rules in (a.rules, b.rules):
            preset |= set(game.rule_sets.get(rules or "base", {}))
        preset -= set(a.options) | set(b.options)
    for name, value_a in run_a.options.items():
        value_b = run_b.options.get(name)
        if plain(value_a) != plain(value_b) and name not in preset:
            changed[name] = (plain(value_a), plain(value_b))
    return changed


# --- progress ---------------------------------------------------------------------------------


@contextmanager
def both_bars(
    enabled: bool, games: int
) -> Iterator[tuple[ProgressCallback | None, ProgressCallback | None]]:
    """One progress bar over both runs (A's games, then B's), or none."""
    with progress_bar(enabled, 2 * games) as callback:
        if callback is None:
            yield None, None
            return
        report = callback
        yield (
            lambda done, _total: report(done, 2 * games),
            lambda done, _total: report(games + done, 2 * games),
        )


# --- output -----------------------------------------------------------------------------------


def comparison_data(
    comparison: Comparison,
    changed: dict[str, tuple[Any, Any]],
    side_a: tuple[Side, Run],
    side_b: tuple[Side, Run],
) -> dict[str, Any]:
    """The JSON object of ``--json``: the runs, what differs and every test."""
    (a, run_a), (b, run_b) = side_a, side_b
    return {
        "game": run_a.spec.game,
        "players": run_a.spec.players,
        "games": len(run_a.records),
        "seed": run_a.spec.seed,
        "differs": {name: list(values) for name, values in changed.items()},
        "a": {"rules": a.rules or "base", "summary": run_a.summary().to_data()},
        "b": {"rules": b.rules or "base", "summary": run_b.summary().to_data()},
        "comparison": comparison.to_data(),
    }


def print_comparison(
    console: Console, comparison: Comparison, changed: dict[str, tuple[Any, Any]], run_a: Run
) -> None:
    """A header saying what differs, a table per section, and how many tests were run."""
    spec = run_a.spec
    lines = [
        f"{spec.game} · {spec.players} player(s) · {len(run_a.records)} games per side "
        f"on the same seeds (seed {spec.seed})",
        difference_line(changed),
    ]
    for line in lines:
        console.print(line, markup=False)
    for section in SECTIONS:
        rows = comparison.section(section)
        if rows:
            console.print(section_table(section, rows, comparison.pairs))
    for line in footer_lines(comparison):
        console.print(line, markup=False)


def difference_line(changed: dict[str, tuple[Any, Any]]) -> str:
    """``A → B: max_rounds 40 → 10; seats random,random → greedy,random``, or a note."""
    if not changed:
        return (
            "note: nothing differs between A and B; the same seeds replay the same games, "
            "so every difference is 0"
        )
    parts = [f"{name} {_setting(a)} → {_setting(b)}" for name, (a, b) in changed.items()]
    return "A → B: " + "; ".join(parts)


def _setting(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value)) or "(none)"
    return str(value).lower() if isinstance(value, bool) else str(value)


def section_table(section: str, rows: list[Row], pairs: int) -> Table:
    """One section's rows: A, B, B - A with its 95 % interval, the change in %, the effect
    size (named in the heading), p and its mark; the games each row rests on when they are not
    all the paired games (a hero plays only some)."""
    table = Table(title=section, title_justify="left")
    longest = max(len(row.name) for row in rows)
    counted = any(row.n != pairs for row in rows)
    table.add_column(FIRST_COLUMN[section], justify="left", min_width=min(longest, 20))
    headings = ["A", "B", "B - A", "95 % CI", "change", rows[0].effect_name, "p"]
    for heading in ["n", *headings] if counted else headings:
        wrap = heading == "95 % CI"
        table.add_column(heading, justify="right", no_wrap=not wrap, min_width=8 if wrap else None)
    for row in rows:
        table.add_row(row.name, *([str(row.n)] if counted else []), *row_cells(row))
    return table


def row_cells(row: Row) -> list[str]:
    """A row's cells after its name (and count)."""
    difference, interval = difference_texts(row)
    digits = _decimals(max(abs(row.a), abs(row.b)))
    return [
        value_text(row.a, row.scale, digits),
        value_text(row.b, row.scale, digits),
        difference,
        interval,
        "" if row.relative is None else f"{row.relative:+.1f}%",
        _signed(row.effect, 2),
        f"{p_text(row.p)} {mark(row)}".strip(),
    ]


def value_text(value: float, scale: str, digits: int = 2) -> str:
    """A rate in %, a mean with ``digits`` decimals."""
    if scale == RATE:
        return f"{100.0 * value:.1f}%"
    return f"{value:,.{digits}f}"


def difference_texts(row: Row) -> tuple[str, str]:
    """``+12.3 pp`` and ``[+5.1, +19.5]`` for rates, ``-4.20`` and ``[-5.00, -3.40]`` for
    means."""
    if row.scale == RATE:
        scaled = [100.0 * v for v in (row.difference, row.low, row.high)]
        digits, unit = 1, " pp"
    else:
        scaled = [row.difference, row.low, row.high]
        digits, unit = _decimals(max(abs(v) for v in scaled if math.isfinite(v))), ""
    centre, low, high = (_signed(v, digits) for v in scaled)
    return f"{centre}{unit}", f"[{low}, {high}]"


def _decimals(value: float) -> int:
    """Decimals for a number of this size: 2 below 100, 1 below 10,000, else none."""
    size = abs(value)
    return 2 if size < 100 else 1 if size < 10_000 else 0


def _signed(value: float, digits: int) -> str:
    if math.isinf(value):
        return "+∞" if value > 0 else "-∞"
    return f"{value:+,.{digits}f}"


def p_text(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def mark(row: Row) -> str:
    """'**' significant even after Holm-Bonferroni, '*' at 5 % uncorrected, else nothing."""
    return "**" if row.holm else "*" if row.significant else ""


def footer_lines(comparison: Comparison) -> list[str]:
    """How many tests, how many significant, and what was skipped."""
    tests = comparison.tests
    found = len(comparison.significant())
    kept = sum(row.holm for row in comparison.rows)
    lines = [
        f"{tests} tests: {found} significant at 5 % (*), not corrected for the number of "
        f"tests; {kept} still significant after Holm-Bonferroni over all {tests} (**)",
        f"paired games {comparison.pairs} · skipped {comparison.skipped} "
        f"(errors: A {comparison.errors_a}, B {comparison.errors_b})",
        "wins: a shared first place counts 1/k for each of k tied winners; "
        "effect: Cohen's h for rates, d_z for means",
    ]
    if comparison.unmatched:
        lines.insert(2, f"games in one run only (not compared): {comparison.unmatched}")
    return lines
