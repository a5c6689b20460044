"""The take-back hint ("hold left: take back") and the line naming the next
target both show (play-test, leftovers: in Café International Junior the hint
pushed the hand down and hid "row 2 col 3 top")."""
from __future__ import annotations

import pytest

from firmware.runtime.controls import SeatControls
from firmware.runtime.takeback import HINT
from firmware.screens.choices import TAKE_BACK_HINT
from firmware.screens.draw import oled_frame

from screen_checks import context, play_states


def test_the_screens_know_the_runtimes_hint_words():
    assert TAKE_BACK_HINT == HINT


def _with_hint(game, seat, cursor):
    c = SeatControls(seat)
    c.refresh(game)
    c.cursor = cursor
    ctrls = [c if s == seat else SeatControls(s) for s in range(game.num_players)]
    plain = oled_frame(game, seat, c, context(game, [], ctrls))
    hinted = oled_frame(game, seat, c, context(game, [], ctrls, prompts={seat: HINT}))
    return plain, hinted


@pytest.mark.parametrize("game_id,players,seed", [("cafe-junior", 3, 2), ("ginza", 3, 1), ("cryptid-cafe", 3, 1)])
def test_the_hint_leaves_every_line_of_the_choice_shown(game_id, players, seed):
    """Every text of the seat's frame without the hint (but its top bar's
    score and turn) is still drawn beside the hint."""
    seen = 0
    lost = []
    for game, _ in play_states(game_id, players, seed, every=4, limit=300):
        for seat in game.active_players():
            if not SeatControls(seat).selectable(game):
                continue
            plain, hinted = _with_hint(game, seat, 1)
            assert HINT in hinted.texts, hinted.texts
            body = [t for t, box in plain.boxes if box[1] > 11 and t in plain.texts]
            missing = [t for t in body if t not in hinted.texts]
            if missing:
                lost.append((missing, hinted.texts))
            seen += 1
    assert seen > 3
    assert lost == [], lost[:3]
