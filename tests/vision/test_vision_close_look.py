"""The detector's close look at small dice (vision.detector, issue 40):
a die of about 20 px of the frame gives only a weak peak on the first
pyramid level (half the frame); the detector looks again at the frame's
full size around such a peak, and only there."""
from __future__ import annotations

import numpy as np
import pytest

from vision import detector
from vision.dataset import find_dice_data, load_labels
from vision.detector import CLOSE_CROP_PX, CLOSE_LOOKS, DET_STRIDE
from vision.reader import DiceReader
from vision.score import match

ROBOFLOW = find_dice_data("roboflow-public-d6")


class FakeDetector:
    """A detector net of made-up peaks: on the first level (any image but a
    close look's crop) a peak of heat ``level_heat`` at each of ``dice``
    ((x, y, size) px of the frame; the first level is half the frame); on a
    crop a peak at its centre of heat 0.9 and ``crop_size`` px.  Counts the
    crops it is shown."""

    def __init__(self, dice, level_heat=0.3, crop_size=20.0):
        self.dice, self.level_heat, self.crop_size = dice, level_heat, crop_size
        self.crops = 0

    def __call__(self, x: np.ndarray) -> np.ndarray:
        n, _, h, w = x.shape
        out = np.full((n, 4, h // DET_STRIDE, w // DET_STRIDE), -9.0, np.float32)
        out[:, 1:3] = 0.5
        if (h, w) == (CLOSE_CROP_PX, CLOSE_CROP_PX):
            self.crops += n
            c = CLOSE_CROP_PX // (2 * DET_STRIDE)
            out[:, 0, c, c] = 2.2  # heat 0.9
            out[:, 1:3, c, c] = 0.0
            out[:, 3, c, c] = np.log(self.crop_size / DET_STRIDE)
            return out
        if w >= 300:  # the first level of the 640 x 480 frame (320 x 240); coarser levels see nothing
            logit = np.log(self.level_heat / (1 - self.level_heat))
            for dx, dy, size in self.dice:
                jx, jy = int(dx / 2 / DET_STRIDE), int(dy / 2 / DET_STRIDE)
                out[0, 0, jy, jx] = logit
                out[0, 1, jy, jx], out[0, 2, jy, jx] = dx / 2 / DET_STRIDE - jx, dy / 2 / DET_STRIDE - jy
                out[0, 3, jy, jx] = np.log(size / 2 / DET_STRIDE)
        return out


FRAME = np.full((480, 640, 3), 128, np.uint8)


def test_a_weak_peak_of_a_small_die_is_a_die_when_the_close_look_finds_it():
    net = FakeDetector([(200.0, 160.0, 20.0)])
    found = detector.detect(net, FRAME)
    assert net.crops == 1 and len(found) == 1
    assert abs(found[0].x - 200) <= 4 and abs(found[0].y - 160) <= 4 and found[0].heat == pytest.approx(0.9, abs=1e-3)
    assert detector.detect(FakeDetector([(200.0, 160.0, 20.0)]), FRAME, close_look=False) == []


def test_no_close_look_at_large_dice_or_found_ones_and_noise_specks_are_not_dice():
    large = FakeDetector([(200.0, 160.0, 40.0)])  # a weak peak of a 40 px die: the first level's own range
    assert detector.detect(large, FRAME) == [] and large.crops == 0
    found = FakeDetector([(200.0, 160.0, 20.0)], level_heat=0.6)  # found already: not looked at again
    assert len(detector.detect(found, FRAME)) == 1 and found.crops == 0
    speck = FakeDetector([(200.0, 160.0, 20.0)], crop_size=8.0)  # the crop sees an 8 px "die": noise
    assert detector.detect(speck, FRAME) == [] and speck.crops == 1


def test_close_looks_are_few_a_frame():
    """However many weak small peaks (a textured tray), at most
    CLOSE_LOOKS crops, read in one batch."""
    spots = [(24.0 + 40 * i, 24.0 + 40 * j, 18.0) for i in range(15) for j in range(11)]
    net = FakeDetector(spots, level_heat=0.2)
    found = detector.detect(net, FRAME)
    assert net.crops == CLOSE_LOOKS and len(found) == CLOSE_LOOKS


@pytest.mark.skipif(ROBOFLOW is None, reason="roboflow-public-d6 not found (../shared/dice or $CABINET_DICE_DATA)")
@pytest.mark.parametrize("photo", ["train__dice_271_jpg.rf.a4fdd87b4976952db18bd63d853037ec.jpg",
                                   "train__dice_345_jpg.rf.5b54f444f0992226fce63d45f0d4aea5.jpg",
                                   "train__dice_323_jpg.rf.b67161181df8e63693e9acfab05164af.jpg"])
def test_small_far_dice_on_a_board_game_photo_are_found_and_never_misread(photo):
    """Dice of about 20 px on a 640 px photo of a game table (odd scenes,
    never trained on), which gave the first level only a weak peak, are
    found by the close look (a candidate within a third of the die's size
    of every labelled die, and one only the close look gives), and the
    reader gives none of them a wrong value.  (The detector fine-tuned on
    the reader's own views, 2026-12-03, finds the dice of ``dice_329``,
    the first photo here before, on the first level: ``dice_271`` took
    its place.  Until the experts were
    fine-tuned on the reader's own windows, 2026-12-03, the reader also
    read the close look's dice on the first two photos right; the new
    experts read them at p 0.8-0.85 and leave them unread: of the
    labelled dice the close look alone finds on roboflow's odd scenes, 28
    were read right before, 22 now, none wrong either way; the set as a
    whole reads 27 more.)"""
    import cv2
    path = ROBOFLOW / "images" / photo
    frame = cv2.imread(str(path))
    truth = load_labels(path, frame.shape[1], frame.shape[0])
    reader = DiceReader()
    cands = reader.find_dice(frame)
    without = reader.models.find_dice(frame, close_look=False)
    for t in truth:
        cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
        size = max(t.box[2] - t.box[0], t.box[3] - t.box[1])
        assert any(abs(c.x - cx) < size / 3 and abs(c.y - cy) < size / 3 for c in cands), (t, cands)
    assert len(cands) > len(without)
    dice = reader.read_dice(frame)
    pairs = match(dice, truth)
    assert not [(truth[j].value, dice[i].value) for i, j in pairs
                if i is not None and j is not None and dice[i].value not in (None, truth[j].value)]


@pytest.mark.skipif(ROBOFLOW is None, reason="roboflow-public-d6 not found (../shared/dice or $CABINET_DICE_DATA)")
def test_a_small_far_die_the_close_look_finds_is_found_and_nothing_is_misread():
    """On this photo (odd scenes) the small die at (358, 314) is found only
    by the close look, and no die is given a wrong value.  (Until
    2026-12-05 the pair of experts read it at p >= 0.95, the bar of a
    faint find; the pair with the expert that starts from ImageNet reads
    it below that, and it is dropped as a faint find: the nudge flow's.
    Before the detector's fine-tune on the reader's own views, 2026-12-03,
    this was ``dice_323``'s 21 px die at (542, 390), which the first level
    now finds.)"""
    import cv2
    path = ROBOFLOW / "images" / "train__dice_321_jpg.rf.166a3c334739c2397b5b886ac19e6562.jpg"
    frame = cv2.imread(str(path))
    truth = load_labels(path, frame.shape[1], frame.shape[0])
    reader = DiceReader()
    assert not any(abs(c.x - 358) < 5 and abs(c.y - 314) < 5 for c in reader.models.find_dice(frame, close_look=False))
    assert any(abs(c.x - 358) < 5 and abs(c.y - 314) < 5 for c in reader.models.find_dice(frame))
    dice = reader.read_dice(frame)
    pairs = match(dice, truth)
    assert len(truth) == 2 and any(i is not None and dice[i].value == truth[j].value for i, j in pairs if j is not None)
    assert all(dice[i].value in (None, truth[j].value) for i, j in pairs if i is not None and j is not None), \
        [(truth[j].value, dice[i].value) for i, j in pairs if i is not None and j is not None]
