"""Where the first look is lost (issue 40, ``cabinet dice score --breakdown``):
every labelled die not read right falls in one bucket, and the buckets add
up to the score's own figures."""
from __future__ import annotations

import json
import subprocess
import sys

import cv2

from dice_fixtures import tiny_labelled_set
from vision import breakdown
from vision.netreader import Candidate
from vision.dataset import LabelledDie, find_dice_data, list_images, load_labels
from vision.reader import DiceReader
from vision.score import Score
from vision.synth import DieSpec, render_frame

#: the reader as shipped
SHIPPED = DiceReader()


def _label(value, x, y, size=44):
    return LabelledDie(value, (x - size / 2, y - size / 2, x + size / 2, y + size / 2))


def _row():
    """Six drawn red dice 1..6 in a row on a 600 x 200 frame, and their specs."""
    specs = [DieSpec(v, "red", (60 + 90 * (v - 1), 100), 10 * v, 40) for v in range(1, 7)]
    return render_frame((600, 200), specs), specs


def test_a_label_on_bare_table_is_a_detector_miss_and_a_wrong_label_a_misread():
    """The six dice labelled right are right; a seventh label where the
    table is bare is lost to the detector (nothing near it); the die
    showing 4 labelled 2 counts as misread (the reader is sure it is a 4)."""
    frame, specs = _row()
    right = [_label(s.value, *s.center) for s in specs]
    assert SHIPPED.read_dice(frame) and all(d.value for d in SHIPPED.read_dice(frame))
    b = breakdown.Breakdown()
    breakdown.add_photo(b, SHIPPED, frame, right + [_label(3, 300, 30, 30)], "row")
    assert (b.labelled, b.right) == (7, 6)
    assert b.counts["det_none"] == 1 and sum(b.counts.values()) == 1
    assert b.errors == ["row: die 3 at 300,30: det_none"]
    wrong = [_label(2 if s.value == 4 else s.value, *s.center) for s in specs]
    b = breakdown.Breakdown()
    breakdown.add_photo(b, SHIPPED, frame, wrong, "row")
    assert b.right == 5 and b.counts["misread_fast"] + b.counts["misread_expert"] == 1
    assert b.summary()["groups"] == {"a": 0, "b": 0, "c": 1}


def test_two_labels_on_one_die_and_a_weak_peak_are_told_apart():
    """Two labels on one drawn die: one is read, the other is lost as two
    dice on one peak.  A labelled die with no candidate at the detector's
    threshold but a weaker peak on it is a weak-peak miss; a weak peak off
    the die does not count for it."""
    frame, specs = _row()
    s = specs[2]
    b = breakdown.Breakdown()
    breakdown.add_photo(b, SHIPPED, frame, [_label(s.value, *s.center), _label(s.value, s.center[0] + 8, s.center[1])],
                        "two")
    assert b.counts["det_merged"] == 1 and b.right == 1
    bare = render_frame((200, 200), [], seed=3)
    assert SHIPPED.find_dice(bare) == []
    b = breakdown.Breakdown()
    breakdown.add_photo(b, SHIPPED, bare, [_label(5, 100, 100, 40)], "faint", weak=[Candidate(104, 98, 38, 0.2)])
    assert b.counts["det_weak"] == 1 and sum(b.counts.values()) == 1
    b = breakdown.Breakdown()
    breakdown.add_photo(b, SHIPPED, bare, [_label(5, 100, 100, 40)], "faint", weak=[Candidate(160, 98, 38, 0.2)])
    assert b.counts["det_none"] == 1  # a weak peak off the die is not this die's


def test_the_buckets_add_up_to_the_score():
    """On drawn frames and real photos (where the shared sets are present):
    right = the score's right values, (c) = its misread dice, (a) + (b) =
    its missed and unreadable dice."""
    frames = [(_row()[0], [_label(s.value, *s.center) for s in _row()[1]])]
    data = find_dice_data()
    if data is not None:
        for path in list_images(data)[1:80:8]:
            img = cv2.imread(str(path))
            frames.append((img, load_labels(path, img.shape[1], img.shape[0])))
    b, s = breakdown.Breakdown(), Score()
    for k, (frame, truth) in enumerate(frames):
        breakdown.add_photo(b, SHIPPED, frame, truth, str(k))
        s.add(SHIPPED.read_dice(frame), truth, 0.0, str(k))
    g = b.summary()["groups"]
    assert b.labelled == s.labelled and b.right == s.correct
    assert g["c"] == s.wrong
    assert g["a"] + g["b"] == s.missed + s.unreadable_matched
    assert b.extra == s.extra_claimed


def test_dice_score_breakdown_prints_the_buckets(tmp_path):
    folder = tiny_labelled_set(tmp_path / "set")
    got = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(folder), "--breakdown",
                          "--json", "--errors", "--no-calibration"], capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stderr
    out = json.loads(got.stdout.strip().splitlines()[-1])
    assert out["labelled_dice"] == 6
    assert out["right"] + sum(v["dice"] for v in out["buckets"].values()) == 6
    assert set(out["buckets"]) == set(breakdown.KEYS) and len(out["errors"]) == 6 - out["right"]
    text = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(folder), "--breakdown",
                           "--no-calibration"], capture_output=True, text=True, timeout=120)
    assert text.returncode == 0 and "det_weak" in text.stdout and "first look" in text.stdout
    peer = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(folder), "--breakdown",
                           "--peer"], capture_output=True, text=True, timeout=60)
    assert peer.returncode == 2 and "--breakdown" in peer.stderr
