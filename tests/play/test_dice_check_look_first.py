"""The dice check is a new choice (rulings CAB-6 and CAB-12, issue 34:
in the window Space pressed as the seat's own dice check appeared
accepted it a few ms after it was drawn: dice the seat never saw went
in, a misread it could have contested among them).  A person's press
less than 700 ms after the seat's check appeared only shows it ("look
first: check the dice"); a press after that accepts; the check's window
is not shortened; bots are never held back."""
from __future__ import annotations

from firmware.rulings import ACCEPTED_WORDS, LOOK_FIRST_US


def _check_appears(t) -> int:
    """Run Retrograde until seat 1's dice check appears; returns the
    loop's clock (ms) of the pass that drew it."""
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    return t.t_ms


def _press_at(t, at_ms: int) -> None:
    """Seat 1's big button down at ``at_ms`` on the loop's clock (read by
    the loop's wait), up two passes later."""
    key = t.key_code(0, "button")
    assert t.t_ms <= at_ms, "already later than the press"
    if at_ms - t.t_ms > t.pass_ms:
        t.step((at_ms - t.t_ms) // t.pass_ms - 1)
    t.wait(at_ms - t.t_ms)
    t.post(key, True)
    t.wait(0)
    t.step(2)
    t.post(key, False)
    t.step()


def test_a_press_100ms_after_the_check_appears_only_shows_it_one_at_800ms_accepts(table):
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    shown = _check_appears(t)
    held = s.dice.held[0]
    until = held["until"]
    _press_at(t, shown + 100)
    assert 0 in s.dice.held and s.dice.held[0] is held, "a press 100 ms after the check appeared accepted it"
    assert s.game.view(0)["seats"][0]["dice"] is None, "the dice went to the game unseen"
    texts = " ".join(t.oled_texts(0))
    assert "look first" in texts and "check the dice" in texts, texts
    assert held["until"] == until, "the check's window changed"
    _press_at(t, shown + 800)
    assert 0 not in s.dice.held, "a press 800 ms after the check appeared did not accept it"
    assert s.game.view(0)["seats"][0]["dice"] == held["values"]


def test_every_press_in_the_guard_only_shows_and_the_window_runs_its_full_time(table):
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    shown = _check_appears(t)
    window_ms = s.dice.held[0]["window"] // 1000
    _press_at(t, shown + 150)
    _press_at(t, shown + 400)
    _press_at(t, shown + LOOK_FIRST_US // 1000 - 100)     # a blind triple tap: none takes the dice
    assert 0 in s.dice.held
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=400)
    assert t.t_ms - shown >= window_ms - t.pass_ms, "the guard shortened the check's window"
    assert ACCEPTED_WORDS in " ".join(t.oled_texts(0))    # it ran out: accepted as ever (CAB-6)


def test_a_hold_begun_in_the_guard_rejects_nothing(table):
    """The guard holds a long press back too: a hold begun 100 ms after
    the check appeared neither rejects nor accepts the reading."""
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    shown = _check_appears(t)
    held = s.dice.held[0]
    key = t.key_code(0, "button")
    _press_at(t, shown + 100)                       # (a short one first: the same)
    t.post(key, True)
    t.wait(0)                                       # down ~200 ms after the check appeared
    t.step(1000 // t.pass_ms)                       # held 1 s
    t.post(key, False)
    t.step()
    assert s.dice.held.get(0) is held and not s.dice.rejected, "a blind hold rejected the dice"


def test_a_hold_begun_in_the_guard_and_kept_past_it_rejects(table):
    """PT42 (a fresh play-tester): a hold begun as the check appeared was
    dropped ("look first"), and the reading was accepted when its window
    ran out, the tester still meaning "wrong".  A hold begun in the guard
    and still down when the guard ends counts from then: held a long press
    more, it rejects; the OLED says "keep holding" meanwhile."""
    from firmware.rulings import LONG_PRESS_US
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    shown = _check_appears(t)
    key = t.key_code(0, "button")
    t.wait(100)
    t.post(key, True)                               # down ~100 ms after the check appeared
    t.wait(0)
    t.step((LOOK_FIRST_US + 300_000) // 1000 // t.pass_ms)
    assert "keep holding" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.step(LONG_PRESS_US // 1000 // t.pass_ms + 2)  # a long press past the guard's end
    t.post(key, False)
    t.step(3)
    assert s.dice.rejected.get(0) == 0 or s.dice.contests.get(0), "the hold kept past the guard rejected nothing"
    assert s.game.view(0)["seats"][0]["dice"] is None, "the reading went in"
