"""Many looks at a die at rest (issue 40): a live camera sees a resting die
in many frames, each with its own sensor noise, sub-pixel jitter and
flicker; a die unsure in one frame may be sure over several.

:func:`frame_looks` reads one frame as a reader's
:meth:`vision.reader.DiceReader.read_dice` does, but keeps each candidate's
class probabilities and whether its readings agreed (the second check).  :class:`MultiLook` follows each die
from frame to frame by its centre and combines its looks:

* ``"logsum"``: the class probabilities of the frames multiplied (their
  logs summed) and normalised - each frame taken as new evidence;
* ``"mean"``: the class probabilities averaged (a frame's noise averaged
  out, no more sure than the frames were);
* ``"vote"``: each frame decides on its own (value at the threshold, its
  readings agreeing); the die gets a value that at least one frame gave
  and no frame contradicted with another value.

What ships (:class:`MultiLook`'s default, the cabinet's dice station):
``"vote"`` over a die's last 5 frames.  Measured on the held-out scenes of
four sets with the simulated camera's noise (``python -m
vision.training.multilook_eval``; docs/dice-reader-history.md): summing the logs
*triples* the misreads (frames of a still die with sensor noise are not
new evidence: the nets' errors repeat), averaging gains nothing, and the
vote reads 2.4-5.4 points more dice than one noisy frame with at most one
more misread in 1817.  It is close to lowering the threshold on one frame
(the noise explores the threshold), not a free gain; in three headless
games it kept the noisy camera as good as a clean one (16.8 nudges per
100 dice against 17.0).

For ``"logsum"`` and ``"mean"``, the die gets the combined best value when that value's combined
probability reaches the threshold (the reader's ``min_value_p``) *and* the
frames agree on it: at least half of the die's frames had readings that
agreed on that value (the second check), and none had readings agreeing
on another.  Otherwise it is unread (CAB-5); not a die (combined p >= 0.5)
is dropped, and an unread die the detector was never sure of (heat below
its ``unreadable_min_heat`` in every frame) too.  One frame gives exactly
``read_dice``'s dice.  A die that moves more than ``tol`` die sizes
starts a new track; a track not seen in a frame ends; a track keeps its
last ``frames`` looks.

**A die the game took a value for** (:meth:`MultiLook.know`, the dice
station tells it once an answer is accepted, read or entered by hand)
keeps that value while it lies as it lay: its track is not lost from view,
it does not move, and its grey picture stays alike (:func:`same_face`, a
template match of its box then, :data:`SAME_FACE`).  A later reading
gives it the value taken: a reroll's kept die, read once (or corrected,
or entered by hand), is not nudged or misread again at every reroll
(issue 40): the same picture read again repeats the nets' doubt or error,
and a die turned to another face shows another picture.  A seat saying
the reading was wrong (:meth:`MultiLook.forget_known`) ends it.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.colour import classify_colours
from vision.die import Die, VisionInputError
from vision.netreader import FACE_PX, NOT_A_DIE, WINDOW_PER_SIZE
from vision.reader import MIN_VALUE_P_RANGE, DiceReader, check_frame

COMBINE = ("logsum", "mean", "vote")


@dataclass
class Look:
    """One candidate in one frame: centre ``x``, ``y`` and ``size`` (px),
    detector ``heat``, class probabilities ``probs`` (7: 1..6 pips, not a
    die), ``agree`` (its readings agreed on the best value), ``colour``."""

    x: float
    y: float
    size: float
    heat: float
    probs: np.ndarray
    agree: bool
    colour: str = "other"


#: how alike (normalised cross-correlation, -1..1) the grey picture of a
#: die must stay to its picture when its value was known (best shift within
#: a quarter of its side) for that value to carry (:meth:`MultiLook.know`);
#: measured on the simulated camera's noisy frames of the dev photos: the
#: same die in two frames 0.938-0.986, dice of another value 0.55 (median)
#: to 0.939 (1 of 755 above 0.93; docs/dice-reader-history.md)
SAME_FACE = 0.93
#: how far (die sides) the picture is searched for around where it lay
FACE_SHIFT = 0.25


def _grey(frame: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    x0, y0, x1, y1 = box
    crop = frame[max(0, y0):max(0, y1), max(0, x0):max(0, x1)]
    return cv2.cvtColor(np.ascontiguousarray(crop), cv2.COLOR_BGR2GRAY) if crop.size else np.zeros((0, 0), np.uint8)


def same_face(known: np.ndarray, frame: np.ndarray, center: tuple[float, float]) -> float:
    """How alike the grey picture ``known`` (a die's box when its value
    was known, uint8) is to ``frame`` (H x W x 3 BGR uint8) near
    ``center`` (x, y px): the best normalised cross-correlation over shifts
    up to :data:`FACE_SHIFT` of its side (OpenCV's ``TM_CCOEFF_NORMED``),
    -1..1; -1 when it cannot be compared (off the frame, a flat picture)."""
    h, w = known.shape[:2]
    if h < 4 or w < 4 or float(known.std()) < 1.0:
        return -1.0
    m = int(round(FACE_SHIFT * max(h, w)))
    x0, y0 = int(round(center[0] - w / 2)) - m, int(round(center[1] - h / 2)) - m
    region = _grey(frame, (x0, y0, x0 + w + 2 * m, y0 + h + 2 * m))
    if region.shape[0] < h or region.shape[1] < w:
        return -1.0
    return float(cv2.matchTemplate(region, known, cv2.TM_CCOEFF_NORMED).max())


def frame_looks(reader: DiceReader, frame: np.ndarray, white_balance=None) -> list[Look]:
    """Every candidate of one frame (H x W x 3 uint8 BGR) with its
    readings as ``reader``'s :meth:`~vision.reader.DiceReader.read_checked`
    makes them at the lowest threshold (``reader.MIN_VALUE_P_RANGE``), so a
    die unsure in this frame still has every reading that could matter over
    several frames (a few more expert windows than its ``read_dice``).
    Raises :class:`vision.die.VisionInputError` on a bad frame; a blank
    frame gives ``[]``."""
    frame = check_frame(frame)
    if int(frame.max()) - int(frame.min()) < 24:
        return []
    cands = reader.find_dice(frame)
    if not cands:
        return []
    windows, check = reader.cut_windows(frame, cands)
    # read as at the lowest threshold: a die that no value can reach the
    # threshold on in this frame is still read by both nets (another frame
    # may make it sure), and its readings' agreement is kept
    probs, checked, _ = reader.read_checked(frame, cands, windows, min_p=MIN_VALUE_P_RANGE[0], check_windows=check)
    keep = [i for i in range(len(cands)) if probs[i, NOT_A_DIE] < reader.settings.max_not_a_die_p]
    r, m = round(FACE_PX * 0.25 / WINDOW_PER_SIZE), FACE_PX // 2
    colours = dict(zip(keep, classify_colours(np.stack([windows[i][m - r:m + r, m - r:m + r] for i in keep])
                                              if keep else np.zeros((0, 1, 3), np.uint8), white_balance)))
    return [Look(float(c.x), float(c.y), float(c.size), float(c.heat), probs[i].astype(np.float64),
                 bool(checked[i]), colours.get(i, "other")) for i, c in enumerate(cands)]


@dataclass
class _Track:
    x: float
    y: float
    size: float
    looks: list[Look] = field(default_factory=list)
    known: int | None = None                  # the value it was known by (MultiLook.know)
    known_face: np.ndarray | None = None      # its grey picture then (uint8)
    face_match: float = -1.0                  # that picture against the newest frame (same_face)


class MultiLook:
    """Combine the looks at each resting die over frames.

    Args:
        reader: the :class:`~vision.reader.DiceReader` that reads each
            frame (its models, settings and calibration; its threshold
            unless ``min_p``).
        frames: looks kept per die (the last ``frames``), >= 1.
        combine: ``"logsum"`` or ``"mean"`` (module docstring).
        tol: how far (die sizes) a die's centre may move between frames
            and stay the same die.
        min_p: the value threshold (None: ``reader.min_value_p``).
        votes: ``"vote"``: frames that must give the value (>= 1).

    Raises:
        ValueError: a bad ``frames``, ``combine`` or ``tol``.
        VisionInputError: ``reader`` is not a DiceReader.
    """

    def __init__(self, reader: DiceReader, frames: int = 5, combine: str = "vote", tol: float = 0.2,
                 min_p: float | None = None, votes: int = 1):
        if isinstance(frames, bool) or not isinstance(frames, int) or frames < 1:
            raise ValueError(f"frames must be an int >= 1, got {frames!r}")
        if combine not in COMBINE:
            raise ValueError(f"combine must be one of {', '.join(COMBINE)}, got {combine!r}")
        if isinstance(votes, bool) or not isinstance(votes, int) or votes < 1:
            raise ValueError(f"votes must be an int >= 1, got {votes!r}")
        if not 0 < tol < 1:
            raise ValueError(f"tol must be between 0 and 1 die sizes, got {tol!r}")
        if not isinstance(reader, DiceReader):
            raise VisionInputError(f"reader must be a vision.reader.DiceReader, got {type(reader).__name__}")
        self.reader = reader
        self.frames, self.combine, self.tol, self.min_p, self.votes = frames, combine, tol, min_p, votes
        self.tracks: list[_Track] = []
        self._told: deque[tuple[str, list[Die] | None]] = deque()   # know / forget, applied at the next add
        self._frame: np.ndarray | None = None                   # the last frame read (read), for know

    def reset(self) -> None:
        """Forget every die (the dice were thrown again)."""
        self.tracks = []
        self._told.clear()
        self._frame = None

    def know(self, dice: list[Die]) -> None:
        """The game took these dice's values (read, or entered by hand):
        each die with a value marks the track nearest its centre (within
        ``tol`` die sizes) as *known* by that value, with its face print
        then.  While the die is not lost from view, does not move and
        keeps that face (its picture :func:`same_face`), a later
        reading gives it the known one (a die at rest read again: a
        reroll's kept dice; :meth:`carries`).  Its looks before are dropped.
        Safe from another thread: applied at the next :meth:`add`."""
        self._told.append(("know", [d for d in dice if d.value is not None]))

    def forget_known(self, dice: list[Die] | None = None) -> None:
        """Stop carrying the known values of the tracks at ``dice``'s
        centres (None: of every track), e.g. after a seat said the
        reading was wrong (CAB-6).  Applied at the next :meth:`add`."""
        self._told.append(("forget", dice))

    def _apply_told(self) -> None:
        """Apply :meth:`know` and :meth:`forget_known` to the tracks, a
        known die's picture cut from the last frame read (none: nothing
        becomes known)."""
        while self._told:                   # (popleft: the loop's thread may add one meanwhile)
            what, dice = self._told.popleft()
            for d, t in ([(None, t) for t in self.tracks] if dice is None else [(d, self._nearest(d)) for d in dice]):
                if t is None:
                    continue
                if what == "know" and self._frame is not None:
                    # the looks before stay behind: from now on the die is held by its value and
                    # picture alone (a frame of it before cannot vote when it may have been turned)
                    t.known, t.known_face, t.looks = d.value, _grey(self._frame, d.box), []
                else:
                    t.known = t.known_face = None

    def _nearest(self, die: Die) -> _Track | None:
        x, y = die.center
        near = [(math.hypot(t.x - x, t.y - y), i) for i, t in enumerate(self.tracks)
                if math.hypot(t.x - x, t.y - y) <= self.tol * t.size]
        return self.tracks[min(near)[1]] if near else None

    def read(self, frame: np.ndarray, white_balance=None) -> list[Die]:
        """Read one more frame (:func:`frame_looks`) and return the dice
        with their combined values (:meth:`add`)."""
        return self.add(frame_looks(self.reader, frame, white_balance), (frame.shape[1], frame.shape[0]), frame)

    def add(self, looks: list[Look], frame_size: tuple[int, int] | None = None,
            frame: np.ndarray | None = None) -> list[Die]:
        """Add one frame's looks: each joins the nearest track within
        ``tol`` die sizes (one look a track), or starts one; tracks not
        seen end.  Returns the dice (sorted top to bottom, left to right)
        with values from every look kept of each track (or the value it is
        known by, :meth:`know`: ``frame``, the looks' frame, shows whether
        it lies as it lay); ``frame_size`` (W, H) clips the boxes."""
        self._apply_told()
        free = list(self.tracks)
        new: list[_Track] = []
        for lk in sorted(looks, key=lambda lk: -lk.heat):
            best, dist = None, self.tol * lk.size
            for t in free:
                d = math.hypot(t.x - lk.x, t.y - lk.y)
                if d <= dist:
                    best, dist = t, d
            if best is None:
                best = _Track(lk.x, lk.y, lk.size)
            else:
                free.remove(best)
            best.x, best.y, best.size = lk.x, lk.y, lk.size
            best.looks = (best.looks + [lk])[-self.frames:]
            new.append(best)
        self.tracks = new
        for t in new:
            t.face_match = (same_face(t.known_face, frame, (t.x, t.y))
                            if t.known_face is not None and frame is not None else -1.0)
        self._frame = frame
        W, H = frame_size or (10 ** 9, 10 ** 9)
        dice = [d for d in (self._die(t, W, H) for t in self.tracks) if d is not None]
        dice.sort(key=lambda d: (d.center[1], d.center[0]))
        return dice

    def combined(self, track: _Track) -> np.ndarray:
        """The track's combined class probabilities (7)."""
        p = np.stack([lk.probs for lk in track.looks])
        if self.combine == "mean" or len(p) == 1:
            return p.mean(axis=0)
        z = np.log(np.clip(p, 1e-9, 1.0)).sum(axis=0)
        z = np.exp(z - z.max())
        return z / z.sum()

    def carries(self, t: _Track) -> bool:
        """Track ``t`` carries the value it is known by (:meth:`know`): it
        has one and the newest frame shows the same picture of it
        (:func:`same_face` >= :data:`SAME_FACE`).  The value then stands
        over what the frames read: the same picture read again repeats
        the nets' error (a die the seat corrected or entered by hand), and
        a die turned to another face shows another picture (ruling CAB-16)."""
        return t.known is not None and t.face_match >= SAME_FACE

    def value_bar(self, t: _Track) -> float:
        """The probability (0..1) track ``t``'s value needs
        (:meth:`~vision.reader.DiceReader.value_bar` at its strongest
        heat): a faint find reads at the threshold only when every look was
        sure it is a die, its largest "not a die" taken (never the combined
        one: multiplied over frames, a hand's doubt would vanish)."""
        return self.reader.value_bar(max(lk.heat for lk in t.looks), self.min_p,
                                     max(float(lk.probs[NOT_A_DIE]) for lk in t.looks))

    def _die(self, t: _Track, W: int, H: int) -> Die | None:
        st = self.reader.settings
        p = self.combined(t)
        if p[NOT_A_DIE] >= st.max_not_a_die_p:
            return None
        min_p = self.value_bar(t)
        if self.combine == "vote":
            given = [int(np.argmax(lk.probs[:NOT_A_DIE])) for lk in t.looks
                     if lk.agree and lk.probs[:NOT_A_DIE].max() >= min_p and lk.probs[NOT_A_DIE] < st.max_not_a_die_p]
            k = given[0] if given else int(np.argmax(p[:NOT_A_DIE]))
            agree = bool(given) and given.count(k) == len(given) and len(given) >= min(self.votes, len(t.looks))
            sure = True
        else:
            k = int(np.argmax(p[:NOT_A_DIE]))
            agreeing = [int(np.argmax(lk.probs[:NOT_A_DIE])) for lk in t.looks if lk.agree]
            agree = 2 * agreeing.count(k) >= len(t.looks) and all(a == k for a in agreeing)
            sure = p[k] >= min_p
        value, conf = (k + 1, float(p[k])) if sure and agree else (None, 0.0)
        if self.carries(t):
            value, conf = t.known, max(conf if value == t.known else 0.0, float(p[t.known - 1]))
        if value is None and max(lk.heat for lk in t.looks) < st.unreadable_min_heat:
            return None
        last = t.looks[-1]
        hs = last.size / 2
        box = (max(0, int(math.floor(last.x - hs))), max(0, int(math.floor(last.y - hs))),
               min(W, int(math.ceil(last.x + hs))), min(H, int(math.ceil(last.y + hs))))
        return Die(value, last.colour, (last.x, last.y), box, conf)
