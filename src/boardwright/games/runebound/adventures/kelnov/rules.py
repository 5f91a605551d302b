"""The rules of an Avatars of Kelnov game (docs/rules/kelnov.md): the content it plays with,
the replacement draw (KV-5 to KV-7), Kelnov's own discard piles (KV-11) and the piles' order
dealt again for a seat that cannot know it."""

from __future__ import annotations

from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventure import (
    discard_adventure,
    draw_adventure,
    reveal_drawn,
)
from boardwright.games.runebound.adventures.kelnov.content import KelnovContent, kelnov_content
from boardwright.games.runebound.adventures.kelnov.options import KelnovOptions
from boardwright.games.runebound.adventures.kelnov.state import PILES, kelnov_state
from boardwright.games.runebound.content import RuneboundContent, with_adventure_cards
from boardwright.games.runebound.effects import apply_effects
from boardwright.games.runebound.records import COLOURS, Effect
from boardwright.games.runebound.rules import DEALT_WITH, DRAW_AGAIN, Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState


def play_content(content: RuneboundContent) -> RuneboundContent:
    """The game's content with Kelnov's cards after every other adventure card."""
    records = kelnov_content(content)
    if records is None:
        raise ValueError("this content has no Kelnov folder")
    return with_adventure_cards(content, records.adventures)


def sunburst_effects(rules: Rules, card: int) -> list[Effect]:
    """KV-5: the refills a card's sunburst makes (the ``replenish`` effects of its event
    abilities), which happen even when the card is discarded unresolved."""
    return [
        effect
        for ability in rules.adventures[card].abilities
        if ability.timing == "event"
        for effect in ability.effects
        if effect.do == "replenish"
    ]


class KelnovRules(Rules):
    """Rules for an Avatars of Kelnov game (the base game's Rules keep the base behaviour)."""

    kept_as = "avatar"  # KV-10
    won_by: tuple[str, str] = ("Kelnov", "avatars")  # KV-9

    def __init__(self, content: RuneboundContent) -> None:
        super().__init__(play_content(content))
        records = kelnov_content(content)
        assert records is not None
        self.kelnov: KelnovContent = records
        self.first_kelnov = len(content.adventures)
        """Kelnov's cards are the adventure indexes from here on."""

    def is_kelnov(self, card: int) -> bool:
        return card >= self.first_kelnov

    def drawn(self, state: RuneboundState, seat: int, colour: int, card: int, log: Log) -> int:
        """KV-5 to KV-7: a base event or encounter is discarded unresolved, its sunburst made,
        and the top card of the Kelnov pile of its colour stands in for it; with that pile
        empty the draw goes on (``skip``) or the next base card is resolved as it is
        (``resolve``)."""
        record = self.adventures[card]
        if record.kind == "challenge" or self.is_kelnov(card) or colour >= PILES:
            return card
        emit(log, "kelnov_unresolved", card=record.id)
        refills = sunburst_effects(self, card)
        if refills:
            apply_effects(self, state, seat, refills, log, source=f"card:{record.id}")
        discard_adventure(self, state, card, log)
        if state.finished:  # a doom counter from that discard ended the game (KV-19)
            return DEALT_WITH
        pile = kelnov_state(state).piles[colour]
        if pile:
            return self._reveal(state, seat, pile.pop(), log)
        emit(log, "kelnov_empty", colour=COLOURS[colour])
        options = state.opts.adventure_options
        if isinstance(options, KelnovOptions) and options.fallback == "resolve":
            stand_in = draw_adventure(self, state, colour)
            return DRAW_AGAIN if stand_in < 0 else self._reveal(state, seat, stand_in, log)
        return DRAW_AGAIN

    def _reveal(self, state: RuneboundState, seat: int, card: int, log: Log) -> int:
        reveal_drawn(self, state, seat, card, log)
        return card

    def discard_pile(self, state: RuneboundState, card: int) -> list[int]:
        """KV-11: a Kelnov event or encounter goes to the Kelnov discard pile of its colour."""
        if self.is_kelnov(card):
            colour = COLOURS.index(self.adventures[card].colour)
            if colour < PILES:
                return kelnov_state(state).discards[colour]
        return super().discard_pile(state, card)

    def determinize_adventure(self, state: RuneboundState, seat: int | None, rng: Rng) -> None:
        """The Kelnov piles lie face down: their order is dealt again (their cards are known:
        Kelnov's of that colour not seen elsewhere)."""
        for pile in kelnov_state(state).piles:
            rng.shuffle(pile)
