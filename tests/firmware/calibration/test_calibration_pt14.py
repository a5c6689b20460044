"""PT14, a fresh owner trying calibration on the simulated cabinet: the
keep rule weighs what a player feels (a misread costs MISREAD_COST
nudges), a calibration that changes nothing says "no change needed", the
owner can leave with Esc twice or with the buttons alone (both arrows
held), a cancel is not a refusal, and a press just after a step changed
only looks."""
from __future__ import annotations

import numpy as np
import pytest

from firmware.calibration import screens as cs
from firmware.calibration.flow import GuidedCalibration
from firmware.calibration.model import CANCELLED, LEAVE_HOLD_US, Reading
from firmware.rulings import LOOK_FIRST_US
from vision.calibration.candidates import kept_words
from vision.calibration.confirm import MISREAD_COST, player_cost, reads_worse
from vision.synth import DieSpec, render_frame
from vision.trays import TrayZones

#: a confirmed roll the stubbed decisions below never read (no die in it)
_A_ROLL = Reading(0, np.zeros((1, 1, 3), np.uint8), [], [], [])


def _tray(values, seed=0):
    specs = [DieSpec(v, "red", (40 + 45 * i, 60 + 70 * (i % 2)), 10.0 * i, 36) for i, v in enumerate(values)]
    return render_frame((400, 200), specs, seed=seed)


def _flow(monkeypatch, before, after, p=0.99):
    flow = GuidedCalibration([0], lambda: None, None)
    flow.heads, flow.confirmed, flow.min_value_p = {"fast": None}, [_A_ROLL], p
    flow.fit_dice, flow.fit_windows = 24, 192
    monkeypatch.setattr(flow, "score", lambda heads, p=None: after if p else before if heads is None else before)
    return flow


def test_pt14_the_keep_rule_prices_a_misread_at_ten_nudges():
    assert MISREAD_COST == 10
    assert player_cost(19, 9, 1) == 10 + 9 and player_cost(19, 0, 0) == 19
    assert reads_worse(544, 17, 96, 1)          # --from-labelled pxl: 536 -> 840 nudges' worth
    assert not reads_worse(13, 1, 12, 0)        # one fewer misread for one fewer read: kept
    assert reads_worse(9, 0, 9, 1) and reads_worse(9, 1, 8, 1)


def test_pt14_a_threshold_that_reads_none_of_nineteen_dice_to_avoid_one_misread_is_not_kept(monkeypatch):
    """The headless guided run: right 9 -> 0, wrong 1 -> 0, not read 9 -> 19
    was kept as "careful mode"; its cost is no lower: nothing changes."""
    flow = _flow(monkeypatch, {"dice": 19, "right": 9, "wrong": 1, "unread": 9},
                 {"dice": 19, "right": 0, "wrong": 0, "unread": 19})
    flow._fit_reads = {"plain": [(0.995, True)] * 5 + [(0.95, True)] * 50 + [(0.92, False)]}
    flow.decide()
    assert flow.kind == "as shipped" and "no change needed" in flow.outcome[1]
    assert cs.ending(flow) == "no change"
    texts = " ".join(cs.screen(flow, (1280, 720)).texts())
    assert "no change needed" in texts and "Calibration stored" not in texts and "careful mode" not in texts


def test_pt14_identical_figures_say_no_change_needed_not_stored(monkeypatch):
    same = {"dice": 10, "right": 8, "wrong": 0, "unread": 2}
    flow = _flow(monkeypatch, same, dict(same), p=0.95)
    flow._fit_reads = {"plain": [(0.99, True)] * 20 + [(0.92, False)]}   # a misread of the captured faces only
    flow.decide()
    assert cs.ending(flow) == "no change"
    assert "Calibration stored" not in " ".join(cs.screen(flow, (1280, 720)).texts())


def test_pt14_careful_mode_says_what_it_costs_in_dice_to_nudge():
    words = kept_words("threshold", 0.9, 0.99, {"dice": 927, "right": 544, "wrong": 17},
                       {"dice": 927, "right": 150, "wrong": 1})
    assert "read right 544 -> 150" in words and "to nudge 366 -> 776" in words


def _one_seat_flow(frames, seats=(0, 1)):
    zones = TrayZones.strips((400, 200), 2)
    return GuidedCalibration(list(seats), lambda: frames.pop(0), zones, rolls=1)


def test_pt14_a_press_just_after_the_step_changed_only_looks():
    """shot16: seat 1 "captured 5 dice" for 2 pips 0.3 s after the step
    changed, its dice still showing 1: the press only shows the new step."""
    frames = [_tray([1, 1, 1], seed=1), _tray([1, 1, 1], seed=2)]
    flow = _one_seat_flow(frames, seats=(0,))
    flow.tick(1_000_000)
    flow.press(0, 1_100_000)
    assert flow.face == 2
    flow.tick(1_400_000)
    flow.press(0, 1_400_000)                              # 0.3 s after "2 pips up" appeared
    s = flow.seats[0]
    assert s.status == "waiting" and s.dice == 0 and "look first" in s.problem
    assert len(frames) == 1                               # no picture was taken
    assert "look first" in " ".join(cs.oled_frame(flow, 0).texts)
    flow.tick(1_100_000 + LOOK_FIRST_US)
    flow.press(0, 1_100_000 + LOOK_FIRST_US)              # looked: taken (read as 1, asked to check)
    assert len(frames) == 0 and s.problem != "new step: look first"


def test_pt14_holding_both_arrows_asks_to_leave_and_the_button_cancels():
    flow = _one_seat_flow([])
    flow.tick(0)
    flow.arrows(0, True, True, 0)
    flow.tick(LEAVE_HOLD_US // 2)
    assert flow.leaving is None
    flow.tick(LEAVE_HOLD_US)
    assert flow.leaving == 0
    oled = " ".join(cs.oled_frame(flow, 0).texts)
    assert "leave" in oled and "press" in oled
    flow.arrows(0, False, False, LEAVE_HOLD_US + 1)
    flow.nav(0, 1)                                        # an arrow: stay
    assert flow.leaving is None and flow.outcome is None
    flow.arrows(0, True, True, 3 * LEAVE_HOLD_US)
    flow.tick(4 * LEAVE_HOLD_US)
    flow.press(0, 4 * LEAVE_HOLD_US + 1)
    assert flow.outcome[0] == "cancelled" and cs.ending(flow) == "cancelled"
    texts = " ".join(cs.screen(flow, (1280, 720)).texts())
    assert "Calibration cancelled" in texts and "refused" not in texts.lower()
    assert flow.outcome[1] == CANCELLED


def test_pt14_the_way_out_is_shown_while_the_seats_are_stuck():
    """An empty camera: both seats on "no dice seen" for 50 s with no way
    out shown; the screens name it."""
    flow = _one_seat_flow([_tray([], seed=1), _tray([], seed=2)])
    flow.tick(0)
    flow.press(0, 0)
    flow.press(1, 0)
    assert all(s.status == "problem" for s in flow.seats.values())
    hdmi = " ".join(cs.screen(flow, (1280, 720)).texts())
    assert "hold both arrows" in hdmi and "leave" in hdmi
    small = " ".join(cs.screen(flow, (800, 480)).texts())
    assert "leave" in small


def test_pt14_esc_once_asks_and_a_cancel_keeps_the_calibration_in_use(tmp_path):
    from firmware.app.calibration_window import EscLeave
    esc = EscLeave()
    assert esc.press(10.0) is False and "Esc again within 4 s" in esc.notice(10.0)
    assert esc.press(16.0) is False                        # too late: asked again
    assert esc.press(17.0) is True
