"""The guided calibration also weighs the face nets adapted to the camera
(vision.adapt, issue 40: a calibration that teaches): made from every
find of the captured frames, no label used, scored on the confirmed rolls
like every candidate, and stored with the calibration when it is kept."""
from __future__ import annotations

import numpy as np
import pytest

from firmware.calibration.flow import GuidedCalibration
from vision import calibrate
from vision.synth import DieSpec, render_frame
from vision.trays import TrayZones

pytest.importorskip("onnx")


def _tray(values, seed=0):
    """A 400 x 200 frame under a warm light: ``values`` dice in seat 0's strip."""
    specs = [DieSpec(v, "red", (40 + 45 * i, 60 + 70 * (i % 2)), 10.0 * i, 36) for i, v in enumerate(values)]
    img = render_frame((400, 200), specs, seed=seed).astype(np.float32) * np.float32((0.7, 1.0, 1.3))
    return np.clip(img, 0, 255).astype(np.uint8)


def _adapted_flow() -> GuidedCalibration:
    frames = [_tray([k] * 8, seed=30 + k) for k in range(1, 7)]
    flow = GuidedCalibration([0], lambda: frames.pop(0), TrayZones.strips((400, 200), 2), rolls=1)
    for _ in range(6):
        flow.press(0)
    flow.adapt()
    return flow


def test_the_guided_flow_adapts_the_nets_to_the_captured_frames():
    flow = _adapted_flow()
    assert flow.adaptation is not None, flow.adaptation_note
    assert flow.adaptation_note.startswith("tuned on") and flow.adapted_p is not None
    assert set(flow.adaptation.nets) == {"expert"}      # the first expert (vision.adapt.ADAPTED_NETS)


def test_an_adapted_candidate_that_reads_the_rolls_best_is_kept_and_stored(monkeypatch, tmp_path):
    flow = _adapted_flow()
    flow.confirmed = [object()]
    before = {"dice": 20, "right": 15, "wrong": 0, "unread": 5}
    tuned = {"dice": 20, "right": 19, "wrong": 0, "unread": 1}
    monkeypatch.setattr(flow, "_read_rolls",
                        lambda reader: tuned if reader.models.adaptation is not None else before)
    flow.decide()
    assert "adapted" in flow.tried and flow.kind == "adapted", (flow.kind, flow.tried)
    assert flow.outcome[0] == "stored" and "tuned to your camera" in flow.outcome[1]
    cal = flow.calibration()
    assert cal.adaptation == flow.adaptation and cal.info["adaptation"].startswith("tuned on")
    back = calibrate.load(calibrate.save(cal, tmp_path / "c.npz"), flow.reader.models)
    assert calibrate.apply(flow.reader, back).models.adaptation == flow.adaptation


@pytest.mark.parametrize("adapted", [False, True])
def test_the_window_is_still_held_against_its_threshold_alone(monkeypatch, adapted):
    """A window's candidate is held against the nets as shipped at its own
    threshold, with or without an adapted candidate beside it (the review
    of this change: adding the adapted candidate had moved that line under it)."""
    from vision.netreader import WindowGeometry
    flow = GuidedCalibration([0], lambda: None, None)
    flow.heads, flow.prototypes, flow.min_value_p = {}, {}, 0.9
    flow.window, flow.window_p = WindowGeometry(0.9, 0.0, -0.05, 0.0), 0.9
    if adapted:
        flow.adaptation, flow.adapted_p = object(), 0.8
        monkeypatch.setattr(type(flow.reader), "with_adaptation", lambda self, a: self)
    counts = {"dice": 10, "right": 8, "wrong": 0, "unread": 2}
    monkeypatch.setattr(flow, "score", lambda *a, **kw: dict(counts))
    monkeypatch.setattr(flow, "_read_rolls", lambda reader: dict(counts))
    candidates, at_window_p = flow._score_candidates(0.8)
    assert at_window_p == candidates["threshold"]
    assert ("adapted" in candidates) == adapted
