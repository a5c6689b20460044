"""Photo frames seen through a further tilted camera for training
(``vision.training.train --photo-tilt``, issue 40): the photo is warped in
perspective as the drawn frames are, and its labels move with it."""
from __future__ import annotations

import random

import numpy as np
import pytest

from vision.training.data import Frame, tilted_photo


def _squares() -> Frame:
    """A black 200 x 160 frame with white 9 x 9 squares: two labelled dice
    and one hard negative."""
    img = np.zeros((160, 200, 3), np.uint8)
    dice = np.float32([[50, 40, 9, 3], [150, 120, 9, 5]])
    hard = np.float32([[100, 80, 9]])
    for x, y, *_ in np.concatenate([dice[:, :3], hard]):
        img[int(y) - 4:int(y) + 5, int(x) - 4:int(x) + 5] = 255
    return Frame(img, dice, "squares", hard=hard, group="g")


def test_a_tilted_photo_moves_its_dice_and_hard_negatives_with_the_picture():
    fr = _squares()
    for seed in range(20):
        t = tilted_photo(fr, random.Random(seed))
        assert t.image.shape == fr.image.shape and t.group == "g" and not t.faces_only
        assert t.dice.shape == (2, 4) and t.hard.shape == (1, 3)
        assert list(t.dice[:, 3]) == [3, 5]  # the values stay
        for x, y, size in np.concatenate([t.dice[:, :3], t.hard]):
            assert 4 < size <= 9.5           # foreshortened, never enlarged much
            assert t.image[int(round(y)), int(round(x))].min() > 100  # still on its square
    assert any(not np.allclose(tilted_photo(fr, random.Random(s)).dice[:, :2], fr.dice[:, :2], atol=1)
               for s in range(5))


def test_a_single_die_crop_labelled_whole_is_not_tilted():
    fr = _squares()
    crop = Frame(fr.image, fr.dice[:1], "crop", faces_only=True)
    assert tilted_photo(crop, random.Random(1)) is crop


def test_the_trainer_tilts_the_share_of_photos_asked_for_and_keeps_its_stream_without():
    """Needs the train extra (torch): skipped where it is not installed, as in CI."""
    pytest.importorskip("torch", reason="training needs the train extra (torch)")
    from vision.training.train import Source
    photos = [_squares() for _ in range(3)]
    plain = Source(photos, random.Random(1), 0.0)
    off = Source(photos, random.Random(1), 0.0, photo_tilt=0.0)

    def which(f):  # the photo drawn, or what else was (a junk table)
        return next((k for k, p in enumerate(photos) if f is p), f.name)
    assert [which(plain.frame()) for _ in range(200)] == [which(off.frame()) for _ in range(200)]
    src = Source(photos, random.Random(2), 0.0, photo_tilt=0.5)
    got = [src.frame() for _ in range(2000)]
    frames = [f for f in got if f.name == "squares"]          # not the junk tables
    tilted = sum(all(f is not p for p in photos) for f in frames) / len(frames)
    assert 0.45 < tilted < 0.55
