"""The seats' OLED frames sent beside the game loop (issue 36).

An SSD1306 frame is ~23 ms on a 400 kHz I2C bus (93 ms at the Pi's default
100 kHz), and six seats' displays share one bus behind a TCA9548A: sent
from the loop, they stop it for 140 ms a pass.  :class:`OledWriter` takes
each seat's newest frame from the loop (:meth:`~OledWriter.submit` never
waits) and sends it from one thread per I2C bus:

- the newest frame of a seat replaces one still waiting (a seat's display
  only ever needs its latest picture);
- a frame marked ``first`` (the seat whose cursor moved: the person who
  pressed is looking at it) goes before the others waiting on its bus;
- others go in the order they were first waiting;
- each frame sends only its changed pages (:meth:`hardware.oled.Oled.show`).

A display that does not take its frame (it stopped answering partway
through a transfer, errno 121; the shared bus erred, errno 5; any error of
its driver) is *dark*: the other seats' frames go on, :meth:`~OledWriter.notice`
names the dark seats in words for the screen, and the writer itself sends
the dark seat's newest frame again every ``retry_s`` until it reaches the
display (nothing else need be submitted: the game may be waiting for a
person).  A display's error never stops its bus's thread.

Unthreaded (``threaded=False``, the instant simulated parts and the tests
that read a display right after a pass), :meth:`~OledWriter.submit` sends
at once, in the same order rules.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from typing import Any, Callable, Hashable

log = logging.getLogger("cabinet.hardware")


class _Bus:
    """One bus's waiting frames and its sender thread."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cond = threading.Condition()
        #: seat -> [frame, tags, first]; insertion order = waiting order
        self.waiting: OrderedDict[int, list[Any]] = OrderedDict()
        self.busy = 0
        self.thread: threading.Thread | None = None
        #: seat -> [its newest frame that did not reach the display, dark since (s)]
        self.dark: dict[int, list[Any]] = {}
        #: when the dark seats are tried again (monotonic s)
        self.retry_at = 0.0

    def take(self) -> tuple[int, list[Any]]:
        """The next seat to send (call with ``cond`` held, ``waiting`` not
        empty): the latest-marked ``first`` seat, else the oldest waiting."""
        firsts = [s for s, w in self.waiting.items() if w[2]]
        seat = firsts[-1] if firsts else next(iter(self.waiting))
        return seat, self.waiting.pop(seat)


class OledWriter:
    """Sends seats' frames to their displays beside the loop.

    Args:
        oleds: seat -> :class:`hardware.oled.Oled` (or anything with
            ``show(image) -> bool``).
        bus_of: seat -> a hashable naming the physical bus its display is
            on (one sender thread per distinct value).
        threaded: False sends in :meth:`submit` itself.
        clock: monotonic seconds (the ``sent`` listeners' stamps, the
            retries, how long a dark seat is told).
        retry_s: how often a dark seat's newest frame is sent again, s.
        tell_s: how long :meth:`notice` names a seat after its display
            went dark, s (then the log alone keeps it: the game's own
            words come back to the screen).

    Attributes:
        listeners: callables ``(seat, tags, t_end_s, reached)`` told after a
            frame's transfer ended, with the tags of every frame it
            replaced (the benchmark's input-to-OLED stamps).
        sent, replaced: frames sent, frames replaced before being sent.
    """

    def __init__(self, oleds: dict[int, Any], bus_of: Callable[[int], Hashable], threaded: bool = True,
                 clock: Callable[[], float] = time.monotonic, retry_s: float = 1.0, tell_s: float = 10.0) -> None:
        self.oleds = dict(oleds)
        self.threaded = threaded
        self.clock = clock
        self.retry_s, self.tell_s = retry_s, tell_s
        self.listeners: list[Callable[[int, list[Any], float, bool], None]] = []
        self.sent = self.replaced = 0
        self._closed = False
        self._buses: dict[Hashable, _Bus] = {}
        self._bus_of = {seat: bus_of(seat) for seat in self.oleds}
        for seat, key in self._bus_of.items():
            if key not in self._buses:
                self._buses[key] = _Bus(str(key))

    def submit(self, seat: int, frame: Any, first: bool = False, tag: Any = None) -> None:
        """Queue ``frame`` for ``seat``'s display (a waiting one is
        replaced, keeping its place and its tags); ``first`` puts it ahead
        of the bus's other waiting frames.  Never waits for the bus
        (unthreaded: sends now).  A seat without a display is ignored."""
        if seat not in self.oleds or self._closed:
            return
        bus = self._buses[self._bus_of[seat]]
        with bus.cond:
            w = bus.waiting.get(seat)
            if w is not None:
                self.replaced += 1
                w[0], w[2] = frame, w[2] or first
                w[1].append(tag)
            else:
                bus.waiting[seat] = [frame, [tag], first]
            if self.threaded:
                self._start(bus)
                bus.cond.notify_all()
                return
        self._drain(bus)

    def _start(self, bus: _Bus) -> None:
        if bus.thread is None:
            bus.thread = threading.Thread(target=self._run, args=(bus,), name=f"OLED writer {bus.name}",
                                          daemon=True)
            bus.thread.start()

    def _send_one(self, bus: _Bus, seat: int, item: list[Any]) -> None:
        reached = False
        try:
            reached = bool(self.oleds[seat].show(item[0]))
        except Exception as exc:  # noqa: BLE001 - a display's error never stops its bus's thread
            log.warning("seat %d's display: %s: %s; the game goes on without it", seat + 1, type(exc).__name__, exc)
        finally:
            with bus.cond:
                bus.busy -= 1
                self.sent += 1
                self._mark(bus, seat, item[0], reached)
                bus.cond.notify_all()
        t = self.clock()
        for fn in list(self.listeners):
            fn(seat, item[1], t, reached)

    def _mark(self, bus: _Bus, seat: int, frame: Any, reached: bool) -> None:
        """Note whether ``seat``'s frame reached its display (call with
        ``cond`` held): a dark seat keeps its newest frame for the retry."""
        if reached:
            bus.dark.pop(seat, None)
            return
        now = self.clock()
        if not bus.dark:
            bus.retry_at = now + self.retry_s
        bus.dark[seat] = [frame, bus.dark[seat][1] if seat in bus.dark else now]

    def _retry_due(self, bus: _Bus) -> None:
        """Put the dark seats' newest frames back in line when their retry
        is due (call with ``cond`` held); a newer frame waiting is kept."""
        now = self.clock()
        if not bus.dark or now < bus.retry_at:
            return
        for seat, (frame, _) in bus.dark.items():
            if seat not in bus.waiting:
                bus.waiting[seat] = [frame, [], False]
        bus.retry_at = now + self.retry_s

    def _drain(self, bus: _Bus) -> None:
        with bus.cond:
            self._retry_due(bus)
        while True:
            with bus.cond:
                if not bus.waiting:
                    return
                seat, item = bus.take()
                bus.busy += 1
            self._send_one(bus, seat, item)

    def _run(self, bus: _Bus) -> None:
        while True:
            with bus.cond:
                while True:
                    if self._closed:
                        return
                    self._retry_due(bus)
                    if bus.waiting:
                        break
                    bus.cond.wait(max(0.0, bus.retry_at - self.clock()) if bus.dark else None)
                seat, item = bus.take()
                bus.busy += 1
            self._send_one(bus, seat, item)

    def _dark_since(self) -> dict[int, float]:
        """seat -> since when its display is dark (monotonic s), every bus."""
        out: dict[int, float] = {}
        for bus in self._buses.values():
            with bus.cond:      # the bus's thread changes ``dark``
                out.update({seat: since for seat, (_, since) in bus.dark.items()})
        return out

    def dark(self) -> list[int]:
        """The seats whose displays have not taken their newest frame
        (0-based, ascending)."""
        return sorted(self._dark_since())

    def notice(self) -> str:
        """Words for the screen naming the seats whose display went dark
        less than ``tell_s`` ago (``"seat 2's display is not answering;
        the game goes on"``); ``""`` when there are none."""
        now = self.clock()
        told = sorted(seat for seat, since in self._dark_since().items() if now - since < self.tell_s)
        if not told:
            return ""
        if len(told) == 1:
            return f"seat {told[0] + 1}'s display is not answering; the game goes on"
        seats = ", ".join(str(s + 1) for s in told[:-1]) + f" and {told[-1] + 1}"
        return f"displays of seats {seats} not answering; the game goes on"

    def flush(self, timeout_s: float = 5.0) -> bool:
        """Wait until every waiting frame was sent; False on timeout."""
        end = time.monotonic() + timeout_s
        for bus in self._buses.values():
            with bus.cond:
                while bus.waiting or bus.busy:
                    left = end - time.monotonic()
                    if left <= 0 or not self.threaded:
                        return not (bus.waiting or bus.busy)
                    bus.cond.wait(left)
        return True

    def waiting(self) -> int:
        """Frames waiting now (all buses)."""
        return sum(len(b.waiting) for b in self._buses.values())

    def close(self, timeout_s: float = 2.0) -> None:
        """Send what waits (up to ``timeout_s``), then stop the threads."""
        self.flush(timeout_s)
        self._closed = True
        for bus in self._buses.values():
            with bus.cond:
                bus.cond.notify_all()
        for bus in self._buses.values():
            if bus.thread is not None and bus.thread is not threading.current_thread():
                bus.thread.join(timeout_s)


def bus_key(cabinet: Any, seats_cfg: list[dict[str, Any]], seat: int) -> Hashable:
    """The physical bus of ``seat``'s display: the twin's one shared bus
    (its OLEDs sit behind one TCA9548A), else the interface and bus number
    of ``[seats.oled]`` (a TCA9548A's channels appear as their own bus
    numbers; the kernel queues them on the shared adapter)."""
    twin = getattr(cabinet, "twin", None)
    if twin is not None and not twin.instant:
        return ("twin", id(twin.bus))
    oled = seats_cfg[seat].get("oled", {}) if seat < len(seats_cfg) else {}
    return (oled.get("interface", "i2c"), oled.get("bus", 1))
