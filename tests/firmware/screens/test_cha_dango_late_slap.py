"""Issue #34 (played as people play), Cha dango: a slap that came after the
race was decided (50 ms after the winner, in a hotseat) vanished without a
word.  The result says it and the late seat's OLED too."""
from __future__ import annotations

import pytest

from engines.registry import is_available
from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.screens.cha_dango_words import result_lines
from firmware.screens.draw import oled_frame


def _session(tmp_path):
    cfg = config.load(None)
    cfg["cabinet"]["state_dir"] = str(tmp_path / "state")
    opts = SessionOptions(headless=True, size=(800, 480), bots=set())
    return Session.new(cfg, "cha-dango", 3, 3, None, tmp_path / "g.jsonl", opts, model=None)


@pytest.mark.skipif(not is_available("cha-dango"), reason="Cha dango engine not available")
def test_a_slap_after_the_race_was_decided_is_told_on_the_result_and_the_oled(tmp_path):
    s = _session(tmp_path)
    rt, g = s.runtime, s.game
    rt.step(rt.now_us)
    rt.timeline.press(0, rt.now_us + 10_000)             # seat 1 reveals
    rt.step(rt.now_us + 200_000)
    assert g.view(None)["phase"] == "race" and g.race["kind"] == "slap"
    t1 = rt.now_us
    rt.timeline.press(1, t1 + 300_000)                   # seat 2 hits first
    while g.view(None)["phase"] == "race" and rt.now_us < t1 + 10_000_000:
        rt.step(max(rt.next_event_us() or rt.now_us + 1000, rt.now_us + 1))
    won = g.view(None)["last_race"]["won"][0]
    assert won["player"] == 1
    late = rt.now_us + 1000                              # seat 3's slap, after the decision
    rt.timeline.press(2, late)
    rt.step(late + 100_000)
    ms = round((late - won["t_us"]) / 1000)
    ctx = s.context()
    said = " / ".join(result_lines(g.view(None), ctx["last_events"])).replace("\u00a0", " ")
    assert f"Seat 3: {ms} ms after Seat 2" in said, said
    oled = " ".join(oled_frame(g, 2, rt.controls[2], ctx).texts)      # wrapped lines joined
    assert "too late: Seat 2 was first" in oled, oled
