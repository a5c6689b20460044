"""The lean net (``dice_lean.onnx``, :mod:`vision.lean`; issue 40's bad
input, cocked dice): a die the other nets are about to give a value, but
that the lean net takes for a die leaning on something, is left unread
(CAB-5: the game asks for a nudge), never dropped; a die without a value
is not shown to it; a models folder without the file reads as before."""
from __future__ import annotations

import shutil

import numpy as np
import pytest

from fake_models import stub_reader
from vision.curve import CandidateReadings, decide
from vision.die import VisionInputError
from vision.netreader import MODELS, Candidate, Models
from vision.reader import DiceReader
from vision.reader_settings import ReaderSettings

#: a frame dark on its left half, light on its right: a window tells its side
FRAME = np.zeros((120, 240, 3), np.uint8)
FRAME[:, 120:] = 220
LEFT, RIGHT = Candidate(60.0, 60.0, 40.0, 0.9), Candidate(180.0, 60.0, 40.0, 0.9)


def _fours(p: float):
    """Face nets that read every window as a 4 at ``p`` (the rest a 3, and
    "not a die" below its bar)."""
    row = np.zeros(7)
    row[3], row[2], row[6] = p, 0.6 * (1 - p), 0.4 * (1 - p)
    return lambda windows, expert: np.tile(row, (len(windows), 1))


def _leans_on_the_left(seen: list):
    """A lean net sure (0.9) that the dark windows show a leaning die,
    sure (0.1) the light ones do not; ``seen`` collects every window
    shown to it."""
    def lean(windows):
        seen.extend(windows)
        return [0.9 if w.mean() < 110 else 0.1 for w in windows]
    return lean


def test_a_die_the_lean_net_takes_for_cocked_is_unread_and_its_neighbour_read():
    """Two dice the face nets read as a sure 4: the one the lean net says
    leans is kept without a value (a nudge, not a die short), the other
    keeps its 4; the lean net read both at three of its four turns
    (``lean_angles``: 0.9 three times reaches the bar's sum, 2; 0.1 three
    times cannot, whatever the fourth), and the reader counts the die it
    left unread."""
    seen: list = []
    reader = stub_reader(_fours(0.99), [LEFT, RIGHT], lean=_leans_on_the_left(seen))
    dice = sorted(reader.read_dice(FRAME), key=lambda d: d.center[0])
    assert [(d.center[0], d.value) for d in dice] == [(60.0, None), (180.0, 4)]
    assert len(seen) == 2 * 3 and reader.stats["lean_unread"] == 1
    plain = stub_reader(_fours(0.99), [LEFT, RIGHT])          # no lean net: both read, as before
    assert sorted(d.value for d in plain.read_dice(FRAME)) == [4, 4]


def test_a_die_with_no_value_to_lose_is_not_shown_to_the_lean_net():
    """A die read below the threshold is unread whatever the lean net
    would say: the lean net is not run for it."""
    seen: list = []
    reader = stub_reader(_fours(0.4), [LEFT, RIGHT], lean=_leans_on_the_left(seen))
    assert [d.value for d in reader.read_dice(FRAME)] == [None, None]
    assert seen == []


def test_the_bar_is_a_setting_and_a_bad_one_is_refused():
    """``lean_max_p`` 0.95: the lean net's 0.9 no longer leaves the die
    unread.  0, above 1 or a bool is refused with the key named."""
    reader = stub_reader(_fours(0.99), [LEFT, RIGHT], lean=_leans_on_the_left([]), lean_max_p=0.95)
    assert sorted(d.value for d in reader.read_dice(FRAME)) == [4, 4]
    for bad in (0.0, 1.5, True, "0.5"):
        with pytest.raises(VisionInputError, match="lean_max_p"):
            ReaderSettings(lean_max_p=bad)


def test_the_curve_decides_as_the_reader_with_the_lean_net():
    """:func:`vision.curve.decide` gives no value to a candidate whose
    ``lean`` reaches the bar, at every threshold."""
    fast = np.array([[0, 0, 0, 0.99, 0, 0, 0.01]], np.float32)
    reader = stub_reader(_fours(0.99), [])
    flat = CandidateReadings(60.0, 60.0, 40.0, 0.9, fast, np.zeros((0, 7), np.float32), 0.1)
    leaning = CandidateReadings(180.0, 60.0, 40.0, 0.9, fast, np.zeros((0, 7), np.float32), 0.9)
    for p in (0.5, 0.7, 0.95):
        assert [d.value for d in decide(reader, [flat, leaning], p)] == [4, None]


def test_a_models_folder_reads_its_lean_net_where_it_has_one(tmp_path):
    """``Models.load`` takes ``dice_lean.onnx`` where the folder has one
    (any face classifier, 7 outputs on a window) and reads without one
    otherwise, where asking for it is a clear error."""
    for f in ("dice_detector.onnx", "dice_face.onnx"):
        shutil.copy(MODELS / f, tmp_path / f)
    without = Models.load(tmp_path)
    assert without.lean is None
    with pytest.raises(VisionInputError, match="no lean net"):
        without.lean_p([np.zeros((48, 48, 3), np.uint8)])
    shutil.copy(MODELS / "dice_face.onnx", tmp_path / "dice_lean.onnx")
    models = Models.load(tmp_path)
    assert models.lean == tmp_path / "dice_lean.onnx" and models.expert is None
    p = models.lean_p([np.zeros((48, 48, 3), np.uint8), np.full((48, 48, 3), 200, np.uint8)])
    assert p.shape == (2,) and np.all((p >= 0) & (p <= 1))
    dice = DiceReader(models=models).read_dice(np.zeros((64, 64, 3), np.uint8))
    assert dice == []


def _lean_by_turn(per_die: dict, seen: list):
    """A lean net whose "leans" for a window is ``per_die[side][k]`` at the
    k-th window it is shown of that die (dark: LEFT, light: RIGHT);
    ``seen`` collects (side, k) of every window shown to it."""
    count = {"left": 0, "right": 0}

    def lean(windows):
        out = []
        for w in windows:
            side = "left" if w.mean() < 110 else "right"
            seen.append((side, count[side]))
            out.append(per_die[side][count[side]])
            count[side] += 1
        return out
    return lean


def test_the_lean_nets_last_turn_is_read_only_where_it_can_change_the_verdict():
    """The verdict is the average of the four turns against the bar (0.5:
    the turns must add up to 2).  A die whose first three turns add up to
    0.3 cannot reach it with the fourth (at most 1): its fourth turn is not
    read, and it keeps its value.  A die whose three add up to 1.1 can: its
    fourth is read, and at 0.95 (average 0.51) the die is left unread; at 0.8
    (0.475) it keeps its value.  The verdicts are those of the full average."""
    for last, value in ((0.95, None), (0.8, 4)):
        seen: list = []
        lean = _lean_by_turn({"left": [0.4, 0.4, 0.3, last], "right": [0.1, 0.1, 0.1, 0.1]}, seen)
        reader = stub_reader(_fours(0.99), [LEFT, RIGHT], lean=lean)
        dice = sorted(reader.read_dice(FRAME), key=lambda d: d.center[0])
        assert [(d.center[0], d.value) for d in dice] == [(60.0, value), (180.0, 4)]
        assert sorted(seen) == [("left", k) for k in range(4)] + [("right", k) for k in range(3)]
