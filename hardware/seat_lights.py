"""Each seat's big-button LED as a light that says what the seat must do
(issue 38, Build 5): ``"on"`` (steady: your turn), ``"blink"`` (act now:
a race is open, roll or nudge your dice, check a reading) or ``"off"``
(wait).

A :class:`SeatLight` drives the seat's gpiozero ``LED`` (BCM pin
``seats[N].led`` in the config; :func:`hardware.cabinet.build_cabinet`
makes it): ``on()``, ``off()`` and gpiozero's own background ``blink()``,
only when the mode changes.  On the simulated cabinet the same LED sits
on gpiozero's mock pin factory (the twin); there the blink is stepped by
the loop (:meth:`SeatLight.tick`: no thread per blinking seat, none left
running by a cabinet nobody closed), and :meth:`SeatLight.lit_at` tells
the window whether to draw the light lit at a moment.
"""
from __future__ import annotations

from typing import Any

MODES = ("off", "on", "blink")
#: a blinking light's half period, s (2 flashes a second: "now!")
BLINK_S = 0.25


class SeatLight:
    """One seat's button LED by mode.

    Args:
        led: the seat's gpiozero ``LED`` (or a twin with ``on``, ``off``,
            ``blink``), or None (no LED wired: the mode is kept, nothing lit).
        background_blink: blink with gpiozero's background thread (the
            real cabinet); False: :meth:`tick` steps the blink (the twin).
    """

    def __init__(self, led: Any = None, background_blink: bool = True) -> None:
        self.led = led
        self.mode = "off"
        self.background_blink = background_blink
        self._phase: bool | None = None

    def set(self, mode: str) -> None:
        """Show ``mode`` (one of :data:`MODES`); the LED is written only
        when the mode changes (a blink keeps its rhythm).

        Raises:
            ValueError: an unknown mode (names the modes).
        """
        if mode not in MODES:
            raise ValueError(f"seat light mode {mode!r}: use one of {', '.join(MODES)}")
        if mode == self.mode:
            return
        self.mode = mode
        if self.led is None:
            return
        self._phase = None
        if mode == "on":
            self.led.on()
        elif mode == "off":
            self.led.off()
        elif self.background_blink:
            self.led.blink(on_time=BLINK_S, off_time=BLINK_S, background=True)

    def tick(self, t_s: float) -> None:
        """Step a loop-driven blink to time ``t_s`` (s, monotonic): the LED
        is written when its phase changes (no-op otherwise)."""
        if self.mode != "blink" or self.background_blink or self.led is None:
            return
        lit = self.lit_at(t_s)
        if lit != self._phase:
            self._phase = lit
            (self.led.on if lit else self.led.off)()

    def lit_at(self, t_s: float) -> bool:
        """Whether the light is lit at time ``t_s`` (s, any monotonic
        clock): on, off, or the blink's phase."""
        if self.mode == "blink":
            return int(t_s / BLINK_S) % 2 == 0
        return self.mode == "on"

    def forget(self) -> None:
        """The LED was written by someone else (calibration, the result
        screen): the next :meth:`set` writes it whatever the mode."""
        self.mode = ""
