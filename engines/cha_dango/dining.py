"""Cha dango's dining area as cards lie on a table (issue 34: a person
remembers where a customer sits).

Each customer keeps its place.  A customer served leaves a gap; a new
customer (the revealed card, a VP card placed, rulebook "How to Play" 2B
and 3) takes the first gap in reading order, as a person puts a card
into the gap, else comes at the end.  No rulebook words fix the layout;
this keeps every customer where the players last saw it.

The state is two lists: ``dining`` (card ids in place order, the order the
screens read and the seats' cursors step through) and ``gaps`` (the
places, 0-based in the layout of ``len(dining) + len(gaps)`` places, that
are empty; sorted, never the last place: a gap at the end is no gap).
"""
from __future__ import annotations


def layout(dining: list[int], gaps: list[int]) -> list[int | None]:
    """The places in reading order: a card id, or None for a gap."""
    out: list[int | None] = []
    cards = iter(dining)
    for place in range(len(dining) + len(gaps)):
        out.append(None if place in gaps else next(cards))
    return out


def leave(dining: list[int], gaps: list[int], card: int) -> None:
    """Customer ``card`` leaves its place (served, CD-4): the place is a
    gap unless it was the last.  Mutates both lists.

    Raises:
        ValueError: ``card`` is not in ``dining``.
    """
    place = layout(dining, gaps).index(card)
    dining.remove(card)
    gaps.append(place)
    gaps.sort()
    _trim(dining, gaps)


def join(dining: list[int], gaps: list[int], card: int) -> None:
    """A new customer ``card`` takes the first gap, else the end.  Mutates
    both lists."""
    if not gaps:
        dining.append(card)
        return
    place = gaps.pop(0)          # the first gap: no gap before it, so its index among the cards is its place
    dining.insert(place, card)


def _trim(dining: list[int], gaps: list[int]) -> None:
    """A gap at the end of the layout is no gap (the next customer comes
    there anyway)."""
    while gaps and gaps[-1] == len(dining) + len(gaps) - 1:
        gaps.pop()


def check(dining: list[int], gaps: list[int]) -> None:
    """Refuse gaps that are not sorted, repeated, out of the layout or at
    its end.

    Raises:
        ValueError: naming what is wrong.
    """
    places = len(dining) + len(gaps)
    if gaps != sorted(set(gaps)):
        raise ValueError(f"dining-area gaps must be distinct and sorted, got {gaps}")
    if gaps and (gaps[0] < 0 or gaps[-1] >= places - 1):
        raise ValueError(f"dining-area gaps {gaps} must lie inside the {places} places, never last")
