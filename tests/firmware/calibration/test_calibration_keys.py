"""A new owner (PT54), the guided calibration's keys: holding both
arrows to leave, the first arrow's press moved the check's cursor before
the hold was recognised (a game's pause hold does not: the two presses'
steps cancel out); "Down does nothing on the check screen": the
simulator's Down is the seat's push, which only left (held); the screens
say "arrows: next die or ok" over a column of dice.  A short push now
steps to the next die (an arrow's "stay" at the leave question); held, it
still asks to leave, without a step."""
from __future__ import annotations

from types import SimpleNamespace

from firmware.calibration.model import LEAVE_HOLD_US
from firmware.calibration.run import route_input

from tests.support.calibration_fixtures import checking as _checking


def _feed(flow, down, *events):
    for t_us, name, kind in events:
        route_input(flow, down, SimpleNamespace(seat=0, input=name, kind=kind, t_us=t_us), True)


def test_holding_both_arrows_to_leave_leaves_the_check_cursor_where_it_was():
    flow, s = _checking([3, 5, 1])
    flow.nav(0, 1)                     # on die 1
    down: dict = {}
    flow.tick(0)
    _feed(flow, down, (10_000, "nav_a", "press"), (40_000, "nav_b", "press"))
    flow.tick(40_000 + LEAVE_HOLD_US)
    assert flow.leaving == 0
    assert s.cursor == 1, s.cursor
    _feed(flow, down, (50_000 + LEAVE_HOLD_US, "nav_a", "release"), (60_000 + LEAVE_HOLD_US, "nav_b", "release"))
    assert s.cursor == 1 and flow.leaving == 0


def test_an_arrow_alone_still_steps_the_check_cursor():
    flow, s = _checking([3, 5, 1])
    down: dict = {}
    _feed(flow, down, (0, "nav_b", "press"), (50_000, "nav_b", "release"), (100_000, "nav_b", "press"))
    assert s.cursor == 2
    _feed(flow, down, (150_000, "nav_b", "release"), (200_000, "nav_a", "press"))
    assert s.cursor == 1


def test_a_short_push_steps_to_the_next_die_and_a_held_one_asks_to_leave():
    flow, s = _checking([3, 5, 1])
    down: dict = {}
    flow.tick(0)
    _feed(flow, down, (0, "nav_push", "press"), (120_000, "nav_push", "release"))
    assert s.cursor == 1
    _feed(flow, down, (200_000, "nav_push", "press"))
    flow.tick(200_000 + LEAVE_HOLD_US)
    _feed(flow, down, (300_000 + LEAVE_HOLD_US, "nav_push", "release"))
    assert flow.leaving == 0 and s.cursor == 1
    _feed(flow, down, (400_000 + LEAVE_HOLD_US, "nav_push", "press"), (450_000 + LEAVE_HOLD_US, "nav_push", "release"))
    assert flow.leaving is None and s.cursor == 1      # a short push at the question: stay


def test_the_checks_keys_in_the_window_name_the_push_as_the_next_die():
    """The simulator's keys under a seat checking its roll name Down (the
    push) with what it does there, as they name the arrows (PT54 pressed
    Down guessing; nothing said it stepped)."""
    from firmware.calibration.words import legend
    flow, s = _checking([3, 5, 1])
    said = dict(legend(flow, 0, ("Space", "Left", "Right", "Down")))
    assert said.get("Down") == "next die", said
    assert said.get("Left/Right") == "die / ok", said
    flow.seats[0].status = "waiting"
    assert "Down" not in dict(legend(flow, 0, ("Space", "Left", "Right", "Down")))
