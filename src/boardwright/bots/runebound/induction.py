"""The fight model's backward induction, over *rooms*: a fight state is how many wounds the
hero is short of winning (``room_e``) and of being knocked out (``room_h``). Nothing in a round
depends on the state but these two distances, so one solved :class:`FightGrid` answers every
enemy life and hero life up to its size (:class:`~boardwright.bots.runebound.knowledge.FightTable`
reads it at an offset), and a plan's rounds (:class:`PlanRounds`) serve every fight that has the
same round paths."""

from __future__ import annotations

from array import array

Path = tuple[tuple[int, int, float], ...]
"""One combat step's outcomes in a round: (wounds dealt, wounds taken, probability)."""

RoundPaths = tuple[Path, ...]
"""A whole round when the hero attacks in one step: each open step's outcomes, in step order."""

RawRound = tuple[float, float, float, list[tuple[int, int, float]]]


class FightGrid:
    """A solved fight for every room up to (``rooms_e``, ``rooms_h``): P(win), P(knocked out)
    and the attack step + 1 (0: none changes anything) of fighting on, state
    ``(room_e - 1) * rooms_h + room_h - 1`` (the odds at twice that index)."""

    __slots__ = ("odds", "rooms_e", "rooms_h", "steps")

    def __init__(self, rooms_e: int, rooms_h: int, odds: array[float], steps: bytes) -> None:
        self.rooms_e = rooms_e
        self.rooms_h = rooms_h
        self.odds = odds
        self.steps = steps


Round = tuple[float, float, float, list[tuple[int, float]]]
"""A round as the induction uses it: P(win), P(knock-out), 1 - P(nothing changes) and the other
outcomes as (how far back in a grid of one stride their state lies, probability)."""

_UNSEEN: Round | None = (0.0, 0.0, 0.0, [])  # a marker: the round is not worked out yet


class PlanRounds:
    """The rounds of one plan (its round paths), by the distances capped at what one round can
    reach, in the form :func:`solve_grid` reads for a grid's stride (None: a round that (nearly)
    never changes anything). Worked out on demand and kept: they do not depend on the fight's
    size, the hero's life or the knock-out cost."""

    __slots__ = ("by_stride", "paths", "raw", "reach_e", "reach_h")

    def __init__(self, paths: RoundPaths) -> None:
        self.paths = paths
        # the most wounds one round can deal and take (every step's outcomes can combine)
        self.reach_e = sum(max(de for de, _, _ in dist) for dist in paths)
        self.reach_h = sum(max(dh for _, dh, _ in dist) for dist in paths)
        self.raw: dict[int, RawRound] = {}  # by capped distances cap_e * 1024 + cap_h
        # per stride: the rounds by capped distances
        self.by_stride: dict[int, dict[int, Round | None]] = {}

    def rounds(self, stride: int) -> dict[int, Round | None]:
        found = self.by_stride.get(stride)
        if found is None:
            found = self.by_stride[stride] = {}
        return found

    def prepare(self, stride: int, cap_e: int, cap_h: int) -> Round | None:
        """The round from capped distances, filed in :meth:`rounds` of ``stride``."""
        key = cap_e * 1024 + cap_h
        raw = self.raw.get(key)
        if raw is None:
            raw = self.raw[key] = round_outcomes(self.paths, cap_e, cap_h)
        win, lose, stay, outcomes = raw
        found: Round | None = None
        if stay <= 1 - 1e-9:
            found = (win, lose, 1 - stay, [(de * stride + dh, p) for de, dh, p in outcomes])
        self.rounds(stride)[key] = found
        return found


def round_outcomes(paths: RoundPaths, room_e: int, room_h: int) -> RawRound:
    """One round from a state ``room_e`` wounds short of winning and ``room_h`` short of a
    knock-out: P(win), P(knock-out), P(nothing changes) and every other outcome as (wounds
    dealt, wounds taken, probability), in the order the induction adds them up."""
    branches: dict[tuple[int, int], float] = {(0, 0): 1.0}
    win = lose = 0.0
    for dist in paths:
        new: dict[tuple[int, int], float] = {}
        get = new.get
        for (e1, h1), p in branches.items():
            for de, dh, q in dist:
                e2 = e1 + de
                if e2 >= room_e:
                    win += p * q
                    continue
                h2 = h1 + dh
                if h2 >= room_h:
                    lose += p * q
                else:
                    k = (e2, h2)
                    new[k] = get(k, 0.0) + p * q
        branches = new
    stay = branches.pop((0, 0), 0.0)
    return win, lose, stay, [(de, dh, p) for (de, dh), p in branches.items()]


def solve_grid(
    plans: list[tuple[int, PlanRounds]],
    rooms_e: int,
    rooms_h: int,
    no_escape: bool,
    kappa: float,
) -> FightGrid:
    """Backward induction over the rooms: every state valued under the best policy (winning
    worth 1, a knock-out ``-kappa``, escaping 0; escape is possible in every state but the
    first, so a state worth less than nothing is escaped unless ``no_escape``). ``plans`` are
    the attack steps with their rounds; the value alone chooses the plan, and the odds are
    summed for the chosen plan only."""
    stride = rooms_h
    size = rooms_e * rooms_h
    values = [0.0] * size  # value, P(win), P(knock-out) of fighting on (or escaping)
    wins = [0.0] * size
    losses = [0.0] * size
    odds = [0.0] * (2 * size)  # P(win), P(knock-out) of fighting on
    chosen = bytearray(size)  # the attack step + 1
    local = [(s, plan, plan.reach_e, plan.reach_h, plan.rounds(stride)) for s, plan in plans]
    for room_e in range(1, rooms_e + 1):
        row = (room_e - 1) * stride - 1
        for room_h in range(1, rooms_h + 1):
            here = row + room_h
            best_u, best_pw, best_pl, best_s = -1e18, 0.0, 1.0, -1
            best: Round | None = None
            for s, plan, reach_e, reach_h, rounds in local:
                cap_e = room_e if room_e <= reach_e else reach_e + 1
                cap_h = room_h if room_h <= reach_h else reach_h + 1
                round_ = rounds.get(cap_e * 1024 + cap_h, _UNSEEN)
                if round_ is _UNSEEN:
                    round_ = plan.prepare(stride, cap_e, cap_h)
                if round_ is None:
                    continue
                win, lose, norm, back = round_
                u = win - kappa * lose
                for offset, p in back:
                    u += p * values[here - offset]
                u = u / norm
                if u > best_u + 1e-12:
                    best_u, best_s, best = u, s, round_
            if best is not None:
                pw, pl, norm, back = best
                for offset, p in back:
                    there = here - offset
                    pw += p * wins[there]
                    pl += p * losses[there]
                best_pw, best_pl = pw / norm, pl / norm
            if best_s < 0:  # no step can change anything: a stalemate
                best_u, best_pw, best_pl = (-kappa, 0.0, 1.0) if no_escape else (0, 0, 0)
            if no_escape or best_u >= 0:  # else the hero escapes: worth nothing either way
                values[here], wins[here], losses[here] = best_u, best_pw, best_pl
            odds[2 * here] = best_pw
            odds[2 * here + 1] = best_pl
            chosen[here] = best_s + 1
    return FightGrid(rooms_e, rooms_h, array("d", odds), bytes(chosen))
