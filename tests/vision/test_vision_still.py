"""Issue 36: dice at rest judged from every camera frame
(:class:`vision.still.StillWatch`): tumbling dice never settle, still ones
settle ``settle_ms`` after their first still frame once a frame of the run
was read; a reading from before the run, or of dice that moved, does not
count; each rest is reported once; bad input is refused in words."""
from __future__ import annotations

import numpy as np
import pytest

from firmware.runtime.dice_table import SimTable
from vision.die import Die, VisionInputError
from vision.still import StillWatch, thumbnail

FRAME = 33_000


def _die(x, y, v):
    return Die(value=v, colour="white", center=(x, y), box=(x - 15, y - 15, x + 15, y + 15), confidence=0.99)


def _rolled(seed=3):
    t = SimTable(2, seed=seed)
    t.roll(0, 6, 6, None, 0)          # tumbles until ROLL_US (500 ms)
    return t


def test_tumbling_dice_never_settle_and_still_ones_do_after_settle_ms():
    t, w = _rolled(), StillWatch(settle_ms=400)
    rest = t.trays[0].moving_until_us
    settled_at = None
    for i in range(40):
        ts = i * FRAME
        still = w.frame(0, ts, t.cell_frame(0, ts))
        if ts < rest:
            assert not w.settled(0), f"settled while the dice tumbled ({ts} us)"
        if still and w.wants_reading(0):
            w.reading(0, ts, [_die(10, 10, 3), _die(60, 10, 5)])
        got = w.settled(0)
        if got is not None:
            settled_at = got[0]
            assert got[1] == [3, 5]
            break
    assert settled_at is not None, "still dice never settled"
    first_still = -(-rest // FRAME) * FRAME
    assert 400_000 <= settled_at - first_still < 400_000 + FRAME
    assert settled_at - rest < 400_000 + 2 * FRAME
    assert w.settled(0) is None, "a rest is reported once"


def test_no_reading_no_rest_and_a_reading_from_before_the_run_does_not_count():
    t, w = _rolled(), StillWatch(settle_ms=400)
    w.frame(0, 0, t.cell_frame(0, 0))
    w.reading(0, 0, [_die(10, 10, 2)])                  # a frame of the tumbling dice
    for i in range(20, 60):
        w.frame(0, i * FRAME, t.cell_frame(0, i * FRAME))
    assert w.settled(0) is None, "rest reported with no reading of the still dice"
    w.reading(0, 59 * FRAME, [_die(10, 10, 4)])
    assert w.settled(0) == (59 * FRAME, [4])


def test_a_reading_whose_dice_moved_starts_the_run_again():
    t, w = _rolled(), StillWatch(settle_ms=400)
    for i in range(20, 40):
        w.frame(0, i * FRAME, t.cell_frame(0, i * FRAME))
    w.reading(0, 21 * FRAME, [_die(10, 10, 4)])
    w.reading(0, 35 * FRAME, [_die(30, 10, 4)])        # slid 20 px (2/3 of its side), no hand seen
    assert w.settled(0) is None
    for i in range(40, 49):
        w.frame(0, i * FRAME, t.cell_frame(0, i * FRAME))
    assert w.settled(0) == (48 * FRAME, [4])     # 400 ms after the moved reading


def test_the_detectors_jitter_and_a_missed_die_are_not_motion():
    t, w = _rolled(), StillWatch(settle_ms=400)
    for i in range(20, 34):
        w.frame(0, i * FRAME, t.cell_frame(0, i * FRAME))
    w.reading(0, 21 * FRAME, [_die(10, 10, 4), _die(80, 10, 2)])
    w.reading(0, 27 * FRAME, [_die(17, 14, 4), _die(80, 10, 2)])    # a centre found 8 px off
    w.reading(0, 30 * FRAME, [_die(80, 10, 2)])                      # a die missed in a frame
    assert w.settled(0) == (33 * FRAME, [2])


def test_flicker_and_noise_are_still_a_hand_is_not():
    t = _rolled()
    rest = t.cell_frame(0, 10 ** 6)
    w = StillWatch(settle_ms=100)
    w.frame(0, 0, rest)
    for i in range(1, 30):                              # the camera's own noise, jitter, flicker
        assert w.frame(0, i * FRAME, t.cell_frame(0, 10 ** 6)), f"noise frame {i} counted as motion"
    hand = rest.copy()
    hand[40:200, 60:220] = (150, 170, 200)              # a hand over the tray
    assert not w.frame(0, 31 * FRAME, hand)


def test_bad_input_is_refused_in_words():
    with pytest.raises(VisionInputError, match="settle_ms"):
        StillWatch(settle_ms=0)
    with pytest.raises(VisionInputError, match="H x W"):
        thumbnail(np.zeros((0, 5, 3), np.uint8))
    w = StillWatch()
    w.frame(0, 100, np.zeros((40, 40, 3), np.uint8))
    with pytest.raises(VisionInputError, match="before"):
        w.frame(0, 50, np.zeros((40, 40, 3), np.uint8))
    assert thumbnail(np.full((40, 40, 3), 90, np.uint8)).std() == 0     # a flat ROI stays flat
