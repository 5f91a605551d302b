"""The movement step's handlers: the potential over the board (every target's value discounted
by the hexes to it), rolling or stepping or resting, and spending the rolled dice hex by hex."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.bots.base import Observation
from boardwright.bots.runebound.appraisal import Appraisal
from boardwright.bots.runebound.constants import EXHAUSTION
from boardwright.bots.runebound.knowledge import ADVANCE, Knowledge
from boardwright.bots.runebound.party import Party
from boardwright.bots.runebound.values import effect_value
from boardwright.bots.runebound.walk import best_from, raised, roll_value
from boardwright.engine.decision import Decision
from boardwright.games.runebound.content import CITY, RuneboundContent
from boardwright.games.runebound.movement import payments
from boardwright.games.runebound.records import Ability


def _face_text_bits(kb: Knowledge, text: str) -> int | None:
    """A die face as the engine's arguments give it (terrains joined by "/") as terrain bits."""
    bits = 0
    for name in text.split("/"):
        bit = kb.face_bits.get(name)
        if bit is None:
            return None
        bits |= bit
    return bits


class MovementHandlers(Appraisal):
    """Movement: ``movement``, ``move``, ``move_die``, ``step``, ``teleport``,
    ``after_movement``."""

    def __init__(self, seed: int, content: RuneboundContent | None = None) -> None:
        super().__init__(seed, content)
        # memory within a turn
        self._faces: tuple[int, ...] | None = None
        self._bonus = 0
        self._move_target = -1
        self._pot: list[float] | None = None
        self._pot_key: tuple[Any, ...] | None = None
        self._target_list: list[tuple[int, float]] = []
        # the potentials worked out for one view, by key
        self._pots: dict[tuple[Any, ...], tuple[list[float], list[tuple[int, float]]]] = {}
        self._pots_view: dict[str, Any] | None = None
        self.walk_pos = -1
        self.walk_memo: dict[tuple[int, tuple[int, ...], int], float] = {}
        # PV-6: the terrains any die enters on this walk, and those a pathfinder used this
        # turn opened (by the turn: round and seat)
        self.walk_open = 0
        self._used_open: tuple[tuple[Any, int], int] = ((None, -1), 0)

    def potential(self, party: Party) -> list[float]:
        """The value of ending this turn's movement on each hex."""
        key = (
            party.view.get("round"),
            party.seat,
            party.wounds,
            party.exhaustion,
            party.gold,
            tuple(c.id for c in party.items),
            len(party.allies),
            self.play.potential_key(party),
        )
        if self._pot is not None and self._pot_key == key:
            return self._pot
        if party.view is self._pots_view and key in self._pots:
            # worked out for this very view already (day_or_night weighs both times, then
            # keeps the one chosen): the same as working it out again
            pot, targets = self._pots[key]
        else:
            pot, targets = self._make_potential(party)
            if party.view is not self._pots_view:
                self._pots_view = party.view
                self._pots = {}
            self._pots[key] = (pot, targets)
        self._pot = pot
        self._pot_key = key
        self._target_list = targets
        return pot

    def _make_potential(self, party: Party) -> tuple[list[float], list[tuple[int, float]]]:
        kb = self.kb
        pot = [0.0] * kb.hex_count
        targets = self.play.targets(party)
        for target, value in targets:
            if value <= 0.0:  # discounts are positive: never above the 0.0 already there
                continue
            pot = raised(pot, value, kb.discount_rows[target])
        return self.play.floor(party, pot, targets), targets

    def _roll_value(self, here: int, dice: int) -> float:
        """The expected potential after rolling ``dice`` dice (ADVANCE towards the best target)."""
        kb = self.kb
        chances = ADVANCE.get(min(dice, 6), (1.0,))
        return roll_value(self._target_list, kb.dist[here], kb.discount, chances)

    def movement(self, observation: Observation) -> int:
        kb = self.kb
        party = self.party(observation)
        pot = self.potential(party)
        here = party.here
        options = observation.decision.options
        self._faces = None
        self.walk_pos = here
        self.walk_memo = {}
        self.walk_open = self.opened(party)
        # abilities first: healing, extra moves towards a far target, teleports
        best_far = max(range(kb.hex_count), key=lambda h: (pot[h], -kb.dist[here][h]))
        far = kb.dist[here][best_far]
        use = self.ability_to_use(
            observation,
            party,
            ("before_movement", "activate"),
            0.3,
            lambda ability: self._movement_ability_worth(party, ability, pot, far),
        )
        if use is not None:
            self._remember_passage(party, options[use].key)
            return use
        tired = party.exhaustion + sum(e for _, _, e in party.allies)
        scores: list[float] = []
        step_best = max((pot[n] for n in kb.neighbours[here]), default=0.0)
        for option in options:
            key = option.key
            if key == "stay":
                scores.append(pot[here])
            elif key == "rest":
                scores.append(pot[here] + self._rest_value(party, min(4, tired)))
            elif key == "step":
                scores.append(step_best)
            elif key.startswith("roll:"):
                scores.append(self.roll_score(party, pot, int(key[5:]), tired))
            elif (instead := self.ability(party, key[4:], "instead_of_movement")) is not None:
                scores.append(self._instead_worth(party, instead, pot))
            else:
                scores.append(self.play.movement_option(party, key, pot))
        return self.pick(observation, scores)

    def opened(self, party: Party) -> int:
        """PV-6: the terrains (bits) any movement die enters for the party this turn."""
        turn, bits = self._used_open
        now = (party.view.get("round"), party.seat)
        return party.passages() | (bits if turn == now else 0)

    def _remember_passage(self, party: Party, key: str) -> None:
        """PV-6: a used ability that opens a terrain for the rest of the turn."""
        for timing in ("before_movement", "activate"):
            ability = self.ability(party, key.removeprefix("use:"), timing)
            if ability is None:
                continue
            bits = 0
            for e in ability.effects:
                if e.do == "pathfinder":
                    bits |= self.kb.face_bits[e.terrain]
            if bits:
                turn, before = self._used_open
                now = (party.view.get("round"), party.seat)
                self._used_open = (now, bits | (before if turn == now else 0))

    def _instead_worth(self, party: Party, ability: Ability, pot: list[float]) -> float:
        """PV-7: an ``instead_of_movement`` ability against the dice: the potential where its
        extra moves or teleport carry the hero (any terrain), its other effects, its cost."""
        kb = self.kb
        here = party.here
        if not party.affordable(ability) and not ability.cost.discard:
            return -1e9
        hexes = sum(e.hexes for e in ability.effects if e.do == "extra_move")
        reach = max(
            (pot[h] for h in range(kb.hex_count) if kb.dist[here][h] <= hexes), default=pot[here]
        )
        rest = ability.model_copy(
            update={"effects": [e for e in ability.effects if e.do != "extra_move"]}
        )
        return reach + self._movement_ability_worth(party, rest, pot, 0)

    def roll_score(self, party: Party, pot: list[float], dice: int, tired: int) -> float:
        """Rolling ``dice`` movement dice: the potential expected where they carry the hero,
        the rest of the dice not rolled (``tired``: the party's exhaustion), less their cost."""
        here = party.here
        reach = max(pot[here], self._roll_value(here, dice))
        rest = self._rest_value(party, min(max(0, 4 - dice), tired))
        return reach + rest - self.play.roll_cost(party, dice)

    @staticmethod
    def _rest_value(party: Party, removed: int) -> float:
        if removed <= 0:
            return 0.0
        value = EXHAUSTION * removed
        if party.exhaustion >= party.stamina - 1:
            value += 0.5
        return value

    def _movement_ability_worth(
        self, party: Party, ability: Ability, pot: list[float], far: int
    ) -> float:
        kb = self.kb
        worth = 0.0
        for e in ability.effects:
            if e.do == "teleport":
                if e.to == "tamalir":  # the board's first city (an overlay's, AK-17.7)
                    dest = kb.content.board.cities[0].hex
                elif e.to == "nearest_city":
                    dest = min(kb.city_hex.values(), key=lambda h: kb.dist[party.here][h])
                elif e.to != "any_city":  # PV-9: a named city, or the city standing in for it
                    named = kb.content.board.city_named(e.to)
                    dest = party.here if named is None else named.hex
                else:
                    dest = max(kb.city_hex.values(), key=lambda h: pot[h])
                gain = pot[dest] - max(pot[n] for n in (party.here, *kb.neighbours[party.here]))
                worth += gain - 1.0  # a city reached at once; moving on from it is not planned
            elif e.do == "extra_move":
                worth += 0.4 * e.hexes if far > 2 else 0.0
            else:
                worth += effect_value(kb, party, [e], moving=True)
        cost = ability.cost
        if not party.affordable(ability) and cost.discard is False:
            return -1.0
        worth -= EXHAUSTION * cost.exhaustion + cost.gold
        if cost.discard:
            worth -= 1.5
            if any(e.do == "heal" for e in ability.effects) and party.wounds * 2 < party.life:
                return -1.0
        return worth

    def parse_dice(self, decision: Decision) -> tuple[tuple[int, ...], int] | None:
        """The dice left (sorted terrain bits) and the bonus moves of a move decision."""
        args = decision.args
        if "dice" not in args:
            return None
        faces: list[int] = []
        for text in args["dice"]:
            bits = _face_text_bits(self.kb, text)
            if bits is None:
                return None
            faces.append(bits)
        return tuple(sorted(faces)), int(args["bonus"])

    def best_from(
        self,
        hex_index: int,
        faces: tuple[int, ...],
        bonus: int,
        pot: list[float],
        memo: dict[tuple[int, tuple[int, ...], int], float],
    ) -> float:
        """The best potential a walk from ``hex_index`` reaches (:func:`walk.best_from`)."""
        return best_from(self.kb.step_masks, hex_index, faces, bonus, pot, memo, self.walk_open)

    def walk_state(self, observation: Observation) -> tuple[int, list[float]]:
        """Where the hero stands and this turn's potential during a walk.

        The walk started at the movement decision (which read the view); the bot tracks the hexes
        it chose since, and checks its bookkeeping against the hex the decision names. Only
        when that fails does it read the view again.
        """
        here = self.kb.index_of.get(observation.decision.args.get("hex", ""), -1)
        if self.walk_pos >= 0 and self._pot is not None and here == self.walk_pos:
            return self.walk_pos, self._pot
        party = self.party(observation)
        pot = self.potential(party)
        self.walk_memo = {}
        self.walk_pos = party.here
        self.walk_open = self.opened(party)
        return party.here, pot

    def move(self, observation: Observation) -> int:
        kb = self.kb
        here, pot = self.walk_state(observation)
        parsed = self.parse_dice(observation.decision)
        options = observation.decision.options
        scores: list[float] = []
        memo = self.walk_memo
        for option in options:
            if option.key == "stop":
                scores.append(pot[here] + 1e-6)  # stopping wins ties
                continue
            target = kb.index_of.get(option.key[3:], -1)
            if target < 0:
                scores.append(-1e9)
                continue
            if parsed is None:
                scores.append(pot[target])
                continue
            faces, bonus = parsed
            best = -1e9
            terrain = kb.terrain[target]
            if self.walk_open >> terrain & 1:  # PV-6: entered as a city is, with any die
                terrain = CITY
            for pay in payments(faces, terrain, bonus):
                if pay < 0:
                    value = self.best_from(target, faces, bonus - 1, pot, memo)
                else:
                    value = self.best_from(target, faces[:pay] + faces[pay + 1 :], bonus, pot, memo)
                best = max(best, value)
            scores.append(best)
        index = self.pick(observation, scores)
        chosen = options[index].key
        if chosen != "stop":
            self._move_target = kb.index_of.get(chosen[3:], -1)
            self.walk_pos = self._move_target
        else:
            self.walk_pos = -1
        if parsed is not None and chosen != "stop":
            self._faces, self._bonus = parsed
        else:
            self._faces = None
        return index

    def move_die(self, observation: Observation) -> int:
        kb = self.kb
        options = observation.decision.options
        faces = self._faces
        target = self._move_target
        if faces is None or target < 0:
            # keep the most flexible dice: pay with the face showing the fewest terrains
            scores = []
            for option in options:
                face = option.args.get("face")
                bits = _face_text_bits(kb, face) if face is not None else None
                scores.append(-10.0 if bits is None else -float(bin(bits).count("1")))
            return self.pick(observation, scores)
        pot = self._pot
        if pot is None:
            pot = self.potential(self.party(observation))
        memo = self.walk_memo
        scores = []
        for option in options:
            face = option.args.get("face")
            if face is None:  # a bonus move
                scores.append(self.best_from(target, faces, self._bonus - 1, pot, memo))
                continue
            bits = _face_text_bits(kb, face)
            if bits is None or bits not in faces:
                scores.append(-1e9)
                continue
            i = faces.index(bits)
            scores.append(
                self.best_from(target, faces[:i] + faces[i + 1 :], self._bonus, pot, memo)
            )
        self._faces = None
        return self.pick(observation, scores)

    def _pick_by_potential(self, observation: Observation, hex_of: Callable[[str], int]) -> int:
        """The option whose hex (``hex_of`` its key, -1 for none) has the highest potential."""
        pot = self.potential(self.party(observation))
        scores = []
        for option in observation.decision.options:
            hex_index = hex_of(option.key)
            scores.append(pot[hex_index] if hex_index >= 0 else -1e9)
        return self.pick(observation, scores)

    def step(self, observation: Observation) -> int:
        index_of = self.kb.index_of
        return self._pick_by_potential(  # never "back": no loops
            observation, lambda key: index_of.get(key[3:], -1) if key.startswith("to:") else -1
        )

    def teleport(self, observation: Observation) -> int:
        city_hex = self.kb.city_hex
        return self._pick_by_potential(observation, lambda key: city_hex.get(key[5:], -1))

    def after_movement(self, observation: Observation) -> int:
        return self.use_or_pass(observation, "after_movement", 0.2)
