"""Fine-tuning the detector on the views the reader gives it
(``vision.training.hard_det``, issue 40): which labelled dice are hard,
how finds are matched to them, and that the samples put each die's peak
where the die is, at the reader's scale, hard dice drawn as often as
their weight says.  No torch needed."""
import random
from types import SimpleNamespace

import numpy as np

from vision.training.hard_det import SIDE, Mined, ReaderViews, hard_labels, match_heat


def _find(x, y, size, heat):
    return SimpleNamespace(x=x, y=y, size=size, heat=heat)


def test_a_die_missed_or_found_faintly_is_hard():
    """No find (heat 0) or a find below the reader's faint bar: hard; a
    find at 0.6 or more: not."""
    assert hard_labels(np.array([0.0, 0.3, 0.59, 0.6, 0.95])).tolist() == [True, True, True, False, False]
    assert hard_labels(np.array([0.5]), faint=0.4).tolist() == [False]


def test_finds_are_matched_one_to_one_within_the_die_nearest_first():
    """Two finds on one die: the nearer is its match, the other a find on
    no die; a find off every die is a find on no die; a die with no find
    has heat 0."""
    dice = np.array([[100, 100, 20, 3], [200, 100, 20, 5], [300, 300, 20, 1]], np.float32)
    finds = [_find(103, 100, 20, 0.5), _find(99, 101, 20, 0.9), _find(212, 100, 20, 0.7), _find(50, 50, 10, 0.8)]
    heat, stray = match_heat(dice, finds)
    assert heat.tolist() == [0.9, 0.7, 0.0]  # 212 is 12 px off a 20 px die: within its box widened by an eighth
    assert sorted(stray[:, 0].tolist()) == [50.0, 103.0]


def _photo(n_easy, n_hard, size):
    """A 1024 x 1024 black photo, the easy dice (``size`` px, bright
    squares, their number in blue) in a row at the top, the hard ones in a
    row at the bottom, and a find on no die between them."""
    img = np.zeros((1024, 1024, 3), np.uint8)
    dice, heat = [], []
    for k in range(n_easy + n_hard):
        x, y = 60 + (k % n_easy) * 100, 60 if k < n_easy else 900
        h = int(size // 2)
        img[y - h:y + h, x - h:x + h] = (k + 1, 255, 255)
        dice.append((x, y, size, 1))
        heat.append(0.9 if k < n_easy else 0.0)
    return Mined(img, np.array(dice, np.float32), np.array(heat), np.array([[950.0, 500.0, size, 0.5]]))


def test_views_put_each_peak_on_its_die_and_draw_hard_dice_by_weight():
    """Every sample's heat peaks (target 1) lie on a bright die pixel of the
    sample (turned and mirrored with it); a die of 20 px is 10 px on the
    first level (half the frame) or 20 px in a close look; a hard die is
    drawn about as often as its weight (6) against an easy one; about a
    fifth of the draws are around a find on no die."""
    views = ReaderViews([_photo(8, 8, 20.0)], random.Random(3), hard_weight=6.0, jitter=0.0)
    assert views.counts == (16, 8, 1)
    sizes, hard, easy, around_none = set(), 0, 0, 0
    for _ in range(1500):
        img, tgt = views.draw()
        assert img.shape == (SIDE, SIDE, 3) and tgt.shape == (4, SIDE // 4, SIDE // 4)
        iy, ix = np.nonzero(tgt[0] == 1.0)
        for y, x in zip(iy, ix):
            px, py = (x + tgt[1, y, x]) * 4, (y + tgt[2, y, x]) * 4
            assert img[int(py), int(px), 1] == 255  # on a die
            sizes.add(round(float(np.exp(tgt[3, y, x]) * 4)))
        ids = img[:, :, 0][img[:, :, 0] > 0]  # which row the sample shows
        if len(ids):
            hard += int(ids.max()) > 8
            easy += int(ids.max()) <= 8
    assert sizes == {10, 20}
    assert 4 < hard / easy < 9
    # the find on no die lies between the rows: its views show no die
    views.cpos = None
    for _ in range(50):
        img, _ = views.draw()
        around_none += not (img[:, :, 1] == 255).any()
    assert around_none == 50


def test_camera_noise_is_the_simulated_cameras_and_half_on_the_first_level():
    """``hard_det --noise``: a view seen through a live camera's noise
    (sigma up to 4 grey levels, 2 on the half-size first level, a gain
    within 6 %), the picture itself unchanged in the mean."""
    from vision.training.hard_det import camera_noise
    view = np.full((SIDE, SIDE, 3), 120, np.uint8)
    full = [camera_noise(view, random.Random(s), halved=False) for s in range(20)]
    half = [camera_noise(view, random.Random(s), halved=True) for s in range(20)]
    assert all(v.shape == view.shape and v.dtype == np.uint8 for v in full + half)
    sd_full = max(float(v.astype(float).std()) for v in full)
    sd_half = max(float(v.astype(float).std()) for v in half)
    assert 2.0 < sd_full <= 4.2 and sd_half <= 2.2
    assert all(abs(float(v.mean()) - 120) <= 120 * 0.06 + 0.5 for v in full)
