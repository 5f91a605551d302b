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
    ``(room_e - 1) * rooms_h + room_h - 1``. It keeps what the induction needs to add rows (a
    tougher enemy): each state's value and whether the hero fights on from it (else escapes)."""

    __slots__ = ("fights_on", "p_ko", "p_win", "rooms_e", "rooms_h", "steps", "values")

    def __init__(
        self,
        rooms_e: int,
        rooms_h: int,
        p_win: array[float],
        p_ko: array[float],
        steps: bytes,
        values: array[float],
        fights_on: bytes,
    ) -> None:
        self.rooms_e = rooms_e
        self.rooms_h = rooms_h
        self.p_win = p_win
        self.p_ko = p_ko
        self.steps = steps
        self.values = values
        self.fights_on = fights_on


Round = tuple[float, float, float, tuple[int, ...], tuple[float, ...]]
"""A round as the induction uses it: P(win), P(knock-out), 1 - P(nothing changes) and the other
outcomes, how far back in a grid of one stride their states lie and their probabilities (two
flat tuples: the compiled induction reads them without a tuple per outcome)."""

_UNSEEN: Round | None = (0.0, 0.0, 0.0, (), ())  # a marker: the round is not worked out yet


class PlanRounds:
    """The rounds of one plan (its round paths), by the distances capped at what one round can
    reach, in the form :func:`solve_grid` reads for a working stride (:func:`working_stride`;
    None: a round that (nearly) never changes anything). Worked out on demand and kept: they
    do not depend on the fight's size, the hero's life or the knock-out cost."""

    __slots__ = ("by_stride", "paths", "reach_e", "reach_h", "rows", "serial")

    def __init__(self, paths: RoundPaths, serial: int = 0) -> None:
        self.paths = paths
        self.serial = serial  # the number the knowledge gave these paths (grids key on it)
        # the most wounds one round can deal and take (every step's outcomes can combine)
        self.reach_e = sum(max(de for de, _, _ in dist) for dist in paths)
        self.reach_h = sum(max(dh for _, dh, _ in dist) for dist in paths)
        # per working stride (in practice one): the rounds by capped distances cap_e * 1024 + cap_h
        self.by_stride: dict[int, dict[int, Round | None]] = {}
        # the rounds along a row, by stride * 1024 + cap_e (see :meth:`row`)
        self.rows: dict[int, list[Round | None]] = {}

    def rounds(self, stride: int) -> dict[int, Round | None]:
        found = self.by_stride.get(stride)
        if found is None:
            found = self.by_stride[stride] = {}
        return found

    def row(self, stride: int, cap_e: int, rooms_h: int) -> list[Round | None]:
        """The round at every room_h up to at least ``rooms_h`` (index 0 unused) of a row whose
        capped distance to winning is ``cap_e``: kept, since every grid of this plan reads the
        same rows (a longer row serves a shorter one)."""
        key = stride * 1024 + cap_e
        found = self.rows.get(key)
        if found is None or len(found) <= rooms_h:
            found = _row_rounds(self, self.rounds(stride), stride, cap_e, self.reach_h + 1, rooms_h)
            self.rows[key] = found
        return found

    def prepare(self, stride: int, cap_e: int, cap_h: int) -> Round | None:
        """The round from capped distances, filed in :meth:`rounds` of ``stride``."""
        win, lose, stay, outcomes = round_outcomes(self.paths, cap_e, cap_h)
        found: Round | None = None
        if stay <= 1 - 1e-9:
            offsets = tuple([de * stride + dh for de, dh, _ in outcomes])
            found = (win, lose, 1 - stay, offsets, tuple([p for _, _, p in outcomes]))
        self.rounds(stride)[cap_e * 1024 + cap_h] = found
        return found


def working_stride(rooms_h: int) -> int:
    """The row length of the induction's working arrays: one for every hero (a power of two
    above any hero's life), so a plan's rounds are worked out for it once."""
    stride = 32
    while stride <= rooms_h:
        stride *= 2
    return stride


def round_outcomes(paths: RoundPaths, room_e: int, room_h: int) -> RawRound:
    """One round from a state ``room_e`` wounds short of winning and ``room_h`` short of a
    knock-out: P(win), P(knock-out), P(nothing changes) and every other outcome as (wounds
    dealt, wounds taken, probability), in the order the induction adds them up."""
    # a branch (wounds dealt, wounds taken) is keyed e * 1024 + h (h stays below room_h, which
    # is capped at what one round can reach)
    if room_h > 1024:
        raise ValueError(f"a round reaching {room_h} wounds is beyond the fight model")
    branches: dict[int, float] = {0: 1.0}
    win = lose = 0.0
    for dist in paths:
        new: dict[int, float] = {}
        for k1, p in branches.items():
            e1 = k1 >> 10
            h1 = k1 & 1023
            for de, dh, q in dist:
                e2 = e1 + de
                if e2 >= room_e:
                    win += p * q
                    continue
                h2 = h1 + dh
                if h2 >= room_h:
                    lose += p * q
                else:
                    k = (e2 << 10) | h2
                    new[k] = new.get(k, 0.0) + p * q
        branches = new
    stay = branches.pop(0, 0.0)
    return win, lose, stay, [(k >> 10, k & 1023, p) for k, p in branches.items()]


def solve_grid(
    plans: list[tuple[int, PlanRounds]],
    rooms_e: int,
    rooms_h: int,
    no_escape: bool,
    kappa: float,
    start: FightGrid | None = None,
) -> FightGrid:
    """Backward induction over the rooms: every state valued under the best policy (winning
    worth 1, a knock-out ``-kappa``, escaping 0; escape is possible in every state but the
    first, so a state worth less than nothing is escaped unless ``no_escape``). ``plans`` are
    the attack steps with their rounds; the value alone chooses the plan, and the odds are
    summed for the chosen plan only. ``start``, a grid of these plans with ``rooms_h`` columns
    and fewer rows, is extended: its states are the very ones solving afresh gives.

    The working arrays hold state (room_e, room_h) at ``room_e * stride + room_h`` for a stride
    of :func:`working_stride`; the grid keeps the states alone."""
    stride = working_stride(rooms_h)
    size = (rooms_e + 1) * stride
    # value, P(win), P(knock-out) of fighting on (or escaping: all nothing)
    values = [0.0] * size
    wins = [0.0] * size
    losses = [0.0] * size
    pws = [0.0] * size  # P(win), P(knock-out) of fighting on
    pls = [0.0] * size
    chosen = bytearray(size)  # the attack step + 1
    fights_on = bytearray(size)
    first = 1
    if start is not None and start.rooms_h == rooms_h and start.rooms_e < rooms_e:
        _unpack(start, stride, values, wins, losses, pws, pls, chosen, fights_on)
        first = start.rooms_e + 1
    # per plan: its rounds for this stride by capped distances, and where its caps end
    local = [(s, plan, plan.reach_e + 1) for s, plan in plans]
    ss = [s for s, _, _ in local]
    last_cap = max((top_e for _, _, top_e in local), default=0)
    pairs: list[tuple[int, list[Round | None]]] = []
    for room_e in range(first, rooms_e + 1):
        row = room_e * stride
        if room_e <= last_cap or not pairs:  # beyond, every plan's rows are the same
            # each plan's rounds along this row, by room_h
            cols = [plan.row(stride, min(room_e, top_e), rooms_h) for _, plan, top_e in local]
            pairs = list(zip(ss, cols, strict=True))
        for room_h in range(1, rooms_h + 1):
            here = row + room_h
            best_u, best_pw, best_pl, best_s = -1e18, 0.0, 1.0, -1
            best: Round | None = None
            for s, along in pairs:
                round_ = along[room_h]
                if round_ is None:
                    continue
                win, lose, norm, offsets, probs = round_
                u = win - kappa * lose
                for i in range(len(offsets)):
                    u += probs[i] * values[here - offsets[i]]
                u = u / norm
                if u > best_u + 1e-12:
                    best_u, best_s, best = u, s, round_
            if best is not None:
                pw, pl, norm, offsets, probs = best
                for i in range(len(offsets)):
                    there = here - offsets[i]
                    pw += probs[i] * wins[there]
                    pl += probs[i] * losses[there]
                best_pw, best_pl = pw / norm, pl / norm
            if best_s < 0:  # no step can change anything: a stalemate
                best_u, best_pw, best_pl = (-kappa, 0.0, 1.0) if no_escape else (0, 0, 0)
            if no_escape or best_u >= 0:  # else the hero escapes: worth nothing either way
                values[here], wins[here], losses[here] = best_u, best_pw, best_pl
                fights_on[here] = 1
            pws[here] = best_pw
            pls[here] = best_pl
            chosen[here] = best_s + 1
    return _pack(rooms_e, rooms_h, stride, values, pws, pls, chosen, fights_on)


def _pack(
    rooms_e: int,
    rooms_h: int,
    stride: int,
    values: list[float],
    pws: list[float],
    pls: list[float],
    chosen: bytearray,
    fights_on: bytearray,
) -> FightGrid:
    """The grid of the working arrays' states (rows of ``rooms_h``)."""
    p_win: list[float] = []
    p_ko: list[float] = []
    kept: list[float] = []
    steps = bytearray()
    flags = bytearray()
    for room_e in range(1, rooms_e + 1):
        lo = room_e * stride + 1
        hi = lo + rooms_h
        p_win += pws[lo:hi]
        p_ko += pls[lo:hi]
        kept += values[lo:hi]
        steps += chosen[lo:hi]
        flags += fights_on[lo:hi]
    return FightGrid(
        rooms_e,
        rooms_h,
        array("d", p_win),
        array("d", p_ko),
        bytes(steps),
        array("d", kept),
        bytes(flags),
    )


def _unpack(
    grid: FightGrid,
    stride: int,
    values: list[float],
    wins: list[float],
    losses: list[float],
    pws: list[float],
    pls: list[float],
    chosen: bytearray,
    fights_on: bytearray,
) -> None:
    """``grid``'s states put back into the working arrays (P(win) and P(knock-out) count only
    where the hero fights on)."""
    width = grid.rooms_h
    for room_e in range(1, grid.rooms_e + 1):
        lo = room_e * stride + 1
        at = (room_e - 1) * width
        values[lo : lo + width] = grid.values[at : at + width]
        pws[lo : lo + width] = grid.p_win[at : at + width]
        pls[lo : lo + width] = grid.p_ko[at : at + width]
        chosen[lo : lo + width] = grid.steps[at : at + width]
        fights_on[lo : lo + width] = grid.fights_on[at : at + width]
        for i in range(lo, lo + width):
            if fights_on[i]:
                wins[i], losses[i] = pws[i], pls[i]


def _row_rounds(
    plan: PlanRounds,
    rounds: dict[int, Round | None],
    stride: int,
    cap_e: int,
    top_h: int,
    rooms_h: int,
) -> list[Round | None]:
    """A plan's round at every room_h of a row (index 0 unused), the distances capped."""
    out: list[Round | None] = [None]
    base = cap_e * 1024
    for room_h in range(1, rooms_h + 1):
        cap_h = room_h if room_h < top_h else top_h
        round_ = rounds.get(base + cap_h, _UNSEEN)
        if round_ is _UNSEEN:
            round_ = plan.prepare(stride, cap_e, cap_h)
        out.append(round_)
    return out
