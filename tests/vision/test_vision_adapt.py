"""The face nets adapted to a camera's light and dice (vision.adapt,
issue 40: a calibration that teaches): the math folded into the nets, the
training statistics that ship, the calibration file and the candidate a
labelled calibration weighs.  On drawn dice: no photo set needed."""
import hashlib
import json
import random
import shutil
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnx")

from vision import calibrate  # noqa: E402
from vision.adapt import (NETS, Adaptation, channel_stats, fit_adaptation, fit_layers, fold_into,  # noqa: E402
                          reader_windows, source_stats)
from vision.calibration.file import models_fingerprint  # noqa: E402
from vision.detector import blob  # noqa: E402
from vision.die import VisionInputError  # noqa: E402
from vision.netreader import MODELS, Models  # noqa: E402
from vision.reader import DiceReader  # noqa: E402
from vision.synth import DieSpec, render_frame  # noqa: E402

from test_vision_calibrate import _drawn_set  # noqa: E402  (a labelled folder of drawn trays)

SHIPPED = DiceReader()


def _frames(n: int, seed: int, tint=(1.0, 1.0, 1.0)) -> list[np.ndarray]:
    """Drawn trays of five dice, their colours scaled by ``tint`` (B, G, R):
    another camera's light."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        specs = [DieSpec(rng.randint(1, 6), rng.choice(["red", "white", "blue"]), (70 + 100 * j, 110),
                         rng.uniform(0, 90), 44) for j in range(5)]
        img = render_frame((560, 220), specs, seed=seed * 100 + k).astype(np.float32) * np.float32(tint)
        out.append(np.clip(img, 0, 255).astype(np.uint8))
    return out


def _identity(stats) -> list[tuple[np.ndarray, np.ndarray]]:
    return [(np.ones(len(m), np.float32), np.zeros(len(m), np.float32)) for m, _ in stats]


def test_the_shipped_training_statistics_belong_to_the_shipped_nets():
    """A net retrained without its statistics made again has none (no
    adaptation is offered for it): the shipped ones are all there."""
    stats = source_stats(MODELS)
    assert set(stats) == set(NETS)
    for name, stem in NETS.items():
        assert len(stats[name]) == len(channel_stats((MODELS / f"{stem}.onnx").read_bytes(),
                                                     np.zeros((1, 3, 48, 48), np.float32)))


def test_statistics_of_another_file_are_not_used(tmp_path):
    for f in MODELS.glob("*.onnx"):
        shutil.copy(f, tmp_path / f.name)
    shutil.copy(MODELS / "face_stats.npz", tmp_path / "face_stats.npz")
    assert set(source_stats(tmp_path)) == set(NETS)
    (tmp_path / "dice_face.onnx").write_bytes((MODELS / "dice_face_expert.onnx").read_bytes())   # retrained
    assert "fast" not in source_stats(tmp_path) and "expert" in source_stats(tmp_path)


@pytest.mark.parametrize("stem", ["dice_face", "dice_face_expert"])
def test_folding_the_identity_changes_no_output_float_or_8_bit(stem):
    x = blob(reader_windows(SHIPPED, _frames(1, 3))[:16])
    import onnxruntime as ort
    for f in (MODELS / f"{stem}.onnx", MODELS / f"{stem}.int8.onnx"):
        data = f.read_bytes()
        ident = _identity(channel_stats((MODELS / f"{stem}.onnx").read_bytes(), x))
        a = ort.InferenceSession(data).run(None, {"x": x})[0]
        b = ort.InferenceSession(fold_into(data, ident)).run(None, {"x": x})[0]
        np.testing.assert_allclose(a, b, atol=1e-3)


def test_an_adapted_net_gives_the_owners_windows_the_training_statistics():
    """Dice under another light (blue-green) change every channel's mean
    and spread; adapted, each layer's channels have the training ones
    again (the first exactly, the later ones measured after the first are
    adapted: exactly too)."""
    f = (MODELS / "dice_face.onnx").read_bytes()
    source = source_stats(MODELS)["fast"]
    x = blob(reader_windows(SHIPPED, _frames(6, 5, tint=(1.3, 1.1, 0.6))))
    before = channel_stats(f, x)
    assert max(float(np.abs(m - ms).max()) for (m, _), (ms, _) in zip(before, source)) > 0.05
    after = channel_stats(fold_into(f, fit_layers(f, source, x)), x)
    for k, ((m, s), (ms, ss)) in enumerate(zip(after, source)):
        lit = s > 1e-3
        np.testing.assert_allclose(m[lit], ms[lit], atol=1e-2 * max(1.0, float(np.abs(ms).max())), err_msg=k)
        np.testing.assert_allclose(s[lit], ss[lit], rtol=2e-2, err_msg=k)


def test_an_adaptation_that_does_not_fit_the_net_is_refused():
    f = (MODELS / "dice_face.onnx").read_bytes()
    wrong = _identity(source_stats(MODELS)["expert"])
    with pytest.raises(VisionInputError, match="does not fit|channels"):
        fold_into(f, wrong)
    with pytest.raises(VisionInputError, match="finite|above 0"):
        Adaptation.of({"fast": [(np.array([np.nan]), np.array([0.0]))]})
    with pytest.raises(VisionInputError, match="above 0"):
        Adaptation.of({"fast": [(np.array([0.0]), np.array([0.0]))]})
    with pytest.raises(VisionInputError, match="need"):
        fit_adaptation(MODELS, reader_windows(SHIPPED, _frames(1, 2))[:8])


def test_an_adapted_reader_reads_with_adapted_nets_and_without_calibration_drops_them():
    ad = fit_adaptation(MODELS, reader_windows(SHIPPED, _frames(12, 7, tint=(1.2, 1.0, 0.7))))
    assert set(ad.nets) == {"expert"} and ad.digest      # the fast net and the second expert stay as trained
    r = SHIPPED.with_adaptation(ad)
    assert r.models.adaptation == ad and SHIPPED.models.adaptation is None     # a copy; the shipped one unchanged
    frame = _frames(1, 9, tint=(1.2, 1.0, 0.7))[0]
    w = [r.die_window(frame, c) for c in r.find_dice(frame)]
    assert not np.allclose(r.read_faces(w, expert=True), SHIPPED.read_faces(w, expert=True))
    np.testing.assert_array_equal(r.read_faces(w), SHIPPED.read_faces(w))
    assert r.without_calibration().models == SHIPPED.models
    assert models_fingerprint(r.models) == models_fingerprint(SHIPPED.models)   # the nets it was made for


def test_the_calibration_file_keeps_an_adaptation_and_refuses_a_damaged_one(tmp_path):
    ad = fit_adaptation(MODELS, reader_windows(SHIPPED, _frames(12, 11, tint=(0.8, 1.0, 1.2))))
    cal = calibrate.Calibration({}, models_fingerprint(SHIPPED.models), {"kind": "adapted and threshold"}, 0.9,
                                adaptation=ad)
    path = calibrate.save(cal, tmp_path / calibrate.CALIBRATION_FILE)
    back = calibrate.load(path, SHIPPED.models)
    assert back.adaptation == ad and back.min_value_p == 0.9
    for name in ad.nets:
        for (a, c), (a2, c2) in zip(ad.nets[name], back.adaptation.nets[name]):
            np.testing.assert_array_equal(a, a2)
            np.testing.assert_array_equal(c, c2)
    r = calibrate.apply(SHIPPED, back)
    assert r.models.adaptation == ad and r.min_value_p == 0.9
    assert calibrate.apply(r, None).models.adaptation is None
    # a scale that is not a number: refused, naming the file
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["adapt_expert_0_a"] = np.full_like(arrays["adapt_expert_0_a"], np.nan)
    bad = tmp_path / "bad.npz"
    np.savez(bad, **arrays)
    with pytest.raises(calibrate.CalibrationError, match="bad.npz.*adaptation"):
        calibrate.load(bad, SHIPPED.models)
    # an adaptation of other nets (a layer too few): refused when applied
    meta = json.loads(bytes(arrays["meta"]).decode())
    meta["adaptation"]["expert"] -= 1
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    arrays["adapt_expert_0_a"] = np.ones_like(arrays["adapt_expert_0_a"])
    other = tmp_path / "other.npz"
    np.savez(other, **arrays)
    with pytest.raises(VisionInputError, match="does not fit"):
        calibrate.apply(SHIPPED, calibrate.load(other, SHIPPED.models))


def test_a_labelled_calibration_weighs_the_nets_adapted_to_the_camera(tmp_path):
    """The candidate is made from the fit photos' finds and scored on the
    photos kept back like every other; what it did is said."""
    folder = _drawn_set(tmp_path / "set", 16, 21)
    cal = calibrate.calibrate_from_labelled(SHIPPED, folder)
    assert "adapted and threshold" in cal.info["candidates"], cal.info["adaptation"]
    assert cal.info["adaptation"].startswith("tuned on")
    assert (cal.adaptation is not None) == ("adapted" in cal.info["kind"])
    assert calibrate.kept_words("adapted and threshold", 0.8, None).endswith("tuned to your camera's light and dice")


def test_models_without_training_statistics_are_not_adapted(tmp_path):
    for f in MODELS.glob("*.onnx"):
        shutil.copy(f, tmp_path / f.name)
    shutil.copy(MODELS / "quantized.json", tmp_path / "quantized.json")
    reader = DiceReader(models=Models.load(tmp_path))
    folder = _drawn_set(tmp_path / "set", 16, 23)
    cal = calibrate.calibrate_from_labelled(reader, folder)
    assert "adapted and threshold" not in cal.info["candidates"]
    assert "face_stats" in cal.info["adaptation"] and cal.adaptation is None


def test_shipped_statistics_record_the_float_files():
    with np.load(MODELS / "face_stats.npz") as z:
        meta = json.loads(bytes(z["meta"]).decode())
    for name, stem in NETS.items():
        assert meta["nets"][name]["sha256"] == hashlib.sha256((MODELS / f"{stem}.onnx").read_bytes()).hexdigest()
