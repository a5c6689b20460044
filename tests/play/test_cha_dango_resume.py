"""Cha dango resumed mid-race in the window (play-test report 2, item 2;
ruling CAB-8): the countdown, then the race's clock starts at its end."""
from __future__ import annotations

from test_cha_dango_helpers import steps_to


def _phase(t):
    return t.session.game.view(None)["phase"]


def test_a_resumed_races_first_hit_is_timed_from_the_countdowns_end(table, tmp_path):
    t = table("cha-dango", players=2, seed=7)
    t.run_until(lambda t: _phase(t) == "reveal" and t.session.game.view(None)["current"] == 0)
    t.press(0, "button")                                   # seat 1 reveals the order
    t.run_until(lambda t: _phase(t) == "race", max_passes=200)
    t.step(20, ms=100)                                     # 2 s into the race: the power goes
    journal = t.session.writer.path if hasattr(t.session.writer, "path") else tmp_path / "t0" / "game.jsonl"
    t.close()
    r = table("cha-dango", players=2, journal=journal)
    r.step()
    assert r.session.countdown == "3" and "Get ready: 3" in r.scene().texts()
    passes = r.run_until(lambda r: r.session._resume_action is None, max_passes=200, ms=50)
    assert 55 <= passes <= 62, passes                       # 3 s of 50 ms passes
    open_us = r.session.game.view(None)["race"]["open_us"]
    steps = steps_to(r.session.game, r.session.runtime.controls[1])
    r.step(8 - 2 * abs(steps), ms=50)                      # seat 2 looks, aims (CD-12), then hits at 400 ms
    for _ in range(abs(steps)):
        r.press(1, "right" if steps > 0 else "left", hold_passes=1)
    r.press(1, "button")
    r.run_until(lambda r: _phase(r) != "race", max_passes=400, ms=50)
    last = r.session.game.view(None)["last_race"]
    assert last["open_us"] == open_us
    hit = last["answers"][1]["t_us"] - open_us
    assert 350_000 <= hit <= 600_000, hit
    shown = " ".join(r.scene().texts())
    assert "Seat 2 served" in shown and f"{round(hit / 1000)}\u00a0ms" in shown, shown
