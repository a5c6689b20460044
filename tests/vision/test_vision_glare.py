"""A lamp's reflection drawn across real dice windows
(``vision.training.glare``, ``hard --streak``; issue 40).  No torch
needed."""
import random

import numpy as np

from vision.synth import DieSpec, render_frame
from vision.training.glare import streak_look
from vision.window import face_window


def _purple_die(value: int = 4, seed: int = 1) -> np.ndarray:
    """A reader's window of a drawn coloured die with white pips on a grey table."""
    spec = DieSpec(value, "purple", (60, 60), 20, 40)
    frame = render_frame((120, 120), [spec], table=(150, 150, 150), noise=0.0, seed=seed)
    return face_window(frame, 60, 60, 48, 0.0)


def test_a_streak_is_a_thin_bright_line_over_the_die_not_the_table():
    """Each look brightens a few pixels of the die's face to near white (a
    line, not a wash: under a fifth of the face), leaves the window's rim
    (the table) nearly as it was, keeps shape and dtype, does not change
    the window it was given, and the same seed draws the same."""
    w = _purple_die()
    before = w.copy()
    for s in range(60):
        lk = streak_look(w, random.Random(s))
        assert lk.shape == w.shape and lk.dtype == np.uint8
        lit = (lk.astype(int) - w.astype(int)).min(axis=2) > 40          # every channel much brighter
        assert 0 < lit[8:40, 8:40].sum() < 0.2 * 32 * 32, (s, lit.sum())
        assert lit[:3].sum() + lit[-3:].sum() + lit[:, :3].sum() + lit[:, -3:].sum() <= 6
        assert lk[lit].min() >= 150
    assert np.array_equal(w, before)
    assert np.array_equal(streak_look(w, random.Random(5)), streak_look(w, random.Random(5)))


def test_a_streak_is_long_not_round_so_it_never_looks_like_a_pip():
    """No mark a streak leaves is a round blob: on a plain grey window
    (nothing already bright to cut a stroke into pieces), each patch of
    brightened pixels (4 or more) fills under half the disc its farthest
    pixel spans from its middle, where a pip fills nearly all of it."""
    import cv2
    w = np.full((48, 48, 3), 90, np.uint8)
    for s in range(80):
        lit = (streak_look(w, random.Random(s)).astype(int) - w.astype(int)).min(axis=2) > 40
        n, lab = cv2.connectedComponents(lit.astype(np.uint8), connectivity=8)
        for k in range(1, n):
            ys, xs = np.nonzero(lab == k)
            if len(xs) < 4:
                continue
            r = np.hypot(xs - xs.mean(), ys - ys.mean()).max() + 0.5
            assert len(xs) / (np.pi * r * r) < 0.5, (s, k, len(xs), r)
