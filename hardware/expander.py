"""The seats' navigation buttons on an MCP23017 I2C GPIO expander.

Six full seats need more inputs than the Pi's header has (ruling CAB-2:
button, LED, cup, two navigation buttons, OLED per seat).  The inputs that
decide races (big buttons, cup switches) stay on the header, where the edge
source stamps each edge in hardware; the navigation buttons, which only move
a cursor, are read from an MCP23017 over I2C, polled every few
milliseconds (``[expander] poll_ms``).  A polled edge is stamped with the
time of the read that saw it, on the edge source's timeline, so it can be
up to ``poll_ms`` late: fine for a cursor, never used for a race.

Layers, as gpiozero separates devices from pin factories:

* a *chip* reads the 16 pin levels: :class:`Mcp23017` through smbus2 (the
  I2C library luma.oled already uses; imported when the chip is opened),
  or its simulated twin :class:`SimMcp23017` (tests and the simulator);
* :class:`ExpanderInputs` watches chip pins as seat inputs and posts
  :class:`hardware.edges.Edge` records into the edge source's queue, the
  same records a GPIO edge makes, so the debouncers and the runtime do
  not care where a button is wired.

Pins are numbered 0-15: GPA0-GPA7 = 0-7, GPB0-GPB7 = 8-15.  Buttons are
wired from a pin to ground with the chip's internal 100 kOhm pull-up, so a
pressed button reads 0 and is reported as level 1 (as on the header).
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from hardware.edges import Edge

log = logging.getLogger("cabinet.hardware")

#: Register addresses with IOCON.BANK = 0 (the power-on default).
IODIRA, IODIRB = 0x00, 0x01
GPPUA, GPPUB = 0x0C, 0x0D
GPIOA = 0x12


class Mcp23017:
    """An MCP23017 on a Linux I2C bus, through smbus2.

    Args:
        bus: I2C bus number (``/dev/i2c-<bus>``).
        address: 7-bit I2C address, 0x20-0x27 (A0-A2).
        smbus: an object with smbus2's ``read_i2c_block_data``,
            ``write_byte_data`` and ``close`` (default: ``smbus2.SMBus(bus)``).

    Raises:
        OSError: the bus does not exist (``/dev/i2c-<bus>`` missing).
    """

    def __init__(self, bus: int, address: int, smbus: Any = None) -> None:
        if smbus is None:
            from smbus2 import SMBus   # installed with luma.core; Linux only
            smbus = SMBus(bus)
        self.bus, self.address, self._bus = bus, address, smbus

    def setup_inputs(self, mask: int) -> None:
        """Make the pins of the 16-bit ``mask`` inputs with pull-ups
        (IODIR and GPPU bits set; other pins keep the power-on state:
        inputs without pull-up).

        Raises:
            OSError: the chip does not answer (errno 121 Remote I/O error).
        """
        self._bus.write_byte_data(self.address, IODIRA, 0xFF)
        self._bus.write_byte_data(self.address, IODIRB, 0xFF)
        self._bus.write_byte_data(self.address, GPPUA, mask & 0xFF)
        self._bus.write_byte_data(self.address, GPPUB, (mask >> 8) & 0xFF)

    def read(self) -> int:
        """The 16 pin levels as an int (bit k = pin k; 1 = high = open).

        Raises:
            OSError: the chip does not answer.
        """
        a, b = self._bus.read_i2c_block_data(self.address, GPIOA, 2)
        return a | (b << 8)

    def close(self) -> None:
        """Release the bus."""
        self._bus.close()


class SimMcp23017:
    """The simulated twin of :class:`Mcp23017`: every pin pulled up (open)
    until :meth:`set_contact` closes it.

    Attributes:
        levels: the 16 pin levels (bit k = pin k, 1 = open).
        fail: an exception raised by the next :meth:`read` calls while set
            (a chip unplugged mid-game), or None.
        mask: the pins :meth:`setup_inputs` configured.
    """

    def __init__(self) -> None:
        self.levels = 0xFFFF
        self.fail: BaseException | None = None
        self.mask = 0

    def setup_inputs(self, mask: int) -> None:
        """Record the input pins (as the chip's IODIR/GPPU registers)."""
        self.mask = mask

    def set_contact(self, pin: int, closed: bool) -> None:
        """Close (press) or open (release) the switch on ``pin`` (0-15).

        Raises:
            ValueError: ``pin`` outside 0-15.
        """
        if not 0 <= pin < 16:
            raise ValueError(f"MCP23017 pin {pin} does not exist (0-15)")
        bit = 1 << pin
        self.levels = (self.levels & ~bit) if closed else (self.levels | bit)

    def read(self) -> int:
        """The pin levels (raises :attr:`fail` while it is set)."""
        if self.fail is not None:
            raise self.fail
        return self.levels

    def close(self) -> None:
        """Nothing to release."""


class ExpanderInputs:
    """Seat inputs read from an expander chip, posted as :class:`Edge`
    records into an edge queue.

    Args:
        chip: :class:`Mcp23017` or :class:`SimMcp23017`.
        edge_queue: the edge source's queue.
        now_us: the edge source's clock (``EdgeSource.now_us``), us.
        poll_s: time between reads of the background thread, seconds.
        name: used in log lines (``"MCP23017 on I2C bus 1 at 0x20"``).

    A read that fails (the chip unplugged: OSError 121) is logged once and
    retried at every poll; the inputs keep their last levels meanwhile, and
    the first good read after it reports what changed.
    """

    def __init__(self, chip: Any, edge_queue: Any, now_us: Callable[[], int], poll_s: float = 0.005,
                 name: str = "MCP23017") -> None:
        self.chip = chip
        self.queue = edge_queue
        self.now_us = now_us
        self.poll_s = poll_s
        self.name = name
        self._pins: dict[tuple[int, str], int] = {}
        self._levels = 0xFFFF
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.online = True
        self.reads = 0

    def add_input(self, seat: int, name: str, pin: int) -> None:
        """Watch expander pin ``pin`` (0-15) as ``seat``'s ``name`` input.

        Raises:
            ValueError: the pin does not exist, or the input or the pin is
                already watched.
        """
        if not 0 <= pin < 16:
            raise ValueError(f"{self.name} pin {pin} does not exist (0-15)")
        if (seat, name) in self._pins:
            raise ValueError(f"seat {seat + 1}'s {name} is already watched")
        if pin in self._pins.values():
            raise ValueError(f"{self.name} pin {pin} is already watched")
        self._pins[(seat, name)] = pin

    def setup(self) -> None:
        """Configure the watched pins as inputs with pull-ups and read their
        levels (a button held at start reads as pressed, no edge).

        Raises:
            OSError: the chip does not answer (the caller names the fix).
        """
        mask = 0
        for pin in self._pins.values():
            mask |= 1 << pin
        self.chip.setup_inputs(mask)
        self._levels = self.chip.read()

    def level(self, seat: int, name: str) -> int:
        """Last read level of an input: 1 = closed (pressed), 0 = open."""
        return 0 if self._levels >> self._pins[(seat, name)] & 1 else 1

    def levels(self) -> dict[tuple[int, str], int]:
        """Last read level of every watched input, keyed ``(seat, input)``."""
        return {key: self.level(*key) for key in self._pins}

    def inputs(self) -> list[tuple[int, str, int]]:
        """``(seat, input, expander pin)`` of every watched input."""
        return [(s, n, p) for (s, n), p in self._pins.items()]

    def poll(self, t_us: int | None = None) -> int:
        """Read the chip once and post an :class:`Edge` for every watched
        pin that changed, stamped ``t_us`` (default: ``now_us()``).

        Returns:
            How many edges were posted (0 when the read failed).
        """
        with self._lock:
            try:
                levels = self.chip.read()
            except OSError as exc:
                if self.online:
                    log.warning("%s does not answer (%s); navigation waits for it", self.name, exc)
                    self.online = False
                return 0
            if not self.online:
                log.warning("%s is back", self.name)
                self.online = True
            self.reads += 1
            changed = levels ^ self._levels
            self._levels = levels
            if not changed:
                return 0
            t = self.now_us() if t_us is None else t_us
            n = 0
            for (seat, name), pin in sorted(self._pins.items(), key=lambda kv: kv[1]):
                if changed >> pin & 1:
                    self.queue.put(Edge(seat, name, 0 if levels >> pin & 1 else 1, t))
                    n += 1
            return n

    def start(self) -> None:
        """Poll in a background thread every ``poll_s`` seconds (the real
        chip; the simulator polls on every :meth:`poll` call instead)."""
        if self._thread is not None:
            return

        def loop() -> None:
            while not self._stop.wait(self.poll_s):
                self.poll()

        self._thread = threading.Thread(target=loop, name="expander-poll", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop polling and release the chip."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1.0)
            self._thread = None
        try:
            self.chip.close()
        except Exception as exc:  # closing must not mask why we close
            log.debug("closing %s failed: %s", self.name, exc)


def open_expander(cfg: dict[str, Any], simulated: bool, edge_queue: Any,
                  now_us: Callable[[], int]) -> ExpanderInputs:
    """The :class:`ExpanderInputs` of the ``[expander]`` table (not yet
    set up: add inputs, then :meth:`ExpanderInputs.setup`).

    Raises:
        HardwareUnavailable: the I2C bus cannot be opened on a Pi (names
            the fix: enable I2C); never simulated on a Pi.
    """
    from hardware.backends import HardwareUnavailable
    bus, address = cfg["bus"], cfg["address"]
    name = f"MCP23017 on I2C bus {bus} at {address:#04x}"
    if simulated:
        chip: Any = SimMcp23017()
    else:
        try:
            chip = Mcp23017(bus, address)
        except (OSError, ImportError) as exc:
            raise HardwareUnavailable(f"{name}: cannot open /dev/i2c-{bus} ({exc}); enable I2C "
                                      "(raspi-config, Interface Options, I2C) and check [expander] bus") from exc
    return ExpanderInputs(chip, edge_queue, now_us, cfg["poll_ms"] / 1000, name)

