"""The guided calibration's pieces: its constants, a frame's problem, a
seat's reading and a seat's state (:mod:`firmware.calibration.flow`)."""
from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

log = logging.getLogger("cabinet.calibrate")

#: the faces every seat shows the camera, in order
FACES = (1, 2, 3, 4, 5, 6)
#: free rolls read with the new calibration and confirmed by the seats
ROLLS = 2
#: captures in a row that see noise or a blank picture (or no picture)
#: before the flow is refused
MAX_CAMERA_FAULTS = 3
#: mean absolute difference (grey levels, 0..255) of neighbouring pixels
#: above which a frame is noise (a photo of a table: under 10; noise: ~85)
NOISE_DIFF = 30.0
#: presses in a row, of any seats, that find no die in their tray before
#: the flow is refused (the camera does not see the trays)
MAX_EMPTY = 5
#: the shipped fast net's "not a die" probability at or above which a find
#: is kept as *not a die* rather than labelled with the prompted face
SURELY_NOT_A_DIE = 0.9
#: a capture with a die the shipped reader reads (at least this sure) as
#: another face asks the seat to check (turn it, or press again to keep)
MISMATCH_P = 0.9
#: pull of the new last layers towards the nets' own (vision.calibration.layers.fit_head):
#: ~30 times the labelled folder's, as a guided calibration sees about a
#: hundred dice, each face on its own (chosen on three simulated cabinets
#: of pxl-colour-trays crops: 0.003 gave 2 more dice read wrong on one of
#: them, 0.1 none more on any; 0.3 fewer read right)
GUIDED_PULL = 0.1
#: a seat nobody has pressed yet is left out (nobody sits there) this long
#: after another seat finished the step (captured the face / confirmed the roll), us
AWAY_US = 45_000_000
#: a seat holding both arrows (or the knob's push) this long asks to
#: leave the calibration; its button then leaves, an arrow stays (PT14:
#: no way out without a keyboard), us
LEAVE_HOLD_US = 1_000_000
#: the leave question goes (the calibration goes on) after this long, us
LEAVE_ASK_US = 10_000_000
#: what a cancelled calibration says (the owner left it: no refusal)
CANCELLED = "calibration cancelled; the calibration in use is kept"
#: how the screens name the way out
LEAVE_HINT = "to leave: hold both arrows 1 s"
#: what a press too soon after the step changed says (ruling CAB-12)
LOOK_FIRST_WORDS = "new step: look first"
#: the values a seat steps a die through when correcting a reading, a
#: press each (0 = not a die; None = "?", left out of the check: PT29, a
#: die the seat cannot see is never guessed), then back to 1
STEPS = (1, 2, 3, 4, 5, 6, 0, None)


def next_value(v: int | None) -> int | None:
    """The value a press gives a die showing ``v`` (:data:`STEPS`)."""
    return STEPS[(STEPS.index(v) + 1) % len(STEPS)]


def value_word(v: int | None) -> str:
    """A die's value as the screens write it: "1".."6", "x" (not a die),
    "?" (not read / left out)."""
    return "?" if v is None else "x" if v == 0 else str(v)


def frame_problem(frame: np.ndarray) -> str | None:
    """What is wrong with a camera frame for calibration, or None: a blank
    picture (all but black, all but white, or flat: grey levels vary by
    under 1.5 - a covered lens, no light, a dead sensor) or noise
    (neighbouring pixels differ by more than :data:`NOISE_DIFF` on
    average).  ``frame``: H x W x 3 uint8 BGR."""
    grey = frame.mean(axis=2)
    if not 8 <= float(grey.mean()) <= 250 or float(grey.std()) < 1.5:
        return "the camera shows a blank picture"
    step = max(1, min(grey.shape) // 240)   # about 240 px across: fast, and noise stays noise
    g = grey[::step, ::step]
    if float(np.abs(np.diff(g, axis=1)).mean()) > NOISE_DIFF:
        return "the camera shows only noise"
    return None


@dataclass
class Reading:
    """A free roll of one seat: the frame, each die the reader reported in
    the seat's tray (centre x, y and size px), the values read with the new
    calibration (``read``: what the camera read, kept for the screens; None
    = not read), and the values the seat confirms (edited; 0 = not a die,
    None = "?": left out of the check, neither right nor wrong, PT29)."""
    seat: int
    frame: np.ndarray
    dice: list[tuple[float, float, float]]
    read: list[int | None]
    values: list[int | None]


@dataclass
class SeatCal:
    """One seat's part of the flow.

    Attributes:
        seat: 0-based seat.
        status: ``waiting`` (press to capture), ``captured``, ``problem``
            (see :attr:`problem`), ``checking`` (a roll's reading shown:
            confirm or correct), ``confirmed``.
        dice: dice captured for the current face / read in the current roll.
        problem: what went wrong, for the screens ("" if nothing).
        keep: the next press keeps a capture the reader read as another face.
        capture: the current face's capture as a :class:`Reading` (the
            camera's frame, its dice, ``read``: the value the shipped reader
            is sure of for each die, else None; ``values``: the face asked),
            for the screens (PT36: the card showed drawn dice, not what the
            camera saw); it stays in view at the next face until the seat
            presses; None before a press or when no die was seen.
        reading: the current roll's :class:`Reading` (roll steps).
        cursor: 0 = "ok", k = the k-th die of the reading.
        presses: button presses so far (a press that changes nothing shown
            still counts).
        pressed_us: the flow's time (us) at the last press, or None.
        shown_us: when the seat's screen last showed a new step (a face,
            a roll, a reading to check), us; a press before
            ``shown_us + LOOK_FIRST_US`` only looks (ruling CAB-12).
        held_us: since when the seat holds both arrows (or the push), us;
            None when it does not.
        thrown: the most dice it captured on a face (its dice): a roll
            read with fewer says how many were seen (PT66).
    """
    seat: int
    status: str = "waiting"
    dice: int = 0
    problem: str = ""
    keep: bool = False
    capture: Reading | None = None
    reading: Reading | None = None
    cursor: int = 0
    presses: int = 0
    pressed_us: int | None = None
    shown_us: int | None = None
    held_us: int | None = None
    thrown: int = 0
