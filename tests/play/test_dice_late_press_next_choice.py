"""A late press meant for the dice never lands on the next choice (ruling
CAB-6, CAB-12; issue 34, the fresh play-test PT14 of Ginza Retro Café in
the simulator's window).  Shot 57: seat 1 added a die, its 4 s check ran
out unanswered ("dice accepted"), the bot served 3 s later and seat 1's
turn began; a Space hold meant to reject the reading came 0.9 s after
that (past the 0.7 s look-first guard) and armed "change 6 to 5, costs 1
action token".  Shot 50: seat 1's dice would not read ("nudge 3 unread
dice"); the simulated seat entered them, the bonus-card draft began and
a press meant as a nudge, past the look-first guard of the draft,
armed a bonus card.  Now a seat's dice that went in unanswered (the check ran
out, or unread dice were entered) are what its next press answers while
its cursor has not turned and the round and phase are the same, whatever
choice appeared meanwhile: nothing is armed, the OLED says the dice
stand; the press after that chooses.  (PT30: the common dice's check,
held while the seat's own dice were read again, now comes after them.)"""
from __future__ import annotations

import json

import firmware.runtime.dice_camera as dice_camera
from firmware.runtime.dice_readings import asks_nudge
from firmware.runtime.dice_table import COMMON
from firmware.runtime.journal_lines import encode_line
from firmware.rulings import ACCEPTED_WORDS, LONG_PRESS_US, LOOK_FIRST_US, TOO_LATE_WORDS
from vision.die import Die

#: PT14's journal (seed 3, seat 2 a bot) up to seat 1's "add 1 die": its die is rolled next.
PT14_UP_TO_ADD = """\
{"game":"ginza","id":"7939a6dd122218ce","journal":2,"meta":{"bot_levels":{"1":"normal"},"bots":[1]},"num_players":2,"options":{},"seed":3,"seq":5,"crc":"04ce8687"}
{"card":"yuko","player":1,"type":"choose_card","crc":"69c592ab"}
{"card":"aya","player":0,"type":"choose_card","crc":"ccef4332"}
{"colour":"blue","player":1,"reason":"first dice","type":"dice","values":[3,3,3,5,2],"crc":"4af68c4c"}
{"colour":"purple","player":null,"reason":"common dice","type":"dice","values":[3,3,3],"crc":"61119692"}
{"colour":"red","player":0,"reason":"first dice","type":"dice","values":[6,1,6,1,3],"crc":"46a7bea8"}
{"card":"specials","player":1,"type":"pick_bonus","crc":"274e7ca4"}
{"card":"set-a","player":0,"type":"pick_bonus","crc":"28fcc37b"}
{"card":"food-master","player":1,"type":"pick_bonus","crc":"678b42ac"}
{"card":"most-orders","player":0,"type":"pick_bonus","crc":"0284c814"}
{"common":null,"dice":[3,3,5],"order":"CREA-I-1","player":1,"type":"serve","crc":"76c20cbf"}
{"common":null,"dice":[6,6],"order":"PARF-I-2","player":0,"type":"serve","crc":"ba2dd144"}
{"common":null,"dice":[2,3],"order":"PUDD-I-2","player":1,"type":"serve","crc":"df94e1b4"}
{"common":3,"dice":[1,1,3],"order":"COFF-I-2","player":0,"type":"serve","crc":"e8f21bf1"}
{"count":3,"player":1,"type":"add","crc":"1930caf1"}
{"colour":"blue","player":1,"reason":"add dice","type":"dice","values":[4,2,5],"crc":"12d270e6"}
{"count":1,"player":0,"type":"add","crc":"b5815a76"}
"""


def _texts(t, seat: int = 0) -> str:
    return " ".join(t.oled_texts(seat))


def _press_at(t, at_ms: int, hold_ms: int = 66) -> None:
    """Seat 1's button down at ``at_ms`` on the loop's clock, up ``hold_ms`` later."""
    key = t.key_code(0, "button")
    while t.t_ms + t.pass_ms < at_ms:
        t.step()
    t.wait(max(0, at_ms - t.t_ms))
    t.post(key, True)
    t.wait(0)
    t.step(max(2, hold_ms // t.pass_ms))
    t.post(key, False)
    t.step(2)


def test_pt14_shot57_a_hold_0_9s_into_the_turn_that_began_after_the_check_ran_out_arms_nothing(table, tmp_path):
    lines = [json.loads(line) for line in PT14_UP_TO_ADD.splitlines()]
    (tmp_path / "pt14.jsonl").write_bytes(b"".join(encode_line({k: v for k, v in item.items() if k != "crc"})
                                                   for item in lines))
    t = table("ginza", 2, bots={1}, journal=tmp_path / "pt14.jsonl")
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=600)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=600)      # nobody pressed: accepted
    lines = len(t.journal())
    t.run_until(lambda t: len(t.journal()) > lines and t.has_choice(0), max_passes=600)   # the bot served
    assert t.journal()[lines]["player"] == 1
    turn = t.t_ms
    assert ACCEPTED_WORDS in _texts(t), "the OLED no longer says the check is over: " + _texts(t)
    _press_at(t, turn + 900, hold_ms=LONG_PRESS_US // 1000 + 300)     # the hold meant as "wrong"
    assert s.runtime.controls[0].armed is None, "the late hold armed " + str(s.runtime.controls[0].armed)
    assert not [a for a in t.journal()[lines:] if a.get("player") == 0], "the late hold chose something"
    assert TOO_LATE_WORDS in _texts(t), _texts(t)
    _press_at(t, t.t_ms + LOOK_FIRST_US // 1000 + 100)          # looked: the next press chooses
    assert s.runtime.controls[0].armed is not None, _texts(t)


def test_pt14_shot50_a_press_after_unread_dice_were_entered_arms_no_bonus_card(table, monkeypatch):
    real = dice_camera.MultiLook.read
    unread = {"on": True}

    def never_read(self, frame, wb=None):           # CAB-5: seat 1's dice are never read: nudges, then entry
        dice = real(self, frame, wb)
        mine = unread["on"] and self is s.dice.looks.get(0)
        return [Die(None, d.colour, d.center, d.box, 0.0) for d in dice] if mine else dice

    monkeypatch.setattr(dice_camera.MultiLook, "read", never_read)
    t = table("ginza", 2, bots={1}, seed=3)
    s = t.session
    t.run_until(lambda t: t.has_choice(0), max_passes=300)
    t.confirm()                                                   # seat 1 plays its character card
    t.run_until(lambda t: "nudge" in _texts(t), max_passes=3000)
    t.run_until(lambda t: s.dice.stats.entered > 0, max_passes=3000)   # its dice entered, no check
    gone = t.t_ms
    unread["on"] = False
    assert not asks_nudge(str(s.context()["prompts"].get(0, ""))), _texts(t)
    # the common dice's check waited while the seat's own dice were read again (its own first,
    # CAB-6; PT30): it comes now, and runs out unanswered
    t.step(2)
    assert "common dice" in _texts(t), _texts(t)
    t.run_until(lambda t: COMMON not in s.dice.held, max_passes=300)
    t.step(2)
    assert ACCEPTED_WORDS in _texts(t), _texts(t)
    t.run_until(lambda t: t.has_choice(0), max_passes=300)       # the draft: a bonus card to keep
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "pick_bonus"
    appeared = t.t_ms
    assert appeared - gone < 1500 + s._readings().get(COMMON, {}).get("window_ms", 4500), "the draft came late"
    lines = len(t.journal())
    _press_at(t, appeared + LOOK_FIRST_US // 1000 + 100)          # the press meant as a nudge: past the guard
    assert s.runtime.controls[0].armed is None, "the late press armed " + str(s.runtime.controls[0].armed)
    assert not [a for a in t.journal()[lines:] if a.get("player") == 0]
    assert "dice ok" in _texts(t) or "too late: dice read" in _texts(t), _texts(t)
    _press_at(t, t.t_ms + LOOK_FIRST_US // 1000 + 100)
    assert s.runtime.controls[0].armed is not None, _texts(t)
