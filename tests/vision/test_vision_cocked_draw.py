"""Drawn cocked dice for training (``vision.training.cocked``, ``hard
--cocked``; issue 40's bad input).  No torch needed."""
import random

import numpy as np

from vision.netreader import FACE_PX, NOT_A_DIE
from vision.training.cocked import CockedDice, cocked_frame, found_views
from vision.training.hard import ReaderWindows, reader_half


def test_a_cocked_frame_has_its_dice_where_its_rows_say():
    """The same seed draws the same table with or without dice (the
    table is drawn first); at each row's centre the frame with dice
    differs from the bare one (a die is there), and far from every die
    it differs only by sensor noise.  uint8, the asked size."""
    fr = cocked_frame(random.Random(3), size=(320, 240), count=3)
    bare = cocked_frame(random.Random(3), size=(320, 240), count=0)
    assert fr.image.shape == (240, 320, 3) and fr.image.dtype == np.uint8 and len(fr.dice) == 3
    diff = np.abs(fr.image.astype(float) - bare.image.astype(float)).mean(axis=2)
    on = [diff[int(cy) - 3:int(cy) + 4, int(cx) - 3:int(cx) + 4].mean() for cx, cy, s, v in fr.dice]
    assert sum(d > 15 for d in on) >= 2, on
    yy, xx = np.mgrid[0:240, 0:320]
    far = np.ones((240, 320), bool)
    for cx, cy, s, _ in fr.dice:
        far &= np.hypot(xx - cx, yy - cy) > 1.5 * s
    assert diff[far].mean() < 8


def test_a_cocked_dies_row_is_its_tilted_outline_not_its_side():
    """A row's size is the square root of its outline's box: for a die
    leaning 38-52 degrees that box spans a side face too, so every size is
    at least 1.2 times the smallest side drawn (28 px; a flat die's box is
    its side) and at most 1.7 times the largest (56 px)."""
    sizes = np.concatenate([cocked_frame(random.Random(seed)).dice[:, 2] for seed in range(12)])
    assert len(sizes) >= 12
    assert sizes.min() >= 1.2 * 28 and sizes.max() <= 1.7 * 56, (sizes.min(), sizes.max())


def test_cocked_windows_are_labelled_not_a_die_and_a_share_of_the_reader_half():
    """``CockedDice.draw`` gives reader-sized windows labelled not a die;
    ``reader_half`` with ``cocked_share`` 0.5 draws about half its samples
    from them, and none without them (the stream as before)."""
    rng = random.Random(1)
    cocked = CockedDice(rng, pool=4)
    w, c = cocked.draw()
    assert w.shape == (FACE_PX, FACE_PX, 3) and w.dtype == np.uint8 and c == NOT_A_DIE
    wins = np.zeros((4, FACE_PX, FACE_PX, 3), np.uint8)
    mined = {"windows": wins, "cls": np.array([0, 1, 2, 3]), "expert": np.full((4, 4, 7), 1 / 7, np.float32)}
    plain = ReaderWindows(mined, random.Random(2), 1.0)
    _, ys = reader_half(plain, None, 0.0, 200, random.Random(5), cocked, 0.5)
    assert 60 <= sum(y == NOT_A_DIE for y in ys) <= 140
    _, ys = reader_half(ReaderWindows(mined, random.Random(2), 1.0), None, 0.0, 50, random.Random(5))
    assert all(y != NOT_A_DIE for y in ys)


def test_upright_draws_are_the_same_dice_seen_near_straight_above_labelled_their_face():
    """``CockedDice(upright=Q)`` (``hard --upright``): a share Q of its
    draws are windows of dice drawn 0-30 degrees off straight above,
    labelled their face (0..5), the rest cocked and not a die; with
    upright 0 it draws no pool of upright dice (its random stream as
    before); a share outside
    0..1 is refused."""
    import pytest
    up = CockedDice(random.Random(4), pool=3, upright=1.0)
    labels = [up.draw()[1] for _ in range(20)]
    assert all(0 <= c <= 5 for c in labels) and len(set(labels)) >= 3, labels
    half = CockedDice(random.Random(4), pool=3, upright=0.5)
    labels = [half.draw()[1] for _ in range(200)]
    assert 60 <= sum(c == NOT_A_DIE for c in labels) <= 140
    now, alone = CockedDice(random.Random(6), pool=3, upright=0.0), random.Random(6)
    pool = [cocked_frame(alone) for _ in range(3)]      # all the draws a pool of cocked dice takes
    assert not now.flat and now.rng.getstate() == alone.getstate()
    assert all(np.array_equal(a.image, b.image) and not views for (a, views), b in zip(now.pool, pool))
    with pytest.raises(ValueError, match="upright"):
        CockedDice(random.Random(1), pool=1, upright=1.5)


class _Find:
    """A stand-in detector find: centre and size px."""

    def __init__(self, x, y, size):
        self.x, self.y, self.size = x, y, size


def test_cocked_draws_can_be_cut_where_the_detector_found_the_die(monkeypatch):
    """``hard --cocked-found`` (``CockedDice(finder=..., found_share=Q)``):
    the reader's detector often finds a cocked die's upper face alone,
    smaller than the die and off its middle, and the reader cuts its
    window there, not around the die drawn.  A find within half a die of
    a drawn die is kept with that die's face; one farther is not.  With
    found share 1 and upright 1 the finder is asked once per frame drawn
    and every draw is cut at a find, labelled its die's face; a share
    outside 0..1 is refused."""
    import pytest

    from vision.training import cocked
    fr = cocked_frame(random.Random(3), count=2)
    (x0, y0, s0, v0), (x1, y1, s1, v1) = fr.dice.tolist()
    near = _Find(x0 + 0.3 * s0, y0, 0.7 * s0)
    far = _Find(x1 + 0.8 * s1, y1, s1)
    assert found_views(fr, lambda image: [near, far]) == [(near.x, near.y, near.size, int(v0))]
    drawn, cuts = {}, []
    real_frame, real_sample = cocked.cocked_frame, cocked.found_sample

    def frame(*args, **kw):
        out = real_frame(*args, **kw)
        drawn[id(out.image)] = out
        return out

    def sample(fr_, view, rng):
        cuts.append(view)
        return real_sample(fr_, view, rng)
    monkeypatch.setattr(cocked, "cocked_frame", frame)
    monkeypatch.setattr(cocked, "found_sample", sample)
    cut = CockedDice(random.Random(5), pool=3, upright=1.0, found_share=1.0,
                     finder=lambda image: [_Find(x, y, 0.8 * s) for x, y, s, _ in drawn[id(image)].dice.tolist()])
    assert all(views for _, views in cut.flat)
    draws = [cut.draw() for _ in range(30)]
    assert len(cuts) == 30
    assert all(w.shape == (FACE_PX, FACE_PX, 3) and w.dtype == np.uint8 for w, _ in draws)
    assert [c for _, c in draws] == [v - 1 for *_, v in cuts]
    with pytest.raises(ValueError, match="found_share"):
        CockedDice(random.Random(1), pool=1, found_share=2.0)


def test_hard_refuses_cocked_found_without_cocked_dice(tmp_path, capsys):
    """``hard --cocked-found F`` is a share of the cocked draws: without
    ``--cocked`` it is refused by name before any training starts."""
    import pytest

    from vision.training.hard import main
    with pytest.raises(SystemExit):
        main([str(tmp_path), "--out", str(tmp_path / "out"), "--cocked-found", "0.5"])
    assert "--cocked-found is a share of the cocked draws" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
