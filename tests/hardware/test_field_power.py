"""Field problem 6 (issue 37): under-voltage and throttling, the Pi 5's USB
current limit (adsb-feeder-image #333, picade-hat #45), read from a fake
``get_throttled`` and a fake device tree; absent sources never crash."""
from __future__ import annotations

import logging

from hardware.power import ThrottleWatch, describe_throttled, read_throttled, usb_current_limit


def test_fake_get_throttled_is_read_from_sysfs_then_vcgencmd(tmp_path):
    f = tmp_path / "get_throttled"
    f.write_text("50005\n")
    assert read_throttled(f, vcgencmd=lambda: None) == 0x50005
    assert read_throttled(tmp_path / "none", vcgencmd=lambda: "throttled=0x4\n") == 0x4
    assert read_throttled(tmp_path / "none", vcgencmd=lambda: None) is None
    text = describe_throttled(0x50005)
    assert "NOW: under-voltage, throttled" in text and "since boot: under-voltage, throttled" in text
    assert describe_throttled(0).startswith("ok") and describe_throttled(None).startswith("unknown")


def _u32(path, value):
    path.write_bytes(value.to_bytes(4, "big"))


def test_pi5_usb_limit_600_ma_on_an_unknown_supply_and_1600_with_5a_or_the_setting(tmp_path):
    dt, cfg = tmp_path / "power", tmp_path / "config.txt"
    dt.mkdir()
    cfg.write_text("dtparam=i2c_arm=on\n")
    _u32(dt / "max_current", 3000)
    low = usb_current_limit(True, dt, cfg)
    assert low.limit_ma == 600 and "brown out" in low.describe()
    cfg.write_text("usb_max_current_enable=1\n")
    assert usb_current_limit(True, dt, cfg).limit_ma == 1600
    cfg.write_text("#usb_max_current_enable=1\n")
    _u32(dt / "max_current", 5000)
    assert usb_current_limit(True, dt, cfg).limit_ma == 1600
    assert usb_current_limit(False, dt, cfg).limit_ma is None


def test_a_game_logs_a_warning_when_throttling_appears_and_not_when_absent(caplog):
    seq = iter([0x0, 0x0, 0x50005, 0x50005, 0x50000, 0x50001])
    w = ThrottleWatch(read=lambda: next(seq), interval_s=10)
    caplog.set_level(logging.WARNING, "cabinet.hardware")
    for t in range(0, 60, 5):          # a poll every 5 s, a read every 10 s
        w.poll(float(t))
    msgs = [r.getMessage() for r in caplog.records]
    assert len(msgs) == 2 and "under-voltage, throttled now" in msgs[0] and "under-voltage now" in msgs[1]
    absent = ThrottleWatch(read=lambda: None)
    assert absent.poll(0.0) is None and absent.warnings == 0

    def broken():
        raise OSError("vcgencmd: VCHI initialization failed")
    assert ThrottleWatch(read=broken).poll(0.0) is None
