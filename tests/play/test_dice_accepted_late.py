"""Retrograde: after the dice check runs out (accepted), the OLED says so,
and a late double-tap meant as "dice ok" cannot arm or make a reroll
(issue 34 item 3; ruling CAB-6, firmware.rulings.LATE_OK_US)."""
from __future__ import annotations

from firmware.rulings import ACCEPTED_WORDS, LATE_OK_US
from test_dice_check_press import _rerolls


def test_a_late_double_tap_after_the_check_ran_out_neither_arms_nor_rerolls(table):
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=200)     # nobody pressed: accepted
    t.step(1)
    assert ACCEPTED_WORDS in " ".join(t.oled_texts(0)), t.oled_texts(0)
    dice = list(s.game.view(0)["seats"][0]["dice"])
    t.press(0, "button")                   # the double-tap meant as "dice ok", a moment late
    t.step(1)
    t.press(0, "button")
    t.step(3)
    assert _rerolls(t, 0) == 0 and s.game.view(0)["seats"][0]["dice"] == dice
    texts = " ".join(t.oled_texts(0))
    assert "press again" not in texts and "dice ok" in texts, texts
    assert s.runtime.controls[0].armed is None, "the late double-tap armed " + str(s.runtime.controls[0].armed)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    texts = " ".join(t.oled_texts(0))
    assert "dice ok" not in texts and ACCEPTED_WORDS not in texts, "a word in passing: " + texts
