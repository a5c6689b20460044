"""A refused take-back's words stay on the seat's OLED their whole time,
whatever comes next (issue 34, play-test PT13: a Left hold in Ginza's
bonus draft, right after a serve, and in Cryptid Cafe after sending a
server showed no word at all; in the window a hold whose refusal said
"your turn is over" was replaced within 0.3 s by the seat's dice check).
Each hold is a person's: Left held alone 1 s in the window, the drawn OLED
read by its frame's texts every pass."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US
from firmware.runtime.takeback import REFUSAL_SHOWN_US, TAKE_BACK_HOLD_US

from .harness import ginza_on_reroll


def _hold_left(t, seat: int = 0) -> None:
    key = t.key_code(seat, "left")
    t.post(key, True)
    t.step(TAKE_BACK_HOLD_US // 1000 // t.pass_ms + 4)
    t.post(key, False)
    t.step()


def _said(t, seat: int = 0) -> str:
    return " | ".join(t.oled_texts(seat))


def test_ginza_a_refusal_stays_over_the_dice_check_that_follows(table, tmp_path):
    t = ginza_on_reroll(table, tmp_path)
    s = t.session
    t.confirm()                                  # rerolls: the dice are asked for
    assert s.game.chance_requests(), "the reroll asked for no dice"
    _hold_left(t)                                # while the dice roll: refused
    words = ("dice being rolled", "dice already read")
    assert any(w in _said(t) for w in words), _said(t)
    seen_check = False
    start = t.t_ms
    while t.t_ms - start < REFUSAL_SHOWN_US // 1000 - 200:
        said = _said(t)
        seen_check = seen_check or 0 in s.dice.held
        assert any(w in said for w in words), f"{t.t_ms - start} ms after the hold: {said}"
        t.step()
    assert seen_check, "the dice check never came while the refusal stood (the test proves nothing)"
