"""The honest twin's I2C bus and the parts on it (issue 36): one shared
bus whose transfers queue and cost their bytes at the profile's clock
(:class:`I2cBus`), a luma serial interface on it (:class:`TwinSerial`), a
seat's OLED with luma's real SSD1306 / SH1106 driver (:class:`TwinDisplay`)
and the MCP23017 read through it (:class:`TwinMcp23017`).  See
:mod:`hardware.twin` for the profiles and the costs.

Faults (issue 36, the fault tests): :meth:`I2cBus.fail` makes a device
behind a mux channel stop answering (``OSError`` 121 Remote I/O error, as
smbus2 raises for an address nobody acknowledges), or the whole bus fail
(``OSError`` 5 Input/output error), from the next transfer or after a few
(partway through a frame); :meth:`I2cBus.heal` makes it answer again.
Pure hardware: no firmware, engines or vision.
"""
from __future__ import annotations

import errno
import math
import os
import threading
from dataclasses import dataclass
from typing import Any, Callable


#: :meth:`I2cBus.fail`'s channel for a fault of the whole bus
WHOLE_BUS = "bus"


@dataclass
class Transfer:
    """One I2C transfer as the twin charged it: who, bytes (mux switch
    included), queued at ``asked``, on the wire ``start`` .. ``end`` (s)."""
    who: str
    nbytes: int
    asked: float
    start: float
    end: float


class I2cBus:
    """One I2C bus: transfers queue (one at a time on the wire) and cost
    their bytes x bits per byte / clock.

    Args:
        profile: the :class:`~hardware.twin.TwinProfile` (clock, bits per
            byte, mux switch bytes).
        clock: where the cost is paid (a :class:`~hardware.twin.TwinClock`).
        name: for listeners and logs (``"I2C bus 1"``).

    Attributes:
        listeners: callables ``(Transfer) -> None`` told after each
            transfer ends (the benchmark's input-to-OLED stamps).
        busy_s: total wire time so far, seconds.
    """

    def __init__(self, profile: Any, clock: Any, name: str = "I2C bus 1") -> None:
        self.profile, self.clock, self.name = profile, clock, name
        self._lock = threading.Lock()
        self.free_at = -math.inf
        self.channel: int | None = None
        self.busy_s = 0.0
        self.transfers = 0
        self.listeners: list[Callable[[Transfer], None]] = []
        #: mux channel (or :data:`WHOLE_BUS`) -> [errno, transfers still let through]
        self._faults: dict[Any, list[int]] = {}

    def fail(self, channel: Any = None, err: int | None = None, after: int = 0) -> None:
        """Make the device behind mux ``channel`` stop answering (its
        transfers raise ``OSError(err)``, default 121 Remote I/O error, as
        smbus2 does for an address nobody acknowledges), or, with
        ``channel = WHOLE_BUS``, every transfer on the bus (default errno 5,
        Input/output error: SDA held low, a lost arbitration).  ``after``
        transfers of that device (of the bus) still go through first: a
        frame's command write, then its data fails (partway)."""
        if after < 0:
            raise ValueError(f"{self.name}: after = {after}: must be >= 0")
        if err is None:
            err = errno.EIO if channel == WHOLE_BUS else errno.EREMOTEIO
        with self._lock:
            self._faults[channel] = [err, after]

    def heal(self, channel: Any = None) -> None:
        """The device behind ``channel`` (or the bus, ``WHOLE_BUS``)
        answers again."""
        with self._lock:
            self._faults.pop(channel, None)

    def _fault(self, channel: Any) -> int | None:
        """The errno the transfer to ``channel`` meets now (call with the
        lock held), counting down a fault's ``after``."""
        for key in (WHOLE_BUS, channel):
            f = self._faults.get(key)
            if f is None:
                continue
            if f[1] > 0:
                f[1] -= 1
                continue
            return f[0]
        return None

    def transfer(self, nbytes: int, who: str = "", channel: int | None = None) -> Transfer:
        """Send ``nbytes`` bytes (address byte included) to a device behind
        mux channel ``channel`` (None = on the bus itself); blocks, on the
        twin's clock, until the transfer has left the wire.

        Returns:
            the :class:`Transfer` (queued behind every earlier one).

        Raises:
            OSError: a fault set by :meth:`fail` (the address byte and the
                mux switch are charged: the bus was held that long).
        """
        if nbytes < 0:
            raise ValueError(f"{self.name}: a transfer of {nbytes} bytes")
        p = self.profile
        with self._lock:
            asked = self.clock.now()
            start = max(asked, self.free_at)
            err = self._fault(channel)
            total = nbytes if err is None else 1
            if channel is not None and channel != self.channel and p.mux_switch_bytes:
                total += p.mux_switch_bytes
            if channel is not None:
                self.channel = channel
            end = start + p.i2c_seconds(total)
            self.free_at = end
            self.busy_s += end - start
            self.transfers += 1
            t = Transfer(who, total, asked, start, end)
        self.clock.sleep_until(end)
        if err is not None:
            raise OSError(err, os.strerror(err))
        for fn in list(self.listeners):
            fn(t)
        return t


class TwinSerial:
    """A luma serial interface (``command``, ``data``, ``cleanup``) on a
    twin :class:`I2cBus`: each write costs the address byte, luma's
    control byte and the payload; data goes in ``block_bytes`` chunks as
    luma's ``i2c`` sends it.

    Args:
        bus: the shared twin bus.
        channel: the TCA9548A channel of this display (None = no mux).
        who: names the device in transfers (``"seat 2 OLED"``).
    """

    def __init__(self, bus: I2cBus, channel: int | None = None, who: str = "OLED") -> None:
        self.bus, self.channel, self.who = bus, channel, who

    def command(self, *cmd: int) -> None:
        """Send command bytes (one write: address + control + commands)."""
        self.bus.transfer(2 + len(cmd), self.who, self.channel)

    def data(self, data: Any) -> None:
        """Send GDDRAM bytes in ``block_bytes`` chunks, one write each."""
        n, block = len(data), self.bus.profile.block_bytes
        for i in range(0, n, block):
            self.bus.transfer(2 + min(block, n - i), self.who, self.channel)

    def cleanup(self) -> None:
        """Nothing to release."""


class TwinDisplay:
    """A seat's OLED on the twin: the real luma ``ssd1306``/``sh1106``
    driver on a :class:`TwinSerial` (so its writes are charged), keeping
    the last frame in ``image`` as luma's ``dummy`` does (the simulator
    window and the tests read it)."""

    def __init__(self, driver: str, serial: TwinSerial, width: int = 128, height: int = 64) -> None:
        from luma.oled.device import sh1106, ssd1306
        cls = sh1106 if driver == "sh1106" else ssd1306
        self.device = cls(serial, width=width, height=height)
        self.device.persist = True      # leaving the program charges no clearing frame
        self.image = None
        self.mode, self.size = self.device.mode, self.device.size

    def display(self, image: Any) -> None:
        """Send a 1-bit frame (charged on the bus), then keep it."""
        self.device.display(image)
        self.image = image.copy()

    def display_changed(self, image: Any, before: Any) -> Any:
        """Send only the pages of ``image`` that differ from ``before``
        (:func:`hardware.oled_pages.send_changed`), then keep the frame;
        returns its pages."""
        from hardware.oled_pages import send_changed
        pages = send_changed(self.device, image, before)
        self.image = image.copy()
        return pages

    def cleanup(self) -> None:
        """Release the driver (no clearing frame on the twin)."""
        self.device.cleanup()


class TwinMcp23017:
    """The MCP23017 read through the twin bus: each ``read()`` is a
    register-address write and a 2-byte read (5 bytes on the wire),
    queued behind the OLEDs' frames.  ``chip`` is the simulated chip
    (:class:`~hardware.expander.SimMcp23017`) whose pins are driven."""

    READ_BYTES = 5

    def __init__(self, chip: Any, bus: I2cBus) -> None:
        self.chip, self.bus = chip, bus

    def setup_inputs(self, mask: int) -> None:
        """Four register writes (3 bytes each), then the chip's own setup."""
        for _ in range(4):
            self.bus.transfer(3, "MCP23017")
        self.chip.setup_inputs(mask)

    def read(self) -> int:
        """The 16 pin levels after the bus has carried the read."""
        self.bus.transfer(self.READ_BYTES, "MCP23017")
        return self.chip.read()

    def __getattr__(self, name: str) -> Any:   # set_contact, close, ...: the chip's own
        return getattr(self.chip, name)


