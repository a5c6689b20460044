"""The Pi's power state: under-voltage and throttling (``get_throttled``) and
the Pi 5's USB current limit.

A weak supply shows up as a cabinet that slows for no visible reason (a Pi 4
throttles) or a USB camera or speaker that browns out (a Pi 5 on a supply it
does not know gives 5 A limits its USB ports to 600 mA in total):
adsb-feeder-image #333, picade-hat #45.  Nothing crashes here when the
sources are absent (not a Pi, no vcgencmd): the answers are ``None``.

Sources:

* ``get_throttled``: the firmware's sysfs file
  (:data:`THROTTLED_SYSFS`, hex) or ``vcgencmd get_throttled``
  (``throttled=0x50005``).  Bits: 0 under-voltage now, 1 ARM frequency
  capped now, 2 throttled now, 3 soft temperature limit now; 16-19 the same
  "has occurred since boot".
* The Pi 5's USB limit: ``usb_max_current_enable`` and ``max_current`` (mA
  the supply announced) under ``/proc/device-tree/chosen/power`` (big-endian
  u32), or ``usb_max_current_enable=1`` in ``config.txt``: 1.6 A with a 5 A
  supply or that setting, else 600 mA.
"""
from __future__ import annotations

import logging
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

log = logging.getLogger("cabinet.hardware")

THROTTLED_SYSFS = Path("/sys/devices/platform/soc/soc:firmware/get_throttled")
DT_POWER = Path("/proc/device-tree/chosen/power")
BOOT_CONFIG = Path("/boot/firmware/config.txt")
#: bit -> what it means (now: 0-3; since boot: 16-19).
THROTTLE_BITS = {0: "under-voltage", 1: "ARM frequency capped", 2: "throttled", 3: "soft temperature limit"}


def _vcgencmd() -> str | None:
    try:
        done = subprocess.run(["vcgencmd", "get_throttled"], capture_output=True, text=True, timeout=2)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def read_throttled(sysfs: Path | str = THROTTLED_SYSFS,
                   vcgencmd: Callable[[], str | None] = _vcgencmd) -> int | None:
    """The ``get_throttled`` bit field, or None where neither source exists
    (not a Pi, a container).  The sysfs file is read first (no process)."""
    try:
        return int(Path(sysfs).read_text().strip(), 16)
    except (OSError, ValueError):
        pass
    out = vcgencmd()
    if not out or "=" not in out:
        return None
    try:
        return int(out.strip().split("=", 1)[1], 16)
    except ValueError:
        return None


def describe_throttled(bits: int | None) -> str:
    """One line: ``"ok (0x0)"``, ``"NOW: under-voltage; since boot: ..."``,
    or ``"unknown (no get_throttled ...)"``."""
    if bits is None:
        return "unknown (no get_throttled: not a Raspberry Pi, or vcgencmd missing)"
    now = [name for b, name in THROTTLE_BITS.items() if bits & (1 << b)]
    past = [name for b, name in THROTTLE_BITS.items() if bits & (1 << (b + 16))]
    if not now and not past:
        return f"ok ({bits:#x})"
    parts = []
    if now:
        parts.append("NOW: " + ", ".join(now))
    if past:
        parts.append("since boot: " + ", ".join(past))
    return f"{'; '.join(parts)} ({bits:#x}): use the official supply (Pi 4: 5 V 3 A, Pi 5: 5 V 5 A)"


def _dt_u32(path: Path) -> int | None:
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return int.from_bytes(raw[:4], "big") if len(raw) >= 4 else None


@dataclass(frozen=True)
class UsbLimit:
    """The Pi 5's USB current limit.

    Attributes:
        limit_ma: total current the USB ports may draw, mA (None: unknown).
        supply_ma: what the supply announced, mA (None: not reported).
        forced: ``usb_max_current_enable=1`` is set.
    """
    limit_ma: int | None
    supply_ma: int | None
    forced: bool

    def describe(self) -> str:
        """One line for ``cabinet hardware check``."""
        if self.limit_ma is None:
            return "unknown (not a Pi 5)"
        supply = f"supply announced {self.supply_ma} mA" if self.supply_ma else "supply did not announce its current"
        if self.limit_ma >= 1600:
            why = "usb_max_current_enable=1" if self.forced and (self.supply_ma or 0) < 5000 else supply
            return f"{self.limit_ma} mA ({why})"
        return (f"{self.limit_ma} mA ({supply}): a USB camera or speaker may brown out; use the 5 V 5 A "
                "supply, or put usb_max_current_enable=1 in /boot/firmware/config.txt if yours gives 5 A")


def usb_current_limit(pi5: bool, dt_power: Path | str = DT_POWER,
                      boot_config: Path | str = BOOT_CONFIG) -> UsbLimit:
    """The Pi 5's USB current limit from the device tree (and config.txt);
    ``UsbLimit(None, None, False)`` on other models."""
    if not pi5:
        return UsbLimit(None, None, False)
    dt_power = Path(dt_power)
    supply = _dt_u32(dt_power / "max_current")
    forced = _dt_u32(dt_power / "usb_max_current_enable") == 1
    if not forced:
        try:
            lines = Path(boot_config).read_text().splitlines()
        except OSError:
            lines = []
        forced = any(ln.split("#", 1)[0].replace(" ", "") == "usb_max_current_enable=1" for ln in lines)
    limit = 1600 if forced or (supply or 0) >= 5000 else 600
    return UsbLimit(limit, supply, forced)


class ThrottleWatch:
    """Reads ``get_throttled`` every ``interval_s`` during a game and logs a
    warning when under-voltage or throttling starts (once per episode, and
    again once it has cleared and comes back).  Never raises.

    Args:
        read: returns the bit field or None (default :func:`read_throttled`).
        interval_s: seconds between reads.
        warn: where warnings go (default the ``cabinet.hardware`` log).
    """

    def __init__(self, read: Callable[[], int | None] = read_throttled, interval_s: float = 10.0,
                 warn: Callable[[str], None] | None = None) -> None:
        self._read, self.interval_s = read, interval_s
        self._warn = warn or (lambda m: log.warning("%s", m))
        self._next = float("-inf")
        self._active = 0
        self.last: int | None = None
        self.warnings = 0

    def poll(self, now_s: float) -> int | None:
        """Read if due; warn about conditions that have just begun.
        Returns the last bit field read (None: no source)."""
        if now_s < self._next:
            return self.last
        self._next = now_s + self.interval_s
        try:
            bits = self._read()
        except Exception as exc:  # noqa: BLE001 - a health probe never stops a game
            log.debug("get_throttled failed: %s", exc)
            bits = None
        self.last = bits
        if bits is None:
            return None
        now = bits & 0xF
        new = now & ~self._active
        if new:
            names = [name for b, name in THROTTLE_BITS.items() if new & (1 << b)]
            self.warnings += 1
            self._warn(f"power: {', '.join(names)} now ({bits:#x}): the Pi is slowed by its supply or heat; "
                       "use the official supply (Pi 4: 5 V 3 A, Pi 5: 5 V 5 A) and cooling")
        self._active = now
        return bits
