"""The movement potential's arithmetic, compiled with mypyc (see setup.py): the walk over the
rolled dice (:func:`best_from`), a target's value spread over the board (:func:`raised`) and
the value a roll is expected to reach (:func:`roll_value`). Functions of plain numbers and
tuples, so the handlers (mixins, which stay interpreted) call them."""

from __future__ import annotations

StepMasks = tuple[tuple[tuple[int, bool, int], ...], ...]
"""Per hex: each neighbour, whether it is a city (any die face enters) and its terrain bit."""


def best_from(
    step_masks: StepMasks,
    hex_index: int,
    faces: tuple[int, ...],
    bonus: int,
    pot: list[float],
    memo: dict[tuple[int, tuple[int, ...], int], float],
    opened: int = 0,
) -> float:
    """The best potential a walk from ``hex_index`` reaches with ``faces`` (sorted terrain bits)
    and ``bonus`` moves left, stopping anywhere on the way; ``opened`` holds the terrain bits any
    die enters this turn (PV-6), so ``memo`` serves one value of it."""
    key = (hex_index, faces, bonus)
    found = memo.get(key)
    if found is not None:
        return found
    best = pot[hex_index]
    for n, city, bit in step_masks[hex_index]:
        last = -1
        for i, face in enumerate(faces):
            # equal faces sit side by side (sorted): spending either is the same
            if face == last or not (city or face & bit or opened & bit):
                continue
            last = face
            value = best_from(step_masks, n, faces[:i] + faces[i + 1 :], bonus, pot, memo, opened)
            if value > best:
                best = value
        if bonus > 0:
            value = best_from(step_masks, n, faces, bonus - 1, pot, memo, opened)
            if value > best:
                best = value
    memo[key] = best
    return best


def raised(pot: list[float], value: float, row: tuple[float, ...]) -> list[float]:
    """max(p, value * x) element by element (the first of equals, as max keeps it)."""
    n = len(pot)
    if len(row) != n:
        raise ValueError(f"a row of {len(row)} hexes for a potential of {n}")
    out = [0.0] * n
    for i in range(n):
        v = value * row[i]
        p = pot[i]
        out[i] = v if v > p else p
    return out


def roll_value(
    targets: list[tuple[int, float]],
    dist_here: tuple[int, ...],
    discount: tuple[float, ...],
    chances: tuple[float, ...],
) -> float:
    """The best of each target's value times the discount expected after a roll that brings
    the hero ``a`` hexes closer with the chance ``chances[a]``."""
    last = len(discount) - 1
    best = 0.0
    for target, value in targets:
        d = dist_here[target]
        expected = 0.0
        for a, p in enumerate(chances):
            expected += p * discount[min(max(0, d - a), last)]
        best = max(best, value * expected)
    return best
