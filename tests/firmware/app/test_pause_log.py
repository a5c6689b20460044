"""Issue 38, Build 6: during a game the recent moves in words, which any
person's seat pages back through while the game is paused (left of the
board; the how-to-play pages are right of it)."""
from __future__ import annotations

import pytest

from firmware.runtime.pace import PAUSE_HOLD_US
from firmware.screens.draw import default_measure
from firmware.screens.log_scene import log_scene, paginate

from test_bot_pace import hold, run_to, session


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_the_log_pages_hold_every_move_once_newest_page_first(size, tmp_path):
    from firmware.runtime.replay import Replay
    from test_replay import play_and_journal
    play_and_journal("ginza", tmp_path / "g.jsonl", 200)
    replay = Replay.open(tmp_path / "g.jsonl")
    lines = replay.words_until(replay.last, keep=10_000)
    measure = default_measure()
    first = log_scene(lines, 1, size, measure)
    pages = first.facts["log"]["pages"]
    assert pages >= 2
    seen = []
    for page in range(pages, 0, -1):                       # oldest page first
        scene = log_scene(lines, page, size, measure, notice="paused by seat 1: hold both arrows 1 s to go on")
        assert scene.facts["log"]["page"] == page
        assert not scene.dropped                            # nothing left out, nothing cut
        seen += scene.facts["log"]["lines"]
    assert seen == lines                                    # every move once, in order
    assert first.facts["log"]["lines"][-1] == lines[-1]     # the first page ends with the newest move
    assert log_scene(lines, pages + 3, size, measure).facts["log"]["page"] == pages   # the oldest page stays


def test_paginate_never_splits_a_move():
    measure = default_measure()
    moves = [f"Seat {k % 3 + 1} serves a Fruit Parfait with 6, 6 and gets 3 yen and 2 VP" for k in range(40)]
    line_h = measure("Ag", 24)[1]
    pages = paginate(moves, 300, 7 * line_h, line_h, 4, 24, measure)
    assert len(pages) > 1
    assert all(sum(len(m) for m in page) * line_h + 4 * (len(page) - 1) <= 7 * line_h for page in pages)
    assert [" ".join(m) for page in reversed(pages) for m in page] == moves


def test_a_paused_game_pages_back_through_its_moves_in_words(tmp_path):
    s = session(tmp_path, "cafe-junior", 3, {0, 1})        # seats 1 and 2 bots, seat 3 a person
    rt = s.runtime
    try:
        t = t0 = rt.now_us
        rt.step(t)
        t = run_to(rt, t, t0 + 20_000_000)                 # the bots play their turns
        assert s.log_lines()
        hold(rt, 2, t + 50_000, PAUSE_HOLD_US + 100_000)
        t = run_to(rt, t, t + 1_300_000)
        assert rt.pause.paused
        rt.timeline.press(2, t + 50_000, 80_000, name="nav_a")      # left of the board: the log
        t = run_to(rt, t, t + 400_000)
        s.render()
        log = s.hdmi_model.facts["log"]
        assert log["page"] == 1 and log["lines"] == s.log_lines()[-len(log["lines"]):]
        assert all("Seat" in line and "Player" not in line for line in log["lines"])
        for _ in range(log["pages"] + 2):                            # back to the oldest, which stays
            rt.timeline.press(2, t + 50_000, 80_000, name="nav_a")
            t = run_to(rt, t, t + 400_000)
            s.render()
        assert s.hdmi_model.facts["log"]["page"] == log["pages"]
        for _ in range(log["pages"]):                                # forward again: newer, then the board
            rt.timeline.press(2, t + 50_000, 80_000, name="nav_b")
            t = run_to(rt, t, t + 400_000)
        s.render()
        assert "log" not in s.hdmi_model.facts and "howto" not in s.hdmi_model.facts
        assert "moves" in " ".join(s.oled_texts[2])                  # the OLED says where the log is
    finally:
        s.close()


def test_a_resumed_game_keeps_its_log(tmp_path):
    from firmware.app.session import Session, SessionOptions
    from test_bot_pace import cfg_for
    s = session(tmp_path, "cafe-junior", 2, {0, 1})
    rt = s.runtime
    run_to(rt, rt.now_us, rt.now_us + 15_000_000)
    before = s.log_lines()
    path = s.writer.path
    s.close()
    assert before
    r = Session.resume(cfg_for(tmp_path), path, SessionOptions(headless=True, size=(800, 480)), model=None)
    try:
        assert r.log_lines() == before
    finally:
        r.close()
