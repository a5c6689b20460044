"""A game's session hands the cabinet's dice reader (config [vision] and
this cabinet's calibration) to its dice station, on the simulated cabinet
too (PT14: a calibration made on the simulated cabinet never reached its
games: three calibrations, identical game figures), and its report says
which calibration reads the dice."""
from __future__ import annotations


def _session(tmp_path, cfg, **kw):
    from firmware.app.session import Session, SessionOptions
    return Session.new(cfg, "retrograde", 2, 1, None, tmp_path / "g.jsonl",
                       SessionOptions(headless=True, size=(800, 480), bots={0, 1}, **kw), model=None)


def _cfg(tmp_path):
    from firmware.runtime import config
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"},
                            "vision": {"min_value_p": 0.7}})


def test_pt14_the_simulated_cabinet_reads_with_this_cabinet_s_calibration_and_the_report_names_it(tmp_path):
    from vision import calibrate
    from vision.calibration.file import models_fingerprint
    from vision.netreader import Models
    cfg = _cfg(tmp_path)
    s = _session(tmp_path, cfg)
    try:
        assert s.dice.reader.calibration_p is None
        assert "dice reader: as shipped (no calibration)" in "\n".join(s.report_text(s.report()))
    finally:
        s.writer.close()
        s.close()
    path = calibrate.save(calibrate.Calibration({}, models_fingerprint(Models.shipped()), {"made": "2026-12-03 05:14:00"},
                                                0.95), tmp_path / calibrate.CALIBRATION_FILE)
    (tmp_path / "g.jsonl").unlink()
    s = _session(tmp_path, cfg)
    try:
        reader = s.dice.reader
        assert reader.min_value_p == 0.95 and reader.calibration_p == 0.95
        text = "\n".join(s.report_text(s.report()))
        assert "dice reader: this cabinet's calibration of 2026-12-03 05:14" in text and str(path) in text
        assert "dice_calibration" not in text.split(str(path))[0]     # the path only as the path
    finally:
        s.writer.close()
        s.close()
    (tmp_path / "g.jsonl").unlink()
    s = _session(tmp_path, cfg, calibrated=False)               # cabinet play --no-calibration
    try:
        assert s.dice.reader.calibration_p is None and s.dice.reader.min_value_p == 0.7
        assert "as shipped (--no-calibration)" in "\n".join(s.report_text(s.report()))
    finally:
        s.writer.close()
        s.close()
