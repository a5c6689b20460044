"""Issue 34 (turn 34's play-tester): the terminal report of ``cabinet play``.

* A stopped (unfinished) game printed the engine's provisional scores
  (Cryptid Cafe: tips - penalties + bonuses; Ginza: with floor(yen / 4))
  as if they were the coins or VP on the board: the report now prints what
  the board shows and labels the provisional score as such.
* "0 nudges ... 40.75 s waited per nudge": never a per-nudge figure over
  zero nudges.
* Camera figures were listed for games without dice (Cha dango, Café
  Junior, Cryptid Cafe): left out.
"""
from __future__ import annotations

import re

from firmware.runtime import config
from firmware.app.session import Session, SessionOptions


def _session(tmp_path, game_id, players, seed=1):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)))
    return Session.new(cfg, game_id, players, seed, None, tmp_path / "g.jsonl", opts, model=None)


def _run_actions(s, n):
    rt = s.runtime
    while rt.stats.actions < n and not s.game.is_terminal():
        nxt = rt.next_event_us()
        rt.step(max(nxt if nxt is not None else rt.now_us + 50_000, rt.now_us + 1))


def test_stopped_cryptid_cafe_report_prints_the_coins_on_the_board_and_labels_the_provisional_score(tmp_path):
    s = _session(tmp_path, "cryptid-cafe", 3)
    try:
        _run_actions(s, 80)
        assert not s.game.is_terminal()
        lines = s.report_text(s.report())
        view = s.game.view(None)
        for seat in range(3):
            coins = view["players"][seat]["coins"]
            score = s.game.scores()[seat]
            line = next(x for x in lines if x.strip().startswith(f"seat {seat + 1}"))
            assert f": {coins} coins" in line, line
            if score != coins:
                assert f"provisional score {score:g}" in line, line
        assert "stopped" in lines[0]
    finally:
        s.close()


def test_stopped_ginza_report_prints_the_vp_and_yen_on_the_board(tmp_path):
    s = _session(tmp_path, "ginza", 2)
    try:
        _run_actions(s, 1)
        while s.game.view(None)["phase"] != "play" or not s.game.st["players"][0]["orders"]:
            _run_actions(s, s.runtime.stats.actions + 1)
        assert not s.game.is_terminal()
        lines = s.report_text(s.report())
        view = s.game.view(None)
        for seat in range(2):
            p = view["players"][seat]
            line = next(x for x in lines if x.strip().startswith(f"seat {seat + 1}"))
            assert f": {p['order_points']} VP, ¥{p['coins']}" in line, line
            assert f"provisional score {s.game.scores()[seat]:g} VP" in line, line
            assert "floor(" not in line and "1 VP for each ¥4" in line, line     # PT14: an owner's words
    finally:
        s.close()


def test_report_never_gives_a_per_nudge_figure_over_zero_nudges(tmp_path):
    s = _session(tmp_path, "ginza", 2)
    try:
        _run_actions(s, 30)
        r = s.report()
        r["dice"].update(nudges=0, nudge_wait_us=40_750_000, first_dice=20, first_right=20, rolls=4)
        text = "\n".join(s.report_lines(r))
        assert "per nudge" not in text, text
        r["dice"].update(nudges=2)
        text = "\n".join(s.report_lines(r))
        assert "20.38 s waited per nudge" in text, text
    finally:
        s.close()


def test_report_lists_no_camera_figures_for_a_game_without_dice(tmp_path):
    for game_id, players in (("cha-dango", 2), ("cafe-junior", 2), ("cryptid-cafe", 2)):
        s = _session(tmp_path / game_id, game_id, players) if (tmp_path / game_id).mkdir() is None else None
        try:
            _run_actions(s, 10)
            s.resumed = True           # a resumed game printed "dice, this run ... 0 read by the camera"
            text = "\n".join(x for x in s.report_text(s.report()) if "journal: " not in x)
            assert not re.search(r"camera|misread|nudge|dice,", text), (game_id, text)
        finally:
            s.close()
