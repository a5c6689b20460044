"""Issue 36, faults: the dice reader beside the loop dies in the middle of
a Retrograde game (camera dice): the screen says so in words, a new reader
reads the frame again, and the game goes on as if nothing happened (the
same journal as the game whose pass read every frame itself)."""
from __future__ import annotations

from firmware.runtime.dice_beside import RESTART_NOTICE

from .test_key_stamps import _pi4_with_instant_camera, _play_retrograde


def test_a_dice_reader_that_dies_mid_game_is_told_on_the_screen_restarted_and_nothing_is_lost(table, tmp_path):
    calls = [0]
    notices: list[str] = []

    def sabotage(t):
        beside = t.session.dice.beside
        look = beside.look

        def dies_once(grab):
            calls[0] += 1
            if calls[0] == 5:
                raise RuntimeError("the reader crashed")
            return look(grab)
        beside.look = dies_once

    def watch(t):
        notices.append(t.session.context()["notice"])

    instant, _ = _play_retrograde(table, "instant")
    pi4, dice = _play_retrograde(table, _pi4_with_instant_camera(tmp_path), setup=sabotage, watch=watch)
    assert calls[0] > 5, "the reader never got to its fifth frame"
    assert dice.beside.restarts == 1
    assert RESTART_NOTICE in notices, "the screen never said the reader was restarting"
    assert notices[-1] != RESTART_NOTICE, "the notice stayed after the reader read again"
    assert pi4 == instant, "the game changed: a frame was lost or a reading came with another stamp"
