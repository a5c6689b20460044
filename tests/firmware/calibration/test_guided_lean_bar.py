"""The guided calibration teaches the lean net this cabinet's dice (issue
40: a calibration that teaches; stop 69): the captured dice lie flat, pips
up as asked, so where the lean net (vision.lean) takes more than one in
fifty of them for leaning, its bar is raised until it does not; every
reading of the flow is made with it, and the calibration kept carries it
(file format 4), also where nothing else changes."""
from __future__ import annotations

import random

import numpy as np
import pytest

from firmware.calibration.flow import GuidedCalibration
from vision import calibrate
from vision.lean import LEAN_BARS, lean_bar_for
from vision.reader import DiceReader
from vision.synth import DieSpec, render_frame
from vision.training.cocked import cocked_frame
from vision.trays import TrayZones

pytest.importorskip("onnx")


def _tray(values, seed=0):
    """A 400 x 200 frame: ``values`` red dice in seat 0's strip."""
    specs = [DieSpec(v, "red", (40 + 45 * i, 60 + 70 * (i % 2)), 10.0 * i, 36) for i, v in enumerate(values)]
    return render_frame((400, 200), specs, seed=seed)


def _flow(monkeypatch, bar):
    """A guided flow through its six captured faces, the lean net's bar
    for them given as ``bar`` (vision.lean.lean_bar_for stood in for)."""
    import vision.lean
    asked = []
    monkeypatch.setattr(vision.lean, "lean_bar_for", lambda reader, flat: asked.append(len(flat)) or bar)
    frames = [_tray([k] * 8, seed=40 + k) for k in range(1, 7)]
    flow = GuidedCalibration([0], lambda: frames.pop(0), TrayZones.strips((400, 200), 2), rolls=1)
    for _ in range(6):
        flow.press(0)
    flow.adapt()
    assert asked and asked[0] >= 20          # the captured dice lying flat were shown to it
    return flow


def test_a_bar_chosen_for_the_captured_dice_is_read_with_and_kept(monkeypatch, tmp_path):
    flow = _flow(monkeypatch, 0.9)
    assert flow.lean_bar == 0.9 and flow.reader.lean_max_p == 0.9
    flow.confirmed = [object()]
    seen = []
    monkeypatch.setattr(flow, "_read_rolls", lambda reader: seen.append(reader.lean_max_p) or
                        {"dice": 20, "right": 18, "wrong": 0, "unread": 2})
    flow.decide()
    assert set(seen) == {0.9}, seen          # the reader as it is and every candidate
    assert flow.outcome[0] == "stored" and "like dice leaning" in flow.outcome[1] and "0.9" in flow.outcome[1]
    if flow.kind == "as shipped":        # stored for the bar alone: said so, not "the reader as it was"
        assert "looked to it like dice leaning" in flow.kept and "0.9" in flow.kept
        from firmware.calibration.words import ending
        assert ending(flow) == "changed"
    cal = flow.calibration()
    assert cal.lean_max_p == 0.9 and cal.info["lean_max_p"] == 0.9
    back = calibrate.load(calibrate.save(cal, tmp_path / "c.npz"), flow.reader.models)
    assert back.lean_max_p == 0.9
    assert calibrate.apply(DiceReader(), back).lean_max_p == 0.9
    assert calibrate.apply(DiceReader(), back).without_calibration().lean_max_p == 0.5


def test_without_a_bar_the_flow_and_its_words_are_as_before(monkeypatch):
    flow = _flow(monkeypatch, None)
    assert flow.lean_bar is None and flow.reader.lean_max_p == 0.5
    flow.confirmed = [object()]
    monkeypatch.setattr(flow, "_read_rolls", lambda reader: {"dice": 20, "right": 18, "wrong": 0, "unread": 2})
    flow.decide()
    assert "leaning" not in flow.outcome[1]
    assert flow.calibration().lean_max_p is None


def test_the_bar_for_dice_lying_flat_is_none_when_they_are_read_and_raised_when_they_are_not():
    """vision.lean.lean_bar_for on the shipped reader: drawn dice lying
    flat (0-12 degrees) need no other bar; drawn cocked dice given as if
    they lay flat (what made-up faces or a slanted camera look like to the
    lean net) raise it to one of LEAN_BARS, at which at most one in fifty
    of them is left unread."""
    reader = DiceReader()

    def finds(tilt, seeds):
        out = []
        for s in seeds:
            fr = cocked_frame(random.Random(s), tilt_deg=tilt)
            out += [(fr.image, c) for c in reader.find_dice(fr.image)]
        return out
    assert lean_bar_for(reader, finds((0.0, 12.0), range(500, 515))) is None
    leaning = finds((38.0, 52.0), range(500, 530))
    bar = lean_bar_for(reader, leaning)
    assert bar in LEAN_BARS and bar > 0.5
    from vision.lean import lean_probability
    p = np.array([lean_probability(reader, f, [c], [reader.die_window(f, c)], [0])[0] for f, c in leaning])
    assert bar == 1.0 or (p >= bar).sum() <= len(p) // 50
    assert lean_bar_for(reader, []) is None


def test_a_calibration_file_with_a_bad_lean_bar_is_refused_naming_it(tmp_path):
    from vision.calibration.file import Calibration, models_fingerprint
    reader = DiceReader()
    path = calibrate.save(Calibration({}, models_fingerprint(reader.models), {}, lean_max_p=0.8), tmp_path / "c.npz")
    assert calibrate.load(path, reader.models).lean_max_p == 0.8
    import json
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
    meta["lean_max_p"] = 1.5
    np.savez(tmp_path / "bad.npz", meta=np.frombuffer(json.dumps(meta).encode(), np.uint8))
    with pytest.raises(calibrate.CalibrationError, match="lean net"):
        calibrate.load(tmp_path / "bad.npz", reader.models)
