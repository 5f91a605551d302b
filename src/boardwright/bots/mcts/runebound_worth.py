"""What a Runebound position is worth to each seat, for the MCTS bot's cut-off rollouts: a
win-probability model fitted to self-play.

The game's ``score`` (runes and experience counters) seldom moves within a short rollout, so a
search scored by it cannot tell a good move from a bad one. This reads the progress a party
makes every turn instead (:data:`FEATURES`): the trophies the adventure is won by, experience
counters and points, gold, the market cards carried (by their cost), what the kept red cards'
abilities are worth (RB-4.11), wounds and exhaustion, and where the hero stands (the heuristic
bot's movement potential at its hex, read by a heuristic bot from the seat's own view, so a
rollout cut off on the way to an adventure is not valued as one that wandered off).

The weights are a logistic model of who wins a two-player game: P(seat beats other) is the
sigmoid of the weighted sum of the differences of the two parties' features, fitted per
adventure by ``tools/fit_runebound_value.py`` to games between heuristic bots
(``runebound_weights.yaml`` beside this module, with what each was fitted on). A worth is half
the seat's weighted sum, so the search's reward (:func:`.reward._ahead`, the sigmoid of twice
the difference of worths) is that probability.

Fitted rather than set by hand: the hand-set worth this replaced (gold pieces, a lead of 15
counting as clear) was about four times too sure of itself (held-out log loss 1.00 on the base
game's two-player self-play, worse than a coin's 0.69), so rollouts' rewards saturated and
options were compared on noise; the fitted model's is 0.57.

It reads a state the search holds, which is always a sample for the bot's seat
(``Game.determinize``), never the true one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.bots.runebound.play import adventure_play, play_class
from boardwright.bots.runebound.values import kept_value
from boardwright.engine.errors import ConfigError
from boardwright.games.runebound.adventures import adventure_of
from boardwright.games.runebound.content import with_packs
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.state import RuneboundState

FEATURES = (
    "trophies",
    "xp_counters",
    "xp_points",
    "gold",
    "carried",
    "kept",
    "wounds",
    "exhaustion",
    "potential",
)
"""What the model reads of every party, in this order (see :meth:`RuneboundWorth.features`);
an adventure's play adds its own after these (``BasePlay.worth_features``, :func:`names`)."""
HARMS = frozenset({"wounds", "exhaustion"})
"""Features that can only cost a party: the fit may not count them as gains."""
FALLBACK = "dragonlords"
"""The adventure whose weights serve one without its own fit."""
WEIGHTS_FILE = Path(__file__).with_name("runebound_weights.yaml")


@cache
def names(adventure: str) -> tuple[str, ...]:
    """The features the fit of an adventure (as the option ``adventure`` names it) weighs:
    :data:`FEATURES` and its play's own (a ConfigError for an unknown adventure)."""
    return FEATURES + play_class(adventure_of(adventure).id).worth_features


class Fit:
    """One adventure's fitted weights (feature to weight) and what they were fitted on."""

    __slots__ = ("fitted", "weights")

    def __init__(self, weights: dict[str, float], fitted: str) -> None:
        self.weights = weights
        self.fitted = fitted


@cache
def shipped_fits() -> dict[str, Fit]:
    """The fits in :data:`WEIGHTS_FILE`, checked (ConfigError naming the file and the entry)."""
    return read_fits(WEIGHTS_FILE)


def read_fits(path: Path) -> dict[str, Fit]:
    """The fits a weights file holds: adventure to ``{fitted: text, weights: {feature: w}}``
    with every feature the adventure's value reads (:func:`names`) and no other, each a
    number."""
    try:
        raw: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise ConfigError(f"{path.name}: cannot read the fitted weights ({error})") from None
    if not isinstance(raw, dict) or FALLBACK not in raw:
        raise ConfigError(f"{path.name}: expected a mapping of adventures with '{FALLBACK}'")
    fits: dict[str, Fit] = {}
    for adventure, entry in raw.items():
        weights = entry.get("weights") if isinstance(entry, dict) else None
        try:
            wanted = names(str(adventure))
        except ConfigError as error:
            raise ConfigError(f"{path.name}: {error}") from None
        if not isinstance(weights, dict) or set(weights) != set(wanted):
            raise ConfigError(
                f"{path.name}: {adventure}: 'weights' must give exactly {', '.join(wanted)}"
            )
        bad = [
            k for k, v in weights.items() if isinstance(v, bool) or not isinstance(v, int | float)
        ]
        if bad:
            raise ConfigError(f"{path.name}: {adventure}: weight '{bad[0]}' is not a number")
        fits[str(adventure)] = Fit(
            {k: float(v) for k, v in weights.items()}, str(entry.get("fitted", ""))
        )
    return fits


class RuneboundWorth:
    """``worth(state, seat)``: half the fitted logit of the seat's party (see the module
    docstring); ``weights`` (adventure to feature to weight) replaces the shipped fit, and
    ``position=False`` leaves out the movement potential (the dearest feature to read)."""

    def __init__(
        self,
        game: Runebound,
        weights: Mapping[str, Mapping[str, float]] | None = None,
        *,
        position: bool = True,
    ) -> None:
        self.game = game
        if weights is None:
            weights = {name: fit.weights for name, fit in shipped_fits().items()}
        self.weights = weights
        self.position = position
        self.appraisers: dict[tuple[int, str, tuple[str, ...]], RuneboundBot] = {}
        """A heuristic bot per seat and game kind (adventure and packs): each knows its cards."""

    def __call__(self, state: RuneboundState, seat: int) -> float:
        weights = self.weights_for(state)
        values = self.features(state, seat)
        pairs = zip(names(state.opts.adventure), values, strict=True)
        return 0.5 * sum(weights.get(name, 0.0) * value for name, value in pairs)

    def weights_for(self, state: RuneboundState) -> Mapping[str, float]:
        """The weights of the state's adventure (the fallback's if it has none)."""
        adventure = state.opts.adventure
        return self.weights.get(adventure) or self.weights[FALLBACK]

    def features(self, state: RuneboundState, seat: int) -> list[float]:
        """The seat's party as :func:`names` of the state's adventure reads it."""
        game = self.game
        rules = game.rules_for(state)
        market = rules.market
        hero = state.heroes[seat]
        carried = sum(market[item].cost for item in hero.items)
        carried += sum(market[ally.card].cost for ally in hero.allies)
        kept = sum(kept_value(card) for _, card in rules.kept_cards(state, seat))  # RB-4.11
        values = [
            float(game.trophies(state, seat)),
            float(len(hero.xp)),
            float(rules.xp_total(hero)),
            float(hero.gold),
            float(carried),
            kept,
            float(hero.wounds),
            float(hero.exhaustion),
        ]
        if not self.position and len(names(state.opts.adventure)) == len(FEATURES):
            return [*values, 0.0]
        view = self.game.view(state, seat)
        appraiser = self.appraiser(state, seat, view)
        if self.position:
            party = appraiser.play.party(view, seat)
            here = party.here
            potential = appraiser.potential(party)
            values.append(potential[here] if 0 <= here < len(potential) else 0.0)
        else:
            values.append(0.0)
        values.extend(appraiser.play.worth_values(view, seat))
        return values

    def appraiser(self, state: RuneboundState, seat: int, view: dict[str, Any]) -> RuneboundBot:
        """The heuristic bot that reads the seat's view for this game kind (adventure, packs)."""
        chosen = tuple((view.get("packs") or {}).get("chosen", ()))  # PK-9: the game's cards
        kind = (seat, state.opts.adventure, chosen)
        appraiser = self.appraisers.get(kind)
        if appraiser is None:
            content = with_packs(self.game.content, chosen)
            appraiser = self.appraisers[kind] = RuneboundBot(0, content=content)
            appraiser.use_play(adventure_play(appraiser, view.get("adventure")))
        return appraiser
