"""PT30, a fresh play-tester of the guided calibration: in a free roll's
check the values on the seat's card came in the reader's own order, which
did not follow the dice in the tray's picture, so nothing linked a value
to its die until the cursor was on it.  The values now run as the dice
lie in the picture, left to right (the first value is the leftmost die)."""
from __future__ import annotations

import numpy as np

from firmware.calibration.flow import GuidedCalibration
from vision.die import Die


def test_a_rolls_values_run_left_to_right_as_the_dice_lie_in_the_picture(monkeypatch):
    flow = GuidedCalibration([0], lambda: None, None, rolls=1)
    flow.step, flow.heads, flow.roll = len(flow.faces), {}, 1
    s = flow.seats[0]
    read = [Die(5, "white", (300.0, 50.0), (280, 30, 320, 70), 0.99),
            Die(2, "white", (60.0, 120.0), (40, 100, 80, 140), 0.99),
            Die(None, "white", (180.0, 40.0), (160, 20, 200, 60), 0.0)]
    monkeypatch.setattr(flow, "_frame", lambda s: np.zeros((200, 400, 3), np.uint8))
    monkeypatch.setattr(flow, "_read_new", lambda frame, seat: list(read))
    flow._capture_roll(s)
    assert [x for x, _, _ in s.reading.dice] == [60.0, 180.0, 300.0]
    assert s.reading.read == [2, None, 5] and s.reading.values == [2, None, 5]
