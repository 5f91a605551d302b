"""The configurations the conformance suite plays, derived from the games' option sets.

For every registered game: the defaults; each rule set (``Game.rule_sets``), also on each
option value other options depend on (e.g. Runebound's rule set ``advanced`` with the Al-Kalim
adventure, keeping the options that combine with it); and every family of options (the part
of a dotted name before the dot, e.g. ``advanced``, ``al_kalim``; undotted names form the
family ``options``) packed into as few configurations as every value other than the default
needs; an option whose value other options need (an *anchor*, e.g. ``adventure``, ``packs``)
gets a configuration of its own for each of its values. A value the defaults refuse
(``al_kalim.*`` outside Al-Kalim) is packed with the value of another option that makes it
valid. ``COMBINED`` adds the few hand-made combinations.
Each configuration is played at a few player counts, rotating so that every count occurs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game
from boardwright.engine.options import OptionSpec
from boardwright.games import game_names
from tests.conformance.games import conformance_game as get_game

Options = dict[str, Any]

# Combinations whose values matter together, which the packing would not pick on its own
# (label, options, the player counts to play it at; None: rotating like the others).
COMBINED: dict[str, list[tuple[str, Options, tuple[int, ...] | None]]] = {
    "realm-of-sand": [
        ("crystals", {"board_side": "advanced", "purple_power": "crystal"}, None),
        ("starter-with-advanced-seat", {"board_side": "starter", "advanced_seats": ["1"]}, None),
        ("queen-front-draft", {"board_side": "advanced", "starting_draft": "queen_front"}, None),
        ("solo-advanced", {"board_side": "advanced", "solo_rounds": 6}, (1,)),
    ],
    "runebound": [
        ("advanced-doom-track-only", {"advanced.doom_track": True}, None),
        ("advanced-wounds-only", {"advanced.wounds": True}, None),
        ("advanced-experience-table-only", {"advanced.experience": "table"}, None),
        ("travel-problems", {"travel_problems": True, "base_doom_track": True}, None),
        # PK-4/PK-5 with every pack at once, and the unseen doom-track card under focus decks
        (
            "packs-all-focus-doom-track",
            {
                "packs": ["kellos", "walkers", "margath", "drakes"],
                "packs.market_mode": "focus",
                "packs.adventure_mode": "focus",
                "advanced.doom_track": True,
                "advanced.endgame": True,
            },
            None,
        ),
        # PK-6: market packs in Al-Kalim, focus mode (bazaars, the City of Dreams, AK-9.2)
        (
            "packs-al-kalim-focus",
            {"adventure": "al-kalim", "packs": ["kellos", "walkers"], "packs.market_mode": "focus"},
            None,
        ),
        # PK-6, AK-17: every pack in Al-Kalim, the adventure-card packs' cards drawn first
        # (encounters in adventure steps, ambushes and travel problems)
        (
            "packs-al-kalim-adventure-focus",
            {
                "adventure": "al-kalim",
                "packs": ["kellos", "walkers", "margath", "drakes"],
                "packs.market_mode": "focus",
                "packs.adventure_mode": "focus",
                "travel_problems": True,
            },
            None,
        ),
        # AK-17.3: the adventure-card packs mixed in, their challenges' printed life by day too
        (
            "packs-al-kalim-adventure-printed-life",
            {
                "adventure": "al-kalim",
                "packs": ["margath", "drakes"],
                "al_kalim.pack_day_life": "printed",
            },
            None,
        ),
    ],
}
PLAYER_COUNTS_PER_CONFIGURATION = 2
SEEDS = 2  # seeded games per configuration and player count


@dataclass(frozen=True)
class Case:
    """One game to play: the game, a name for its configuration, options, players and seed."""

    game: str
    label: str
    options: Mapping[str, Any]
    players: int
    seed: int

    @property
    def id(self) -> str:
        return f"{self.game}:{self.label}:{self.players}p:seed{self.seed}"


def accepts(game: Game[Any], players: int, options: Options) -> bool:
    try:
        game.config(players, options)
    except ConfigError:
        return False
    return True


def player_counts(game: Game[Any]) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def accepted_somewhere(game: Game[Any], options: Options) -> bool:
    return any(accepts(game, n, options) for n in player_counts(game))


def other_values(spec: OptionSpec) -> list[Any]:
    """Every value of ``spec`` but its default; for whole numbers the lowest and the default + 1
    (a huge maximum such as a round cap of 1,000 would only make the games long)."""
    if spec.kind == "bool":
        return [not spec.default]
    if spec.kind == "choice":
        return [value for value in spec.allowed if value != spec.default]
    if spec.kind == "choices":
        return [[value] for value in spec.allowed] + [list(spec.allowed)]
    candidates = [spec.default + 1, spec.minimum]
    return [
        value
        for value in dict.fromkeys(candidates)
        if value is not None
        and value != spec.default
        and (spec.maximum is None or value <= spec.maximum)
    ]


def family(spec: OptionSpec) -> str:
    prefix, dot, _ = spec.name.partition(".")
    return prefix if dot else "options"


def enabler(game: Game[Any], options: Options, name: str, value: Any) -> Options | None:
    """Options under which ``name=value`` is valid on top of ``options``: none needed ({}), one
    other option's value that makes it valid, or None when nothing does."""
    if accepted_somewhere(game, {**options, name: value}):
        return {}
    for spec in game.option_set:
        if spec.name in options or spec.name == name:
            continue
        for other in other_values(spec):
            if accepted_somewhere(game, {**options, spec.name: other, name: value}):
                return {spec.name: other}
    return None


def enablers(game: Game[Any]) -> list[Options]:
    """The option values other options' values need (e.g. ``adventure=al-kalim``)."""
    needed: list[Options] = []
    for spec in game.option_set:
        for value in other_values(spec):
            extra = enabler(game, {}, spec.name, value)
            if extra is None:
                raise AssertionError(f"{game.name}: no configuration accepts {spec.name}={value!r}")
            if extra and extra not in needed:
                needed.append(extra)
    return needed


def family_packs(game: Game[Any], specs: list[OptionSpec], anchors: set[str]) -> list[Options]:
    """Every other value of every option of one family, packed greedily: a value goes into
    the first configuration that does not set its option yet and stays valid with it. Options
    in ``anchors`` (those others need) are left out: they get configurations of their own."""
    packs: list[Options] = []
    for spec in specs:
        if spec.name in anchors:
            continue
        for value in other_values(spec):
            new: Options = {}
            for pack in [*packs, new]:
                if spec.name in pack:
                    continue
                extra = enabler(game, pack, spec.name, value)
                if extra is not None and not extra.keys() & pack.keys():
                    pack.update(extra)
                    pack[spec.name] = value
                    if pack is new:
                        packs.append(pack)
                    break
            else:
                raise AssertionError(f"{game.name}: no configuration accepts {spec.name}={value!r}")
    return packs


def families(game: Game[Any]) -> dict[str, list[OptionSpec]]:
    grouped: dict[str, list[OptionSpec]] = {}
    for spec in game.option_set:
        grouped.setdefault(family(spec), []).append(spec)
    return grouped


def rule_set_variants(game: Game[Any], anchors: list[Options]) -> Iterator[tuple[str, Options]]:
    """Each rule set on the defaults, and on every anchor (an option value others need),
    keeping the rule set's options that stay valid there."""
    for rules, preset in game.rule_sets.items():
        if not preset:
            continue
        yield f"rules-{rules}", dict(preset)
        for base in anchors:
            options = dict(base)
            for name, value in preset.items():
                if accepted_somewhere(game, {**options, name: value}):
                    options[name] = value
            label = "+".join(f"{k}={v}" for k, v in base.items())
            yield f"rules-{rules}+{label}", options


def configurations(game: Game[Any]) -> list[tuple[str, Options, tuple[int, ...] | None]]:
    """Every configuration of ``game`` the suite plays: label, options, player counts (None:
    a few, rotating)."""
    needed = enablers(game)
    anchors = {name for options in needed for name in options}  # played on their own
    found: list[tuple[str, Options]] = [("defaults", {})]
    found += [("+".join(f"{k}={v}" for k, v in options.items()), options) for options in needed]
    found += list(rule_set_variants(game, needed))
    for spec in game.option_set:  # an anchor's other values, each on its own
        if spec.name not in anchors:
            continue
        for value in other_values(spec):
            if {spec.name: value} in needed:
                continue
            extra = enabler(game, {}, spec.name, value) or {}
            found.append((f"{spec.name}={value}", {**extra, spec.name: value}))
    for name, specs in families(game).items():
        packs = family_packs(game, specs, anchors)
        found += [(f"{name}-{i}", pack) for i, pack in enumerate(packs, 1)]
    by_options: dict[str, tuple[str, Options]] = {}
    for label, options in found:  # the first label of equal options is kept
        by_options.setdefault(json.dumps(options, sort_keys=True), (label, options))
    played = [(label, options, None) for label, options in by_options.values()]
    return [*played, *COMBINED.get(game.name, [])]


def cases() -> list[Case]:
    """Every (game, configuration, player count, seed)."""
    out: list[Case] = []
    for name in game_names():
        game = get_game(name)
        for index, (label, options, fixed) in enumerate(configurations(game)):
            counts = [n for n in fixed or player_counts(game) if accepts(game, n, options)]
            assert counts, f"{name} {label}: no player count accepts {options}"
            chosen = counts if label == "defaults" or fixed else _rotating(counts, index)
            out += [
                Case(name, label, options, n, seed=1000 * index + 100 * k + n)
                for n in chosen
                for k in range(SEEDS)
            ]
    return out


def _rotating(counts: list[int], index: int) -> list[int]:
    """A few of ``counts``, starting at a different place for each configuration."""
    step = max(1, len(counts) // PLAYER_COUNTS_PER_CONFIGURATION)
    picked = [
        counts[(index + k * step) % len(counts)] for k in range(PLAYER_COUNTS_PER_CONFIGURATION)
    ]
    return sorted(set(picked))
