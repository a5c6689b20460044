"""A reroll's kept dice lie still (issue 40).  In a headless Retrograde on
the dev photos one seat kept a 3 that no frame could read: the die was
nudged at every reroll (12 failed readings, then entered by hand), again
and again, though it never moved.  Two causes: the simulated table shifted
the whole tray, kept dice too, while the thrown dice tumbled (the reader
lost the die and saw ghost copies of it), and the reader forgot a value
the game had taken once a new request began.  Now the tumbling frames
leave the kept dice where they lie, and a die the game took a value for
keeps it while it lies as it lay (:meth:`vision.multilook.MultiLook.know`)."""
from __future__ import annotations

import math

import numpy as np

import vision.multilook as multilook
from firmware.runtime.dice_station import DiceStation
from firmware.runtime.dice_table import ROLL_US, SimTable

from test_runtime import FakeGame, FakeRuntime


def _answered(station, runtime, t, until_us=20_000_000):
    answers = []
    while t <= until_us and not answers:
        answers = station.poll(runtime, t)
        t = max(t + 1, station.next_us() or t + 1)
    return answers, t


def test_a_throws_tumbling_frames_leave_the_kept_dice_lying_still():
    table = SimTable(2, seed=4, camera_noise=False)
    table.throw(0, [3, 5, 6], None, 0)
    table.cell_frame(0, ROLL_US + 1)
    kept = table.trays[0].lying[0]
    table.clear(0)
    table.roll(0, 3, 6, None, 10 * ROLL_US, [kept.value])
    tumbling = [table.cell_frame(0, 10 * ROLL_US + 1000 * i) for i in range(3)]
    rest = table.cell_frame(0, 12 * ROLL_US)
    x, y = int(kept.center[0]), int(kept.center[1])
    box = (slice(y - 10, y + 10), slice(x - 10, x + 10))
    for frame in tumbling:
        assert np.array_equal(frame[box], rest[box])          # the kept die, as it lies at rest
        assert not np.array_equal(frame, rest)                # the others tumble
    assert table.trays[0].lying[0] is kept or table.trays[0].lying[0].center == kept.center


def test_a_kept_die_read_once_is_not_nudged_again_when_no_frame_can_read_it(monkeypatch):
    table = SimTable(2, seed=4)
    station = DiceStation(2, settle_ms=200, table=table)
    runtime = FakeRuntime(FakeGame(3))
    answers, t = _answered(station, runtime, 0)
    assert answers and station.stats.nudges == 0
    kept = table.trays[1].lying[0]
    station.keep(1, [kept.value])
    real = multilook.frame_looks

    def unsure_where_the_kept_die_lies(reader, frame, wb=None):
        looks = real(reader, frame, wb)
        for lk in looks:
            if math.hypot(lk.x - kept.center[0], lk.y - kept.center[1]) < 0.3 * lk.size:
                lk.probs = np.array([0.16] * 6 + [0.04])
                lk.agree = False
        return looks

    monkeypatch.setattr(multilook, "frame_looks", unsure_where_the_kept_die_lies)
    answers, t = _answered(station, runtime, t + 1)
    assert answers and station.kept_log[-1] == (1, [kept.value])
    assert station.stats.nudges == 0, "the kept die, never moved, was nudged"
    assert table.trays[1].lying[0].center == kept.center                 # it lay as it lay
    assert kept.value in answers[0]["values"] and station.stats.misread == 0


def test_one_die_tumbling_among_five_kept_is_motion_and_a_still_tray_under_camera_noise_is_not():
    """The kept dice lying still made the tray's thumbnail change little
    while one die tumbled: the watch took the dice before they stopped
    (issue 36's rest test).  A patch that changes a lot is motion too."""
    from vision.still import StillWatch
    table = SimTable(2, seed=4)
    table.throw(0, [1, 2, 3, 4, 5, 6], None, 0)
    table.cell_frame(0, ROLL_US + 1)
    values = [d.value for d in table.trays[0].lying]
    table.clear(0)
    table.roll(0, 6, 6, None, 10 * ROLL_US, values[:5])
    watch = StillWatch(settle_ms=400)
    stills = [watch.frame(0, 10 * ROLL_US + 33_333 * i, table.cell_frame(0, 10 * ROLL_US + 33_333 * i))
              for i in range(ROLL_US // 33_333)]
    assert sum(stills) <= 2, stills            # tumbling: (almost) every frame starts a new run
    rest = [watch.frame(0, 12 * ROLL_US + 33_333 * i, table.cell_frame(0, 12 * ROLL_US + 33_333 * i))
            for i in range(20)]
    assert rest[1:] == [True] * 19             # at rest, each frame with its own noise: still


def _known_after(read: list, taken: list) -> list:
    """What the station tells the tray's looks it knows, its last reading
    ``read`` (values, None unread) taken as ``taken``: (x, value) pairs."""
    from vision.die import Die
    station = DiceStation(2)
    told: list = []

    class Looks:
        def know(self, dice):
            told.extend(dice)

    station.looks[1] = Looks()
    station.last_dice[1] = [Die(v, "red", (10.0 * i, 5.0), (0, 0, 1, 1), 0.9 if v else 0.0)
                            for i, v in enumerate(read)]
    station._know_taken(1, taken)
    return sorted((d.center[0], d.value) for d in told)


def test_the_dice_of_a_reading_are_known_by_the_values_taken_a_corrected_misread_by_its_correction():
    assert _known_after([4, 2, 3, 6], [4, 2, 6, 3]) == [(0, 4), (10, 2), (20, 3), (30, 6)]
    assert _known_after([4, 2, 3, 6], [4, 2, 2, 6]) == [(0, 4), (10, 2), (20, 2), (30, 6)]   # 3 corrected to 2
    assert _known_after([4, None, None], [4, 5, 5]) == [(0, 4), (10, 5), (20, 5)]           # entered by hand
    assert _known_after([4, None, None], [4, 5, 1]) == [(0, 4)]                              # which is which?
    assert _known_after([3, 3, 6], [3, 2, 6]) == [(20, 6)]                                   # which 3 was wrong?
    assert _known_after([3, 6], [3, 6, 1]) == []                                             # not these dice


def test_at_a_camera_of_the_whole_table_a_kept_die_read_once_is_not_nudged_again(monkeypatch):
    """The same through a camera's whole frames (the cabinet's road: one
    reading of the table, the dice assigned to the trays by zone)."""
    from firmware.runtime.dice_table import MARGIN
    from hardware.camera import CallbackSource, CameraSupervisor
    table = SimTable(2, seed=4)
    clock = {"t": 0}
    station = DiceStation(2, settle_ms=200, table=table,
                          camera=CameraSupervisor(CallbackSource(table.frame, clock_us=lambda: clock["t"])))
    runtime = FakeRuntime(FakeGame(3))

    def answered(until_us=20_000_000):
        answers = []
        while clock["t"] <= until_us and not answers:
            answers = station.poll(runtime, clock["t"])
            clock["t"] = max(clock["t"] + 1, station.next_us() or clock["t"] + 1)
        return answers

    assert answered() and station.stats.nudges == 0
    kept = table.trays[1].lying[0]
    x, y, _, _ = table.cells[1]
    kx, ky = x + MARGIN + kept.center[0], y + MARGIN + kept.center[1]
    station.keep(1, [kept.value])
    real = multilook.frame_looks

    def unsure_where_the_kept_die_lies(reader, frame, wb=None):
        looks = real(reader, frame, wb)
        for lk in looks:
            if math.hypot(lk.x - kx, lk.y - ky) < 0.3 * lk.size:
                lk.probs = np.array([0.16] * 6 + [0.04])
                lk.agree = False
        return looks

    monkeypatch.setattr(multilook, "frame_looks", unsure_where_the_kept_die_lies)
    clock["t"] += 1
    answers = answered(clock["t"] + 20_000_000)
    assert answers and station.kept_log[-1] == (1, [kept.value])
    assert station.stats.nudges == 0, "the kept die, never moved, was nudged"
    assert kept.value in answers[0]["values"] and station.stats.misread == 0
