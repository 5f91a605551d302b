"""Checks of an Al-Kalim game's configuration."""

from __future__ import annotations

from boardwright.engine.errors import ConfigError
from boardwright.engine.game import GameConfig
from boardwright.games.runebound.content import RuneboundContent

AL_KALIM = "al-kalim"  # the value of the option "adventure"
MIN_PLAYERS = 2  # AK-1.1


def check_al_kalim_config(content: RuneboundContent, config: GameConfig) -> None:
    """ConfigError for an Al-Kalim game that cannot be set up."""
    ak = content.al_kalim
    if ak is None:
        raise ConfigError(
            "the al-kalim adventure needs the Al-Kalim content: this content pack has no "
            "'al-kalim' folder"
        )
    if config.players < MIN_PLAYERS:
        raise ConfigError(f"The Sands of Al-Kalim takes 2 to 6 players, not {config.players}")
    pool = config.options["al_kalim.hero_pool"]
    heroes = {
        "both": len(content.heroes) + len(ak.heroes),
        "al_kalim": len(ak.heroes),
        "base": len(content.heroes),
    }[pool]
    if config.players > heroes:
        raise ConfigError(
            f"al_kalim.hero_pool={pool} has only {heroes} heroes for {config.players} players"
        )
