"""Issue 40's measure: first-look rate and misread rate (divided by the
dice on the table), the curve over the reader's operating point, and the
game's first look at rest."""
from __future__ import annotations

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest

from firmware.runtime.dice_stats import DiceStats
from dice_fixtures import tiny_labelled_set
from vision import curve
from vision.reader import DiceReader
from vision.dataset import LabelledDie, find_dice_data, list_images
from vision.die import Die
from vision.score import Score
from vision.synth import DieSpec, render_frame


#: the reader as shipped
SHIPPED = DiceReader()


def _die(value, x=50.0, y=50.0):
    return Die(value, "red", (x, y), (int(x) - 20, int(y) - 20, int(x) + 20, int(y) + 20), 0.95 if value else 0.0)


def _truth(value, x=50.0, y=50.0):
    return LabelledDie(value, (x - 20, y - 20, x + 20, y + 20))


def test_an_unread_die_counts_against_the_first_look_as_a_misread_does():
    """Four dice on the table: one right, one misread, one unread, one
    missed: first-look 1/4 (not 1/2, the right share of dice given a
    value), misread 1/4."""
    s = Score()
    s.add([_die(3, 50), _die(5, 150), _die(None, 250)],
          [_truth(3, 50), _truth(4, 150), _truth(2, 250), _truth(6, 350)], 0.0)
    assert s.first_look == 0.25 and s.misread == 0.25
    assert s.accuracy == 0.5  # the old per-die accuracy divides by dice given a value
    summary = s.summary()
    assert summary["first_look_rate"] == 0.25 and summary["misread_rate"] == 0.25


def _frames():
    yield render_frame((320, 240), [DieSpec(v, c, (50 + 45 * i, 80 + 30 * (i % 3)), 17 * i, 34)
                                    for i, (v, c) in enumerate(zip([1, 2, 3, 4, 5, 6], ["red", "white", "black",
                                                                                       "green", "blue", "yellow"]))],
                       seed=5)
    yield render_frame((200, 200), [DieSpec(5, "purple", (100, 100), 30, 50, side_face=0.4, glare=True)], seed=2)
    data = find_dice_data()
    if data is not None:
        for path in list_images(data)[1:60:12]:
            yield cv2.imread(str(path))


def test_the_replayed_reader_gives_read_dice_s_dice():
    """decide(read_all(frame)) at the shipped rule and threshold is
    read_dice(frame): the same values, centres, boxes and confidences."""
    n = 0
    r = SHIPPED
    for frame in _frames():
        want = [(d.value, d.center, d.box, round(d.confidence, 4)) for d in r.read_dice(frame)]
        got = [(d.value, d.center, d.box, round(d.confidence, 4))
               for d in curve.decide(r, curve.read_all(r, frame), frame_size=(frame.shape[1], frame.shape[0]))]
        assert got == want
        n += len(want)
    assert n >= 7


def test_a_lower_threshold_or_no_agreement_never_reads_fewer_dice():
    """The curve is monotone where it must be: lowering the threshold, or
    dropping the agreement rule, gives a value to at least as many dice."""
    frame = next(_frames())
    cands = curve.read_all(SHIPPED, frame)
    valued = {(r, t): sum(d.value is not None for d in curve.decide(SHIPPED, cands, t, r))
              for r in curve.RULES for t in curve.CURVE_THRESHOLDS}
    for r in curve.RULES:
        counts = [valued[(r, t)] for t in curve.CURVE_THRESHOLDS]
        assert counts == sorted(counts, reverse=True)
    for t in curve.CURVE_THRESHOLDS:
        assert valued[("none", t)] >= valued[("both", t)]
    with pytest.raises(ValueError, match="rule must be one of"):
        curve.decide(SHIPPED, cands, 0.9, "majority")


def test_dice_score_curve_prints_both_rates_per_rule_and_threshold(tmp_path):
    folder = tiny_labelled_set(tmp_path / "set")
    got = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(folder), "--curve", "--json",
                          "--no-calibration"], capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stderr
    out = json.loads(got.stdout.strip().splitlines()[-1])
    assert out["labelled_dice"] == 6 and out["in_effect"] == {"rule": "expert", "min_value_p": 0.7}
    assert {(r["rule"], r["min_value_p"]) for r in out["curve"]} == {
        (r, t) for r in curve.RULES for t in curve.CURVE_THRESHOLDS}
    for r in out["curve"]:
        assert r["right"] + r["wrong"] + r["unread"] == 6
        assert r["first_look_rate"] == round(r["right"] / 6, 4) and r["misread_rate"] == round(r["wrong"] / 6, 4)
    text = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(folder), "--curve",
                           "--no-calibration"], capture_output=True, text=True, timeout=120)
    assert text.returncode == 0 and "<- in effect" in text.stdout and "first-look" in text.stdout
    peer = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(folder), "--curve", "--peer"],
                          capture_output=True, text=True, timeout=60)
    assert peer.returncode == 2 and "--curve" in peer.stderr


def test_the_game_counts_the_first_look_at_rest_against_the_dice_on_the_table():
    """A roll of 3, 3, 5 read as 3, None, 6: one right, one unread, one
    misread (first-look 1/3, misread 1/3); a phantom fourth value is not a
    die on the table."""
    st = DiceStats()
    st.first_look([3, 3, 5], [3, None, 6])
    assert (st.rolls, st.first_dice, st.first_right, st.first_wrong) == (1, 3, 1, 1)
    st.first_look([2, 4], [2, 4, 1])
    assert (st.rolls, st.first_dice, st.first_right, st.first_wrong) == (2, 5, 3, 1)
    assert np.isclose(st.first_right / st.first_dice, 0.6)
