"""PT46 (a fresh play-tester, Retrograde seed 9, round 8): seat 1's cursor
had rested on card C and stood on "reroll" ("keep 2 2 2 5 for C"); it
pressed the button twice, 1.4 s apart, and seat 2's claim of C (which
began Stop) came about as its first press did.  The OLED then showed
"card C was taken" over the reroll bar lit as armed and never what a
second press would do; the second press rerolled all seven dice, a Stop
reroll spent throwing away 2 2 2 1 1 1 5.  Whatever order the claim and
the press come in, a reroll that stands armed says what its next press
does ("again: roll all 7"), or is not armed."""
from __future__ import annotations

import pytest

from .test_retrograde_target_taken_in_check import _aimed_back_on_reroll, _to_card

SECOND = 1000


def _key(t, seat: int, down: bool) -> None:
    t.post(t.key_code(seat, "button"), down)


@pytest.mark.parametrize("lag", [0, 1, 3, 6, 10, 20])
def test_an_armed_reroll_says_its_next_press_whenever_the_target_goes(table, lag):
    t = table("retrograde", 3, bots=set(), seed=7)
    s = t.session
    card = _aimed_back_on_reroll(t)
    other = next(a["card"] for a in s.runtime.controls[1].refresh(s.game)
                 if a.get("type") == "claim" and a.get("card") != card)
    _to_card(t, 1, other)
    t.press(1, "button")                           # seat 2 claims another card
    t.run_until(lambda t: s.game.view(None)["seats"][1]["claim"] == other, max_passes=300)
    _to_card(t, 2, card)
    t.step(SECOND // t.pass_ms)
    _key(t, 2, True)                               # seat 3 takes seat 1's target: Stop begins
    t.step(lag) if lag else None
    _key(t, 0, True)                               # seat 1's arming press, about then
    t.step(2)
    _key(t, 2, False)
    _key(t, 0, False)
    t.run_until(lambda t: s.game.view(None)["seats"][2]["claim"] == card, max_passes=300)
    t.step(SECOND // 2 // t.pass_ms)
    controls = s.runtime.controls[0]
    said = " | ".join(t.oled_texts(0))
    if controls.shown(s.game).armed:
        assert "again" in said, said               # armed: the OLED says what the next press does
    rerolls = s.game.view(None)["rerolls_left"]
    t.press(0, "button")
    t.step(3)
    if s.game.view(None)["rerolls_left"] < rerolls:  # that press rerolled: it was said before it
        assert "again" in said, said
