"""The dice reader: find every die in a BGR frame and read its top face.

Method (:mod:`vision.netreader`): two small convolutional networks run by
onnxruntime (or OpenCV's ``cv2.dnn`` where it is not installed).

1. *Die detector*: a heat map of die centres (with each die's size) on a
   half-size copy of the frame and on smaller copies for large dice;
   each peak is one die, so dice that touch are two peaks.
2. *Face classifier*: a window around each centre, scaled to the die's
   size, gives the probability of 1..6 pips and of "not a die"; a die
   whose best value is below :data:`MIN_VALUE_P` is read again turned by
   :data:`REREAD_ANGLES` and the readings averaged.  A place
   that is not a die is dropped; a die whose best value is less likely than
   :data:`MIN_VALUE_P` is reported unreadable (``value None``, ruling CAB-5:
   never guessed) - a tilted, cocked or stacked die, a blurred one - if
   the detector is sure of it (heat >= :data:`UNREADABLE_MIN_HEAT`);
   a faint candidate with no clear face (a screw, a hole) is dropped.
3. *Colour*: the median colour of the face's middle half (the centre of
   the classifier's window), after white balance (:mod:`vision.colour`).

Both nets were trained (:mod:`vision.training`) on the labelled photos and
on drawn dice of every colour, with the changes between cameras and rooms
(scale, rotation, colour, light, blur, noise, JPEG) as augmentation; the
photo set's held-out figures are in ``vision/README.md``.
"""
from __future__ import annotations

import math

import numpy as np

from vision.colour import classify_colours
from vision.die import Die, VisionInputError
from vision.netreader import FACE_PX, NOT_A_DIE, WINDOW_PER_SIZE, face_window, find_dice, read_faces
from vision.settings import check_white_balance

#: probability (0..1) a value needs to be reported; below it the die is unreadable
MIN_VALUE_P = 0.6
#: detector heat (0..1) an unreadable die needs to be reported at all
UNREADABLE_MIN_HEAT = 0.6
#: turns (degrees) at which a die read below MIN_VALUE_P is read again (readings averaged)
REREAD_ANGLES = (180,)
#: probability of "not a die" above which a candidate is dropped
MAX_NOT_A_DIE_P = 0.5


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
    windows = [face_window(frame, c.x, c.y, c.size) for c in cands]
    probs = read_faces(windows)
    # a die the classifier cannot yet name is read again turned, and the
    # readings are averaged (a second look with the pips elsewhere in the window)
    unsure = [i for i, p in enumerate(probs) if p[:NOT_A_DIE].max() < MIN_VALUE_P and p[NOT_A_DIE] < MAX_NOT_A_DIE_P]
    if unsure and REREAD_ANGLES:
        n = len(REREAD_ANGLES)
        more = read_faces([face_window(frame, cands[i].x, cands[i].y, cands[i].size, angle=a)
                           for i in unsure for a in REREAD_ANGLES]).reshape(len(unsure), n, -1)
        for k, i in enumerate(unsure):
            probs[i] = (probs[i] + more[k].sum(axis=0)) / (n + 1)
    H, W = frame.shape[:2]
    kept = []
    for i, (c, p) in enumerate(zip(cands, probs)):
        if p[NOT_A_DIE] >= MAX_NOT_A_DIE_P:
            continue
        k = int(np.argmax(p[:NOT_A_DIE]))
        value, conf = (k + 1, float(p[k])) if p[k] >= MIN_VALUE_P else (None, 0.0)
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
