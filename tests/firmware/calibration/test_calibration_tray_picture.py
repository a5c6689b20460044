"""A seat checking a free roll of the guided calibration sees the camera's
picture of its tray beside the values read, the die under its cursor
ringed in gold in both (issue 40; PT28, an owner on the simulated cabinet,
had to set "?" dice they could not see)."""
from __future__ import annotations

import numpy as np

from firmware.calibration.gallery import gallery_flow
from firmware.calibration.screens import screen

GOLD = (250, 204, 64)


def _pictures(scene):
    return [n for n in scene.nodes for n in ([n] + list(getattr(n, "children", ()) or ())) if n.kind == "picture"]


def _gold(pic) -> np.ndarray:
    img = np.frombuffer(pic.props["rgb"], np.uint8).reshape(pic.props["h"], pic.props["w"], 3).astype(int)
    return np.all(np.abs(img - np.array(GOLD)) <= 6, axis=2)   # the ring's own colour, not a yellow die


def test_a_seat_checking_a_roll_sees_its_trays_picture_with_the_cursors_die_ringed():
    """Gallery state "check": seats 1 and 3 check a roll, seat 2 has
    confirmed: three pictures, each fitting its room.  Seat 1's cursor is
    on its third die: the picture is a close up of it, ringed in gold in
    the middle; seat 3's cursor is on "ok": its whole tray, no gold."""
    flow = gallery_flow("check")
    pics = _pictures(screen(flow, (1920, 1080)))
    assert len(pics) == 3
    for p in pics:
        assert p.props["w"] <= p.rect.w and p.props["h"] <= p.rect.h
        assert len(p.props["rgb"]) == 3 * p.props["w"] * p.props["h"]
    ys, xs = np.nonzero(_gold(pics[0]))
    assert len(xs) > 50
    assert abs(xs.mean() / pics[0].props["w"] - 0.5) < 0.15 and abs(ys.mean() / pics[0].props["h"] - 0.5) < 0.15
    assert not _gold(pics[2]).any()


def test_a_seat_checking_a_roll_at_800x480_still_sees_its_values():
    """At 800 x 480 with four seats the picture takes half of the tray's
    room or none, and every die's value is still drawn."""
    flow = gallery_flow("check")
    scene = screen(flow, (800, 480))
    assert scene.facts["dice"][0] == [3, 5, 4, 2, 6]
    for p in _pictures(scene):
        assert p.props["w"] <= p.rect.w and p.props["h"] <= p.rect.h


def test_the_oled_says_the_arrows_move_on_through_the_dice_to_ok():
    """PT28: "arrows: back to ok" read as if one arrow went back to ok; an
    arrow steps to the next die, and after the last to ok."""
    from firmware.calibration.screens import oled_frame
    texts = [t[0] if isinstance(t, tuple) else t for t in oled_frame(gallery_flow("check"), 0).texts]
    assert "arrows: next die/ok" in texts and not any("back to ok" in t for t in texts)


def test_a_tall_seat_card_puts_the_picture_above_the_values():
    """Two seats at 1920 x 1080 give tall, narrow seat cards (PT28's
    window): the checking seat's picture is above its dice, not left out."""
    flow = gallery_flow("check")
    for seat in (2, 3):
        del flow.seats[seat]
    pics = _pictures(screen(flow, (1920, 1080)))
    assert len(pics) == 2
    assert all(p.props["w"] >= 48 and p.props["h"] >= 48 for p in pics)


def test_each_die_in_a_rolls_picture_carries_its_place_in_the_values():
    """PT37: "nothing links each value to a die in the photo": two dice
    at almost the same left edge read as "3" then "1".  Each die's ring
    carries its number (1 = the first value), in white beside it."""
    import cv2
    from firmware.calibration.tray_picture import tray_picture
    frame = np.full((200, 300, 3), 40, np.uint8)
    dice = [(60.0, 60.0, 30.0), (220.0, 140.0, 30.0)]
    plain = tray_picture(frame, dice, None, 300, 200)
    numbered = tray_picture(frame, dice, None, 300, 200, numbers=True)
    w, h = numbered[1], numbered[2]
    a = np.frombuffer(plain[0], np.uint8).reshape(h, w, 3)
    b = np.frombuffer(numbered[0], np.uint8).reshape(h, w, 3)
    white = (np.all(b >= 230, axis=2) & ~np.all(a >= 230, axis=2)).astype(np.uint8)
    n, _, stats, centres = cv2.connectedComponentsWithStats(white)
    marks = [c for c, st in zip(centres[1:], stats[1:]) if st[cv2.CC_STAT_AREA] >= 6]
    assert len(marks) == 2, "one number a die"
    left, right = sorted(marks, key=lambda c: c[0])
    assert left[0] < w / 2 < right[0] and left[1] < right[1], "each beside its own die"
