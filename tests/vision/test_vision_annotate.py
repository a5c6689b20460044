"""The annotated reading (``cabinet dice read --annotate``): every die's
label readable, none over another label or another die's box where there
is room, unread dice in magenta."""
import numpy as np

from vision import annotate as ann
from vision.die import Die


def _die(x0: int, y0: int, value: int | None, colour: str = "red") -> Die:
    return Die(value, colour, (x0 + 15.0, y0 + 15.0), (x0, y0, x0 + 30, y0 + 30), 1.0 if value else 0.0)


def test_labels_of_a_crowded_row_cover_no_other_label_or_box():
    """Five dice side by side, close together: each label finds a place
    that covers no other label and no die's box (_place), inside the frame."""
    dice = [_die(100 + 34 * k, 200, k + 1) for k in range(5)]
    taken = [tuple(d.box) for d in dice]
    placed = []
    for d in dice:
        w, h, _, _ = ann._plate(f"{d.value} {d.colour}", 0.45)
        r = ann._place(w, h, d.box, [t for t in taken + placed if t != tuple(d.box)], 640, 480)
        assert 0 <= r[0] and r[2] <= 640 and 0 <= r[1] and r[3] <= 480
        assert all(ann._overlap(r, t) == 0 for t in taken + placed), (d.value, r)
        placed.append(r)


def test_an_unread_die_is_boxed_in_magenta_and_the_frame_is_not_changed():
    frame = np.full((480, 640, 3), 128, np.uint8)
    out = ann.annotate(frame, [_die(300, 300, None), _die(100, 300, 4)])
    assert (frame == 128).all() and out.shape == frame.shape and out.dtype == np.uint8
    magenta = np.all(out == np.array(ann.UNREAD_BGR, np.uint8), axis=2)
    assert magenta[300:330, 300:330].any()  # the unread die's box
    assert not magenta[300:330, 100:130].any()  # not the read one's
    assert magenta[:40, :12].any()  # the legend's edge
