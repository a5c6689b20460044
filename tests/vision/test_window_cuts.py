"""A die's windows cut together (vision.window.face_windows, die_windows)
and turned together (DiceReader.turned_windows): the pixels the reader
reads, made with fewer area shrinks and copies.  Drawn dice: no photo set
needed."""
import numpy as np
import pytest

from vision.netreader import SHIPPED_WINDOW, Candidate, WindowGeometry
from vision.reader import DiceReader
from vision.synth import DieSpec, render_frame
from vision.window import FACE_PX, die_window, face_window, face_windows

FRAME = render_frame((400, 240), [DieSpec(v, "white", (70 + 120 * k, 110), 15 * k, 40 + 30 * k)
                                  for k, v in enumerate((5, 3, 6))], seed=4)
SHIFTED = WindowGeometry(dy=-0.1)


@pytest.mark.parametrize("size", [30.0, 60.0, 90.0])   # 90 px: shrunk by area first (scale < 0.6)
def test_the_first_cut_is_the_window_cut_alone(size):
    x, y = 190.0, 110.0
    together = face_windows(FRAME, size, [(x, y, 0.0, False), (x, y - 0.1 * size, 90.0, True)])
    assert np.array_equal(together[0], face_window(FRAME, x, y, size))
    assert together[1].shape == (FACE_PX, FACE_PX, 3) and together[1].dtype == np.uint8


def test_an_unshrunk_second_cut_is_the_pixels_cut_alone_to_the_interpolations_rounding():
    """Cut from another corner of the frame, a window's bilinear weights
    (OpenCV's 1/32 px steps) may round the other way: a grey level at most."""
    x, y, size = 190.0, 110.0, 44.0
    together = face_windows(FRAME, size, [(x, y, 0.0, False), (x + 3, y - 4.4, 90.0, True)])
    alone = face_window(FRAME, x + 3, y - 4.4, size, 90.0, True)
    assert np.abs(together[1].astype(int) - alone.astype(int)).max() <= 1


def test_a_shrunk_second_cut_shows_what_the_cut_alone_shows():
    """From the first cut's shrink the check window's pixels move by less
    than a shrunk pixel's rounding: the same face, a few grey levels off."""
    x, y, size = 310.0, 110.0, 95.0
    together = face_windows(FRAME, size, [(x, y, 0.0, False), (x, y - 9.5, 90.0, True)])
    alone = face_window(FRAME, x, y - 9.5, size, 90.0, True)
    assert np.abs(together[1].astype(int) - alone.astype(int)).mean() < 6


def test_a_cut_outside_the_first_ones_region_is_cut_alone():
    x, y, size = 190.0, 110.0, 90.0
    far = (x + 60, y, 0.0, False)
    together = face_windows(FRAME, size, [(x, y, 0.0, False), far])
    assert np.array_equal(together[1], face_window(FRAME, *far[:2], size))


def test_cuts_at_the_frame_edge_replicate_the_border_as_alone():
    x, y, size = 5.0, 4.0, 40.0
    together = face_windows(FRAME, size, [(x, y, 0.0, False), (x, y - 4.0, 90.0, True)])
    assert np.array_equal(together[0], face_window(FRAME, x, y, size))
    assert np.array_equal(together[1], face_window(FRAME, x, y - 4.0, size, 90.0, True))


def test_the_reader_cuts_its_check_windows_where_it_cut_them_alone():
    reader = DiceReader()
    cands = reader.find_dice(FRAME)
    assert len(cands) == 3
    windows, check = reader.cut_windows(FRAME, cands)
    for c, w, k in zip(cands, windows, check):
        assert np.array_equal(w, die_window(FRAME, c, geometry=SHIPPED_WINDOW))
        alone = die_window(FRAME, c, reader.settings.check_turn, True, SHIFTED)
        assert np.abs(k.astype(int) - alone.astype(int)).mean() < 6


def test_quarter_turns_together_are_each_windows_own_turns():
    reader = DiceReader()
    cands = [Candidate(70.0, 110.0, 40.0, 0.9), Candidate(190.0, 110.0, 70.0, 0.9), Candidate(310.0, 110.0, 100.0, 0.9)]
    windows = [reader.die_window(FRAME, c) for c in cands]
    rows, angles = [2, 0], (0, 90, 180, 270)
    together = reader.turned_windows(FRAME, cands, windows, rows, angles)
    alone = [reader.turned_window(FRAME, cands[i], windows[i], a) for a in angles for i in rows]
    assert together.shape == (8, FACE_PX, FACE_PX, 3)
    assert all(np.array_equal(t, a) for t, a in zip(together, alone))
    # another angle: each window cut anew, as alone
    odd = reader.turned_windows(FRAME, cands, windows, [1], (45,))
    assert np.array_equal(odd[0], reader.turned_window(FRAME, cands[1], windows[1], 45))
