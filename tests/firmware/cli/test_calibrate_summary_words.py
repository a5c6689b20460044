"""PT30, a fresh play-tester of `cabinet dice calibrate` (one seat): the
summary said "learned from 30 dice of seats 1" and "confirmation rolls
(2 trays, 6 dice ...)" for two rolls of that one seat.  It says "seat 1"
and "2 checked"."""
from __future__ import annotations

from firmware.app import calibration_window
from firmware.cli.main import main


def test_the_guided_summary_says_seat_1_and_the_rolls_checked(tmp_path, monkeypatch, capsys):
    cfg = tmp_path / "cabinet.toml"
    cfg.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n')
    figures = {"dice": 6, "right": 5, "wrong": 0, "unread": 1}
    result = {"outcome": "stored", "ending": "changed", "fit_dice": 30, "seats": [1], "adapt_cpu_s": 4.2,
              "kind": "threshold", "min_value_p": 0.85, "confirm_rolls": 2, "before": dict(figures, right=4, unread=2),
              "after": figures, "now_using": "now using: your dice's threshold", "left_out_dice": 0}
    monkeypatch.setattr(calibration_window, "run_guided", lambda *a, **kw: result)
    main(["--config", str(cfg), "dice", "calibrate", "--headless", "--seats", "1"])
    out = capsys.readouterr().out
    assert "of seat 1 in" in out and "seats 1" not in out, out
    assert "(2 checked, 6 dice" in out and "tray" not in out, out
