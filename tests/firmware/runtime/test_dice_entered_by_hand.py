"""Dice entered by hand leave a trace (ruling CAB-6; PT30, Ginza seed 3,
seat 1 against bots): the moves in words said only "Seat 1 rerolls 1 (0
rerolls left after this)", so nobody could see later that the value was
typed, not rolled; the report said "4 dice entered by hand" without which
seat (one was the person's, the simulated seats enter the true values
after repeated failed readings).  Now the dice action carries
``"by_hand": true``, the moves say "(entered by hand)" (live, after a
resume and in the replay; an old journal's "entered" note says it too),
and the report says how many dice each seat entered by hand."""
from __future__ import annotations

import json

import firmware.runtime.dice_camera as dice_camera
from firmware.app.session import Session, SessionOptions
from firmware.rulings import LONG_PRESS_US, LOOK_FIRST_US
from firmware.runtime import config
from firmware.runtime import journal as journal_mod
from firmware.runtime.dice_contest import CONTESTS_BEFORE_ENTRY
from firmware.runtime.journal_lines import encode_line
from firmware.runtime.replay import Replay
from vision.die import Die

from test_dice_contest import press, run_until


def _cfg(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def _run_until(s, cond, limit_us=120_000_000):
    run_until(s, cond, limit_us)


def _press(s, seat, hold_us=100_000):
    press(s, seat, hold_us)


def _look(s):
    s.runtime.step(s.runtime.now_us + LOOK_FIRST_US + 1000)


def _game_with_entries(tmp_path, monkeypatch):
    """Ginza, 3 seats, seat 1 a person: it chooses its player card, rejects
    its first reading twice and enters its dice by hand (as read); seat 2's
    dice are never read, so the simulated seat enters them (CAB-5)."""
    real = dice_camera.MultiLook.read
    opts = SessionOptions(headless=True, size=(800, 480), bots={1, 2})
    s = Session.new(_cfg(tmp_path), "ginza", 3, 3, None, tmp_path / "g.jsonl", opts, model=None)

    def seat2_unread(self, frame, wb=None):
        dice = real(self, frame, wb)
        if self is s.dice.looks.get(1):
            return [Die(None, d.colour, d.center, d.box, 0.0) for d in dice]
        return dice

    monkeypatch.setattr(dice_camera.MultiLook, "read", seat2_unread)
    rt, station = s.runtime, s.dice
    _run_until(s, lambda: any(a["type"] == "choose_card" for a in s.game.legal_actions(0)))
    _look(s)
    _press(s, 0)
    _press(s, 0)                                          # seat 1 plays its player card
    for _ in range(CONTESTS_BEFORE_ENTRY):
        _run_until(s, lambda: 0 in station.held)
        _look(s)
        _press(s, 0, LONG_PRESS_US + 100_000)             # wrong
    assert 0 in station.entries
    for _ in range(len(station.entries[0]["values"]) + 1):
        _press(s, 0)                                      # each die as read, then "ok"
    _run_until(s, lambda: not s.game.chance_requests() and s.game.view(None)["players"][1]["dice"])
    return s


def test_ginza_dice_entered_by_hand_are_said_so_in_the_moves_and_per_seat_in_the_report(tmp_path, monkeypatch):
    s = _game_with_entries(tmp_path, monkeypatch)
    dice = [a for a in journal_mod.read(s.writer.path).actions if a.get("type") == "dice"]
    by_hand = {a["player"] for a in dice if a.get("by_hand")}
    assert by_hand == {0, 1}, dice                        # the person's and the simulated seat's
    lines = s.log_lines()
    said = [ln for ln in lines if "(entered by hand)" in ln]
    assert any(ln.startswith("Seat 1") for ln in said) and any(ln.startswith("Seat 2") for ln in said), lines
    assert not any(ln.startswith("Seat 3") for ln in said), said
    text = "\n".join(s.report_lines(s.report()))
    assert "10 dice entered by hand (seat 1: 5, seat 2: 5)" in text, text
    s.writer.close()
    replayed = Replay.open(s.writer.path)
    words = replayed.words_until(replayed.last, keep=400)
    assert [w for w in words if "(entered by hand)" in w] == said
    resumed = Session.resume(_cfg(tmp_path), s.writer.path, SessionOptions(headless=True, size=(800, 480)),
                             model=None)
    assert [w for w in resumed.log_lines() if "(entered by hand)" in w] == said
    resumed.writer.close()


def test_an_old_journals_hand_entry_note_says_entered_by_hand_and_it_resumes(tmp_path, monkeypatch):
    """A journal written before ``by_hand`` (its actions without it): the
    "entered" note before a dice action says it was entered by hand."""
    s = _game_with_entries(tmp_path, monkeypatch)
    s.writer.close()
    old = tmp_path / "old.jsonl"
    out = []
    for raw in s.writer.path.read_text().splitlines():
        item = json.loads(raw)
        item.pop("crc", None)
        item.pop("by_hand", None)
        out.append(encode_line(item))
    old.write_bytes(b"".join(out))
    replayed = Replay.open(old)
    said = [w for w in replayed.words_until(replayed.last, keep=400) if "(entered by hand)" in w]
    assert len(said) == 1 and said[0].startswith("Seat 1"), said     # the note was the person's only
    resumed = Session.resume(_cfg(tmp_path), old, SessionOptions(headless=True, size=(800, 480), bots={1, 2}),
                             model=None)
    assert resumed.game.view(None) == s.game.view(None)
    assert [w for w in resumed.log_lines() if "(entered by hand)" in w] == said
    resumed.writer.close()
