"""A die put on another face than the one asked is caught before the
calibration learns it (PT36: a die lying on the wrong face would be learned
silently; only a capture whose dice *mostly* read as another face was
questioned), and the seat sees the camera's picture of what it captured
with that die ringed (PT36: the card showed drawn dice of the asked face,
not the camera's picture)."""
from __future__ import annotations

import numpy as np

from firmware.calibration.flow import GuidedCalibration
from firmware.calibration.screens import screen
from firmware.ui.palette import ALERT
from vision.synth import DieSpec, render_frame
from vision.trays import TrayZones


def _tray(values, seed=0):
    """A 400 x 200 frame: two tray strips; ``values`` dice in seat 0's."""
    specs = [DieSpec(v, "white", (40 + 45 * i, 60 + 70 * (i % 2)), 10.0 * i, 36) for i, v in enumerate(values)]
    return render_frame((400, 200), specs, seed=seed)


def _both(values0, values1, seed=0):
    """The same frame with dice in both seats' strips (seat 1's from x 240)."""
    specs = [DieSpec(v, "white", (x0 + 45 * i, 60 + 70 * (i % 2)), 10.0 * i, 36)
             for x0, values in ((40, values0), (240, values1)) for i, v in enumerate(values)]
    return render_frame((400, 200), specs, seed=seed)


def _pictures(scene):
    return [n for n in scene.nodes for n in ([n] + list(getattr(n, "children", ()) or ())) if n.kind == "picture"]


def test_one_die_on_another_face_is_caught_before_it_is_learned():
    frames = [_tray([1, 1, 5, 1], seed=4), _tray([1, 1, 5, 1], seed=5)]
    flow = GuidedCalibration([0], lambda: frames.pop(0), TrayZones.strips((400, 200), 2), rolls=1)
    flow.press(0)
    s = flow.seats[0]
    assert s.status == "problem" and s.keep and flow.face == 1
    assert s.problem == "1 die reads as 5, not 1"
    assert (0, 1) not in flow._captured
    flow.press(0)                                      # the seat keeps it: its dice are what it says
    assert flow.face == 2 and len(flow._captured[(0, 1)][1]) == 4


def test_the_seat_sees_the_cameras_picture_of_its_capture_with_the_odd_die_ringed():
    frames = [_tray([2, 2, 2, 6], seed=6), _tray([2, 2, 2, 2], seed=7)]
    flow = GuidedCalibration([0, 1], lambda: frames.pop(0), TrayZones.strips((400, 200), 2), rolls=1)
    flow.step = 1                                      # face 2
    flow.press(0)
    assert flow.seats[0].problem == "1 die reads as 6, not 2"
    pics = _pictures(screen(flow, (1920, 1080)))
    assert len(pics) == 1                              # seat 0's capture, as the camera saw it
    img = np.frombuffer(pics[0].props["rgb"], np.uint8).reshape(pics[0].props["h"], pics[0].props["w"], 3)
    ring = np.all(np.abs(img.astype(int) - np.array(ALERT)) <= 30, axis=2)
    assert ring.sum() > 30                             # the die read as another face ringed in the alert colour
    flow.press(0)                                      # turned and pressed again: captured, its picture stays
    s = flow.seats[0]
    assert s.status == "captured" and flow.face == 2   # seat 2 has not pressed yet
    pics = _pictures(screen(flow, (1920, 1080)))
    assert len(pics) == 1
    img = np.frombuffer(pics[0].props["rgb"], np.uint8).reshape(pics[0].props["h"], pics[0].props["w"], 3)
    assert not np.all(np.abs(img.astype(int) - np.array(ALERT)) <= 30, axis=2).sum() > 30


def test_the_oled_says_how_to_keep_a_capture_with_a_die_on_another_face():
    """The seat's OLED ends with what a press does ("... to keep"): the
    longer problem of one die ("1 die reads as 5, not 3") cut the words
    to "press again to" on two lines."""
    from firmware.calibration.gallery import gallery_flow
    from firmware.calibration.screens import oled_frame
    flow = gallery_flow("face")
    texts = " ".join(oled_frame(flow, 3).texts)
    assert "1 die reads as 5" in texts and texts.endswith("keep")


def test_the_last_seat_to_press_still_sees_what_it_captured_at_the_next_face():
    """PT36: the last seat to press gets no word of its capture, the next
    face comes at once.  Its card at the next face shows the camera's
    picture of that capture and says which face it was."""
    frames = [_both([1, 1, 1], [1, 1, 1], seed=9), _both([1, 1, 1], [1, 1, 1], seed=10)]
    flow = GuidedCalibration([0, 1], lambda: frames.pop(0), TrayZones.strips((400, 200), 2), rolls=1)
    flow.press(1)
    flow.press(0)                                      # the last press: face 2 comes
    assert flow.face == 2 and flow.seats[0].status == "waiting"
    scene = screen(flow, (1920, 1080))
    assert len(_pictures(scene)) == 2                  # both seats' captures of face 1
    assert scene.facts["seats"][0].startswith("1 pip up captured")
    frames.append(_tray([], seed=11))                  # face 2: no dice seen, no old picture beside the problem
    flow.press(0)
    assert flow.seats[0].problem == "no dice seen in your tray"
    assert len(_pictures(screen(flow, (1920, 1080)))) == 1


def test_the_last_faces_capture_stays_in_view_while_the_calibration_learns():
    """PT37: the 6-pips capture was never shown - the screen went to
    "learning your dice" at once."""
    frames = [_both([6, 6, 6], [6, 6, 6], seed=12), _both([6, 6, 6], [6, 6, 6], seed=13)]
    flow = GuidedCalibration([0, 1], lambda: frames.pop(0), TrayZones.strips((400, 200), 2), rolls=1)
    flow.step = len(flow.faces) - 1                    # face 6
    flow.press(0)
    flow.press(1)
    assert flow.phase == "adapt"
    scene = screen(flow, (1920, 1080))
    assert len(_pictures(scene)) == 2
    assert scene.facts["seats"][0].startswith("6 pips up captured")


def test_the_dice_a_seat_changed_are_ringed_when_it_is_asked_to_confirm():
    """PT37: "die 5: camera 1, you 2; press ok again" rang no die."""
    from firmware.calibration.gallery import gallery_flow
    from firmware.ui.palette import GOLD
    pics = _pictures(screen(gallery_flow("sure"), (1920, 1080)))
    img = np.frombuffer(pics[0].props["rgb"], np.uint8).reshape(pics[0].props["h"], pics[0].props["w"], 3)
    gold = np.all(np.abs(img.astype(int) - np.array(GOLD)) <= 6, axis=2)
    ys, xs = np.nonzero(gold)
    assert len(xs) > 50                                # die 2 (the top row's middle) ringed
    assert 0.3 < xs.mean() / pics[0].props["w"] < 0.7 and ys.mean() / pics[0].props["h"] < 0.5
