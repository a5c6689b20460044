"""The face nets' 8-bit copies (``vision.training.quantize``): made from the
float files, used under onnxruntime only while they match them, reading
what the float nets read, and still calibratable (last layer float and
linear in the features)."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys

import numpy as np
import pytest

from dice_fixtures import tiny_labelled_set
from vision import netreader
from vision.synth import DieSpec, render_frame

ort = pytest.importorskip("onnxruntime")


def _float_copy(folder):
    """The shipped float nets (no 8-bit copies) in ``folder``."""
    for name in ("dice_detector.onnx", "dice_face.onnx", "dice_face_expert.onnx"):
        shutil.copy(netreader.MODELS / name, folder / name)
    return folder


def test_shipped_face_nets_run_from_their_8_bit_copies():
    m = netreader.Models.shipped()
    assert netreader.default_runtime() == m.runtime == "onnxruntime"
    assert m.face.name == "dice_face.int8.onnx"
    assert m.expert.name == "dice_face_expert.int8.onnx"
    assert m.detector.name == "dice_detector.onnx"


def test_a_stale_copy_is_not_used(tmp_path):
    """An 8-bit copy not made from the float file beside it (the float net
    retrained since, or no record) is ignored with a warning naming the fix."""
    d = _float_copy(tmp_path)
    shutil.copy(netreader.MODELS / "dice_face.int8.onnx", d / "dice_face.int8.onnx")
    with pytest.warns(UserWarning, match="vision.training.quantize"):
        assert netreader.face_file(d, "dice_face") == d / "dice_face.onnx"  # no quantized.json
    rec = json.loads((netreader.MODELS / "quantized.json").read_text())
    (d / "quantized.json").write_text(json.dumps(rec))
    assert netreader.face_file(d, "dice_face") == d / "dice_face.int8.onnx"  # the same float file: used
    (d / "dice_face.onnx").write_bytes((d / "dice_face.onnx").read_bytes() + b"\0")  # "retrained"
    with pytest.warns(UserWarning, match="was not made from the dice_face.onnx beside it"):
        assert netreader.face_file(d, "dice_face") == d / "dice_face.onnx"
    # no copy at all: the float file, silently
    assert netreader.face_file(d, "dice_face_expert") == d / "dice_face_expert.onnx"


def test_cv2_dnn_runs_the_float_files(monkeypatch):
    assert netreader.face_file(netreader.MODELS, "dice_face", "opencv") == netreader.MODELS / "dice_face.onnx"
    m = netreader.Models.shipped("opencv")
    assert m.runtime == "opencv" and m.face.name == "dice_face.onnx" and m.expert.name == "dice_face_expert.onnx"
    monkeypatch.setenv("CABINET_DNN", "opencv")
    assert netreader.Models.shipped() == m


def _drawn_windows(n=60):
    from vision.training.data import face_sample, synth_frame
    rng = random.Random(11)
    wins = []
    while len(wins) < n:
        fr = synth_frame(rng)
        wins += [w for w, _ in filter(None, (face_sample(fr, rng, negative=False) for _ in range(8)))]
    return wins[:n]


@pytest.mark.parametrize("stem", ["dice_face", "dice_face_expert"])
def test_8_bit_copies_read_drawn_dice_as_the_float_nets(stem):
    """The same best class on drawn dice windows wherever the float net is
    sure enough to report it (p >= 0.6), probabilities within 0.1, and
    logits a linear map of the features (so calibration can replace the
    last layer): vision.training.quantize.compare."""
    from vision.training.quantize import compare
    x = netreader._blob(_drawn_windows())
    r = compare(netreader.MODELS / f"{stem}.onnx", netreader.MODELS / f"{stem}.int8.onnx", x)
    assert r["other_best_class_where_float_sure"] == 0 and r["max_probability_change"] < 0.1, r
    assert r["linear_error"] < 1e-3, r


def test_the_reader_reads_drawn_dice_with_the_8_bit_nets():
    from vision.reader import DiceReader
    specs = [DieSpec(v, c, (90 + 120 * (v - 1), 120), 15 * v, 46)
             for v, c in zip(range(1, 7), ["white", "red", "black", "blue", "green", "yellow"])]
    assert sorted(d.value for d in DiceReader().read_dice(render_frame((760, 240), specs, seed=4))) == [1, 2, 3, 4, 5, 6]


def test_quantize_cli_makes_copies_the_reader_takes(tmp_path):
    """End to end on a drawn set: the CLI writes both copies and the
    record, and Models.load then runs them."""
    pytest.importorskip("onnx")
    (tmp_path / "m").mkdir()
    d = _float_copy(tmp_path / "m")
    s = tiny_labelled_set(tmp_path / "set")
    out = subprocess.run([sys.executable, "-m", "vision.training.quantize", str(d), str(s), "--fold", "all",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert set(res["nets"]) == {"dice_face", "dice_face_expert"}
    assert all(r["linear_error"] < 1e-3 for r in res["nets"].values())
    m = netreader.Models.load(d)
    assert m.face == d / "dice_face.int8.onnx" and m.expert == d / "dice_face_expert.int8.onnx"


def test_quantize_cli_refuses_a_folder_without_nets(tmp_path):
    s = tiny_labelled_set(tmp_path / "set")
    (tmp_path / "empty").mkdir()
    out = subprocess.run([sys.executable, "-m", "vision.training.quantize", str(tmp_path / "empty"), str(s)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "no such model file" in out.stderr


def test_quantize_cli_with_no_candidates_is_a_clear_error(tmp_path):
    """Photos with no die in them: nothing to set the ranges from."""
    import cv2
    d = tmp_path / "m"
    d.mkdir()
    _float_copy(d)
    (tmp_path / "set" / "images").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "set" / "images" / "a.png"), np.full((200, 200, 3), 90, np.uint8))
    out = subprocess.run([sys.executable, "-m", "vision.training.quantize", str(d), str(tmp_path / "set")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "no die candidate was found" in out.stderr
    assert not (d / "dice_face.int8.onnx").exists()


def test_a_copy_that_does_not_run_falls_back_to_float_and_can_be_remade(tmp_path):
    """A truncated 8-bit copy (an interrupted write) with a record that
    still matches: Models.load warns and reads with the float net; the
    quantizer, which needs only the float files, makes a working copy."""
    pytest.importorskip("onnx")
    d = tmp_path / "m"
    d.mkdir()
    _float_copy(d)
    for name in ("dice_face.int8.onnx", "dice_face_expert.int8.onnx", "quantized.json"):
        shutil.copy(netreader.MODELS / name, d / name)
    (d / "dice_face.int8.onnx").write_bytes((d / "dice_face.int8.onnx").read_bytes()[:500])
    with pytest.warns(UserWarning, match="does not run; reading with the float net dice_face.onnx"):
        m = netreader.Models.load(d)
    assert m.face == d / "dice_face.onnx" and m.expert == d / "dice_face_expert.int8.onnx"
    s = tiny_labelled_set(tmp_path / "set")
    out = subprocess.run([sys.executable, "-m", "vision.training.quantize", str(d), str(s), "--fold", "all"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert netreader.Models.load(d).face == d / "dice_face.int8.onnx"


def test_quantize_cli_with_no_photo_in_the_fold_says_so(tmp_path):
    s = tiny_labelled_set(tmp_path / "set")  # one photo: scene 0, even
    (tmp_path / "m").mkdir()
    d = _float_copy(tmp_path / "m")
    out = subprocess.run([sys.executable, "-m", "vision.training.quantize", str(d), str(s), "--fold", "odd"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "no readable photo in the odd scenes" in out.stderr
