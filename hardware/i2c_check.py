"""Each I2C bus's clock and the seats' OLED frame time (issue 36), for
``cabinet hardware check``.

* **The clock**: a TCA9548A's channels are buses of their own
  (``/dev/i2c-2`` .. ``/dev/i2c-7`` with ``dtoverlay=i2c-mux``), each with a
  ``mux_device`` link to the mux, whose parent is the adapter that drives
  the wires (``i2c-1``, the header's SDA/SCL).  That adapter's clock is its
  device-tree node's ``clock-frequency`` (4 bytes, big-endian), set by
  ``dtparam=i2c_arm_baudrate``: ``/sys/class/i2c-adapter/i2c-1/of_node/
  clock-frequency``, else the node the device tree's alias ``i2c1`` names
  (``/proc/device-tree/aliases/i2c1``).  Without it the Pi's I2C driver
  runs at 100 kHz.
* **The frame time**: a few whole frames sent to each display with
  luma's ``display()`` (1,026 bytes of GDDRAM and its window command),
  timed; and the same frames one display after the other (what redrawing
  every seat costs).  Off a Pi the twin's profile models them: luma's real
  SSD1306 driver on the twin's bus (:mod:`hardware.twin_i2c`), on a virtual
  clock, so the figures are the profile's, not a measurement.

Pure hardware: no firmware, engines or vision.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

SYS_ROOT = Path("/sys")
DT_ROOT = Path("/proc/device-tree")
#: the Pi's I2C clock without ``dtparam=i2c_arm_baudrate`` (and the driver's
#: own when the device tree names none), Hz
DEFAULT_HZ = 100_000
#: frames timed per display
FRAMES = 3
#: the clock frames are timed on when the caller names none (seconds)
PERF_CLOCK: Callable[[], float] = time.perf_counter


@dataclass
class BusClock:
    """An I2C bus's clock as read.

    Attributes:
        bus: the bus asked about (``/dev/i2c-<bus>``).
        adapter: the adapter driving its wires (a mux channel's parent; the
            bus itself otherwise).
        hz: the clock, Hz; None when no source says it.
        source: the file it was read from, or why it is unknown.
    """
    bus: int
    adapter: int
    hz: int | None
    source: str


def adapter_of(bus: int, sys_root: Path | None = None) -> int:
    """The adapter whose wires bus ``bus`` uses: a mux channel's
    ``mux_device`` leads to the mux (``1-0070``), whose parent is the
    adapter (``i2c-1``); followed through muxes behind muxes.  A bus that
    is no mux channel (or not in sysfs) is its own adapter.  ``sys_root``:
    where sysfs is (default :data:`SYS_ROOT`)."""
    sys_root = sys_root or SYS_ROOT
    seen = {bus}
    while True:
        link = sys_root / "bus" / "i2c" / "devices" / f"i2c-{bus}" / "mux_device"
        if not link.exists():
            return bus
        mux = link.resolve()
        parent = mux.parent.name
        if parent.startswith("i2c-") and parent[4:].isdigit():
            up = int(parent[4:])
        elif mux.name.split("-")[0].isdigit():       # "1-0070": the mux sits on bus 1
            up = int(mux.name.split("-")[0])
        else:
            return bus
        if up in seen:
            return bus
        seen.add(up)
        bus = up


def _be32(path: Path) -> int | None:
    """A device-tree cell: the first 4 bytes, big-endian; None if shorter."""
    raw = path.read_bytes()
    return int.from_bytes(raw[:4], "big") if len(raw) >= 4 else None


def read_clock(bus: int, sys_root: Path | None = None, dt_root: Path | None = None) -> BusClock:
    """The clock of the adapter driving bus ``bus`` (see the module
    docstring; the roots default to :data:`SYS_ROOT`, :data:`DT_ROOT`).
    Never raises for a missing or short file: ``hz`` is None and
    ``source`` says which file was missing."""
    sys_root, dt_root = sys_root or SYS_ROOT, dt_root or DT_ROOT
    adapter = adapter_of(bus, sys_root)
    node = sys_root / "class" / "i2c-adapter" / f"i2c-{adapter}"
    tried = []
    for path in (node / "of_node" / "clock-frequency", _alias_node(adapter, dt_root)):
        if path is None:
            continue
        tried.append(str(path))
        try:
            hz = _be32(path)
        except OSError:
            continue
        if hz is not None:
            return BusClock(bus, adapter, hz, str(path))
        return BusClock(bus, adapter, None, f"{path} holds fewer than 4 bytes")
    if not node.exists():
        return BusClock(bus, adapter, None, f"no I2C bus {adapter} ({node} missing: is I2C on?)")
    return BusClock(bus, adapter, None, f"no clock-frequency in the device tree ({', '.join(tried)} missing)")


def _alias_node(adapter: int, dt_root: Path) -> Path | None:
    """``clock-frequency`` of the node the device tree's alias ``i2c<N>``
    names (the alias numbers the bus), or None without the alias."""
    alias = dt_root / "aliases" / f"i2c{adapter}"
    try:
        where = alias.read_bytes().split(b"\0")[0].decode("ascii").strip("/")
    except (OSError, UnicodeDecodeError):
        return None
    return dt_root / where / "clock-frequency" if where else None


@dataclass
class FrameTimes:
    """What whole frames cost on one bus.

    Attributes:
        per_oled: seat (0-based) -> seconds per frame (the median of the
            frames timed), or the error that stopped the display.
        all_s: one frame to every display that answered, one after the
            other, seconds (median); None when none answered.
    """
    per_oled: dict[int, float | str] = field(default_factory=dict)
    all_s: float | None = None

    def frame_s(self) -> list[float]:
        """The answering displays' frame times, seconds."""
        return [v for v in self.per_oled.values() if isinstance(v, float)]


def time_frames(devices: dict[int, Any], frames: int = FRAMES,
                clock: Callable[[], float] | None = None) -> FrameTimes:
    """Send ``frames`` whole frames to each luma device (seat -> device,
    ``display(image)`` with a ``mode`` and ``size``), one display after
    the other per round, and time them on ``clock`` (seconds).  A display
    that raises (OSError 121: it does not answer) is left out of the
    rounds after and reported by its error; a None device is reported as
    not opened.  ``clock`` defaults to :data:`PERF_CLOCK`."""
    from PIL import Image, ImageDraw
    clock = clock or PERF_CLOCK
    out = FrameTimes()
    times: dict[int, list[float]] = {s: [] for s in devices}
    rounds: list[float] = []
    for k in range(frames):
        total = 0.0
        for seat, dev in devices.items():
            if isinstance(out.per_oled.get(seat), str):
                continue
            if dev is None:
                out.per_oled[seat] = "not opened (it did not answer)"
                continue
            img = Image.new(getattr(dev, "mode", "1"), getattr(dev, "size", (128, 64)))
            ImageDraw.Draw(img).rectangle((k, k, img.size[0] - 1 - k, img.size[1] - 1 - k), outline=1)
            t0 = clock()
            try:
                dev.display(img)
            except Exception as exc:  # noqa: BLE001 - a display's error is reported, never the check's end
                out.per_oled[seat] = f"{type(exc).__name__}: {exc}" if not isinstance(exc, OSError) else str(exc)
                continue
            dt = clock() - t0
            times[seat].append(dt)
            total += dt
        if any(times[s] and len(times[s]) == k + 1 for s in times):
            rounds.append(total)
    for seat, ts in times.items():
        if ts and seat not in out.per_oled:
            out.per_oled[seat] = statistics.median(ts)
    out.all_s = statistics.median(rounds) if rounds else None
    return out


def modelled_frames(profile: Any, oleds: dict[int, tuple[str, int | None]], frames: int = FRAMES) -> FrameTimes:
    """What :func:`time_frames` would measure on the twin ``profile``'s
    bus: seat -> (driver, mux channel) displays opened on a fresh twin
    with a virtual clock (nothing waits; the figures are the profile's)."""
    from hardware.twin import Twin, VirtualClock
    twin = Twin(profile, VirtualClock())
    devices = {seat: twin.oled(driver, channel, f"seat {seat + 1} OLED").device
               for seat, (driver, channel) in oleds.items()}
    return time_frames(devices, frames, twin.clock.now)


def _i2c_oleds(seats_cfg: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """seat (0-based) -> ``[seats.oled]`` of every seat with an I2C display."""
    return {i: sc["oled"] for i, sc in enumerate(seats_cfg)
            if sc.get("oled", {}).get("driver", "none") != "none" and sc["oled"].get("interface", "i2c") != "spi"}


def _row(bus: int, clock_hz: int | None, clock_from: str, times: FrameTimes | None, **how: Any) -> dict[str, Any]:
    """One bus's report (milliseconds, as the check prints them)."""
    row: dict[str, Any] = {"bus": bus, "clock_hz": clock_hz, "clock_from": clock_from, **how, "oleds": []}
    if times is None:
        return row
    row.pop("seats", None)
    for seat, v in sorted(times.per_oled.items()):
        row["oleds"].append({"seat": seat + 1, "frame_ms": round(v * 1000, 1)} if isinstance(v, float)
                            else {"seat": seat + 1, "error": v})
    ok = times.frame_s()
    row["frame_ms"] = round(statistics.median(ok) * 1000, 1) if ok else None
    row["all_ms"] = round(times.all_s * 1000, 1) if times.all_s is not None else None
    return row


def measured(cab: Any, seats_cfg: list[dict[str, Any]], sys_root: Path | None = None, dt_root: Path | None = None,
             frames: int = FRAMES, clock: Callable[[], float] | None = None) -> list[dict[str, Any]]:
    """A real cabinet's I2C buses that carry seats' OLEDs, one report each:
    ``{"bus", "clock_hz" (None: unknown), "clock_from", "how": "measured",
    "oleds": [{"seat", "frame_ms"} | {"seat", "error"}], "frame_ms" (the
    median of the displays'), "all_ms" (a frame to each in turn)}``.  The
    displays are opened ``cab.seats[i].oled`` (None ``cab``: the clocks
    alone, and ``"seats"``: the seats whose OLEDs the bus carries).  Sends ``frames`` test frames to each display, timed on
    ``clock`` (seconds; default :data:`PERF_CLOCK`)."""
    by_adapter: dict[int, list[int]] = {}
    for seat, oled in _i2c_oleds(seats_cfg).items():
        by_adapter.setdefault(adapter_of(int(oled["bus"]), sys_root), []).append(seat)
    rows = []
    for adapter, seats in sorted(by_adapter.items()):
        bus_clock = read_clock(adapter, sys_root, dt_root)
        times = None
        if cab is not None:
            devices = {s: (cab.seats[s].oled.device if cab.seats[s].oled is not None else None) for s in seats}
            times = time_frames(devices, frames, clock)
        rows.append(_row(adapter, bus_clock.hz, bus_clock.source, times, how="measured",
                         seats=[s + 1 for s in seats]))
    return rows


def modelled(profile: Any, seats_cfg: list[dict[str, Any]], frames: int = FRAMES) -> list[dict[str, Any]]:
    """The twin's figures for the same report as :func:`measured`
    (``"how": "modelled"``, ``"model"``: the profile's name): every I2C
    display on the twin's one bus (``I2C bus 1``, its config bus number
    the TCA9548A channel).  A profile that charges no bus time (``instant``)
    is modelled with ``pi4``'s (``"model_note"`` says so)."""
    from hardware.twin import load_profile
    note = None
    if not profile.i2c_hz:
        note = f"the {profile.name} twin in use charges no bus time"
        profile = load_profile("pi4")
    oleds = {seat: (o["driver"], int(o["bus"])) for seat, o in _i2c_oleds(seats_cfg).items()}
    if not oleds:
        return []
    times = modelled_frames(profile, oleds, frames)
    row = _row(1, profile.i2c_hz, f"twin profile {profile.name}", times, how="modelled", model=profile.name)
    if note:
        row["model_note"] = note
    return [row]
