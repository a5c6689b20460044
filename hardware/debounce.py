"""Debounce as pure functions over timestamped edges (no clock, no devices).

Rule (issue "Hardware layer", debounce): a press is stamped at its *first*
edge; contact bounce within the window adds nothing; a release-bounce adds
no press; a press shorter than the window does not hide the next real press
(gpiozero's software debounce drops the release of a short press and then
ignores the next press: we reconcile the level when the window ends).

Algorithm per input: when the stable level changes, report the change at
that edge's time and lock the input for ``window_us``.  Edges inside the
lock only update the raw level.  When the lock ends (the next edge after
it, or :meth:`Debouncer.poll` at a time after it), a raw level that differs
from the reported one is reported, stamped at the edge that set it, and
locks again from that stamp.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from hardware.edges import Edge


class InputEvent(NamedTuple):
    """A debounced change of one input.

    Attributes:
        seat: 0-based seat index.
        input: input name (``"button"``, ``"cup"``, ...).
        kind: ``"press"`` (contact closed: button down, cup put down) or
            ``"release"`` (contact open: button up, cup lifted).
        t_us: time of the first edge of the change, us.
    """
    seat: int
    input: str
    kind: str
    t_us: int


class Debouncer:
    """Debounces one input's edges (streaming and pure: time comes from the
    edges and from :meth:`poll`).

    Args:
        seat, name: identify the input in the events.
        window_us: contact-bounce window, us (config ``gpio.debounce_us``).
        initial_level: the level read at start (1 = closed); a cup already
            lifted at start is 0.
    """

    def __init__(self, seat: int, name: str, window_us: int, initial_level: int = 0):
        if window_us < 0:
            raise ValueError(f"debounce window must be >= 0 us, got {window_us}")
        self.seat, self.name, self.window_us = seat, name, window_us
        self.level = int(initial_level)     # reported (stable) level
        self.raw = int(initial_level)       # latest level seen on the wire
        self.raw_t = -(1 << 62)             # time of the edge that set raw
        self.locked_until = -(1 << 62)      # no change reported before this

    def _report(self, level: int, t_us: int) -> InputEvent:
        self.level = level
        self.locked_until = t_us + self.window_us
        return InputEvent(self.seat, self.name, "press" if level else "release", t_us)

    def poll(self, now_us: int) -> list[InputEvent]:
        """Events due by ``now_us`` (a level left different from the
        reported one when a lock expired)."""
        if now_us >= self.locked_until and self.raw != self.level:
            return [self._report(self.raw, self.raw_t)]
        return []

    def feed(self, level: int, t_us: int) -> list[InputEvent]:
        """Process one edge (``level`` 1 = closed at ``t_us`` us); returns
        the events it settles (0, 1 or 2: a reconciled one, then this one).

        Raises:
            ValueError: ``level`` is not 0/1.
        """
        if level not in (0, 1):
            raise ValueError(f"edge level must be 0 or 1, got {level!r}")
        out = self.poll(t_us)
        self.raw, self.raw_t = level, t_us
        if t_us >= self.locked_until and level != self.level:
            out.append(self._report(level, t_us))
        return out

    def deadline_us(self) -> int | None:
        """When :meth:`poll` may next produce an event, or None."""
        return self.locked_until if self.raw != self.level else None


def debounce(edges: Iterable[tuple[int, int]], window_us: int, initial_level: int = 0,
             end_us: int | None = None, seat: int = 0, name: str = "button") -> list[InputEvent]:
    """Debounce one input's ``(t_us, level)`` edges (time order).

    Args:
        end_us: time the input has been watched until; a lock that expired
            by then is reconciled (None = after the last edge's window).

    Returns:
        The debounced :class:`InputEvent` list, time order.
    """
    d = Debouncer(seat, name, window_us, initial_level)
    out: list[InputEvent] = []
    last = None
    for t, level in edges:
        out += d.feed(level, t)
        last = t
    if end_us is None:
        end_us = (last if last is not None else 0) + window_us
    out += d.poll(end_us)
    return out


class DebounceBank:
    """One :class:`Debouncer` per ``(seat, input)``, fed with
    :class:`hardware.edges.Edge` records from the edge queue.

    Args:
        window_us: contact-bounce window, us.
        levels: initial levels by ``(seat, input)`` (``EdgeSource.levels()``).
    """

    def __init__(self, window_us: int, levels: dict[tuple[int, str], int] | None = None):
        self.window_us = window_us
        self._d: dict[tuple[int, str], Debouncer] = {}
        for (seat, name), lvl in (levels or {}).items():
            self._d[(seat, name)] = Debouncer(seat, name, window_us, lvl)

    def _get(self, seat: int, name: str) -> Debouncer:
        key = (seat, name)
        if key not in self._d:
            self._d[key] = Debouncer(seat, name, self.window_us, 0)
        return self._d[key]

    def feed(self, edge: Edge) -> list[InputEvent]:
        """Process one edge; returns the events it settles.  Rotary encoder
        records (input ``"encoder"``, level +1/-1) pass straight through as
        ``"clockwise"`` / ``"counter_clockwise"`` events."""
        if edge.input == "encoder":
            kind = "clockwise" if edge.level > 0 else "counter_clockwise"
            return [InputEvent(edge.seat, edge.input, kind, edge.t_us)]
        return self._get(edge.seat, edge.input).feed(edge.level, edge.t_us)

    def poll(self, now_us: int) -> list[InputEvent]:
        """Events due by ``now_us`` across all inputs, time order."""
        out = [e for d in self._d.values() for e in d.poll(now_us)]
        return sorted(out, key=lambda e: e.t_us)

    def level(self, seat: int, name: str) -> int:
        """Debounced level of an input (1 = closed)."""
        return self._get(seat, name).level

    def deadline_us(self) -> int | None:
        """Earliest time :meth:`poll` may produce an event, or None."""
        ds = [t for d in self._d.values() if (t := d.deadline_us()) is not None]
        return min(ds) if ds else None


def rank_presses(events: Iterable[InputEvent], resolution_us: int) -> list[list[InputEvent]]:
    """Group presses into ranks by hardware timestamp, earliest first
    (ruling CAB-3); presses whose timestamps differ by less than
    ``resolution_us`` from the first of a group are a tie (ruling CAB-4; the
    engine breaks it with its seeded coin flip).  Releases are ignored."""
    presses = sorted((e for e in events if e.kind == "press"), key=lambda e: (e.t_us, e.seat))
    groups: list[list[InputEvent]] = []
    for e in presses:
        if groups and e.t_us - groups[-1][0].t_us < resolution_us:
            groups[-1].append(e)
        else:
            groups.append([e])
    return groups
