"""Each die of a person's simulated tray close up, for the simulator's
window (PT36: "the tray view is small: each die is about 20 px on a
1920-wide screen"; PT35: "dark dice with red pips need a closer look").

A close-up is the die cut out of the tray's own picture (``Tray.image``,
no camera noise), as it lies.  The close-ups stand in the order the
seat's OLED lists the reading it checks: the camera reads a tray top to
bottom, left to right, and the dice station puts the values in the places
the seat saw its dice before (:func:`~firmware.runtime.dice_readings.in_seen_places`:
a reroll's kept dice, a nudge's dice read before); so each value the OLED
lists is matched to a die the camera read as that value, and that die to
the die lying nearest where it was read (:func:`reading_order`).  With no
reading to check (the dice just came to rest) they stand left to right
(:func:`left_to_right`).  Nothing here draws from the table's RNG."""
from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

#: a close-up's side over the die's own size (a little table around it)
CLOSEUP_ROOM = 1.1
#: how far (in the die's own sizes) a die read may lie from a die in the tray and still be it
SAME_DIE = 0.5
#: a close-up's light: its shadows lifted (gamma) and its colours a little stronger, as a lamp over the tray
#: shows them (PT35: "dark dice with red pips need a closer look")
LIFT_GAMMA = 0.7
LIFT_COLOUR = 1.5
_LIFT = (255.0 * (np.arange(256) / 255.0) ** LIFT_GAMMA).astype(np.float32)


def die_size(die: Any) -> float:
    """How wide die ``die`` lies in its tray's picture, px: a photo crop
    (:class:`vision.synth.LyingCrop`) without the tenth of its box the
    crop library leaves around it on each side; a drawn die
    (:class:`vision.synth.DieSpec`) its turned face's box and side face."""
    crop = getattr(die, "crop", None)
    if crop is not None:
        return max(crop.shape[:2]) / 1.2
    turn = math.radians(float(die.angle) % 90.0)
    return float(die.side) * (abs(math.cos(turn)) + abs(math.sin(turn)) + float(die.side_face))


def die_cut(image: np.ndarray, die: Any) -> np.ndarray:
    """The square of ``image`` (H x W x 3, the tray's picture) around
    ``die`` (its ``center``, tray px): :func:`die_size` x :data:`CLOSEUP_ROOM`
    px a side, moved inwards where the die lies at the picture's edge
    (the whole picture's side at most)."""
    h, w = image.shape[:2]
    side = max(1, min(h, w, int(round(die_size(die) * CLOSEUP_ROOM))))
    cx, cy = die.center
    left = int(min(max(0, round(cx - side / 2)), w - side))
    top = int(min(max(0, round(cy - side / 2)), h - side))
    return image[top:top + side, left:left + side]


def reading_order(values: Sequence[int | None], read: Sequence[tuple[int | None, tuple[float, float]]],
                  lying: Sequence[Any]) -> list[int] | None:
    """The dice ``lying`` in a tray (each with a ``center``, tray px) in
    the order a reading lists them: ``values`` the reading as the seat's
    OLED lists it (None: a die unread, its "?", CAB-5), ``read`` the
    camera's dice of that reading ``(value read or None, centre in tray
    px)`` in the camera's order.  Each value takes the first die read as
    it not yet taken, and that die the die lying nearest it (within
    :data:`SAME_DIE` of its size): a misread die stands under the value it
    was misread as, its own face in view.  A "?" takes the die lying where
    the unread die was read, else the one die left lying (it was nudged or
    rerolled elsewhere since; PT53: the "?" stood over another die).
    A reading of fewer dice than lie there (a die not seen: a hand entry's
    start, PT66) puts the die left lying under its "?".
    Returns indices into ``lying``; None when the reading is not of these
    dice (another count, a value not read, a die read where none lies,
    more than one "?" whose die moved or was not seen)."""
    if not values or len(values) != len(lying) or len(read) > len(values):
        return None
    free_read = list(range(len(read)))
    free_lying = list(range(len(lying)))
    order: list[int | None] = [None] * len(values)
    # the values read first: their dice lie as they were read; then each "?" where its die was read, if it lies there
    for unread in (False, True):
        for k, v in enumerate(values):
            if (v is None) != unread:
                continue
            i = next((i for i in free_read if read[i][0] == v), None)
            if i is None and v is None and len(read) < len(values):
                continue                      # a die not seen: the die left lying, below
            if i is None:
                return None
            free_read.remove(i)
            j = _lying_at(read[i][1], lying, free_lying)
            if j is None and v is not None:
                return None
            if j is not None:
                free_lying.remove(j)
                order[k] = j
    left = [k for k, j in enumerate(order) if j is None]
    if len(left) > 1 or any(read[i][0] is not None for i in free_read):
        return None
    if left:
        order[left[0]] = free_lying[0]
    return [int(j) for j in order]


def _lying_at(point: tuple[float, float], lying: Sequence[Any], free: list[int]) -> int | None:
    """The index (of ``free``) of the die of ``lying`` nearest ``point``
    (tray px), if within :data:`SAME_DIE` of its size; else None."""
    if not free:
        return None
    rx, ry = point
    j = min(free, key=lambda j: (lying[j].center[0] - rx) ** 2 + (lying[j].center[1] - ry) ** 2)
    d = lying[j]
    return j if math.hypot(d.center[0] - rx, d.center[1] - ry) <= SAME_DIE * die_size(d) else None


def left_to_right(lying: Sequence[Any]) -> list[int]:
    """Indices of the dice ``lying`` (each with a ``center``) from the
    leftmost to the rightmost (the order when no reading is listed)."""
    return sorted(range(len(lying)), key=lambda i: (lying[i].center[0], lying[i].center[1]))


def lifted(cut: np.ndarray) -> np.ndarray:
    """``cut`` (H x W x 3 uint8) in a better light: shadows lifted
    (:data:`LIFT_GAMMA`), colours :data:`LIFT_COLOUR` x as strong (red
    pips stand out of a dark die's body); a new array."""
    lit = _LIFT[cut]
    grey = lit.mean(axis=2, keepdims=True)
    return np.clip(grey + LIFT_COLOUR * (lit - grey), 0, 255).astype(np.uint8)


def tray_closeups(image: np.ndarray, lying: Sequence[Any], order: list[int] | None) -> list[np.ndarray]:
    """Each die of ``lying`` cut from ``image`` (:func:`die_cut`) in a
    better light (:func:`lifted`), in ``order`` (indices,
    :func:`reading_order`), else left to right."""
    return [lifted(die_cut(image, lying[i])) for i in (order if order is not None else left_to_right(lying))]
