"""The die detector's arithmetic around its net (numpy and OpenCV only):
the pyramid of frame copies it runs on, its heat peaks as die candidates,
the merge of the levels' peaks, and the *close look* at small dice.

The net (:class:`vision.netreader._Model`, or any callable from an
N x 3 x H x W float32 blob to N x 4 x H/4 x W/4 maps: heat logit, the
centre's offset in its cell, log size) is passed in;
:func:`vision.netreader.find_dice` loads it and calls :func:`detect`.

The close look (issue 40): the detector was trained on dice of 6.5..50 px
of its input, so on the first level (half the frame) a die of about 20 px
of the frame - a die far off on a board-game table - is at the bottom of
that range and often gives only a weak peak.  Where the first level has
such a peak (heat >= ``CLOSE_LOOK_HEAT``, a die smaller than
``CLOSE_LOOK_MAX_PX``) on no die already found, the net reads the frame
itself (full size) in a ``CLOSE_CROP_PX`` px crop around it; a peak there
(heat >= the detector's threshold, a die of ``CLOSE_LOOK_MIN_PX`` ..
``CLOSE_LOOK_MAX_PX`` px: smaller is sensor noise) is a die too.  At most
``CLOSE_LOOKS`` crops a frame, read in one batch: a frame of larger dice
pays a fraction of a millisecond (dice of 38..50 px on the 1280 x 720
bench frame: none), where the first level at full size would cost four
times the first level.

The full-size level (issue 40, stops 71-72): on the first level a die of
13..50 px of the frame is 6.5..25 px, the lower half of the detector's
range, where its peaks are weaker and its centres and sizes coarser than
for the same die seen twice as large.  A frame small enough to afford it
(at most ``FULL_LEVEL_MAX_PX``: the cabinet's tray crops, the shared
sets' 640 x 640 photos; not a whole 1280 x 720 camera frame, whose budget
is the pyramid's) is also read at its full size.  Its peaks of
``CLOSE_LOOK_MIN_PX`` .. ``FULL_LEVEL_MAX_DIE_PX`` px join the pyramid's
in the merge (the stronger peak of a die stands for it), except those
within half a larger die's size of a find larger than that, and those at
most half as large as a find within ``FULL_LEVEL_PIP_REACH`` of its sizes
(a pip or an edge of a die seen whole on a coarser level).  Measured on
the six sets' odd scenes: 3966 dice right and 11 misread against 3922
and 13 (``vision/README.md``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import cv2
import numpy as np

#: detector output grid (px of the level image it runs on)
DET_STRIDE = 4
#: scale of the first (finest) pyramid level the detector runs on; the
#: detector was trained on dice 6.5..50 px across, so this level finds dice
#: of about 13..100 px of the frame (each halved level, twice that)
FIRST_LEVEL = 0.5
#: smallest pyramid level (px, short side) the detector runs on
MIN_LEVEL_PX = 96
#: heat (0..1) at which a detector peak is a die candidate
DET_MIN_HEAT = 0.4
#: the weakest first-level peak (heat) that gets a close look
CLOSE_LOOK_HEAT = 0.15
#: a close look is for dice smaller than this (px of the frame): about 13
#: px or less on the first level, the bottom of the detector's range
CLOSE_LOOK_MAX_PX = 26.0
#: the smallest die a close look finds (px of the frame); smaller peaks
#: there are specks of sensor noise (about 8 px on the Roboflow photos)
CLOSE_LOOK_MIN_PX = 12.0
#: the side of a close look's crop of the frame (px, a multiple of 8)
CLOSE_CROP_PX = 64
#: a close look keeps peaks at most this far (px, along x and along y) from its crop's centre
CLOSE_KEEP_PX = 24.0
#: at most this many close looks a frame (the strongest weak peaks first)
CLOSE_LOOKS = 16
#: a frame of at most this many pixels (half a 1280 x 720 camera frame:
#: the cabinet's tray crops, a 640 x 640 photo) is also read at its full
#: size, the *full-size level* (module docstring)
FULL_LEVEL_MAX_PX = 640 * 720
#: the largest die (px of the frame) the full-size level finds (larger dice
#: are the first level's).  The top of the detector's trained range is 50:
#: at 50 it let 8 of the cocked-dice test's 74 have a value (its bar is 7),
#: at 40 it lets 7, and the six sets' odd scenes read 3966 dice right
#: against 3971 (stop 72)
FULL_LEVEL_MAX_DIE_PX = 40.0
#: a full-size peak at most half as large as a find of the pyramid and
#: within this many of that find's sizes of its centre is a pip or an edge
#: of that die (stop 72: the side faces of a cocked die 55 px across gave
#: four 16-21 px peaks up to 42 px from its centre, one read as a 1)
FULL_LEVEL_PIP_REACH = 0.8


@dataclass(frozen=True)
class Candidate:
    """A detector peak: centre (x, y) and size (sqrt of box area) in px of
    the input frame, heat 0..1."""

    x: float
    y: float
    size: float
    heat: float


Net = Callable[[np.ndarray], np.ndarray]


def blob(images: list[np.ndarray] | np.ndarray) -> np.ndarray:
    """N x 3 x H x W float32 (x - 128) / 64 from N H x W x 3 uint8 BGR
    images (a list, or one N x H x W x 3 array); exact (small integers and
    a power of two), over the whole batch at once: the bytes put in
    channel order first, then made float (a third less time than one
    casting copy of the transposed view, or OpenCV's ``blobFromImages``)."""
    if isinstance(images, np.ndarray):
        a = images if images.ndim == 4 else images[None]
    else:  # one image (a detector level) needs no stacking copy
        a = images[0][None] if len(images) == 1 else np.stack(images)
    x = np.ascontiguousarray(a.transpose(0, 3, 1, 2)).astype(np.float32)
    x -= 128.0
    x *= 1.0 / 64
    return x


def detect(net: Net, frame: np.ndarray, min_heat: float = DET_MIN_HEAT, close_look: bool = True) -> list[Candidate]:
    """Die candidates of ``net`` in ``frame`` (H x W x 3 uint8 BGR),
    strongest first, one per die: peaks at heat >= ``min_heat`` on the
    pyramid's levels, merged (:func:`merge_peaks`), and (``close_look``:
    the looks at the frame's full size) those of the full-size level of a
    small frame (:func:`with_full_level`) and the dice the close looks
    find (module docstring)."""
    H, W = frame.shape[:2]
    found: list[Candidate] = []
    level = first_level(frame)
    low = min(min_heat, CLOSE_LOOK_HEAT) if close_look else min_heat
    first = detect_level(net, level, level.shape[1] / W, level.shape[0] / H, low)
    found += [c for c in first if c.heat >= min_heat]
    while min(level.shape[:2]) // 2 >= MIN_LEVEL_PX:
        level = cv2.resize(level, ((level.shape[1] + 1) // 2, (level.shape[0] + 1) // 2),
                           interpolation=cv2.INTER_AREA)
        found += detect_level(net, level, level.shape[1] / W, level.shape[0] / H, min_heat)
    kept = merge_peaks(found, W, H)
    if not close_look:
        return kept
    weak = sorted((c for c in first if c.size < CLOSE_LOOK_MAX_PX and 0 <= c.x < W and 0 <= c.y < H
                   and not _near_any(c, kept)), key=lambda c: -c.heat)[:CLOSE_LOOKS]
    if weak:
        added = list(kept)
        for c in look_closer(net, frame, weak, min_heat):
            if not _near_any(c, added):
                added.append(c)
        if len(added) > len(kept):      # (a stable sort: ties keep their order)
            kept = sorted(added, key=lambda c: -c.heat)
    if H * W <= FULL_LEVEL_MAX_PX:
        kept = with_full_level(net, frame, kept, min_heat)
    return kept


def with_full_level(net: Net, frame: np.ndarray, kept: list[Candidate], min_heat: float) -> list[Candidate]:
    """``kept`` (the pyramid's merged finds in ``frame``, H x W x 3 uint8)
    merged with the peaks (heat >= ``min_heat``) of ``net`` on the frame at
    its full size of ``CLOSE_LOOK_MIN_PX`` .. ``FULL_LEVEL_MAX_DIE_PX`` px,
    but those within half its size of a find of ``kept`` larger than
    ``FULL_LEVEL_MAX_DIE_PX``, and those at most half as large as a find
    of ``kept`` within ``FULL_LEVEL_PIP_REACH`` of its sizes (its pips,
    its edges); strongest first, one per die
    (:func:`merge_peaks`).  The full-size level of the module docstring."""
    H, W = frame.shape[:2]
    fine = [c for c in detect_level(net, frame, 1.0, 1.0, min_heat)
            if CLOSE_LOOK_MIN_PX <= c.size <= FULL_LEVEL_MAX_DIE_PX and not any(_part_of(c, k) for k in kept)]
    return merge_peaks(kept + fine, W, H) if fine else kept


def _part_of(c: Candidate, k: Candidate) -> bool:
    """Whether the full-size peak ``c`` is a pip or an edge of the find
    ``k`` (:func:`with_full_level`): within half ``k``'s size of a find
    larger than ``FULL_LEVEL_MAX_DIE_PX``, or at most half ``k``'s size and
    within ``FULL_LEVEL_PIP_REACH`` of its sizes."""
    d2 = (c.x - k.x) ** 2 + (c.y - k.y) ** 2
    return ((k.size > FULL_LEVEL_MAX_DIE_PX and d2 < (0.5 * k.size) ** 2)
            or (k.size >= 2 * c.size and d2 < (FULL_LEVEL_PIP_REACH * k.size) ** 2))


def _near_any(c: Candidate, others: list[Candidate]) -> bool:
    """Whether ``c`` lies within 0.6 of the larger size of either of one of
    ``others`` (the same die, or a pip or an edge of a larger one)."""
    return any((c.x - o.x) ** 2 + (c.y - o.y) ** 2 < (0.6 * max(o.size, c.size)) ** 2 for o in others)


def look_closer(net: Net, frame: np.ndarray, weak: list[Candidate], min_heat: float) -> list[Candidate]:
    """The dice (:func:`merge_peaks`d, strongest first) the detector finds
    at the frame's full size in a CLOSE_CROP_PX px crop around each of
    ``weak`` (the frame's edge repeated outside it): peaks at heat >=
    ``min_heat`` within CLOSE_KEEP_PX px of the crop's centre, of
    CLOSE_LOOK_MIN_PX .. CLOSE_LOOK_MAX_PX px.  The crops are read in one
    batch."""
    H, W = frame.shape[:2]
    c2 = CLOSE_CROP_PX // 2
    crops, origins = [], []
    for w in weak:
        x0, y0 = int(round(w.x)) - c2, int(round(w.y)) - c2
        xa, ya, xb, yb = max(0, x0), max(0, y0), min(W, x0 + CLOSE_CROP_PX), min(H, y0 + CLOSE_CROP_PX)
        crop = frame[ya:yb, xa:xb]
        if crop.shape[:2] != (CLOSE_CROP_PX, CLOSE_CROP_PX):
            crop = cv2.copyMakeBorder(crop, ya - y0, y0 + CLOSE_CROP_PX - yb, xa - x0, x0 + CLOSE_CROP_PX - xb,
                                      cv2.BORDER_REPLICATE)
        crops.append(crop)
        origins.append((x0, y0))
    out = net(blob(crops))
    found = []
    for o, (x0, y0) in zip(out, origins):
        for c in _peaks(o, 1.0, 1.0, min_heat):
            if (abs(c.x - c2) <= CLOSE_KEEP_PX and abs(c.y - c2) <= CLOSE_KEEP_PX
                    and CLOSE_LOOK_MIN_PX <= c.size < CLOSE_LOOK_MAX_PX):
                found.append(Candidate(x0 + c.x, y0 + c.y, c.size, c.heat))
    return merge_peaks(found, W, H)


def merge_peaks(found: list[Candidate], W: int, H: int) -> list[Candidate]:
    """The candidates of all levels, one per die, strongest first: those on
    the padding (outside W x H px) dropped, then those inside one at least
    twice their size (a pip of a large die), then, strongest first, those
    closer than 0.45 die sizes (the smaller) to one already kept.  Pairwise
    rules on arrays, in the same float64 arithmetic a loop over the pairs
    would use."""
    if not found:
        return []
    x = np.array([c.x for c in found])
    y = np.array([c.y for c in found])
    size = np.array([c.size for c in found])
    inside = (x >= 0) & (x < W) & (y >= 0) & (y < H)  # not on the padding
    x, y, size = x[inside], y[inside], size[inside]
    found = [c for c, ok in zip(found, inside.tolist()) if ok]
    d2 = (x[:, None] - x[None, :]) ** 2 + (y[:, None] - y[None, :]) ** 2  # [c, k]
    # a pip of a large die is a "small die" on the finer levels: a candidate
    # inside one at least twice its size is part of that die
    part = ((size[None, :] >= 2 * size[:, None]) & (d2 < (0.5 * size[None, :]) ** 2)).any(axis=1)
    order = [i for i in sorted(range(len(found)), key=lambda i: -found[i].heat) if not part[i]]
    # strongest first; a peak closer than 0.45 die sizes to a kept one is the same die
    near = d2 < (0.45 * np.minimum(size[:, None], size[None, :])) ** 2  # symmetric
    kept: list[int] = []
    taken = np.zeros(len(found), bool)  # near a kept one
    for i in order:
        if not taken[i]:
            kept.append(i)
            taken |= near[i]
    return [found[i] for i in kept]


def first_level(frame: np.ndarray) -> np.ndarray:
    """``frame`` scaled by FIRST_LEVEL, area-averaged (below one half:
    area-averaged to half size, OpenCV's fast path, then linear the rest of
    the way, as area averaging by other factors is ten times slower)."""
    H, W = frame.shape[:2]
    size = (max(1, round(W * FIRST_LEVEL)), max(1, round(H * FIRST_LEVEL)))
    if FIRST_LEVEL < 0.5 and W >= 2 and H >= 2:
        frame = cv2.resize(frame, (W // 2, H // 2), interpolation=cv2.INTER_AREA)
        return cv2.resize(frame, size, interpolation=cv2.INTER_LINEAR)
    return cv2.resize(frame, size, interpolation=cv2.INTER_AREA)


def detect_level(net: Net, img: np.ndarray, sx: float, sy: float, min_heat: float) -> list[Candidate]:
    """The peaks (heat >= ``min_heat``) of ``net`` on one level ``img``
    (the frame scaled by ``sx``, ``sy``), in px of the frame."""
    h, w = img.shape[:2]
    ph, pw = -h % (2 * DET_STRIDE), -w % (2 * DET_STRIDE)  # the trunk's stride-8 map must upsample onto stride 4
    if ph or pw:
        img = cv2.copyMakeBorder(img, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
    return _peaks(net(blob([img]))[0], sx, sy, min_heat)


def _peaks(out: np.ndarray, sx: float, sy: float, min_heat: float) -> list[Candidate]:
    """The local maxima at heat >= ``min_heat`` of one image's detector
    output (4 x h x w), in px of an image scaled by ``sx``, ``sy`` to it."""
    heat = 1.0 / (1.0 + np.exp(-out[0]))
    peak = (heat >= min_heat) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    kx, ky = DET_STRIDE / sx, DET_STRIDE / sy
    iy, ix = np.nonzero(peak)
    if not len(iy):
        return []
    k = math.sqrt(kx * ky)
    # per peak in float64, as Python floats (the float32 outputs convert exactly)
    return [Candidate((jx + ox) * kx, (jy + oy) * ky, math.exp(s) * k, h)
            for jx, jy, ox, oy, s, h in zip(ix.tolist(), iy.tolist(), out[1][iy, ix].tolist(), out[2][iy, ix].tolist(),
                                            np.clip(out[3][iy, ix], -3, 4).tolist(), heat[iy, ix].tolist())]
