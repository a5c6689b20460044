"""PT68, a fresh play-tester of the guided calibration: a check roll
showed die 1 as a 6 where the close-up showed 4 pips; they set it to 4.
The result then said "dice read wrong before: 0, now: 0" and "left to
nudge before: 1", and they did not believe it: the readings a seat checks
are made with what is being tried (the new last layers), while "before"
and "now" are the reader without a calibration and as kept (which left
that die to nudge).  The result now says how many dice the seat corrected
in the readings it checked, and with what those were read, on the
screens at both sizes and in the terminal.  PT70 then left a die read 6
as "?" (unsure): it was counted as corrected and as left out; a die left
"?" is only left out."""
from __future__ import annotations

import numpy as np
import pytest

from firmware.calibration import screens as cs
from firmware.calibration.gallery import gallery_flow
from firmware.calibration.model import Reading
from firmware.calibration.words import corrected_dice, corrected_words
from firmware.cli.dice_calibrate import _corrected_line

from screen_checks import scene_problems


def _reading(read, values):
    dice = [(20.0 + 30 * i, 20.0, 20.0) for i in range(len(read))]
    return Reading(0, np.zeros((40, 40 + 30 * len(read), 3), np.uint8), dice, list(read), list(values))


def _pt68():
    """PT68's end: no change needed; the first roll's die 1 read 6 and set
    to 4 by the seat, the second roll right; the reader as it is left that
    die to nudge."""
    flow = gallery_flow("unchanged")
    flow.confirmed = [_reading([6, 2, 5, 1, 3], [4, 2, 5, 1, 3]), _reading([2, 2, 6, None, 1], [2, 2, 6, 3, 1])]
    flow.before = {"dice": 10, "right": 9, "wrong": 0, "unread": 1}
    flow.after = dict(flow.before)
    return flow


def test_the_dice_a_seat_corrected_are_counted_not_the_ones_it_set_where_none_was_read():
    flow = _pt68()
    assert corrected_dice(flow.confirmed) == 1      # the 6 set to 4; the unread die set to 3 is no correction
    assert corrected_words(0) == ""


def test_a_die_left_as_question_mark_is_left_out_not_corrected():
    """PT70: die 1 read 6, the seat unsure between 4 and 6, left it "?"."""
    left_out = _reading([6, 3, 3, 1, 5], [None, 3, 3, 1, 5])
    marked_x = _reading([6, 3], [0, 3])             # "not a die" where the camera read a 6: a correction
    assert corrected_dice([left_out]) == 0
    assert corrected_dice([left_out, marked_x]) == 1


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_the_result_says_the_seat_corrected_a_die_in_the_readings_it_checked(size):
    scene = cs.screen(_pt68(), size)
    texts = " | ".join(scene.texts())
    assert scene_problems(scene) == [], scene_problems(scene)
    assert "the calibration tried misread 1 die: you fixed it" in texts, texts


def test_the_terminal_says_it_too():
    line = _corrected_line({"corrected_dice": 1})
    assert line == "the calibration tried misread 1 die: you fixed it"
    assert _corrected_line({"corrected_dice": 0}) == "" and _corrected_line({}) == ""
