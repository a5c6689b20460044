"""The dice reader on real labelled photos (../shared/dice/nell-byler-dev
or $CABINET_DICE_DATA; skipped cleanly when absent), and the CLI.

The shipped models were trained on the even-numbered photos of the set
(sorted by name; ``vision/models/training.json`` lists them) and on drawn
dice.  Every figure here is on the odd-numbered photos, which the models
never saw: a held-out score, not a training score.  All three figures
meet the issue's bars."""
import json
import random
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.dataset import find_dice_data, list_images
from vision.peer import read_dice_peer
from vision.reader import DiceReader
from vision.score import score_folder
from dice_fixtures import tiny_labelled_set

#: the reader as shipped
read_dice = DiceReader().read_dice

DATA = find_dice_data()
needs_data = pytest.mark.skipif(DATA is None, reason="real dice photos not found (../shared/dice or $CABINET_DICE_DATA)")
TRAINING = json.loads((Path(__file__).resolve().parents[2] / "vision" / "models" / "training.json").read_text())


def _held_out():
    return [p for p in list_images(DATA) if p.name not in set(TRAINING["images"])]


@pytest.fixture(scope="module")
def held_out_score():
    return score_folder(DATA, read_dice, _held_out())


@needs_data
def test_held_out_photos_are_the_odd_half_and_unseen():
    """The models' training list and the scored photos do not overlap."""
    held = _held_out()
    names = [p.name for p in list_images(DATA)]
    assert TRAINING["fold"] == "even" and [p.name for p in held] == names[1::2]
    assert not set(TRAINING["images"]) & {p.name for p in held}


@needs_data
@pytest.mark.slow
def test_held_out_floors(held_out_score):
    """What the reader reaches on photos the models never saw (measured
    with the nets of issue #21's retraining, the two-net agreement and a
    value at p >= 0.9: accuracy 99.85 %, recall 85.8 %, confident-wrong 1
    die of 759 after the label errata, 5 as published: the errata, judged
    blind, correct 4 labels of dice the reader "misread"): the issue's bars (accuracy >= 99 %,
    confident-wrong <= 0.3 %), and no die invented (CAB-5: an unsure die
    is unreadable, not guessed; a die the nets disagree on is left to the
    nudge flow, so recall is below accuracy)."""
    s = held_out_score.summary()
    assert s["accuracy"] >= 0.99 and s["precision"] >= 0.98 and s["recall"] >= 0.83, s
    assert s["confident_wrong"] <= 0.003, s
    assert s["extra"] <= 0.01 * s["labelled_dice"], s
    # no unreadable die reported where there is none (the tray's screws and holes)
    assert s["extra_unreadable"] <= 0.01 * s["labelled_dice"], s


@needs_data
@pytest.mark.slow
def test_issue_bars_on_held_out_photos(held_out_score):
    """Bars on photos the models never saw: per-die accuracy >= 99 % (issue
    #21: "as today"), precision >= 97 %.  Issue #8's recall bar was 98 %
    (measured 98.3 % before the second check); issue #21's two-net
    agreement (the fast and the expert net must give the same value where
    the fast one is unsure, else the die is unread and nudged) trades
    recall for fewer misreads: 98.0 % -> 91.8 % recall, 7 -> 1 confident
    misreads of 759 (after the label errata; 3 before the agreement); a
    value needing p >= 0.9 (0.6 before: it cuts misreads on sets the nets
    never saw from 1.2-1.9 % to 0.2-0.3 %) takes recall to 85.8 %, so
    recall's floor is 83 %."""
    s = held_out_score.summary()
    assert s["accuracy"] >= 0.99 and s["recall"] >= 0.83 and s["precision"] >= 0.97, s


@needs_data
@pytest.mark.slow
def test_beats_peer_blob_cluster_by_a_wide_margin(held_out_score):
    """The peer approach (SimpleBlobDetector + clustering) on the same
    held-out images: ours must be right on far more dice."""
    peer = score_folder(DATA, read_dice_peer, _held_out()[::4])
    assert held_out_score.recall >= peer.recall + 0.4, (held_out_score.summary(), peer.summary())
    assert held_out_score.precision >= peer.precision + 0.4, (held_out_score.summary(), peer.summary())


@needs_data
def test_compose_from_real_crops_keeps_values():
    """Frames composed from real labelled crops: every value the reader
    reports on a pasted crop is that crop's label."""
    from vision.synth import CropLibrary, compose_from_dataset
    lib = CropLibrary(DATA, max_images=40)
    rng = random.Random(3)
    wrong = claimed = 0
    for _ in range(5):
        frame, placed = compose_from_dataset(lib, (640, 480), [rng.randint(1, 6) for _ in range(6)], rng)
        dice = read_dice(frame)
        for v, (x, y) in placed:
            hits = [d for d in dice if abs(d.center[0] - x) < 15 and abs(d.center[1] - y) < 15 and d.value]
            claimed += bool(hits)
            wrong += bool(hits) and hits[0].value != v
    assert claimed >= 5 and wrong <= 0.15 * claimed


@needs_data
def test_cli_read_json_and_annotate(tmp_path):
    img = str(list_images(DATA)[0])
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "read", img, "--json",
                          "--annotate", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    rec = json.loads(out.stdout.strip().splitlines()[0])
    assert rec["image"] == img and rec["ms"] > 0 and rec["dice"]
    d = rec["dice"][0]
    assert set(d) >= {"value", "color", "center", "box", "confidence"}
    out_file = tmp_path / (list_images(DATA)[0].name + ".annotated.png")
    assert cv2.imread(str(out_file)) is not None


def test_cli_read_non_image_is_a_clear_error(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("not a photo")
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "read", str(bad), "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "not a readable image" in out.stderr and out.stdout == ""


def test_cli_score_on_a_tiny_labelled_set(tmp_path):
    """`cabinet dice score` on a set the test draws: prints the figures."""
    tiny_labelled_set(tmp_path)
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(tmp_path), "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert s["labelled_dice"] == 6 and s["recall"] == 1.0 and s["precision"] == 1.0 and s["exact_images"] == 1.0
    # a broken file and a frame too small are named and left out of the figures
    (tmp_path / "images" / "b.jpg").write_text("not a photo")
    cv2.imwrite(str(tmp_path / "images" / "c.png"), np.zeros((1, 1, 3), np.uint8))
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(tmp_path), "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout)["skipped_images"] == 2, out.stderr
    assert "skipped b.jpg: not a readable image" in out.stderr and "skipped c.png: frame is too small" in out.stderr
    (tmp_path / "images" / "a.png").unlink()
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "no image of the set could be read" in out.stderr
