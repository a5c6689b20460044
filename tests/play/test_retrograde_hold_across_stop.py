"""Retrograde: a hold meant as "wrong" around the end of the dice check,
while the other seats' claims begin Stop, never arms a reroll (ruling
CAB-6, "A hold that comes too late"; PT31, a fresh play-tester as seat 1
against bots with camera dice: with the check about to run out seat 1
held its button 1 s to reject; the bots claimed meanwhile and Stop
began; the dice were accepted with no rejection and the OLED said "again:
roll all 6", a Stop reroll armed by the hold).

A hold that began while the check was open rejects when held long enough;
one that began after it ran out (Stop having ended the check's late
answer meanwhile) is told "too late: accepted" and leaves nothing armed."""
from __future__ import annotations

from firmware.rulings import LATE_OK_US, LONG_PRESS_US, LOOK_FIRST_US, TOO_LATE_WORDS

from tests.play.test_retrograde_armed_keep import _all_dice_in


def _texts(t, seat: int = 0) -> str:
    return " | ".join(t.oled_texts(seat))


def _aimed(t, seat: int, card: str) -> None:
    """``seat`` turns to ``card`` and has looked at it (its claim is one press)."""
    s = t.session
    t.turn_to("claim", seat=seat)
    for _ in range(8):
        if s.runtime.controls[seat].shown(s.game).chosen.get("card") == card:
            break
        t.press(seat, "right")
    assert s.runtime.controls[seat].shown(s.game).chosen.get("card") == card


def _race_reroll_checked(t) -> list[str]:
    """Seat 1 rerolls in the race; seats 2 and 3 aim at two cards; seat 1's
    check is on its OLED.  Returns the two cards."""
    s = t.session
    _all_dice_in(t, 3)
    t.press(0, "button")
    t.step(3)
    t.press(0, "button")                                     # a reroll in the race
    cards = list(s.game.view(None)["face_up_ids"])[:2]
    _aimed(t, 1, cards[0])
    _aimed(t, 2, cards[1])
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    return cards


def _claims(t) -> None:
    """Seats 2 and 3 claim their cards: Stop begins for seat 1."""
    s = t.session
    t.press(1, "button")
    t.press(2, "button")
    t.run_until(lambda t: s.game.view(None)["phase"] == "stop", max_passes=100)


def test_a_hold_after_the_check_ran_out_and_stop_began_is_too_late_and_arms_nothing(table):
    t = table("retrograde", 3, bots=set(), seed=11)
    s = t.session
    _race_reroll_checked(t)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=400)       # nobody pressed: accepted
    dice = list(s.game.view(0)["seats"][0]["dice"])
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    _claims(t)
    left, lines = s.game.view(None)["rerolls_left"], len(t.journal())
    key = t.key_code(0, "button")
    t.post(key, True)                                        # held 1 s to say "wrong"
    t.step(1000 // t.pass_ms)
    t.post(key, False)
    t.step(2)
    assert s.runtime.controls[0].armed is None, ("the hold armed a reroll", _texts(t))
    assert TOO_LATE_WORDS in _texts(t), _texts(t)
    assert "again" not in _texts(t), _texts(t)
    assert not [a for a in t.journal()[lines:] if a.get("player") == 0], "the late hold chose something"
    assert s.game.view(0)["seats"][0]["dice"] == dice and s.game.view(None)["rerolls_left"] == left
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    t.press(0, "button")                                     # the next press is Stop's, seen: it arms
    assert s.runtime.controls[0].armed is not None


def test_a_hold_begun_in_the_check_rejects_though_stop_begins_under_it(table):
    t = table("retrograde", 3, bots=set(), seed=11)
    s = t.session
    _race_reroll_checked(t)
    key = t.key_code(0, "button")
    t.post(key, True)                                        # held to say "wrong" while the check is open
    t.step(2)
    _claims(t)                                               # Stop begins under the hold
    t.step(LONG_PRESS_US // 1000 // t.pass_ms + 2)
    t.post(key, False)
    t.step(2)
    assert any(a.get("note") == "contest" and a.get("player") == 0 for a in t.journal()), "rejected"
    assert s.runtime.controls[0].armed is None
    assert "REJECTED" in _texts(t), _texts(t)
