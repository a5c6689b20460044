"""Guided calibrations set up in one state for tests."""
from __future__ import annotations

import numpy as np

from firmware.calibration.flow import GuidedCalibration
from firmware.calibration.model import Reading


def checking(read: list) -> tuple[GuidedCalibration, object]:
    """(a two-seat guided calibration at its last free roll, seat 1's
    state) with seat 1 checking a reading of ``read`` (values, None for
    "?"), its cursor on "ok"."""
    flow = GuidedCalibration([0, 1], lambda: None, None, rolls=1)
    flow.step, flow.heads, flow.roll = len(flow.faces), {}, 1
    s = flow.seats[0]
    s.status, s.cursor = "checking", 0
    dice = [(20.0 + 30 * i, 20.0, 20.0) for i in range(len(read))]
    s.reading = Reading(0, np.zeros((40, 40 + 30 * len(read), 3), np.uint8), dice, list(read), list(read))
    return flow, s
