"""What a Runebound position is worth to each seat, for the MCTS bot's cut-off rollouts.

The game's ``score`` (runes and experience counters) seldom moves within a short rollout, so a
search scored by it cannot tell a good move from a bad one. This reads the progress a party
makes every turn instead, in gold pieces, the heuristic bot's scale (its constants): gold,
the market cards carried (by their cost), adventure counters held (by the experience points
they count) and experience counters bought, the trophies the adventure is won by and what the
kept red cards' abilities are worth (RB-4.11), and wounds and exhaustion against it. With a
``position`` weight it adds where the hero stands: the heuristic bot's movement potential at the
hero's hex (the best target's value, discounted by the turns of travel to it), read by a
heuristic bot from the seat's own view of the state, so a rollout cut off on the way to an
adventure is not valued as one that wandered off. It reads a state the search holds, which is
always a sample for the bot's seat (``Game.determinize``),
never the true one.
"""

from __future__ import annotations

from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.bots.runebound.constants import EXHAUSTION, WIN_VALUE, WOUND, XP_POINT
from boardwright.bots.runebound.play import adventure_play
from boardwright.bots.runebound.values import kept_value
from boardwright.games.runebound.content import with_packs
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.state import RuneboundState

TROPHY = 30.0
"""A Dragon Rune (Al-Kalim: a legendary reward): a third of the way to the win."""
XP_COUNTER = 6.0
"""An experience counter: +2 to a stat (or +1 life), dearer than the points it costs."""
CARD_SHARE = 0.8
"""The share of its cost a market card carried is worth (it sells for half, it fights for more)."""
LEAD = 15.0
"""Gold pieces of lead that count as a clear advantage (the rewards' margin, see ``scaled``)."""


class RuneboundWorth:
    """``worth(state, seat)``: the seat's party in units of :data:`LEAD` gold pieces, plus
    ``position`` times the movement potential where its hero stands."""

    def __init__(self, game: Runebound, position: float = 0.0) -> None:
        self.game = game
        self.position = position
        self.appraisers: dict[int, RuneboundBot] = {}

    def __call__(self, state: RuneboundState, seat: int) -> float:
        game = self.game
        rules = game.rules_for(state)
        market = rules.market
        hero = state.heroes[seat]
        worth = WIN_VALUE if seat == state.winner else 0.0
        worth += TROPHY * game.trophies(state, seat)
        worth += XP_COUNTER * len(hero.xp) + XP_POINT * rules.xp_total(hero) + hero.gold
        carried = sum(market[item].cost for item in hero.items)
        carried += sum(market[ally.card].cost for ally in hero.allies)
        worth += CARD_SHARE * carried
        worth += sum(kept_value(card) for _, card in rules.kept_cards(state, seat))  # RB-4.11
        worth -= WOUND * hero.wounds + EXHAUSTION * hero.exhaustion
        if self.position:
            worth += self.position * self.potential(state, seat)
        return worth / LEAD

    def potential(self, state: RuneboundState, seat: int) -> float:
        """The heuristic bot's movement potential at the seat's hero, from the seat's view."""
        view = self.game.view(state, seat)
        appraiser = self.appraisers.get(seat)
        if appraiser is None:
            chosen = (view.get("packs") or {}).get("chosen", ())  # PK-9: the game's cards
            content = with_packs(self.game.content, chosen)
            appraiser = self.appraisers[seat] = RuneboundBot(0, content=content)
            appraiser.use_play(adventure_play(appraiser, view.get("adventure")))
        party = appraiser.play.party(view, seat)
        here = party.here
        potential = appraiser.potential(party)
        return potential[here] if 0 <= here < len(potential) else 0.0
