"""Issue 36: ``cabinet hardware check`` says each I2C bus's clock and the
seats' OLED frame time: modelled by the twin off a Pi (and said to be),
measured on a (fake) Pi, with a warning in words for a bus at 100 kHz."""
from __future__ import annotations

import json
from types import SimpleNamespace

from firmware.cli.hardware import i2c_rows
from firmware.cli.main import main
from firmware.runtime import config
from hardware import i2c_check
from test_i2c_check import TimedDevice, be32, fake_pi


def test_the_check_off_a_pi_prints_the_twins_figures_and_says_they_are_modelled(capsys):
    assert main(["hardware", "check", "--no-camera"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("I2C bus 1:"))
    assert "400 kHz, 6 OLEDs, a frame 23 ms each, 140 ms for all six" in line
    assert "modelled, not measured" in line and "WARNING" not in out
    assert main(["hardware", "check", "--no-camera", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["i2c"]
    assert [(r["bus"], r["clock_hz"], r["how"], len(r["oleds"])) for r in rows] == [(1, 400_000, "modelled", 6)]
    assert 22 < rows[0]["frame_ms"] < 25 and "warning" not in rows[0]


def test_a_twin_at_100khz_is_warned_with_the_fix(tmp_path, capsys):
    cfg = tmp_path / "c.toml"
    cfg.write_text('[cabinet]\ntwin = "pi4"\ntwin_i2c_hz = 100000\n')
    assert main(["--config", str(cfg), "hardware", "check", "--no-camera"]) == 0
    out = capsys.readouterr().out
    assert "100 kHz, 6 OLEDs, a frame 93 ms each" in out
    warning = next(ln for ln in out.splitlines() if ln.startswith("WARNING:"))
    assert "100 kHz" in warning and "sudo systemd/install.sh" in warning
    assert "dtparam=i2c_arm_baudrate=400000" in warning and "reboot" in warning
    assert main(["--config", str(cfg), "hardware", "check", "--no-camera", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["i2c"][0]
    assert row["clock_hz"] == 100_000 and "dtparam=i2c_arm_baudrate=400000" in row["warning"]


def _fake_cabinet(devices: dict) -> SimpleNamespace:
    return SimpleNamespace(seats=[SimpleNamespace(oled=SimpleNamespace(device=devices.get(i))) for i in range(6)])


def test_a_fake_pi_at_100khz_is_measured_per_oled_grouped_on_bus_1_and_warned(tmp_path, monkeypatch):
    sys_root, dt = fake_pi(tmp_path, be32(100_000))
    monkeypatch.setattr(i2c_check, "SYS_ROOT", sys_root)
    monkeypatch.setattr(i2c_check, "DT_ROOT", dt)
    t = [0.0]
    monkeypatch.setattr(i2c_check, "PERF_CLOCK", lambda: t[0])
    devices = {i: TimedDevice(t, 0.093) for i in range(6)}
    devices[2] = TimedDevice(t, 0.093, dies_at=1)          # seat 3 does not answer
    cfg = config.validate({"gpio": {"backend": "mock"}})
    [row] = i2c_rows(cfg, _fake_cabinet(devices), on_pi=True)
    assert row["bus"] == 1 and row["how"] == "measured" and row["clock_hz"] == 100_000
    assert row["line"] == "100 kHz, 6 OLEDs, a frame 93 ms each, 465 ms for all five that answered (measured)"
    assert {"seat": 3, "error": "[Errno 121] Remote I/O error"} in row["oleds"]
    assert row["warning"].startswith("I2C bus 1 runs at 100 kHz, the Pi's default")
    assert "dtparam=i2c_arm_baudrate=400000" in row["warning"]


def test_a_fake_pi_without_a_clock_file_says_unknown_and_warns(tmp_path, monkeypatch):
    sys_root, dt = fake_pi(tmp_path, clock=None)
    monkeypatch.setattr(i2c_check, "SYS_ROOT", sys_root)
    monkeypatch.setattr(i2c_check, "DT_ROOT", dt)
    t = [0.0]
    monkeypatch.setattr(i2c_check, "PERF_CLOCK", lambda: t[0])
    cfg = config.validate({"gpio": {"backend": "mock"}})
    [row] = i2c_rows(cfg, _fake_cabinet({i: TimedDevice(t, 0.024) for i in range(6)}), on_pi=True)
    assert row["clock_hz"] is None and row["line"].startswith("clock unknown (no clock-frequency")
    assert "a frame 24 ms each, 144 ms for all six (measured)" in row["line"]
    assert "names no clock" in row["warning"] and "100 kHz" in row["warning"]


def test_a_fake_pi_whose_cabinet_did_not_open_still_says_the_clock(tmp_path, monkeypatch):
    sys_root, dt = fake_pi(tmp_path, be32(400_000))
    monkeypatch.setattr(i2c_check, "SYS_ROOT", sys_root)
    monkeypatch.setattr(i2c_check, "DT_ROOT", dt)
    cfg = config.validate({"gpio": {"backend": "mock"}})
    [row] = i2c_rows(cfg, None, on_pi=True)
    assert row["line"] == "400 kHz, 6 OLEDs (frames not timed: the cabinet was not opened)"
    assert row["seats"] == [1, 2, 3, 4, 5, 6] and "warning" not in row
