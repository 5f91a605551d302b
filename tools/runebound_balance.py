"""Runebound hero balance: many games between heuristic bots, one table per hero.

Every game seats ``--players`` heuristic bots (``boardwright.bots.runebound.bot``); the game deals
the heroes at random (its default ``hero_selection=random``). For each hero the report counts the
games it was in and its wins, and compares its win rate with the fair share (1 / players). A
first place shared by k heroes (possible only at the round cap) counts 1/k win for each.

Game ``i`` uses the seed ``derive_seed(seed, "game", i)`` and each bot ``derive_seed(game seed,
"bot", seat)``, so a run is reproducible from (games, players, seed) whatever ``--workers`` is.
With ``--minutes`` the run stops taking new games when the time is up and reports the first
games that finished in order (the report states the exact ``--games`` to reproduce it).
Anything in the old report below the line ``<!-- notes: kept when the report is regenerated -->``
is kept.

``--versus-random N`` first plays N two-player games of the heuristic bot against the random bot
(seats alternated; a win is a sole first place) and adds that section to the report.

``--breakdown`` adds a table of how each hero played: challenges fought and beaten, knock-outs,
skill tests passed, as the game counts them from its event log (``Game.tally``).

The games are played by ``boardwright.sim`` (the runner ``boardwright simulate`` uses, with
``--workers`` processes); the report reads its per-game records.

Usage::

    python tools/runebound_balance.py --games 2000 --players 4 [--workers 2] [--seed 1]
        [--minutes 15] [--versus-random 200] [--breakdown] [--out docs/balance.md]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import math
import os
import platform
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from types import ModuleType
from typing import Any

from boardwright.games import get_game
from boardwright.sim.play import play_record
from boardwright.sim.records import GameRecord as SimRecord
from boardwright.sim.runner import run
from boardwright.sim.spec import RunSpec

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "docs" / "balance.md"
GENERATORS = (  # where each hero is made: the base heroes, then the Al-Kalim ones
    ROOT / "tools" / "generate_runebound_cards.py",
    ROOT / "tools" / "generate_alkalim_content.py",
)
HELD = {  # a result figure (what the adventure is won by) as the report's column names it
    "dragon_runes": ("runes", "Dragon Runes"),
    "legendary_rewards": ("rewards", "legendary rewards"),
    "avatars": ("avatars", "avatars"),
}
BAND = 5.0  # percentage points around the fair share that count as balanced
NOTES_MARKER = "<!-- notes: kept when the report is regenerated -->"


@dataclass(frozen=True)
class GameRecord:
    """One finished game as the report reads it: each seat's hero, win share, progress (what
    the adventure is won by: Dragon Runes, legendary rewards, avatars, victory points) and
    experience counters held at the end, and what each seat did."""

    index: int
    heroes: tuple[str, ...]
    wins: tuple[float, ...]
    progress: tuple[int, ...]
    experience: tuple[int, ...]
    rounds: int
    ended_by: str
    decisions: int
    tallies: tuple[SeatTally, ...] = ()  # with --breakdown only
    vp: bool = False  # the result reports victory points (``details["vp"]``, Cult of the Rune)
    progress_name: str = "dragon_runes"  # the result figure ``progress`` counts


@dataclass(frozen=True)
class SeatTally:
    """What one seat did in a game, as the game counts it from its event log
    (``Game.tally``: :mod:`boardwright.games.runebound.tally`); a hero's line in the report is
    the sum over its games."""

    fights: int = 0
    fights_won: int = 0
    knockouts: int = 0
    tests: int = 0
    tests_passed: int = 0

    def __add__(self, other: SeatTally) -> SeatTally:
        return SeatTally(
            *(getattr(self, f.name) + getattr(other, f.name) for f in fields(SeatTally))
        )

    @classmethod
    def of_seat(cls, tallies: Mapping[str, Sequence[float]], seat: int) -> SeatTally:
        return cls(*(int(tallies.get(f.name, [0] * (seat + 1))[seat]) for f in fields(cls)))


def balance_spec(players: int, seed: int, options: Mapping[str, Any]) -> RunSpec:
    """The run of the report: heuristic bots in every seat, heroes dealt by the game."""
    return RunSpec("runebound", players, ("heuristic",) * players, seed, dict(options))


def from_record(record: SimRecord, breakdown: bool = False) -> GameRecord:
    """The report's reading of a simulation record (``boardwright.sim``); a game that raised
    stops the run with its error (a rules bug the report must not hide)."""
    if record.error is not None:
        raise RuntimeError(f"game {record.index} (seed {record.seed}): {record.error}")
    players = record.players
    vp = "vp" in record.figures
    name = "vp" if vp else next(iter(record.figures))  # the first: what the game is won by
    return GameRecord(
        index=record.index,
        heroes=tuple(record.heroes or ()),
        wins=tuple(record.share(seat) for seat in range(players)),
        progress=tuple(int(v) for v in record.figures[name]),
        experience=tuple(int(v) for v in record.figures["experience_counters"]),
        rounds=int(record.rounds or 0),
        ended_by=record.ended_by or "unknown",
        decisions=record.decisions,
        tallies=(
            tuple(SeatTally.of_seat(record.tallies, seat) for seat in range(players))
            if breakdown
            else ()
        ),
        vp=vp,
        progress_name=name,
    )


@dataclass
class HeroLine:
    name: str
    games: int = 0
    wins: float = 0.0
    progress: int = 0
    experience: int = 0
    tally: SeatTally = SeatTally()  # with --breakdown only

    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def play_game(
    index: int, players: int, seed: int, options: Mapping[str, Any], breakdown: bool = False
) -> GameRecord:
    """Play game ``index`` of a run to its end with heuristic bots in every seat (with
    ``breakdown``, also report what each seat did)."""
    return from_record(play_record(balance_spec(players, seed, options), index), breakdown)


@dataclass(frozen=True)
class DuelRecord:
    """One heuristic-versus-random game: the heuristic's seat, whether it won, how it ended."""

    index: int
    seat: int
    won: bool
    rounds: int
    ended_by: str


def versus_spec(seed: int, options: Mapping[str, Any]) -> RunSpec:
    """Two-player games ``derive_seed(seed, "versus", i)``: the heuristic bot in seat ``i % 2``,
    the random bot in the other."""
    return RunSpec(
        "runebound", 2, ("heuristic", "random"), seed, dict(options), rotate=True, seed_tag="versus"
    )


def duel_of(record: SimRecord) -> DuelRecord:
    if record.error is not None:
        raise RuntimeError(f"game {record.index} (seed {record.seed}): {record.error}")
    seat = record.seats.index("heuristic")
    won = record.ranks[seat] == 1 and record.ranks[1 - seat] > 1
    return DuelRecord(
        record.index, seat, won, int(record.rounds or 0), record.ended_by or "unknown"
    )


def play_versus_random(index: int, seed: int, options: Mapping[str, Any]) -> DuelRecord:
    """Two-player game ``index``: the heuristic bot in seat ``index % 2``, random in the other."""
    return duel_of(play_record(versus_spec(seed, options), index))


def run_versus(games: int, seed: int, workers: int, options: Mapping[str, Any]) -> list[DuelRecord]:
    return [
        duel_of(record) for record in run(versus_spec(seed, options), games, jobs=workers).records
    ]


def render_versus(records: Sequence[DuelRecord], seed: int, elapsed: float) -> list[str]:
    games = len(records)
    wins = sum(r.won for r in records)
    rounds = [r.rounds for r in records]
    ended: dict[str, int] = {}
    for record in records:
        ended[record.ended_by] = ended.get(record.ended_by, 0) + 1
    by_seat = [
        f"seat {s + 1}: {sum(r.won for r in records if r.seat == s)}"
        f"/{sum(1 for r in records if r.seat == s)}"
        for s in (0, 1)
    ]
    return [
        "## Heuristic bot against the random bot",
        "",
        f"{games} two-player games, the heuristic bot's seat alternated (seed {seed}, "
        f"{elapsed:.0f} s): the heuristic bot won **{wins} ({100 * wins / max(games, 1):.1f} %)** "
        f"as the sole first place ({', '.join(by_seat)}). Mean length "
        f"{_fmt(sum(rounds) / max(games, 1))} rounds (median {_fmt(_median(rounds))}); ended by "
        + ", ".join(
            f"{name} {count}"
            for name, count in sorted(ended.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        + ".",
        "",
    ]


def run_games(
    games: int,
    players: int,
    seed: int,
    workers: int,
    options: Mapping[str, Any],
    deadline: float | None = None,
    progress: bool = False,
    breakdown: bool = False,
) -> list[GameRecord]:
    """Play the games (in ``workers`` processes, through ``boardwright.sim``); take no new
    games after ``deadline`` (perf_counter).

    Returns the longest run of games 0, 1, 2, ... that finished, in order.
    """
    start = time.perf_counter()

    def report(done: int, total: int) -> None:
        if progress and (done % 25 == 0 or done == total):
            rate = done / max(time.perf_counter() - start, 1e-9)
            print(f"  {done}/{total} games ({rate:.2f} games/s)", file=sys.stderr, flush=True)

    def late() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    finished = run(
        balance_spec(players, seed, options), games, jobs=workers, progress=report, stop=late
    )
    records = [from_record(record, breakdown) for record in finished.records]
    return [record for i, record in enumerate(records) if record.index == i]


# --- the report ---------------------------------------------------------------------------------
def hero_lines(records: Sequence[GameRecord]) -> list[HeroLine]:
    lines: dict[str, HeroLine] = {}
    for record in records:
        for seat, name in enumerate(record.heroes):
            line = lines.setdefault(name, HeroLine(name))
            line.games += 1
            line.wins += record.wins[seat]
            line.progress += record.progress[seat]
            line.experience += record.experience[seat]
            if record.tallies:
                line.tally += record.tallies[seat]
    return sorted(lines.values(), key=lambda h: (-h.rate(), h.name))


def _load_generator(path: Path) -> ModuleType | None:
    """A hero generator under tools/ as a module (for its heroes and budget), if present."""
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(path.stem, module)
    spec.loader.exec_module(module)
    return module


def _fmt(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"


def suggestions(lines: Sequence[HeroLine], fair: float) -> list[str]:
    """Concrete first steps for heroes outside the band, priced with the generator's budget.

    One step per hero: an over-strong hero loses a point of its best attack value (or a life
    point when it is far out), an under-strong one gains the same. The budget column shows
    what ``hero_budget`` makes of the change; rerun the generator and this report to confirm.
    """
    generators = [(path, _load_generator(path)) for path in GENERATORS]
    base = generators[0][1]  # its hero_budget prices every hero
    heroes: dict[str, tuple[dict[str, Any], str]] = {}
    for path, made in generators:
        if made is not None:
            heroes.update({h["name"]: (h, f"tools/{path.name}") for h in made.make_heroes()})
    out: list[str] = []
    for line in lines:
        deviation = 100 * (line.rate() - fair)
        if abs(deviation) <= BAND:
            continue
        hero, where = heroes.get(line.name, ({}, ""))
        direction = -1 if deviation > 0 else 1
        if not hero or base is None:
            verb = "weaken" if direction < 0 else "strengthen"
            out.append(f"- **{line.name}** ({deviation:+.1f} points): {verb} it.")
            continue
        before = base.hero_budget(hero)
        changed = dict(hero)
        if abs(deviation) >= 2 * BAND:
            changed["life"] = hero["life"] + direction
            what = f"life {hero['life']} → {changed['life']}"
        else:
            stat = max(("mind", "body", "spirit"), key=lambda s: hero[s]["value"])
            new_stat = dict(hero[stat])
            new_stat["value"] = hero[stat]["value"] + direction
            changed[stat] = type(hero[stat])(new_stat)
            what = f"{stat} {hero[stat]['value']} → {new_stat['value']}"
        after = base.hero_budget(changed)
        out.append(
            f"- **{line.name}** ({deviation:+.1f} points): {what} in `make_heroes()` of `{where}` "
            f"(`hero_budget` {before:.2f} → {after:.2f})."
        )
    return out


CONTENT_FILES = ("board.yaml", "heroes.yaml", "adventures.yaml", "market.yaml")
# Al-Kalim's own decks take the place of the base adventure cards (AK-3.8), so a change to those
# cards does not make its report stale (tests/runebound/packs/test_al_kalim.py checks that no
# base adventure card is in play there, with and without the packs).
OWN_DECKS = frozenset({"al-kalim"})


def content_fingerprint(
    directory: Path | None = None, adventure: str = "", packs: Sequence[str] = ()
) -> str:
    """The first 16 hex digits of a SHA-256 over the content files the games used: the base
    board, heroes, adventures (unless the ``adventure`` brings its own decks) and market, every
    file of the ``adventure``'s folder (Al-Kalim's overlay, heroes, challenges, legends, allies
    and gear; Kelnov's or the Cult's cards), and the files of the card packs in ``packs`` (the
    built-in ones, docs/rules/packs.md PK-8)."""
    from boardwright.games.runebound.card_packs import BUILTIN_PACKS_DIR
    from boardwright.games.runebound.content import CONTENT_DIR

    folder = directory or CONTENT_DIR
    digest = hashlib.sha256()
    for name in CONTENT_FILES:
        if name == "adventures.yaml" and adventure in OWN_DECKS:
            continue
        digest.update(name.encode())
        digest.update((folder / name).read_bytes())
    if adventure:
        for path in sorted((folder.parent / adventure).glob("*.yaml")):
            digest.update(f"{adventure}/{path.name}".encode())
            digest.update(path.read_bytes())
    for pack in packs:
        for path in sorted((BUILTIN_PACKS_DIR / pack).glob("*.yaml")):
            digest.update(f"packs/{pack}/{path.name}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def packs_of(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The card packs an options mapping names (``packs=a,b`` or a list)."""
    given = options.get("packs", ())
    names = given.split(",") if isinstance(given, str) else list(given)
    return tuple(name.strip() for name in names if name.strip())


def render(
    records: Sequence[GameRecord],
    players: int,
    seed: int,
    workers: int,
    elapsed: float,
    requested: int,
    options: Mapping[str, Any],
    versus: Sequence[str] = (),
    versus_games: int = 0,
    out_path: str | None = None,
) -> str:
    games = len(records)
    adventure = str(options.get("adventure", ""))
    vp = any(r.vp for r in records)
    name = records[0].progress_name if records else "dragon_runes"
    held, held_words = ("VP", "victory points") if vp else HELD.get(name, (name, name))
    fair = 1 / players
    lines = hero_lines(records)
    rounds = [r.rounds for r in records]
    ended: dict[str, int] = {}
    for record in records:
        ended[record.ended_by] = ended.get(record.ended_by, 0) + 1
    command = f"python tools/runebound_balance.py --games {games} --players {players}"
    command += f" --workers {workers}" if workers > 1 else ""
    command += f" --seed {seed}" if seed != 1 else ""
    command += f" --versus-random {versus_games}" if versus_games else ""
    breakdown = bool(records) and bool(records[0].tallies)
    command += " --breakdown" if breakdown else ""
    command += "".join(f" --option {k}={v}" for k, v in sorted(options.items()))
    command += f" --out {out_path}" if out_path is not None else ""
    option_text = ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
    cut = f" (of {requested} asked for: the time limit ended the run)" if games < requested else ""
    machine = (
        f"{platform.system()} {platform.release()} ({platform.machine()}), "
        f"{os.cpu_count()} CPU(s), Python {platform.python_version()}"
    )
    intro = (
        f"Generated by `tools/runebound_balance.py`: {players} heuristic bots "
        "(`boardwright.bots.runebound.bot`, see its module docstring) play each other with heroes "
        "dealt at random; every hero's win rate is compared with the fair share "
        f"({100 * fair:.1f} % for {players} players). The target is every hero within "
        f"±{BAND:.0f} points of it. A first place shared at the round cap counts 1/k win each."
    )
    out = [
        "# Runebound hero balance"
        + (f" ({options['adventure']})" if "adventure" in options else ""),
        "",
        intro,
        "",
        "Regenerate with:",
        "",
        "```",
        command,
        "```",
        "",
        f"- games: **{games}**{cut}, {players} players, seed {seed}, options: {option_text}",
        f"- content: `{content_fingerprint(adventure=adventure, packs=packs_of(options))}` "
        + (
            "(SHA-256 of the base board, heroes and market files and of every Al-Kalim file"
            if adventure in OWN_DECKS
            else "(SHA-256 of the base board, heroes, adventure and market files"
            + (f" and of every {adventure} file" if adventure else "")
        )
        + (" and of the card packs' files" if packs_of(options) else "")
        + ", first 16 digits; a test checks it against the shipped files)",
        f"- machine: {machine}; {workers} worker process(es)",
        f"- time: {elapsed:.0f} s ({elapsed / max(games, 1):.2f} s per game)",
        f"- mean game length: **{_fmt(sum(rounds) / max(games, 1))} rounds** "
        f"(median {_fmt(_median(rounds))}, shortest {min(rounds, default=0)}, "
        f"longest {max(rounds, default=0)})",
        "- how games ended: "
        + ", ".join(
            f"{name} {count} ({100 * count / max(games, 1):.1f} %)"
            for name, count in sorted(ended.items(), key=lambda kv: (-kv[1], kv[0]))
        ),
        "",
        *versus,
        "## Heroes",
        "",
        f"| hero | games | wins | win rate | vs fair share | ±95 % | {held}/game | XP/game |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for line in lines:
        rate = line.rate()
        half = 196 * math.sqrt(rate * (1 - rate) / line.games) if line.games else 0.0
        deviation = 100 * (rate - fair)
        flag = " ⚠" if abs(deviation) > BAND else ""
        out.append(
            f"| {line.name} | {line.games} | {_fmt(line.wins)} | {100 * rate:.1f} % | "
            f"{deviation:+.1f}{flag} | {half:.1f} | {line.progress / max(line.games, 1):.2f} | "
            f"{line.experience / max(line.games, 1):.2f} |"
        )
    outside = [h for h in lines if abs(100 * (h.rate() - fair)) > BAND]
    out += [
        "",
        "`vs fair share` is in percentage points; `±95 %` is the half-width of a 95 % confidence "
        "interval for the win rate (normal approximation), i.e. how much of the deviation noise "
        f"alone can explain. `{held}/game` and `XP/game` are the {held_words} and experience "
        "counters the hero held at the end (the round cap ranks by them).",
        "",
        *(breakdown_lines(lines) if breakdown else []),
        "## Verdict",
        "",
    ]
    if not outside:
        out.append(f"Every hero is within ±{BAND:.0f} points of the fair share.")
    else:
        names = ", ".join(f"{h.name} ({100 * (h.rate() - fair):+.1f})" for h in outside)
        out.append(f"Outside ±{BAND:.0f} points: {names}.")
        out += [
            "",
            "## Suggested first steps",
            "",
            "Changes for the hero generators' `make_heroes()`, sized by the "
            "deviation with what earlier runs measured: a point of life or of the best stat "
            "moves a hero by roughly 5 points, a point of melee damage by roughly 25. The "
            "`hero_budget` column is the price yardstick's view, for reference only. Regenerate "
            "the cards and rerun this report.",
            "",
            *suggestions(lines, fair),
        ]
    return "\n".join(out) + "\n"


def breakdown_lines(lines: Sequence[HeroLine]) -> list[str]:
    """The ``--breakdown`` section: how each hero played."""
    out = [
        "## How the heroes played",
        "",
        "| hero | fights/game | fights won | knock-outs/game | tests/game | tests passed |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for line in lines:
        games = max(line.games, 1)
        tally = line.tally
        won = 100 * tally.fights_won / tally.fights if tally.fights else 0.0
        passed = 100 * tally.tests_passed / tally.tests if tally.tests else 0.0
        out.append(
            f"| {line.name} | {tally.fights / games:.1f} | {won:.1f} % | "
            f"{tally.knockouts / games:.2f} | {tally.tests / games:.1f} | {passed:.1f} % |"
        )
    out += [
        "",
        "Counted from each game's event log, heroes in the order of the table above. `fights` "
        "are fights against challenges (a night ambush is one), `fights won` the share of them "
        "the hero won; `knock-outs` count every cause (a challenge, a hero, the heat); `tests` "
        "are every skill test the hero rolled (a quest's test, an escape, an encounter's choice).",
        "",
    ]
    return out


def _median(values: Sequence[int]) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[middle])
    return (ordered[middle - 1] + ordered[middle]) / 2


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument(
        "--minutes", type=float, default=None, help="stop taking new games after this long"
    )
    parser.add_argument(
        "--option", action="append", default=[], help="game option name=value (repeatable)"
    )
    parser.add_argument(
        "--versus-random",
        type=int,
        default=0,
        metavar="N",
        help="also play N two-player games heuristic against random (seats alternated)",
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also count each hero's fights, knock-outs and skill tests",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="report file to write")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    options: dict[str, Any] = {}
    for pair in args.option:
        name, _, value = pair.partition("=")
        options[name.strip()] = value.strip()
    get_game("runebound").config(args.players, options)  # fail fast on a bad configuration
    versus: list[str] = []
    if args.versus_random:
        begun = time.perf_counter()
        duels = run_versus(args.versus_random, args.seed, args.workers, options)
        versus = render_versus(duels, args.seed, time.perf_counter() - begun)
        print("\n".join(versus), flush=True)
    start = time.perf_counter()
    deadline = start + 60 * args.minutes if args.minutes else None
    records = run_games(
        args.games,
        args.players,
        args.seed,
        args.workers,
        options,
        deadline=deadline,
        progress=not args.quiet,
        breakdown=args.breakdown,
    )
    elapsed = time.perf_counter() - start
    records.sort(key=lambda r: r.index)
    prefix = [r for i, r in enumerate(records) if r.index == i]
    text = render(
        prefix,
        args.players,
        args.seed,
        args.workers,
        elapsed,
        args.games,
        options,
        versus,
        args.versus_random,
        None if args.out == DEFAULT_OUT else str(args.out),
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.out.exists():  # hand-written notes below the marker survive a regeneration
        old = args.out.read_text(encoding="utf-8")
        if NOTES_MARKER in old:
            text += "\n" + old[old.index(NOTES_MARKER) :]
    args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
