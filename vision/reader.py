"""The dice reader: find every die in a BGR frame and read its top face.

Method (scale-free: every threshold is relative to the frame's noise or to
the die's own size, nothing is tuned to one photo set):

1. *Foreground* (:mod:`vision.segment`): the table is estimated by a median
   filter on a 1/4-size copy (kernel several dice wide, so dice vanish from
   it); pixels whose Lab colour differs from it are foreground; holes
   (pips) are filled.
2. *Die centres*: peaks of the distance transform of the foreground, kept
   by non-maximum suppression.  A peak's distance is the die's half side,
   so touching dice (a blob two dice long) give two peaks, and thin
   structures (tray walls, cables) give none of die size.
3. *Top face* (:mod:`vision.face`): a window around each peak is resampled
   to a canonical size; the face is the region of the body's colour that
   contains the centre; pips are its holes.  Side faces are separated from
   the top face by their different shading and edge, and pips that are not
   on the top face are therefore not counted.
4. *Validation*: the face must be square, the pips of one size and on the
   3 x 3 grid of a die face in one of the six standard layouts; otherwise the
   die is reported unreadable (CAB-5: never guessed).
"""
from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from vision.colour import classify_colour
from vision.die import Die, VisionInputError
from vision.face import NOMINAL_SIDE, PIP_SNR, WINDOW, read_face
from vision.pipread import PipResponse, pip_dots, read_one_at, read_pips_at
from vision.segment import die_candidates


def check_frame(frame: object) -> np.ndarray:
    """Validate a frame: H x W x 3 uint8 BGR, at least 32 x 32 px.  Raises
    :class:`VisionInputError` saying what is wrong.  Returns the frame."""
    if not isinstance(frame, np.ndarray):
        raise VisionInputError(f"frame must be a numpy array (H x W x 3 uint8 BGR), got {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise VisionInputError(f"frame dtype must be uint8, got {frame.dtype}")
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise VisionInputError(f"frame must have shape H x W x 3 (BGR), got {frame.shape}")
    if frame.shape[0] < 32 or frame.shape[1] < 32:
        raise VisionInputError(f"frame is too small ({frame.shape[1]} x {frame.shape[0]} px); need 32 x 32 or more")
    return frame


def read_dice(frame: np.ndarray, white_balance: tuple[float, float, float] | None = None) -> list[Die]:
    """Every die in ``frame`` (H x W x 3 uint8 BGR), sorted top to bottom,
    left to right.  ``white_balance``: per-channel B, G, R gains from
    :func:`vision.colour.calibrate_white_balance` (``None`` = none).
    Unreadable dice have ``value None`` and confidence 0 (CAB-5).  Raises
    :class:`VisionInputError` on a bad frame; an empty, black or
    overexposed frame gives ``[]``."""
    frame = check_frame(frame)
    if int(frame.max()) - int(frame.min()) < 24:
        return []
    peaks = die_candidates(frame)
    sizes = sorted(r for _, _, r, c in peaks if c)
    typical = sizes[len(sizes) // 2] if sizes else None
    g = min(1.0, READ_HALF_SIDE / typical) if typical else 1.0
    if g < 0.75:
        # large dice (a close or high-resolution camera): read them from a
        # smaller copy, where a die is ~2 x READ_HALF_SIDE px across
        small = cv2.resize(frame, None, fx=g, fy=g, interpolation=cv2.INTER_AREA)
        peaks = [(x * g, y * g, r * g, c) for x, y, r, c in peaks]
        return [_rescale(d, 1.0 / g, frame.shape) for d in _read_all(small, peaks, typical * g, white_balance)]
    return _read_all(frame, peaks, typical, white_balance)


#: half side (px) at which dice are read; larger dice are read from a smaller copy
READ_HALF_SIDE = 36.0


def _rescale(d: Die, k: float, shape) -> Die:
    H, W = shape[:2]
    x0, y0, x1, y1 = d.box
    return replace(d, center=(d.center[0] * k, d.center[1] * k),
                   box=(max(0, int(x0 * k)), max(0, int(y0 * k)), min(W, int(math.ceil(x1 * k))),
                        min(H, int(math.ceil(y1 * k)))),
                   pips=tuple((x * k, y * k) for x, y in d.pips))


def _read_all(frame, peaks, typical, white_balance) -> list[Die]:
    """Read the dice at ``peaks`` (and at groups of pip-like dots)."""
    dice: list[Die] = []
    # compact (isolated) blobs first; a later peak inside a die already read
    # with a value is the same die (its shadow, its side face) and is skipped
    dots4 = pip_dots(frame, 2 * typical) if typical is not None else None
    dots = [(x, y) for x, y, _, _ in dots4] if dots4 is not None else None
    resp = PipResponse(frame, 2 * typical) if dots4 is not None and GRID_CHECK else None
    red = (pip_dots(frame, 2 * typical, red=True), PipResponse(frame, 2 * typical, red=True)) \
        if RED_DOTS and resp is not None else ([], None)
    if dots4 is not None and PIP_READ and PIP_FIRST:
        # dice whose pips alone give a clear face need no face window (fast)
        _read_from_pips(frame, dice, dots4, [(x, y, ONES == 2 or c) for x, y, _, c in peaks],
                        2 * typical, white_balance, resp, red)
    for cx, cy, r, compact in sorted(peaks, key=lambda p: not p[3]):
        if any(d.value is not None and d.box[0] <= cx <= d.box[2] and d.box[1] <= cy <= d.box[3] for d in dice):
            continue
        if not compact and dots is not None and not any(
                (x - cx) ** 2 + (y - cy) ** 2 <= (1.2 * typical) ** 2 for x, y in dots):
            continue  # a peak on a wall or a cable with no pip-like dot near it
        if typical is not None and (not compact or r < 0.8 * typical):
            r = max(r, typical)  # a die touching another or a wall: its blob says little of its size
        die = _read_at(frame, cx, cy, r, compact, white_balance)
        if die is None:
            continue
        # two peaks on one die (a die and its shadow): keep the better reading
        half = (die.box[2] - die.box[0]) / 2
        dup = next((i for i, o in enumerate(dice) if abs(o.center[0] - die.center[0]) < 0.6 * half
                    and abs(o.center[1] - die.center[1]) < 0.6 * half), None)
        if dup is None:
            dice.append(die)
        elif (die.value is not None, die.confidence) > (dice[dup].value is not None, dice[dup].confidence):
            dice[dup] = die
    if dots is not None and PIP_SEEDS:
        # second chance: groups of pip-like dots not on any die found so far
        # (a white die on a white table has no foreground outline; a die
        # against a wall has no peak of its own)
        for cx, cy, _ in _pip_groups(dots, 2 * typical):
            if any(d.value is not None and d.box[0] <= cx <= d.box[2] and d.box[1] <= cy <= d.box[3]
                   for d in dice):
                continue
            die = _read_at(frame, cx, cy, typical, False, white_balance, dots=dots)
            if die is None:
                continue
            inside = [i for i, d in enumerate(dice)
                      if d.box[0] <= die.center[0] <= d.box[2] and d.box[1] <= die.center[1] <= d.box[3]]
            if not inside:
                dice.append(die)
            elif len(inside) == 1 and dice[inside[0]].value is None:
                dice[inside[0]] = die  # an unreadable die read from its pips' centre
    if dots4 is not None and PIP_READ:
        seeds = [(*d.center, True) for d in dice if d.value is None] + \
            [(x, y, ONES == 2 or c) for x, y, _, c in peaks] + \
            [(x, y, False) for x, y, _ in _pip_groups(dots, 2 * typical)]
        _read_from_pips(frame, dice, dots4, seeds, 2 * typical, white_balance, resp, red)
        if DOT_SEEDS:
            # last: every dot not on a die read may be the centre pip of a
            # 3 or 5 (dice in a row touching on all sides have no seed else)
            _read_from_pips(frame, dice, dots4, [(x, y, False) for x, y, _, _ in dots4],
                            2 * typical, white_balance, resp, red)
        if PAIR_SEEDS:
            # ... and the midpoint of two dots a face diagonal apart the centre of a 4 or 6
            side = 2 * typical
            lo, hi = (0.3 * side) ** 2, (0.7 * side) ** 2
            mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, False) for i, a in enumerate(dots4) for b in dots4[i + 1:]
                    if a[3] == b[3] and lo <= (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 <= hi]
            _read_from_pips(frame, dice, dots4, mids, side, white_balance, resp, red)
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    return dice


PIP_READ = True
GRID_CHECK = True
PIP_FIRST = True
DOT_SEEDS = True
PAIR_SEEDS = True
RED_DOTS = True
ONES = 1


def _read_from_pips(frame, dice, dots4, seeds, side, white_balance, resp, red=([], None)) -> None:
    """Third chance (:mod:`vision.pipread`): at each seed not on a die
    already read, read a face from the pip-like dots alone; the die replaces
    an unreadable die it lies on, or is added."""
    H, W = frame.shape[:2]
    tried: set[tuple[int, int]] = set()
    cell = max(1.0, 0.1 * side)
    for sx, sy, one in seeds:
        key = (int(sx // cell), int(sy // cell))
        if key in tried and not one:
            continue  # a seed this close to one tried already reads the same dots
        tried.add(key)
        if any(d.value is not None and d.box[0] <= sx <= d.box[2] and d.box[1] <= sy <= d.box[3] for d in dice):
            continue
        got = read_pips_at(dots4 + red[0], sx, sy, side, resp, red[1])
        if got is None and one and ONES and resp is not None:
            got = read_one_at(dots4, sx, sy, side, resp)
        if got is None:
            continue
        value, pips, X, Y, conf = got
        if any(d.value is not None and abs(d.center[0] - X) < 0.6 * side and abs(d.center[1] - Y) < 0.6 * side
               for d in dice):
            continue
        hs = 0.5 * side
        box = (max(0, int(X - hs)), max(0, int(Y - hs)), min(W, int(math.ceil(X + hs))), min(H, int(math.ceil(Y + hs))))
        x0, y0, x1, y1 = (int(round(X - 0.3 * side)), int(round(Y - 0.3 * side)),
                          int(round(X + 0.3 * side)), int(round(Y + 0.3 * side)))
        body = frame[max(0, y0):max(0, y1), max(0, x0):max(0, x1)].reshape(1, -1, 3)
        colour = classify_colour(body, white_balance) if body.size else "other"
        die = Die(value, colour, (float(X), float(Y)), box, conf, None, pips)
        on = [i for i, d in enumerate(dice) if d.value is None and d.box[0] <= X <= d.box[2] and d.box[1] <= Y <= d.box[3]]
        for i in sorted(on, reverse=True):
            del dice[i]
        dice.append(die)


PIP_SEEDS = True
OUTLINE_FREE = True


def _pip_dots(frame: np.ndarray, side: float) -> list[tuple[float, float]]:
    """Small round dark or light dots (px) of pip size for dice of ``side``
    px: where pips may be."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    p = cv2.SimpleBlobDetector_Params()
    p.filterByArea = True
    rp = 0.09 * side
    p.minArea, p.maxArea = max(4.0, 0.4 * math.pi * rp * rp), 3.0 * math.pi * rp * rp
    p.filterByCircularity, p.minCircularity = True, 0.6
    p.filterByInertia, p.minInertiaRatio = True, 0.4
    p.filterByConvexity = False
    p.minDistBetweenBlobs = 1.5 * rp
    pts = []
    for colour in (0, 255):
        p.filterByColor, p.blobColor = True, colour
        pts += [k.pt for k in cv2.SimpleBlobDetector_create(p).detect(gray)]
    return pts


def _pip_groups(pts: list[tuple[float, float]], side: float) -> list[tuple[float, float]]:
    """Centres (px) of groups of dots, dots closer than 0.45 die sides
    joined, groups of at most 9 dots."""
    n = len(pts)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    link2 = (0.45 * side) ** 2
    for i in range(n):
        for j in range(i + 1, n):
            if (pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2 <= link2:
                parent[find(i)] = find(j)
    groups: dict[int, list] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(pts[i])
    return [(sum(q[0] for q in g) / len(g), sum(q[1] for q in g) / len(g), len(g))
            for g in groups.values() if len(g) <= 9]


def _window(frame, cx, cy, s):
    M = np.array([[s, 0, WINDOW / 2 - s * cx], [0, s, WINDOW / 2 - s * cy]], np.float32)
    return cv2.warpAffine(frame, M, (WINDOW, WINDOW), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _read_at(frame, cx, cy, r, compact, white_balance, dots: list | None = None):
    """Read the die whose foreground peak (or group of pip-like ``dots``)
    is at (cx, cy) with half side r.  A die without a visible outline is
    accepted only when led here by ``dots``, with 2 or more pips, and when
    every dot of the frame's dot detector on its face is one of its pips
    (two independent detectors agree)."""
    half = 1.7 * r  # window half side in frame px (die + margin for shadow / side faces)
    s = WINDOW / (2 * half)
    face = read_face(_window(frame, cx, cy, s), outline_free=dots is not None and OUTLINE_FREE)
    if face is None:
        return None
    if face.outline_free:
        if face.value is None or face.value < 2:
            return None
        side = NOMINAL_SIDE / s
        pips = [(cx + (px - WINDOW / 2) / s, cy + (py - WINDOW / 2) / s) for px, py in face.pips]
        mx, my = sum(p[0] for p in pips) / len(pips), sum(p[1] for p in pips) / len(pips)
        for x, y in dots:
            if (x - mx) ** 2 + (y - my) ** 2 <= (0.7 * side) ** 2 and \
                    not any((x - px) ** 2 + (y - py) ** 2 <= (0.15 * side) ** 2 for px, py in pips):
                return None  # a dot on the face that is not one of the pips read
    if not compact and (face.value is None or (face.value == 1 and face.snr < 2 * PIP_SNR)):
        # a peak on some larger structure (a tray wall, a print on it): only a
        # clear die face there counts; a lone weak dot is not a die
        return None
    # map face geometry back to frame px
    inv = 1.0 / s
    fx, fy = face.center
    X = cx + (fx - WINDOW / 2) * inv
    Y = cy + (fy - WINDOW / 2) * inv
    hs = face.half_extent * inv * 1.15  # face -> whole die (rounded edges)
    H, W = frame.shape[:2]
    box = (max(0, int(math.floor(X - hs))), max(0, int(math.floor(Y - hs))),
           min(W, int(math.ceil(X + hs))), min(H, int(math.ceil(Y + hs))))
    pips = tuple((cx + (px - WINDOW / 2) * inv, cy + (py - WINDOW / 2) * inv) for px, py in face.pips)
    colour = classify_colour(face.body_bgr, white_balance)
    return Die(face.value, colour, (float(X), float(Y)), box, face.confidence if face.value else 0.0, None, pips)
