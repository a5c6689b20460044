"""A second expert (``dice_face_expert2.onnx``, issue 40): two expert nets
trained apart, their probabilities averaged where the fast net is unsure;
a calibrated expert reads alone; calibrations know which experts they
were made with; the trainer can draw some sets more often."""
from __future__ import annotations

import random
import shutil

import numpy as np
import pytest

from vision import netreader
from vision.calibration.file import models_fingerprint
from vision.netreader import FACE_PX, Models
from vision.synth import DieSpec, render_frame
from vision.window import face_window


def _folder(path, expert2: str | None, expert3: str | None = None):
    """A model folder of the shipped float nets (no 8-bit copies), with
    ``expert2`` (a shipped file's name) as its second expert and
    ``expert3`` as its third."""
    path.mkdir()
    for name in ("dice_detector.onnx", "dice_face.onnx", "dice_face_expert.onnx"):
        shutil.copy(netreader.MODELS / name, path / name)
    if expert2:
        shutil.copy(netreader.MODELS / expert2, path / "dice_face_expert2.onnx")
    if expert3:
        shutil.copy(netreader.MODELS / expert3, path / "dice_face_expert3.onnx")
    return Models.load(path)


def _windows():
    specs = [DieSpec(v, "white", (40 + 70 * (v - 1), 50), 20 * v, 40, side_face=0.3) for v in range(1, 7)]
    frame = render_frame((440, 100), specs, seed=4)
    return [face_window(frame, *s.center, 40) for s in specs] + [np.full((FACE_PX, FACE_PX, 3), 90, np.uint8)]


def test_the_expert_reading_is_the_mean_of_the_two_experts(tmp_path):
    """With a second expert the expert's probabilities are the mean of the
    two nets' (here the second is the fast net's file, so it is known);
    the fast net's own reading does not change."""
    one = _folder(tmp_path / "one", None)
    two = _folder(tmp_path / "two", "dice_face.onnx")
    assert one.expert2 is None and two.expert2 is not None
    w = _windows()
    want = (one.read_faces(w, expert=True) + one.read_faces(w)) / 2
    got = two.read_faces(w, expert=True)
    assert np.allclose(got, want, atol=1e-6)
    assert not np.allclose(got, one.read_faces(w, expert=True), atol=1e-3)
    assert np.allclose(got.sum(axis=1), 1, atol=1e-5)
    assert np.array_equal(two.read_faces(w), one.read_faces(w))


def test_with_a_third_expert_the_first_weighs_half_and_the_other_two_share_half(tmp_path):
    """``dice_face_expert3.onnx``: the expert's probabilities are the first
    expert's averaged with the mean of the second's and the third's (here
    the fast net's file and the first expert's, so each is known); the
    fingerprint knows it; a third without a second is not used."""
    one = _folder(tmp_path / "one", None)
    three = _folder(tmp_path / "three", "dice_face.onnx", "dice_face_expert.onnx")
    assert three.expert3 is not None
    w = _windows()
    first, fast = one.read_faces(w, expert=True), one.read_faces(w)
    got = three.read_faces(w, expert=True)
    assert np.allclose(got, (first + (fast + first) / 2) / 2, atol=1e-6)
    assert not np.allclose(got, (first + fast + first) / 3, atol=1e-3)
    assert models_fingerprint(three) != models_fingerprint(_folder(tmp_path / "two", "dice_face.onnx"))
    lone = _folder(tmp_path / "lone", None, "dice_face.onnx")
    assert lone.expert2 is None and lone.expert3 is None
    assert np.array_equal(lone.read_faces(w, expert=True), first)


def test_the_shipped_reader_has_three_experts():
    shipped = Models.shipped()
    assert shipped.expert2 is not None and shipped.expert3 is not None


def test_a_calibrated_expert_reads_alone_and_a_folder_without_expert_has_no_second(tmp_path):
    """A cabinet's last layer for the expert was fitted on the first
    expert's features: with it, the expert reads alone.  A second expert
    file in a folder without an expert is not used."""
    one = _folder(tmp_path / "one", None)
    two = _folder(tmp_path / "two", "dice_face.onnx")
    w = _windows()
    f = one.face_features(w, expert=True)
    head = (np.random.default_rng(1).normal(0, 0.05, (7, f.shape[1])).astype(np.float32), np.zeros(7, np.float32))
    assert np.array_equal(two.read_faces(w, expert=True, head=head), one.read_faces(w, expert=True, head=head))
    bare = tmp_path / "bare"
    bare.mkdir()
    for name in ("dice_detector.onnx", "dice_face.onnx"):
        shutil.copy(netreader.MODELS / name, bare / name)
    shutil.copy(netreader.MODELS / "dice_face.onnx", bare / "dice_face_expert2.onnx")
    m = Models.load(bare)
    assert m.expert is None and m.expert2 is None


def test_a_calibration_knows_the_second_expert(tmp_path):
    """The models' fingerprint (what a calibration was made for) changes
    when a second expert is added: a calibration confirmed without it is
    not this reader's."""
    one = _folder(tmp_path / "one", None)
    two = _folder(tmp_path / "two", "dice_face.onnx")
    assert models_fingerprint(one) != models_fingerprint(two)


def test_a_second_expert_that_is_no_face_classifier_is_refused(tmp_path):
    from vision.die import VisionInputError
    with pytest.raises(VisionInputError, match="face classifier gives 7"):
        _folder(tmp_path / "bad", "dice_detector.onnx")


def test_the_trainer_draws_weighted_sets_more_often():
    """``--set-weights a:9`` draws set a about nine times as often as b
    (no drawn or junk frames asked for); an unweighted source draws them
    alike; a bad weight is a clear error.  Needs the train extra (torch):
    skipped where it is not installed, as in CI."""
    pytest.importorskip("torch", reason="training needs the train extra (torch)")
    import argparse

    from vision.training.data import Frame
    from vision.training.train import Source, _weights
    photos = [Frame(np.zeros((8, 8, 3), np.uint8), np.zeros((0, 4), np.float32), group=g) for g in "ab" for _ in range(3)]
    counts = {}
    for weights in ({"a": 9.0}, {}):
        src = Source(photos, random.Random(1), 0.0, weights)
        got = [src.frame().group for _ in range(4000)]
        counts[bool(weights)] = got.count("a") / max(1, got.count("a") + got.count("b"))
    assert 0.86 < counts[True] < 0.94 and 0.45 < counts[False] < 0.55
    assert _weights("pxl-colour-trays:3,tomitomi3-crops:0.5") == {"pxl-colour-trays": 3.0, "tomitomi3-crops": 0.5}
    for bad in ("pxl", "pxl:x", "pxl:0", ":2"):
        with pytest.raises(argparse.ArgumentTypeError):
            _weights(bad)
