"""A dice check is answered before a press chooses (rulings CAB-6 and
CAB-12; issue 34, the fresh play-test of Retrograde seed 11, /tmp/pt10
r01 -> r02 and r25 -> r26).  The tester saw "press: dice ok / hold:
wrong, reroll" with 3 s (then 2 s) left, pressed once, and met "press
again to reroll" with the cursor on "reroll 1/5": a quick second press
"to be sure" would have thrown all six dice.  The journal and the shots'
times show the press came 1.8 s (then about 6 s) after the check had run
out unanswered (accepted), past the 1 s late "dice ok": the press armed
the reroll, as the rulings then said.  Now a person's check that ran out
unanswered is answered by the seat's next press ("dice ok", nothing
armed) while its cursor has not turned since and no new choice or phase
came; the OLED keeps "dice accepted" until then; and every press a
check takes starts the look-first guard anew, so a second press within
700 ms arms nothing either.  A seat that turned its cursor has looked at
its choices: its press chooses (a claim stays a race; in Retrograde the
cursor opens on "reroll", which arms first, RG-15)."""
from __future__ import annotations

from firmware.rulings import ACCEPTED_WORDS, LATE_OK_US, LOOK_FIRST_US


def _rerolls(t, seat: int = 0) -> int:
    return sum(1 for a in t.journal() if a.get("type") == "reroll" and a.get("player") == seat)


def _check_runs_out(t) -> int:
    """Seat 1's dice check appears and runs out, nobody pressing; returns
    the loop's clock (ms) of the pass that accepted the dice."""
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=400)
    return t.t_ms


def _press_at(t, at_ms: int) -> None:
    """Seat 1's Space as xdotool sends it at ``at_ms`` on the loop's clock
    (down and up 10 ms apart), one pass after."""
    key = t.key_code(0, "button")
    assert t.t_ms <= at_ms, "already later than the press"
    while t.t_ms + t.pass_ms < at_ms:
        t.step()
    t.wait(at_ms - t.t_ms)
    t.post(key, True)
    t.wait(10)
    t.post(key, False)
    t.wait(0)
    t.step()


def _texts(t) -> str:
    return " ".join(t.oled_texts(0))


def _armed(t):
    return t.session.runtime.controls[0].armed


def test_a_press_1_8s_after_an_unanswered_check_ran_out_answers_it_and_arms_nothing(table):
    """r01 -> r02: the press 1.8 s after the check ran out is its "dice
    ok"; the tester's quick second press 300 ms later arms nothing (the
    list is a new choice from that press); a fresh press after the guard
    arms the reroll, and only its confirm rerolls."""
    assert 1800 > LATE_OK_US // 1000
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    out = _check_runs_out(t)
    dice = list(s.game.view(0)["seats"][0]["dice"])
    _press_at(t, out + 1800)
    assert _armed(t) is None, "the press meant as 'dice ok' armed " + str(_armed(t))
    assert "dice ok" in _texts(t) and "again" not in _texts(t), _texts(t)
    _press_at(t, out + 2100)                      # "to be sure"
    assert _armed(t) is None and _rerolls(t) == 0, "a second press 300 ms later armed or rerolled"
    assert s.game.view(0)["seats"][0]["dice"] == dice
    _press_at(t, out + 1800 + LOOK_FIRST_US // 1000 + 200)     # a fresh press, the list seen
    said = _texts(t)
    assert _armed(t) is not None and "again: reroll" in said and "roll all 6" in said, said    # (RG-16: what it keeps)
    assert _rerolls(t) == 0


def test_a_press_6s_after_an_unanswered_check_ran_out_answers_it(table):
    """r25 -> r26: about 6 s after the check ran out, the seat's first
    press still answers it; "dice accepted" stayed on its OLED until then."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    out = _check_runs_out(t)
    while t.t_ms < out + 5900:
        t.step()
    assert ACCEPTED_WORDS in _texts(t), "the OLED no longer says the check is over: " + _texts(t)
    _press_at(t, out + 6000)
    assert _armed(t) is None and _rerolls(t) == 0, "the press meant as 'dice ok' armed " + str(_armed(t))
    assert ACCEPTED_WORDS not in _texts(t), _texts(t)


def test_a_late_dice_ok_then_a_second_press_300ms_later_arms_nothing(table):
    """The press in the late second is "dice ok"; the double-tap's second
    press, 300 ms later and past that second, arms nothing: the guard
    counts from the press the check took."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    out = _check_runs_out(t)
    _press_at(t, out + LATE_OK_US // 1000 - 20)
    assert "dice ok" in _texts(t)
    _press_at(t, out + LATE_OK_US // 1000 + 280)
    assert _armed(t) is None, "the second press of a late double-tap armed " + str(_armed(t))


def test_a_turn_onto_a_card_after_the_check_ran_out_then_one_press_claims_it(table):
    """Races are never held back: a seat that turned its cursor onto a
    card after its check ran out has looked at its choices; its one press
    claims the card at once (RG-15)."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    out = _check_runs_out(t)
    while t.t_ms < out + 1500:
        t.step()
    t.press(0, "right")
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "claim"
    t.press(0, "button")
    t.step(3)
    view = s.game.view(0)
    assert view["seats"][0]["claim"] is not None or 0 in (view.get("claims_pending") or []), _texts(t)


def test_a_turn_of_the_cursor_after_the_check_ran_out_makes_the_next_press_a_choice(table):
    """Left then Right after the check ran out: the seat looked; its press
    arms the reroll under its cursor."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    out = _check_runs_out(t)
    while t.t_ms < out + 1500:
        t.step()
    t.press(0, "right")
    t.press(0, "left")
    assert ACCEPTED_WORDS not in _texts(t)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    said = _texts(t)
    assert _armed(t) is not None and "again: reroll" in said and "roll all 6" in said, said    # (RG-16: what it keeps)


def test_in_the_stop_phase_a_press_after_the_check_ran_out_answers_it_too(table):
    """r31 -> r32 with the press later: in Stop, seat 1 rerolls, its check
    runs out unanswered, and its press 2 s later answers it; nothing is
    armed and its second reroll is still there."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    _check_runs_out(t)
    t.run_until(lambda t: s.game.view(0)["phase"] == "stop", max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 2)
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"
    left = s.game.view(0)["rerolls_left"]
    t.press(0, "button")
    t.press(0, "button")
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    assert s.game.view(0)["rerolls_left"] == left - 1
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=400)
    _press_at(t, t.t_ms + 2000)
    assert _armed(t) is None, "the press meant as 'dice ok' armed " + str(_armed(t))
    assert "dice ok" in _texts(t), _texts(t)
    assert s.game.view(0)["rerolls_left"] == left - 1
