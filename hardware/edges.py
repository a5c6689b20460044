"""Edge source: timestamped input edges from the GPIO pins.

Every button and cup sensor delivers :class:`Edge` records
``(seat, input, level, t_us)`` into a :class:`queue.Queue` from the
backend's callback thread.  Edges are taken at the *pin* level
(``pin.when_changed(ticks, state)``), where each gpiozero pin factory
reports its backend's own tick, because gpiozero's device callbacks
(``when_pressed``) carry no timestamp (ruling CAB-3: ordering between
players uses these hardware timestamps, never callback order).

Ticks are turned into one monotonic integer-microsecond timeline by a
:class:`TickClock`, which compares ticks with the factory's ``ticks_diff``
and unwraps pigpio's 32-bit microsecond tick (tick 4294967290 then 5 is
11 us later).
"""
from __future__ import annotations

import logging
import queue
import threading
from typing import Any, Callable, NamedTuple

log = logging.getLogger("cabinet.hardware")

#: Input names an edge can carry.
INPUTS = ("button", "cup", "nav_a", "nav_b", "nav_push")


class Edge(NamedTuple):
    """One input edge.

    Attributes:
        seat: 0-based seat index.
        input: one of :data:`INPUTS`.
        level: 1 = contact closed (button pressed, cup down: CAB-2),
            0 = contact open (released, cup lifted).  For input
            ``"encoder"`` (a rotary encoder detent, posted by
            :mod:`hardware.cabinet`) +1 = clockwise, -1 = counter-clockwise.
        t_us: timestamp on the edge source's timeline, integer us.
    """
    seat: int
    input: str
    level: int
    t_us: int


class TickClock:
    """Converts a pin factory's ticks into monotonic integer us since the
    clock's origin (the factory's tick when the clock was made).

    Args:
        ticks_diff: the factory's ``ticks_diff(later, earlier)`` returning
            seconds (gpiozero's contract).
        origin: the tick that is t = 0 us.
        wrap_us: period of a wrapping tick in us (pigpio: 2**32), or None.
            With wrapping, a tick more than half a period "ahead" is an edge
            that arrived late, i.e. slightly in the past, not 71 minutes on.

    The reference advances with every later tick, so a wrapping clock must
    see a tick (an edge or :meth:`convert` of ``factory.ticks()``) at least
    once per half period (pigpio: 35 minutes); the runtime's frame loop
    does that.  Thread-safe.
    """

    def __init__(self, ticks_diff: Callable[[Any, Any], float], origin: Any, wrap_us: int | None = None):
        self._diff = ticks_diff
        self._ref = origin
        self._ref_us = 0
        self._wrap = wrap_us
        self._lock = threading.Lock()

    def convert(self, tick: Any) -> int:
        """The us timestamp of ``tick`` (int us since the origin)."""
        with self._lock:
            d = round(self._diff(tick, self._ref) * 1_000_000)
            if self._wrap:
                d %= self._wrap
                if d > self._wrap // 2:
                    d -= self._wrap
            t = self._ref_us + d
            if d > 0:
                self._ref, self._ref_us = tick, t
            return t


def pigpio_ticks_diff(later: int, earlier: int) -> float:
    """pigpio's unsigned 32-bit us tick difference in seconds (the formula
    of gpiozero's ``PiGPIOFactory.ticks_diff``, usable without pigpio)."""
    return ((later - earlier) % 0x100000000) / 1_000_000


#: Wrap period of pigpio's tick, us.
PIGPIO_WRAP_US = 1 << 32


def clock_for(factory: Any, backend: str) -> TickClock:
    """The :class:`TickClock` for a gpiozero pin factory of ``backend``
    (``"pigpio"`` wraps at 2**32 us; ``"lgpio"`` ticks are the alert's
    nanosecond timestamp / 1e9 as gpiozero delivers them, unwrapped;
    ``"mock"`` ticks are the scripted factory's virtual us)."""
    wrap = PIGPIO_WRAP_US if backend == "pigpio" else None
    return TickClock(factory.ticks_diff, factory.ticks(), wrap)


class EdgeSource:
    """Watches input pins of one gpiozero pin factory and posts
    :class:`Edge` records into :attr:`queue`.

    Args:
        factory: a gpiozero pin factory (MockFactory subclass, PiGPIOFactory,
            LGPIOFactory).
        backend: ``"mock"``, ``"pigpio"`` or ``"lgpio"`` (tick handling).
        edge_queue: where edges go (a new ``queue.Queue`` if None).
        glitch_filter_us: pigpio only: the daemon ignores level changes
            shorter than this, us (set through ``pin.bounce``, which the
            pigpio pin maps to ``set_glitch_filter``).
        resolution_us: timestamps closer than this are a tie (ruling CAB-4).

    Inputs are wired as switches to ground with the internal pull-up, so a
    closed contact reads low and is reported as level 1.
    """

    def __init__(self, factory: Any, backend: str, edge_queue: queue.Queue | None = None,
                 glitch_filter_us: int = 0, resolution_us: int = 1):
        self.factory = factory
        self.backend = backend
        self.queue: queue.Queue = edge_queue if edge_queue is not None else queue.Queue()
        self.clock = clock_for(factory, backend)
        self.glitch_filter_us = glitch_filter_us
        self.resolution_us = resolution_us
        self._pins: dict[tuple[int, str], Any] = {}
        self._callbacks: dict[tuple[int, str], Callable] = {}  # strong refs: gpiozero keeps weak ones

    def add_input(self, seat: int, name: str, pin_number: int) -> None:
        """Start watching BCM ``pin_number`` as ``seat``'s ``name`` input.

        Raises:
            ValueError: unknown input name or the input is already watched.
            gpiozero.PinError: the backend refuses the pin.
        """
        if name not in INPUTS:
            raise ValueError(f"unknown input {name!r}; use one of {', '.join(INPUTS)}")
        key = (seat, name)
        if key in self._pins:
            raise ValueError(f"seat {seat + 1}'s {name} is already watched")
        pin = self.factory.pin(pin_number)
        pin.function = "input"
        pin.pull = "up"
        if self.backend == "pigpio":
            pin.bounce = self.glitch_filter_us / 1_000_000 if self.glitch_filter_us else None
        pin.edges = "both"

        def changed(ticks: Any, state: Any, _seat: int = seat, _name: str = name) -> None:
            if state not in (0, 1):   # pigpio reports 2 for a watchdog timeout: not an edge
                return
            self.queue.put(Edge(_seat, _name, 0 if state else 1, self.clock.convert(ticks)))

        self._callbacks[key] = changed
        self._pins[key] = pin
        pin.when_changed = changed

    def level(self, seat: int, name: str) -> int:
        """Current level of an input read from the pin (1 = closed), e.g. a
        cup already lifted at start reads 0."""
        return 0 if self._pins[(seat, name)].state else 1

    def levels(self) -> dict[tuple[int, str], int]:
        """Current level of every watched input, keyed ``(seat, input)``."""
        return {key: self.level(*key) for key in self._pins}

    def inputs(self) -> list[tuple[int, str, int]]:
        """``(seat, input, BCM pin)`` of every watched input."""
        return [(s, n, _bcm(p)) for (s, n), p in self._pins.items()]

    def now_us(self) -> int:
        """Current time on the edge timeline, us (also keeps a wrapping
        clock's reference fresh)."""
        return self.clock.convert(self.factory.ticks())

    def close(self) -> None:
        """Stop watching all pins (callbacks cancelled, pins released)."""
        for pin in self._pins.values():
            try:
                pin.when_changed = None
                pin.close()
            except Exception as exc:  # closing must not mask the reason we close
                log.debug("releasing an input pin failed: %s", exc)
        self._pins.clear()
        self._callbacks.clear()


def _bcm(pin: Any) -> int:
    name = str(pin.info.name)
    return int(name[4:]) if name.startswith("GPIO") else -1


def drain(edge_queue: queue.Queue) -> list[Edge]:
    """All edges currently in ``edge_queue`` (non-blocking), oldest first."""
    out: list[Edge] = []
    while True:
        try:
            out.append(edge_queue.get_nowait())
        except queue.Empty:
            return out
