"""The chain rule of 3 - Blast Droids (ruling RG-4, Frogger).

"If you're blasting more than 1 Droid this turn, they have to be neighboring
each other in a chain (diagonal counts)" and the FAQ "The 2nd must touch the
1st. The 3rd must touch the 2nd, etc."  Frogger: "one of them doesn't need
to be next to the others" (per Frogger unlocked, RG-4).  A comet blast is
part of the chain (RG-5).

The engine checks the *set* of droids blasted so far this round: it is a
legal chain when, after setting aside at most ``frogs`` droids (the Frogger
droids, which may stand anywhere), the rest can be ordered into a path in
which each droid touches the previous one.  The order in which a seat enters
its blasts on the cabinet therefore does not matter, only that some
announcement order exists, and every prefix entered must itself be legal.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Iterable

from .components import NEIGHBOURS


def has_path(cells: frozenset[int]) -> bool:
    """True if ``cells`` can be ordered so each touches the previous one
    (8-neighbourhood, ruling RG-4).  The empty set and one cell are paths."""
    return _has_path(frozenset(cells))


@lru_cache(maxsize=65536)
def _has_path(cells: frozenset[int]) -> bool:
    if len(cells) <= 1:
        return True

    def extend(last: int, left: frozenset[int]) -> bool:
        if not left:
            return True
        return any(extend(n, left - {n}) for n in NEIGHBOURS[last] & left)

    return any(extend(start, cells - {start}) for start in cells)


@lru_cache(maxsize=65536)
def _chain_ok(cells: frozenset[int], frogs: int) -> bool:
    for r in range(0, min(frogs, len(cells)) + 1):
        for out in combinations(sorted(cells), r):
            if _has_path(cells - frozenset(out)):
                return True
    return False


def chain_ok(cells: Iterable[int], frogs: int = 0) -> bool:
    """True if the droids ``cells`` blasted this round form a legal chain
    with ``frogs`` Frogger droids allowed to stand anywhere (ruling RG-4).

    Args:
        cells: sheet cells 0..24 blasted this round (comet included, RG-5).
        frogs: number of Frogger power-ups unlocked (stacking).
    """
    return _chain_ok(frozenset(cells), max(0, frogs))
