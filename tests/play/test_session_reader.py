"""A game's session hands the cabinet's dice reader (config [vision]) to
its dice station; the simulated cabinet reads without this cabinet's
calibration (its camera is a drawn table, not the one calibrated)."""
from __future__ import annotations


def test_the_session_s_dice_station_reads_with_the_configured_reader(tmp_path):
    from firmware.app.session import Session, SessionOptions
    from firmware.runtime import config
    from vision import calibrate
    from vision.calibration.file import models_fingerprint
    from vision.netreader import Models
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"},
                           "vision": {"min_value_p": 0.7}})
    calibrate.save(calibrate.Calibration({}, models_fingerprint(Models.shipped()), {}, 0.95),
                   tmp_path / calibrate.CALIBRATION_FILE)
    s = Session.new(cfg, "retrograde", 2, 1, None, tmp_path / "g.jsonl",
                    SessionOptions(headless=True, size=(800, 480), bots={0, 1}), model=None)
    try:
        reader = s.dice.reader
        assert reader.min_value_p == 0.7 and reader.calibration_p is None and not reader.heads_in_use
    finally:
        s.writer.close()
        s.close()
