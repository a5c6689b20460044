"""Issue 36, input to OLED for the seat that pressed: a seat's frame goes
ahead of the others on its I2C bus when *its person* moved its cursor.  A
bot's cursor moves too (Cha dango's bots aim step by step, CD-12): its
frame waits its turn, or five aiming bots keep the person's frame queued
(in->OLED p99 157 ms on the pi4 twin's Cha dango)."""
from __future__ import annotations

from firmware.app.session import Session, SessionOptions
from firmware.runtime import config


PERSON, BOTS = 1, {0, 2}        # seat 2 is played by a person, seats 1 and 3 by bots


def test_a_bots_moving_cursor_does_not_put_its_frame_ahead_of_a_persons(tmp_path):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots=BOTS)
    s = Session.new(cfg, "cha-dango", 3, 1, None, tmp_path / "g.jsonl", opts, model=None)
    sent = []
    real = s.oled_writer.submit
    s.oled_writer.submit = lambda seat, img, first=False, tag=None: (sent.append((seat, first)),
                                                                      real(seat, img, first, tag))
    rt = s.runtime
    for _ in range(2000):                              # a bot reveals an order: each seat's OLED shows its aim
        if s.game.view(None).get("race") is not None:
            break
        rt.step(min(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1), rt.now_us + 50_000))
    assert s.game.view(None).get("race") is not None, "no order was revealed"

    s.render()
    for seat in (0, 1, 2):                      # every seat's cursor moved since the last render
        rt.nav(seat, 1)
    sent.clear()
    s.render()
    firsts = {seat for seat, first in sent if first}
    assert {PERSON, 2} <= {seat for seat, _ in sent}, f"the aiming seats' frames changed: {sent}"
    assert PERSON in firsts, f"the person's frame was not put first: {sent}"
    assert not firsts & BOTS, f"a bot's frame was put first: {sent}"
