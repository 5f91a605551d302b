"""Al-Kalim texts for tests: the game's :class:`Texts` of an Al-Kalim configuration, the base
game's catalog and display fields merged with the adventure's (``Runebound.texts``)."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.events import Event
from tests.runebound.al_kalim.kit import AL_KALIM_OPTIONS, GAME

AL_KALIM_TEXTS = GAME.texts(GAME.config(2, AL_KALIM_OPTIONS))


def text(event: Event) -> str:
    return AL_KALIM_TEXTS.event(event)


def label(option: Option) -> str:
    return AL_KALIM_TEXTS.option(option)


def prompt(decision: Decision) -> str:
    return AL_KALIM_TEXTS.prompt(decision)
