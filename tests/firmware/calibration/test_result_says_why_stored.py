"""PT29, a fresh play-tester of the guided calibration: the result read
"dice read right before: 50 of 57, now: 48" and still "Calibration
stored", with no word of why.  It was stored because it reads fewer dice
wrong, and a die read wrong costs a player more than a die to nudge
(``MISREAD_COST`` nudges, the calibration's price): the result says so,
at both sizes, whenever fewer dice are read right with it."""
from __future__ import annotations

import pytest

from firmware.calibration import screens as cs
from firmware.calibration.gallery import gallery_flow

from screen_checks import scene_problems


def _stored(before, after):
    flow = gallery_flow("stored")
    flow.before = {"dice": 57, **before}
    flow.after = {"dice": 57, **after}
    return flow


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_a_calibration_stored_with_fewer_dice_read_right_says_why(size):
    flow = _stored({"right": 50, "wrong": 3, "unread": 4}, {"right": 48, "wrong": 0, "unread": 9})
    scene = cs.screen(flow, size)
    texts = " | ".join(scene.texts())
    assert scene_problems(scene) == [], scene_problems(scene)
    assert "3 fewer read wrong" in texts and "10 nudges" in texts, texts


def test_a_calibration_that_reads_more_dice_right_needs_no_why():
    flow = _stored({"right": 41, "wrong": 3, "unread": 13}, {"right": 47, "wrong": 0, "unread": 10})
    assert not any("fewer read wrong" in t for t in cs.screen(flow, (1920, 1080)).texts())
