"""The blast planner: the best legal blasts for one seat this round (exact).

Given a sheet, the claimed target card, the dice and the seat's extras
(coins, Super Coin, comet, Frogger, Snake Eye, 2 Wild, Odd Eye, Even Steven),
:func:`best_plans` returns every distinct plan with the most points this
round, and :func:`best_plan` the first of them.  The cabinet shows them and
lets a seat cycle through them; :meth:`Plan.actions` turns a plan into the
engine's 3 - Blast Droids actions.

Value of a plan, compared in this order:
  1. points this round: 1 per droid, 3 per boss whose column the plan
     completes ("Bosses"), 1 for the trophy (+3 if it is the sixth);
  2. rows it completes (each allows a power-up unlock, "Power-Ups");
  3. fewer coins spent (unspent coins break ties, ruling RG-11).
Plans are distinct when they blast a different set of droids or claim a
different trophy.

Exactness: the search is exhaustive.  Every way of adding virtual dice
(Odd Eye / Even Steven choices, which die each coin copies) is enumerated;
for each resulting multiset of dice the exact set of achievable
(pairs of colour A, pairs of colour B, comet used, trophy pips) is computed
in closed form (a pair needs 2 dice of its colour or wild; wild dice are
shared, so ``max(0, 2A - x) + max(0, 2B - y) <= z``).  The droids are then
searched exhaustively: a depth-first search lists every chain (path in the
8-neighbourhood, ruling RG-4, any droid of it possibly the comet's) as a
distinct droid set, then every combination of up to ``frogger`` free droids
is added to each chain.  The only pruning is dice feasibility, which is
monotone (fewer blasts never need more dice), so no optimum is cut off.
Maximal plans are listed with more droids first.
tests/engines/test_retrograde_planner.py checks it against a brute-force enumeration.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations_with_replacement
from typing import Any, Sequence

from .components import CELLS, COLUMNS, NEIGHBOURS, ROWS

ODD_VALUES = (1, 3, 5)
EVEN_VALUES = (2, 4, 6)


@dataclass(frozen=True)
class Plan:
    """One blast plan for a seat's 3 - Blast Droids.

    Attributes:
        points: points this round (droids + 3 per boss + trophy points).
        droids: droids blasted.
        bosses: bosses the plan earns at 4 - End the Round.
        rows: rows the plan completes (power-up unlocks allowed).
        coins: coins spent.
        trophy: pips of the trophy claimed, or None.
        cells: the droids blasted, in a legal announcement order.
        comet_cell: the droid blasted with the comet, or None.
        steps: the engine actions without ``"player"`` (see
            :meth:`actions`); worked out on first use.
    """
    points: int
    droids: int
    bosses: int
    rows: int
    coins: int
    trophy: int | None
    cells: tuple[int, ...]
    comet_cell: int | None
    recipe: tuple = field(repr=False, compare=False, default=())

    @cached_property
    def steps(self) -> tuple[tuple[tuple[str, Any], ...], ...]:
        """Engine actions (as key/value tuples) realising this plan."""
        return _steps(*self.recipe)

    def actions(self, player: int) -> list[dict[str, Any]]:
        """The plan as engine actions for ``player`` (virtual dice first,
        then blasts, then ``trophy`` or ``done``; die indices count the
        seat's real dice first, then virtual dice in the order added)."""
        out = []
        for step in self.steps:
            act = {k: (list(v) if isinstance(v, tuple) else v) for k, v in step}
            act["player"] = player
            out.append(act)
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON view for screens (cells 0..24, row by row)."""
        return {"points": self.points, "droids": self.droids, "bosses": self.bosses, "rows": self.rows,
                "coins": self.coins, "trophy": self.trophy, "cells": list(self.cells),
                "comet_cell": self.comet_cell, "actions": self.actions(-1)}


@dataclass(frozen=True)
class _Entry:
    coins: int
    odd: tuple[int, ...]
    even: tuple[int, ...]
    copies: tuple[int, ...]
    triple: tuple[int, ...]


def _variants(dice: Sequence[int], coins: int, super_coin: int, odd_eye: int, even_steven: int):
    """Every multiset of dice reachable with virtual dice; yields
    (counts[0..6], coins spent, odd, even, copied values), cheapest first."""
    seen: dict[tuple[int, ...], int] = {}
    per_coin = 1 + super_coin
    out = []
    for odd in combinations_with_replacement(ODD_VALUES, odd_eye):
        for even in combinations_with_replacement(EVEN_VALUES, even_steven):
            base = [0] * 7
            for v in (*dice, *odd, *even):
                base[v] += 1
            present = [v for v in range(1, 7) if base[v]]
            for k in range(0, coins + 1 if present else 1):
                for copies in combinations_with_replacement(present, k):
                    counts = list(base)
                    for v in copies:
                        counts[v] += per_coin
                    out.append((tuple(counts), k, odd, even, copies))
    out.sort(key=lambda v: v[1])  # cheapest first (stable)
    unique = []
    for v in out:
        if v[0] not in seen:
            seen[v[0]] = v[1]
            unique.append(v)
    return unique


@lru_cache(maxsize=None)
def _triple_shapes(wild: frozenset[int]) -> tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], ...]:
    """Every matching triple of values (a wild die matches anything) with
    the count of each value it needs."""
    out = []
    for t in combinations_with_replacement(range(1, 7), 3):
        if len({v for v in t if v not in wild}) <= 1:
            out.append((t, tuple((v, t.count(v)) for v in sorted(set(t)))))
    return tuple(out)


def _triples(counts: Sequence[int], wild: frozenset[int]):
    """Comet triples (3 matching dice, RG-5) as sorted value tuples
    available in ``counts``."""
    return [t for t, need in _triple_shapes(wild) if all(counts[v] >= n for v, n in need)]


class _Table:
    """Achievable (comet, trophy, pairs A, pairs B) -> cheapest entry."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells: dict[tuple[int, int], list[list[_Entry | None]]] = {}

    def add(self, cm: int, t: int, x: int, y: int, z: int, entry: _Entry) -> None:
        grid = self.cells.setdefault((cm, t), [[None] * self.size for _ in range(self.size)])
        for na in range(0, min(self.size - 1, (x + z) // 2) + 1):
            spare = z - max(0, 2 * na - x)
            nb_max = min(self.size - 1, (y + spare) // 2)
            row = grid[na]
            for nb in range(nb_max + 1):
                cur = row[nb]
                if cur is None or entry.coins < cur.coins:
                    row[nb] = entry

    def get(self, cm: int, t: int, na: int, nb: int) -> _Entry | None:
        grid = self.cells.get((cm, t))
        if grid is None or na >= self.size or nb >= self.size:
            return None
        return grid[na][nb]


def _build_table(card: tuple[int, int], dice, coins, super_coin, comet, wild, odd_eye, even_steven,
                 trophies) -> _Table:
    a, b = card
    n_total = len(dice) + odd_eye + even_steven + coins * (1 + super_coin)
    table = _Table(n_total // 2 + 2)
    done: set[tuple] = set()
    for counts, k, odd, even, copies in _variants(dice, coins, super_coin, odd_eye, even_steven):
        for t in [0] + [v for v in range(1, 7) if counts[v] and not trophies[v - 1]]:
            ct = list(counts)
            if t:
                ct[t] -= 1
            options = [()] + (_triples(ct, wild) if comet else [])
            for triple in options:
                rest = list(ct)
                for v in triple:
                    rest[v] -= 1
                x = 0 if a in wild else rest[a]
                y = 0 if b in wild else rest[b]
                z = sum(rest[v] for v in wild)
                cm = 1 if triple else 0
                key = (cm, t, x, y, z)
                if key in done:
                    continue  # variants come cheapest first
                done.add(key)
                table.add(cm, t, x, y, z, _Entry(k, odd, even, copies, triple))
    return table


def _mask(cells) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


_ROW_MASKS = tuple(_mask(r) for r in ROWS)
_COL_MASKS = tuple(_mask(c) for c in COLUMNS)


def best_plans(pips: Sequence[int], blasted: Sequence[bool], card: Sequence[int], dice: Sequence[int], *,
               coins: int = 0, super_coin: int = 0, comet: bool = False, frogger: int = 0,
               snake_eye: bool = False, two_wild: bool = False, odd_eye: int = 0, even_steven: int = 0,
               trophies: Sequence[bool] = (False,) * 6, bosses: Sequence[bool] = (False,) * 5,
               limit: int | None = None) -> list[Plan]:
    """All distinct plans with the most value this round (see module doc).

    Args:
        pips: colour of each of the 25 droids as pips 1..6 (ruling RG-3).
        blasted: which droids are already crossed off.
        card: the claimed target card's two colours as pips.
        dice: the seat's dice values 1..6 (Cube Friend dice included).
        coins: unspent coins the seat may spend (RG-6).
        super_coin: Super Coin power-ups unlocked (each adds a copy per coin).
        comet: the claimed card shows a comet (RG-5).
        frogger: Frogger power-ups unlocked (RG-4).
        snake_eye, two_wild: 1s / 2s count as any droid type.
        odd_eye, even_steven: copies unlocked (an extra die each).
        trophies: trophies 1..6 already circled.
        bosses: bosses 1..5 (left to right) already blasted.
        limit: return at most this many plans.

    Returns:
        Plans best first; never empty (the empty plan "done" is legal).

    Raises:
        ValueError: malformed arguments (wrong lengths, dice outside 1..6).
    """
    if len(pips) != CELLS or len(blasted) != CELLS or len(trophies) != 6 or len(bosses) != 5:
        raise ValueError("sheet arguments have the wrong length (25 droids, 6 trophies, 5 bosses)")
    if any(not isinstance(v, int) or not 1 <= v <= 6 for v in dice):
        raise ValueError(f"dice values must be 1..6, got {list(dice)}")
    a, b = int(card[0]), int(card[1])
    wild = frozenset(v for v, on in ((1, snake_eye), (2, two_wild)) if on)
    table = _build_table((a, b), list(dice), coins, super_coin, comet, wild, odd_eye, even_steven,
                         list(trophies))
    done_mask = _mask(k for k in range(CELLS) if blasted[k])
    open_cells = [k for k in range(CELLS) if not blasted[k]]
    n_troph = sum(bool(t) for t in trophies)
    free_trophies = [v for v in range(1, 7) if not trophies[v - 1]]
    old_rows = sum(1 for m in _ROW_MASKS if done_mask & m == m)
    open_cols = [m for i, m in enumerate(_COL_MASKS) if not bosses[i]]

    search = _Search(pips, (a, b), table, done_mask, open_cols, free_trophies, n_troph, old_rows, comet)
    search.run(open_cells, frogger)
    chosen = sorted(search.found.values(), key=lambda f: (-len(f[0]), sorted(f[0]), f[2]))
    if limit is not None:
        chosen = chosen[:limit]
    return [_realise(order, cc, t, e, pips, (a, b), list(dice), wild, super_coin, pts, nbo, rows)
            for order, cc, t, e, pts, nbo, rows in chosen]


class _Search:
    """The depth-first search of :func:`best_plans` over one position: every
    chain of droids (a path in the 8-neighbourhood, RG-2) whose colours the
    dice and coins can pay (``table``), each plus up to ``frogger`` free
    droids (RG-4), and a comet droid anywhere (RG-5); states deduplicated.
    ``found`` keeps the plans of the best key (points, rows, -coins) as
    ``(order, comet_cell, trophy, entry, points, new_bosses, rows)`` keyed
    by (droid mask, trophy)."""

    def __init__(self, pips, card: tuple[int, int], table, done_mask: int, open_cols: list[int],
                 free_trophies: list[int], n_troph: int, old_rows: int, comet: bool) -> None:
        self.pips, (self.a, self.b), self.table = pips, card, table
        self.done_mask, self.open_cols, self.old_rows = done_mask, open_cols, old_rows
        self.free_trophies, self.n_troph, self.comet = free_trophies, n_troph, comet
        self.best_key: tuple | None = None
        self.found: dict[tuple[int, int], tuple] = {}
        self.evaluated: set[tuple[int, int]] = set()
        self.seen: set[tuple[int, int, int]] = set()
        self.paths: dict[tuple[int, int], tuple[list[int], int, int]] = {}

    def run(self, open_cells: list[int], frogger: int) -> None:
        """1. every chain, as distinct droid sets; 2. each chain plus up to
        ``frogger`` free droids (in increasing cell order, after it)."""
        self.open_cells = open_cells
        self.evaluate([], -1, 0, 0)
        for start in open_cells:
            for cc, na, nb in self.moves(start, -1, 0, 0):
                self.dfs([start], 1 << start, start, cc, na, nb)
        for (mask, comet_cell), (order, na, nb) in self.paths.items():
            self.frogs(list(order), mask, comet_cell, na, nb, frogger, -1)

    def evaluate(self, order: list[int], comet_cell: int, na: int, nb: int) -> None:
        """Score the plan blasting ``order`` (``na`` droids of the card's
        first colour, ``nb`` of its second), with and without each free
        trophy, and keep it among ``found`` if its key is the best yet."""
        mask = _mask(order)
        cm = 1 if comet_cell >= 0 else 0
        if (mask, comet_cell) in self.evaluated:
            return
        self.evaluated.add((mask, comet_cell))
        full = self.done_mask | mask
        new_bosses = sum(1 for m in self.open_cols if full & m == m)
        rows = sum(1 for m in _ROW_MASKS if full & m == m) - self.old_rows
        base = len(order) + 3 * new_bosses
        table = self.table
        options = [(0, table.get(cm, 0, na, nb))]
        for t in self.free_trophies:
            e = table.get(cm, t, na, nb)
            if e is not None:
                options.append((t, e))
        for t, e in options:
            if e is None:
                continue
            pts = base + ((1 + (3 if self.n_troph == 5 else 0)) if t else 0)
            key = (pts, rows, -e.coins)
            if self.best_key is None or key > self.best_key:
                self.best_key = key
                self.found.clear()
            if key == self.best_key and (mask, t) not in self.found:
                self.found[(mask, t)] = (tuple(order), comet_cell, t, e, pts, new_bosses, rows)

    def moves(self, cell: int, comet_cell: int, na: int, nb: int):
        """The ways droid ``cell`` may join the plan: ``(comet_cell, na,
        nb)`` after it, as a droid of the card's first or second colour
        the dice can still pay, or as the comet's droid (any colour)."""
        p, get = self.pips[cell], self.table.get
        if p == self.a and get(1 if comet_cell >= 0 else 0, 0, na + 1, nb) is not None:
            yield comet_cell, na + 1, nb
        if p == self.b and get(1 if comet_cell >= 0 else 0, 0, na, nb + 1) is not None:
            yield comet_cell, na, nb + 1
        if self.comet and comet_cell < 0 and get(1, 0, na, nb) is not None:
            yield cell, na, nb

    def dfs(self, order: list[int], mask: int, last: int, comet_cell: int, na: int, nb: int) -> None:
        """Extend the chain ``order`` (ending at ``last``) by each open
        neighbour, recording each distinct (droids, comet) in ``paths``."""
        state = (mask, last, comet_cell)
        if state in self.seen:
            return
        self.seen.add(state)
        self.paths.setdefault((mask, comet_cell), (list(order), na, nb))
        done = self.done_mask
        for n in NEIGHBOURS[last]:
            if not (done | mask) >> n & 1:
                for cc, na2, nb2 in self.moves(n, comet_cell, na, nb):
                    order.append(n)
                    self.dfs(order, mask | 1 << n, n, cc, na2, nb2)
                    order.pop()

    def frogs(self, order: list[int], mask: int, comet_cell: int, na: int, nb: int, left: int, after: int) -> None:
        """Evaluate the chain ``order``, then add Frogger droids, which stand
        anywhere (RG-4), as a combination (increasing cell order, each after
        ``after``), at most ``left`` more."""
        self.evaluate(order, comet_cell, na, nb)
        if not left:
            return
        for n in self.open_cells:
            if n > after and not mask >> n & 1:
                for cc, na2, nb2 in self.moves(n, comet_cell, na, nb):
                    order.append(n)
                    self.frogs(order, mask | 1 << n, cc, na2, nb2, left - 1, n)
                    order.pop()


def best_plan(*args, **kwargs) -> Plan:
    """The first of :func:`best_plans` (same arguments)."""
    return best_plans(*args, limit=1, **kwargs)[0]


def _realise(order, comet_cell, t, e: _Entry, pips, card, dice, wild, super_coin, pts, new_bosses, rows) -> Plan:
    """A plan for an achievable outcome (its actions are worked out lazily)."""
    return Plan(points=pts, droids=len(order), bosses=new_bosses, rows=rows, coins=e.coins,
                trophy=t or None, cells=tuple(order), comet_cell=comet_cell if comet_cell >= 0 else None,
                recipe=(order, comet_cell, t, e, tuple(pips), card, tuple(dice), wild, super_coin))


def _steps(order, comet_cell, t, e: _Entry, pips, card, dice, wild, super_coin) -> tuple:
    """Turn an achievable outcome into concrete actions with die indices."""
    a, b = card
    values = list(dice)
    steps: list[tuple] = []
    for v in e.odd:
        steps.append((("type", "odd"), ("value", v)))
        values.append(v)
    for v in e.even:
        steps.append((("type", "even"), ("value", v)))
        values.append(v)
    for v in e.copies:
        src = values.index(v)
        steps.append((("type", "coin"), ("die", src)))
        values.extend([v] * (1 + super_coin))
    free = list(range(len(values)))

    def take(pred) -> int:
        for i in free:
            if pred(values[i]):
                free.remove(i)
                return i
        raise AssertionError("planner realisation ran out of dice")  # pragma: no cover

    trophy_die = take(lambda v: v == t) if t else None
    triple = [take(lambda v, w=w: v == w) for w in e.triple]
    blasts = []
    for cell in order:
        if cell == comet_cell:
            blasts.append((("type", "comet"), ("cell", cell), ("dice", tuple(triple))))
            continue
        colour = pips[cell] if pips[cell] in (a, b) else None
        if colour is None:  # pragma: no cover - search only puts card colours here
            raise AssertionError("planner chose a droid of a colour not on the card")
        exact = colour not in wild
        pair = []
        for _ in range(2):
            if exact and any(values[i] == colour for i in free):
                pair.append(take(lambda v, c=colour: v == c))
            else:
                pair.append(take(lambda v: v in wild))
        blasts.append((("type", "blast"), ("cell", cell), ("dice", tuple(pair))))
    steps.extend(blasts)
    if trophy_die is not None:
        steps.append((("type", "trophy"), ("die", trophy_die)))
    else:
        steps.append((("type", "done"),))
    return tuple(steps)
