"""Real dice windows painted with other dice's colours
(``vision.training.recolour``, ``hard --recolour``; issue 40).  No torch
needed."""
import random

import numpy as np

from vision.netreader import FACE_PX, NOT_A_DIE
from vision.synth import DieSpec, render_frame
from vision.training.hard import ReaderWindows
from vision.training.recolour import recolour_look
from vision.window import face_window


def _white_die(value: int = 5, seed: int = 1) -> np.ndarray:
    """A reader's window of a drawn white die with black pips on a grey table."""
    spec = DieSpec(value, "white", (60, 60), 20, 40)
    frame = render_frame((120, 120), [spec], table=(150, 150, 150), noise=0.0, seed=seed)
    return face_window(frame, 60, 60, 48, 0.0)     # the die well inside the window


def _pip_contrast(w: np.ndarray) -> float:
    """The contrast of a window's middle (the die's face), in its most
    contrasted colour channel: 95th less 5th percentile."""
    m = w[14:34, 14:34].reshape(-1, 3).astype(np.float32)
    return float((np.percentile(m, 95, axis=0) - np.percentile(m, 5, axis=0)).max())


def test_a_recoloured_die_keeps_its_table_and_its_pips_and_takes_new_colours():
    """The window's rim (the table) is as it was; the die's middle is
    painted anew (other colours) yet its pips still stand out; the same
    seed paints the same."""
    w = _white_die()
    looks = [recolour_look(w, random.Random(s)) for s in range(40)]
    for lk in looks:
        assert lk.shape == w.shape and lk.dtype == np.uint8
        assert np.abs(lk[:2].astype(int) - w[:2].astype(int)).max() <= 2
        assert _pip_contrast(lk) > 25
    moved = [np.abs(lk[16:32, 16:32].astype(int) - w[16:32, 16:32].astype(int)).mean() for lk in looks]
    assert np.median(moved) > 30
    assert np.array_equal(recolour_look(w, random.Random(3)), looks[3])


def test_half_the_recoloured_dice_are_dark_bodies_with_brighter_pips():
    """The dice the experts leave unread, smoky bodies with red or gold
    pips: about half the looks paint the die's body dark (its median grey
    under 100) with the pips brighter than it."""
    w = _white_die(6)
    dark = 0
    for s in range(200):
        g = recolour_look(w, random.Random(s))[16:32, 16:32].astype(np.float32).mean(axis=2)
        body = np.percentile(g, 50)
        dark += bool(body < 100 and np.percentile(g, 97) > body + 15)
    assert 0.3 < dark / 200 < 0.75, dark


def test_a_share_of_the_dice_drawn_are_recoloured_and_none_without_it():
    """``recolour=0.5``: about half the dice drawn are painted (no quarter
    turn or mirror of their window), a find on no die never; ``recolour=0``
    draws exactly as before."""
    g = np.random.default_rng(2)
    wins = np.stack([_white_die(v, seed=v) for v in range(1, 7)] + [g.integers(0, 256, (FACE_PX, FACE_PX, 3), np.uint8)])
    cls = np.array([0, 1, 2, 3, 4, 5, NOT_A_DIE])
    turns = np.full((4, 7, 7), 0.01, np.float32)
    turns[:, np.arange(7), np.minimum(cls, 6)] = 0.94
    mined = {"windows": wins, "cls": cls, "expert": turns}
    plain = ReaderWindows(mined, random.Random(5), hard_weight=1.0, jitter=0.0)
    again = ReaderWindows(mined, random.Random(5), hard_weight=1.0, jitter=0.0, recolour=0.0)
    for _ in range(50):
        (a, ca), (b, cb) = plain.draw(), again.draw()
        assert ca == cb and np.array_equal(a, b)
    sampler = ReaderWindows(mined, random.Random(6), hard_weight=1.0, jitter=0.0, recolour=0.5)
    painted = dice = 0
    for _ in range(400):
        w, c = sampler.draw()
        same = any(np.array_equal(w, v) for k in range(4) for v in (np.rot90(wins[c if c < 6 else 6], k),
                                                                    np.rot90(wins[c if c < 6 else 6], k)[:, ::-1]))
        if c == NOT_A_DIE:
            assert same
        else:
            dice += 1
            painted += not same
    assert 0.4 < painted / dice < 0.6
