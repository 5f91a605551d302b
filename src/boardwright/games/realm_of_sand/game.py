"""Realm of Sand as a :class:`boardwright.engine.Game`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.catalog import DEFAULT_LANGUAGE, load_catalog
from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.engine.game import Game, GameConfig, Result, Tally
from boardwright.engine.procedure import ProcedureTable
from boardwright.engine.rng import Rng
from boardwright.engine.texts import Texts
from boardwright.games.realm_of_sand import actions, crystals, determinize, flow
from boardwright.games.realm_of_sand.content import (
    CONTENT_MODELS,
    RealmContent,
    check_components,
    default_content,
    validate_content_dir,
)
from boardwright.games.realm_of_sand.options import OPTION_SET, RealmOptions
from boardwright.games.realm_of_sand.rules import Rules, emit
from boardwright.games.realm_of_sand.state import CRYSTAL_SPENT, PlayerState, RealmState
from boardwright.games.realm_of_sand.tally import realm_of_sand_tally
from boardwright.games.realm_of_sand.texts import PACKAGE as TEXTS_PACKAGE
from boardwright.games.realm_of_sand.texts import realm_texts
from boardwright.games.realm_of_sand.view import seat_view

SPIRITS_IN_BOX = (7, 7, 7, 5, 5)  # green, red, black, blue, yellow
SPIRITS_PER_COLOUR = {1: 2, 2: 4, 3: 5, 4: 7}  # capped by what the box holds
SQUARES_PER_COLOUR = 28
SOLO_TITLES = ((25, "Lehrling"), (30, "Meister"), (35, "Großmeister"), (39, "Premier"))


def solo_title(stars: int) -> str:
    """RS-7.3: the rank table of the solo variant."""
    for ceiling, title in SOLO_TITLES:
        if stars <= ceiling:
            return title
    return "König von Ragusa"


class RealmOfSand(Game[RealmState]):
    name = "realm-of-sand"
    title = "Realm of Sand"
    min_players = 1
    max_players = 4
    option_set = OPTION_SET

    def __init__(self, content: RealmContent | None = None) -> None:
        self.content = content or default_content()
        check_components(self.content)
        self.rules = Rules(self.content)
        self._texts: dict[str, Texts] = {}
        r = self.rules
        self.procedures = ProcedureTable(
            [
                flow.Draft(r),
                flow.PurpleSetup(r),
                flow.Turn(r),
                flow.EndTurn(r),
                actions.PlaceTile(r),
                actions.RefillZone(r),
                actions.SoloAside(r),
                actions.Discs(r),
                actions.DiscTarget(r),
                actions.Fulfil(r),
                crystals.RedCrystal(r),
                crystals.PurpleCrystal(r),
                crystals.YellowCrystal(r),
                crystals.GreenCrystal(r),
                crystals.OrangeCrystal(r),
                crystals.BlueCrystal(r),
            ]
        )

    def initial_state(self, config: GameConfig, seed: int, log: list[Event] | None) -> RealmState:
        opts = RealmOptions.from_mapping(config.options)
        n = config.players
        rng = Rng(seed)
        state = RealmState(rng, opts)
        content = self.content
        # RS-1.1/1.2: three decks by level, 4 cards of each face up.
        for card in content.cards:
            state.decks[card.level - 1].append(card.index)
        for level, deck in enumerate(state.decks):
            rng.shuffle(deck)
            state.display[level] = [deck.pop() if deck else -1 for _ in range(4)]
        # RS-1.3: the tiles in a circle in random order; the queen sits before circle[0].
        tiles = [t.index for t in content.tiles]
        rng.shuffle(tiles)
        # RS-1.4/1.5: supplies.
        state.squares = [SQUARES_PER_COLOUR] * 3
        state.spirit_supply = [min(SPIRITS_PER_COLOUR[n], box) for box in SPIRITS_IN_BOX]
        state.spirits_in_game = sum(state.spirit_supply)
        # RS-1.6: boards; experienced players may take the advanced side.
        advanced = [b.index for b in content.boards if b.side == "advanced"]
        rng.shuffle(advanced)
        starter = next(b.index for b in content.boards if b.side == "starter")
        for seat in range(n):
            if opts.board_side == "advanced" or str(seat + 1) in opts.advanced_seats:
                player = PlayerState(advanced.pop())
                player.crystal = CRYSTAL_SPENT
            else:
                player = PlayerState(starter)
            state.players.append(player)
        # RS-1.8: first player.
        state.first = rng.below(n) if opts.first_player == "random" else int(opts.first_player) - 1
        state.seat = state.first
        order = tuple((state.first + i) % n for i in range(n))
        emit(
            log,
            "setup",
            players=n,
            first=state.first,
            boards=[content.boards[p.board].id for p in state.players],
            board_side=opts.board_side,
            starting_draft=opts.starting_draft,
        )
        # RS-1.7: starting tiles.
        stack = state.stack
        stack.append(("turn", False))
        for seat in reversed(order):
            if (
                self.rules.crystal_colour(state.players[seat]) == "purple"
                and opts.purple_power == "passive"
            ):
                stack.append(("purple_setup", seat))
        if opts.starting_draft == "blind":
            for seat in order:
                state.players[seat].zone = [tiles.pop() for _ in range(3)]
            state.circle = tiles
        elif opts.starting_draft == "queen_front":
            state.circle = tiles
            for seat in order:
                state.players[seat].zone = [state.circle.pop(0) for _ in range(3)]
        else:
            state.circle = tiles
            draft_order = order if opts.starting_draft == "official" else tuple(reversed(order))
            stack.append(("draft", draft_order, 0))
        return state

    def texts(self, config: GameConfig, language: str = DEFAULT_LANGUAGE) -> Texts:
        """The texts do not depend on the configuration."""
        texts = self._texts.get(language)
        if texts is None:
            texts = self._texts[language] = realm_texts(self.content, language)
        return texts

    def content_models(self) -> Mapping[str, type[ContentRecord]]:
        return CONTENT_MODELS

    def validate_content(self, directory: Path) -> list[ContentError]:
        return validate_content_dir(directory)

    def check_config(self, config: GameConfig) -> None:
        first = config.options["first_player"]
        if first != "random" and int(first) > config.players:
            raise ConfigError(
                f"option 'first_player' got {first}, but there are only {config.players} seats"
            )
        too_high = [s for s in config.options["advanced_seats"] if int(s) > config.players]
        if too_high:
            raise ConfigError(
                f"option 'advanced_seats' names seat {too_high[0]}, "
                f"but there are only {config.players} seats"
            )

    def determinize(self, state: RealmState, seat: int | None, rng: Rng) -> RealmState:
        return determinize.determinize(self, state, seat, rng)

    def view(self, state: RealmState, seat: int | None) -> dict[str, Any]:
        return seat_view(self, state, seat)

    def table_content(self, state: RealmState, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The names of the building cards and boards in ``language`` (the views carry the
        rest)."""
        catalog = load_catalog(TEXTS_PACKAGE, language)
        return {
            "names": {
                **{card.id: catalog.name(card.id, card.name) for card in self.content.cards},
                **{board.id: catalog.name(board.id, board.name) for board in self.content.boards},
            }
        }

    def result(self, state: RealmState) -> Result | None:
        if not state.finished:
            return None
        scores = tuple(float(p.stars) for p in state.players)
        tiebreak = tuple(p.pieces_on_board() for p in state.players)
        keys = [(p.stars, tiebreak[i]) for i, p in enumerate(state.players)]
        ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        details: dict[str, Any] = {"pieces_on_board": list(tiebreak), "rounds": state.round}
        if len(state.players) == 1:
            details["solo_title"] = solo_title(state.players[0].stars)
        return Result(scores, ranks, details)

    def turn_key(self, state: RealmState) -> tuple[int, ...]:
        return (state.turn_number,)

    def score(self, state: RealmState, seat: int) -> float:
        return float(state.players[seat].stars)

    def tally(self, events: Sequence[Event], players: int) -> Tally:
        """Tiles, discs, cards fulfilled, spirits, crystals and levels per player, and the
        round the end was triggered (:mod:`.tally`)."""
        return realm_of_sand_tally(events, players)
