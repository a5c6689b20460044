"""Seat OLEDs (issue "Hardware layer", OLEDs): a display error is logged once,
the seat shows nothing, the game goes on, and the display recovers; simulated
seats use luma's dummy device whose last frame can be read."""
from __future__ import annotations

import logging

import pytest
from PIL import Image, ImageDraw

from firmware.runtime.config import validate
from hardware.cabinet import build_cabinet
from hardware.oled import Oled, describe, device_maker


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


class FlakyDevice:
    """A luma device whose I2C link can be pulled (OSError 121)."""

    def __init__(self, bus):
        self.bus = bus
        self.frames = []

    def display(self, image):
        if not self.bus["present"]:
            raise OSError(121, "Remote I/O error")
        self.frames.append(image.copy())

    def cleanup(self):
        pass


def frame(text="hi"):
    img = Image.new("1", (128, 64))
    ImageDraw.Draw(img).text((2, 2), text, fill=1)
    return img


def test_oled_oserror_mid_frame_then_recovery(caplog):
    bus = {"present": True, "opens": 0}

    def make():
        bus["opens"] += 1
        if not bus["present"]:
            raise OSError(121, "Remote I/O error")
        return FlakyDevice(bus)

    clock = Clock()
    o = Oled(make, "seat 2 OLED", retry_s=1.0, clock=clock)
    assert o.show(frame("1")) and o.online
    bus["present"] = False
    with caplog.at_level(logging.WARNING, logger="cabinet.hardware"):
        assert o.show(frame("2")) is False          # the error mid-frame does not propagate
        for i in range(5):                          # the game goes on drawing
            clock.t += 0.3
            assert o.show(frame(f"3{i}")) is False
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "seat 2 OLED" in warnings[0].getMessage()
    assert "121" in warnings[0].getMessage()
    opens_while_down = bus["opens"]
    assert 2 <= opens_while_down <= 3               # retried at most once a second, not every frame
    assert not o.online and o.last_frame is not None
    bus["present"] = True
    clock.t += 1.0
    with caplog.at_level(logging.INFO, logger="cabinet.hardware"):
        assert o.show(frame("back")) is True
    assert o.online and any("is back" in r.getMessage() for r in caplog.records)
    assert o.device.frames[-1].tobytes() == frame("back").tobytes()
    # a second outage is logged again (once)
    caplog.clear()
    bus["present"] = False
    with caplog.at_level(logging.WARNING, logger="cabinet.hardware"):
        o.show(frame())
        clock.t += 5
        o.show(frame())
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1


def test_oled_absent_at_start_is_retried_not_fatal():
    state = {"present": False}

    def make():
        if not state["present"]:
            raise OSError(121, "Remote I/O error")
        return FlakyDevice({"present": True})

    clock = Clock()
    o = Oled(make, "seat 1 OLED", clock=clock)
    assert o.device is None and o.show(frame()) is False
    state["present"] = True
    assert o.show(frame()) is False                 # not yet time to retry
    clock.t += 1.5
    assert o.show(frame()) is True


def test_simulated_oled_is_a_luma_dummy_whose_last_frame_can_be_read():
    o = Oled(device_maker({"driver": "sh1106", "interface": "i2c", "bus": 1, "address": 0x3C}, True), "seat 1")
    img = frame("score 12")
    assert o.show(img.convert("L"))                 # any mode is converted to 1-bit
    assert o.shown().tobytes() == img.tobytes()


def test_oled_refuses_wrong_size_frames():
    o = Oled(device_maker({"driver": "ssd1306", "interface": "i2c", "bus": 1, "address": 0x3C}, True), "seat 1")
    with pytest.raises(ValueError, match="128x64"):
        o.show(Image.new("1", (64, 32)))


def test_missing_i2c_bus_is_an_offline_display_not_a_crash():
    o = Oled(device_maker({"driver": "ssd1306", "interface": "i2c", "bus": 97, "address": 0x3C}, False), "seat 3")
    assert o.device is None and o.show(frame()) is False


def test_cabinet_builds_dummy_oleds_for_all_six_full_seats():
    cab = build_cabinet(validate({}), model=None, with_camera=False, with_audio=False)
    try:
        oleds = [s.oled for s in cab.seats]
        assert [o is not None for o in oleds] == [True] * 6
        assert oleds[1].show(frame("seat 2")) and oleds[1].shown() is not None
        assert describe(cab.seats[1].config["oled"]) == "ssd1306 on I2C bus 3 at 0x3c"
    finally:
        cab.close()
