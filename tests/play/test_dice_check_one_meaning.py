"""One press has one meaning around the dice check (issue 34, the fresh
play-test of Ginza seed 11: "one press accepted the common dice and armed
Full Course"; "one press accepted a rerolled die and armed reroll 2").

The play-test's shots were taken by a script (key, 0.65 s, screenshot)
seconds apart: g08 (3 s left on the common check) was saved at
20:38:12.1 and g09 at 20:38:17.7, g36 (a fresh check of one die, 4 s) at
20:39:44.9 and g37 at 20:39:55.2; each press came 1.4 s or more after its
check had run out (accepted, CAB-6), past the late "dice ok" second and the
700 ms look-first guard of the new choice (CAB-12): it armed what was shown
by then. These tests pin what one press does in the moments the tester
suspected: a press held back while the dice rolled is never replayed, a
press whose down and up land in different passes around the end of the
window is the check's alone, and a press after the check ran out
unanswered answers it first (since the fresh play-test of Retrograde seed
11, test_dice_check_answered_first.py; it was a choice before).  What was wrong: the common
dice's check ran out unsaid (only a seat's own check said "dice
accepted"), so nothing told the seat its check had ended before the bonus
card replaced it; now every person's seat that showed it says so."""
from __future__ import annotations

from firmware.rulings import ACCEPTED_WORDS, LATE_OK_US, LOOK_FIRST_US
from firmware.runtime.dice_table import COMMON


def _tray(t):
    """The tray whose check seat 1's OLED shows now, or None."""
    return t.session.dice.tray_of(0, t.session.runtime.bots)


def _to_rolling(t) -> None:
    """Seat 1 plays its player card (arm, confirm) until its dice roll."""
    s = t.session
    for i in range(400):
        t.step()
        if 0 in s.dice.serving and 0 not in s.dice.held:
            return
        if i % 40 == 39:
            t.press(0, "button")
    raise AssertionError("no dice asked")


def _split_press(t, passes_between: int, gap_ms: int = 10) -> None:
    """Seat 1's Space as xdotool sends it: down, then up ``gap_ms`` later,
    with ``passes_between`` passes of the loop between (0: both read in
    one wait, as on a loaded machine); one pass after the release."""
    key = t.key_code(0, "button")
    t.post(key, True)
    t.wait(0)
    t.step(passes_between)
    t.wait(gap_ms)
    t.post(key, False)
    t.wait(0)
    t.step()


def _to_common_check(t) -> None:
    """A press while the dice roll (said "dice still rolling"), then the
    seat's own check accepted 1.5 s after it appeared, until the common
    dice's check shows."""
    _to_rolling(t)
    _split_press(t, 0)
    assert "dice still rolling" in " ".join(t.oled_texts(0)) or _tray(t) is not None
    t.run_until(lambda t: _tray(t) == 0, max_passes=600)
    t.step(ms=1500)
    _split_press(t, 1)
    t.run_until(lambda t: _tray(t) == COMMON, max_passes=600)


def _nothing_armed_for(t, ms: int) -> None:
    rt = t.session.runtime
    for _ in range(ms // t.pass_ms):
        t.step()
        assert rt.controls[0].armed is None, "the press that accepted the dice also armed a choice"


def test_one_press_accepts_the_common_dice_and_arms_no_bonus_card(table):
    """After a press made while the dice rolled, one press on the common
    check (its down and up in different passes) accepts the dice only."""
    t = table("ginza", 3, bots={1, 2}, seed=11)
    s = t.session
    _to_common_check(t)
    t.step(ms=1500)                           # the check looked at (3 s left)
    _split_press(t, 1)
    t.step(2)
    assert COMMON not in s.dice.held and s.game.view(None)["phase"] == "draft1"
    _nothing_armed_for(t, 2000)


def test_one_press_read_in_one_wait_on_a_slow_loop_accepts_only(table):
    """A loaded machine: passes 250 ms apart, the press's down and up read
    in one wait (one stamp apart by microseconds, the release left to the
    debounce's next poll): the check takes it, nothing is armed."""
    t = table("ginza", 3, bots={1, 2}, seed=11, pass_ms=250)
    s = t.session
    _to_common_check(t)
    t.step(ms=1500)
    _split_press(t, 0, gap_ms=0)
    t.step(2)
    assert COMMON not in s.dice.held and s.game.view(None)["phase"] == "draft1"
    _nothing_armed_for(t, 2000)


def test_a_press_across_the_end_of_the_window_is_the_checks_alone(table):
    """The down lands 20 ms before the window would run out, the release
    three passes after it: the press accepts (the window waits while the
    button is down, CAB-6), and a second press 300 ms later arms nothing
    (the guard counts from when the check ended, CAB-12)."""
    t = table("ginza", 3, bots={1, 2}, seed=11)
    s = t.session
    _to_common_check(t)
    until_ms = (s.dice.held[COMMON]["until"] - s.runtime.offset_us) // 1000
    key = t.key_code(0, "button")
    while _clock_ms(t) + t.pass_ms < until_ms - 20:
        t.step()
    t.wait(until_ms - 20 - _clock_ms(t))
    t.post(key, True)
    t.wait(0)
    t.step(3)                                  # the window's end passes with the button down
    assert COMMON in s.dice.held, "the window ran out under the seat's thumb"
    t.post(key, False)
    t.wait(0)
    t.step()
    assert COMMON not in s.dice.held and s.game.view(None)["phase"] == "draft1"
    t.step(ms=300)
    t.press(0, "button")
    _nothing_armed_for(t, 2000)


def test_a_press_after_the_check_ran_out_unanswered_answers_it_then_a_press_chooses(table):
    """The play-test's case: the check ran out (accepted, "dice accepted")
    while the tester looked at an older screenshot; its press 1.5 s later,
    past the late "dice ok" second, answers the check ("dice ok": the
    OLED said "dice accepted" until then) and arms nothing; its next
    press after the look-first guard arms the bonus card the OLED shows
    (rulings CAB-6, CAB-12; issue 34, the fresh play-test of Retrograde
    seed 11 met the same and changed the rule: it armed the card before)."""
    assert 1_500_000 > max(LATE_OK_US, LOOK_FIRST_US)
    t = table("ginza", 3, bots={1, 2}, seed=11)
    s = t.session
    _to_common_check(t)
    t.run_until(lambda t: COMMON not in s.dice.held, max_passes=400)
    assert ACCEPTED_WORDS in " ".join(t.oled_texts(0))
    t.step(ms=1500)
    assert ACCEPTED_WORDS in " ".join(t.oled_texts(0))     # still: the seat did not answer
    t.press(0, "button")
    assert s.runtime.controls[0].armed is None and "dice ok" in " ".join(t.oled_texts(0))
    t.step(ms=LOOK_FIRST_US // 1000 + 100)
    assert "keep: " in " ".join(t.oled_texts(0))           # the bonus card's choice, shown before the press
    t.press(0, "button")
    assert s.runtime.controls[0].armed is not None


def _clock_ms(t) -> int:
    """The cabinet's clock now, ms (the loop's clock plus its start)."""
    return t.session.runtime.now_us // 1000
