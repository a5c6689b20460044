"""The Retrograde blast planner: exact, legal, agrees with brute force.

The brute force below is written independently of the planner: it
enumerates every virtual-dice choice (coins, Super Coin, Odd Eye, Even
Steven), every subset of droids, every comet role and trophy, checks the
chain rule by permutations (ruling RG-4, Frogger) and the dice by explicit
assignment of individual dice, and keeps the best value (points, rows,
-coins).
"""
from __future__ import annotations

import random
import time
from functools import lru_cache
from itertools import combinations, product

import pytest

from engines.base import IllegalAction
from engines.retrograde import blast
from engines.retrograde.components import default_components
from engines.retrograde.planner import best_plan, best_plans

COMP = default_components()


TOUCH = [[x != y and max(abs(x // 5 - y // 5), abs(x % 5 - y % 5)) == 1 for y in range(25)] for x in range(25)]


def touches(x: int, y: int) -> bool:
    return TOUCH[x][y]


def ham_path(cells: list[int]) -> bool:
    """Held-Karp style bitmask DP: can ``cells`` be ordered so each touches
    the previous one?"""
    n = len(cells)
    if n <= 1:
        return True
    reach = [0] * (1 << n)  # reach[mask] = bitset of possible last cells
    for i in range(n):
        reach[1 << i] = 1 << i
    for mask in range(1, 1 << n):
        ends = reach[mask]
        if not ends:
            continue
        for i in range(n):
            if ends >> i & 1:
                for j in range(n):
                    if not mask >> j & 1 and TOUCH[cells[i]][cells[j]]:
                        reach[mask | 1 << j] |= 1 << j
    return reach[(1 << n) - 1] != 0


@lru_cache(maxsize=None)
def brute_chain(cells: frozenset, frogs: int) -> bool:
    """RG-4 by definition: drop <= frogs droids, the rest form a path in
    which each droid touches the previous one."""
    for r in range(min(frogs, len(cells)) + 1):
        for out in combinations(sorted(cells), r):
            if ham_path([c for c in sorted(cells) if c not in out]):
                return True
    return False


@lru_cache(maxsize=None)
def dice_ok(dice: tuple, wild: frozenset, card: tuple, na: int, nb: int, comet: bool, trophy: int) -> bool:
    """Explicit assignment of each die to a demand (pair of a, pair of b,
    comet triple, trophy die) - individual dice, no counting formula."""
    a, b = card
    slots = ["a"] * (2 * na) + ["b"] * (2 * nb) + ["c"] * (3 if comet else 0) + (["t"] if trophy else [])
    if len(slots) > len(dice):
        return False

    def serves(v, slot):
        if slot == "a":
            return v == a or v in wild
        if slot == "b":
            return v == b or v in wild
        if slot == "t":
            return v == trophy
        return True

    values = sorted(set(dice))
    memo: dict[tuple, bool] = {}

    def rec(i, left, comet_vals, min_v):
        key = (i, left, comet_vals, min_v)
        if key not in memo:
            memo[key] = rec_(i, left, comet_vals, min_v)
        return memo[key]

    def rec_(i, left, comet_vals, min_v):
        # slot i takes one die of value v (dice of equal value are
        # interchangeable; equal slots take non-decreasing values)
        if i == len(slots):
            return True
        same = i > 0 and slots[i - 1] == slots[i]
        for k, v in enumerate(values):
            if left[k] == 0 or not serves(v, slots[i]) or (same and v < min_v):
                continue
            cv = comet_vals
            if slots[i] == "c" and v not in wild:
                if comet_vals and v not in comet_vals:
                    continue
                cv = comet_vals | {v}
            nxt = left[:k] + (left[k] - 1,) + left[k + 1:]
            if rec(i + 1, nxt, cv, v):
                return True
        return False

    return rec(0, tuple(dice.count(v) for v in values), frozenset(), 0)


def brute_best(pips, blasted, card, dice, coins=0, super_coin=0, comet=False, frogger=0, snake_eye=False,
               two_wild=False, odd_eye=0, even_steven=0, trophies=(False,) * 6, bosses=(False,) * 5):
    wild = frozenset(v for v, on in ((1, snake_eye), (2, two_wild)) if on)
    variants: dict[tuple, int] = {}
    for odd in product((1, 3, 5), repeat=odd_eye):
        for even in product((2, 4, 6), repeat=even_steven):
            pool = list(dice) + list(odd) + list(even)
            for k in range(coins + 1):
                for copies in product(sorted(set(pool)), repeat=k):
                    full = pool + [v for v in copies for _ in range(1 + super_coin)]
                    key = tuple(sorted(full))
                    variants[key] = min(variants.get(key, 99), k)
    by_cost = sorted(variants.items(), key=lambda dc: dc[1])
    max_blasts = max(len(v) for v in variants) // 2
    open_cells = [k for k in range(25) if not blasted[k]]
    eligible = open_cells if comet else [k for k in open_cells if pips[k] in card]
    n_troph = sum(trophies)
    old_rows = sum(all(blasted[r * 5 + c] for c in range(5)) for r in range(5))
    best = None
    cost: dict[tuple, int | None] = {}
    for size in range(0, max_blasts + 1):
        for subset in combinations(eligible, size):
            s = frozenset(subset)
            if not brute_chain(s, frogger):
                continue
            full = [blasted[k] or k in s for k in range(25)]
            new_bosses = sum(1 for c in range(5) if not bosses[c] and all(full[r * 5 + c] for r in range(5)))
            rows = sum(all(full[r * 5 + c] for c in range(5)) for r in range(5)) - old_rows
            roles = [None] + (list(subset) if comet else [])
            for comet_cell in roles:
                pair_cells = [k for k in subset if k != comet_cell]
                if any(pips[k] not in card for k in pair_cells):
                    continue
                na = sum(pips[k] == card[0] for k in pair_cells)
                nb = len(pair_cells) - na
                for t in [0] + [v for v in range(1, 7) if not trophies[v - 1]]:
                    sig = (na, nb, comet_cell is not None, t)
                    if sig not in cost:
                        cost[sig] = next((c for d, c in by_cost if dice_ok(d, wild, tuple(card), *sig)), None)
                    if cost[sig] is None:
                        continue
                    pts = size + 3 * new_bosses + ((1 + (3 if n_troph == 5 else 0)) if t else 0)
                    key = (pts, rows, -cost[sig])
                    if best is None or key > best:
                        best = key
    return best


def random_position(rng: random.Random):
    sheet = rng.choice(COMP.sheets)
    p_blasted = rng.choice([0.3, 0.5, 0.6, 0.7])
    blasted = [rng.random() < p_blasted for _ in range(25)]
    card = tuple(sorted(rng.sample(range(1, 7), 2)))
    extras = dict(coins=rng.choice([0, 0, 0, 1, 1, 2]), super_coin=rng.choice([0, 0, 0, 1]),
                  comet=rng.random() < 0.3, frogger=rng.choice([0, 0, 0, 1, 2]),
                  snake_eye=rng.random() < 0.2, two_wild=rng.random() < 0.2,
                  odd_eye=rng.choice([0, 0, 0, 1]), even_steven=rng.choice([0, 0, 0, 1]),
                  trophies=tuple(rng.random() < 0.4 for _ in range(6)),
                  bosses=tuple(False for _ in range(5)))
    n_dice = rng.choice([6, 6, 6, 7])
    if extras["coins"] and (extras["comet"] or extras["odd_eye"] or extras["even_steven"]):
        n_dice = 6
    dice = [rng.randint(1, 6) for _ in range(n_dice)]
    # bosses already blasted only where the column is complete
    extras["bosses"] = tuple(all(blasted[r * 5 + c] for r in range(5)) and rng.random() < 0.7 for c in range(5))
    return sheet.pips, blasted, card, dice, extras


def plan_key(plan):
    return (plan.points, plan.rows, -plan.coins)


def replay_plan(pips, blasted, card, dice, extras, plan):
    """Apply the plan's actions with the engine's own 3 - Blast Droids checks
    (chain RG-4, comet RG-5, coins RG-6) and return the outcome."""
    from engines.retrograde.components import TargetCard
    unlocked = (["Super Coin"] * extras["super_coin"] + ["Frogger"] * extras["frogger"]
                + ["Snake Eye"] * extras["snake_eye"] + ["2 Wild"] * extras["two_wild"]
                + ["Odd Eye"] * extras["odd_eye"] + ["Even Steven"] * extras["even_steven"])
    seat = {"pips": list(pips), "blasted": list(blasted), "trophies": list(extras["trophies"]),
            "coins_marked": extras["coins"], "coins_spent": 0, "unlocked": unlocked, "dice": list(dice)}
    tc = TargetCard("X", tuple(card), "comet" if extras["comet"] else "none")
    turn = blast.new_turn(0, seat)
    for act in plan.actions(0):
        blast.check({}, seat, tc, turn, act, extras["frogger"])
        blast.apply({}, seat, turn, act)
    return seat, turn


def check_against_brute_force(seed: int, count: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for _ in range(count):
        pips, blasted, card, dice, extras = random_position(rng)
        plans = best_plans(pips, blasted, card, dice, **extras)
        expected = brute_best(pips, blasted, card, dice, **extras)
        assert plans, "the planner must always return a plan"
        assert plan_key(plans[0]) == expected, (pips, blasted, card, dice, extras, plans[0])
        for plan in plans[:3]:
            assert plan_key(plan) == expected
            seat, turn = replay_plan(pips, blasted, card, dice, extras, plan)
            assert sorted(turn["cells"]) == sorted(plan.cells)
            assert seat["coins_spent"] == plan.coins
        checked += 1
    assert checked == count


def test_planner_matches_brute_force_quick():
    """Exactness on 200 random positions (the fast part of the property
    test): best value = brute-force optimum, plans legal in the engine."""
    check_against_brute_force(7, 200)


@pytest.mark.slow
def test_planner_matches_brute_force_on_many_positions():
    """Exactness: the planner's best value equals the brute-force optimum
    on 2,000 random positions in the long profile (``CABINET_TEST_PROFILE=long``;
    500 in CI's short one) (all power-ups, coins, comets, RG-4 chains,
    Frogger), and its plans are legal when replayed through the engine."""
    from cabinet_profile import scaled
    check_against_brute_force(20261130, scaled(500, 2000))


def test_rulebook_example_chloe_two_blue_and_trophy():
    """Gameplay Example: 4 blue + 2 green dice on a pink/blue card: 2 blue
    droids (neighbours) and the 4-pip trophy with a leftover green die."""
    pips = [6, 6] + [1] * 23
    pips[10] = 3
    pips[24] = 4  # keep every colour on the sheet
    plan = best_plan(pips, [False] * 25, (3, 6), [6, 6, 6, 6, 4, 4])
    assert plan.droids == 2 and set(plan.cells) == {0, 1}
    assert plan.trophy == 4 and plan.points == 3


def test_rulebook_example_non_neighbours_only_one_blue():
    """Gameplay Example: two blue droids that are not neighbours cannot both
    be blasted (RG-4); one or the other, and each is a distinct plan."""
    pips = [1] * 25
    pips[0], pips[4] = 6, 6
    plans = best_plans(pips, [False] * 25, (3, 6), [6, 6, 6, 6, 4, 4])
    assert all(p.droids == 1 and p.points == 2 for p in plans)
    assert {p.cells for p in plans} == {(0,), (4,)}
    assert {p.trophy for p in plans} <= {4, 6}


def test_rg4_frogger_lets_the_far_droid_join():
    """Frogger (RG-4): the far blue droid may stand anywhere."""
    pips = [1] * 25
    pips[0], pips[4] = 6, 6
    plan = best_plan(pips, [False] * 25, (3, 6), [6, 6, 6, 6, 4, 4], frogger=1)
    assert set(plan.cells) == {0, 4}


def test_planner_counts_boss_and_row():
    """A plan that completes a column earns its boss (3) and a completed
    row counts as an unlock (Bosses, Power-Ups)."""
    sheet = COMP.sheets[0]
    blasted = [True] * 25
    blasted[0] = False  # row 1 and column 1 miss one droid
    colour = sheet.pips[0]
    other = 1 if colour != 1 else 2
    plan = best_plan(sheet.pips, blasted, tuple(sorted((colour, other))), [colour, colour, 5, 5, 5, 5],
                     bosses=(False, True, True, True, True))
    assert plan.cells == (0,) and plan.bosses == 1 and plan.rows == 1
    assert plan.points == 1 + 3 + (1 if plan.trophy else 0)


def test_planner_prefers_fewer_coins_at_equal_points():
    """Coins are only spent when they add points (unspent coins break ties,
    RG-11)."""
    pips = [6] * 25
    plan = best_plan(pips, [False] * 25, (5, 6), [6, 6, 5, 1, 2, 3], coins=1, trophies=(True,) * 6)
    assert plan.coins == 0 and plan.droids == 1
    plan = best_plan(pips, [False] * 25, (5, 6), [6, 6, 6, 2, 3, 4], coins=1,
                     trophies=(True,) * 6)
    assert plan.coins == 1 and plan.droids == 2


def test_planner_answers_a_heavy_position_fast():
    """6 dice + 2 coins + comet answers well under 50 ms (the benchmark in
    benchmarks/bench_retrograde_planner.py measures it precisely)."""
    sheet = COMP.sheets[1]
    dice = [6, 6, 3, 3, 3, 2]
    t0 = time.perf_counter()
    plans = best_plans(sheet.pips, [False] * 25, (3, 6), dice, coins=2, comet=True)
    assert plans and (time.perf_counter() - t0) < 0.5


def test_planner_rejects_bad_dice():
    """Dice outside 1..6 are an error, not a guess."""
    with pytest.raises(ValueError):
        best_plans([1] * 25, [False] * 25, (1, 2), [0, 7])
