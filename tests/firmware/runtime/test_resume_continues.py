"""Issue 34: a game resumed from its journal goes on as a person expects:
the simulated dice do not repeat the first rounds' rolls (item 10), and a
Cha dango race resumed mid-race restarts with the countdown (item 5)."""
from __future__ import annotations

import json
import shutil

import pytest

from engines.registry import is_available
from firmware.runtime import config
from firmware.app.session import Session, SessionOptions

NOT_A_PI = None  # model string for build_cabinet: no Raspberry Pi here


def cfg_for(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def dice_lines(path) -> list[dict]:
    out = []
    for line in path.read_text().splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and rec.get("type") == "dice":
            out.append(rec)
    return out


def run_until(session, done, limit_us=600_000_000):
    rt = session.runtime
    end = rt.now_us + limit_us
    while not done() and not session.game.is_terminal() and rt.now_us < end:
        rt.step(max(rt.next_event_us() or rt.now_us + 1000, rt.now_us + 1))


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_simulated_dice_after_a_resume_continue_and_do_not_repeat(tmp_path):
    """Item 10: the first roll after a resume is not round 1's roll again,
    and resuming the same save twice rolls the same dice (deterministic)."""
    (tmp_path / "a").mkdir()
    opts = SessionOptions(headless=True, size=(800, 480), bots={0})
    s = Session.new(cfg_for(tmp_path), "retrograde", 1, 5, None, tmp_path / "a" / "g.jsonl", opts, model=NOT_A_PI)
    run_until(s, lambda: len(dice_lines(tmp_path / "a" / "g.jsonl")) >= 2)
    s.writer.close()
    before = dice_lines(tmp_path / "a" / "g.jsonl")
    assert len(before) >= 2
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    firsts = []
    for name in ("a", "b"):
        r = Session.resume(cfg_for(tmp_path), tmp_path / name / "g.jsonl",
                           SessionOptions(headless=True, size=(800, 480)), model=NOT_A_PI)
        run_until(r, lambda: len(dice_lines(tmp_path / name / "g.jsonl")) > len(before))
        r.writer.close()
        firsts.append(dice_lines(tmp_path / name / "g.jsonl")[len(before)]["values"])
    assert firsts[0] == firsts[1], "the same save resumed twice rolls the same dice"
    assert firsts[0] != before[0]["values"], "the first roll after the resume repeats round 1's roll"
