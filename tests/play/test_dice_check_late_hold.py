"""A hold meant as "wrong" that comes after the dice check ran out is told
the dice were accepted (ruling CAB-6; issue 34, the fresh play-test of
Ginza Retro Café, /tmp/pt11 s48 -> s49: the check of three red dice ran
out, the tester held its button 0.5 s later to reject them, and the OLED
said nothing of it: the hold's press was taken as the late "dice ok" and
its release went unsaid).  The check that ran out is not reopened (its
dice are in the game, the bots may have moved on them): the seat reads
"too late: accepted" and knows its dice stand."""
from __future__ import annotations

from firmware.rulings import LATE_OK_US, LONG_PRESS_US, TOO_LATE_WORDS

from .harness import ginza_on_reroll


def test_ginza_a_hold_half_a_second_after_the_check_ran_out_is_told_the_dice_were_accepted(table, tmp_path):
    t = ginza_on_reroll(table, tmp_path)
    s = t.session
    t.confirm()                                             # rerolls: its dice are asked for
    t.run_until(lambda t: 0 in s.dice.held, max_passes=600)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=600)     # nobody pressed: accepted
    dice = list(s.game.view(0)["players"][0]["dice"])
    lines = len(t.journal())
    assert 500 < LATE_OK_US // 1000
    t.step(500 // t.pass_ms)
    key = t.key_code(0, "button")
    t.post(key, True)                                       # held to say "wrong", 0.5 s late
    t.step((LONG_PRESS_US // 1000 + 500) // t.pass_ms)
    t.post(key, False)
    t.step(2)
    texts = " ".join(t.oled_texts(0))
    assert TOO_LATE_WORDS in texts, texts
    assert s.game.view(0)["players"][0]["dice"] == dice, "the dice accepted changed"
    assert not [a for a in t.journal()[lines:] if a.get("player") == 0], "the late hold chose something"
    assert s.runtime.controls[0].armed is None
