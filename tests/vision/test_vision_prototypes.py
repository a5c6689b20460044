"""A calibration that learns the owner's dice: face prototypes in the face
nets' embedding space (`vision/prototypes.py`), stored with the
calibration (format 2; format 1 files still load), used by the reader."""
import json
import random
from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import calibrate
from vision.calibration.file import FILE_FORMAT, models_fingerprint
from vision.calibration.layers import fit_heads, learn_prototypes
from vision.calibration.photos import die_windows
from vision.die import VisionInputError
from vision.netreader import NOT_A_DIE
from vision.prototypes import FACES, PROTO_WEIGHTS, Prototypes, fit_prototypes
from vision.reader import DiceReader

SHIPPED = DiceReader()
MODELS = SHIPPED.models


def _bar_frame(values: list[int], seed: int) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """A made-up kind of dice the nets never saw: white squares on green
    felt showing their value as that many dark bars, not pips (560 x 220
    frame, five dice).  Returns (frame, the dice's centres)."""
    rng = np.random.default_rng(seed)
    img = (np.full((220, 560, 3), (60, 110, 40), np.float64) + rng.normal(0, 4, (220, 560, 3))).clip(0, 255)
    img = img.astype(np.uint8)
    centres = []
    for j, v in enumerate(values):
        cx, cy, h = 70 + 100 * j, 110, 22
        cv2.rectangle(img, (cx - h, cy - h), (cx + h, cy + h), (235, 235, 235), -1)
        for b in range(v):
            y = cy - h + int((b + 1) * 2 * h / (v + 1))
            cv2.line(img, (cx - h + 6, y), (cx + h - 6, y), (30, 30, 30), 3)
        centres.append((cx, cy))
    return img, centres


def _bar_frames(n: int, seed: int):
    rng = random.Random(seed)
    out = []
    for k in range(n):
        values = [rng.randint(1, 6) for _ in range(5)]
        out.append((*_bar_frame(values, seed * 100 + k), values))
    return out


def _right_wrong(reader: DiceReader, frames) -> tuple[int, int]:
    right = wrong = 0
    for img, centres, values in frames:
        dice = reader.read_dice(img)
        for v, (cx, cy) in zip(values, centres):
            near = [d for d in dice if abs(d.center[0] - cx) < 20 and abs(d.center[1] - cy) < 20]
            if near and near[0].value is not None:
                right += near[0].value == v
                wrong += near[0].value != v
    return right, wrong


def _windows(frames):
    windows, classes = [], []
    for img, centres, values in frames:
        for c in SHIPPED.find_dice(img):
            m = [v for v, (cx, cy) in zip(values, centres) if abs(c.x - cx) < 20 and abs(c.y - cy) < 20]
            windows += die_windows(SHIPPED, img, c)
            classes.append(m[0] - 1 if m else NOT_A_DIE)
    return windows, classes


def test_prototypes_learn_a_made_up_kind_of_dice_the_shipped_nets_cannot_read():
    """Dice showing bars instead of pips: the shipped reader reads at most
    a tenth of them right, by chance (none until the first expert's third
    round of 2026-12-06: 2 of 40 since, and 27 wrong), and gives some a
    wrong value; prototypes learned from 12
    frames of them, at the heaviest weight a calibration may choose, read
    half the dice of 8 other frames or more right (35 of 40 when written;
    27 with the experts' two turns, 23 with the four that ship since
    2026-12-03, whose all must agree; 20 with the experts fine-tuned twice
    on the reader's windows, 2026-12-03 later: over four pairs of fit /
    held-out seeds 96 of 160 against 112 before; 24 since 2026-12-06) and
    at most one wrong (9 to 15 before), read without the lean net (with
    it as shipped, 13 of the 24
    stay read since stop 69, whose lean net leaves more cocked dice
    unread; 18 with stop 68's); with the bar a calibration chooses for
    them from the fit frames' dice lying flat (0.9), as many as without
    the lean net."""
    fit, held_out = _bar_frames(12, 1), _bar_frames(8, 2)
    before = _right_wrong(SHIPPED, held_out)
    assert before[0] <= 4 and before[1] > 0
    protos = learn_prototypes(MODELS, *_windows(fit), 8, weight=max(PROTO_WEIGHTS))
    # what the prototypes read, the lean net aside (it is never calibrated: vision.lean)
    no_lean = DiceReader(models=replace(MODELS, lean=None))
    right, wrong = _right_wrong(no_lean.with_prototypes(protos), held_out)
    assert right >= 20 and wrong <= 1, (before, right, wrong)  # half of the 40 or more
    # with it, some bar dice look to it like dice leaning: 13 of the 24 stay read (stop 69; 18 at stop 68)
    right_lean, wrong_lean = _right_wrong(SHIPPED.with_prototypes(protos), held_out)
    assert right_lean >= 11 and wrong_lean <= wrong, (right_lean, wrong_lean)
    # a calibration teaches it its bar for these dice, lying flat in the fit frames (stop 69: 0.9), and
    # the prototypes read as many as without it (24)
    from vision.lean import lean_bar_for
    flat = [(img, c) for img, centres, _ in fit for c in SHIPPED.find_dice(img)
            if any(abs(c.x - cx) < 20 and abs(c.y - cy) < 20 for cx, cy in centres)]
    bar = lean_bar_for(SHIPPED, flat)
    assert bar is not None and bar > SHIPPED.lean_max_p
    assert _right_wrong(SHIPPED.with_prototypes(protos).with_lean_bar(bar), held_out) == (right, wrong)


def test_prototypes_pull_towards_the_nearest_face_and_reject_a_die_far_from_every_one():
    rng = np.random.default_rng(0)
    centres = rng.normal(size=(7, 16)) * 3
    y = np.repeat(np.arange(7), 40)
    F = (centres[y] + rng.normal(size=(len(y), 16))).astype(np.float32)
    pr = fit_prototypes(F, y, weight=5.0)
    wrong_logits = np.zeros((len(y), 7))
    wrong_logits[:, 0] = 2.0                   # a net that calls every die a one
    z = pr.adjust(wrong_logits, F)
    assert (z.argmax(1) == y).mean() > 0.9
    far = np.full((1, 16), 50.0, np.float32)   # unlike every face shown
    far[0, ::2] = -50.0
    z = pr.adjust(np.array([[5.0, 0, 0, 0, 0, 0, -5.0]]), far)
    assert np.ptp(z[0, :FACES]) < 1e-9         # six equal value scores: no value given


def test_too_few_dice_of_a_face_or_none_at_all_are_refused_in_words():
    F = np.ones((40, 8), np.float32)
    with pytest.raises(VisionInputError, match="too few dice showing 6"):
        fit_prototypes(F, np.arange(40) % 5)
    with pytest.raises(calibrate.CalibrationError, match="nothing to learn from"):
        learn_prototypes(MODELS, [], [], 8)
    with pytest.raises(VisionInputError, match="length 1"):
        Prototypes(np.zeros(8), np.zeros((7, 8)), np.zeros(6))


def test_an_uncalibrated_reader_reads_exactly_as_before():
    img, _, _ = _bar_frames(1, 5)[0]
    from vision.synth import DieSpec, render_frame
    frame = render_frame((400, 200), [DieSpec(v, "red", (50 + 60 * v, 100), 0, 40) for v in range(1, 6)], seed=3)
    for f in (img, frame):
        a, b = SHIPPED.read_dice(f), SHIPPED.with_prototypes(None).read_dice(f)
        assert [(d.value, d.center, d.confidence) for d in a] == [(d.value, d.center, d.confidence) for d in b]
        c = calibrate.apply(SHIPPED, None).read_dice(f)
        assert [(d.value, d.confidence) for d in a] == [(d.value, d.confidence) for d in c]


def test_prototypes_are_stored_with_the_calibration_and_used_by_the_cabinets_reader(tmp_path):
    from firmware.runtime.reader import cabinet_reader
    protos = learn_prototypes(MODELS, *_windows(_bar_frames(6, 1)), 8)
    cal = calibrate.Calibration({}, models_fingerprint(MODELS), {"kind": "prototypes and threshold"},
                                prototypes=protos)
    path = calibrate.save(cal, tmp_path / calibrate.CALIBRATION_FILE)
    back = calibrate.load(path, MODELS)
    assert set(back.prototypes) == set(protos)
    for k, pr in protos.items():
        np.testing.assert_array_equal(back.prototypes[k].means, pr.means)
        np.testing.assert_array_equal(back.prototypes[k].centre, pr.centre)
        assert back.prototypes[k].weight == pr.weight
    reader, used, why = cabinet_reader({"cabinet": {"state_dir": str(tmp_path)}})
    assert used == str(path) and why is None and set(reader.prototypes) == set(protos)
    frames = _bar_frames(3, 2)
    assert _right_wrong(reader, frames) == _right_wrong(SHIPPED.with_prototypes(protos), frames)


def _old_format_file(path, heads=None, min_value_p=0.95):
    """A calibration file as written before face prototypes (format 1: no
    ``format`` or ``prototypes`` in its meta)."""
    arrays = {f"{k}_{part}": v for k, (W, b) in (heads or {}).items() for part, v in (("W", W), ("b", b))}
    meta = json.dumps({"models": models_fingerprint(MODELS), "info": {"kind": "threshold"},
                       "heads": sorted(heads or {}), "min_value_p": min_value_p, "window": None})
    with open(path, "wb") as fh:
        np.savez(fh, meta=np.frombuffer(meta.encode(), np.uint8), **arrays)
    return path


def test_an_old_calibration_file_still_loads_and_reads_as_before(tmp_path):
    img, _, _ = _bar_frames(1, 3)[0]
    windows, classes = _windows(_bar_frames(2, 1))
    heads = fit_heads(MODELS, windows, classes, 8)
    cal = calibrate.load(_old_format_file(tmp_path / "old.npz", heads), MODELS)
    assert cal.prototypes == {} and cal.min_value_p == 0.95 and set(cal.heads) == {"fast", "expert"}
    r = calibrate.apply(SHIPPED, cal)
    assert r.prototypes == {}
    assert ([(d.value, d.confidence) for d in r.read_dice(img)]
            == [(d.value, d.confidence) for d in SHIPPED.with_heads(heads).at(0.95).read_dice(img)])


def test_a_calibration_file_of_a_later_format_is_refused_in_words(tmp_path):
    path = _old_format_file(tmp_path / "new.npz")
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
    meta["format"] = FILE_FORMAT + 1
    with open(path, "wb") as fh:
        np.savez(fh, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8))
    with pytest.raises(calibrate.CalibrationError, match="later version"):
        calibrate.load(path, MODELS)


def test_prototypes_for_other_nets_are_refused():
    pr = fit_prototypes(np.random.default_rng(1).normal(size=(70, 5)).astype(np.float32), np.arange(70) % 7)
    with pytest.raises(VisionInputError, match="other models"):
        SHIPPED.with_prototypes({"fast": pr})
