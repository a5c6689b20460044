"""Where the reader cuts a die's face window (vision.netreader.WindowGeometry):
the shifted second reading, and the window a calibration fits for a camera
that sees the dice at a slant.  Drawn dice: no photo set needed."""
import math

import numpy as np
import pytest

from test_calibration_flow import _flow_to_decide
from vision import calibrate, netreader, reader_windows
from vision.calibration import window_fit
from vision.calibration.file import models_fingerprint
from vision.calibration.window_fit import WINDOW_MIN_GAIN, fit_window, patch_of, window_loss
from vision.die import VisionInputError
from vision.netreader import SHIPPED_WINDOW, Models, WindowGeometry
from vision.reader import DiceReader
from vision.reader_settings import DEFAULT_MIN_VALUE_P
from vision.synth import DieSpec, render_frame

#: the reader as shipped (its models' fingerprint names a calibration's models)
SHIPPED = DiceReader()
FINGERPRINT = models_fingerprint(Models.shipped())


@pytest.mark.parametrize("fields, word", [
    ({"scale": 2.0}, "scale"), ({"dy": float("nan")}, "dy"), ({"dx": True}, "dx"), ({"radial": "0.1"}, "radial"),
    ({"dy": -0.5}, "dy"),
])
def test_a_window_out_of_its_limits_is_refused_naming_the_field(fields, word):
    with pytest.raises(VisionInputError, match=f"window {word} must be a number from"):
        WindowGeometry(**fields)


def test_the_window_moves_by_die_sizes_and_outward_from_the_frame_centre():
    assert WindowGeometry(dy=-0.1).centre(100, 100, 40, 640, 480) == pytest.approx((100, 96, 40))
    assert WindowGeometry(scale=0.9, dx=0.05).centre(100, 100, 40, 640, 480) == pytest.approx((102, 100, 36))
    # radial: a die in the frame's corner moves `radial` die sizes outward (half-diagonal 400 px)
    x, y, s = WindowGeometry(radial=0.2).centre(640, 480, 40, 640, 480)
    assert (x - 640, y - 480) == pytest.approx((0.2 * 40 * 320 / 400, 0.2 * 40 * 240 / 400))
    assert math.hypot(x - 640, y - 480) == pytest.approx(0.2 * 40)
    assert WindowGeometry(radial=0.2).centre(320, 240, 40, 640, 480) == pytest.approx((320, 240, 40))


def test_the_shipped_window_is_the_face_window_and_with_window_checks_its_argument():
    frame = render_frame((200, 160), [DieSpec(5, "red", (100, 80), 0, 44)], seed=1)
    cand = netreader.Candidate(100.0, 80.0, 44.0, 0.9)
    plain = netreader.face_window(frame, 100, 80, 44)
    assert np.array_equal(netreader.die_window(frame, cand), plain)
    assert np.array_equal(SHIPPED.die_window(frame, cand), plain)
    up = SHIPPED.with_window(WindowGeometry(dy=-0.1))
    assert up.window == WindowGeometry(dy=-0.1) and SHIPPED.window == SHIPPED_WINDOW
    assert np.array_equal(up.die_window(frame, cand), netreader.face_window(frame, 100, 80 - 4.4, 44))
    with pytest.raises(VisionInputError, match="WindowGeometry"):
        up.with_window((1.0, 0.0, -0.1, 0.0))
    with pytest.raises(VisionInputError, match="WindowGeometry"):
        DiceReader(window=(1.0, 0.0, -0.1, 0.0))
    assert up.window == WindowGeometry(dy=-0.1)  # kept
    assert up.with_window(None).window == SHIPPED_WINDOW


def test_the_second_reading_is_cut_up_the_frame_from_the_window_in_use(monkeypatch):
    """The fast net's turned reading sees the die check_shift die sizes
    further up than the first (less of a near side face), also from a
    calibrated window."""
    frame = render_frame((360, 160), [DieSpec(v, "white", (60 + 80 * k, 80), 10 * k, 44)
                                      for k, v in enumerate((2, 4, 6, 3))], seed=2)
    for start in (SHIPPED_WINDOW, WindowGeometry(scale=0.9, dy=-0.04)):
        r = SHIPPED.with_window(start)
        cuts = []
        real = reader_windows.die_window

        def spy(frame, cand, angle=0.0, mirror=False, geometry=SHIPPED_WINDOW):
            cuts.append((angle, mirror, geometry))
            return real(frame, cand, angle, mirror, geometry)
        real_pairs = reader_windows.die_windows

        def spy_pairs(frame, cand, wanted):
            cuts.extend(wanted)
            return real_pairs(frame, cand, wanted)
        monkeypatch.setattr(reader_windows, "die_window", spy)
        monkeypatch.setattr(reader_windows, "die_windows", spy_pairs)
        dice = r.read_dice(frame)
        assert len(dice) == 4 and (start != SHIPPED_WINDOW or [d.value for d in sorted(dice, key=lambda d: d.center[0])] == [2, 4, 6, 3])
        st = r.settings
        turned = [g for angle, mirror, g in cuts if angle == st.check_turn and mirror]
        first = [g for angle, mirror, g in cuts if angle == 0 and not mirror]
        assert turned and first and set(first) == {start}
        assert set(turned) == {WindowGeometry(start.scale, start.dx, start.dy - st.check_shift, start.radial)}
        monkeypatch.undo()


def _slanted(values: list[int], seed: int) -> tuple[np.ndarray, list[tuple[float, float, int]]]:
    """A frame of dice seen at a slant (a side face below each top face),
    and (x, y, value) of each top face's centre."""
    specs = [DieSpec(v, c, (60 + 90 * k, 80), 0, 46, side_face=0.7)
             for k, (v, c) in enumerate(zip(values, ["white", "red", "blue", "white", "red"]))]
    return render_frame((470, 180), specs, seed=seed), [(s.center[0], s.center[1], s.value) for s in specs]


def test_the_window_fit_finds_the_top_faces_of_dice_seen_at_a_slant():
    """Drawn dice with a side face below the top one: the detector's centre
    lies below the top face; the window fit moves the window up (dy < 0)
    and reads the labelled values better than the shipped window."""
    patches = []
    for seed, values in enumerate([(1, 2, 3, 4, 5), (6, 5, 4, 3, 2), (3, 1, 6, 2, 4), (5, 6, 1, 4, 3)]):
        frame, tops = _slanted(list(values), seed)
        for c in SHIPPED.find_dice(frame):
            x, y, v = min(tops, key=lambda t: abs(t[0] - c.x))
            if abs(x - c.x) < 20:
                patches.append(patch_of(frame, c, v - 1))
    assert len(patches) >= 16
    assert np.mean([p.cand.y - 80 for p in patches]) > 3  # the silhouette's centre lies below the top face
    window, shipped, loss = fit_window(SHIPPED, patches)
    assert window.dy < 0 and loss <= shipped - WINDOW_MIN_GAIN
    assert window_loss(SHIPPED, patches, window) == pytest.approx(loss)


def _patches(frame: np.ndarray, tops: list[tuple[float, float, int]]) -> list:
    out = []
    for c in SHIPPED.find_dice(frame):
        x, y, v = min(tops, key=lambda t: abs(t[0] - c.x))
        if abs(x - c.x) < 20:
            out.append(patch_of(frame, c, v - 1))
    return out


def test_dice_seen_from_above_keep_the_shipped_window(monkeypatch):
    """Straight-on dice: no window reads them better by WINDOW_MIN_GAIN, so
    the shipped one is kept (a smaller gain is the noise of picking the
    best of many); with no margin at all the fit would have moved it.
    (Sensor noise 6: on cleaner frames the 2026-12-02 nets read these dice
    as well through every window, and the margin would not be tested.)"""
    patches = []
    for seed, values in enumerate([(1, 3, 5, 2, 6), (4, 6, 2, 1, 3), (5, 2, 4, 6, 1)]):
        specs = [DieSpec(v, c, (60 + 90 * k, 80), 15 * k, 46)
                 for k, (v, c) in enumerate(zip(values, ["white", "red", "blue", "white", "red"]))]
        patches += _patches(render_frame((470, 180), specs, seed=seed, noise=6), [(*s.center, s.value) for s in specs])
    assert len(patches) >= 12
    window, shipped, loss = fit_window(SHIPPED, patches)
    assert window == SHIPPED_WINDOW and loss == shipped
    monkeypatch.setattr(window_fit, "WINDOW_MIN_GAIN", 0.0)
    assert fit_window(SHIPPED, patches)[2] < shipped
    assert fit_window(SHIPPED, []) == (SHIPPED_WINDOW, 0.0, 0.0)


def test_a_window_that_reads_the_confirmation_rolls_worse_is_not_kept(tmp_path, monkeypatch):
    """The labelled route scores each window candidate through its window:
    a window off the dice (a fit gone wrong) reads the confirmation rolls
    worse and is out; what is kept has no window of its own."""
    from test_vision_calibrate import _drawn_set
    folder = _drawn_set(tmp_path / "set", 8, 1)
    off = WindowGeometry(scale=0.7, dx=0.3, dy=0.3)
    monkeypatch.setattr(calibrate, "fit_window", lambda reader, patches: (off, 1.0, 0.5))
    cal = calibrate.calibrate_from_labelled(SHIPPED, folder)
    cands = cal.info["candidates"]
    assert set(cands) - {"adapted and threshold"} == {"threshold", "window and threshold",
                                                      "layers, window and threshold"}   # (vision.adapt: no window)
    assert cands["window and threshold"]["window"] == off.as_list()
    assert cands["window and threshold"]["right"] < cal.info["before"]["right"]
    assert cands["window and threshold"]["refused"] and cands["layers, window and threshold"]["refused"]
    assert cal.window is None and "window" not in cal.info["kind"]
    assert SHIPPED.window == SHIPPED_WINDOW and not SHIPPED.heads  # the reader calibrated is not changed


def test_a_calibration_keeps_its_window_and_a_damaged_window_is_refused(tmp_path):
    g = WindowGeometry(0.9, 0.0, -0.08, 0.05)
    cal = calibrate.Calibration({}, FINGERPRINT, {"kind": "window and threshold"}, 0.95, g)
    path = calibrate.save(cal, tmp_path / "c.npz")
    back = calibrate.load(path, SHIPPED.models)
    assert back.window == g and back.min_value_p == 0.95
    calibrated = calibrate.apply(SHIPPED, back)
    assert calibrated.window == g and calibrated.min_value_p == 0.95
    assert SHIPPED.window == SHIPPED_WINDOW and SHIPPED.min_value_p == DEFAULT_MIN_VALUE_P
    assert calibrate.apply(calibrated, None).window == SHIPPED_WINDOW
    import dataclasses
    import json
    for bad in ([0.9, 0.0, -0.9, 0.0], [0.9, 0.0], "up"):
        meta = {"models": cal.models, "info": {}, "heads": [], "min_value_p": None, "window": bad}
        np.savez(tmp_path / "bad.npz", meta=np.frombuffer(json.dumps(meta).encode(), np.uint8))
        with pytest.raises(calibrate.CalibrationError, match="face window is not valid"):
            calibrate.load(tmp_path / "bad.npz", SHIPPED.models)
    assert calibrate.load(calibrate.save(dataclasses.replace(cal, window=None), tmp_path / "n.npz"),
                          SHIPPED.models).window is None


def test_the_guided_flow_stores_a_window_that_reads_the_rolls_better(monkeypatch):
    shipped = {"dice": 10, "right": 6, "wrong": 1, "unread": 3}
    layers = {"dice": 10, "right": 7, "wrong": 2, "unread": 1}
    window = {"dice": 10, "right": 8, "wrong": 0, "unread": 2}
    found = calibrate.Calibration({}, FINGERPRINT, {}, 0.98, WindowGeometry(dx=0.04))
    cabinet = calibrate.apply(SHIPPED, found)  # the cabinet's reader when the flow begins
    flow = _flow_to_decide(0.9, cabinet)
    assert flow.reader.window == SHIPPED_WINDOW and flow.reader.min_value_p == DEFAULT_MIN_VALUE_P  # it reads as shipped
    flow.window, flow.window_p = WindowGeometry(dy=-0.08), 0.95
    monkeypatch.setattr(flow, "score", lambda heads, p=None, w=None: layers if heads else window if w else shipped)
    flow.decide()
    assert flow.outcome[0] == "stored" and flow.kind == "window" and "where your camera sees its top face" in flow.outcome[1]
    cal = flow.calibration()
    assert cal.window == WindowGeometry(dy=-0.08) and cal.heads == {} and cal.min_value_p == 0.95
    # the flow worked on its own reader: the cabinet's is as it was
    assert cabinet.window == WindowGeometry(dx=0.04) and cabinet.min_value_p == 0.98
    window["wrong"] = 2                      # now every candidate reads a die more wrong: refused
    flow.outcome, flow.min_value_p = None, None
    flow.decide()
    assert flow.outcome[0] == "refused"
    assert cabinet.window == WindowGeometry(dx=0.04) and cabinet.min_value_p == 0.98


@pytest.mark.parametrize("kind, p, window, words", [
    ("layers", None, None, "new last layers for the face nets, the value threshold in effect"),
    ("threshold", 0.95, None, "own last layers, value threshold 0.95"),
    ("window", None, [1.0, 0.0, -0.08, 0.0], "where your camera sees its top face: 8 % of a die higher, the value threshold"),
    ("window", 0.95, [0.9, 0.0, -0.04, 0.1], "4 % of a die higher, 10 % narrower, more so towards the table's corners, value threshold 0.95"),
    ("as shipped", None, None, "the reader as it is"),
])
def test_the_guided_summary_says_what_was_kept_for_every_kind(kind, p, window, words):
    from firmware.cli.dice_calibrate import _guided_kept
    assert words in _guided_kept({"kind": kind, "min_value_p": p, "window": window})


def test_dice_read_says_a_calibration_moved_the_window(tmp_path):
    """A calibration that keeps only a window (the threshold in effect, the
    nets' own layers) is named as such, not as "nothing changed"."""
    from test_vision_calibrate import _cli, _drawn_set
    state = tmp_path / "state"
    calibrate.save(calibrate.Calibration({}, FINGERPRINT, {"kind": "window and threshold"}, None,
                                         WindowGeometry(dy=-0.08)), state / calibrate.CALIBRATION_FILE)
    img = str(_drawn_set(tmp_path / "set", 4, 2) / "images" / "roll_00.png")
    out = _cli("read", img, state=state)
    assert out.returncode == 0, out.stderr
    assert "8 % of a die higher" in out.stderr and "nothing changed" not in out.stderr   # PT14: no die fractions
