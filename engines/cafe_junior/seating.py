"""Seating rules of Café International Junior: who may sit where, joker
exchanges, full and turned-over tables, and where a new table goes on the
4 x 4 grid.

A table on the play area is stored as a JSON dict::

    {"table": "T05", "cell": [row, col],
     "seats": {"top": card_id|None, "right": ..., "bottom": ..., "left": ...},
     "turned": bool}

Functions here are pure: they read that dict and the components and return a
reason string (``None`` = allowed), never mutate.
"""
from __future__ import annotations

from typing import Any

from .components import SIDE_ORDER, Components, GuestCard

GRID_SIZE = 4
# The four tables laid face up at setup form the middle of the 4 x 4 square.
START_CELLS = ([1, 1], [1, 2], [2, 1], [2, 2])
MAX_PER_GENDER = 2  # "At each table at most two girls and two boys may sit."

# Ruling CI-3 tie order for cells next to the completed table.
_DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left


def describe(comp: Components, card: GuestCard) -> str:
    """Words for a guest card: 'a girl from Kenya', 'a boy joker'."""
    if card.is_joker:
        return f"a {card.gender} joker"
    return f"a {card.gender} from {comp.country_name(card.country or '')}"


def gender_count(comp: Components, table: dict[str, Any], gender: str) -> int:
    """Guests of ``gender`` at a table, jokers counted by their gender."""
    return sum(1 for cid in table["seats"].values()
               if cid is not None and comp.card(cid).gender == gender)


def is_full(table: dict[str, Any]) -> bool:
    """True once all four places around the table are filled."""
    return all(cid is not None for cid in table["seats"].values())


def has_joker(comp: Components, table: dict[str, Any]) -> bool:
    """True if a joker guest sits at the table."""
    return any(cid is not None and comp.card(cid).is_joker for cid in table["seats"].values())


def side_fits(comp: Components, table: dict[str, Any], side: str, card: GuestCard) -> bool:
    """True if ``card``'s flag is shown at ``side`` (jokers fit any side);
    rulebook 'Placing guests at the tables', ruling CI-2."""
    if card.is_joker:
        return True
    return card.country in comp.table(table["table"]).side_flags(side)


def may_place(comp: Components, table: dict[str, Any], side: str, card: GuestCard) -> bool:
    """True if ``card`` may sit at ``side`` of ``table``: the same rule as
    :func:`place_problem` without building the reason (used to list legal
    actions, which bots do thousands of times a second)."""
    if table["turned"] or table["seats"][side] is not None:
        return False
    if not card.is_joker and card.country not in comp.table(table["table"]).side_flags(side):
        return False
    return gender_count(comp, table, card.gender) < MAX_PER_GENDER


def place_problem(comp: Components, table: dict[str, Any], side: str, card: GuestCard) -> str | None:
    """Why ``card`` may not sit at ``side`` of ``table`` (None: it may).

    Checks, in order: the table is turned over, the seat is taken (ruling
    CI-3: seats are not shared), the side's flags, and the gender rule (at
    most two girls and two boys; jokers count by gender).
    """
    tid = table["table"]
    if table["turned"]:
        return f"table {tid} is full and turned over"
    if table["seats"][side] is not None:
        return f"the {side} place at table {tid} is already taken"
    if not side_fits(comp, table, side, card):
        a, b = comp.table(tid).side_flags(side)
        names = " or ".join(sorted({comp.country_name(a), comp.country_name(b)}))
        return (f"{describe(comp, card)} may not sit at the {side} side of table {tid}: "
                f"only guests from {names} sit there")
    if gender_count(comp, table, card.gender) >= MAX_PER_GENDER:
        return (f"table {tid} already has two {card.gender}s "
                f"(at most two girls and two boys per table, jokers included)")
    return None


def exchange_problem(comp: Components, table: dict[str, Any], side: str, card: GuestCard) -> str | None:
    """Why the joker at ``side`` of ``table`` may not be exchanged for
    ``card`` (None: it may).

    Rulebook 'Exchanging a joker' and ruling CI-6: the joker is exchanged
    for the matching guest card: a guest (not a joker) of the joker's
    gender whose flag is shown at that side.
    """
    tid = table["table"]
    cid = table["seats"][side]
    if cid is None or not comp.card(cid).is_joker:
        return f"no joker sits at the {side} side of table {tid}"
    joker = comp.card(cid)
    if card.is_joker:
        return "a joker can only be exchanged for a guest card, not for another joker"
    if card.gender != joker.gender:
        return (f"the joker at the {side} side of table {tid} is a {joker.gender}: "
                f"only a {joker.gender} may take that place, not {describe(comp, card)}")
    if not side_fits(comp, table, side, card):
        a, b = comp.table(tid).side_flags(side)
        names = " or ".join(sorted({comp.country_name(a), comp.country_name(b)}))
        return (f"{describe(comp, card)} may not take the joker's place at the {side} side of "
                f"table {tid}: only guests from {names} sit there")
    return None


def free_seats(tables: list[dict[str, Any]]) -> int:
    """Free places left on the play area."""
    return sum(1 for t in tables for cid in t["seats"].values() if cid is None)


def next_cell(taken: list[list[int]], origin: list[int]) -> list[int] | None:
    """Grid cell for a newly revealed table (ruling CI-3).

    The new table goes to the free cell of the 4 x 4 grid nearest to the
    completed table at ``origin`` (straight-line distance in cells, our
    reading of "as close as possible"); ties: the cells up, right, down,
    left of it in that order, then row-major.  Returns None if the grid is
    full.
    """
    occupied = {(r, c) for r, c in taken}
    best: tuple | None = None
    for r in range(GRID_SIZE):
        for c in range(GRID_SIZE):
            if (r, c) in occupied:
                continue
            dr, dc = r - origin[0], c - origin[1]
            direction = _DIRECTIONS.index((dr, dc)) if (dr, dc) in _DIRECTIONS else len(_DIRECTIONS)
            key = (dr * dr + dc * dc, direction, r, c)
            if best is None or key < best:
                best = key
    return None if best is None else [best[2], best[3]]


def new_table(table_id: str, cell: list[int]) -> dict[str, Any]:
    """A freshly revealed table with no guests."""
    return {"table": table_id, "cell": list(cell), "seats": {s: None for s in SIDE_ORDER}, "turned": False}
