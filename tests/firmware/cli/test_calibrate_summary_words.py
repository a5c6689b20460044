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


def test_the_summary_of_nets_tuned_to_the_camera_says_so_in_detail_too(tmp_path, monkeypatch, capsys):
    """PT39 (a fresh owner, guided calibration of pxl dice): the result
    said "now using: tuned to your camera's light and dice", and the next
    line "in detail: the reader as it is: nothing tried ... reads your
    dice better": the detail had no words for the tuned nets."""
    cfg = tmp_path / "cabinet.toml"
    cfg.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n')
    figures = {"dice": 18, "right": 15, "wrong": 0, "unread": 3}
    result = {"outcome": "stored", "ending": "changed", "fit_dice": 61, "seats": [1, 2], "adapt_cpu_s": 9.5,
              "kind": "adapted", "min_value_p": None, "confirm_rolls": 4,
              "before": dict(figures, right=14, unread=4), "after": figures,
              "now_using": "now using: tuned to your camera's light and dice", "left_out_dice": 2}
    monkeypatch.setattr(calibration_window, "run_guided", lambda *a, **kw: result)
    main(["--config", str(cfg), "dice", "calibrate", "--headless", "--seats", "2"])
    out = capsys.readouterr().out
    detail = next(line for line in out.splitlines() if line.startswith("in detail:"))
    assert "tuned to your camera" in detail and "nothing tried" not in detail, out


def test_the_labelled_summary_of_tuned_nets_says_so_in_detail(tmp_path, capsys):
    from firmware.cli.dice_calibrate import _say_labelled
    from vision import calibrate
    from vision.adapt import Adaptation
    import numpy as np
    figures = {"dice": 20, "right": 15, "wrong": 0}
    info = {"kind": "adapted and threshold", "threshold_before": 0.8, "fit_dice": 50, "fit_photos": 9,
            "seconds": 12.0, "before": dict(figures, right=12), "after": figures, "confirm_photos": 3,
            "candidates": {}, "margin": ""}
    ad = Adaptation.of({"expert": [(np.ones(2), np.zeros(2))]})
    _say_labelled(calibrate.Calibration({}, "x", info, None, adaptation=ad), tmp_path / "state.npz", "changed")
    detail = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("in detail:"))
    assert "tuned to your camera" in detail, detail
