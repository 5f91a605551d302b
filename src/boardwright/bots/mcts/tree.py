"""The search tree of single-observer information-set MCTS.

One tree serves every determinization: a node stands for the option keys chosen along its path,
whatever the hidden cards were, so a node's children are the keys seen there so far. Each node
remembers the seat that chose the move into it and adds up that seat's rewards, so every seat
is taken to pursue its own reward.
"""

from __future__ import annotations

from math import log, sqrt


class Node:
    """A move chosen by ``seat`` and what followed it in the search (the root's seat is the
    searching one; no reward is added to the root)."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0
        """How often this move could have been chosen (its parent was selected through and it
        was legal in that determinization): UCB's exploration counts it, not the parent's
        visits, since a move is not legal in every determinization."""

    def select(self, keys: list[str], exploration: float) -> int:
        """The index in ``keys`` (the legal options now, each already a child) of the child with
        the highest upper confidence bound for the seat choosing here; the first on a tie."""
        best, best_value = 0, -1.0
        children = self.children
        for index, key in enumerate(keys):
            child = children[key]
            child.available += 1
            value = child.total / child.visits + exploration * sqrt(
                log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = index, value
        return best

    def most_visited(self, keys: list[str]) -> int:
        """The index in ``keys`` of the most visited child (the first on a tie; unvisited
        keys count zero)."""
        best, best_visits = 0, -1
        for index, key in enumerate(keys):
            child = self.children.get(key)
            visits = 0 if child is None else child.visits
            if visits > best_visits:
                best, best_visits = index, visits
        return best
