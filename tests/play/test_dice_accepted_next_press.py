"""After a dice check ran out unanswered, the OLED says what the seat's
next press does (ruling CAB-6; PT38, Retrograde seed 7): the tester saw
"dice accepted" over "claim card C", pressed to claim, and the press only
said "dice ok" (the check's late answer); a second press claimed.  While
the next press is the check's "ok", the line says so; once the seat turns
its cursor (its press is a choice again) the line goes."""
from __future__ import annotations

from firmware.rulings import ACCEPTED_WORDS, LATE_OK_US
from test_dice_check_answered_first import _check_runs_out, _texts


def test_the_ran_out_check_says_the_next_press_is_ok(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    out = _check_runs_out(t)
    t.step(1)
    assert "press: ok" in _texts(t), _texts(t)
    while t.t_ms < out + 3 * LATE_OK_US // 1000:     # long after the late second: still the next press's words
        t.step()
    assert ACCEPTED_WORDS in _texts(t), _texts(t)


def test_the_words_fit_the_oled_whole(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    _check_runs_out(t)
    t.step(1)
    assert ACCEPTED_WORDS in t.oled_texts(0), t.oled_texts(0)     # one line, not cut


def test_a_turn_of_the_cursor_takes_the_words_away(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    out = _check_runs_out(t)
    while t.t_ms < out + 1500:
        t.step()
    t.press(0, "right")
    assert "press: ok" not in _texts(t), _texts(t)
