"""Every ``--json`` command prints JSON and nothing else on stdout, so
``... --json | python -m json.tool`` works (issue 23: the soak printed
pygame's "pygame-ce 2.5.8 (SDL ...)" banner before its report).

Each command runs in a fresh interpreter, as a user runs it, with
PYGAME_HIDE_SUPPORT_PROMPT taken out of the environment: a test process
that already imported pygame (or set the variable) would hide the bug.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from dice_fixtures import tiny_labelled_set

ROOT = Path(__file__).resolve().parents[3]


def _stdout(argv: list[str]) -> str:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYGAME_HIDE_SUPPORT_PROMPT", "DISPLAY", "WAYLAND_DISPLAY")}
    p = subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout


def _cli(*args: str) -> str:
    return _stdout(["-m", "firmware.cli.main", *args])


def test_soak_json_stdout_is_only_json():
    out = _stdout(["benchmarks/soak.py", "--games", "1", "--game", "cafe-junior", "--seed", "1", "--json"])
    report = json.loads(out)
    assert report["games"] == 1 and report["crashes"] == []


def test_simulate_json_stdout_is_only_json():
    report = json.loads(_cli("simulate", "cafe-junior", "--players", "2", "--games", "2", "--json"))
    assert report["games"] == 2


def test_tournament_json_stdout_is_only_json():
    report = json.loads(_cli("tournament", "cafe-junior", "--players", "2", "--bots", "random,easy",
                             "--games", "2", "--processes", "1", "--json"))
    assert report["games"] == 2


def test_games_json_stdout_is_only_json():
    rows = json.loads(_cli("games", "--json"))
    assert {r["id"] for r in rows} >= {"cafe-junior", "retrograde"}


def test_dice_score_json_stdout_is_one_object_per_line(tmp_path):
    tiny_labelled_set(tmp_path)
    lines = _cli("dice", "score", str(tmp_path), "--json").splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["labelled_dice"] == 6


def _soak_module():
    from tests.support.bench_modules import bench_module
    return bench_module("soak")


def test_soak_rss_trend_tells_a_plateau_from_a_leak():
    """The report's slope (MB per 100 games, last half): ~0 for a plateau
    after one-off loads, the leak's rate for steady growth."""
    soak = _soak_module()
    plateau = [180.0, 220.0, 260.0, 300.0, 310.0] + [312.0 + (i % 3) for i in range(95)]
    t = soak.rss_trend(plateau, kinds=5)
    assert t["after_game"] == {"1": 180.0, "10": 313.0, "100": 313.0}
    assert t["after_first_round"] == 310.0 and t["peak"] == 314.0 and t["last_half_games"] == 50
    assert abs(t["slope_last_half_mb_per_100_games"]) < 1
    leak = [180.0 + 0.5 * i for i in range(200)]
    assert soak.rss_trend(leak, kinds=5)["slope_last_half_mb_per_100_games"] == 50.0
    assert soak.rss_trend([], kinds=5)["after_game"] == {}       # interrupted before the first game ended
