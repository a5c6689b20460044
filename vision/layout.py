"""Die-face pip layouts and the fit of seen pips to them.

Pip positions are on a 3 x 3 grid of step ``a`` around the face centre;
the six standard faces, in grid units (x, y in {-1, 0, 1}):

1: centre; 2: one diagonal; 3: diagonal + centre; 4: corners; 5: corners +
centre; 6: corners + the middles of two opposite sides.

:func:`best_layout` finds the largest subset of candidate pips that fits one
of these (any rotation; 2, 3 and 6 in either of their two orientations),
so pips on a side face seen at an angle are left out; and it refuses when a
left-out candidate as large as the chosen pips lies on the chosen face
(then the reading would be a guess, CAB-5).
"""
from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

_C = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
LAYOUTS: dict[int, list[frozenset]] = {
    1: [frozenset({(0, 0)})],
    2: [frozenset({(-1, -1), (1, 1)}), frozenset({(1, -1), (-1, 1)})],
    3: [frozenset({(-1, -1), (0, 0), (1, 1)}), frozenset({(1, -1), (0, 0), (-1, 1)})],
    4: [frozenset(_C)],
    5: [frozenset(_C + [(0, 0)])],
    6: [frozenset(_C + [(-1, 0), (1, 0)]), frozenset(_C + [(0, -1), (0, 1)])],
}
#: largest allowed distance of a pip from its grid point, in grid steps
TOLERANCE = 0.32
#: largest ratio of the strongest to the weakest chosen pip
AREA_RATIO = 2.0
#: a left-out candidate this strong (relative to the weakest chosen pip) on the face makes the reading ambiguous
CONFLICT = 0.5
#: ... when it lies within this many grid steps of the face centre (the face edge is at ~1.8)
CONFLICT_REACH = 1.4


def fit(points: list[tuple[float, float]]) -> tuple[float, float, float, float, float] | None:
    """Fit ``points`` (px) to the layout of ``len(points)`` pips.  Returns
    ``(residual, step_px, cx, cy, theta)`` (residual in grid steps, theta the
    grid's rotation in radians) or ``None`` when they are not a die face.
    (Memoised: the pips-only stage fits the same dots from many seeds.)"""
    return _fit(tuple(points))


@lru_cache(maxsize=8192)
def _fit(points: tuple) -> tuple[float, float, float, float, float] | None:
    n = len(points)
    cx = sum(p[0] for p in points) / n
    cy = sum(p[1] for p in points) / n
    if n == 1:
        return 0.0, 0.0, cx, cy, 0.0
    rel = [(x - cx, y - cy) for x, y in points]
    d2 = [x * x + y * y for x, y in rel]
    R = math.hypot(*rel[d2.index(max(d2))])
    if R <= 0:
        return None
    # quick refusals: a centre pip exactly for odd counts; pips no closer
    # together than half a grid step
    lim = (0.3 * R) ** 2
    centre = sum(1 for q in d2 if q < lim)
    if centre != n % 2:
        return None
    # a pip is within TOLERANCE steps of its grid point, which lies 1 or
    # sqrt(2) steps from the centre: the outer pips' distances from the
    # centre can differ only so much (exact necessary test, with slack)
    outer = [q for q in d2 if q >= lim]
    if max(outer) > _RADIUS_RATIO2[n] * min(outer):
        return None
    best = None
    layouts = LAYOUTS[n]
    # start from the outer pips, farthest first, as a corner (45 deg) or a
    # side middle (0 deg); snap to the grid, refine scale and rotation by
    # least squares; stop at the first clearly good fit
    for i in sorted(range(n), key=lambda i: -d2[i]):
        px, py = rel[i]
        rp = math.hypot(px, py)
        if rp < 0.5 * R:
            break
        ang = math.atan2(py, px)
        for corner in (True, False):
            a0 = rp / _SQRT2 if corner else rp
            th = ang - (_QPI if corner else 0.0)
            f = _snap_fit(rel, a0, th)
            if f is not None and (best is None or f[0] < best[0]) and frozenset(f[3]) in layouts:
                best = f
        if best is not None and best[0] < 0.5 * TOLERANCE:
            break
    if best is None or best[0] > TOLERANCE:
        return None
    worst, a, theta, snapped = best
    return worst, a, cx, cy, theta


_SQRT2 = math.sqrt(2)
_RR_DIAG = ((_SQRT2 + TOLERANCE) / (_SQRT2 - TOLERANCE)) ** 2 * 1.01
_RR_SIX = ((_SQRT2 + TOLERANCE) / (1 - TOLERANCE)) ** 2 * 1.01
_RADIUS_RATIO2 = {2: _RR_DIAG, 3: _RR_DIAG, 4: _RR_DIAG, 5: _RR_DIAG, 6: _RR_SIX}
_QPI = math.pi / 4


def _snap_fit(rel, a, theta):
    """Snap centred points to the grid of step ``a`` rotated by ``theta``,
    then refit step and rotation by least squares (complex Procrustes).
    Returns (worst residual in steps, step, theta, snapped) or None."""
    c, s = math.cos(-theta), math.sin(-theta)
    snapped = []
    for x, y in rel:
        u = round((c * x - s * y) / a)
        v = round((s * x + c * y) / a)
        snapped.append((-1 if u < -1 else (1 if u > 1 else u), -1 if v < -1 else (1 if v > 1 else v)))
    if len(set(snapped)) != len(snapped):
        return None
    num = 0j
    den = 0
    for (x, y), g in zip(rel, snapped):
        num += complex(x, y) * complex(g[0], -g[1])
        den += g[0] * g[0] + g[1] * g[1]
    if den == 0 or abs(num) == 0:
        return None
    z = num / den  # a * e^(i theta)
    step = abs(z)
    worst = 0.0
    for (x, y), g in zip(rel, snapped):
        e = abs(complex(x, y) - z * complex(g[0], g[1]))
        if e > worst:
            worst = e
    worst /= step
    return worst, step, math.atan2(z.imag, z.real), snapped


def best_layout(cands: list[tuple[float, float, float]], face_side: float,
                face_center: tuple[float, float]) -> tuple[int | None, float, list[int]]:
    """Choose the top-face pips among candidate ``(x, y, area)`` (px).

    ``face_side``: rough side of the top face (px), ``face_center`` its rough
    centre.  Returns ``(value, residual, indices)``; value ``None`` when no
    subset fits or the fit is ambiguous (see the module docstring)."""
    order = sorted(range(len(cands)), key=lambda i: -cands[i][2])[:9]
    fx, fy = face_center
    X = [c[0] for c in cands]
    Y = [c[1] for c in cands]
    A = [c[2] for c in cands]
    P = [(c[0], c[1]) for c in cands]
    reach = 0.3 * face_side
    amin_, amax_ = 0.15 * face_side, 0.45 * face_side
    hypot = math.hypot
    for k in range(min(6, len(order)), 0, -1):
        best = None
        for sub in combinations(order, k):
            # ``order`` is by falling strength, so is ``sub``: first = strongest
            if A[sub[0]] > AREA_RATIO * A[sub[-1]]:
                continue
            mx = sum([X[i] for i in sub]) / k
            my = sum([Y[i] for i in sub]) / k
            if hypot(mx - fx, my - fy) > reach:
                continue  # (the fit's centre is this centroid)
            f = _fit(tuple([P[i] for i in sub]))
            if f is None:
                continue
            res, a, cx, cy, theta = f
            if hypot(cx - fx, cy - fy) > reach:
                continue
            if k > 1 and not amin_ <= a <= amax_:
                continue
            if best is None or res < best[0]:
                best = (res, sub, a, cx, cy, theta)
        if best is None:
            continue
        res, sub, a, cx, cy, theta = best
        amin = min(cands[i][2] for i in sub)
        if k == 1:
            a, theta = 0.28 * face_side, 0.0
        c, s = math.cos(-theta), math.sin(-theta)
        for i in order:
            if i in sub:
                continue
            x, y, ar = cands[i]
            u, v = (c * (x - cx) - s * (y - cy)) / a, (s * (x - cx) + c * (y - cy)) / a
            lim = CONFLICT_REACH if k > 1 else 1.0
            on_face = (abs(u) <= lim and abs(v) <= lim) or math.hypot(x - fx, y - fy) <= 0.4 * face_side
            if ar >= (CONFLICT if k > 1 else CONFLICT / 2) * amin and on_face:
                return None, res, list(sub)  # a pip-sized blob on the face that fits no layout
        return k, res, list(sub)
    return None, 1.0, []
