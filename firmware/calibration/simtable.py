"""The simulated table the guided calibration is tried on: a camera that
sees each seat's thrown dice, and bots that press like people at a seat."""
from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from firmware.calibration.model import STEPS

if TYPE_CHECKING:
    from firmware.calibration.flow import GuidedCalibration

class CalibrationTable:
    """The simulated camera for calibration: a :class:`firmware.runtime.dice_table.SimTable`
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
        from firmware.runtime.dice_table import SimTable
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

    def plan(self, flow: "GuidedCalibration", timeline: Any, t_us: int) -> None:
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
                steps = (STEPS.index(goal) - STEPS.index(have)) % len(STEPS)
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
