"""A take-back that cannot be done says why, in a family's words, in every
game that has take-back (issue 34, the last play-test: holding Left said
only "nothing to take back", whether the dice had been read, another move
had come or nothing had been done yet; ruling CAB-11).  Each hold here is
a person's: Left held alone 1 s in the window, the seat's drawn OLED read."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US
from firmware.runtime.takeback import TAKE_BACK_HOLD_US

from .harness import ginza_on_reroll


def _hold_left(t, seat: int = 0) -> None:
    key = t.key_code(seat, "left")
    t.post(key, True)
    t.step(TAKE_BACK_HOLD_US // 1000 // t.pass_ms + 4)
    t.post(key, False)
    t.step(3)


def _said(t, seat: int = 0) -> str:
    return " | ".join(t.oled_texts(seat))


def test_cafe_junior_says_nothing_done_yet_and_your_turn_is_over(table):
    t = table("cafe-junior", 3, bots={1, 2}, options={"start_player": 0})
    t.run_until(lambda t: t.has_choice(), max_passes=300)
    t.step(3)
    _hold_left(t)                               # its turn begun, no guest seated yet
    assert "nothing done yet" in _said(t), _said(t)
    assert t.session.game.can_take_back(0) is False
    s = t.session
    t.turn_to("place")                          # "end turn" is one Left from the first choice
    t.press(0, "button")
    t.press(0, "button")                        # seats a guest
    t.step(3)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.turn_to("end_turn", arrow="left")
    t.confirm()                                 # ends the turn: guests drawn
    t.step(3)
    assert 0 not in s.game.active_players()
    _hold_left(t)
    assert "your turn is over" in _said(t), _said(t)


def test_ginza_says_the_dice_were_already_read(table, tmp_path):
    t = ginza_on_reroll(table, tmp_path)
    s = t.session
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"
    t.confirm()                                 # rerolls: the dice are asked for
    t.run_until(lambda t: 0 in s.dice.held, max_passes=600)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                        # dice ok
    t.run_until(lambda t: not s.game.chance_requests() and t.has_choice(), max_passes=600)
    t.step(40)
    _hold_left(t)
    assert "dice already read" in _said(t), _said(t)


def test_cryptid_cafe_says_the_ai_players_moved(table):
    """Solo: seat 1 sends a server; the AI players draw and place theirs
    at once (other players' moves, a card drawn, a die rolled)."""
    t = table("cryptid-cafe", 1, seed=3)
    s = t.session
    t.run_until(lambda t: t.has_choice() and s.runtime.controls[0].shown(s.game).chosen["type"] == "place",
                max_passes=400)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    actions = s.runtime.stats.actions
    t.press(0, "button")
    t.press(0, "button")
    t.run_until(lambda t: s.runtime.stats.actions > actions, max_passes=100)
    t.run_until(lambda t: t.has_choice(), max_passes=400)
    t.step(3)
    _hold_left(t)
    assert "the AI players moved" in _said(t), _said(t)
