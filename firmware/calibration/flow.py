"""``cabinet dice calibrate``: the guided calibration to a cabinet's own
dice, camera and light, at the cabinet (issue 21).

The flow, step by step (every seat at once; the HDMI screen and each
seat's OLED say what to do, :mod:`firmware.calibration.screens`):

1. *Faces 1..6*: "put all your dice in your tray with k pips up, press your
   button".  A press takes a camera frame; every die the detector finds in
   the seat's tray zone is labelled k (the label comes from the prompt).
   A seat's status: waiting / captured N dice / problem (no dice seen, the
   camera shows noise, most dice read as another face: turn them, or press
   again to keep).  When every seat has captured, the next face comes.
2. *Adapt*: the face nets' last layers are refitted on those dice
   (:func:`vision.calibrate.fit_heads`, the machinery of ``--from-labelled``;
   finds the shipped net is sure are not dice are kept as *not a die*).
   Its CPU time is measured (:attr:`GuidedCalibration.fit_cpu_s`).
3. *Free rolls* (:data:`ROLLS`): "roll all your dice, press your button";
   the tray is read with the new calibration and the seat's OLED shows the
   values.  The seat confirms with its button, or corrects: the nav buttons
   (or knob) move the cursor from "ok" to a die, the big button steps that
   die 1, 2 ... 6, x (not a die), then back on "ok" a press confirms.
4. *Decide*: the confirmed rolls are read without a calibration, with the
   new layers, with the nets' own layers at a value threshold chosen for
   these dice on the captured faces (:func:`vision.calibrate.choose_threshold`)
   and, where the captured faces read better through another window (a
   camera at a slant, :func:`vision.calibrate.fit_window`), through that
   window at a threshold chosen for it.  A candidate that gives more dice
   a wrong value, or as many a wrong value and fewer the right one - a
   raised threshold too (:func:`vision.calibrate.reads_worse`), is out; of
   the others the one worth most on the rolls and the captured faces
   together (:func:`vision.calibrate.weigh`) is kept if it is worth more
   than the reader as it is (else the reader as it is is kept); if none is
   left the calibration is **refused** (the calibration in use is kept).  So is a camera
   that shows noise or a blank picture :data:`MAX_CAMERA_FAULTS` times in
   a row, or no die in any tray :data:`MAX_EMPTY` presses in a row.
   Otherwise it is stored in the state folder (``dice_calibration.npz``,
   undone by ``cabinet dice calibrate --reset`` or the menu's "Undo dice
   calibration").

A seat with nobody at it does not block the flow: once another seat has
finished a step, a seat that has never pressed its button is left out
after :data:`AWAY_US` (its card counts down; a press takes part), and so is
a seat stuck on a problem (no dice seen, ...) :data:`AWAY_US` after its
last press (its card says the problem and counts down; each press starts
the count again).  The
result screen stays until any seat's button is pressed.

:class:`GuidedCalibration` is the flow itself (no I/O but the ``grab``
function it is given); :func:`run_guided` runs it on the cabinet, real or
simulated (:class:`CalibrationTable` + :class:`SimSeat` bots pressing the
seats' simulated buttons).
"""
from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from vision import calibrate, netreader
from vision.netreader import NOT_A_DIE, face_window, find_dice, read_faces

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
#: a capture whose dice the shipped reader reads (at least this sure) as
#: one other face, for more than half of them, asks the seat to check
MISMATCH_P = 0.9
#: pull of the new last layers towards the nets' own (vision.calibrate.fit_head):
#: ~30 times the labelled folder's, as a guided calibration sees about a
#: hundred dice, each face on its own (chosen on three simulated cabinets
#: of pxl-colour-trays crops: 0.003 gave 2 more dice read wrong on one of
#: them, 0.1 none more on any; 0.3 fewer read right)
GUIDED_PULL = 0.1
#: a seat nobody has pressed yet is left out (nobody sits there) this long
#: after another seat finished the step (captured the face / confirmed the roll), us
AWAY_US = 45_000_000
#: the values a seat steps a die through when correcting a reading (0 = not a die)
STEPS = (1, 2, 3, 4, 5, 6, 0)


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
    calibration, and the values the seat confirms (edited; 0 = not a die,
    None = not set)."""
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
        reading: the current roll's :class:`Reading` (roll steps).
        cursor: 0 = "ok", k = the k-th die of the reading.
        presses: button presses so far (a press that changes nothing shown
            still counts).
        pressed_us: the flow's time (us) at the last press, or None.
    """
    seat: int
    status: str = "waiting"
    dice: int = 0
    problem: str = ""
    keep: bool = False
    reading: Reading | None = None
    cursor: int = 0
    presses: int = 0
    pressed_us: int | None = None


class GuidedCalibration:
    """The guided calibration (module docstring) for ``seats``.

    Args:
        seats: the 0-based seats taking part.
        grab: ``grab() -> H x W x 3 uint8 BGR`` frame of the whole table
            (raises anything on a camera fault: the seat is told).
        zones: :class:`vision.trays.TrayZones` of the frame (``seat_of``).
        rolls: free rolls to confirm the calibration.
        faces: the faces to capture, in order.
        clock: CPU clock for the adapt time (``time.process_time``).

    The flow reads as shipped while it captures (:func:`vision.calibrate.apply`
    ``None``), and restores the heads it found when it ends.
    """

    def __init__(self, seats: list[int], grab: Callable[[], np.ndarray], zones: Any, rolls: int = ROLLS,
                 faces: tuple[int, ...] = FACES, clock: Callable[[], float] = time.process_time):
        if not seats:
            raise ValueError("calibration needs at least one seat")
        self.seats = {s: SeatCal(s) for s in seats}
        self.grab, self.zones, self.rolls, self.faces, self.clock = grab, zones, rolls, faces, clock
        self.step = 0                   # index into faces, then len(faces) = adapt, then rolls
        self.roll = 0                   # 1-based roll while rolling
        self.confirmed: list[Reading] = []
        self.heads: dict | None = None
        self.fit_cpu_s = 0.0
        self.decide_cpu_s = 0.0
        self.camera_faults = 0          # bad pictures in all
        self._faults_in_row = 0
        self._empty_in_row = 0
        self.before: dict[str, int] = {}
        self.after: dict[str, int] = {}
        #: None while running; ("stored" | "refused", message) at the end
        self.outcome: tuple[str, str] | None = None
        self.version = 0                # changes whenever anything shown changes
        #: the cabinet had a calibration when the flow began (a refusal keeps it;
        #: else the reader reads as shipped): set by the runner, for the screens
        self.had_calibration = False
        #: what a press does on the result screen (set by the runner)
        self.next_hint = "press any button to close"
        #: undo hint on the stored screen (set by the runner)
        self.undo_hint = "undo: cabinet dice calibrate --reset"
        #: a button was pressed on the result screen
        self.dismissed = False
        #: 0-based seats left out (nobody pressed, or stuck on a problem: :data:`AWAY_US`)
        self.left_out: list[int] = []
        #: why each left-out seat was left out, in words ("nobody pressed", "no dice seen")
        self.left_out_why: dict[int, str] = {}
        self.now_us: int | None = None
        self._first_done_us: dict[tuple, int] = {}
        self._captured: dict[tuple[int, int], tuple[np.ndarray, list, list]] = {}
        self._old_heads = dict(netreader._HEADS)
        netreader.use_heads(None)
        # the window the reader cut faces with (a calibration's, restored at
        # the end) and the one fitted on the captured faces (the "window" candidate)
        self._old_window = netreader.window_in_use()
        netreader.use_window(None)
        self.window: netreader.WindowGeometry | None = None
        self.window_p: float | None = None
        #: readings of the captured faces ((confidence, right) of each die
        #: given a value at the lowest threshold): "plain" (the nets as
        #: shipped), "window" (through the window fitted); weighed with the
        #: rolls at decide()
        self._fit_reads: dict[str, list[tuple[float, bool]]] = {}
        #: per candidate readings: why its raised threshold keeps a margin (calibrate.margin_words)
        self._margins: dict[str, str] = {}
        # the value threshold: the one found (a calibration's, restored at the
        # end) and the one chosen for these dice at adapt (the "threshold" candidate)
        from vision import reader
        self._old_cal_p = reader.min_value_p_from("calibration")
        reader.use_min_value_p(None, "calibration")
        self.min_value_p: float | None = None
        #: what decide() kept, in a player's words, for the result screen ("" before)
        self.kept = ""
        #: why a raised threshold was kept (the captured faces' misreads it avoids), or ""
        self.why = ""
        #: the candidate kept by decide(): "layers", "threshold", "window" or "as shipped"
        self.kind = ""

    # ------------------------------------------------------------ state
    @property
    def phase(self) -> str:
        """``face``, ``adapt`` (the runner calls :meth:`adapt`), ``roll``
        or ``done``."""
        if self.outcome is not None:
            return "done"
        if self.step < len(self.faces):
            return "face"
        return "adapt" if self.heads is None else "roll"

    @property
    def face(self) -> int | None:
        """The face being captured (``face`` phase), else None."""
        return self.faces[self.step] if self.step < len(self.faces) else None

    @property
    def steps_total(self) -> int:
        """Steps shown on the screens: one per face, learning, one per free roll."""
        return len(self.faces) + 1 + self.rolls

    @property
    def step_number(self) -> int:
        """1-based step shown on the screens (faces, learning, then rolls)."""
        if self.phase == "face":
            return self.step + 1
        if self.phase == "adapt":
            return len(self.faces) + 1
        return min(self.steps_total, len(self.faces) + 1 + max(1, self.roll))

    def _changed(self) -> None:
        self.version += 1

    # ------------------------------------------------------------ input
    def press(self, seat: int) -> None:
        """Seat ``seat``'s big button was pressed (ignored for a seat not
        taking part, or once the flow is done)."""
        if self.outcome is not None:
            self.dismissed = True
            return
        s = self.seats.get(seat)
        if s is None:
            return
        s.presses += 1
        s.pressed_us = self.now_us
        if self.phase == "face":
            self._capture_face(s)
        elif self.phase == "roll":
            if s.status == "checking":
                self._check_press(s)
            elif s.status != "confirmed":
                self._capture_roll(s)
        self._changed()

    def nav(self, seat: int, step: int) -> None:
        """A navigation step (+1 / -1) of ``seat``: moves its cursor over
        "ok" and the dice of its reading."""
        s = self.seats.get(seat)
        if s is None or s.status != "checking" or s.reading is None:
            return
        s.cursor = (s.cursor + step) % (len(s.reading.values) + 1)
        self._changed()

    # ------------------------------------------------------------ capture
    def _frame(self, s: SeatCal) -> np.ndarray | None:
        """A frame for seat ``s``, or None after telling it what is wrong
        (and refusing the flow after MAX_CAMERA_FAULTS bad pictures)."""
        try:
            frame = self.grab()
            why = frame_problem(frame)
        except Exception as exc:  # noqa: BLE001 - any camera fault is "camera not ready"
            frame, why = None, f"camera not ready ({type(exc).__name__})"
        if why is None:
            self._faults_in_row = 0
            return frame
        self.camera_faults += 1
        self._faults_in_row += 1
        s.status, s.problem, s.dice = "problem", why, 0
        if self._faults_in_row >= MAX_CAMERA_FAULTS:
            self.refuse(f"{why} ({self._faults_in_row} times in a row): check the lens, the light and the cable")
        return None

    def _finds(self, frame: np.ndarray, seat: int) -> list:
        """Detector finds whose centre lies in ``seat``'s tray zone."""
        return [c for c in find_dice(frame) if self.zones.seat_of(c.x, c.y) == seat]

    def _no_dice(self) -> None:
        """A press found no die: after MAX_EMPTY in a row (no seat's capture
        between them found any) the camera does not see the trays: refused."""
        self._empty_in_row += 1
        if self._empty_in_row >= MAX_EMPTY:
            self.refuse(f"the camera sees no dice in any tray ({self._empty_in_row} presses in a row): is it "
                        "pointing at the trays, and are the tray zones right?")

    def _capture_face(self, s: SeatCal) -> None:
        k = self.face
        frame = self._frame(s)
        if frame is None:
            return
        finds = self._finds(frame, s.seat)
        probs = read_faces([face_window(frame, c.x, c.y, c.size) for c in finds]) if finds else np.zeros((0, 7))
        dice = [c for c, p in zip(finds, probs) if p[NOT_A_DIE] < SURELY_NOT_A_DIE]
        others = [c for c, p in zip(finds, probs) if p[NOT_A_DIE] >= SURELY_NOT_A_DIE]
        if not dice:
            s.status, s.problem, s.dice, s.keep = "problem", "no dice seen in your tray", 0, False
            self._no_dice()
            return
        self._empty_in_row = 0
        sure = [int(np.argmax(p[:NOT_A_DIE])) + 1 for p in probs
                if p[NOT_A_DIE] < SURELY_NOT_A_DIE and p[:NOT_A_DIE].max() >= MISMATCH_P]
        other = max(set(sure), key=sure.count) if sure else k
        if other != k and sure.count(other) * 2 > len(dice) and not s.keep:
            s.status, s.problem, s.dice, s.keep = "problem", f"read as {other}, not {k}", len(dice), True
            return
        self._captured[(s.seat, k)] = (frame, dice, others)
        s.status, s.problem, s.dice, s.keep = "captured", "", len(dice), False
        self._advance()

    def _advance(self) -> None:
        """The next face / roll (or the decision) once every seat taking
        part has captured / confirmed."""
        if self.phase == "face" and all(x.status == "captured" for x in self.seats.values()):
            self.step += 1
            for x in self.seats.values():
                x.status, x.dice = "waiting", 0
        elif self.phase == "roll" and all(x.status == "confirmed" for x in self.seats.values()):
            if self.roll >= self.rolls:
                self.decide()
            else:
                self.roll += 1
                for x in self.seats.values():
                    x.status, x.dice, x.reading, x.cursor = "waiting", 0, None, 0

    # ------------------------------------------------------------ nobody there
    def _step_key(self) -> tuple:
        return (self.phase, self.step, self.roll)

    def _away_since(self, s: SeatCal) -> int | None:
        """When seat ``s``'s countdown to being left out began (us), or None
        when it is not counted down: once another seat finished this step,
        a seat nobody ever pressed (from then) and a seat stuck on a problem
        (from then or its last press, whichever is later)."""
        first = self._first_done_us.get(self._step_key())
        if first is None or self.outcome:
            return None
        if s.status == "waiting" and not s.presses:
            return first
        if s.status == "problem":
            return max(first, s.pressed_us if s.pressed_us is not None else first)
        return None

    def away_in_s(self, s: SeatCal) -> int | None:
        """Whole seconds until seat ``s`` is left out (nobody pressed it, or
        it is stuck on a problem, while another seat finished this step),
        or None when it is not going to be."""
        since = self._away_since(s)
        if since is None or self.now_us is None:
            return None
        return max(0, -(-(since + AWAY_US - self.now_us) // 1_000_000))

    def tick(self, t_us: int) -> None:
        """The time is ``t_us`` (us): counts down and leaves out the seats
        nobody pressed, or stuck on a problem (:data:`AWAY_US` after another
        seat finished the step, or after their last press); then the flow
        goes on without them."""
        if self.phase not in ("face", "roll"):
            return
        shown = {k: self.away_in_s(s) for k, s in self.seats.items()}
        self.now_us = t_us
        key = self._step_key()
        if key not in self._first_done_us and any(x.status in ("captured", "confirmed")
                                                  for x in self.seats.values()):
            self._first_done_us[key] = t_us
        away = [k for k, x in self.seats.items()
                if (since := self._away_since(x)) is not None and t_us - since >= AWAY_US]
        if away and len(away) < len(self.seats):
            for k in away:
                x = self.seats.pop(k)
                self.left_out.append(k)
                self.left_out_why[k] = "nobody pressed" if x.status == "waiting" else \
                    x.problem.split(":")[0].split(" (")[0].replace(" in your tray", "")
            log.info("seats %s left out: nobody pressed or stuck", [k + 1 for k in away])
            self._advance()
            self._changed()
            return
        if shown != {k: self.away_in_s(s) for k, s in self.seats.items()}:
            self._changed()

    # ------------------------------------------------------------ adapt
    def adapt(self) -> None:
        """Fit the new last layers on the captured dice (``adapt`` phase),
        timing it on :attr:`clock`; then the free rolls start.  A fit that
        cannot be made refuses the flow."""
        if self.phase != "adapt":
            raise RuntimeError(f"adapt() in the {self.phase} phase")
        t0 = self.clock()
        windows, classes = [], []
        n = sum(len(d) + len(o) for _, d, o in self._captured.values())
        turns = calibrate.TURNS if n * 8 <= calibrate.MAX_WINDOWS else calibrate.TURNS[::2]
        for (seat, k), (frame, dice, others) in sorted(self._captured.items(), key=lambda kv: kv[0]):
            for c in dice:
                windows += calibrate.die_windows(frame, c, turns)
                classes.append(k - 1)
            for c in others:
                windows += calibrate.die_windows(frame, c, turns)
                classes.append(NOT_A_DIE)
        self.fit_dice = sum(c != NOT_A_DIE for c in classes)
        self.fit_windows = len(windows)
        try:
            self.heads = calibrate.fit_heads(windows, classes, 2 * len(turns), pull=GUIDED_PULL)
            netreader.use_heads(None)
            self.min_value_p = self._choose_threshold()
            # where this camera shows the dice's top faces (calibrate.fit_window)
            patches = [calibrate.patch_of(frame, c, k - 1) for (seat, k), (frame, dice, _) in
                       sorted(self._captured.items(), key=lambda kv: kv[0]) for c in dice]
            window = calibrate.fit_window(calibrate.thin_evenly(patches, calibrate.WINDOW_DICE))[0]
            if window != netreader.SHIPPED_WINDOW:
                self.window = window
                netreader.use_window(window)
                self.window_p = self._choose_threshold("window")
        except calibrate.CalibrationError as exc:
            self.refuse(str(exc))
            return
        finally:
            netreader.use_heads(None)
            netreader.use_window(None)
            self.fit_cpu_s = self.clock() - t0
        self.roll = 1
        for s in self.seats.values():
            s.status, s.dice = "waiting", 0
        self._changed()

    def _choose_threshold(self, name: str = "plain") -> float:
        """The value threshold for these dice (:func:`vision.calibrate.choose_threshold`)
        from the captured faces read as the reader is set now (the nets as
        shipped; or with the window fitted, ``name`` "window"), kept as
        that candidate's readings (:meth:`_fit_readings`)."""
        from vision import reader
        readings, labelled = self._fit_readings()
        self._fit_reads[name] = readings
        self._margins[name] = calibrate.margin_words(readings, labelled, reader.MIN_VALUE_P)
        return calibrate.choose_threshold(readings, labelled, reader.MIN_VALUE_P)

    def _fit_readings(self) -> tuple[list[tuple[float, bool]], int]:
        """The captured faces read as the reader is set now, at the lowest
        threshold: ([(confidence, right) of each die given a value], dice
        captured); a value is right if it is the face the seat was asked
        for; a value on a find the shipped net is sure is not a die is wrong."""
        from vision import reader
        readings, labelled = [], 0
        with reader.reading_at(min(calibrate.THRESHOLDS[0], reader.MIN_VALUE_P)):
            for (seat, k), (frame, dice, others) in sorted(self._captured.items(), key=lambda kv: kv[0]):
                labelled += len(dice)
                found = [(c, k) for c in dice] + [(c, 0) for c in others]
                for d in reader.read_dice(frame):
                    if d.value is None or self.zones.seat_of(*d.center) != seat:
                        continue
                    near = [(abs(d.center[0] - c.x) + abs(d.center[1] - c.y), face) for c, face in found
                            if abs(d.center[0] - c.x) + abs(d.center[1] - c.y) <= max(8.0, c.size / 2)]
                    if near:
                        readings.append((d.confidence, d.value == min(near)[1]))
        return readings, labelled

    # ------------------------------------------------------------ rolls
    def _read_new(self, frame: np.ndarray, seat: int) -> list:
        """The dice in ``seat``'s tray read with the new layers."""
        from vision.reader import read_dice
        netreader.use_heads(self.heads)
        try:
            dice = read_dice(frame)
        finally:
            netreader.use_heads(None)
        return [d for d in dice if self.zones.seat_of(*d.center) == seat]

    def _capture_roll(self, s: SeatCal) -> None:
        frame = self._frame(s)
        if frame is None:
            return
        dice = self._read_new(frame, s.seat)
        if not dice:
            s.status, s.problem, s.dice = "problem", "no dice seen in your tray", 0
            self._no_dice()
            return
        self._empty_in_row = 0
        boxes = [(d.center[0], d.center[1], float(max(d.box[2] - d.box[0], d.box[3] - d.box[1]))) for d in dice]
        values = [d.value for d in dice]
        s.reading = Reading(s.seat, frame, boxes, list(values), list(values))
        s.status, s.problem, s.dice, s.cursor = "checking", "", len(dice), 0

    def _check_press(self, s: SeatCal) -> None:
        r = s.reading
        if s.cursor == 0:
            if any(v is None for v in r.values):
                s.problem = "set the ? dice first"
                return
            self.confirmed.append(r)
            s.status, s.problem = "confirmed", ""
            self._advance()
            return
        i = s.cursor - 1
        v = r.values[i]
        r.values[i] = STEPS[0] if v is None else STEPS[(STEPS.index(v) + 1) % len(STEPS)]
        s.problem = ""

    # ------------------------------------------------------------ decide
    def score(self, heads: dict | None, min_value_p: float | None = None,
              window: netreader.WindowGeometry | None = None) -> dict[str, int]:
        """Read the confirmed rolls with ``heads`` (None: as shipped), value
        threshold ``min_value_p`` (None: the one set) and face ``window``
        (None: the shipped one):
        ``{"dice", "right", "wrong", "unread"}`` over the dice the seats
        confirmed; a value on a find the seat marked "not a die", or on a
        die no seat saw, is wrong."""
        from vision import reader
        from vision.reader import read_dice
        out = {"dice": 0, "right": 0, "wrong": 0, "unread": 0}
        netreader.use_heads(heads)
        netreader.use_window(window)
        try:
            with reader.reading_at(min_value_p):
                for r in self.confirmed:
                    dice = read_dice(r.frame)
                    mine = [d for d in dice if self.zones.seat_of(*d.center) == r.seat]
                    used = set()
                    for (x, y, size), truth in zip(r.dice, r.values):
                        out["dice"] += truth != 0
                        near = [(abs(d.center[0] - x) + abs(d.center[1] - y), j) for j, d in enumerate(mine)
                                if j not in used and abs(d.center[0] - x) + abs(d.center[1] - y) <= max(8.0, size / 2)]
                        if not near:
                            out["unread"] += truth != 0
                            continue
                        j = min(near)[1]
                        used.add(j)
                        v = mine[j].value
                        if v is None:
                            out["unread"] += truth != 0
                        elif v == truth:
                            out["right"] += 1
                        else:
                            out["wrong"] += 1
                    out["wrong"] += sum(1 for j, d in enumerate(mine) if j not in used and d.value is not None)
        finally:
            netreader.use_heads(None)
            netreader.use_window(None)
        return out

    def decide(self) -> None:
        """Read the confirmed rolls without a calibration and with each
        candidate - the new layers; the nets' own layers with the threshold
        chosen for these dice (:meth:`_choose_threshold`); and, where the
        captured faces read better through another window
        (:func:`vision.calibrate.fit_window`), that window with a threshold
        chosen for it.  A candidate that reads the rolls worse
        (:func:`vision.calibrate.reads_worse`) is out; of the others the
        one worth most on the rolls and the captured faces together
        (:func:`vision.calibrate.weigh`) is kept for :meth:`calibration`
        if it is worth more than the reader as it is; refused when no
        candidate is left (or the rolls hold no die)."""
        from vision import reader
        t0 = self.clock()
        self.kept = self.why = ""
        base = reader.min_value_p_without_calibration()
        self.before = self.score(None)
        candidates = {"layers": self.score(self.heads)}
        if self.min_value_p is not None:
            candidates["threshold"] = self.score(None, self.min_value_p)
        # the nets as shipped at the window's threshold: what the window is held
        # against (a threshold raise is not held against it)
        at_window_p = None
        if self.window is not None:
            candidates["window"] = self.score(None, self.window_p, self.window)
            at_window_p = (self.before if self.window_p in (None, base) else
                           candidates["threshold"] if self.window_p == self.min_value_p else
                           self.score(None, self.window_p))
        self.decide_cpu_s = self.clock() - t0
        b = self.before
        thresholds = {"layers": base, "threshold": self.min_value_p, "window": self.window_p}
        # the new layers were fitted on the captured faces, so their own readings
        # of them would flatter them: they are weighed with the shipped reader's
        fit_reads = {"layers": "plain", "threshold": "plain", "window": "window"}

        def worth(a: dict[str, int], reads: str, t: float | None) -> int:
            right, wrong = self._fit_counts(reads, t or base)
            return calibrate.weigh(a["right"] + right, a["wrong"] + wrong)
        ok = {k: a for k, a in candidates.items()
              if not calibrate.reads_worse(b["right"], b["wrong"], a["right"], a["wrong"],
                                           at_threshold=(at_window_p["right"], at_window_p["wrong"])
                                           if k == "window" and at_window_p is not None else None)}
        if not b["dice"]:
            self.after = candidates["layers"]
            self.refuse("no dice were confirmed in the free rolls")
        elif not ok:
            self.after = candidates["layers"]
            named = {"layers": "new layers", "threshold": "a higher threshold", "window": "a window for this camera"}
            worse = ", ".join(f"{named.get(k, k)}: right {a['right']} wrong {a['wrong']}"
                              for k, a in candidates.items())
            self.refuse(f"it reads the confirmation rolls worse: right {b['right']} wrong {b['wrong']} "
                        f"of {b['dice']} dice without it; {worse}")
        else:
            self.kind = max(ok, key=lambda k: (worth(ok[k], fit_reads[k], thresholds[k]), -list(candidates).index(k)))
            a = self.after = ok[self.kind]
            if (worth(a, fit_reads[self.kind], thresholds[self.kind]) <= worth(b, "plain", base)
                    or (self.kind == "threshold" and self.min_value_p == base)):
                # no better than the reader as it is: keep that (no layers, window or threshold of its own)
                self.kind, a = "as shipped", b
                self.after = b
                what = "the reader as it is (neither new layers, another window nor another threshold read better)"
            elif self.kind == "layers":
                what = "new last layers"
            elif self.kind == "window":
                what = (f"a window for this camera ({calibrate.window_text(self.window)}), "
                        f"value threshold {self.window_p:g}")
            else:
                what = f"value threshold {self.min_value_p:g}"
            t = thresholds.get(self.kind) or base
            fit_b = self._fit_counts("plain", base)
            fit_a = self._fit_counts(fit_reads.get(self.kind, "plain"), t)
            if t > base and fit_b[1] > fit_a[1]:
                margin = self._margins.get(fit_reads.get(self.kind, "plain"), "")
                self.why = (f"the captured faces: {fit_b[1]} read wrongly at {base:g}, {fit_a[1]} at {t:g}"
                            + (f" ({margin})" if margin else "") + "; fewer dice are read, more are left to nudge")
                what += f" ({self.why})"
            self.kept = calibrate.kept_words(self.kind, base, t)
            self.outcome = ("stored", f"{what}; confirmation rolls: right {b['right']} -> {a['right']}, "
                                      f"wrong {b['wrong']} -> {a['wrong']} of {a['dice']} dice")
            self._restore()
        self._changed()

    def _fit_counts(self, reads: str, t: float) -> tuple[int, int]:
        """(right, wrong) of the captured faces' readings ``reads`` ("plain",
        "window") at threshold ``t``; (0, 0) before adapt()."""
        return calibrate.counts_at(self._fit_reads.get(reads, []), t)

    def _restore(self) -> None:
        """The heads, window and calibration threshold the flow found."""
        from vision import reader
        netreader.use_heads(self._old_heads or None)
        netreader.use_window(self._old_window)
        reader.use_min_value_p(self._old_cal_p, "calibration")

    def refuse(self, why: str) -> None:
        """End the flow refused (the calibration in use is kept)."""
        self.outcome = ("refused", why)
        self._restore()
        self._changed()

    def calibration(self) -> calibrate.Calibration:
        """The accepted calibration with its figures (after a ``stored``
        outcome).  Raises RuntimeError otherwise."""
        if self.outcome is None or self.outcome[0] != "stored":
            raise RuntimeError("no accepted calibration")
        info = {"source": "guided", "seats": sorted(self.seats), "faces": list(self.faces),
                "fit_dice": self.fit_dice, "windows": self.fit_windows, "confirm_rolls": len(self.confirmed),
                "before": self.before, "after": self.after, "adapt_cpu_s": round(self.fit_cpu_s, 2),
                "confirm_cpu_s": round(self.decide_cpu_s, 2), "kind": self.kind,
                "min_value_p": self.min_value_p if self.kind == "threshold" else None,
                "threshold_candidate": self.min_value_p,
                "window": self.window.as_list() if self.kind == "window" else None,
                "window_candidate": self.window.as_list() if self.window is not None else None,
                "made": time.strftime("%Y-%m-%d %H:%M:%S")}
        if self.kind == "as shipped":
            return calibrate.Calibration({}, calibrate.models_fingerprint(), info)
        if self.kind == "window":
            from vision import reader
            p = None if self.window_p == reader.min_value_p_without_calibration() else self.window_p
            info["min_value_p"] = p
            return calibrate.Calibration({}, calibrate.models_fingerprint(), info, p, self.window)
        if self.kind == "threshold":
            return calibrate.Calibration({}, calibrate.models_fingerprint(), info, self.min_value_p)
        return calibrate.Calibration(self.heads, calibrate.models_fingerprint(), info)


# ------------------------------------------------------------------ simulation
class CalibrationTable:
    """The simulated camera for calibration: a :class:`firmware.runtime.dice_station.SimTable`
    (which remembers where it drew each die, ``Tray.placed``, so a simulated
    seat can check the reader's values the way a person looks at the tray),
    or a broken camera.

    Args:
        seats, seed, dice_from: as SimTable.
        camera: ``"dice"`` (what lies in the trays), ``"noise"`` (only
            noise: a broken camera) or ``"empty"`` (the table, never a die:
            a camera pointing away from the trays).
    """

    def __init__(self, seats: int, seed: int = 0, dice_from: str | Path | None = None, camera: str = "dice"):
        from firmware.runtime.dice_station import SimTable
        if camera not in ("dice", "noise", "empty"):
            raise ValueError(f"simulated camera {camera!r}: choose dice, noise or empty")
        self.table = SimTable(seats, seed=seed, dice_from=dice_from)
        self.camera = camera
        self._rng = np.random.default_rng(seed)

    @property
    def zones(self):
        """The trays' :class:`vision.trays.TrayZones` in frame px."""
        return self.table.zones

    def throw(self, seat: int, values: list[int], t_us: int) -> None:
        """Put ``values`` in ``seat``'s tray at ``t_us`` (they settle after ROLL_US)."""
        self.table.throw(seat, values, None, t_us)

    def frame(self, t_us: int) -> np.ndarray:
        """The camera frame at ``t_us``: H x W x 3 uint8 BGR."""
        w, h = self.table.frame_size
        if self.camera == "noise":
            return self._rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
        if self.camera == "empty":
            from vision.synth import render_frame
            return render_frame((w, h), [], seed=int(self._rng.integers(1 << 30)))
        return self.table.frame(t_us)

    def truth(self, seat: int, x: float, y: float, size: float) -> int:
        """The value of the die drawn nearest (x, y) in ``seat``'s tray, or
        0 when none lies within ``size`` px (not a die)."""
        best = None
        tray = self.table.trays.get(seat)
        for v, px, py in (tray.placed if tray is not None and tray.image is not None else []):
            d = abs(px - x) + abs(py - y)
            if d <= max(size, 20.0) and (best is None or d < best[0]):
                best = (d, v)
        return best[1] if best else 0


class SimSeat:
    """A simulated person at a seat: puts the prompted face up, rolls, and
    checks the reading, through the seat's own inputs (button and nav
    buttons on the mock pins, :class:`hardware.mock.Timeline`).

    Args:
        seat: 0-based seat.
        table: the :class:`CalibrationTable`.
        dice: how many dice the seat has.
        rng: the seat's RNG (rolls).
    """

    #: after dice are thrown, the seat waits this long before pressing, us
    WAIT_US = 900_000
    #: between two button / nav presses, us
    GAP_US = 150_000

    def __init__(self, seat: int, table: CalibrationTable, dice: int, rng: random.Random):
        self.seat, self.table, self.n, self.rng = seat, table, dice, rng
        self.busy_until = -1
        self.done: tuple | None = None      # the (phase, step, version) acted on last

    def plan(self, flow: GuidedCalibration, timeline: Any, t_us: int) -> None:
        """Schedule this seat's next inputs for the flow's state at ``t_us``."""
        s = flow.seats.get(self.seat)
        if s is None or flow.outcome is not None or t_us < self.busy_until or flow.phase not in ("face", "roll"):
            return
        key = (flow.phase, flow.step, flow.roll, s.status, s.problem, s.keep, s.presses)
        if key == self.done or s.status in ("captured", "confirmed"):
            return
        self.done = key
        t = t_us + self.GAP_US
        if s.status == "checking":
            r = s.reading
            want = [self.table.truth(self.seat, x, y, size) for x, y, size in r.dice]
            cursor = s.cursor
            for i, (have, goal) in enumerate(zip(r.values, want)):
                if have == goal:
                    continue
                for _ in range((i + 1 - cursor) % (len(r.values) + 1)):
                    timeline.press(self.seat, t, 60_000, name="nav_b")
                    t += self.GAP_US
                cursor = i + 1
                steps = (STEPS.index(goal) + 1) if have is None else (STEPS.index(goal) - STEPS.index(have)) % len(STEPS)
                for _ in range(steps):
                    timeline.press(self.seat, t, 60_000)
                    t += self.GAP_US
            for _ in range((0 - cursor) % (len(r.values) + 1)):
                timeline.press(self.seat, t, 60_000, name="nav_b")
                t += self.GAP_US
            timeline.press(self.seat, t, 60_000)
            self.busy_until = t + 2 * self.GAP_US
            return
        if s.status == "waiting" or (s.status == "problem" and not s.keep):
            if flow.phase == "face":
                self.table.throw(self.seat, [flow.face] * self.n, t)
            else:
                self.table.throw(self.seat, [self.rng.randint(1, 6) for _ in range(self.n)], t)
        t += self.WAIT_US + self.rng.randrange(0, 800_000)   # people take their time
        timeline.press(self.seat, t, 80_000)
        self.busy_until = t + 2 * self.GAP_US


# ------------------------------------------------------------------ running it
@dataclass
class GuidedOptions:
    """How ``cabinet dice calibrate`` (guided) runs.

    Attributes:
        headless: no window, virtual clock, every seat a :class:`SimSeat`
            (simulated cabinet only).
        seats: the seats taking part: a count (the first N) or a list of
            0-based seats (default: every seat with a tray, else every
            wired seat; the simulated cabinet: every wired seat).
        dice: dice per simulated seat.
        rolls: free rolls to confirm.
        seed: seed of the simulated table and seats.
        dice_from: labelled photo set whose die crops the simulated camera shows.
        camera: what the simulated camera shows: ``dice``, ``noise`` or
            ``empty`` (:class:`CalibrationTable`).
        screens: folder for a PNG of every HDMI screen change.
        size: HDMI size, px.
        bots: seats played by :class:`SimSeat` in a window (headless: all).
        max_virtual_s: headless: the flow is refused after this long.
        from_menu: run from the cabinet's menu (the result screen says a
            press returns to it; undo is the menu's "Undo dice calibration").
    """
    headless: bool = False
    seats: int | list[int] | None = None
    dice: int = 5
    rolls: int = ROLLS
    seed: int = 0
    dice_from: str | None = None
    camera: str = "dice"
    screens: str | None = None
    size: tuple[int, int] = (1280, 720)
    bots: set[int] = field(default_factory=set)
    max_virtual_s: float = 1800.0
    from_menu: bool = False


def _camera_grab(cab: Any, wait_s: float = 2.0) -> Callable[[], np.ndarray]:
    """``grab()`` on the real camera: the first frame taken after the call
    (waits up to ``wait_s``; raises :class:`hardware.camera.CameraNotReady`)."""
    from hardware.camera import CameraNotReady, NoFreshFrame

    def grab() -> np.ndarray:
        since = cab.camera.now_us()      # on the camera's own clock, as its stamps are
        end = time.monotonic() + wait_s
        while True:
            try:
                return cab.camera.read(since)[0]
            except NoFreshFrame:
                if time.monotonic() > end:
                    raise CameraNotReady(f"no new frame within {wait_s:g} s") from None
                time.sleep(0.02)
    return grab


def run_guided(cfg: dict[str, Any], opts: GuidedOptions, path: str | Path, renderer: Any = None) -> dict[str, Any]:
    """Run the guided calibration on the cabinet (simulated when there is
    no Pi hardware) and store an accepted calibration at ``path``.
    ``renderer``: an open :class:`firmware.ui.hdmi.HdmiRenderer` to draw on
    (the menu's; left open), else one is opened for the flow and closed.

    Returns:
        The result: ``outcome`` ("stored" / "refused"), ``message``,
        ``calibration`` (the calibration the reader reads with now: the
        new one's path, or the old one kept by a refusal, or None: as
        shipped), ``kept`` (a refusal kept an old calibration), ``seats``,
        ``fit_dice``, ``windows``, ``adapt_cpu_s`` (CPU seconds of the fit
        on this process's core), ``confirm_cpu_s``, ``before`` / ``after``
        (confirmation rolls read without / with it), ``camera_faults``.

    Raises:
        ValueError: ``--headless`` on the real cabinet, or no seat to calibrate;
            :class:`firmware.runtime.errors.UsageError` (a ValueError) for seats the
            cabinet does not have (nothing is changed).
        hardware.backends.HardwareUnavailable, RuntimeError: the cabinet or
            the display cannot be opened (nothing is changed).
    """
    from hardware.cabinet import build_cabinet
    from hardware.edges import drain
    from hardware.mock import Timeline

    from firmware.calibration.screens import oled_frame, screen
    from firmware.ui.hdmi import HdmiRenderer
    cab = build_cabinet(cfg, with_camera=False, with_audio=False)
    if not cab.simulated:
        cab.close()
        if opts.headless:
            raise ValueError("--headless runs on the simulated cabinet only (config cabinet.simulate = \"yes\")")
        cab = build_cabinet(cfg, with_audio=False)
    own_renderer = renderer is None
    try:
        from firmware.runtime.errors import UsageError
        if isinstance(opts.seats, list):
            bad = [s + 1 for s in opts.seats if not 0 <= s < len(cab.seats)]
            if bad:
                raise UsageError(f"--seats: the cabinet has seats 1..{len(cab.seats)}, not {bad}")
        elif isinstance(opts.seats, int) and opts.seats > len(cab.seats):
            raise UsageError(f"--seats {opts.seats}: the cabinet has {len(cab.seats)} seats")
        if cab.simulated:
            seats = sorted(set(opts.seats)) if isinstance(opts.seats, list) else \
                list(range(min(opts.seats or len(cab.seats), len(cab.seats))))
            table = CalibrationTable(max(seats) + 1, seed=opts.seed, dice_from=opts.dice_from, camera=opts.camera)
            zones = table.zones

            def grab() -> np.ndarray:
                return table.frame(cab.factory.now_us)
        else:
            from vision.trays import TrayZones
            trays = sorted({int(t["seat"]) for t in cfg["vision"].get("trays", [])})
            seats = sorted(set(opts.seats)) if isinstance(opts.seats, list) else \
                (trays or list(range(len(cab.seats))))[:opts.seats or None]
            if isinstance(opts.seats, int) and len(seats) < opts.seats:
                raise UsageError(f"--seats {opts.seats}: only seats {', '.join(str(s + 1) for s in seats)} "
                                 "have a tray ([[vision.trays]])")
            cam = cfg["camera"]
            zones = TrayZones.from_config(cfg["vision"], (cam["width"], cam["height"]), len(cab.seats))
            grab = _camera_grab(cab)
        if not seats:
            raise ValueError("no seat to calibrate: wire a seat or configure [[vision.trays]]")
        flow = GuidedCalibration(seats, grab, zones, rolls=opts.rolls)
        flow.had_calibration = Path(path).is_file()
        if opts.from_menu:
            flow.next_hint = "press any button to return to the menu"
            flow.undo_hint = "undo: Undo dice calibration, in the menu"
        mode = "headless" if opts.headless else ("window" if cab.simulated else "fullscreen")
        if own_renderer:
            renderer = HdmiRenderer(opts.size[0], opts.size[1], mode, oled_count=len(seats))
        bot_seats = set(seats) if opts.headless else set(opts.bots) & set(seats)
        rng = random.Random(f"calibrate:{opts.seed}")
        bots = {s: SimSeat(s, table, opts.dice, random.Random(rng.randrange(1 << 30))) for s in bot_seats} \
            if cab.simulated else {}
        timeline = Timeline(cab.factory, cab.pin_map, drive=cab.drive) if cab.simulated else None
        bank = cab.debouncer()
        shown = {"version": -1, "count": 0}

        def render() -> None:
            if shown["version"] == flow.version:
                return
            shown["version"] = flow.version
            try:
                renderer.draw(screen(flow, (renderer.width, renderer.height), renderer.scene_measure))
            except ValueError as exc:       # a layout bug must not end the calibration
                log.error("the calibration screen could not be drawn: %s", exc)
            images = []
            for s in seats:
                img = oled_frame(flow, s).image
                images.append(img)
                if s < len(cab.seats):
                    if cab.seats[s].oled is not None:
                        cab.seats[s].oled.show(img)
                    # the big button lights while the seat has something to do
                    me = flow.seats.get(s)
                    cab.seats[s].set_led(me is not None and (flow.phase in ("face", "roll") and me.status in
                                                             ("waiting", "problem", "checking")
                                                             or flow.phase == "done"))
            shown["count"] += 1
            if opts.screens:
                renderer.screenshot(Path(opts.screens) / f"calibrate-{shown['count']:04d}.png")
            renderer.present(images, [f"seat {s + 1}" + (" (bot)" if s in bots else "") for s in seats])
            if flow.phase == "done":
                for seat in cab.seats:          # any button returns: all light
                    seat.set_led(True)

        def pump(t_us: int) -> None:
            events = []
            for edge in drain(cab.edges.queue):
                if edge.input == "encoder":
                    flow.nav(edge.seat, edge.level)
                else:
                    events.extend(bank.feed(edge))
            events.extend(bank.poll(t_us))
            for ev in sorted(events, key=lambda e: e.t_us):
                if ev.kind != "press":
                    continue
                if ev.input == "button":
                    flow.press(ev.seat)
                elif ev.input in ("nav_a", "nav_b"):
                    flow.nav(ev.seat, -1 if ev.input == "nav_a" else 1)

        def step(t_us: int) -> None:
            flow.tick(t_us)
            if flow.phase == "adapt":
                render()                    # "learning your dice" first
                flow.adapt()
            for b in bots.values():
                b.plan(flow, timeline, t_us)
            pump(t_us)
            render()

        if opts.headless:
            t = start = cab.factory.now_us
            while flow.outcome is None:
                step(t)
                nxt = timeline.next_us()
                t = min(nxt, t + 50_000) if nxt is not None and nxt > t else t + 50_000
                timeline.run_until(t)
                if t - start > opts.max_virtual_s * 1e6:
                    flow.refuse(f"not finished within {opts.max_virtual_s / 60:g} minutes")
            render()
        else:
            hand = None
            if cab.simulated:
                from firmware.runtime.dice_station import ROLL_US
                hand_rng = random.Random(rng.randrange(1 << 30))

                def hand(seat: int, t_us: int) -> None:
                    """A keyboard seat's person lays its dice in its tray before
                    pressing (the prompted face up, or a free roll): the simulated
                    camera shows them settled at the press."""
                    me = flow.seats.get(seat)
                    if me is None or flow.phase not in ("face", "roll") or me.keep or \
                            me.status not in ("waiting", "problem"):
                        return
                    values = [flow.face] * opts.dice if flow.phase == "face" else \
                        [hand_rng.randint(1, 6) for _ in range(opts.dice)]
                    table.throw(seat, values, t_us - ROLL_US)
            _run_live(cfg, cab, flow, renderer, timeline, step, render, seats, bots, hand)
    finally:
        if renderer is not None and own_renderer:
            renderer.close()
        for seat in cab.seats:
            seat.set_led(False)
        cab.close()
    kind, message = flow.outcome
    cal = None
    if kind == "stored":
        cal = flow.calibration()
        stored = str(calibrate.save(cal, path))
    else:                               # refused: the old one (if any) is kept
        stored = str(path) if Path(path).is_file() else None
    return {"outcome": kind, "message": message, "calibration": stored, "kept": kind != "stored" and bool(stored),
            "seats": [s + 1 for s in flow.seats],
            "fit_dice": getattr(flow, "fit_dice", 0), "windows": getattr(flow, "fit_windows", 0),
            "adapt_cpu_s": round(flow.fit_cpu_s, 2), "confirm_cpu_s": round(flow.decide_cpu_s, 2),
            "confirm_rolls": len(flow.confirmed), "before": flow.before, "after": flow.after,
            "kind": flow.kind or None,
            # what the stored calibration sets (None: the threshold in effect / the shipped window)
            "min_value_p": cal.min_value_p if cal is not None else None,
            "window": cal.window.as_list() if cal is not None and cal.window is not None else None,
            "threshold_candidate": flow.min_value_p,
            "window_candidate": flow.window.as_list() if flow.window is not None else None,
            "why": flow.why or None, "now_using": flow.kept or None, "camera_faults": flow.camera_faults}


def _run_live(cfg, cab, flow, renderer, timeline, step, render, seats, bots, hand=None) -> None:
    """The wall-clock loop: a window (simulator: keyboard = seats' buttons,
    as in ``cabinet play``; ``hand(seat, t_us)`` lays a keyboard seat's
    dice in its tray as its button goes down) or the cabinet's full screen;
    the result stays on screen until any seat's button is pressed - in the
    simulator's window any key, which is how a flow of bots only closes
    (presses in the first :data:`RESULT_GRACE_S` are ignored: a press meant
    for the last step), or the window is closed / Escape."""
    from hardware.camera import monotonic_us

    from firmware.ui.keys import SIM_KEYS
    pg = renderer.pg
    clock = pg.time.Clock()
    start = monotonic_us()
    base = cab.factory.now_us if cab.simulated else 0
    keys = {}
    if renderer.window is not None and cab.simulated:
        for seat in seats:
            if seat < len(SIM_KEYS) and seat not in bots:
                button, _cup, left, right, _push = SIM_KEYS[seat]
                for name, key in (("button", button), ("nav_a", left), ("nav_b", right)):
                    keys[pg.key.key_code(key)] = (seat, name)
    if renderer.window is not None and cab.simulated and not keys:      # bots only: no seat key
        flow.next_hint = flow.next_hint.replace("any button", "any key")
    done_at = None
    while done_at is None or not flow.dismissed:
        if cab.simulated:
            now = max(base + monotonic_us() - start, cab.factory.now_us)
            timeline.run_until(now)
        else:
            now = cab.now_us()
        if renderer.window is not None:
            for ev in pg.event.get():
                if ev.type == pg.QUIT or (ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE):
                    if flow.outcome is None:
                        flow.refuse("stopped before the end")
                    render()
                    return
                if ev.type == pg.KEYDOWN and flow.outcome is not None and done_at is not None \
                        and time.monotonic() - done_at >= RESULT_GRACE_S:
                    flow.dismissed = True       # any key closes the result in the simulator's window
                    continue
                if ev.type in (pg.KEYDOWN, pg.KEYUP) and ev.key in keys:
                    seat, name = keys[ev.key]
                    if hand is not None and name == "button" and ev.type == pg.KEYDOWN:
                        hand(seat, cab.factory.now_us)
                    try:
                        cab.drive(seat, name, ev.type == pg.KEYDOWN, cab.factory.now_us)
                    except KeyError:        # no nav buttons wired on this seat: the key acts directly
                        if ev.type == pg.KEYDOWN and name != "button":
                            flow.nav(seat, -1 if name == "nav_a" else 1)
        step(now)
        if flow.outcome is not None and done_at is None:
            done_at = time.monotonic()
        if done_at is not None and time.monotonic() - done_at < RESULT_GRACE_S:
            flow.dismissed = False
        clock.tick(cfg["cabinet"]["fps"])


#: seconds after the result shows in which a press does not yet dismiss it
RESULT_GRACE_S = 1.0
