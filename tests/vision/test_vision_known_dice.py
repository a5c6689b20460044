"""A die at rest keeps the value taken for it (issue 40): a reroll's kept
die, read (or entered by hand) once, lies as it lay while the others are
thrown; a later reading that cannot give it a value gives it the value
taken, while it lies where it lay and shows the same picture (read again,
the same picture repeats the nets' doubt or error).  A die turned or moved
is read anew."""
from __future__ import annotations

import cv2
import numpy as np

from vision.die import Die
from vision.multilook import SAME_FACE, Look, MultiLook, same_face
from vision.reader import DiceReader
from vision.synth import DieSpec, camera_look, render_frame

SHIPPED = DiceReader()


def _frame(value: int, x: float = 100.0, seed: int = 5) -> np.ndarray:
    return render_frame((320, 240), [DieSpec(value, "white", (x, 100.0), 20.0, 40.0),
                                     DieSpec(2, "red", (230.0, 150.0), 40.0, 40.0)], seed=seed)


def _look(value: int, p: float, x: float = 100.0, agree: bool = True) -> Look:
    probs = np.full(7, (1 - p) / 6)
    probs[value - 1] = p
    return Look(x, 100.0, 40.0, 0.9, probs, agree, "white")


def _known(value: int, x: float = 100.0) -> Die:
    return Die(value, "white", (x, 100.0), (int(x) - 20, 80, int(x) + 20, 120), 1.0)


def _after_known(value: int = 4) -> MultiLook:
    """A MultiLook that read an unsure die (no value) in a frame of it, then
    was told its value was taken as ``value``."""
    ml = MultiLook(SHIPPED, min_p=0.9)
    assert [d.value for d in ml.add([_look(value, 0.5)], (320, 240), _frame(value))] == [None]
    ml.know([_known(value)])
    return ml


def test_a_die_lying_as_it_lay_keeps_the_value_taken_when_no_frame_reads_it():
    ml = _after_known(4)
    rng = np.random.default_rng(3)
    for _ in range(3):           # new frames of the same still die, each with its own camera noise
        dice = ml.add([_look(4, 0.5)], (320, 240), camera_look(_frame(4), rng))
        assert [d.value for d in dice] == [4]


def test_a_die_turned_to_another_face_where_it_lay_is_read_anew_not_carried():
    ml = _after_known(4)
    assert [d.value for d in ml.add([_look(4, 0.5)], (320, 240), _frame(1))] == [None]


def test_the_same_picture_read_surely_as_another_value_keeps_the_value_taken():
    """The seat corrected a misread (or entered the die by hand): the same
    picture read again repeats the nets' error; the value taken stands."""
    ml = _after_known(4)
    assert [d.value for d in ml.add([_look(5, 0.95)], (320, 240), _frame(4))] == [4]


def test_a_die_turned_to_another_face_is_read_as_its_frames_read_it():
    ml = _after_known(4)
    assert [d.value for d in ml.add([_look(1, 0.95)], (320, 240), _frame(1))] == [1]


def test_a_die_that_moved_is_a_new_die_with_no_value_taken():
    ml = _after_known(4)
    assert [d.value for d in ml.add([_look(4, 0.5, x=140.0)], (320, 240), _frame(4, x=140.0))] == [None]


def test_a_die_lost_from_view_for_a_frame_loses_the_value_taken():
    ml = _after_known(4)
    ml.add([], (320, 240), _frame(4))
    assert [d.value for d in ml.add([_look(4, 0.5)], (320, 240), _frame(4))] == [None]


def test_forgetting_a_taken_value_after_a_wrong_reading_stops_the_carry():
    ml = _after_known(4)
    ml.forget_known([_known(4)])
    assert [d.value for d in ml.add([_look(4, 0.5)], (320, 240), _frame(4))] == [None]
    ml = _after_known(4)
    ml.forget_known()            # every die
    assert [d.value for d in ml.add([_look(4, 0.5)], (320, 240), _frame(4))] == [None]


def test_without_the_frame_nothing_becomes_known():
    ml = MultiLook(SHIPPED, min_p=0.9)
    ml.add([_look(4, 0.5)])                  # looks alone, no frame: no picture to hold the die by
    ml.know([_known(4)])
    assert [d.value for d in ml.add([_look(4, 0.5)], (320, 240), _frame(4))] == [None]


def test_the_same_die_matches_itself_under_camera_noise_and_not_another_face():
    rng = np.random.default_rng(7)
    known = cv2.cvtColor(_frame(3)[80:121, 80:121], cv2.COLOR_BGR2GRAY)
    assert same_face(known, camera_look(_frame(3), rng), (100.0, 100.0)) >= SAME_FACE
    assert same_face(known, camera_look(_frame(6), rng), (100.0, 100.0)) < SAME_FACE
    assert same_face(known, _frame(3), (2.0, 2.0)) == -1.0                    # off the frame
    assert same_face(np.full((40, 40), 90, np.uint8), _frame(3), (100.0, 100.0)) == -1.0   # flat
