"""``cabinet hardware check`` shows each field problem of issue 37 where an
owner can see it: the gpiochip found, the expander pins refused, the lens
position and a timed camera read, the throttle state and USB current limit,
the audio device, the HDMI card, the SD card's protection.  The Pi's sources
are fakes (the same twins as the field tests)."""
from __future__ import annotations

import json

from firmware.runtime import field_report as fr
from firmware.cli.main import main
from hardware.display import Connector
from hardware import gpiochip
from hardware.audio import SoundCard
from hardware.camera import Picamera2Source
from test_field_camera import Module3, StallingModule3
from test_field_gpiochip import PI5_LABELS, fake_chips

PI5 = "Raspberry Pi 5 Model B Rev 1.0"


def test_hardware_check_prints_the_field_lines_on_a_fake_pi5(monkeypatch, tmp_path, capsys):
    dev, sys_root, label_of = fake_chips(tmp_path, PI5_LABELS)
    monkeypatch.setattr(gpiochip, "DEV_DIR", dev)
    monkeypatch.setattr(gpiochip, "SYS_ROOT", sys_root)
    monkeypatch.setattr(gpiochip, "chip_label_ioctl", label_of)
    monkeypatch.setattr(fr, "read_throttled", lambda: 0x50005)
    monkeypatch.setattr(fr, "is_pi5", lambda model: True)
    monkeypatch.setattr(fr, "usb_current_limit", lambda pi5: __import__("hardware.power", fromlist=["x"]).UsbLimit(
        600, 3000, False))
    monkeypatch.setattr(fr, "sound_cards", lambda: [SoundCard(0, "vc4hdmi0", "vc4-hdmi"),
                                                    SoundCard(1, "vc4hdmi1", "vc4-hdmi")])
    monkeypatch.setattr(fr, "connected_hdmi_ports", lambda: [0])

    class Probe:
        def connectors(self):
            return [Connector("card1-HDMI-A-1", "connected"), Connector("card1-HDMI-A-2", "disconnected")]
    monkeypatch.setattr(fr, "SystemProbe", Probe)
    assert main(["hardware", "check"]) == 0
    out = capsys.readouterr().out
    assert "gpiochip:      gpiochip0 [pinctrl-rp1]" in out
    assert "expander pins: no button on GPA7/GPB7" in out
    assert "throttle:      NOW: under-voltage, throttled" in out
    assert "USB current:   600 mA (supply announced 3000 mA)" in out
    assert "audio:         hdmi:CARD=vc4hdmi0,DEV=0" in out
    assert "HDMI:          SDL_KMSDRM_DEVICE_INDEX=1" in out
    assert "SD card:       root writable" in out and "lens:" in out
    assert main(["hardware", "check", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["field"]["gpiochip"].startswith("gpiochip0 [pinctrl-rp1]")


def test_hardware_check_refuses_an_expander_config_on_gpa7(tmp_path, capsys):
    cfg = tmp_path / "c.toml"
    cfg.write_text('[[seats]]\nbutton = 4\ncup = 17\nnav_via = "expander"\nnav_a = 6\nnav_b = 7\n'
                   '[seats.oled]\ndriver = "none"\n')
    assert main(["--config", str(cfg), "hardware", "check"]) != 0
    err = capsys.readouterr().err
    assert "seats[0].nav_b" in err and "GPA7" in err and "output-only" in err


def test_lens_position_and_a_stalled_read_are_reported():
    src = Picamera2Source(picamera2_factory=lambda: Module3(lock_after=1, timestamps_ns=[1_000_000]))
    lines = fr.camera_lines(src, simulated=False, lens_position=3.2)
    assert lines["lens"].startswith("lens at 3.20 dioptres") and lines["camera read"].startswith("a frame in")
    import threading
    release = threading.Event()
    try:
        src = Picamera2Source(picamera2_factory=lambda: StallingModule3(release, lock_after=1), read_timeout_s=0.1)
        lines = fr.camera_lines(src, simulated=False, lens_position=3.2)
        assert "stalled" in lines["camera read"]
    finally:
        release.set()


def test_sd_card_line_sees_the_overlay(tmp_path):
    m = tmp_path / "mounts"
    m.write_text("overlayroot / overlay rw,relatime 0 0\n/dev/mmcblk0p3 /var/lib/cabinet ext4 rw 0 0\n")
    assert fr.sd_card_line(m).startswith("read-only root")
