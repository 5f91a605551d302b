"""The lobby's requests and answers (pydantic models, so the OpenAPI page documents them) and
the checks that turn a request for a new table into a game config and seats."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from boardwright.engine.catalog import DEFAULT_LANGUAGE, read_messages
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game, GameConfig
from boardwright.engine.table import HUMAN
from boardwright.games import game_entry

OPEN = "open"
"""Created, not started: seats may be joined and given to bots."""
PLAYING = "playing"
FINISHED = "finished"
CLOSED = "closed"
"""Closed by its creator: kept, but no longer played."""
STATUSES = (OPEN, PLAYING, FINISHED, CLOSED)

NAME_LIMIT = 40


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewTable(Strict):
    """A table to create: the game, its options, and per seat ``human`` or a bot's name."""

    game: str = Field(examples=["realm-of-sand"])
    seats: list[str] = Field(
        min_length=1, max_length=8, examples=[["human", "random"]], description="per seat"
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="game options by name (see GET /api/games); 'packs' takes a list",
    )
    packs: list[str] | None = Field(default=None, description="card packs (the option 'packs')")
    creator: str | None = Field(
        default=None, max_length=NAME_LIMIT, description="the creator's name"
    )
    seed: int | None = Field(
        default=None, ge=0, lt=2**62, description="fixed seed (random when left out)"
    )


class SeatInfo(BaseModel):
    """A seat as everyone may see it."""

    seat: int
    kind: str
    player: str | None
    free: bool


class TableInfo(BaseModel):
    """A table as everyone may see it (never its seed or tokens)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: str
    seats: list[SeatInfo]
    actions: int
    created_at: datetime
    updated_at: datetime


class SeatLink(BaseModel):
    seat: int
    kind: str
    token: str | None = Field(description="the seat's secret join token (humans only)")


class CreatedTable(BaseModel):
    """What only the creator gets, once: the creator's token, each human seat's join token and
    the spectator token (the server keeps only their digests)."""

    table: TableInfo
    creator_token: str
    spectator_token: str
    seats: list[SeatLink]


class Join(Strict):
    player: str = Field(min_length=1, max_length=NAME_LIMIT)


class Joined(BaseModel):
    table: str
    seat: int
    token: str


class BotSeat(Strict):
    bot: str = Field(examples=["random"])


class Move(Strict):
    key: str = Field(max_length=2048)
    version: int


class Problem(BaseModel):
    """Every refusal: one line saying what is wrong."""

    error: str


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    bots: list[str]
    options: list[dict[str, Any]]


def game_info(game: Game[Any], language: str = DEFAULT_LANGUAGE) -> GameInfo:
    """The game, its options with their label, description and value labels in ``language``
    (from the game's ``settings/<language>.po``; English descriptions are the specs'), its
    bots."""
    entry = game_entry(game.name)
    words = setting_texts(type(game).__module__.rpartition(".")[0], language)
    options = [
        {
            "name": spec.name,
            "kind": spec.kind,
            "default": list(spec.default) if isinstance(spec.default, tuple) else spec.default,
            "allowed": list(spec.allowed),
            "minimum": spec.minimum,
            "maximum": spec.maximum,
            "label": words.get(f"{spec.name}.label", spec.name),
            "description": words.get(spec.name, spec.description),
            "value_labels": {
                str(value): words[f"{spec.name}.{value}"]
                for value in spec.allowed
                if f"{spec.name}.{value}" in words
            },
            "rule": spec.rule,
            "reconstructed": spec.reconstructed,
        }
        for spec in game.option_set
    ]
    return GameInfo(
        name=game.name,
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
        bots=sorted(entry.bots),
        options=options,
    )


def table_config(game: Game[Any], request: NewTable) -> GameConfig:
    """The config a request asks for; ConfigError naming what is wrong."""
    options = dict(request.options)
    if request.packs is not None:
        if "packs" not in game.option_set.by_name:
            raise ConfigError(f"{game.name} has no card packs")
        if "packs" in options and list(options["packs"]) != request.packs:
            raise ConfigError("'packs' and the option 'packs' disagree; give one of them")
        options["packs"] = request.packs
    config = game.config(len(request.seats), options)
    check_seats(game, request.seats)
    return config


def check_seats(game: Game[Any], kinds: list[str]) -> None:
    """ConfigError naming the seat whose kind the game does not offer."""
    bots = game_entry(game.name).bots
    for seat, kind in enumerate(kinds):
        if kind != HUMAN and kind not in bots:
            raise ConfigError(
                f"seat {seat}: '{kind}' is neither 'human' nor a bot of {game.name} "
                f"({', '.join(sorted(bots))})"
            )


SETTINGS = "settings"


@cache
def setting_texts(package: str, language: str) -> dict[str, str]:
    """The option texts of the game in ``package``: English labels, then ``language``'s."""
    english = read_messages(package, DEFAULT_LANGUAGE, SETTINGS)
    if language == DEFAULT_LANGUAGE:
        return english
    return {**english, **read_messages(package, language, SETTINGS)}
