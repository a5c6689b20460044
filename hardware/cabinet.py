"""Building the cabinet's devices from the config.

:func:`build_cabinet` turns the validated config (``firmware.runtime.config.load``)
into a :class:`Cabinet`: the GPIO backend (:mod:`hardware.backends`), an
:class:`~hardware.edges.EdgeSource` watching every seat's button, cup and
navigation pins, the button LEDs and rotary encoders (gpiozero devices on
the same pin factory), the navigation buttons wired to the MCP23017
expander (:mod:`hardware.expander`, their edges posted into the same queue),
one :class:`~hardware.oled.Oled` per seat with a display, the camera (:class:`~hardware.camera.CameraSupervisor`) and the
audio.  Ruling CAB-2 defines the seat; the pin map is
:func:`hardware.settings.effective_seats`.
"""
from __future__ import annotations

import logging
import queue
from dataclasses import dataclass, field
from typing import Any, Callable

from hardware.audio import Audio
from hardware.backends import choose_backend, open_factory, pi_model
from hardware.camera import CameraSupervisor, make_camera
from hardware.debounce import DebounceBank
from hardware.edges import Edge, EdgeSource
from hardware.expander import ExpanderInputs, open_expander
from hardware.mock import ScriptedMockFactory, drive_input
from hardware.oled import Oled, describe, device_maker
from hardware.settings import effective_seats, expander_pin_name

log = logging.getLogger("cabinet.hardware")

_UNSET: Any = object()


@dataclass
class SeatHardware:
    """One seat's devices (ruling CAB-2).

    Attributes:
        index: 0-based seat index.
        config: the seat's effective config table.
        inputs: input name -> BCM pin for every watched GPIO input.
        expander_inputs: input name -> expander pin (0-15) for the inputs
            wired to the MCP23017 (``nav_via = "expander"``).
        led: gpiozero ``LED`` of the big button, or None.
        encoder: gpiozero ``RotaryEncoder`` (nav_kind = encoder), or None.
        oled: the seat's display wrapper, or None.
    """
    index: int
    config: dict[str, Any]
    inputs: dict[str, int] = field(default_factory=dict)
    expander_inputs: dict[str, int] = field(default_factory=dict)
    led: Any = None
    encoder: Any = None
    oled: Oled | None = None
    _keep: list[Callable] = field(default_factory=list, repr=False)

    def set_led(self, on: bool) -> None:
        """Light or clear the big button's LED (no-op without one)."""
        if self.led is not None:
            self.led.value = 1 if on else 0


@dataclass
class Cabinet:
    """All devices of the cabinet; see :func:`build_cabinet`.

    Attributes:
        backend: ``"pigpio"``, ``"lgpio"`` or ``"mock"``.
        reason: the one log line that explains the backend choice.
        simulated: True with the mock backend (dummy OLEDs, synthetic camera).
        model: Raspberry Pi model string, or None.
        factory: the gpiozero pin factory.
        edges: the edge source; its ``queue`` receives :class:`Edge` records
            (seat, input, level, t_us) from the backend's threads.
        seats: one :class:`SeatHardware` per seat.
        camera: the camera supervisor (``status()`` for "camera not ready").
        audio: sounds (possibly muted).
        debounce_us: contact-bounce window, us.
        expander: the MCP23017's :class:`ExpanderInputs` (navigation
            buttons), or None when no seat uses it.
        twin: the simulated cabinet's :class:`~hardware.twin.Twin` (what
            its parts cost; ``instant`` = nothing), None on real hardware.
    """
    backend: str
    reason: str
    simulated: bool
    model: str | None
    factory: Any
    edges: EdgeSource
    seats: list[SeatHardware]
    camera: CameraSupervisor | None
    audio: Audio | None
    debounce_us: int
    expander: ExpanderInputs | None = None
    twin: Any = None

    @property
    def queue(self) -> queue.Queue:
        """The edge queue (same as ``edges.queue``)."""
        return self.edges.queue

    def now_us(self) -> int:
        """Current time on the edge timeline, us."""
        return self.edges.now_us()

    @property
    def pin_map(self) -> dict[tuple[int, str], int]:
        """``(seat, input) -> BCM pin`` of every watched input (a property:
        ``Timeline(cab.factory, cab.pin_map)``)."""
        return {(s.index, name): pin for s in self.seats for name, pin in s.inputs.items()}

    def levels(self) -> dict[tuple[int, str], int]:
        """Current level of every watched input, GPIO and expander, keyed
        ``(seat, input)`` (1 = closed)."""
        out = self.edges.levels()
        if self.expander is not None:
            out.update(self.expander.levels())
        return out

    def describe_input(self, seat: int, name: str) -> str:
        """Where an input is wired: ``"BCM 4"`` or ``"expander GPA0"``."""
        s = self.seats[seat]
        if name in s.expander_inputs:
            return f"expander {expander_pin_name(s.expander_inputs[name])}"
        return f"BCM {s.inputs[name]}"

    def debouncer(self) -> DebounceBank:
        """A :class:`DebounceBank` starting from the inputs' current levels
        (a cup already lifted at start reads as lifted)."""
        return DebounceBank(self.debounce_us, self.levels())

    def _mock(self) -> ScriptedMockFactory:
        if not isinstance(self.factory, ScriptedMockFactory):
            raise RuntimeError(f"inputs can only be driven on the mock backend, not {self.backend}")
        return self.factory

    def drive(self, seat: int, name: str, closed: bool, t_us: int) -> None:
        """Simulator/tests: close or open seat ``seat``'s ``name`` contact at
        ``t_us`` us (e.g. a keyboard key held down = button closed).

        Inputs wired to the expander are driven on its simulated twin,
        which is read at once (the edge is stamped ``t_us``).

        Raises:
            RuntimeError: not the mock backend.
            KeyError: that seat has no such input.
            ValueError: ``t_us`` is earlier than the mock clock.
        """
        factory = self._mock()
        pin = self.seats[seat].expander_inputs.get(name) if 0 <= seat < len(self.seats) else None
        if pin is None or self.expander is None:
            drive_input(factory, self.pin_map, seat, name, closed, t_us)
            return
        factory.advance_to(t_us)
        self.expander.chip.set_contact(pin, closed)
        self.expander.poll(t_us)

    def rotate(self, seat: int, steps: int, t_us: int, step_us: int = 2000) -> None:
        """Simulator/tests: turn seat ``seat``'s rotary encoder ``steps``
        detents (positive = clockwise) starting at ``t_us`` us, one
        quadrature phase every ``step_us // 4`` us, through its A/B pins.

        Raises:
            RuntimeError: not the mock backend; KeyError: no encoder.
        """
        f = self._mock()
        s = self.seats[seat]
        if s.encoder is None:
            raise KeyError(f"seat {seat + 1} has no rotary encoder")
        a, b = s.config["nav_a"], s.config["nav_b"]
        cw = [(True, False), (True, True), (False, True), (False, False)]
        ccw = [(False, True), (True, True), (True, False), (False, False)]
        t = t_us
        for _ in range(abs(steps)):
            for ca, cb in (cw if steps > 0 else ccw):
                f.set_contact(a, ca, t)
                f.set_contact(b, cb, t)
                t += max(1, step_us // 4)

    def close(self) -> None:
        """Release every device (pins, LEDs, displays, camera)."""
        for s in self.seats:
            for dev in (s.led, s.encoder):
                if dev is not None:
                    dev.close()
            if s.oled is not None:
                s.oled.close()
        if self.expander is not None:
            self.expander.close()
        self.edges.close()
        if self.camera is not None:
            self.camera.source.close()
        try:
            self.factory.close()
        except Exception as exc:  # closing must not mask why we close; say what failed
            log.debug("closing the pin factory failed: %s", exc)


def build_cabinet(cfg: dict[str, Any], *, model: Any = _UNSET, edge_queue: queue.Queue | None = None,
                  camera_compose: Callable[[int], Any] | None = None, with_camera: bool = True,
                  with_audio: bool = True, oled_retry_s: float = 1.0, sim_cups_down: bool = True,
                  twin: Any = None) -> Cabinet:
    """Build the cabinet's devices from a validated config.

    Args:
        cfg: the config dict from ``firmware.runtime.config.load``.
        model: Pi model string or None (default: read
            ``/proc/device-tree/model``).
        edge_queue: queue for :class:`Edge` records (default: a new one).
        camera_compose: ``compose(t_us) -> BGR frame`` for the simulated
            camera (the runtime's rendered tray).
        with_camera, with_audio: False skips them (tests, ``hardware check``).
        oled_retry_s: how often an offline OLED is retried, seconds.
        sim_cups_down: mock backend only: every cup starts on its coaster
            (contact closed); False leaves the cups lifted.
        twin: mock backend only: the :class:`~hardware.twin.Twin` whose
            costs the simulated parts charge (default: from ``[cabinet]
            twin``); with a costing profile the OLEDs are luma's real
            drivers and the MCP23017 is read on its shared I2C bus.

    Raises:
        HardwareUnavailable: the configured backend cannot run here (names
            the fix); never falls back to simulation on a Pi.
    """
    if model is _UNSET:
        model = pi_model()
    backend, reason = choose_backend(cfg["gpio"]["backend"], cfg["cabinet"]["simulate"], model)
    log.info(reason)
    factory = open_factory(backend)
    simulated = backend == "mock"
    if simulated and twin is None:
        from hardware.twin import twin_from_config
        twin = twin_from_config(cfg)
    costly = twin is not None and not twin.instant
    gpio = cfg["gpio"]
    resolution = 1 if simulated else gpio["tie_resolution_us"]
    edges = EdgeSource(factory, backend, edge_queue, gpio["glitch_filter_us"], resolution)
    seats: list[SeatHardware] = []
    seat_cfgs = effective_seats(cfg)
    expander = None
    if any(sc.get("nav_via") == "expander" for sc in seat_cfgs):
        expander = open_expander(cfg["expander"], simulated, edges.queue, edges.now_us)
        if costly:
            expander.chip = twin.expander(expander.chip)
    try:
        for i, sc in enumerate(seat_cfgs):
            seats.append(_build_seat(i, sc, factory, edges, expander, simulated=simulated,
                                     sim_cups_down=sim_cups_down, twin=twin if costly else None,
                                     oled_retry_s=oled_retry_s))
        if expander is not None:
            _start_expander(expander, cfg["expander"], simulated)
    except Exception:
        if expander is not None:
            expander.close()
        edges.close()
        raise
    camera = None
    if with_camera:
        camera = CameraSupervisor(make_camera(cfg["camera"], on_pi=not simulated, compose=camera_compose))
    audio = None
    if with_audio:
        from hardware.audio import choose_device, connected_hdmi_ports, sound_cards
        device = None if simulated else choose_device(cfg["audio"].get("device", "auto"), sound_cards(),
                                                      connected_hdmi_ports())[0]
        audio = Audio(cfg["audio"]["enabled"], cfg["audio"]["volume"], device=device,
                      mute=cfg["audio"].get("mute", False))
    return Cabinet(backend, reason, simulated, model, factory, edges, seats, camera, audio, gpio["debounce_us"],
                   expander, twin if simulated else None)


def _build_seat(i: int, sc: dict[str, Any], factory: Any, edges: EdgeSource, expander: Any, *, simulated: bool,
                sim_cups_down: bool, twin: Any, oled_retry_s: float) -> SeatHardware:
    """Seat ``i``'s inputs (button, cup, navigation: on BCM pins or on the
    MCP23017 ``expander``), encoder, LED and OLED from its config ``sc``;
    ``twin`` is the costing twin whose I2C bus the OLED's frames cross
    (None: instant or real parts)."""
    seat = SeatHardware(i, sc)
    names = ["button", "cup"]
    if sc["nav_kind"] == "buttons":
        names += ["nav_a", "nav_b"]
    names.append("nav_push")
    if simulated and sim_cups_down and sc["cup"] >= 0:
        factory.set_contact(sc["cup"], True)
    for name in names:
        if sc.get(name, -1) < 0:
            continue
        if expander is not None and sc.get("nav_via") == "expander" and name.startswith("nav_"):
            expander.add_input(i, name, sc[name])
            seat.expander_inputs[name] = sc[name]
        else:
            edges.add_input(i, name, sc[name])
            seat.inputs[name] = sc[name]
    if sc["nav_kind"] == "encoder" and sc["nav_a"] >= 0 and sc["nav_b"] >= 0:
        seat.encoder = _encoder(factory, edges, i, sc["nav_a"], sc["nav_b"], seat._keep)
    if sc["led"] >= 0:
        from gpiozero import LED
        seat.led = LED(sc["led"], pin_factory=factory)
    maker = device_maker(sc["oled"], simulated)
    if twin is not None and maker is not None and sc["oled"].get("interface", "i2c") != "spi":
        maker = _twin_maker(twin, sc["oled"], f"seat {i + 1} OLED")
    if maker is not None:
        seat.oled = Oled(maker, f"seat {i + 1} OLED ({describe(sc['oled'])})", retry_s=oled_retry_s)
    return seat


def _start_expander(expander: Any, exp_cfg: dict[str, Any], simulated: bool) -> None:
    """Set up the MCP23017 (the seats' inputs already added to it) and, on a
    Pi, start reading it.

    Raises:
        HardwareUnavailable: the chip does not answer (names the wiring,
            ``i2cdetect`` and the ``[expander]`` keys to check).
    """
    try:
        expander.setup()
    except OSError as exc:
        from hardware.backends import HardwareUnavailable
        raise HardwareUnavailable(
            f"{expander.name} does not answer ({exc}); check its power, SDA/SCL wires and A0-A2 "
            f"address pins (i2cdetect -y {exp_cfg['bus']} should list "
            f"{exp_cfg['address']:02x}), or set [expander] bus/address") from exc
    if not simulated:
        expander.start()


def _twin_maker(twin: Any, oled_cfg: dict[str, Any], who: str) -> Callable[[], Any]:
    """Opens a seat's display on the twin's shared I2C bus; the config's
    bus number is its TCA9548A channel (mux channels are their own buses)."""
    return lambda: twin.oled(oled_cfg["driver"], oled_cfg["bus"], who)


def _encoder(factory: Any, edges: EdgeSource, seat: int, a: int, b: int, keep: list) -> Any:
    """A gpiozero RotaryEncoder whose detents post ``Edge(seat, "encoder",
    +1 | -1, t_us)`` (+1 = clockwise) into the edge queue."""
    from gpiozero import RotaryEncoder
    enc = RotaryEncoder(a, b, pin_factory=factory)

    def cw() -> None:
        edges.queue.put(Edge(seat, "encoder", 1, edges.now_us()))

    def ccw() -> None:
        edges.queue.put(Edge(seat, "encoder", -1, edges.now_us()))

    keep += [cw, ccw]
    enc.when_rotated_clockwise = cw
    enc.when_rotated_counter_clockwise = ccw
    return enc
