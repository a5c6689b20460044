"""GPIO backends (issue "Hardware layer": pigpio with 32-bit tick wrap and
the daemon's glitch filter, lgpio with nanosecond timestamps, no silent
fallback on a Pi).  Neither pigpiod nor a gpiochip exists here, so the
adapters run against fakes of their client objects (the ``pigpio.pi``
connection and the ``lgpio`` module) underneath gpiozero's real pin classes."""
from __future__ import annotations

import subprocess
import sys
import time
import types

import pytest

from firmware.runtime.config import validate
from hardware.backends import HardwareUnavailable, choose_backend, is_pi5, open_factory, pi_model
from hardware.debounce import DebounceBank, rank_presses
from hardware.edges import Edge, EdgeSource, drain


# --- fakes ------------------------------------------------------------------------------------

class _Callback:
    def __init__(self, owner, gpio, edge, func):
        self.owner, self.gpio, self.edge, self.func = owner, gpio, edge, func

    def cancel(self):
        if self in self.owner.callbacks:
            self.owner.callbacks.remove(self)


class FakePi:
    """The parts of ``pigpio.pi`` gpiozero's PiGPIOFactory/PiGPIOPin use."""

    def __init__(self, host="localhost", port=8888, connected=True):
        self.sl = types.SimpleNamespace(s=object() if connected else None)
        self.modes, self.pulls, self.levels, self.glitch = {}, {}, {}, {}
        self.callbacks: list[_Callback] = []
        self.tick = 4294967000

    def get_hardware_revision(self):
        return 0xA03111  # Pi 4B

    def get_current_tick(self):
        return self.tick

    def set_mode(self, g, m):
        self.modes[g] = m

    def get_mode(self, g):
        return self.modes.get(g, 0)

    def set_pull_up_down(self, g, p):
        self.pulls[g] = p
        self.levels[g] = 1 if p == 2 else 0   # nothing pressed: the pull decides

    def set_glitch_filter(self, g, us):
        self.glitch[g] = us

    def read(self, g):
        return self.levels.get(g, 0)

    def callback(self, g, edge, func):
        cb = _Callback(self, g, edge, func)
        self.callbacks.append(cb)
        return cb

    def stop(self):
        self.sl.s = None

    def __getattr__(self, name):  # PWM getters/setters gpiozero touches on close
        return lambda *a, **k: 0

    def fire(self, g, level, tick):
        """pigpiod reporting a level change on BCM g at its tick."""
        self.levels[g] = level
        for cb in list(self.callbacks):
            if cb.gpio == g:
                cb.func(g, level, tick)


def fake_pigpio_module(pi: FakePi) -> types.ModuleType:
    m = types.ModuleType("pigpio")
    m.INPUT, m.OUTPUT, m.ALT0, m.ALT1, m.ALT2, m.ALT3, m.ALT4, m.ALT5 = 0, 1, 4, 5, 6, 7, 3, 2
    m.PUD_OFF, m.PUD_DOWN, m.PUD_UP = 0, 1, 2
    m.RISING_EDGE, m.FALLING_EDGE, m.EITHER_EDGE = 0, 1, 2
    m.error = type("error", (Exception,), {})
    m.pi = lambda host=None, port=None: pi
    return m


class FakeLgpio(types.ModuleType):
    """The parts of the ``lgpio`` module gpiozero's LGPIOFactory/LGPIOPin use."""

    SET_ACTIVE_LOW, SET_OPEN_DRAIN, SET_OPEN_SOURCE = 4, 8, 16
    SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE = 32, 64, 128
    RISING_EDGE, FALLING_EDGE, BOTH_EDGES = 1, 2, 3

    def __init__(self, chips=(0,)):
        super().__init__("lgpio")
        self.error = type("error", (Exception,), {})
        self.chips = chips
        self.modes, self.levels, self.debounce = {}, {}, {}
        self.callbacks: list[_Callback] = []

    def gpiochip_open(self, chip):
        if chip not in self.chips:
            raise self.error(f"can not open gpiochip {chip}")
        return 7

    def gpiochip_close(self, handle):
        pass

    def gpio_claim_input(self, h, g, flags=0):
        self.modes[g] = (flags & 0xFC) | (1 << 8)
        self.levels[g] = 1 if flags & self.SET_PULL_UP else 0   # nothing pressed: the pull decides

    def gpio_claim_output(self, h, g, level=0, flags=0):
        self.modes[g] = (1 << 1) | (1 << 9)

    def gpio_free(self, h, g):
        pass

    def gpio_get_mode(self, h, g):
        return self.modes.get(g, 0)

    def gpio_read(self, h, g):
        return self.levels.get(g, 0)

    def gpio_write(self, h, g, v):
        self.levels[g] = v

    def gpio_claim_alert(self, h, g, edges, flags=0):
        pass

    def gpio_set_debounce_micros(self, h, g, us):
        self.debounce[g] = us

    def callback(self, h, g, edges, func):
        cb = _Callback(self, g, edges, func)
        self.callbacks.append(cb)
        return cb

    def tx_pwm(self, *a):
        return 0

    def fire(self, g, level, ts_ns):
        """An lgpio alert: (chip, gpio, level, timestamp in ns)."""
        self.levels[g] = level
        for cb in list(self.callbacks):
            if cb.gpio == g:
                cb.func(0, g, level, ts_ns)


@pytest.fixture
def fresh_modules(monkeypatch):
    """Make gpiozero re-import its pigpio/lgpio pin modules against fakes."""
    for name in ("gpiozero.pins.pigpio", "gpiozero.pins.lgpio", "pigpio", "lgpio"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield monkeypatch
    for name in ("gpiozero.pins.pigpio", "gpiozero.pins.lgpio"):
        sys.modules.pop(name, None)


@pytest.fixture
def pigpio_factory(fresh_modules):
    pi = FakePi()
    fresh_modules.setitem(sys.modules, "pigpio", fake_pigpio_module(pi))
    f = open_factory("pigpio")
    yield f, pi
    f.close()


@pytest.fixture
def lgpio_factory(fresh_modules):
    import gpiozero.pins.local as local
    fake = FakeLgpio()
    fresh_modules.setitem(sys.modules, "lgpio", fake)
    fresh_modules.setattr(local, "get_pi_revision", lambda: 0xD04170)  # Pi 5
    f = open_factory("lgpio", lgpio_chip=0)
    yield f, fake
    f.close()


# --- backend choice -----------------------------------------------------------------------------

def test_pi_model_reads_the_device_tree(tmp_path):
    p = tmp_path / "model"
    p.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    assert pi_model(p) == "Raspberry Pi 5 Model B Rev 1.0" and is_pi5(pi_model(p))
    p.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    assert not is_pi5(pi_model(p))
    p.write_bytes(b"Some other board\x00")
    assert pi_model(p) is None
    assert pi_model(tmp_path / "missing") is None


def test_backend_auto_picks_pigpio_on_pi4_lgpio_on_pi5_and_mock_elsewhere():
    assert choose_backend("auto", "auto", "Raspberry Pi 4 Model B Rev 1.4")[0] == "pigpio"
    assert choose_backend("auto", "auto", "Raspberry Pi 5 Model B Rev 1.0")[0] == "lgpio"
    backend, why = choose_backend("auto", "auto", None)
    assert backend == "mock" and "not a Raspberry Pi" in why and "\n" not in why


def test_never_silently_simulate_on_a_pi_or_pretend_off_one():
    with pytest.raises(HardwareUnavailable, match='simulate = "no"'):
        choose_backend("auto", "no", None)
    with pytest.raises(HardwareUnavailable, match="lgpio"):
        choose_backend("pigpio", "auto", "Raspberry Pi 5 Model B Rev 1.0")
    with pytest.raises(HardwareUnavailable, match="mock"):
        choose_backend("mock", "no", "Raspberry Pi 4 Model B Rev 1.4")
    assert choose_backend("auto", "yes", "Raspberry Pi 4 Model B Rev 1.4")[0] == "mock"


def test_pigpiod_not_running_fails_naming_the_daemon_and_fix(fresh_modules):
    fresh_modules.setitem(sys.modules, "pigpio", fake_pigpio_module(FakePi(connected=False)))
    with pytest.raises(HardwareUnavailable, match=r"pigpiod.*systemctl enable --now pigpiod"):
        open_factory("pigpio")


def test_missing_backend_modules_name_the_package_to_install(fresh_modules):
    fresh_modules.setitem(sys.modules, "pigpio", None)   # import pigpio -> ImportError
    with pytest.raises(HardwareUnavailable, match="python3-pigpio"):
        open_factory("pigpio")
    fresh_modules.setitem(sys.modules, "lgpio", None)
    with pytest.raises(HardwareUnavailable, match="python3-lgpio"):
        open_factory("lgpio")


def test_no_gpiochip_fails_naming_the_device(fresh_modules):
    import gpiozero.pins.local as local
    fresh_modules.setitem(sys.modules, "lgpio", FakeLgpio(chips=()))
    fresh_modules.setattr(local, "get_pi_revision", lambda: 0xD04170)
    with pytest.raises(HardwareUnavailable, match="gpiochip"):
        open_factory("lgpio", lgpio_chip=0)


def test_pi_only_modules_are_not_imported_at_import_time():
    code = ("import sys, hardware.cabinet, hardware.camera, hardware.backends, firmware.cli.hardware;"
            "print(sorted(m for m in ('pigpio', 'lgpio', 'picamera2') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- pigpio adapter --------------------------------------------------------------------------------

def test_pigpio_edges_with_glitch_filter_in_the_daemon(pigpio_factory):
    f, pi = pigpio_factory
    es = EdgeSource(f, "pigpio", glitch_filter_us=100, resolution_us=5)
    es.add_input(0, "button", 4)
    assert pi.glitch[4] == 100 and pi.pulls[4] == 2        # PUD_UP
    assert es.levels() == {(0, "button"): 0}               # pulled up = open
    pi.fire(4, 0, 4294967290)                              # closed (low)
    pi.fire(4, 1, 5)                                       # open, tick wrapped
    e1, e2 = drain(es.queue)
    assert (e1.level, e2.level) == (1, 0)
    assert e2.t_us - e1.t_us == 11
    assert e1.t_us == 4294967290 - 4294967000              # origin = factory tick at start
    es.close()


def test_cab3_pigpio_order_comes_from_ticks_not_callback_order(pigpio_factory):
    f, pi = pigpio_factory
    es = EdgeSource(f, "pigpio", resolution_us=5)
    es.add_input(0, "button", 4)
    es.add_input(1, "button", 5)
    es.add_input(2, "button", 6)
    bank = DebounceBank(10_000, es.levels())
    pi.fire(5, 0, 4294967000 + 1_010)   # seat 1, delivered first
    pi.fire(4, 0, 4294967000 + 1_000)   # seat 0, 10 us earlier, delivered late
    pi.fire(6, 0, 4294967000 + 1_012)   # seat 2, 2 us after seat 1: a tie at 5 us (CAB-4)
    events = [ev for e in drain(es.queue) for ev in bank.feed(e)]
    groups = rank_presses(events, es.resolution_us)
    assert [[e.seat for e in g] for g in groups] == [[0], [1, 2]]
    es.close()


# --- lgpio adapter ----------------------------------------------------------------------------------

def test_lgpio_nanosecond_alerts_become_us(lgpio_factory):
    f, fake = lgpio_factory
    es = EdgeSource(f, "lgpio")
    es.add_input(0, "button", 17)
    es.add_input(1, "cup", 27)
    assert es.levels() == {(0, "button"): 0, (1, "cup"): 0}
    base = time.monotonic_ns() + 5_000_000
    fake.fire(17, 0, base)              # button closed
    fake.fire(27, 1, base + 3_000)      # cup lifted 3 us later
    fake.fire(17, 1, base + 20_000_499)
    e = drain(es.queue)
    assert [(x.seat, x.input, x.level) for x in e] == [(0, "button", 1), (1, "cup", 0), (0, "button", 0)]
    assert e[1].t_us - e[0].t_us == 3
    assert e[2].t_us - e[0].t_us == 20_000
    assert 4_000 <= e[0].t_us <= 6_000_000   # same monotonic timeline as the factory's ticks()
    es.close()


def test_build_cabinet_on_a_pi_fails_loudly_when_the_backend_is_missing(fresh_modules):
    fresh_modules.setitem(sys.modules, "lgpio", None)
    from hardware.cabinet import build_cabinet
    with pytest.raises(HardwareUnavailable, match="lgpio"):
        build_cabinet(validate({}), model="Raspberry Pi 5 Model B Rev 1.0", with_camera=False, with_audio=False)


def test_build_cabinet_with_fake_pigpio_wires_every_default_input(pigpio_factory, monkeypatch):
    f, pi = pigpio_factory
    import hardware.cabinet as cabinet_mod
    monkeypatch.setattr(cabinet_mod, "open_factory", lambda backend: f)
    monkeypatch.setattr(cabinet_mod, "device_maker", lambda oled, simulated: None)
    from hardware.expander import ExpanderInputs, SimMcp23017
    chip = SimMcp23017()
    monkeypatch.setattr(cabinet_mod, "open_expander",
                        lambda cfg, simulated, q, now: ExpanderInputs(chip, q, now, cfg["poll_ms"] / 1000))
    cab = cabinet_mod.build_cabinet(validate({}), model="Raspberry Pi 4 Model B Rev 1.4",
                                    with_camera=False, with_audio=False)
    assert cab.backend == "pigpio" and not cab.simulated and cab.edges.resolution_us == 5
    watched = {cb.gpio for cb in pi.callbacks}
    # big buttons and cup switches on the header; the navigation buttons on the (polled) expander
    assert watched == set(cab.pin_map.values()) and len(watched) == 12
    # GPA0-GPA6 and GPB0-GPB4 (GPA7 is output-only: issue 37)
    assert len(cab.expander.inputs()) == 12 and chip.mask == 0x1F7F and cab.expander._thread is not None
    assert all(pi.glitch[g] == 100 for g in watched)
    cab.seats[0].set_led(True)
    assert pi.modes[14] == 1   # OUTPUT
    with pytest.raises(RuntimeError, match="mock backend"):
        cab.drive(0, "button", True, 1)
    cab.close()
