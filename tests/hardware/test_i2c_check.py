"""Issue 36: each I2C bus's clock (from a fake sysfs / device tree under
tmp_path) and the seats' OLED frame time, measured on luma devices or
modelled by the twin (hardware.i2c_check)."""
from __future__ import annotations

import errno
from pathlib import Path

from hardware import i2c_check
from hardware.i2c_check import modelled, read_clock, time_frames
from hardware.settings import effective_seats
from hardware.twin import load_profile


def be32(hz: int) -> bytes:
    return hz.to_bytes(4, "big")


def fake_pi(tmp_path: Path, clock: bytes | None = be32(400_000), channels=range(2, 8)) -> tuple[Path, Path]:
    """A Pi 4's sysfs and device tree: i2c-1 (i2c@7e804000) drives a
    TCA9548A at 0x70 whose channels are buses 2-7; ``clock`` is i2c-1's
    ``clock-frequency`` (None: the file is missing)."""
    sys_root, dt = tmp_path / "sys", tmp_path / "device-tree"
    node = sys_root / "class" / "i2c-adapter" / "i2c-1" / "of_node"
    node.mkdir(parents=True)
    if clock is not None:
        (node / "clock-frequency").write_bytes(clock)
    mux = sys_root / "devices" / "platform" / "soc" / "fe804000.i2c" / "i2c-1" / "1-0070"
    mux.mkdir(parents=True)
    for ch in channels:
        d = sys_root / "bus" / "i2c" / "devices" / f"i2c-{ch}"
        d.mkdir(parents=True)
        (d / "mux_device").symlink_to(mux)
        (sys_root / "class" / "i2c-adapter" / f"i2c-{ch}" / "of_node").mkdir(parents=True)   # a channel node: no clock
    (dt / "aliases").mkdir(parents=True)
    return sys_root, dt


def test_a_mux_channel_reads_the_clock_of_the_adapter_driving_its_wires(tmp_path):
    sys_root, dt = fake_pi(tmp_path)
    c = read_clock(3, sys_root, dt)
    assert (c.bus, c.adapter, c.hz) == (3, 1, 400_000)
    assert c.source.endswith("i2c-1/of_node/clock-frequency")
    assert read_clock(1, sys_root, dt).hz == 400_000


def test_the_pis_default_100khz_is_read_as_it_is(tmp_path):
    sys_root, dt = fake_pi(tmp_path, be32(100_000))
    assert read_clock(2, sys_root, dt).hz == 100_000


def test_a_missing_clock_file_is_unknown_in_words_or_read_from_the_device_trees_alias(tmp_path):
    sys_root, dt = fake_pi(tmp_path, clock=None)
    c = read_clock(4, sys_root, dt)
    assert c.hz is None and "no clock-frequency" in c.source and c.adapter == 1
    node = dt / "soc" / "i2c@7e804000"
    node.mkdir(parents=True)
    (node / "clock-frequency").write_bytes(be32(100_000))
    (dt / "aliases" / "i2c1").write_bytes(b"/soc/i2c@7e804000\0")
    c = read_clock(4, sys_root, dt)
    assert c.hz == 100_000 and c.source.endswith("i2c@7e804000/clock-frequency")


def test_a_short_clock_file_and_a_missing_bus_are_said_not_raised(tmp_path):
    sys_root, dt = fake_pi(tmp_path, clock=b"\x00\x06")
    assert "fewer than 4 bytes" in read_clock(1, sys_root, dt).source
    c = read_clock(9, sys_root, dt)
    assert c.hz is None and "no I2C bus 9" in c.source


def test_the_module_roots_are_read_when_the_call_names_none(tmp_path, monkeypatch):
    sys_root, dt = fake_pi(tmp_path, be32(400_000))
    monkeypatch.setattr(i2c_check, "SYS_ROOT", sys_root)
    monkeypatch.setattr(i2c_check, "DT_ROOT", dt)
    assert read_clock(5).hz == 400_000


class TimedDevice:
    """A luma device whose frames take ``s`` seconds on a fake clock; it
    stops answering (errno 121) at frame ``dies_at``."""

    mode, size = "1", (128, 64)

    def __init__(self, clock: list, s: float, dies_at: int | None = None) -> None:
        self.clock, self.s, self.dies_at, self.frames = clock, s, dies_at, 0

    def display(self, image) -> None:
        self.frames += 1
        if self.dies_at is not None and self.frames >= self.dies_at:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.clock[0] += self.s


def test_frames_are_timed_per_display_and_for_all_and_a_display_that_stops_is_named():
    t = [0.0]
    devices = {0: TimedDevice(t, 0.024), 1: TimedDevice(t, 0.030, dies_at=2), 2: None}
    ft = time_frames(devices, frames=3, clock=lambda: t[0])
    assert abs(ft.per_oled[0] - 0.024) < 1e-9
    assert "Remote I/O error" in ft.per_oled[1]
    assert "not opened" in ft.per_oled[2]
    assert abs(ft.all_s - 0.024) < 1e-9, "the round after seat 2 stopped is seat 1's frame alone"


def test_the_twin_models_23_ms_a_frame_at_400khz_and_93_at_100khz():
    seats = effective_seats({})
    fast = modelled(load_profile("pi4"), seats)[0]
    assert fast["how"] == "modelled" and fast["clock_hz"] == 400_000 and len(fast["oleds"]) == 6
    assert 22.5 < fast["frame_ms"] < 24.5 and 135 < fast["all_ms"] < 146
    slow = modelled(load_profile("pi4").with_i2c_hz(100_000), seats)[0]
    assert 90 < slow["frame_ms"] < 96 and 540 < slow["all_ms"] < 580
    instant = modelled(load_profile("instant"), seats)[0]
    assert instant["model"] == "pi4" and "charges no bus time" in instant["model_note"]
