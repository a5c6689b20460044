"""Fine-tuning an expert on the reader's own windows (``vision.training.hard``,
issue 40): which dice are hard, and that they are drawn more often.  No
torch needed (the fine-tune itself is training only)."""
import random

import numpy as np

from vision.netreader import FACE_PX, NOT_A_DIE
from vision.training.hard import ReaderWindows, hard_dice


def _reading(value: int, p: float) -> np.ndarray:
    """7 class probabilities: ``value`` (1..6, or 7 for not a die) at ``p``, the rest spread."""
    row = np.full(7, (1 - p) / 6, np.float32)
    row[value - 1] = p
    return row


def _turns(rows_per_die: list[list[np.ndarray]]) -> np.ndarray:
    """T x N x 7 from, per die, its T turns' readings."""
    return np.stack([np.stack(t) for t in zip(*rows_per_die)])


def test_hard_dice_are_the_ones_the_reader_leaves_unread_or_misreads():
    """Sure and right at every turn: easy.  Turns that disagree, an average
    below the threshold, another value best: hard.  A find on no die is
    never a hard die (its own weighting is apart)."""
    sure3 = [_reading(3, 0.97)] * 4
    split = [_reading(3, 0.97)] * 3 + [_reading(5, 0.9)]
    low = [_reading(3, 0.8)] * 4
    wrong = [_reading(5, 0.97)] * 4
    classes = np.array([2, 2, 2, 2, NOT_A_DIE])
    turns = _turns([sure3, split, low, wrong, wrong])
    assert hard_dice(classes, turns).tolist() == [False, True, True, True, False]
    # the threshold decides the middle case: an average of 0.8 is enough at 0.75
    assert hard_dice(classes, turns, below=0.75).tolist() == [False, True, False, True, False]


def test_hard_dice_are_drawn_as_often_as_their_weight_says():
    """With hard weight 9 a hard die is drawn about nine times as often as
    an easy one; a fifth of the draws are finds on no die; every window
    comes back at a quarter turn or mirrored (same pixels, same class)."""
    n_easy, n_hard = 10, 10
    wins = np.zeros((n_easy + n_hard + 5, FACE_PX, FACE_PX, 3), np.uint8)
    for i in range(len(wins)):
        wins[i, 0, 0] = i  # which window this is, in a corner every turn and mirror keeps in a corner
    classes = np.array([0] * (n_easy + n_hard) + [NOT_A_DIE] * 5)
    rows = [[_reading(1, 0.99)] * 4] * n_easy + [[_reading(1, 0.5)] * 4] * n_hard + [[_reading(7, 0.99)] * 4] * 5
    mined = {"windows": wins, "cls": classes, "expert": _turns(rows)}
    sampler = ReaderWindows(mined, random.Random(1), hard_weight=9.0, jitter=0.0)
    assert sampler.counts == (20, 10, 5, 0)
    got = {"easy": 0, "hard": 0, "none": 0}
    for _ in range(4000):
        w, c = sampler.draw()
        corners = {int(w[0, 0, 0]), int(w[0, -1, 0]), int(w[-1, 0, 0]), int(w[-1, -1, 0])} - {0}
        i = corners.pop() if corners else 0
        assert w.shape == (FACE_PX, FACE_PX, 3) and c == classes[i]
        got["none" if i >= n_easy + n_hard else "hard" if i >= n_easy else "easy"] += 1
    assert 0.17 < got["none"] / 4000 < 0.23
    assert 7 < got["hard"] / got["easy"] < 11
