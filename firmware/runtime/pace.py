"""The bots' pace and the pause (issue 38, Build 7).

A bot's turn-based choice is made with the inputs a person uses: the cursor
moves to the choice, a press arms it, a second press confirms it.  At the
cabinet those steps are spread out so the people around the table can
follow them (config ``cabinet.bot_pace``):

========= ============================ ============================ =========================
pace      before the arming press      arming press -> confirming   the last move stands
          (think)                      press                        (stand)
========= ============================ ============================ =========================
relaxed   1.5 s                        1.0 s                        4.0 s
normal    0.7 s                        0.6 s                        2.5 s
fast      0 (its reaction time only)   0.25 s (as before issue 38)  0
========= ============================ ============================ =========================

*Stand*: a bot arms a turn-based choice no sooner than ``stand_us`` after
the last move applied (any seat's, a dice reading too), so each move stands
on the board long enough to be read before the next one comes (issue 34,
play-test PT13: in Ginza "Office Worker is served and leaves" and other
bots' serves came two or more between two looks, ~1.3 s apart).  At
``normal`` two bot moves are at least 2.5 + 0.6 s apart.

Real-time actions (a slap, a sip, a claim) keep the bot's level reaction
time at every pace: the pace is how a bot shows a choice, never how fast it
reacts in a race.  (A Retrograde bot also weighs its roll before a claim
or reroll, by level, at every pace: ``bots/retrograde.py`` ``WEIGH_US``;
its reroll is armed at once and confirmed after ``confirm_us``, ruling
RG-15.)  Headless play (``cabinet play --headless``) is always
``fast``; ``simulate`` and ``tournament`` do not use the runtime at all.

The pause: any seat played by a person holds both its navigation buttons
(Left and Right together for seat 1 on the simulated keyboard; or its
navigation push where one is wired) for :data:`PAUSE_HOLD_US` and lets go;
the same again goes on.  While paused no
bot plans a move (a move under way finishes), the engine's timers are not
ticked, and the people's other inputs are ignored.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: How long a seat holds its navigation push to pause or go on, us.
PAUSE_HOLD_US = 1_000_000


@dataclass(frozen=True)
class Pace:
    """How a bot spreads out a turn-based choice: ``think_us`` more before
    its arming press, ``confirm_us`` from the arming press to the confirming
    one, and its arming press no sooner than ``stand_us`` after the last
    move applied (us)."""
    think_us: int
    confirm_us: int
    stand_us: int = 0


#: The settings of ``cabinet.bot_pace``.
PACES: dict[str, Pace] = {
    "relaxed": Pace(1_500_000, 1_000_000, 4_000_000),
    "normal": Pace(700_000, 600_000, 2_500_000),
    "fast": Pace(0, 250_000, 0),
}


class PauseSwitch:
    """Pause / go on from any person's seat: both navigation buttons held
    together (or the navigation push, where one is wired) for
    :data:`PAUSE_HOLD_US` or longer, counted when one is let go.  Every
    seat of the default wiring has the two navigation buttons; pressed
    together their steps cancel out, so the cursor stays where it was.

    Attributes:
        paused: the game is paused.
        by: the seat (0-based) that paused it, or None.
    """

    def __init__(self) -> None:
        self.paused = False
        self.by: int | None = None
        #: paused by the window's "Esc again within 4 s to leave" question
        #: (issue 34), not by a seat: it goes on when the question goes
        self.leaving = False
        #: while paused, the page any person's arrows turned to (0: the
        #: board; 1..: how to play, :mod:`firmware.screens.howto`); 0 again on a pause
        self.page = 0
        #: (seat, input) -> press time, us, of the inputs held now
        self._down: dict[tuple[int, str], int] = {}
        #: the first press edge of the hold that last paused or went on, us
        #: (the game counts as paused from it, ruling CAB-8); None for a
        #: pause the window's question made
        self.since_us: int | None = None

    def notice(self) -> str:
        """What the screens say while paused (how to go on)."""
        if self.leaving:
            return "paused: Esc again to leave, or wait to go on"
        who = f" by seat {self.by + 1}" if self.by is not None else ""
        return f"paused{who}: hold both arrows 1 s to go on"

    def hold_notice(self, now_us: int) -> str:
        """While a seat has held its pause gesture :data:`PAUSE_HOLD_US` or
        longer (it takes effect when let go): "let go to pause" (or "to go
        on" while paused), so a person holding on sees it has worked
        (PT60); "" otherwise."""
        held = [t for t in (self._held_since(seat) for seat in {k[0] for k in self._down}) if t is not None]
        if not held or now_us - min(held) < PAUSE_HOLD_US:
            return ""
        return "let go to go on" if self.paused else "let go to pause"

    def _held_since(self, seat: int, first: bool = False) -> int | None:
        """Since when the seat has held its pause gesture, us (its push, or
        both arrows: from the later arrow's press; with ``first``, from the
        earlier's: the gesture's first press edge); None: not held."""
        push = self._down.get((seat, "nav_push"))
        a, b = self._down.get((seat, "nav_a")), self._down.get((seat, "nav_b"))
        both = (min if first else max)(a, b) if a is not None and b is not None else None
        held = [t for t in (push, both) if t is not None]
        return min(held) if held else None

    def holding_since(self) -> int | None:
        """The first press edge of the earliest pause gesture a person's
        seat holds now (it pauses or goes on when let go after
        :data:`PAUSE_HOLD_US`), us; None when nobody holds one."""
        starts = [t for t in (self._held_since(seat, first=True) for seat in {k[0] for k in self._down})
                  if t is not None]
        return min(starts) if starts else None

    def chord(self, ev: Any) -> int | None:
        """When ``ev`` (taken by :meth:`input` already) is an arrow's press
        while the seat's other arrow is down and the game is not paused
        (the pause gesture's second arrow, whose step would not cancel the
        first's at the row's end, PT63): the other arrow's press time, us;
        else None."""
        if self.paused or ev.kind != "press" or ev.input not in ("nav_a", "nav_b"):
            return None
        other = "nav_b" if ev.input == "nav_a" else "nav_a"
        return self._down.get((ev.seat, other))

    def input(self, ev: Any, bots: set[int]) -> bool:
        """Take one debounced input event (``seat``, ``input``, ``kind``,
        ``t_us``); True when it is used here (the end of a pause hold) or
        ignored because the game is paused (a person's input)."""
        if ev.seat in bots:
            return False              # a bot's move under way finishes; a bot never pauses
        if ev.input in ("nav_push", "nav_a", "nav_b"):
            if ev.kind == "press":
                self._down[(ev.seat, ev.input)] = ev.t_us
                if self.paused and ev.input in ("nav_a", "nav_b"):     # the pages (the hold's two cancel out)
                    self.page += -1 if ev.input == "nav_a" else 1
                return self.paused
            since, first = self._held_since(ev.seat), self._held_since(ev.seat, first=True)
            self._down.pop((ev.seat, ev.input), None)
            if since is not None and ev.t_us - since >= PAUSE_HOLD_US:
                self.since_us = first
                for name in ("nav_push", "nav_a", "nav_b"):     # one gesture, one toggle
                    self._down.pop((ev.seat, name), None)
                self.paused = not self.paused
                self.by = ev.seat if self.paused else None
                self.leaving = False
                self.page = 0
                return True
        return self.paused
