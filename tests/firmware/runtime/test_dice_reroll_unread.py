"""After three failed readings the seat rerolls the die the camera cannot
read, not every die it threw (ruling CAB-5: "the seat is asked to nudge or
reroll *it*").  PT49 (Retrograde, round 5): rerolling two dice for card D,
one read as the pink 3 it needed and one unread; after two nudges
"rerolled for you" threw both, and the 3 became a 1, with nothing said of
why.  Now the unread die alone is rerolled ("reroll the unread die"; the
simulator: "die rerolled for you"), the dice read stay as they lie; a die
not seen at all still makes the seat reroll its dice."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

import vision.multilook as multilook
from firmware.runtime.dice_readings import asks_nudge
from firmware.runtime.dice_station import DiceStation
from firmware.runtime.dice_table import COMMON, SimTable

from test_runtime import FakeGame, FakeRuntime

REQ = {"type": "dice", "player": 0, "count": 3, "colour": None, "faces": 6}


def test_at_the_cabinet_the_third_failed_reading_asks_to_reroll_the_unread_dice_only():
    station = DiceStation(3)
    rt = SimpleNamespace(prompts={}, dirty=False)
    station._nudge(rt, 0, REQ, [4, None, 2], 3, 0)
    assert rt.prompts[0] == "reroll the unread die"
    station._nudge(rt, 0, REQ, [None, None, 2], 6, 0)
    assert rt.prompts[0] == "reroll the 2 unread dice"
    station._nudge(rt, 0, REQ, [4, 2], 9, 0)                   # a die not seen: which one?
    assert rt.prompts[0] == "reroll your dice"
    common = dict(REQ, player=None, colour="purple")
    station._nudge(rt, COMMON, common, [4, None, 2], 3, 0)
    assert rt.prompts[0] == "reroll the unread common die"
    for words in ("reroll the unread die", "reroll the 2 unread dice", "reroll the unread common die",
                  "die rerolled for you", "dice rerolled for you", "common die rerolled"):
        assert asks_nudge(words), words


def test_in_the_simulator_the_dice_read_stay_as_they_lie_and_the_unread_one_is_thrown_again(monkeypatch):
    table = SimTable(2, seed=4)
    station = DiceStation(2, settle_ms=200, table=table)
    runtime = FakeRuntime(FakeGame(3))
    real = multilook.frame_looks
    good: list = []

    def only_two_read(reader, frame, wb=None):
        looks = real(reader, frame, wb)
        if not good and table.trays[1].lying:            # the first throw's two leftmost dice read
            good.extend(d.center for d in sorted(table.trays[1].lying, key=lambda d: d.center[0])[:2])
        for lk in looks:
            if not any(math.hypot(lk.x - x, lk.y - y) < 0.3 * lk.size for x, y in good):
                lk.probs, lk.agree = np.array([0.16] * 6 + [0.04]), False
        return looks

    monkeypatch.setattr(multilook, "frame_looks", only_two_read)
    t = 0
    while station.stats.rerolls == 0 and t < 20_000_000:
        station.poll(runtime, t)
        t = max(t + 1, station.next_us() or t + 1)
    tray = table.trays[1]
    assert station.stats.rerolls == 1 and station.stats.nudges == 3
    assert len(tray.stay) == 2 and len(tray.values) == 3, tray.stay
    assert sorted(d.center for d in tray.stay) == sorted(good)          # the two dice read, where they lay
    assert [d.value for d in tray.stay] == tray.values[:2]
    assert station.sim_notes(t).get(1) == "die rerolled for you"


def test_the_walkthrough_says_only_the_unread_die_is_rolled_again():
    from firmware.screens.walkthrough import reread_words
    at_cabinet = reread_words(0, {"prompts": {0: "reroll the unread die"}})
    assert "only the die shown as ?" in at_cabinet.todo and "leave the others" in at_cabinet.todo
    sim = reread_words(0, {"simulated_dice": True, "prompts": {0: "die rerolled for you"}})
    assert sim.now == "the table rerolled the die the camera could not read for you"
    assert reread_words(0, {"prompts": {0: "reroll your dice"}}).todo == "roll them again in your tray"


def test_after_a_rejection_a_failed_reading_is_nudged_or_entered_by_hand_never_rerolled():
    """PT50 (Ginza, game 2): the seat said "wrong" to 4 5 6 2 2; the dice
    were straightened and read again, a die came back unread, and the
    third failed reading of the request rerolled it: the 2 came back a 6,
    a free reroll (PT29: never after a rejection, CAB-6)."""
    station = DiceStation(3)
    rt = SimpleNamespace(prompts={}, dirty=False)
    station.rejected[0] = 0
    station._nudge(rt, 0, REQ, [4, None, 2], 3, 0)
    assert rt.prompts[0] == "nudge 1 unread die"
    assert station.stats.rerolls == 0
    table = SimTable(2, seed=4)                                  # the simulated seat: entered (the truth)
    station = DiceStation(2, table=table)
    table.throw(1, [2, 4, 5], None, 0)
    station.serving[1] = dict(REQ, player=1)
    station.rejected[1], station.attempts[1] = 1, 2
    assert station._unreadable(rt, 1, station.serving[1], [2, None, 5], 0) == [2, 4, 5]
    assert station.stats.rerolls == 0 and station.stats.entered == 3


def test_dice_the_simulator_enters_after_a_rejection_say_so_and_count_as_a_hand_entry():
    """PT51 (Retrograde, window): after "wrong" to its dice, the reading
    again failed twice and the simulated seat entered the values; the OLED
    said only "accepted; press: ok" over values the person never entered,
    and the report said "6 dice entered by hand (seat 1: 6)" beside "0
    readings entered by hand"."""
    rt = SimpleNamespace(prompts={}, dirty=False)
    table = SimTable(2, seed=4)
    station = DiceStation(2, table=table)
    table.throw(1, [2, 4, 5], None, 0)
    station.serving[1] = dict(REQ, player=1)
    station.rejected[1], station.attempts[1] = 1, 2
    assert station._unreadable(rt, 1, station.serving[1], [2, None, 5], 1_000) == [2, 4, 5]
    assert station.sim_notes(1_000)[1] == "dice entered for you"
    assert station.stats.hand_entries == 1 and station.stats.entered == 3


def test_a_person_who_said_wrong_enters_the_dice_in_the_simulator_too():
    """PT51, PT52 (window): after "wrong", the reading failed again and the
    simulated seat put values in "by hand" that the person never entered.
    A person's seat enters them itself, as at the cabinet (CAB-6's hand
    entry, from what was read, the unread die a "?"); a bot's seat is
    still entered for."""
    table = SimTable(2, seed=4)
    station = DiceStation(2, table=table, contest_ms=4000)
    table.throw(0, [2, 4, 5], None, 0)
    station.serving[0] = dict(REQ)
    station.rejected[0], station.attempts[0] = 0, 2
    rt = SimpleNamespace(prompts={0: "nudge 1 unread die"}, dirty=False, bots=[1],
                         game=SimpleNamespace(num_players=2))
    assert station._unreadable(rt, 0, station.serving[0], [2, None, 5], 1_000) is None
    # the unread die stays in its place, a "?" for the person to set (CAB-5; PT66)
    assert station.entries[0]["seat"] == 0 and station.entries[0]["values"] == [2, None, 5]
    assert station.stats.entered == 0 and 0 not in rt.prompts
    table.throw(1, [2, 4, 5], None, 0)
    station.serving[1] = dict(REQ, player=1)
    station.rejected[1], station.attempts[1] = 1, 2
    assert station._unreadable(rt, 1, station.serving[1], [2, None, 5], 1_000) == [2, 4, 5]
