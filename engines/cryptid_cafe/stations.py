"""Preparation stations: ranks, placement, tip-sharing pushes and dish
collection (rulebook "Phase 1", "Phase 2"; rulings CC-1, CC-4, CC-6, CC-7).

A station is a list of occupants indexed by rank - 1 (index 0 = rank "1",
the back rank; the last index = the front rank).  An occupant is a seat
(``int``), an AI id (``"ai2"``/``"ai3"``) or ``None`` (empty).  These are
pure functions; they return new lists and never mutate their arguments.
"""
from __future__ import annotations

from typing import Any

Occupant = Any  # int seat, "ai2"/"ai3", or None


def free_ranks(station: list[Occupant]) -> list[int]:
    """Empty ranks of a station, lowest first (rank numbers, 1-based)."""
    return [i + 1 for i, occ in enumerate(station) if occ is None]


def lowest(station: list[Occupant]) -> tuple[int, Occupant] | None:
    """``(rank, occupant)`` of the server on the lowest occupied rank (which
    is not necessarily rank "1"), or ``None`` if the station is empty."""
    for i, occ in enumerate(station):
        if occ is not None:
            return i + 1, occ
    return None


def max_move_up(station: list[Occupant]) -> int:
    """How many ranks the lowest server could move up (0 if it may not).

    Rulebook "Share tips": only the server on the lowest rank may move, and
    only if at least one other server occupies a higher rank; it cannot go
    past the front rank.
    """
    low = lowest(station)
    if low is None:
        return 0
    rank = low[0]
    if not any(occ is not None for occ in station[rank:]):
        return 0
    return len(station) - rank


def move_up(station: list[Occupant], ranks: int) -> tuple[list[Occupant], Occupant | None]:
    """Move the lowest server up ``ranks`` ranks (ruling CC-4).

    Every server at or between the old rank and the new one (exclusive of
    the mover itself) moves down one rank.

    Returns:
        ``(new_station, locked)``: ``locked`` is the occupant now on the
        lowest occupied rank if it got there by being pushed (it cannot move
        this round, CC-4), else ``None``.

    Raises:
        ValueError: ``ranks`` is not in ``1..max_move_up(station)``.
    """
    limit = max_move_up(station)
    if not 1 <= ranks <= limit:
        raise ValueError(f"cannot move up {ranks} ranks (at most {limit})")
    rank, mover = lowest(station)  # type: ignore[misc]
    old, new = rank - 1, rank - 1 + ranks
    result = list(station)
    pushed = []
    for i in range(old + 1, new + 1):
        if station[i] is not None:
            pushed.append(station[i])
    # shift the band (old, new] down by one, mover on top
    band = station[old + 1:new + 1]
    result[old:new] = band
    result[new] = mover
    low = lowest(result)
    locked = low[1] if low is not None and low[1] in pushed else None
    return result, locked


def pushed_down(before: list[Occupant], after: list[Occupant]) -> list[tuple[Occupant, int]]:
    """The servers a move up passed (ruling CC-4: "every server ... moves
    down one rank"), lowest first, as ``(occupant, new rank)``; rank 1 is
    the lowest.  Issue 34: each is said in the moves."""
    old = {occ: i + 1 for i, occ in enumerate(before) if occ is not None}
    return [(occ, i + 1) for i, occ in enumerate(after) if occ is not None and i + 1 < old.get(occ, 0)]


def ai_placement_rank(station: list[Occupant], symbols: int) -> int | None:
    """Rank an AI server takes after rolling ``symbols`` on the AI die
    (ruling CC-7): rank ``1 + symbols``; if taken, the next higher free rank,
    then the next lower.  ``None`` if the station is full."""
    top = len(station)
    want = min(1 + symbols, top)
    order = [want, *range(want + 1, top + 1), *range(want - 1, 0, -1)]
    for rank in order:
        if station[rank - 1] is None:
            return rank
    return None


def collect(station: list[Occupant], supply: int, collects: set[Occupant] | None = None,
            ) -> list[tuple[Occupant, int, int]]:
    """Dishes each server collects: the rank number, front rank first, capped
    by what is left in the supply (ruling CC-6).

    Args:
        station: the station's occupants.
        supply: dishes of this type left in the supply.
        collects: occupants that collect (AI players do not); ``None`` = all.

    Returns:
        ``[(occupant, rank, dishes), ...]`` front rank first, one entry per
        collecting server (``dishes`` may be 0 when the supply ran out).
    """
    out = []
    for i in range(len(station) - 1, -1, -1):
        occ = station[i]
        if occ is None or (collects is not None and occ not in collects):
            continue
        n = min(i + 1, supply)
        supply -= n
        out.append((occ, i + 1, n))
    return out
