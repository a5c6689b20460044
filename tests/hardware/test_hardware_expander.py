"""Navigation buttons on the MCP23017 expander (issue 22: six full seats):
the register protocol against a fake bus, the simulated twin, edges posted
into the edge queue, an unplugged chip, and the default wiring's seats 5-6."""
from __future__ import annotations

import queue

import pytest

from firmware.runtime.config import validate
from hardware.backends import HardwareUnavailable
from hardware.cabinet import build_cabinet
from hardware.debounce import InputEvent
from hardware.edges import Edge, drain
from hardware.expander import GPIOA, GPPUA, GPPUB, IODIRA, IODIRB, ExpanderInputs, Mcp23017, SimMcp23017
from hardware.mock import Timeline


class FakeBus:
    """smbus2's calls, recorded; GPIOA/GPIOB answer from ``pins``."""

    def __init__(self, pins: int = 0xFFFF):
        self.pins = pins
        self.writes: list[tuple[int, int, int]] = []
        self.closed = False

    def write_byte_data(self, addr, reg, value):
        self.writes.append((addr, reg, value))

    def read_i2c_block_data(self, addr, reg, n):
        assert (addr, reg, n) == (0x21, GPIOA, 2)
        return [self.pins & 0xFF, self.pins >> 8]

    def close(self):
        self.closed = True


def test_mcp23017_sets_inputs_with_pull_ups_and_reads_both_ports():
    bus = FakeBus(pins=0xFFFF & ~(1 << 9) & ~(1 << 2))   # GPB1 and GPA2 pulled low (pressed)
    chip = Mcp23017(1, 0x21, smbus=bus)
    chip.setup_inputs((1 << 2) | (1 << 9))
    assert bus.writes == [(0x21, IODIRA, 0xFF), (0x21, IODIRB, 0xFF), (0x21, GPPUA, 0x04), (0x21, GPPUB, 0x02)]
    assert chip.read() == 0xFFFF & ~0x0204
    chip.close()
    assert bus.closed


def test_expander_posts_an_edge_per_changed_pin_stamped_with_the_read_time():
    chip = SimMcp23017()
    q: queue.Queue = queue.Queue()
    ex = ExpanderInputs(chip, q, now_us=lambda: 123)
    ex.add_input(4, "nav_a", 8)
    ex.add_input(4, "nav_b", 9)
    ex.setup()
    assert chip.mask == 0x0300 and ex.levels() == {(4, "nav_a"): 0, (4, "nav_b"): 0}
    chip.set_contact(8, True)
    assert ex.poll() == 1
    assert drain(q) == [Edge(4, "nav_a", 1, 123)]
    assert ex.poll(500) == 0                     # no change, no edge
    chip.set_contact(8, False)
    chip.set_contact(9, True)
    assert ex.poll(600) == 2
    assert drain(q) == [Edge(4, "nav_a", 0, 600), Edge(4, "nav_b", 1, 600)]


def test_expander_refuses_a_pin_that_does_not_exist_or_is_taken():
    ex = ExpanderInputs(SimMcp23017(), queue.Queue(), now_us=lambda: 0)
    with pytest.raises(ValueError, match="pin 16 does not exist"):
        ex.add_input(0, "nav_a", 16)
    ex.add_input(0, "nav_a", 3)
    with pytest.raises(ValueError, match="pin 3 is already watched"):
        ex.add_input(1, "nav_a", 3)


def test_an_unplugged_expander_is_logged_once_and_its_inputs_come_back(caplog):
    chip = SimMcp23017()
    q: queue.Queue = queue.Queue()
    ex = ExpanderInputs(chip, q, now_us=lambda: 0, name="MCP23017 on I2C bus 1 at 0x20")
    ex.add_input(0, "nav_a", 0)
    ex.setup()
    chip.fail = OSError(121, "Remote I/O error")
    chip.set_contact(0, True)
    with caplog.at_level("WARNING", logger="cabinet.hardware"):
        assert ex.poll(10) == 0 and ex.poll(20) == 0
    assert sum("does not answer" in r.message for r in caplog.records) == 1
    assert not ex.online
    chip.fail = None
    assert ex.poll(30) == 1 and drain(q) == [Edge(0, "nav_a", 1, 30)] and ex.online


def test_default_wiring_gives_seats_5_and_6_navigation_on_the_expander_and_an_oled():
    cab = build_cabinet(validate({}), model=None, with_camera=False, with_audio=False)
    try:
        assert cab.expander is not None
        for seat in (4, 5):
            s = cab.seats[seat]
            assert set(s.expander_inputs) == {"nav_a", "nav_b"} and s.oled is not None
            assert {"button", "cup"} <= set(s.inputs) and s.led is not None
        assert cab.describe_input(4, "nav_a") == "expander GPB0"
        assert cab.describe_input(5, "nav_b") == "expander GPB3"
        assert cab.describe_input(0, "button") == "BCM 4"
        # the simulator drives the expander's twin; the edge is stamped at the drive time
        cab.drive(5, "nav_b", True, 40_000)
        cab.drive(5, "nav_b", False, 90_000)
        assert drain(cab.queue) == [Edge(5, "nav_b", 1, 40_000), Edge(5, "nav_b", 0, 90_000)]
        # a scripted timeline reaches expander inputs through Cabinet.drive
        bank = cab.debouncer()
        tl = Timeline(cab.factory, cab.pin_map, [(100_000, 4, "nav_a", True), (180_000, 4, "nav_a", False)],
                      drive=cab.drive)
        tl.run()
        events = [ev for e in drain(cab.queue) for ev in bank.feed(e)] + bank.poll(300_000)
        assert events == [InputEvent(4, "nav_a", "press", 100_000), InputEvent(4, "nav_a", "release", 180_000)]
    finally:
        cab.close()


def test_a_silent_expander_on_a_pi_is_refused_naming_the_fix(monkeypatch):
    import hardware.expander as expander_mod

    class DeadChip(SimMcp23017):
        def setup_inputs(self, mask):
            raise OSError(121, "Remote I/O error")

    monkeypatch.setattr(expander_mod, "SimMcp23017", DeadChip)
    with pytest.raises(HardwareUnavailable, match="i2cdetect -y 1 should list 20"):
        build_cabinet(validate({}), model=None, with_camera=False, with_audio=False)


def test_seats_without_the_expander_do_not_open_it():
    cfg = validate({"seats": [{"button": 4, "cup": 17, "nav_a": 27, "nav_b": 22}]})
    cab = build_cabinet(cfg, model=None, with_camera=False, with_audio=False)
    try:
        assert cab.expander is None and cab.seats[0].inputs["nav_a"] == 27
    finally:
        cab.close()
