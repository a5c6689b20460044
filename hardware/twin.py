"""The honest twin: simulated parts that cost what a Raspberry Pi's real
parts cost (issue 36, Build item 1).

A *profile* (``hardware/twins/<name>.toml``: ``instant``, ``pi4``,
``pi5``; data, not code) says what each part charges:

* **I2C** (``[i2c]``): a transfer of ``n`` bytes takes ``n x bits_per_byte
  / clock_hz`` seconds (8 data bits + the ACK bit = 9 per byte) and
  transfers *queue* on their bus (:class:`I2cBus`): the six OLEDs behind
  one TCA9548A and the MCP23017 of the navigation buttons share it.
  Switching the mux to another channel is one more write
  (``mux_switch_bytes``: its address and the channel byte).  An SSD1306
  128 x 64 frame through luma is 8 + 1,026 bytes (the column/page window
  command, then the 1,024 bytes of GDDRAM in one ``i2c_rdwr`` message):
  ~23 ms at 400 kHz, ~93 ms at the Pi's default 100 kHz.
* **Camera** (``[camera]``): frames every ``1 / fps`` s, handed over
  ``latency_ms`` after their capture; now and then (``stall_every_s`` on
  average, exponential) the capture stalls for ``stall_s`` seconds (as
  picamera2's "Dequeue timer ... expired").
* **fsync** (``[fsync]``): the real fsync, then a drawn delay: typical
  ``typical_ms`` (log-normal, sigma 0.5), and once every ``spike_every``
  calls on average a spike drawn in ``spike_ms``.
* **CPU** (``[cpu]``): work of the dice reader, the painter and the bots
  is stretched by ``factor`` (its CPU time here x factor, the rest slept).

Every part is behind the interface of the real one: :class:`TwinSerial`
is a luma serial interface (the real ``luma.oled`` ssd1306/sh1106 driver
runs on it, so what luma sends is what is charged), :class:`TwinMcp23017`
reads like :class:`~hardware.expander.Mcp23017`, :class:`TwinCamera` is a
:class:`~hardware.camera.CameraSource`, :meth:`Twin.fsync` replaces
``os.fsync``.  Costs are paid on a :class:`TwinClock` (real seconds by
default, a :class:`VirtualClock` in tests); random delays come from one
seeded RNG per part.  Pure hardware: no firmware, engines or vision.
"""
from __future__ import annotations

import math
import os
import random
import threading
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from hardware.twin_i2c import I2cBus, Transfer, TwinDisplay, TwinMcp23017, TwinSerial  # noqa: F401 (their home was here)

PROFILE_DIR = Path(__file__).with_name("twins")

#: The keys of a profile: table -> key -> (type, minimum).  Everything is required.
PROFILE_KEYS: dict[str, dict[str, tuple[type, float]]] = {
    "cpu": {"factor": (float, 1.0), "source": (str, 0)},
    "i2c": {"clock_hz": (int, 0), "bits_per_byte": (int, 8), "block_bytes": (int, 1), "mux_switch_bytes": (int, 0)},
    "camera": {"fps": (float, 0.0), "latency_ms": (float, 0.0), "stall_every_s": (float, 0.0),
               "stall_s": (list, 0)},
    "fsync": {"typical_ms": (float, 0.0), "spike_every": (int, 0), "spike_ms": (list, 0)},
}
_TOP_KEYS = {"name": str, "about": str}


class TwinProfileError(ValueError):
    """A twin profile that cannot be used; the message names the key and the fix."""


@dataclass(frozen=True)
class TwinProfile:
    """What the simulated parts charge (see the module docstring).

    Attributes:
        name: ``instant``, ``pi4``, ``pi5`` or a file's own name.
        about: one line saying what the profile stands for.
        cpu_factor: CPU work x this (>= 1; 1 = this machine's speed).
        cpu_source: where the factor comes from (an estimate, with its source).
        i2c_hz: bus clock, Hz; 0 = transfers cost nothing.
        bits_per_byte: bits on the wire per byte (9: 8 data + ACK).
        block_bytes: largest payload of one luma data write (4096 with
            smbus2's ``i2c_rdwr``; 32 with a plain SMBus block write).
        mux_switch_bytes: bytes of a TCA9548A channel switch (0 = no mux).
        camera_fps: frames/s; 0 = a frame whenever asked (no wait).
        camera_latency_ms: capture to hand-over, ms.
        stall_every_s: mean time between camera stalls, s; 0 = never.
        stall_s: (shortest, longest) stall, s.
        fsync_ms: typical fsync delay, ms (0 = the disk's own fsync only).
        spike_every: one fsync in this many (on average) spikes; 0 = never.
        spike_ms: (shortest, longest) spike, ms.
    """
    name: str
    about: str
    cpu_factor: float
    cpu_source: str
    i2c_hz: int
    bits_per_byte: int
    block_bytes: int
    mux_switch_bytes: int
    camera_fps: float
    camera_latency_ms: float
    stall_every_s: float
    stall_s: tuple[float, float]
    fsync_ms: float
    spike_every: int
    spike_ms: tuple[float, float]

    def i2c_seconds(self, nbytes: int) -> float:
        """Wire time of ``nbytes`` bytes on the bus, seconds (0 when the
        profile's clock is 0)."""
        return nbytes * self.bits_per_byte / self.i2c_hz if self.i2c_hz else 0.0

    def with_i2c_hz(self, clock_hz: int) -> "TwinProfile":
        """The same profile on another bus clock (e.g. 100_000, the Pi's
        default without ``dtparam=i2c_arm_baudrate``)."""
        import dataclasses
        if clock_hz < 0:
            raise TwinProfileError(f"twin I2C clock {clock_hz} Hz: must be >= 0 (0 = no cost), e.g. 400000")
        return dataclasses.replace(self, i2c_hz=int(clock_hz))


def profile_names() -> list[str]:
    """The profiles shipped with the package (``hardware/twins/*.toml``)."""
    return sorted(p.stem for p in PROFILE_DIR.glob("*.toml"))


def _pair(where: str, value: Any) -> tuple[float, float]:
    if (len(value) != 2 or not all(isinstance(v, (int, float)) for v in value)
            or not 0 <= value[0] <= value[1]):
        raise TwinProfileError(f"{where} = {value!r}: must be [shortest, longest] with 0 <= shortest <= longest, "
                               "e.g. [2.0, 5.0]")
    return float(value[0]), float(value[1])


def parse_profile(data: dict[str, Any], name: str) -> TwinProfile:
    """Check a profile's tables (as ``tomllib`` reads them) and build it.

    Raises:
        TwinProfileError: an unknown, missing or ill-typed key; the message
            names the key (``twin profile NAME: i2c.clok_hz ...``) and the fix.
    """
    where = f"twin profile {name}"
    for key in data:
        if key not in PROFILE_KEYS and key not in _TOP_KEYS:
            raise TwinProfileError(f"{where}: unknown key {key!r}; the keys are "
                                   f"{', '.join(sorted([*_TOP_KEYS, *PROFILE_KEYS]))}: fix the name or remove it")
    vals: dict[str, Any] = {}
    for table, keys in PROFILE_KEYS.items():
        got = data.get(table)
        if not isinstance(got, dict):
            raise TwinProfileError(f"{where}: missing table [{table}] (keys {', '.join(keys)}); "
                                   f"copy it from {PROFILE_DIR / 'pi4.toml'}")
        for key in got:
            if key not in keys:
                raise TwinProfileError(f"{where}: unknown key {table}.{key}; the keys of [{table}] are "
                                       f"{', '.join(keys)}: fix the name or remove it")
        for key, (kind, low) in keys.items():
            if key not in got:
                raise TwinProfileError(f"{where}: missing key {table}.{key}; add it (see {PROFILE_DIR / 'pi4.toml'})")
            v = got[key]
            ok = isinstance(v, kind) or (kind is float and isinstance(v, int) and not isinstance(v, bool))
            if not ok or isinstance(v, bool):
                raise TwinProfileError(f"{where}: {table}.{key} = {v!r} must be a {kind.__name__}")
            if kind in (int, float) and v < low:
                raise TwinProfileError(f"{where}: {table}.{key} = {v!r} must be >= {low:g}")
            vals[f"{table}.{key}"] = v
    return TwinProfile(
        name=str(data.get("name", name)), about=str(data.get("about", "")),
        cpu_factor=float(vals["cpu.factor"]), cpu_source=vals["cpu.source"],
        i2c_hz=vals["i2c.clock_hz"], bits_per_byte=vals["i2c.bits_per_byte"],
        block_bytes=vals["i2c.block_bytes"], mux_switch_bytes=vals["i2c.mux_switch_bytes"],
        camera_fps=float(vals["camera.fps"]), camera_latency_ms=float(vals["camera.latency_ms"]),
        stall_every_s=float(vals["camera.stall_every_s"]), stall_s=_pair(f"{where}: camera.stall_s", vals["camera.stall_s"]),
        fsync_ms=float(vals["fsync.typical_ms"]), spike_every=vals["fsync.spike_every"],
        spike_ms=_pair(f"{where}: fsync.spike_ms", vals["fsync.spike_ms"]))


def load_profile(name_or_path: str | os.PathLike) -> TwinProfile:
    """A shipped profile by name (``instant``, ``pi4``, ``pi5``) or a TOML
    file by path.

    Raises:
        TwinProfileError: no such profile (names the shipped ones), a file
            that is not TOML, or a bad key (see :func:`parse_profile`).
    """
    text = str(name_or_path)
    path = Path(text) if text.endswith(".toml") else PROFILE_DIR / f"{text}.toml"
    if not path.is_file():
        raise TwinProfileError(f"twin profile {text!r} not found; use one of {', '.join(profile_names())} "
                               "or the path of a .toml file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TwinProfileError(f"twin profile {path}: not valid TOML ({exc})") from exc
    return parse_profile(data, path.stem)


# ------------------------------------------------------------------ clocks
class TwinClock:
    """Where costs are paid: ``now()`` in seconds and ``sleep_until(t)``.
    The default is the real monotonic clock (the window feels the cost)."""

    def now(self) -> float:
        """Monotonic seconds."""
        return time.monotonic()

    def sleep_until(self, t: float) -> None:
        """Block until ``now() >= t``."""
        left = t - time.monotonic()
        if left > 0:
            time.sleep(left)


class VirtualClock(TwinClock):
    """Twin time for tests: sleeping moves the clock, nothing waits.
    Thread-safe; the clock only moves forward."""

    def __init__(self, start: float = 0.0) -> None:
        self._t = start
        self._lock = threading.Lock()

    def now(self) -> float:
        return self._t

    def sleep_until(self, t: float) -> None:
        with self._lock:
            self._t = max(self._t, t)


# ------------------------------------------------------------------ camera
class TwinCamera:
    """Camera timing on the twin, behind the :class:`~hardware.camera.CameraSource`
    interface (wraps another source, e.g. :class:`~hardware.camera.ReplaySource`
    or :class:`~hardware.camera.CallbackSource`, for the pixels).

    Frames are captured every ``1/fps`` s from the first read and handed
    over ``latency_ms`` after capture; :meth:`read` blocks until the next
    frame is handed over, or raises ``TimeoutError`` (as the real
    source's :class:`~hardware.camera_guard.ReadGuard` does) when a stall
    outlasts ``read_timeout_s``.  Stamps are the capture times in us on the
    twin clock.

    Args:
        inner: source of the pixels (its own stamps are replaced), or None
            to use :meth:`next_frame` alone (timing only).
        profile, clock: the twin's.
        seed: seeds the stall draws.
        read_timeout_s: how long a read waits in a stall before it fails.
    """

    def __init__(self, inner: Any, profile: TwinProfile, clock: TwinClock, seed: int = 0,
                 read_timeout_s: float = 5.0) -> None:
        self.inner, self.profile, self.clock = inner, profile, clock
        self.rng = random.Random(f"twin camera:{seed}")
        self.read_timeout_s = read_timeout_s
        self.dropped = 0
        self.stalls = 0
        self._t0: float | None = None
        self._next_i = 0
        self._stall: tuple[float, float] = (math.inf, math.inf)
        self._stall_counted = math.nan

    def _draw_stall(self, after: float) -> None:
        p = self.profile
        if p.stall_every_s <= 0:
            self._stall = (math.inf, math.inf)
            return
        start = after + self.rng.expovariate(1.0 / p.stall_every_s)
        self._stall = (start, start + self.rng.uniform(*p.stall_s))

    def open(self) -> None:
        """Open the inner source."""
        if self.inner is not None:
            self.inner.open()

    def now_us(self) -> int:
        """The twin clock in us (the camera's stamps are on it)."""
        return int(self.clock.now() * 1e6)

    def next_frame(self) -> int:
        """Wait for the next frame; its capture stamp, us.

        Raises:
            TimeoutError: a stall lasted longer than ``read_timeout_s``
                (the capture stays stalled until it ends).
        """
        p = self.profile
        now = self.clock.now()
        if self._t0 is None:
            self._t0 = now
            self._draw_stall(now)
        period = 1.0 / p.camera_fps if p.camera_fps > 0 else 0.0
        lat = p.camera_latency_ms / 1000.0
        if period == 0.0:
            self.clock.sleep_until(now + lat)
            return int(now * 1e6)
        # the newest frame already handed over, else the next one
        while self._stall[1] <= now:          # a stall that ended while nobody read: unseen
            self._draw_stall(self._stall[1])
        i = max(self._next_i, int(math.floor((now - lat - self._t0) / period)))
        capture = self._t0 + i * period
        if self._stall[0] <= capture + lat:   # the capture is stuck: nothing until the stall ends
            s0, s1 = self._stall
            self.stalls += 1
            if s1 - max(now, s0) > self.read_timeout_s:
                self.clock.sleep_until(max(now, s0) + self.read_timeout_s)
                raise TimeoutError(f"twin camera stalled (Dequeue timer expired) for {s1 - s0:.1f} s")
            i = math.ceil((s1 - self._t0) / period)
            capture = self._t0 + i * period
            self._draw_stall(s1)
        self._next_i = i + 1
        self.clock.sleep_until(capture + lat)
        return int(capture * 1e6)

    def newest_frame(self) -> int | None:
        """Never waits: the capture stamp (us) of the newest frame handed
        over by now and not returned yet, or None (none yet: a real
        camera's "no fresh frame").  Older frames are skipped.

        Raises:
            TimeoutError: a stall has held the frames back for longer than
                ``read_timeout_s`` (on every call until it ends).
        """
        p = self.profile
        now = self.clock.now()
        if self._t0 is None:
            self._t0 = now
            self._draw_stall(now)
        lat = p.camera_latency_ms / 1000.0
        if p.camera_fps <= 0:
            return int((now - lat) * 1e6) if now - lat >= self._t0 else None
        period = 1.0 / p.camera_fps
        while self._stall[1] <= now:          # a stall that ended: frames go on after it
            self._next_i = max(self._next_i, math.ceil((self._stall[1] - self._t0) / period))
            self._draw_stall(self._stall[1])
        s0, s1 = self._stall
        if s0 <= now:                          # stalled now
            if self._stall_counted != s0:
                self._stall_counted = s0
                self.stalls += 1
            if now - s0 > self.read_timeout_s:
                raise TimeoutError(f"twin camera stalled (Dequeue timer expired) for {now - s0:.1f} s so far")
            return None
        i = math.floor((now - lat - self._t0) / period)
        if i < self._next_i:
            return None
        self._next_i = i + 1
        return int((self._t0 + i * period) * 1e6)

    def read(self, not_before_us: int | None = None) -> tuple[Any, int]:
        """The next frame handed over at or after ``not_before_us``:
        ``(BGR frame from the inner source, capture stamp us)``."""
        t = self.next_frame()
        while not_before_us is not None and t < not_before_us:
            self.dropped += 1
            t = self.next_frame()
        frame = self.inner.read()[0] if self.inner is not None else None
        return frame, t

    def close(self) -> None:
        """Close the inner source."""
        if self.inner is not None:
            self.inner.close()


# ------------------------------------------------------------------- twin
class Twin:
    """One cabinet's twin: the profile, the clock, one shared I2C bus and
    the fsync and CPU costs.

    Args:
        profile: a :class:`TwinProfile` (see :func:`load_profile`).
        clock: where costs are paid (default: real time).
        seed: seeds the random delays (fsync spikes, camera stalls).
    """

    def __init__(self, profile: TwinProfile, clock: TwinClock | None = None, seed: int = 0) -> None:
        self.profile = profile
        self.clock = clock or TwinClock()
        self.seed = seed
        self.bus = I2cBus(profile, self.clock)
        self._fsync_rng = random.Random(f"twin fsync:{seed}")
        self.fsync_waits: list[float] = []
        self.cpu_extra_s = 0.0
        self._inside = threading.local()    # stretched calls in progress in this thread

    @property
    def instant(self) -> bool:
        """True when nothing costs anything (today's simulated cabinet)."""
        p = self.profile
        return (p.cpu_factor == 1.0 and p.i2c_hz == 0 and p.camera_fps == 0 and p.camera_latency_ms == 0
                and p.stall_every_s == 0 and p.fsync_ms == 0 and p.spike_every == 0)

    def oled(self, driver: str, channel: int | None, who: str) -> TwinDisplay:
        """A seat's display on the shared bus (behind mux ``channel``)."""
        return TwinDisplay(driver, TwinSerial(self.bus, channel, who))

    def expander(self, chip: Any) -> TwinMcp23017:
        """The MCP23017 ``chip`` read through the shared bus."""
        return TwinMcp23017(chip, self.bus)

    def camera(self, inner: Any = None, read_timeout_s: float = 5.0) -> TwinCamera:
        """The camera's timing (see :class:`TwinCamera`)."""
        return TwinCamera(inner, self.profile, self.clock, self.seed, read_timeout_s)

    def fsync_delay_s(self) -> float:
        """Draw one fsync's extra delay, seconds."""
        p = self.profile
        rng = self._fsync_rng
        if p.spike_every and rng.random() < 1.0 / p.spike_every:
            return rng.uniform(*p.spike_ms) / 1000.0
        if p.fsync_ms <= 0:
            return 0.0
        return rng.lognormvariate(math.log(p.fsync_ms), 0.5) / 1000.0

    def fsync(self, fd: int) -> None:
        """``os.fsync(fd)``, then the drawn delay of an SD card's fsync."""
        os.fsync(fd)
        extra = self.fsync_delay_s()
        if extra > 0:
            self.fsync_waits.append(extra)
            self.clock.sleep_until(self.clock.now() + extra)

    def stretch(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` made to take ``cpu_factor`` x its CPU time (this thread's
        ``time.thread_time``: time slept on the twin's parts is not CPU):
        the extra is slept on the twin clock.  A stretched call inside
        another one (the painter inside the loop's pass) is stretched once,
        by the outer one.  The identity when the factor is 1."""
        factor = self.profile.cpu_factor
        if factor == 1.0:
            return fn
        inside = self._inside

        def stretched(*args: Any, **kwargs: Any) -> Any:
            if getattr(inside, "depth", 0):
                return fn(*args, **kwargs)
            inside.depth, inside.exempt_s, inside.paid_s = 1, 0.0, 0.0
            inside.c0, inside.factor = time.thread_time(), factor
            try:
                return fn(*args, **kwargs)
            finally:
                inside.depth = 0
                self._pay(inside)

        stretched.__wrapped__ = fn   # type: ignore[attr-defined]
        return stretched


    def _pay(self, inside: Any) -> None:
        """Sleep the stretch the enclosing stretched call has run up so far
        and not yet paid (its CPU time less its exempt parts', x (factor - 1))."""
        owed = max(0.0, time.thread_time() - inside.c0 - inside.exempt_s) * (inside.factor - 1.0) - inside.paid_s
        if owed > 0:
            inside.paid_s += owed
            self.cpu_extra_s += owed
            self.clock.sleep_until(self.clock.now() + owed)

    def paid_first(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` run only after the stretch of the work done before it in
        the enclosing stretched call is paid (its own CPU is stretched as
        usual): what it hands on (a seat's OLED frames to their writer)
        leaves when a Pi would have finished building it."""
        inside = self._inside

        def paid(*args: Any, **kwargs: Any) -> Any:
            if getattr(inside, "depth", 0):
                self._pay(inside)
            return fn(*args, **kwargs)

        paid.__wrapped__ = fn   # type: ignore[attr-defined]
        return paid

    def exempt(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` left out of a stretched call it runs in: work this machine
        does *in place of* one of the Pi's parts (the simulated camera
        composing its frame, which a Pi's camera hands over; the window
        showing a painted frame), not the Pi's CPU.  Its CPU time is taken
        off the enclosing stretch (not to be nested in another exempt
        call), and the stretch of the work done before it is paid before
        it runs: a frame is flipped after the Pi took its time to paint it."""
        inside = self._inside

        def exempted(*args: Any, **kwargs: Any) -> Any:
            if getattr(inside, "depth", 0):     # the work before it is done first (a frame is painted, then flipped)
                self._pay(inside)
            c0 = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                if getattr(inside, "depth", 0):
                    inside.exempt_s += time.thread_time() - c0

        exempted.__wrapped__ = fn   # type: ignore[attr-defined]
        return exempted


def twin_from_config(cfg: dict[str, Any], seed: int = 0, clock: TwinClock | None = None) -> Twin:
    """The twin a config asks for: ``[cabinet] twin`` (a profile name or
    path) and ``twin_i2c_hz`` (0 = the profile's clock).

    Raises:
        TwinProfileError: the profile is missing or bad (names the key).
    """
    cab = cfg.get("cabinet", {})
    profile = load_profile(cab.get("twin", "instant"))
    if cab.get("twin_i2c_hz", 0):
        profile = profile.with_i2c_hz(cab["twin_i2c_hz"])
    return Twin(profile, clock, seed)
