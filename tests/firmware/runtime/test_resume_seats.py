"""``cabinet resume --bots 2`` hands the other seats to people: a journal
whose header records every seat's bot level made them bots again (found
playing a resumed all-bots game as seat 1: both seats stayed bots)."""
from __future__ import annotations

from firmware.runtime import config
from firmware.app.session import Session, SessionOptions


def test_resume_with_fewer_bots_gives_the_other_seats_back_to_people(tmp_path):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    s = Session.new(cfg, "cafe-junior", 2, 3, None, tmp_path / "g.jsonl",
                    SessionOptions(headless=True, size=(800, 480), bots={0, 1},
                                   bot_levels={0: "easy", 1: "hard"}), model=None)
    s.close()
    r = Session.resume(cfg, tmp_path / "g.jsonl", SessionOptions(headless=True, size=(800, 480), bots={1}),
                       model=None)
    try:
        assert r.runtime.bots == {1}
        assert r.runtime.seat_bot(1).kind == "hard"          # the recorded level of a seat still a bot
    finally:
        r.close()
    r = Session.resume(cfg, tmp_path / "g.jsonl", SessionOptions(headless=True, size=(800, 480)), model=None)
    try:
        assert r.runtime.bots == {0, 1}                       # as recorded
    finally:
        r.close()
