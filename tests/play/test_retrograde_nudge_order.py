"""After a nudge the seat's dice keep their places (PT28, camera dice in the
simulator's window: the OLED read "3 ? ? 6 2 4" while a die was nudged, then
"3 4 6 3 6 2": the new reading came in the order the nudged dice landed in).
The dice read before the nudge stay where the seat saw them; the unread
slots take the values read after it."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US

from .test_retrograde_unread_dice import _dice_drawn, _frame, _unread_after_a_reroll


def _pips(t) -> list[str]:
    """The seat's dice drawn on its OLED, in their places ("None": unread)."""
    return [d.split()[1] for d in _dice_drawn(t) if d.split()[1] == "None" or d.split()[1].isdigit()]


def test_after_a_nudge_the_dice_read_before_keep_their_places(table, monkeypatch):
    t, _ = _unread_after_a_reroll(table, monkeypatch, 1)
    s = t.session
    t.run_until(lambda t: s.dice.stats.nudges > 0, max_passes=400)
    seen = _pips(t)
    assert seen.count("None") == 1 and len(seen) == 6, seen
    t.run_until(lambda t: 0 in s.dice.held, max_passes=400)
    checked = [str(v) for v in s.dice.held[0]["values"]]
    kept = [c for c, w in zip(checked, seen) if w != "None"]
    assert kept == [w for w in seen if w != "None"], (seen, checked)
    drawn = _pips(t)             # the check on the OLED: the same order
    assert drawn == checked, (drawn, checked)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                                        # "dice ok"
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=50)
    assert [str(v) for v in s.game.view(0)["seats"][0]["dice"]] == checked    # the game's dice: the same places


def test_the_simulators_nudge_words_say_nobody_has_to_do_anything(table, monkeypatch):
    """PT28: "die unread: nudged" did not say whether anybody had to do
    anything.  The simulated table nudged the die for the seat: the OLED
    says so ("die nudged for you"), in its top bar (every form fits it)."""
    from firmware.runtime.dice_readings import _sim_words
    from firmware.ui.oled import OledFrame
    t, _ = _unread_after_a_reroll(table, monkeypatch, 1)
    s = t.session
    t.run_until(lambda t: s.dice.stats.nudges > 0, max_passes=400)
    texts = " | ".join(_frame(t).texts)
    assert "die nudged for you" in texts, texts
    frame = OledFrame()
    forms = [_sim_words(u, seen, 3, r) for u in (0, 1, 2) for seen in (2, 3) for r in (False, True)]
    assert all(f.endswith("for you") and frame.fits(f, frame.W - 4) for f in forms), forms


def test_a_nudge_for_one_unread_die_leaves_the_five_read_dice_lying(table, monkeypatch):
    """The simulated table drew the whole tray anew at every nudge (new
    photos, new places): the reader met the five dice it had read as if
    thrown again, and the game nudged for dice no hand had touched.  A
    person nudges the die the screens mark "?": that die moves, the others
    lie where they lay."""
    from firmware.runtime.dice_table import SimTable
    t, _ = _unread_after_a_reroll(table, monkeypatch, 1)
    s = t.session
    before = {}
    real = SimTable.nudge

    def nudge(self, key, t_us, at=None):
        before.update(placed=list(self.trays[key].placed), at=at)
        return real(self, key, t_us, at)

    monkeypatch.setattr(SimTable, "nudge", nudge)
    t.run_until(lambda t: s.dice.stats.nudges > 0, max_passes=400)
    assert before["at"] is not None and len(before["at"]) == 1, before
    t.run_until(lambda t: s.dice.table.trays[0].placed != before["placed"] or 0 in s.dice.held, max_passes=400)
    after = s.dice.table.trays[0].placed
    assert len(after) == 6 and len(set(before["placed"]) & set(after)) == 5, (before["placed"], after)


def test_after_a_reroll_the_kept_dice_keep_their_places(table, monkeypatch):
    """PT32: "I had 6 4 1 2 3 6 and kept 1 6 6; after the reroll it read
    6 1 6 5 6 1": the kept dice came back in the order the camera read the
    tray, not where the seat had them.  Each kept die keeps its place in
    the reading the seat checks (and in the game's dice); the dice rolled
    fill the other places."""
    from firmware.runtime.dice_station import DiceStation
    from .test_retrograde_reroll import _dice_in
    t = table("retrograde", 3, bots={1, 2}, seed=13)
    s = t.session
    old = _dice_in(t)
    slots = (1, 4)                                           # keep the 2nd and the 5th die
    real_keep = DiceStation.keep
    monkeypatch.setattr(DiceStation, "keep", lambda self, key, values: real_keep(
        self, key, [old[i] for i in slots] if key == 0 else values))
    t.press(0, "button")                   # "dice ok", after the check ran out unanswered (CAB-6)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                   # arms the reroll (RG-15)
    t.step(2)
    t.press(0, "button")                   # rerolls, keeping the two
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    held = list(s.dice.held[0]["values"])
    assert [held[i] for i in slots] == [old[i] for i in slots], (old, held)


def test_while_a_reroll_is_read_the_kept_dice_show_in_their_places(table, monkeypatch):
    """PT32, PT33: while the rolled dice were read, both screens showed the
    whole row as dice being read ("rolling", camera icons; the OLED
    "reading your dice"): the dice the seat kept vanished.  They show in
    their places, the others as dice being read; the OLED says only
    "reading your dice" under them (PT33: "reroll or claim" too)."""
    from firmware.runtime.dice_station import DiceStation
    from .test_retrograde_reroll import _dice_in
    t = table("retrograde", 3, bots={1, 2}, seed=13)
    s = t.session
    old = _dice_in(t)
    slots = (1, 4)
    real_keep = DiceStation.keep
    monkeypatch.setattr(DiceStation, "keep", lambda self, key, values: real_keep(
        self, key, [old[i] for i in slots] if key == 0 else values))
    t.press(0, "button")
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    t.step(2)
    t.press(0, "button")
    t.run_until(lambda t: 0 in s.dice.kept_shown(), max_passes=50)
    want = [old[i] if i in slots else None for i in range(6)]
    assert s.dice.kept_shown()[0] == want
    assert _pips(t) == [str(v) for v in want], _pips(t)
    texts = " | ".join(_frame(t).texts)
    assert "reading your dice" in texts and "claim" not in texts, texts
    scene = t.scene()
    drawn = sorted((int(n.key.split(":")[2]), n.props.get("value"), n.props.get("state")) for n in scene.nodes
                   if n.key and str(n.key).startswith("die:0:"))
    assert [(v, st) for _, v, st in drawn] == [(v, "read" if v is not None else "reading") for v in want], drawn
