"""Unread dice in Ginza, in the simulator's window (rulings CAB-5, CAB-6;
PT30, a fresh play-tester, seat 1 against bots, seed 3, camera dice, the
walkthrough on): while the simulator nudged seat 1's dice its OLED cycled
"die nudged for you" / "rerolled for you" (nothing to do) with "roll your
dice" under it and in its top bar (something to do); the reading so far
never showed its unread die as "?" (Retrograde does), nor did the HDMI;
and the check of the common dice popped up while the seat's own dice were
still being nudged.  Now, as in Retrograde, the OLED says only that the
dice were nudged for the seat and are being read, with the reading so far
("?" for the unread die), the HDMI's band and mat say the same, and the
common check waits until the seat's own dice are read (its own dice come
first, CAB-6)."""
from __future__ import annotations

import re

import firmware.runtime.dice_camera as dice_camera
from firmware.runtime.dice_table import COMMON
from vision.die import Die

#: An instruction to roll, which a seat whose dice the simulator nudges must not see.
ROLL_WORDS = ("roll your dice", "roll dice", "roll 5 dice")


def _frame(t, seat: int = 0):
    from firmware.screens.draw import oled_frame
    s = t.session
    return oled_frame(s.game, seat, s.runtime.controls[seat], s.context())


def _nudged_table(table, monkeypatch, nudges: int):
    """Ginza, 3 seats, seat 1 a person, the walkthrough on (PT30): seat 1
    chooses its player card; its first readings have their first die
    unread (the camera's "?") until it was nudged ``nudges`` times."""
    real = dice_camera.MultiLook.read
    t = table("ginza", 3, bots={1, 2}, seed=3, options={"walkthrough": True})
    s = t.session

    def first_unread(self, frame, wb=None):
        dice = real(self, frame, wb)
        if s.dice.nudged.get(0, 0) < nudges and self is s.dice.looks.get(0) and dice:
            d = dice[0]
            dice[0] = Die(None, d.colour, d.center, d.box, 0.0)
        return dice

    monkeypatch.setattr(dice_camera.MultiLook, "read", first_unread)
    for i in range(400):                    # the player card: arm, confirm, until the dice are asked
        t.step()
        if 0 in s.dice.serving:
            break
        if i % 40 == 39:
            t.press(0, "button")
    t.run_until(lambda t: s.dice.nudged.get(0, 0) > 0, max_passes=400)
    return t


def test_ginza_while_the_simulator_nudges_the_seats_dice_its_oled_never_says_roll(table, monkeypatch):
    t = _nudged_table(table, monkeypatch, 3)
    s = t.session
    seen = 0
    for _ in range(300):
        if 0 in s.dice.held:
            break
        note = s.dice.sim_notes(s.runtime.now_us).get(0)
        if note is not None:
            seen += 1
            texts = _frame(t).texts
            said = " | ".join(texts)
            assert "nudged for you" in said or "rerolled for you" in said, said
            assert not any(w in x for x in texts for w in ROLL_WORDS), f"'roll' under '{note}': {said}"
            band = " ".join(x for x in t.scene().texts() if "Seat 1" in x)
            assert "Seat 1, roll your dice" not in band, band
        t.step()
    assert seen, "the simulator's words were never shown"


def test_ginza_the_reading_so_far_shows_the_unread_die_as_a_question_mark(table, monkeypatch):
    t = _nudged_table(table, monkeypatch, 2)
    s = t.session
    t.run_until(lambda t: (s.dice.awaited().get(0) or [1])[0] is None, max_passes=100)
    so_far = s.dice.awaited()[0]
    drawn = [what for what, _ in _frame(t).boxes if re.fullmatch(r"die (\d|None)", what)]
    assert drawn == [f"die {v}" for v in so_far], f"the reading so far {so_far}, drawn {drawn}"
    scene = t.scene()
    assert scene.facts.get("reading", {}).get(0) == so_far, scene.facts.get("reading")
    unread = [n for n in scene.all_nodes() if n.kind == "die" and str(n.key).startswith("die:0:")
              and n.props.get("state") == "unread"]
    assert len(unread) == so_far.count(None), "the HDMI's mat shows which die is unread"


def test_ginza_the_common_check_waits_while_the_seats_own_dice_are_nudged(table, monkeypatch):
    t = _nudged_table(table, monkeypatch, 4)
    s = t.session
    waited = 0
    for _ in range(400):
        if 0 in s.dice.held:
            break
        if COMMON in s.dice.held and s.dice.nudged.get(0, 0) < 4:
            waited += 1
            assert "common dice" not in " ".join(_frame(t).texts), "the common check over the seat's nudged dice"
            state = s._readings()[COMMON]
            assert state["left_ms"] >= state["window_ms"] - 2 * t.pass_ms, "its window ran unseen"
        t.step()
    assert 0 in s.dice.held, "the seat's own dice were never read"
    assert waited, "the common dice were not held meanwhile (nothing tested)"


def test_ginza_common_dice_the_table_nudges_show_on_the_hdmi_not_on_a_seats_oled(table, monkeypatch):
    """The simulated table nudges the common dice: nobody's own, nobody
    acts; seat 1's OLED said "die nudged for you" (then "common dice
    nudged") over "roll your dice".  Now the HDMI's common dice show the
    reading so far, the unread die a "?", and no seat's OLED says it."""
    real = dice_camera.MultiLook.read
    t = table("ginza", 3, bots={1, 2}, seed=3, options={"walkthrough": True})
    s = t.session
    made = {"n": 0}

    def common_unread(self, frame, wb=None):
        dice = real(self, frame, wb)
        if made["n"] < 2 and self is s.dice.looks.get(COMMON) and dice:
            d = dice[0]
            dice[0] = Die(None, d.colour, d.center, d.box, 0.0)
        return dice

    monkeypatch.setattr(dice_camera.MultiLook, "read", common_unread)
    for i in range(400):
        t.step()
        if COMMON in s.dice.serving:
            break
        if i % 40 == 39:
            t.press(0, "button")
    seen = 0
    for _ in range(300):
        if COMMON in s.dice.held or COMMON not in s.dice.serving:
            break
        made["n"] = s.dice.stats.nudges
        so_far = s.dice.awaited().get(COMMON)
        if so_far and None in so_far:
            seen += 1
            said = " ".join(_frame(t).texts)
            assert "common di" not in said and "nudged for you" not in said, said
            scene = t.scene()
            assert scene.facts.get("reading", {}).get(COMMON) == so_far, scene.facts.get("reading")
            unread = [n for n in scene.all_nodes() if n.kind == "die" and str(n.key).startswith("common:")
                      and n.props.get("state") == "unread"]
            assert len(unread) == so_far.count(None)
        t.step()
    assert seen, "the common dice were never read again"


def test_at_the_cabinet_a_common_die_to_nudge_is_named_common():
    """At the real cabinet (no simulated table) the seat asked to nudge
    the common dice is told they are the common dice (PT30: "nudge 1
    unread die" read as its own)."""
    from types import SimpleNamespace

    from firmware.runtime.dice_station import DiceStation
    station = DiceStation(3)
    rt = SimpleNamespace(prompts={}, dirty=False)
    req = {"type": "dice", "player": None, "count": 3, "colour": "purple"}
    station._nudge(rt, COMMON, req, [4, None, 2], 1, 0)
    assert rt.prompts[0] == "nudge 1 unread common die"
    station._nudge(rt, COMMON, req, [4, 2], 2, 0)
    assert rt.prompts[0] == "common dice: 2 dice seen, 3 wanted"
    station._nudge(rt, COMMON, req, [4, None, 2], 3, 0)
    assert rt.prompts[0] == "reroll the unread common die"       # CAB-5: "reroll it" (PT49)
    station._nudge(rt, COMMON, req, [4, 2], 6, 0)
    assert rt.prompts[0] == "reroll the common dice"              # a die not seen: all of them


def test_ginza_the_hdmi_header_says_the_seats_dice_are_read_again_not_roll(table, monkeypatch):
    """PT30 (123x.png): the header said "Seats 1 and 2: each roll your 5
    dice" while the table nudged seat 1's dice for it."""
    t = _nudged_table(table, monkeypatch, 2)
    s = t.session
    t.run_until(lambda t: 0 in s.dice.rereading(), max_passes=100)
    todo = t.scene().facts["todo"]
    assert "Seat 1" in todo and "read again" in todo, todo
    assert "Seat 1: roll" not in todo and not todo.startswith("Seats 1 and"), todo
