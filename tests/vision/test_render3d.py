"""The dice traced in three dimensions for training (vision.training.render3d)."""
import random

import cv2
import numpy as np
import pytest

from vision.training.render3d import GeometryBank, die_geometry, render3d_frame, shade


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_die_seen_straight_down_shows_its_value_in_pips(value):
    g = die_geometry(value, random.Random(value), size=96, slant=0.0)
    n, _ = cv2.connectedComponents((g.pip > 0.5).astype(np.uint8))
    assert n - 1 == value


@pytest.mark.parametrize("value", [1, 6])
def test_at_a_slant_the_top_face_is_the_largest_face_in_view(value):
    g = die_geometry(value, random.Random(3), size=96, slant=0.6)
    up = g.hit & (g.normal[..., 2] > 0.75)  # a flat face turned to the camera, seen at 0.6 rad: cos 0.83
    side = g.hit & (g.normal[..., 2] < 0.7) & (g.normal[..., 2] > 0.2)
    assert up.sum() > side.sum()


def test_opposite_faces_add_to_seven():
    # straight down the top face shows; from straight below (slant pi) the bottom face does
    for v in range(1, 7):
        g = die_geometry(v, random.Random(v), size=96, slant=np.pi)
        n, _ = cv2.connectedComponents((g.pip > 0.5).astype(np.uint8))
        assert n - 1 == 7 - v


def test_a_value_outside_one_to_six_is_refused():
    with pytest.raises(ValueError, match="value 7"):
        die_geometry(7, random.Random(1))


def test_a_frame_labels_every_die_inside_it_by_its_silhouette():
    rng = random.Random(5)
    bank = GeometryBank(rng, count=12, size=64)
    fr = render3d_frame(rng, bank, size=(320, 240), count=5)
    assert fr.image.shape == (240, 320, 3) and fr.image.dtype == np.uint8
    assert len(fr.dice) == 5
    for cx, cy, s, v in fr.dice:
        assert 0 <= cx < 320 and 0 <= cy < 240 and 22 * 0.9 * 0.9 <= s <= 64 * 1.1 * 1.5
        assert int(v) in range(1, 7)
    table = render3d_frame(random.Random(9), bank, size=(320, 240), count=0)
    assert len(table.dice) == 0
    # each label lies on its die: the middle of its box is not the table around it
    img = fr.image.astype(np.float32)
    for cx, cy, s, _ in fr.dice:
        r = max(2, int(s / 4))
        middle = img[int(cy) - r:int(cy) + r, int(cx) - r:int(cx) + r].reshape(-1, 3)
        ring = np.concatenate([img[max(0, int(cy - s)):int(cy + s), max(0, int(cx - s) - 6):max(1, int(cx - s))]
                               .reshape(-1, 3), img[max(0, int(cy - s)):int(cy + s), int(cx + s):int(cx + s) + 6]
                               .reshape(-1, 3)])
        assert np.abs(np.median(middle, 0) - np.median(ring, 0)).max() > 12


def test_a_translucent_body_lets_the_table_through_but_not_its_pips():
    g = die_geometry(6, random.Random(2), size=64, slant=0.0)
    _, alpha = shade(g, (40, 40, 40), (40, 40, 220), random.Random(1), np.array([0, 0, 1], np.float32),
                     translucent=0.5)
    assert alpha[g.pip > 0.99].min() > 0.99
    assert alpha[g.hit & (g.pip < 0.01)].mean() < 0.7


def test_the_trainer_draws_the_share_of_traced_frames_asked_for_and_keeps_its_stream_without(monkeypatch):
    """Needs the train extra (torch): skipped where it is not installed."""
    pytest.importorskip("torch", reason="training needs the train extra (torch)")
    monkeypatch.setattr("vision.training.render3d.BANK_DICE", 12)
    from vision.training.train import Source
    plain = Source([], random.Random(1), 1.0)
    off = Source([], random.Random(1), 1.0, render3d=0.0)
    assert [f.name for f in plain.pool] == [f.name for f in off.pool]
    assert all(np.array_equal(a.image, b.image) for a, b in zip(plain.pool, off.pool))
    assert {f.name for f in plain.pool} == {"synth"}
    src = Source([], random.Random(2), 1.0, render3d=0.5)
    traced = sum(f.name == "render3d" for f in src.pool) / len(src.pool)
    assert 0.2 < traced < 0.8
