"""Tray zones (seat assignment, config [vision].trays) and the at-rest
tracker (settle_ms; a reading during motion is never stable; RG-7/RG-8)."""
import pytest

from vision.die import Die, VisionInputError
from vision.reader import DiceReader
from vision.synth import DieSpec, render_frame
from vision.tracker import AtRestTracker
from vision.trays import TrayZones

#: the reader as shipped
read_dice = DiceReader().read_dice


def _die(v, x, y):
    return Die(v, "red", (x, y), (int(x) - 10, int(y) - 10, int(x) + 10, int(y) + 10), 0.9)


def test_tray_polygons_assign_seats_and_report_outside():
    zones = TrayZones([(0, [(0, 0), (100, 0), (100, 100), (0, 100)]),
                       (1, [(200, 0), (300, 0), (250, 100)])])
    a = zones.assign([_die(3, 50, 50), _die(4, 250, 40), _die(5, 150, 50)])
    assert [d.value for d in a.by_seat[0]] == [3] and a.by_seat[0][0].seat == 0
    assert [d.value for d in a.by_seat[1]] == [4]
    assert [d.value for d in a.outside] == [5]


def test_trays_from_config_and_even_strips():
    cfg = {"trays": [{"seat": 2, "polygon": [[0, 0], [10, 0], [10, 10], [0, 10]]}]}
    assert TrayZones.from_config(cfg, (640, 480), 4).seat_of(5, 5) == 2
    strips = TrayZones.from_config({"trays": []}, (640, 480), 4)
    assert [strips.seat_of(x, 100) for x in (10, 170, 330, 630)] == [0, 1, 2, 3]


def test_bad_tray_calibration_is_refused():
    with pytest.raises(VisionInputError, match="3 or more"):
        TrayZones([(0, [(0, 0), (1, 1)])])
    with pytest.raises(VisionInputError, match="two trays"):
        TrayZones([(0, [(0, 0), (1, 0), (1, 1)]), (0, [(5, 5), (6, 5), (6, 6)])])


def test_settles_only_after_settle_ms_unchanged():
    """A reading becomes stable only after settle_ms of no change."""
    tr = AtRestTracker([0], settle_ms=400)
    ev = []
    for k in range(6):  # dice moving: a new position every 33 ms
        ev += tr.update(k * 33_000, {0: [_die(k % 6 + 1, 100 + 15 * k, 100)]})
        assert tr.stable(0) is None
    t0 = 6 * 33_000
    for k in range(13):  # 12 x 33 ms = 396 ms < 400 ms: not yet
        ev += tr.update(t0 + k * 33_000, {0: [_die(4, 200, 100), _die(2, 240, 120)]})
    assert tr.stable(0) is None and not ev
    ev += tr.update(t0 + 400_000, {0: [_die(4, 200.5, 100.4), _die(2, 240, 120)]})
    assert ev == [{"type": "settled", "seat": 0, "t_us": t0 + 400_000, "values": [4, 2]}]
    assert tr.stable(0) == [4, 2] and tr.seats[0].rolls == 1


def test_motion_after_settle_is_reported_and_never_stable():
    tr = AtRestTracker([0, 1], settle_ms=100)
    tr.update(0, {0: [_die(3, 50, 50)], 1: []})
    tr.update(100_000, {0: [_die(3, 50, 50)], 1: []})
    assert tr.stable(0) == [3] and tr.stable(1) == []
    ev = tr.update(133_000, {0: [_die(5, 80, 50)], 1: []})
    assert ev == [{"type": "moving", "seat": 0, "t_us": 133_000}]
    assert tr.stable(0) is None and tr.seats[0].stable == [3]  # last settled reading kept (RG-7)
    tr.update(240_000, {0: [_die(5, 80, 50)], 1: []})
    assert tr.stable(0) == [5] and tr.seats[0].rolls == 2


def test_time_must_not_run_backwards():
    tr = AtRestTracker([0])
    tr.update(1000, {})
    with pytest.raises(VisionInputError, match="before the previous"):
        tr.update(999, {})
    with pytest.raises(VisionInputError, match="int microseconds"):
        tr.update(1.5e6, {})


def test_tracker_on_rendered_frames():
    """Frames from vision.synth through reader, zones and tracker: a roll in
    seat 1's tray settles with its values; seat 0 stays settled."""
    zones = TrayZones.strips((640, 240), 2)
    tr = AtRestTracker([0, 1], settle_ms=200)
    still = [DieSpec(2, "blue", (100, 120), 10, 40)]
    events = []
    for k in range(12):
        t = k * 50_000
        roll = [DieSpec(min(k, 5) + 1, "red", (420 + 10 * min(k, 5), 120), 30 * min(k, 5), 40)]
        frame = render_frame((640, 240), still + roll, seed=k)
        events += tr.update(t, zones.assign(read_dice(frame)).by_seat)
    settled = [e for e in events if e["type"] == "settled"]
    assert {"type": "settled", "seat": 0, "t_us": 200_000, "values": [2]} in settled
    seat1 = [e for e in settled if e["seat"] == 1]
    assert seat1 == [{"type": "settled", "seat": 1, "t_us": 5 * 50_000 + 200_000, "values": [6]}]
