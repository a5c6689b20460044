"""Issue 36: on the Pi 4 twin Retrograde's slowest press (p99 50.3 ms
against 50, seed 2 of the bench) was a person's confirming press of an
armed reroll (ruling RG-15: a reroll arms first; RG-16: the arming fixes
the dice kept): the screen a person's armed choice would show is drawn
ahead between passes, but a real-time choice (stamped) was given up on,
so the confirm's pass drew the changed parts anew (the seat's banner, the
moves feed).  A reroll is no race between seats, and what its screen
shows does not depend on its stamp (the engine's view has no clock; a
claim that ripens before the confirm is settled by the live game's tick
first, which moves the game: the screen is drawn ahead again), so the
armed reroll is now drawn ahead too: applied to the game's copy as the
confirm applies it.  What the screen shows is pixel for pixel what it
shows without; the live game never sees it."""
from __future__ import annotations

import types

from .test_draw_ahead import _drain_ahead, _frames_both_ways, _press_drawn
from .test_retrograde_armed_keep import _aim_and_back, _all_dice_in


def _reroll_armed(table, monkeypatch=None):
    """Retrograde, 2 seats, both people (nothing moves but the presses):
    every seat's dice in, seat 1 aimed at its target, back on "reroll" and
    its reroll armed ("press again: keep ...").  With ``monkeypatch`` the
    HDMI's animations run on the loop's clock from the start (a freshly
    read seat's dice are lit a while: on the wall clock two tables built
    alike differ before any press)."""
    if monkeypatch is not None:
        import firmware.app.session as session_mod
        clock = types.SimpleNamespace(table=None)
        clock.monotonic = lambda: clock.table.t_ms / 1000 if clock.table is not None else 0.0
        monkeypatch.setattr(session_mod, "time", clock)
    t = table("retrograde", 2, bots=set(), seed=11)
    if monkeypatch is not None:
        clock.table = t
    s = t.session
    _all_dice_in(t, 2)
    _aim_and_back(t)
    t.press(0, "button")                                     # arms the reroll
    t.step(2)
    armed = s.runtime.controls[0].armed
    assert armed is not None and "reroll" in armed, armed
    return t


def _rerolled(t) -> bool:
    """Seat 1's reroll reached the game (its dice are being read again)."""
    return any(a.get("type") == "reroll" and a.get("player") == 0 for a in t.journal())


def test_a_persons_armed_reroll_is_drawn_ahead_and_its_confirm_finds_it(table):
    without = _press_drawn(_reroll_armed(table), "button", False, _rerolled)
    t = _drain_ahead(_reroll_armed(table))
    s = t.session
    assert s.drawn_ahead is not None and s.drawn_ahead[0] == 0 and "reroll" in s.drawn_ahead[1], s.drawn_ahead
    drawn_ahead = _press_drawn(t, "button", True, _rerolled)
    assert without >= 2, without
    assert drawn_ahead == 0, f"the reroll's confirm drew {drawn_ahead} anew after drawing ahead, {without} without"


def test_the_screens_after_an_armed_reroll_drawn_ahead_are_those_drawn_without(table, monkeypatch):
    tables = [_reroll_armed(table, monkeypatch), _reroll_armed(table, monkeypatch)]
    _frames_both_ways(tables, "button", monkeypatch)
    assert all(_rerolled(t) for t in tables)
