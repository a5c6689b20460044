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
   (:func:`vision.calibration.layers.fit_heads`, the machinery of ``--from-labelled``;
   finds the shipped net is sure are not dice are kept as *not a die*).
   Its CPU time is measured (:attr:`GuidedCalibration.fit_cpu_s`).
3. *Free rolls* (:data:`ROLLS`): "roll all your dice, press your button";
   the tray is read with the new calibration and the seat's OLED shows the
   values.  The seat confirms with its button, or corrects: the nav buttons
   (or knob) move the cursor from "ok" to a die, the big button steps that
   die 1, 2 ... 6, x (not a die), ? (left out), then back on "ok" a press
   confirms.  A die left "?" (the camera did not read it and the seat
   cannot tell, PT29) is left out of the check: neither right nor wrong,
   not among the rolls' dice; a roll whose every die is left out gives no
   evidence (:attr:`GuidedCalibration.left_out_dice` counts them).
4. *Decide*: the confirmed rolls are read without a calibration, with the
   new layers, with the nets' own layers at a value threshold chosen for
   these dice on the captured faces (:func:`vision.calibration.threshold.choose_threshold`)
   and, where the captured faces read better through another window (a
   camera at a slant, :func:`vision.calibration.window_fit.fit_window`), through that
   window at a threshold chosen for it.  A candidate that gives more dice
   a wrong value, or as many a wrong value and fewer the right one - a
   raised threshold too (:func:`vision.calibration.confirm.reads_worse`), is out; of
   the others the one worth most on the rolls and the captured faces
   together (:func:`vision.calibration.confirm.weigh`) is kept if it is worth more
   than the reader as it is (else the reader as it is is kept); if none is
   left the calibration is **refused** (the calibration in use is kept).
   A calibration in use (it loads: :attr:`GuidedCalibration.stored`) is
   read on the rolls too and kept untouched when it reads them as well as or
   better than what would be kept (:func:`vision.calibration.confirm.keeps_stored`).  So is a camera
   that shows noise or a blank picture :data:`MAX_CAMERA_FAULTS` times in
   a row, or no die in any tray :data:`MAX_EMPTY` presses in a row.
   Otherwise it is stored in the state folder (``dice_calibration.npz``,
   undone by ``cabinet dice calibrate --reset`` or the menu's "Undo dice
   calibration", which is what the cabinet's screen names).

A seat with nobody at it does not block the flow: once another seat has
finished a step, a seat that has never pressed its button is left out
after :data:`AWAY_US` (its card counts down; a press takes part), and so is
a seat stuck on a problem (no dice seen, ...) :data:`AWAY_US` after its
last press (its card says the problem and counts down; each press starts
the count again).  The
result screen stays until any seat's button is pressed.

:class:`GuidedCalibration` is the flow itself (no I/O but the ``grab``
function it is given; its fit and decision in
:mod:`firmware.calibration.learning`); :class:`firmware.calibration.run.GuidedRun`
runs it on the cabinet, real or simulated
(:class:`~firmware.calibration.simtable.CalibrationTable` +
:class:`~firmware.calibration.simtable.SimSeat` bots pressing the seats'
simulated buttons), and :func:`firmware.app.calibration_window.run_guided`
in the window or on the cabinet's screen.
"""
from __future__ import annotations

import time
from typing import Any, Callable

import numpy as np

from vision.netreader import NOT_A_DIE, WindowGeometry, face_window
from vision.reader import DiceReader

from firmware.calibration.learning import Learning
from firmware.calibration.words import CHANGES_ASKED, changed_dice, wrong_face_words
from firmware.calibration.model import (AWAY_US, CANCELLED, FACES, LEAVE_ASK_US, LEAVE_HOLD_US, LOOK_FIRST_WORDS,
                                        MAX_CAMERA_FAULTS, MAX_EMPTY, MISMATCH_P, ROLLS, SURELY_NOT_A_DIE, Reading,
                                        SeatCal, frame_problem, log, next_value)
from firmware.rulings import LOOK_FIRST_US


class GuidedCalibration(Learning):
    """The guided calibration (module docstring) for ``seats``.

    Args:
        seats: the 0-based seats taking part.
        grab: ``grab() -> H x W x 3 uint8 BGR`` frame of the whole table
            (raises anything on a camera fault: the seat is told).
        zones: :class:`vision.trays.TrayZones` of the frame (``seat_of``).
        rolls: free rolls to confirm the calibration.
        faces: the faces to capture, in order.
        clock: CPU clock for the adapt time (``time.process_time``).
        reader: the :class:`vision.reader.DiceReader` whose models and
            settings it calibrates (the cabinet's config,
            :func:`firmware.runtime.reader.reader_from_config`; None: the
            reader as shipped).

    The flow works on a reader of its own (:attr:`reader`: ``reader``
    without a calibration, so it reads as shipped while it captures) and
    reads each candidate with a copy of it (:meth:`score`); no other
    reader is changed, so nothing needs restoring when it ends.
    """

    def __init__(self, seats: list[int], grab: Callable[[], np.ndarray], zones: Any, rolls: int = ROLLS,
                 faces: tuple[int, ...] = FACES, clock: Callable[[], float] = time.process_time,
                 reader: DiceReader | None = None):
        if not seats:
            raise ValueError("calibration needs at least one seat")
        self.seats = {s: SeatCal(s) for s in seats}
        self.grab, self.zones, self.rolls, self.faces, self.clock = grab, zones, rolls, faces, clock
        self.step = 0                   # index into faces, then len(faces) = adapt, then rolls
        self.roll = 0                   # 1-based roll while rolling
        self.confirmed: list[Reading] = []
        #: dice the seats left "?" in the rolls they confirmed (left out of the check, PT29)
        self.left_out_dice = 0
        self.heads: dict | None = None
        #: face prototypes learned from the captured faces ({}: none; the "prototypes" candidate)
        self.prototypes: dict = {}
        #: why no face prototypes were learned ("" when they were)
        self.prototypes_note = ""
        #: the face nets adapted to the captured frames (:mod:`vision.adapt`; None: none; the
        #: "adapted" candidate), its value threshold, and what was done or why not
        self.adaptation = None
        self.adapted_p: float | None = None
        self.adaptation_note = ""
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
        #: the calibration in use (it loads; set by the runner), weighed on the rolls at decide(): None for none
        self.stored = None
        #: its figures on the rolls (None: not read), and what replaced it says ("" when nothing was replaced)
        self.stored_score: dict[str, int] | None = None
        self.replaced = ""
        #: what a press does on the result screen (set by the runner)
        self.next_hint = "press any button to close"
        #: undo hint on the stored screen (what a person at the cabinet does)
        self.undo_hint = "to undo: Undo dice calibration, in the start menu"
        #: a button was pressed on the result screen
        self.dismissed = False
        #: 0-based seats left out (nobody pressed, or stuck on a problem: :data:`AWAY_US`)
        self.left_out: list[int] = []
        #: why each left-out seat was left out, in words ("nobody pressed", "no dice seen")
        self.left_out_why: dict[int, str] = {}
        self.now_us: int | None = None
        self._first_done_us: dict[tuple, int] = {}
        self._captured: dict[tuple[int, int], tuple[np.ndarray, list, list]] = {}
        #: the flow's own reader: the given one as shipped (no layers, window
        #: or threshold of a calibration)
        self.reader = (reader if reader is not None else DiceReader()).without_calibration()
        # the window fitted on the captured faces (the "window" candidate)
        self.window: WindowGeometry | None = None
        self.window_p: float | None = None
        #: readings of the captured faces ((confidence, right) of each die
        #: given a value at the lowest threshold): "plain" (the nets as
        #: shipped), "window" (through the window fitted); weighed with the
        #: rolls at decide()
        self._fit_reads: dict[str, list[tuple[float, bool]]] = {}
        #: per candidate readings: why its raised threshold keeps a margin (vision.calibration.threshold.margin_words)
        self._margins: dict[str, str] = {}
        # the value threshold chosen for these dice at adapt (the "threshold" candidate)
        self.min_value_p: float | None = None
        #: the lean net's bar chosen for these dice lying flat (learning.Learning._choose_lean_bar; None: as set)
        self.lean_bar: float | None = None
        #: the seat asked to leave (held both arrows :data:`LEAVE_HOLD_US`), or None;
        #: its button then cancels the flow, an arrow stays
        self.leaving: int | None = None
        #: the window's question ("Esc again within 4 s to leave ..."), "" when none
        self.notice = ""
        self._leave_asked_us = 0
        #: what decide() kept, in a player's words, for the result screen ("" before)
        self.kept = ""
        #: why a raised threshold was kept (the captured faces' misreads it avoids), or ""
        self.why = ""
        #: each candidate's counts on the confirmed rolls ({"dice", "right", "wrong", "unread"}), by decide()
        self.tried: dict[str, dict[str, int]] = {}
        #: the candidate kept by decide(): "layers", "prototypes", "threshold", "window", "adapted", "as shipped" or
        #: "yours" (the calibration in use, :attr:`stored`, reads the rolls as well: nothing is stored)
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
    def press(self, seat: int, t_us: int | None = None, look_first: bool = True) -> None:
        """Seat ``seat``'s big button was pressed at ``t_us`` (None: the
        flow's time; ignored for a seat not taking part, or once the flow is
        done).  The seat that asked to leave (:meth:`arrows`) leaves: the
        flow is cancelled.  With ``look_first`` (a person's seat; bots are
        never held back) a press less than
        :data:`~firmware.rulings.LOOK_FIRST_US` after the seat's screen
        showed a new step (a face, a roll, a reading to check: ruling
        CAB-12, PT14 shot16: a capture 0.3 s after "2 pips up" appeared,
        the dice still showing 1) takes nothing and says
        :data:`~firmware.calibration.model.LOOK_FIRST_WORDS`."""
        if self.outcome is not None:
            self.dismissed = True
            return
        if self.leaving is not None and seat == self.leaving:
            self.cancel()
            return
        s = self.seats.get(seat)
        if s is None:
            return
        if t_us is None:
            t_us = self.now_us
        elif self.now_us is None or t_us > self.now_us:
            self.now_us = t_us            # (what the press changes is shown from then)
        s.presses += 1
        s.pressed_us = t_us
        if look_first and t_us is not None and s.shown_us is not None and t_us < s.shown_us + LOOK_FIRST_US \
                and self.phase in ("face", "roll") and s.status != "confirmed":
            s.problem = LOOK_FIRST_WORDS
            self._changed()
            return
        if s.problem == LOOK_FIRST_WORDS:
            s.problem = ""
        if self.phase == "face":
            self._capture_face(s)
        elif self.phase == "roll":
            if s.status == "checking":
                self._check_press(s)
            elif s.status != "confirmed":
                self._capture_roll(s)
        self._changed()

    def arrows(self, seat: int, a_down: bool, b_down: bool, t_us: int) -> None:
        """Seat ``seat``'s arrows (or the knob's push, as both) are down
        (``a_down`` and ``b_down``) at ``t_us``: held together
        :data:`~firmware.calibration.model.LEAVE_HOLD_US` (:meth:`tick`),
        the seat is asked whether to leave (PT14: no way out without a
        keyboard)."""
        s = self.seats.get(seat)
        if s is None or self.outcome is not None:
            return
        s.held_us = (s.held_us if s.held_us is not None else t_us) if a_down and b_down else None

    def cancel(self) -> None:
        """The owner left the calibration: it ends cancelled (no refusal),
        the calibration in use is kept."""
        self.leaving = None
        self.outcome = ("cancelled", CANCELLED)
        self._changed()

    def nav(self, seat: int, step: int) -> None:
        """A navigation step (+1 / -1) of ``seat``: moves its cursor over
        "ok" and the dice of its reading."""
        if self.leaving is not None and seat == self.leaving:
            self.leaving = None           # an arrow: stay
            self._changed()
            return
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
        return [c for c in self.reader.find_dice(frame) if self.zones.seat_of(c.x, c.y) == seat]

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
            s.capture = None
            return
        finds = self._finds(frame, s.seat)
        probs = (self.reader.read_faces([face_window(frame, c.x, c.y, c.size) for c in finds]) if finds
                 else np.zeros((0, 7)))
        dice = [c for c, p in zip(finds, probs) if p[NOT_A_DIE] < SURELY_NOT_A_DIE]
        others = [c for c, p in zip(finds, probs) if p[NOT_A_DIE] >= SURELY_NOT_A_DIE]
        if not dice:
            s.status, s.problem, s.dice, s.keep, s.capture = "problem", "no dice seen in your tray", 0, False, None
            self._no_dice()
            return
        self._empty_in_row = 0
        read = [int(np.argmax(p[:NOT_A_DIE])) + 1 if p[:NOT_A_DIE].max() >= MISMATCH_P else None
                for p in probs if p[NOT_A_DIE] < SURELY_NOT_A_DIE]
        s.capture = Reading(s.seat, frame, [(float(c.x), float(c.y), float(c.size)) for c in dice], read,
                            [k] * len(dice))
        odd = [v for v in read if v is not None and v != k]
        if odd and not s.keep:
            s.status, s.problem, s.dice, s.keep = "problem", wrong_face_words(odd, len(dice), k), len(dice), True
            return
        self._captured[(s.seat, k)] = (frame, dice, others)
        s.status, s.problem, s.dice, s.keep = "captured", "", len(dice), False
        s.thrown = max(s.thrown, len(dice))
        self._advance()

    def _advance(self) -> None:
        """The next face / roll (or the decision) once every seat taking
        part has captured / confirmed."""
        if self.phase == "face" and all(x.status == "captured" for x in self.seats.values()):
            self.step += 1
            for x in self.seats.values():
                x.status, x.dice, x.shown_us = "waiting", 0, self.now_us    # its capture stays in view
        elif self.phase == "roll" and all(x.status == "confirmed" for x in self.seats.values()):
            if self.roll >= self.rolls:
                self.decide()
            else:
                self.roll += 1
                for x in self.seats.values():
                    x.status, x.dice, x.reading, x.cursor, x.shown_us = "waiting", 0, None, 0, self.now_us

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
        self._leave_tick(t_us)
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

    def _leave_tick(self, t_us: int) -> None:
        """A seat that held both arrows :data:`LEAVE_HOLD_US` is asked to
        leave; the question goes after :data:`LEAVE_ASK_US`."""
        if self.leaving is not None and t_us - self._leave_asked_us >= LEAVE_ASK_US:
            self.leaving = None
            self._changed()
        for k, s in self.seats.items():
            if s.held_us is not None and t_us - s.held_us >= LEAVE_HOLD_US and self.leaving != k:
                self.leaving, self._leave_asked_us, s.held_us = k, t_us, None
                self._changed()

    # ------------------------------------------------------------ adapt

    def _read_new(self, frame: np.ndarray, seat: int) -> list:
        """The dice in ``seat``'s tray read with the new layers."""
        dice = self.reader.with_heads(self.heads).read_dice(frame)
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
        dice = sorted(dice, key=lambda d: (d.center[0], d.center[1]))   # as they lie in the picture (PT30)
        boxes = [(d.center[0], d.center[1], float(max(d.box[2] - d.box[0], d.box[3] - d.box[1]))) for d in dice]
        values = [d.value for d in dice]
        s.reading = Reading(s.seat, frame, boxes, list(values), list(values))
        s.status, s.problem, s.dice, s.cursor, s.shown_us = "checking", "", len(dice), 0, self.now_us

    def _check_press(self, s: SeatCal) -> None:
        """A checking seat's press: on "ok" the reading is confirmed, its "?"
        dice left out of the check (a roll with nothing but "?" gives no
        evidence: not kept) - but when the seat changed a value the camera
        read, the first press on "ok" asks it to confirm (:data:`CHANGES_ASKED`)
        and the next confirms; on a die, that die's next value
        (:func:`~firmware.calibration.model.next_value`)."""
        r = s.reading
        if s.cursor == 0 and changed_dice(r) and s.problem != CHANGES_ASKED:
            s.problem = CHANGES_ASKED       # asked once more (PT36: a wrong correction was taken at once)
            return
        if s.cursor == 0:
            self.left_out_dice += sum(v is None for v in r.values)
            if any(v is not None for v in r.values):
                self.confirmed.append(r)
            s.status, s.problem = "confirmed", ""
            self._advance()
            return
        i = s.cursor - 1
        r.values[i] = next_value(r.values[i])
        s.problem = ""

    # ------------------------------------------------------------ decide

    def refuse(self, why: str) -> None:
        """End the flow refused (the calibration in use is kept)."""
        self.outcome = ("refused", why)
        self._changed()
