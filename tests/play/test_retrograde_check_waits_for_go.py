"""A seat's dice check does not run out in the 3-2-1 after a pause (a
play-test of Retrograde: the check had 2 s left when the game was paused;
after going on, the 3-2-1 keeps hands off the buttons (CAB-8) while the
check went on counting, and it ran out at "2" with no press possible, the
reading taken unchecked: ruling CAB-6 gives the seat the time it had
left, counted from go)."""
from __future__ import annotations

from .test_cha_dango_pause import _hold_pause


def test_a_dice_check_keeps_the_time_it_had_left_through_the_countdown(table):
    t = table("retrograde", 4, bots={1, 2, 3}, seed=3)
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(60, ms=33)                       # 2 s of the check's window go by
    left_us = s.dice.held[0]["until"] - s.runtime.now_us
    assert left_us > 1_000_000, left_us
    _hold_pause(t, 0)
    assert s.runtime.pause.paused
    t.step(20, ms=50)
    _hold_pause(t, 0)                       # going on: the 3-2-1, hands off
    frozen = s.runtime.frozen_until_us
    assert frozen > s.runtime.now_us + 2_000_000
    t.run_until(lambda t: s.runtime.now_us >= frozen or 0 not in s.dice.held, max_passes=400)
    assert 0 in s.dice.held, "the check ran out in the 3-2-1, when no press could answer it"
    assert s.dice.held[0]["until"] - frozen >= left_us - 200_000
