"""Retrograde in the simulator: a rejected reading is read again, never
rerolled (ruling CAB-6, "Rejected"; PT29, a fresh play-tester as seat 1
against bots with camera dice: "rejecting a CORRECT reading made the
simulated table re-throw ALL the seat's dice, the kept ones too, with new
values, and used no reroll" - a free reroll at Stop for anyone who says
"wrong").

At a real cabinet a rejection asks the seat to straighten its dice where
they lie, the same faces up, for a new look; the simulated seat does the
same: its dice are nudged in place (same values, new positions), the dice
it kept stay, no value appears that was not there, and the game's Stop
rerolls are neither spent nor given."""
from __future__ import annotations

from firmware.rulings import LATE_OK_US, LONG_PRESS_US, LOOK_FIRST_US

from tests.play.test_retrograde_last_reroll_aim import _at_stop_aimed


def _reject(t) -> None:
    """Seat 1 looks at its check, then holds its button past a long press."""
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button", hold_passes=LONG_PRESS_US // 1000 // t.pass_ms + 4)


def test_rejecting_a_right_reading_at_stop_reads_the_same_dice_again_and_spends_no_reroll(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    _at_stop_aimed(t)
    left = s.game.view(None)["rerolls_left"]
    assert left >= 1
    t.press(0, "button")                                     # arms the reroll
    t.step(3)
    t.press(0, "button")                                     # rerolls: keeps the dice that fit the target
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    assert s.game.view(None)["rerolls_left"] == left - 1
    tray = s.dice.table.trays[0]
    thrown = list(tray.values)
    kept = list(s.dice.kept.get(0, []))
    shown = list(s.dice.held[0]["values"])
    read = sorted(shown)
    assert read == sorted(thrown), "the test needs a right reading to reject"
    throws = tray.throws
    _reject(t)
    assert s.dice.stats.contested == 1
    assert tray.throws == throws, "a rejection is no throw"
    assert tray.values == thrown, (thrown, tray.values)
    assert s.dice.kept.get(0, []) == kept, "the kept dice stay kept"
    said = " | ".join(t.oled_texts(0))
    assert "REJECTED" in said and "nudge, same faces up" in said and "reroll your dice" not in said, said
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    assert sorted(s.dice.held[0]["values"]) == read, "read again: the same dice"
    assert s.dice.held[0]["values"] == shown, "each die in the place the seat saw it (straightened, not moved)"
    said = " | ".join(t.oled_texts(0))
    assert "dice read again" in said, ("the new look says what it is (PT31)", said)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                                     # dice ok
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=50)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    assert sorted(s.game.view(None)["seats"][0]["dice"]) == read
    assert s.game.view(None)["rerolls_left"] == left - 1, "no reroll spent or given by the rejection"


def _rerolled_at_stop(table):
    """Seed 11's 3-seat game at Stop, seat 1 aimed at a card, its reroll
    armed and thrown: the table (its reading to come)."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    _at_stop_aimed(t)
    t.press(0, "button")                                     # arms the reroll
    t.step(3)
    t.press(0, "button")                                     # rerolls
    return t


def test_a_rejected_reading_read_again_is_not_called_rolling_on_the_shared_screen(table):
    """PT32: "after I rejected a reading, my row showed 'rolling' as if I
    had rerolled" (the seat's banner said "nudges").  Nothing is rolled: the
    dice are read again where they lie, and the row says so."""
    t = _rerolled_at_stop(table)
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    _reject(t)
    assert s.dice.stats.contested == 1 and 0 not in s.dice.held
    texts = t.scene().texts()
    assert "read again" in texts and "rolling" not in texts, texts


def test_dice_entered_by_hand_show_on_the_shared_screen_not_as_rolling(table):
    """PT34: after two rejections the seat enters its dice by hand (CAB-6),
    yet its row on the HDMI showed camera icons and "rolling" drawn over
    them: nothing is rolled.  The row shows the values being entered, in
    their places, as a reading not yet in the game."""
    t = _rerolled_at_stop(table)
    s = t.session
    for _ in range(2):                                       # two rejections: entry by hand
        t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
        _reject(t)
    assert 0 in s.dice.entries, "the test needs the hand entry"
    t.step(2)
    scene = t.scene()
    texts = scene.texts()
    assert "rolling" not in texts and "read again" not in texts, texts
    assert 0 not in scene.facts.get("rolling", []), "no die of the seat drawn as being read"
    assert scene.facts.get("held", {}).get(0) == list(s.dice.entries[0]["values"])
