"""Retrograde: the end of a round is seen (issue 34 item 1, ruling CAB-10
in docs/rulings.md): the next round's countdown waits until the round's
summary (who blasted what, coins, bosses, trophies, power-ups) has been on
the HDMI for ``cabinet.round_result_ms``, with a countdown to the next roll."""
from __future__ import annotations

from firmware.runtime import config
from firmware.app.session import Session, SessionOptions
from firmware.app.session_timers import COUNTDOWN_US


def cfg_for(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def new_session(tmp_path, players=3, seed=4):
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)))
    return Session.new(cfg_for(tmp_path), "retrograde", players, seed, None, tmp_path / "g.jsonl", opts, model=None)


def step(s):
    rt = s.runtime
    rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))


def test_cab10_the_next_round_waits_for_the_rounds_summary(tmp_path):
    """The play-tester's case: round 2's countdown began about 1 s after
    the last blast; now no die of round 2 is read until the summary has
    stood round_result_ms and the 3-2-1 has run, and the HDMI shows the
    summary (every seat's line) with "next N" meanwhile."""
    from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
    s = new_session(tmp_path)
    rt = s.runtime
    pause_us = s.cfg["cabinet"]["round_result_ms"] * 1000
    assert pause_us >= 4_000_000
    while s.game.view(None)["round"] < 2:
        step(s)
    ended = rt.now_us
    summary = None
    while not any(seat["dice"] for seat in s.game.view(None)["seats"]):
        step(s)
        if summary is None and s.countdown.startswith("next"):
            scene = hdmi_screen(s.game, s.context(), size=(1920, 1080), measure=default_measure())
            summary = scene.facts.get("round_summary")
            oled = " ".join(oled_frame(s.game, 0, rt.controls[0], s.context()).texts)
            assert "next round" in oled, oled
            assert "roll" not in oled.replace("round", ""), "the OLED asks for a roll the cabinet holds: " + oled
    first_read = rt.now_us
    assert first_read - ended >= pause_us + COUNTDOWN_US, (first_read - ended) / 1e6
    assert summary is not None, "the HDMI never showed the round's summary"
    assert summary["round"] == 1 and len(summary["seats"]) == 3
    assert all(line.startswith(f"Seat {i + 1}") for i, line in enumerate(summary["seats"])), summary
