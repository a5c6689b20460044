"""The dice reader: find every die in a BGR frame and read its top face.

Method (:mod:`vision.netreader`): three small convolutional networks run by
onnxruntime (or OpenCV's ``cv2.dnn`` where it is not installed).

1. *Die detector*: a heat map of die centres (with each die's size) on a
   half-size copy of the frame and on smaller copies for large dice;
   each peak is one die, so dice that touch are two peaks.
2. *Face classifier*: a window around each centre, scaled to the die's
   size, gives the probability of 1..6 pips and of "not a die".  A fast
   small net reads every window as it is and (unless it is surely not a
   die) turned by :data:`CHECK_TURN` degrees, mirrored and cut
   :data:`CHECK_SHIFT` die sizes up the frame: two readings of the same
   top face on two grids of pixels, with less of a near side face in the
   second, averaged.
3. *Second check* (no silent misreads, ruling CAB-5): a value is given only
   when two readings agree on it.  Where the fast net's two turns disagree,
   or their average is below :data:`EXPERT_BELOW` or unsure it is a die at
   all (:data:`UNSURE_NOT_A_DIE`), the *expert* net (several times the
   work per window) reads the window at 0 and 180 degrees
   (:data:`SECOND_LOOK_ANGLES`); a value is then given only where the two
   nets agree (:data:`NETS_MUST_AGREE`): both expert turns and every fast
   reading of the window have the same best value, and the average of all
   of them is the die's reading.  A die whose readings disagree is
   unreadable (``value None``) and the nudge flow takes over.
   A place that is not a die is dropped; a die whose best value is less
   likely than :data:`MIN_VALUE_P` is unreadable too - a tilted, cocked or
   stacked die, a blurred one - if the detector is sure of it (heat >=
   :data:`UNREADABLE_MIN_HEAT`); a faint candidate with no clear face (a
   screw, a hole) is dropped.
4. *Colour*: the median colour of the face's middle half (the centre of
   the classifier's window), after white balance (:mod:`vision.colour`).

All three nets were trained (:mod:`vision.training`) on the labelled photos and
on drawn dice of every colour, with the changes between cameras and rooms
(scale, rotation, colour, light, blur, noise, JPEG) as augmentation; the
photo set's held-out figures are in ``vision/README.md``.
"""
from __future__ import annotations

import math
from collections import Counter
from contextlib import contextmanager
from dataclasses import replace
from typing import Iterator

import numpy as np

from vision.colour import classify_colours
from vision.die import Die, VisionInputError
from vision.netreader import (FACE_PX, NOT_A_DIE, WINDOW_LIMITS, WINDOW_PER_SIZE, die_window, find_dice, has_expert,
                              read_faces, window_in_use)
from vision.settings import check_white_balance

#: probability (0..1) a value needs to be reported (the average of the die's
#: readings); below it the die is unreadable.  0.9 (0.6 before): on photo
#: sets the nets never saw, two nets that agree at 0.6 - 0.9 are still wrong
#: on 1-2 % of the dice (side faces at a slant); at 0.9 on 0-0.4 % (8-bit
#: nets), for a fifth to a half fewer dice read (vision/README.md).  A dice
#: reader setting, config ``vision.min_value_p`` (:func:`use_min_value_p`)
MIN_VALUE_P = 0.9
#: the range :func:`use_min_value_p` takes
MIN_VALUE_P_RANGE = (0.5, 0.99)
#: detector heat (0..1) an unreadable die needs to be reported at all
UNREADABLE_MIN_HEAT = 0.6
#: the fast face classifier's best value probability below which a die gets a second look
EXPERT_BELOW = 0.9
#: at the second look a value needs the expert's turns *and* the fast net's
#: readings of the window to agree on it (two nets of other sizes, trained
#: apart: a bias of one is less often the other's); False: the expert's
#: turns alone decide (issue #21's first check, measured in vision/README.md)
NETS_MUST_AGREE = True
#: the fast net's "not a die" probability range (low, high) in which a
#: candidate also gets a second look (at or above high: surely not a die)
UNSURE_NOT_A_DIE = (0.1, 0.9)
#: turns (degrees) of the window at the second look (the expert's readings
#: must agree on the value; averaged with the fast net's, NETS_MUST_AGREE)
SECOND_LOOK_ANGLES = (0, 180)
#: turn (degrees) of the fast net's second reading of each window (also
#: mirrored); None: one fast reading (faster: only the dice sent to the
#: expert then get a second, agreeing reading)
CHECK_TURN: int | None = 90
#: the fast net's second reading is also cut this far (die sizes) up the
#: frame from the first: at a slant the near side faces lie below a die's
#: top face, so the two windows see the top face's pips alike and a side
#: face's differently, and a value read off a side face tends to fall
#: apart (leave-one-set-out: 10 dice misread on the four sets -> 5, at most
#: 2.6 points of recall lost; vision/README.md).  Measured from the window
#: the cabinet's calibration sets (vision.netreader.WindowGeometry)
CHECK_SHIFT = 0.1
#: running counts over every read_dice call (benchmarks report them):
#: frames, frames_second_look (frames where the expert read at least one
#: window), expert_windows, unchecked (candidates left without two agreeing readings)
STATS: Counter = Counter()
#: probability of "not a die" above which a candidate is dropped
MAX_NOT_A_DIE_P = 0.5


#: where the value threshold comes from, strongest first: a command's
#: option, this cabinet's calibration, the config; None = not set there
_MIN_VALUE_P_FROM: dict[str, float | None] = {"option": None, "calibration": None, "config": None}
#: the threshold when none of them sets one
DEFAULT_MIN_VALUE_P = MIN_VALUE_P


def use_min_value_p(p: float | None, source: str = "config") -> None:
    """Set the probability (``MIN_VALUE_P_RANGE``, 0.5 .. 0.99) a die's
    averaged readings must give its value for it to be read (lower reads
    more dice and misreads more), as set by ``source``: ``"option"`` (a
    command's option) over ``"calibration"`` (this cabinet's, see
    :mod:`vision.calibrate`) over ``"config"`` (``vision.min_value_p``);
    ``None`` clears what that source set.  :data:`MIN_VALUE_P` becomes the
    strongest set, else :data:`DEFAULT_MIN_VALUE_P`.  Raises
    :class:`VisionInputError` outside the range or for an unknown source
    (the thresholds in use are kept)."""
    global MIN_VALUE_P
    lo, hi = MIN_VALUE_P_RANGE
    if source not in _MIN_VALUE_P_FROM:
        raise VisionInputError(f"min_value_p source must be one of {', '.join(_MIN_VALUE_P_FROM)}, got {source!r}")
    if p is not None and (isinstance(p, bool) or not isinstance(p, (int, float)) or not lo <= p <= hi):
        raise VisionInputError(f"min_value_p must be a probability from {lo} to {hi}, got {p!r}")
    _MIN_VALUE_P_FROM[source] = None if p is None else float(p)
    MIN_VALUE_P = next((v for v in _MIN_VALUE_P_FROM.values() if v is not None), DEFAULT_MIN_VALUE_P)


def min_value_p_without_calibration() -> float:
    """The threshold in effect were there no calibration: a command's
    option, else the config's, else :data:`DEFAULT_MIN_VALUE_P`."""
    for source in ("option", "config"):
        if _MIN_VALUE_P_FROM[source] is not None:
            return _MIN_VALUE_P_FROM[source]
    return DEFAULT_MIN_VALUE_P


def min_value_p_from(source: str) -> float | None:
    """The threshold ``source`` ("option", "calibration", "config") sets, or None."""
    return _MIN_VALUE_P_FROM[source]


@contextmanager
def reading_at(p: float | None) -> Iterator[None]:
    """Within the ``with`` block the reader asks p (0..1) of a value, the
    sources' thresholds untouched (None: as set); restored after, also on
    an exception.  For calibration, which reads at several thresholds."""
    global MIN_VALUE_P
    saved = MIN_VALUE_P
    if p is not None:
        MIN_VALUE_P = p
    try:
        yield
    finally:
        MIN_VALUE_P = saved


def reset_min_value_p() -> None:
    """Forget every source's threshold: :data:`MIN_VALUE_P` is the default."""
    global MIN_VALUE_P
    for k in _MIN_VALUE_P_FROM:
        _MIN_VALUE_P_FROM[k] = None
    MIN_VALUE_P = DEFAULT_MIN_VALUE_P


#: The largest frame the reader takes, px (memory grows ~27 bytes a px
#: with dice everywhere: 16 Mpx stays under ~0.45 GB).
MAX_FRAME_PX = 16_000_000


def check_frame(frame: object) -> np.ndarray:
    """Validate a frame: H x W x 3 uint8 BGR, at least 32 x 32 px and at
    most :data:`MAX_FRAME_PX` px.  Raises
    :class:`VisionInputError` saying what is wrong.  Returns the frame."""
    if not isinstance(frame, np.ndarray):
        raise VisionInputError(f"frame must be a numpy array (H x W x 3 uint8 BGR), got {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise VisionInputError(f"frame dtype must be uint8, got {frame.dtype}")
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise VisionInputError(f"frame must have shape H x W x 3 (BGR), got {frame.shape}")
    if frame.shape[0] < 32 or frame.shape[1] < 32:
        raise VisionInputError(f"frame is too small ({frame.shape[1]} x {frame.shape[0]} px); need 32 x 32 or more")
    if frame.shape[0] * frame.shape[1] > MAX_FRAME_PX:   # issue 39: a 64 Mpx frame full of dice took 1.73 GB
        raise VisionInputError(f"frame is too large ({frame.shape[1]} x {frame.shape[0]} px, "
                               f"{frame.shape[0] * frame.shape[1] / 1e6:.0f} Mpx); the reader takes at most "
                               f"{MAX_FRAME_PX // 1_000_000} Mpx: scale it down (the cabinet's camera gives "
                               "640 x 480)")
    return frame


def _unsure(probs: np.ndarray) -> list[int]:
    """Rows of N x 7 class probabilities that want another look: best
    value below EXPERT_BELOW, or "not a die" within UNSURE_NOT_A_DIE,
    and not surely "not a die"."""
    lo, hi = UNSURE_NOT_A_DIE
    return [i for i, p in enumerate(probs)
            if (p[:NOT_A_DIE].max() < EXPERT_BELOW or p[NOT_A_DIE] >= lo) and p[NOT_A_DIE] < hi]


def _surely_unsure(probs: np.ndarray) -> np.ndarray:
    """N bool: rows of N x 7 class probabilities (one fast reading) whose
    average with *any* second reading is unsure (:func:`_unsure`), so the
    die gets the second look whatever the turned reading says.  The
    average of p and q in 0..1 lies in p/2 .. (p + 1)/2; a margin of 1e-6
    keeps float32 rounding on the safe side."""
    lo, hi = UNSURE_NOT_A_DIE
    eps = 1e-6
    nad, best = probs[:, NOT_A_DIE], probs[:, :NOT_A_DIE].max(axis=1)
    return (nad < 2 * hi - 1 - eps) & ((nad >= 2 * lo + eps) | (best < 2 * EXPERT_BELOW - 1 - eps))


def _value_impossible(best_sum: np.ndarray, n: np.ndarray, unknown: int, min_p: float | None = None) -> np.ndarray:
    """N bool: candidates whose readings can no longer average
    :data:`MIN_VALUE_P` on any value: ``best_sum`` (N float) bounds the
    sum of any one value's probability over the ``n`` (N float) readings
    made, and the ``unknown`` readings to come give it at most 1 each (a
    margin of 1e-6 for float32 rounding); ``min_p``: the threshold (None:
    :data:`MIN_VALUE_P`)."""
    return (best_sum + unknown) / (n + unknown) < (MIN_VALUE_P if min_p is None else min_p) - 1e-6


def _decided(nad_sum: np.ndarray, n: np.ndarray, unknown: int, faint: np.ndarray) -> np.ndarray:
    """N bool: candidates left *unread* (their readings already disagree)
    whose fate no further reading can change, so none is made.  Such a
    candidate is dropped if it is faint (heat below
    :data:`UNREADABLE_MIN_HEAT`) or if the average "not a die" probability
    of all its readings reaches :data:`MAX_NOT_A_DIE_P`, else kept as an
    unreadable die.  ``nad_sum``: N float, the sum of the "not a die"
    probabilities of its ``n`` (N float) readings so far; ``unknown``:
    readings still to come, each anywhere in 0..1.  Settled when the average
    reaches the bound even if they all say 0, or stays below it even if
    they all say 1 (a margin of 1e-6 for float32 rounding); the average of
    the readings so far then falls on the same side."""
    eps = 1e-6
    total = n + unknown
    has = n > 0
    lo = np.where(has, nad_sum / np.maximum(total, 1), 0.0)
    hi = np.where(has, (nad_sum + unknown) / np.maximum(total, 1), 1.0)
    return faint | (has & ((lo >= MAX_NOT_A_DIE_P + eps) | (hi < MAX_NOT_A_DIE_P - eps)))


def read_checked(frame: np.ndarray, cands: list, windows: list[np.ndarray], min_p: float | None = None
                 ) -> tuple[np.ndarray, np.ndarray, int]:
    """Face readings of the candidates with the second check (module
    docstring): (N x 7 float32 class probabilities, N bool "the readings
    agree on the best value", windows the expert read).

    The fast net reads each window as it is and - unless it is surely not a
    die (or, with :data:`NETS_MUST_AGREE` off, so unsure that the average
    of any two readings would be: :func:`_surely_unsure`) - turned by
    :data:`CHECK_TURN` degrees and mirrored (another grid of pixels, the
    same pips); the two readings are averaged.  Where they disagree on the
    value, or the average is unsure (:func:`_unsure`), the expert (the fast
    net again if the models have no expert file) reads the window at each
    turn of :data:`SECOND_LOOK_ANGLES`.  With :data:`NETS_MUST_AGREE` the
    value is checked only if every second-look reading *and* every fast
    reading give it, and the die's reading is the average of the expert's
    and the fast net's readings (of the second look's readings alone when
    it is the fast net again: its 0-degree reading repeats the first);
    without it, only the second look's readings must agree and are
    averaged.  The expert does not read a candidate already unread - with
    :data:`NETS_MUST_AGREE` its fast turns disagree or the expert's first
    turn gives another value, or the readings so far leave no value
    possible (their average with the turns to come, at best sure of it,
    cannot reach :data:`MIN_VALUE_P`) - whose drop or keep no further
    reading can change (:func:`_decided`: a faint candidate, detector heat
    below :data:`UNREADABLE_MIN_HEAT`, is always dropped then); its row is
    the average of the readings made, not checked.  ``min_p``: the
    threshold those skips assume (None: :data:`MIN_VALUE_P`; a lower one
    skips fewer, for readings combined over frames).  Only the work changes:
    :func:`read_dice` gives the same dice."""
    probs = read_faces(windows)
    n = len(cands)
    checked = np.ones(n, bool)
    fast_best = np.argmax(probs[:, :NOT_A_DIE], 1)  # the fast net's first best value
    fast_sum, fast_reads = probs.copy(), np.ones(n, np.float32)
    # the turn is skipped where it cannot change the reading: surely not a
    # die, or (the agreement off) surely sent to the second look, which then
    # reads it anew; with NETS_MUST_AGREE the fast turns are part of the check
    skip = _surely_unsure(probs) if not NETS_MUST_AGREE else np.zeros(n, bool)
    again = ([i for i in np.flatnonzero((probs[:, NOT_A_DIE] < UNSURE_NOT_A_DIE[1]) & ~skip).tolist()]
             if CHECK_TURN is not None else [])
    if again:
        g = window_in_use()
        shifted = replace(g, dy=max(WINDOW_LIMITS["dy"][0], g.dy - CHECK_SHIFT)) if CHECK_SHIFT else g
        turned = read_faces([die_window(frame, cands[i], angle=CHECK_TURN, mirror=True, geometry=shifted)
                             for i in again])
        checked[again] = np.argmax(probs[again, :NOT_A_DIE], 1) == np.argmax(turned[:, :NOT_A_DIE], 1)
        fast_sum[again] += turned
        fast_reads[again] += 1
        probs[again] = (probs[again] + turned) / 2
    fast_agreed = checked.copy()  # the fast net's turns agree (one turn: trivially)
    # a second look at what the fast net is unsure of, or reads differently at
    # two turns: the expert net (the fast one again if the models in use have
    # no expert) reads the window at each turn of SECOND_LOOK_ANGLES
    look = sorted(set(_unsure(probs)) | {i for i in again if not checked[i]})
    expert_windows = 0
    if look:
        expert, m = has_expert(), len(SECOND_LOOK_ANGLES)
        # the fast readings join the average only when the second look is another net
        mix = NETS_MUST_AGREE and expert
        lk = np.asarray(look)
        extra_sum = fast_sum[lk] if mix else np.zeros((len(look), probs.shape[1]), np.float32)
        extra_n = fast_reads[lk] if mix else np.zeros(len(look), np.float32)
        # with the agreement, the fast net must have agreed with itself
        fast_ok = fast_agreed[lk] if NETS_MUST_AGREE else np.ones(len(look), bool)

        def cut(i: int, angle: float) -> np.ndarray:  # a turn of 0 degrees is the window already cut
            return windows[i] if angle == 0 else die_window(frame, cands[i], angle=angle)
        # each turn of the looked windows in one run of the net: the first turn
        # of those whose outcome still depends on it, then the other turns of
        # those whose outcome still depends on them (_decided)
        heat = np.array([cands[i].heat for i in look])
        faint = heat < UNREADABLE_MIN_HEAT
        # a die whose fast turns disagree, or whose readings cannot average
        # MIN_VALUE_P on any value even if every expert turn is sure of it, is
        # unread whatever the expert says; the expert then only settles "not a
        # die" (dropped) or unreadable (kept), and is not asked where that is settled
        hopeless = _value_impossible(extra_sum[:, :NOT_A_DIE].max(axis=1), extra_n, m, min_p)
        skip = (~fast_ok | hopeless) & _decided(extra_sum[:, NOT_A_DIE], extra_n, m, faint)
        probs[lk[skip]] = fast_sum[lk[skip]] / fast_reads[lk[skip], None]
        checked[lk[skip]] = False
        rd = np.flatnonzero(~skip)
        if len(rd):
            sub = [look[j] for j in rd.tolist()]
            first = read_faces([cut(i, SECOND_LOOK_ANGLES[0]) for i in sub], expert=expert)
            expert_windows = len(sub)
            e_sum, e_n = extra_sum[rd], extra_n[rd]
            probs[sub] = (first + e_sum) / (1 + e_n)[:, None]
            first_best = np.argmax(first[:, :NOT_A_DIE], 1)
            agree_fast = (first_best == fast_best[lk[rd]]) | (not NETS_MUST_AGREE)
            ok_so_far = fast_ok[rd] & agree_fast
            checked[sub] = (m == 1) & ok_so_far
            # a candidate whose first reading leaves no value possible - the
            # average of all its readings (the other turns at best sure of it)
            # cannot reach MIN_VALUE_P - or whose readings disagree is unread;
            # its other turns are not read where its drop or keep is settled
            # (a faint one, kept only with a value, is dropped)
            hopeless = _value_impossible(first[:, :NOT_A_DIE].max(axis=1) + e_sum[:, :NOT_A_DIE].max(axis=1),
                                         e_n + 1, m - 1, min_p)
            settled = (~ok_so_far | hopeless) & _decided(e_sum[:, NOT_A_DIE] + first[:, NOT_A_DIE], e_n + 1, m - 1,
                                                         faint[rd])
            need = np.flatnonzero(~settled) if m > 1 else np.zeros(0, int)
            if len(need):
                rest = [sub[j] for j in need.tolist()]
                more = read_faces([cut(i, angle) for angle in SECOND_LOOK_ANGLES[1:] for i in rest],
                                  expert=expert).reshape(m - 1, len(rest), -1)
                expert_windows += more.shape[0] * more.shape[1]
                reads = np.concatenate([first[need][None], more])
                best = np.argmax(reads[:, :, :NOT_A_DIE], axis=2)
                checked[rest] = np.all(best == best[0], axis=0) & ok_so_far[need]
                probs[rest] = (sum(reads) + e_sum[need]) / (len(reads) + e_n[need])[:, None]
    return probs, checked, expert_windows


def read_dice(frame: np.ndarray, white_balance: tuple[float, float, float] | None = None) -> list[Die]:
    """Every die in ``frame`` (H x W x 3 uint8 BGR), sorted top to bottom,
    left to right.  ``white_balance``: per-channel B, G, R gains from
    :func:`vision.colour.calibrate_white_balance` (``None`` = none).
    Every candidate is read by the fast face classifier; the unsure ones
    get a second look from the expert (module docstring; ruling CAB-5).
    Unreadable dice have ``value None`` and confidence 0 (CAB-5).  Raises
    :class:`VisionInputError` on a bad frame or bad gains; an empty, black or
    overexposed frame gives ``[]``."""
    frame = check_frame(frame)
    if white_balance is not None:
        bad = check_white_balance(white_balance)
        if bad:
            raise VisionInputError(f"white_balance {bad}")
    if int(frame.max()) - int(frame.min()) < 24:
        return []
    cands = find_dice(frame)
    windows = [die_window(frame, c) for c in cands]
    probs, checked, looked = read_checked(frame, cands, windows)
    STATS["frames"] += 1
    STATS["frames_second_look"] += looked > 0
    STATS["expert_windows"] += looked
    STATS["unchecked"] += int((~checked).sum())
    H, W = frame.shape[:2]
    kept = []
    for i, (c, p) in enumerate(zip(cands, probs)):
        if p[NOT_A_DIE] >= MAX_NOT_A_DIE_P:
            continue
        k = int(np.argmax(p[:NOT_A_DIE]))
        # a value only when two readings of the die agree on it (CAB-5)
        value, conf = (k + 1, float(p[k])) if p[k] >= MIN_VALUE_P and checked[i] else (None, 0.0)
        if value is None and c.heat < UNREADABLE_MIN_HEAT:
            continue  # a faint candidate with no clear face: a screw, a hole, a print, not a die
        kept.append((i, value, conf))
    # colour: the middle half of each die (the window's centre), all dice at once
    r, m = round(FACE_PX * 0.25 / WINDOW_PER_SIZE), FACE_PX // 2
    colours = classify_colours(np.stack([windows[i][m - r:m + r, m - r:m + r] for i, _, _ in kept])
                               if kept else np.zeros((0, 1, 3), np.uint8), white_balance)
    dice: list[Die] = []
    for (i, value, conf), colour in zip(kept, colours):
        c = cands[i]
        hs = c.size / 2
        box = (max(0, int(math.floor(c.x - hs))), max(0, int(math.floor(c.y - hs))),
               min(W, int(math.ceil(c.x + hs))), min(H, int(math.ceil(c.y + hs))))
        dice.append(Die(value, colour, (float(c.x), float(c.y)), box, conf))
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    return dice
