"""Retrograde: a seat's bar on the shared screen keeps the seat's name when
what it does is long (issue 34, the fresh play-test of Retrograde seed
11, r02: seat 1's bar read "(1) 0 pts  reroll: roll all 6?", its "Seat 1"
gone while the others' said "Seat 2 · 0 pts").  The doing is shortened
instead ("roll all 6?", then "reroll?")."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US


def answer_the_check(t) -> None:
    """Seat 1's reading comes in; it looks, then presses "dice ok"."""
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=50)


def _on_reroll(t) -> None:
    """Seat 1 answers its dice check; its cursor stands on "reroll"."""
    s = t.session
    answer_the_check(t)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"


def test_the_seats_bar_keeps_seat_1_with_its_reroll_doing_in_the_window(table):
    """The window's HDMI (1280 x 720), three seats: "Seat 1 · 0 pts" and
    what a press does (a reroll that rolls all six) both on seat 1's bar."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    _on_reroll(t)
    texts = t.scene().texts()
    assert "Seat 1 \u00b7 0 pts" in texts, texts
    doing = t.scene().facts["doing"][0]
    assert "reroll" in doing or "roll all" in doing, doing
    assert any(d in texts for d in ("reroll: roll all 6?", "roll all 6?", "reroll?")), texts
