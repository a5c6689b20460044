"""The experts' second look at four quarter turns, and who gets it (issue 40,
2026-12-03): a die the fast net reads below p 0.98 is read by the experts
at 0, 90, 180 and 270 degrees (the window as cut, its pixels turned), all
four must agree, and their average decides at the shipped threshold (0.7)."""
from __future__ import annotations

import numpy as np

from fake_models import stub_reader
from vision.netreader import Candidate
from vision.reader import DiceReader
from vision.reader_settings import SHIPPED_SETTINGS
from vision.synth import DieSpec, render_frame

FRAME = render_frame((200, 200), [DieSpec(4, "red", (100, 100), 10, 48)], seed=3)
CAND = Candidate(100.0, 100.0, 48.0, 0.9)


def test_the_shipped_reader_sends_dice_below_0_98_to_four_expert_turns_at_0_7():
    assert SHIPPED_SETTINGS.expert_below == 0.98
    assert SHIPPED_SETTINGS.second_look_angles == (0, 90, 180, 270)
    assert DiceReader().min_value_p == 0.7


def test_a_quarter_turn_of_a_face_window_turns_its_pixels():
    r = DiceReader()
    w = r.die_window(FRAME, CAND)
    assert r.turned_window(FRAME, CAND, w, 0) is w
    for angle, k in ((90, 1), (180, 2), (270, 3), (-90, 3), (450, 1)):
        got = r.turned_window(FRAME, CAND, w, angle)
        assert got.flags["C_CONTIGUOUS"] and np.array_equal(got, np.rot90(w, k))
    # counter-clockwise, as the cut turns: a quarter turn by pixels is the cut's turn but for resampling
    cut90 = r.die_window(FRAME, CAND, angle=90).astype(int)
    assert np.abs(r.turned_window(FRAME, CAND, w, 90).astype(int) - cut90).mean() < 12
    assert np.abs(r.turned_window(FRAME, CAND, w, 270).astype(int) - cut90).mean() > 12
    assert np.array_equal(r.turned_window(FRAME, CAND, w, 45), r.die_window(FRAME, CAND, angle=45))


def _reader(fast_p: float, expert_rows):
    """A reader (shipped settings) whose fast net reads a 4 at ``fast_p`` and
    whose experts read the windows of one die as ``expert_rows`` (one best
    value and its p per turn, in the order the turns are read)."""
    seen = {"expert": 0}
    rows = list(expert_rows)

    def faces(windows, expert=False):
        p = np.zeros((len(windows), 7), np.float32)
        if not expert:
            p[:] = (1 - fast_p) / 6
            p[:, 3] = fast_p
            return p
        for i in range(len(windows)):
            value, q = rows[seen["expert"] + i]
            p[i] = (1 - q) / 6
            p[i, value - 1] = q
        seen["expert"] += len(windows)
        return p
    return stub_reader(faces, [CAND]), seen


def test_a_die_the_fast_net_reads_at_0_95_is_decided_by_four_agreeing_expert_turns():
    reader, seen = _reader(0.95, [(4, 0.9)] * 4)
    assert [d.value for d in reader.read_dice(FRAME)] == [4]
    assert seen["expert"] == 4
    reader, seen = _reader(0.95, [(4, 0.95)] * 3 + [(6, 0.9)])  # one turn says 6: unread
    assert [d.value for d in reader.read_dice(FRAME)] == [None]
    assert seen["expert"] == 4


def test_a_die_the_fast_net_reads_at_0_99_keeps_its_value_without_the_experts():
    reader, seen = _reader(0.99, [])
    assert [d.value for d in reader.read_dice(FRAME)] == [4]
    assert seen["expert"] == 0
