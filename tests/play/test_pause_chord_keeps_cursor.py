"""The pause gesture leaves the cursor where it was (PT63, a fresh
play-tester: holding Left + Right to pause on "reroll", Left did nothing
there (the row's end: the arrows stop, PT61) and Right stepped the cursor
onto card A; after the pause a press would have claimed A).  The gesture's
second arrow, pressed while the first is down, undoes the first's step
instead of stepping."""
from __future__ import annotations

from firmware.rulings import LATE_OK_US

from .test_cha_dango_pause import _hold_pause
from .test_retrograde_banner import answer_the_check


def _chosen(t):
    s = t.session
    return s.runtime.controls[0].shown(s.game).chosen


def test_pausing_on_reroll_leaves_the_cursor_on_reroll(table):
    t = table("retrograde", 3, bots={1, 2}, seed=3)
    s = t.session
    answer_the_check(t)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    assert _chosen(t)["type"] == "reroll"
    _hold_pause(t, 0)                                   # Left and Right go down in that order
    assert s.runtime.pause.paused
    assert _chosen(t)["type"] == "reroll", _chosen(t)
    t.step(20, ms=50)
    _hold_pause(t, 0)
    assert not s.runtime.pause.paused
    assert _chosen(t)["type"] == "reroll", _chosen(t)


def test_pausing_with_right_first_on_a_card_leaves_it_there(table):
    t = table("retrograde", 3, bots={1, 2}, seed=3)
    s = t.session
    answer_the_check(t)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    t.press(0, "right")
    card = _chosen(t)
    assert card["type"] == "claim"
    left, right = t.key_code(0, "left"), t.key_code(0, "right")
    t.post(right, True)                                 # Right first this time
    t.step(2, ms=50)
    t.post(left, True)
    t.step(24, ms=50)
    t.post(left, False)
    t.post(right, False)
    t.step(2, ms=50)
    assert s.runtime.pause.paused
    assert _chosen(t) == card, _chosen(t)
