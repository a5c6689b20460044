"""A take-back that cannot be done says why, in a family's words, in every
game that has take-back (issue 34, the last play-test: holding Left said
only "nothing to take back", whether the dice had been read, another move
had come or nothing had been done yet; ruling CAB-11).  Each hold here is
a person's: Left held alone 1 s in the window, the seat's drawn OLED read."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US
from firmware.runtime.takeback import TAKE_BACK_HOLD_US

from .harness import cut_before


def _hold_left(t, seat: int = 0) -> None:
    key = t.key_code(seat, "left")
    t.post(key, True)
    t.step(TAKE_BACK_HOLD_US // 1000 // t.pass_ms + 4)
    t.post(key, False)
    t.step(3)


def _said(t, seat: int = 0) -> str:
    return " | ".join(t.oled_texts(seat))


def _my_choice(t, seat: int = 0) -> bool:
    s = t.session
    return seat in s.game.active_players() and bool(s.runtime.controls[seat].refresh(s.game))


def test_cafe_junior_says_nothing_done_yet_and_your_turn_is_over(table):
    t = table("cafe-junior", 3, bots={1, 2}, options={"start_player": 0})
    t.run_until(_my_choice, max_passes=300)
    t.step(3)
    _hold_left(t)                               # its turn begun, no guest seated yet
    assert "nothing done yet" in _said(t), _said(t)
    assert t.session.game.can_take_back(0) is False
    s = t.session
    for _ in range(60):                         # "end turn" is one Left from the first choice
        if s.runtime.controls[0].shown(s.game).chosen["type"] == "place":
            break
        t.press(0, "right")
    t.press(0, "button")
    t.press(0, "button")                        # seats a guest
    t.step(3)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    for _ in range(60):
        if s.runtime.controls[0].shown(s.game).chosen["type"] == "end_turn":
            break
        t.press(0, "left")
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    t.press(0, "button")                        # ends the turn: guests drawn
    t.step(3)
    assert 0 not in s.game.active_players()
    _hold_left(t)
    assert "your turn is over" in _said(t), _said(t)


def _ginza_turn(game) -> bool:
    """Seat 1's turn in Ginza's play, no dice asked, with a reroll offered."""
    return (game.view(None)["phase"] == "play" and not game.chance_requests() and game.active_players() == [0]
            and any(a["type"] == "reroll" for a in game.legal_actions(0)))


def test_ginza_says_the_dice_were_already_read(table, tmp_path):
    journal = cut_before(tmp_path, "ginza", 2, 3, _ginza_turn)
    t = table("ginza", 2, bots={1}, journal=journal)
    s = t.session
    t.run_until(lambda t: _ginza_turn(s.game) and _my_choice(t), max_passes=400)
    for _ in range(120):
        if s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll":
            break
        t.press(0, "right")
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    t.press(0, "button")                        # rerolls: the dice are asked for
    t.run_until(lambda t: 0 in s.dice.held, max_passes=600)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                        # dice ok
    t.run_until(lambda t: not s.game.chance_requests() and _my_choice(t), max_passes=600)
    t.step(40)
    _hold_left(t)
    assert "dice already read" in _said(t), _said(t)


def test_cryptid_cafe_says_the_ai_players_moved(table):
    """Solo: seat 1 sends a server; the AI players draw and place theirs
    at once (other players' moves, a card drawn, a die rolled)."""
    t = table("cryptid-cafe", 1, seed=3)
    s = t.session
    t.run_until(lambda t: _my_choice(t) and s.runtime.controls[0].shown(s.game).chosen["type"] == "place",
                max_passes=400)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    actions = s.runtime.stats.actions
    t.press(0, "button")
    t.press(0, "button")
    t.run_until(lambda t: s.runtime.stats.actions > actions, max_passes=100)
    t.run_until(_my_choice, max_passes=400)
    t.step(3)
    _hold_left(t)
    assert "the AI players moved" in _said(t), _said(t)
