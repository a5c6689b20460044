"""Mock backend: gpiozero's MockFactory on a scripted virtual clock.

:class:`ScriptedMockFactory` is a ``MockFactory`` whose ticks are virtual
integer microseconds that only move when a script says so, so tests and the
simulator can put an edge at an exact ``t_us`` (gpiozero's own MockFactory
stamps edges with ``time.monotonic()`` and its ``bounce_time`` does nothing;
debouncing is :mod:`hardware.debounce`'s job).

A physical switch is modelled per pin: :meth:`ScriptedMockFactory.set_contact`
closes (pin pulled to ground, reads low) or opens it (pin follows its pull-up).
The runtime turns keyboard keys into :func:`drive_input` calls; tests use
:class:`Timeline` to replay a script of edges.
"""
from __future__ import annotations

import bisect
from typing import Any, Iterable, NamedTuple

from gpiozero.pins.mock import MockFactory, MockPin, PinState


class ScriptedPin(MockPin):
    """A ``MockPin`` stamped by the factory's virtual clock and wired to a
    switch: with the contact closed it reads low whatever its pull."""

    def __init__(self, factory: Any, info: Any):
        self.contact_closed = False
        super().__init__(factory, info)

    def clear_states(self) -> None:  # gpiozero uses monotonic(); we use virtual us
        self._last_change = self.factory.now_us
        self.states = [PinState(0, self._state)]

    def _change_state(self, value: Any) -> bool:
        if self._state != value:
            t = self.factory.now_us
            self._state = value
            self.states.append(PinState(t - self._last_change, value))
            self._last_change = t
            return True
        return False

    def _set_pull(self, value: str) -> None:
        if self.contact_closed and self.function == "input":
            self._pull = value          # the closed switch wins over the pull
            self.drive_low()
            return
        super()._set_pull(value)


class ScriptedMockFactory(MockFactory):
    """``MockFactory`` with a virtual clock: ``ticks()`` is integer us and
    ``ticks_diff`` returns seconds, like every gpiozero factory.

    Args:
        start_us: the virtual time at creation, us.
    """

    def __init__(self, start_us: int = 0):
        self.now_us = int(start_us)
        super().__init__(pin_class=ScriptedPin)

    def ticks(self) -> int:  # type: ignore[override]
        """Virtual time, integer us."""
        return self.now_us

    @staticmethod
    def ticks_diff(later: int, earlier: int) -> float:
        """``later - earlier`` in seconds (gpiozero's unit)."""
        return (later - earlier) / 1_000_000

    def advance_to(self, t_us: int) -> None:
        """Move the virtual clock to ``t_us``.

        Raises:
            ValueError: ``t_us`` is earlier than the current virtual time.
        """
        if t_us < self.now_us:
            raise ValueError(f"the mock clock cannot go back from {self.now_us} us to {t_us} us")
        self.now_us = int(t_us)

    def set_contact(self, bcm: int, closed: bool, t_us: int | None = None) -> None:
        """Close or open the switch on BCM pin ``bcm`` at ``t_us`` (default:
        now); an edge fires if the pin's level changes and it is watched.

        Raises:
            ValueError: ``t_us`` is in the past.
        """
        if t_us is not None:
            self.advance_to(t_us)
        pin = self.pin(bcm)
        pin.contact_closed = bool(closed)
        if pin.function != "input":
            return
        if closed:
            pin.drive_low()
        elif pin.pull == "up":
            pin.drive_high()
        elif pin.pull == "down":
            pin.drive_low()


class ScriptEdge(NamedTuple):
    """One scripted contact change: at ``t_us`` (us) seat ``seat``'s
    ``input`` closes (``closed`` True) or opens."""
    t_us: int
    seat: int
    input: str
    closed: bool


def drive_input(factory: ScriptedMockFactory, seat_pins: dict[tuple[int, str], int],
                seat: int, name: str, closed: bool, t_us: int) -> None:
    """Drive seat ``seat``'s input ``name`` (``"button"``, ``"cup"``,
    ``"nav_a"``, ...) closed/open at ``t_us`` us; ``seat_pins`` maps
    ``(seat, input)`` to BCM pins (:attr:`hardware.cabinet.Cabinet.pin_map`).
    This is how the runtime turns keyboard keys into pin changes.

    Raises:
        KeyError: that seat has no such input wired.
        ValueError: ``t_us`` is in the past.
    """
    try:
        bcm = seat_pins[(seat, name)]
    except KeyError:
        raise KeyError(f"seat {seat + 1} has no {name} wired") from None
    factory.set_contact(bcm, closed, t_us)


class Timeline:
    """A scripted sequence of contact changes played into a mock factory in
    time order.

    Args:
        factory: the scripted factory.
        seat_pins: ``(seat, input) -> BCM pin``.
        script: :class:`ScriptEdge` items or ``(t_us, seat, input, closed)``
            tuples, any order (sorted stably by time).
        drive: ``drive(seat, input, closed, t_us)`` playing one change
            (:meth:`hardware.cabinet.Cabinet.drive`, which also reaches the
            expander's inputs); default: the factory pin of ``seat_pins``.
    """

    def __init__(self, factory: ScriptedMockFactory, seat_pins: dict[tuple[int, str], int],
                 script: Iterable[Any] = (), drive: Any = None):
        self.factory = factory
        self.seat_pins = seat_pins
        self.drive = drive
        self.pending: list[ScriptEdge] = sorted((ScriptEdge(*e) for e in script), key=lambda e: e.t_us)

    def add(self, t_us: int, seat: int, name: str, closed: bool) -> None:
        """Schedule one contact change."""
        # (in time order, after those at the same time: as appending and sorting did, without the sort)
        bisect.insort_right(self.pending, ScriptEdge(t_us, seat, name, closed), key=lambda e: e.t_us)

    def press(self, seat: int, t_us: int, hold_us: int = 100_000, name: str = "button") -> None:
        """Schedule a clean press of ``hold_us`` us starting at ``t_us``."""
        self.add(t_us, seat, name, True)
        self.add(t_us + hold_us, seat, name, False)

    def bounce(self, seat: int, times_us: Iterable[int], name: str = "button", first_closed: bool = True) -> None:
        """Schedule alternating close/open edges at ``times_us`` (a bouncy
        contact), starting with ``first_closed``."""
        closed = first_closed
        for t in times_us:
            self.add(t, seat, name, closed)
            closed = not closed

    def next_us(self) -> int | None:
        """Time of the next scripted change, or None when done."""
        return self.pending[0].t_us if self.pending else None

    def run_until(self, t_us: int) -> int:
        """Play every change at or before ``t_us``, then advance the clock to
        ``t_us``; returns how many changes were played."""
        n = 0
        while self.pending and self.pending[0].t_us <= t_us:
            e = self.pending.pop(0)
            if self.drive is not None:
                self.drive(e.seat, e.input, e.closed, e.t_us)
            else:
                drive_input(self.factory, self.seat_pins, e.seat, e.input, e.closed, e.t_us)
            n += 1
        self.factory.advance_to(max(t_us, self.factory.now_us))
        return n

    def run(self) -> int:
        """Play the whole script; returns how many changes were played."""
        return self.run_until(self.pending[-1].t_us) if self.pending else 0
