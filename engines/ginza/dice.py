"""Dice arithmetic for Ginza Retro Café: multisets of die faces (1..6).

A player's dice area is a sorted list of faces; dice of one colour and face
are interchangeable, so actions name dice by their faces.
"""
from __future__ import annotations

from collections import Counter
from itertools import product

from .components import OrderCard


def take(have: list[int], used: list[int]) -> list[int] | None:
    """``have`` minus the multiset ``used`` (sorted), or None if ``used``
    is not contained in ``have``."""
    left = Counter(have)
    left.subtract(Counter(used))
    if any(n < 0 for n in left.values()):
        return None
    return sorted(left.elements())


def sub_multisets(dice: list[int]) -> list[list[int]]:
    """Every distinct sub-multiset of ``dice`` (the empty one included),
    each sorted."""
    counts = sorted(Counter(dice).items())
    out = []
    for picks in product(*[range(n + 1) for _, n in counts]):
        out.append([face for (face, _), k in zip(counts, picks) for _ in range(k)])
    return out


def meets(card: OrderCard, used: list[int]) -> bool:
    """True if the dice ``used`` meet ``card``'s condition ("Serve a Dish -
    Requirement"): a Drink needs a total of ``sum`` or more; a Dessert or
    Food needs exactly the printed faces."""
    if card.sum is not None:
        return len(used) > 0 and sum(used) >= card.sum
    return sorted(used) == list(card.faces)


def serve_options(card: OrderCard, own: list[int], common: list[int], may_use_common: bool
                  ) -> list[tuple[list[int], int | None]]:
    """Distinct ways to serve ``card``: ``(own dice faces, common die face or
    None)``.  For a Drink only minimal sets are listed (no die could be left
    out); any non-minimal set meeting the sum is still legal when applied."""
    commons: list[int | None] = [None]
    if may_use_common:
        commons += sorted(set(common))
    out: list[tuple[list[int], int | None]] = []
    if card.sum is None:
        need = list(card.faces)
        for c in commons:
            rest = need if c is None else take(need, [c])
            if rest is None or take(own, rest) is None:
                continue
            out.append((rest, c))
        return out
    for sub in sub_multisets(own):
        for c in commons:
            used = sub + ([] if c is None else [c])
            if not used or sum(used) < card.sum:
                continue
            if sum(used) - min(used) >= card.sum:
                continue  # not minimal
            out.append((sub, c))
    return out


def apply_changes(dice: list[int], steps: list[list[int]]) -> list[int]:
    """Apply "Change Dice Rolls" steps ``[face, delta]`` in order.

    Raises:
        ValueError: a step names a face the player does not have, a delta
            other than +1/-1, or would turn a 1 into 0 or a 6 into 7.
    """
    cur = list(dice)
    for i, step in enumerate(steps):
        if (not isinstance(step, list) or len(step) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in step)):
            raise ValueError(f"change {i + 1} must be [face, +1 or -1], got {step!r}")
        face, delta = step
        if delta not in (1, -1):
            raise ValueError(f"change {i + 1}: a die changes by +1 or -1 only, not {delta}")
        if face not in cur:
            raise ValueError(f"change {i + 1}: you have no die showing {face}")
        new = face + delta
        if not 1 <= new <= 6:
            raise ValueError(f"change {i + 1}: a {face} cannot become {new} (never 1 to 0 or 6 to 7)")
        cur.remove(face)
        cur.append(new)
        cur.sort()
    return cur


def change_options(dice: list[int], max_changes: int) -> list[list[list[int]]]:
    """One step list per distinct outcome of 1..``max_changes`` changes that
    actually alters the dice (Change Dice Rolls Lv.1 / Lv.2)."""
    seen = {tuple(dice)}
    out: list[list[list[int]]] = []
    frontier: list[tuple[list[int], list[list[int]]]] = [(list(dice), [])]
    for _ in range(max_changes):
        nxt = []
        for cur, steps in frontier:
            for face in sorted(set(cur)):
                for delta in (-1, 1):
                    if not 1 <= face + delta <= 6:
                        continue
                    new_steps = steps + [[face, delta]]
                    res = apply_changes(cur, [[face, delta]])
                    nxt.append((res, new_steps))
                    if tuple(res) not in seen:
                        seen.add(tuple(res))
                        out.append(new_steps)
        frontier = nxt
    return out
