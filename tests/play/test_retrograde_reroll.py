"""Retrograde: a reroll is never one stray press (issue 34, the fresh
play-tester: the dice check ran out, the cursor stood on "reroll", and a
press meant as "dice ok" 2 s after the roll rerolled the dice).  Ruling
RG-15: a reroll arms first ("press again: roll all 6"), claims stay one
press (they are races); bots press twice too."""
from __future__ import annotations

import json

from firmware.rulings import LATE_OK_US, LOOK_FIRST_US


def _journal(t) -> list[dict]:
    return [json.loads(line) for line in (t.session.writer.path).read_text().splitlines()[1:]]


def _rerolls(t, seat: int) -> int:
    return sum(1 for a in _journal(t) if a.get("type") == "reroll" and a.get("player") == seat)


def _dice_in(t) -> list[int]:
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=200)     # nobody pressed: accepted
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)                       # past the late "dice ok" too
    return list(s.game.view(0)["seats"][0]["dice"])


def _rerolled_to_a_check(t) -> list[int]:
    """Seat 1's first roll goes in unanswered, it rerolls all its dice
    (a press answers the check that ran out, two more arm and reroll), and
    the new reading is held for its check: its values, as listed."""
    s = t.session
    _dice_in(t)
    t.press(0, "button")                   # "dice ok", after the check ran out unanswered (CAB-6)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                   # arms the reroll (RG-15)
    t.step(2)
    t.press(0, "button")                   # rerolls
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    return list(s.dice.held[0]["values"])


def _dice_checked(t, look_ms: int = 1500) -> list[int]:
    """Seat 1 looks at its reading for ``look_ms``, finds it right and
    presses "dice ok" (CAB-6's quick path: the window, 4 s, is for a seat
    that needs it), then waits as long as a late "dice ok" lasts."""
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(look_ms // t.pass_ms)
    t.press(0, "button")
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=20)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    return list(s.game.view(0)["seats"][0]["dice"])


def test_a_press_2s_after_the_roll_meant_as_dice_ok_does_not_reroll(table):
    """The press answers the check that ran out unanswered ("dice ok",
    ruling CAB-6); the seat's next press, after the look-first guard
    (CAB-12), arms the reroll, and the one after rerolls."""
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    dice = _dice_in(t)
    t.press(0, "button")                   # meant as "dice ok", well after the check
    t.step(5)
    assert _rerolls(t, 0) == 0 and s.game.view(0)["seats"][0]["dice"] == dice
    assert not s.game.view(0)["seats"][0]["claim"], "no card taken by a stray press either"
    assert "dice ok" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms)
    t.press(0, "button")                   # a fresh press on what the OLED shows: it arms
    t.step(5)
    assert _rerolls(t, 0) == 0
    said = " ".join(t.oled_texts(0))
    assert "again: reroll" in said and "roll all 6" in said, t.oled_texts(0)   # no card aimed at (RG-16)
    t.press(0, "button")                   # the second press: the reroll the seat asked for
    t.step(5)
    assert _rerolls(t, 0) == 1


def test_right_then_one_press_still_claims_at_once(table):
    """Claims are races: one press on a card claims it."""
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    _dice_in(t)
    t.press(0, "right")
    chosen = s.runtime.controls[0].shown(s.game).chosen
    assert chosen["type"] == "claim"
    t.press(0, "button")
    t.run_until(lambda t: s.game.view(0)["seats"][0]["claim"] is not None
                or 0 in (s.game.view(0).get("claims_pending") or []), max_passes=10)


def test_bots_still_reroll_with_two_presses(table):
    """A bot's reroll goes through the same two presses a person's does:
    bots still reroll (the runtime presses twice for it)."""
    t = table("retrograde", 3, bots={0, 1, 2})
    s = t.session
    t.run_until(lambda t: any(a.get("type") == "reroll" for a in _journal(t))
                or s.game.view(None)["round"] > 1, max_passes=4000, ms=100)
    assert any(a.get("type") == "reroll" for a in _journal(t))


def test_default_bots_leave_a_person_time_to_claim(table):
    """Issue 34: the default (normal) bots claimed about 2 s after their
    dice were read, 3 s after "Roll!": a person, who checks the dice,
    weighs four cards against the sheet and turns the cursor, only ever got
    the Stop claim.  The bots now weigh the cards as long as a person does
    (median 3.5 s at normal, bots/retrograde.py ``WEIGH_US``): a person who
    claims 2.5 s after its dice are in gets the card it turned to."""
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    _dice_checked(t)                                # dice in after 1.5 s of looking, "dice ok" said
    t.press(0, "right")
    chosen = s.runtime.controls[0].shown(s.game).chosen
    assert chosen["type"] == "claim"
    t.press(0, "button")
    t.run_until(lambda t: s.game.view(0)["seats"][0]["claim"] is not None, max_passes=60)
    assert s.game.view(0)["seats"][0]["claim"] == chosen["card"]
    claims = [a for a in _journal(t) if a.get("type") == "claim"]
    assert claims[0]["player"] == 0, claims
