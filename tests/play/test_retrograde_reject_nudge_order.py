"""Retrograde in the simulator: after a rejection the dice come back in the
places the seat saw them, even when a die of the new reading was unread
and nudged meanwhile, and the words say what was done (ruling CAB-6,
"Rejected"; PT31, a fresh play-tester as seat 1 against bots with camera
dice: "5 5 1 2 4 4" rejected came back "1 4 4 5 5 2", the OLED saying "die
nudged for you" while all six dice had been read again).

The rejection's new look keeps each die where the seat saw it; a nudge of
an unread die in between keeps those places (its reading so far is put in
them, not in the order the camera met the nudged dice), and the simulator's
words name all the dice it nudged after the rejection ("dice nudged for
you"), the check of the new look "dice read again"."""
from __future__ import annotations

import firmware.runtime.dice_camera as dice_camera
from firmware.rulings import LONG_PRESS_US, LOOK_FIRST_US
from vision.die import Die

from .test_retrograde_unread_dice import _frame
from .test_retrograde_reroll import _rerolled_to_a_check


def test_a_rejected_reading_read_again_after_a_nudge_keeps_the_places_the_seat_saw(table, monkeypatch):
    real = dice_camera.MultiLook.read
    unread = {"until": -1}          # a die unread until the nudges reach this count
    t = table("retrograde", 3, bots={1, 2}, seed=13)
    s = t.session

    def one_unread(self, frame, wb=None):
        dice = real(self, frame, wb)
        if s.dice.stats.nudges < unread["until"] and self is s.dice.looks.get(0) and dice and 0 in s.dice.rejected:
            d = dice[-1]
            dice[-1] = Die(None, d.colour, d.center, d.box, 0.0)
        return dice

    monkeypatch.setattr(dice_camera.MultiLook, "read", one_unread)
    shown = _rerolled_to_a_check(t)
    nudges = s.dice.stats.nudges
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    unread["until"] = nudges + 1           # the new look after the rejection has a die unread, once
    t.press(0, "button", hold_passes=LONG_PRESS_US // 1000 // t.pass_ms + 4)     # "wrong"
    assert s.dice.stats.contested == 1
    t.run_until(lambda t: s.dice.stats.nudges > nudges, max_passes=400)
    assert s.dice.notes[0][0] == "dice nudged for you", s.dice.notes          # all its dice were nudged
    t.run_until(lambda t: 0 in s.dice.held, max_passes=400)
    assert s.dice.held[0]["values"] == shown, ("the places the seat saw", shown, s.dice.held[0]["values"])
    said = " | ".join(_frame(t).texts)                       # the check's top bar says what was done
    assert ("dice nudged for you" in said or "dice read again" in said) and "die nudged" not in said, said
