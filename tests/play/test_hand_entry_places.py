"""Hand entry after a rejection, in the places the seat saw its dice
(rulings CAB-6 "Hand entry", CAB-5: never guessed; PT66, a fresh
play-tester of Retrograde with camera dice): seat 1 rejected a reading
"2 6 2 1 6 1"; the new look missed a die and the entry began "2 1 6 1 2 1":
the dice read again in the camera's order, and the die not seen made a 1.
Five of six values stood under another die's close-up.

Now the entry starts from the new look put in the places of the reading
the seat rejected (as the new look's check would stand), and a die not
seen or not read starts as "?": "ok" does not take the dice until the seat
has given it a value."""
from __future__ import annotations

import firmware.runtime.dice_camera as dice_camera
from firmware.rulings import LONG_PRESS_US, LOOK_FIRST_US

from .test_retrograde_reroll import _rerolled_to_a_check
from .test_retrograde_unread_dice import _frame


def _rejected_then_a_die_missed(table, monkeypatch):
    """Seat 1 (a person) rerolls, rejects the reading of its new dice, and
    every look after that misses the camera's last die: the flow goes on
    to the hand entry (ruling CAB-17: where a reroll would be asked).
    Returns (table, the reading rejected)."""
    real = dice_camera.MultiLook.read
    t = table("retrograde", 3, bots={1, 2}, seed=13)
    s = t.session

    def one_missed(self, frame, wb=None):
        dice = real(self, frame, wb)
        if self is s.dice.looks.get(0) and dice and s.dice.stats.contested:
            return dice[:-1]
        return dice

    monkeypatch.setattr(dice_camera.MultiLook, "read", one_missed)
    shown = _rerolled_to_a_check(t)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button", hold_passes=LONG_PRESS_US // 1000 // t.pass_ms + 4)     # "wrong"
    t.run_until(lambda t: 0 in s.dice.entries, max_passes=3000)
    return t, shown


def test_the_entry_starts_in_the_places_the_seat_saw_with_the_missed_die_unset(table, monkeypatch):
    t, shown = _rejected_then_a_die_missed(table, monkeypatch)
    start = list(t.session.dice.entries[0]["values"])
    assert start.count(None) == 1, (shown, start)
    i = start.index(None)
    assert start[:i] + start[i + 1:] == shown[:i] + shown[i + 1:], ("the places the seat saw", shown, start)
    # the simulator's close-ups stand under the entry's values, the die not seen under its "?"
    s = t.session
    tray = s.dice.table.trays[0]
    order = s._reading_order(s.dice.table, 0, tray)
    assert order is not None and sorted(order) == list(range(len(start)))
    assert [tray.lying[j].value for j in order] == shown, (shown, start, order)


def test_ok_waits_for_the_unset_die_then_takes_the_values_entered(table, monkeypatch):
    t, shown = _rejected_then_a_die_missed(table, monkeypatch)
    s = t.session
    e = s.dice.entries[0]
    i = e["values"].index(None)
    e["cursor"] = len(e["values"])         # on "ok": the OLED says where a press goes
    assert "press: to the ? die" in _frame(t).texts and "die None" in [w for w, _ in _frame(t).boxes]
    t.press(0, "button")
    assert 0 in s.dice.entries and e["cursor"] == i     # not taken: the cursor goes to the "?" die
    t.press(0, "right")
    assert e["values"][i] == 1
    e["cursor"] = len(e["values"])
    t.press(0, "button")
    t.run_until(lambda t: 0 not in s.dice.entries, max_passes=50)
    assert s.game.view(0)["seats"][0]["dice"] == e["values"]
