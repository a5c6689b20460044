"""Café International Junior's "end turn" takes two presses like every
other choice on the cabinet (issue 34, PT13 f07: it took one press while
every other choice took two, so a habitual double press could end the turn
- and with it the chance to take the last seating back, CAB-11 - by
accident).  Ruling CAB-2: a choice is armed by one press and taken by the
next; only races are one press.  A seat alone with "end turn" is no race."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US

from .harness import cut_before


def _only_end_turn(game) -> bool:
    return (not game.is_terminal() and game.active_players() == [0]
            and [a["type"] for a in game.legal_actions(0)] == ["end_turn"])


def test_pt13_end_turn_alone_is_armed_by_one_press_and_taken_by_the_next(table, tmp_path):
    t = table("cafe-junior", 3, bots={1, 2}, journal=cut_before(tmp_path, "cafe-junior", 3, 2, _only_end_turn))
    s = t.session
    for _ in range(40):            # seat 1 seats its guest (the move that leaves it only "end turn")
        if _only_end_turn(s.game):
            break
        if t.has_choice(0):
            t.confirm(0)
        else:
            t.step(ms=100)
    assert _only_end_turn(s.game) and t.has_choice(0)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 2)
    lines = len(t.journal())
    t.press(0, "button")
    t.step(2)
    assert not [a for a in t.journal()[lines:] if a.get("type") == "end_turn"], "one press ended the turn"
    assert s.runtime.controls[0].armed, "the first press did not arm it"
    said = " ".join(t.oled_texts(0))
    assert "press again" in said, said
    t.press(0, "button")
    t.step(2)
    ended = [a for a in t.journal()[lines:] if a.get("type") == "end_turn"]
    assert ended and ended[0].get("player") == 0, "the second press did not end the turn"
