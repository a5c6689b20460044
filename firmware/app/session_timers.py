"""A session's timers, each a cabinet ruling: the 3-2-1 countdown that
starts each Retrograde roll, a race resumed from a save held for the same
countdown (CAB-8), a Cha dango race's outcome held on the screen before the
next order (CAB-7), Retrograde's round summary held before the next round
(CAB-10), and a VP-card choice that times out (CAB-9); a person's press
while a round's summary stands reads it and closes it, choosing nothing
(CAB-13, :meth:`SessionTimers._summary_press`).

:class:`SessionTimers` is a part of :class:`firmware.app.session.Session`:
the runtime calls :meth:`SessionTimers._timers` before each step and
:meth:`SessionTimers._result_pause` after each applied action; the banner
they set (:attr:`SessionTimers.countdown`) is shown on the HDMI.
"""
from __future__ import annotations

from typing import Any

from firmware.rulings import COUNTDOWN_US  # noqa: F401 - the 3-2-1 (also read from here)


class SessionTimers:
    """The timers of a session (mixed into :class:`firmware.app.session.Session`,
    whose ``game``, ``runtime`` and ``cfg`` they read)."""

    game: Any
    runtime: Any
    cfg: dict[str, Any]

    def _init_timers(self, declared: Any) -> None:
        """No countdown yet; the game's hooks (``declared``: its
        :class:`~firmware.screens.games.CabinetGame`, or None) that time
        its rounds, races and choices."""
        self.countdown: str = ""
        self._countdown_done: Any = None
        self._countdown_fn = declared.hook("countdown") if declared is not None else None
        #: Cha dango: the decided race whose outcome holds the next reveal (CAB-7)
        self._pause_fn = declared.hook("result_pause") if declared is not None else None
        self._pause_done: Any = None
        self._pause_ms_fn = declared.hook("result_pause_ms") if declared is not None else None
        #: the action types the pause holds: the game's ``held_actions`` (Cryptid Cafe: the next
        #: round's placing), else Cha dango's next "reveal"
        held_fn = declared.hook("held_actions") if declared is not None else None
        self._held_types: tuple[str, ...] = tuple(held_fn()) if held_fn is not None else ("reveal",)
        #: Retrograde: the round's summary shown while the next round waits (CAB-10)
        self._summary_fn = declared.hook("round_summary") if declared is not None else None
        #: the round a view is counted in for the summary (Ginza: the next one from the round's end,
        #: before its dice, GR-10); else the view's round
        self._summary_round = (declared.hook("summary_round") if declared is not None else None) or \
            (lambda view: view.get("round"))
        self._round_start: dict[str, Any] | None = None
        self._view_at: tuple[int, dict[str, Any]] | None = None
        self.round_summary: dict[str, Any] | None = None
        #: CAB-13: (the summary's pause key, the people's seats that pressed on it)
        self._summary_read: tuple[Any, set[int]] = (None, set())
        #: Cha dango: at a VP-card choice's time-out, the card each seat was shown goes (CAB-9)
        self._choice_timeout_fn = declared.hook("choice_timeout") if declared is not None else None
        #: a race resumed from a save: the action that restarts it after the countdown (CAB-8)
        self._resume_action: dict[str, Any] | None = None

    def _public_view(self) -> dict[str, Any]:
        """The game's public view, built once per applied action (the
        engine changes only by one): the timers read it every pass, and
        on Retrograde a view costs ~1 ms here, x 4.5 on a Pi 4 (issue 36).
        Read only: the same dict serves until the next action."""
        n = self.runtime.stats.actions
        if self._view_at is None or self._view_at[0] != n:
            self._view_at = (n, self.game.view(None))
        return self._view_at[1]

    def _result_pause(self) -> None:
        """Ruling CAB-7: once a Cha dango race is decided, no order is
        revealed (by a person or a bot) until its outcome has been on the
        screen for ``cabinet.race_result_ms``. Ruling CAB-10: a game with a
        ``round_summary`` hook (Retrograde, Cryptid Cafe, Ginza) keeps the
        round's summary (:attr:`round_summary`) and holds the next round's
        countdown for ``cabinet.round_result_ms`` (Cryptid Cafe: its
        ``held_actions``, the next round's placing, by ``result_pause_ms``;
        Ginza: from the round's end, its ``summary_round``, the next
        round's dice and play, GR-10)."""
        if self._pause_fn is None or self.game.is_terminal():
            return
        view = self._public_view()
        if self._summary_fn is not None:   # Retrograde: the round that ended, summed up (CAB-10)
            start = self._round_start
            if start is None or self._summary_round(view) != self._summary_round(start):
                if start is not None:
                    self.round_summary = self._summary_fn(start, view)
                self._round_start = view
        key = self._pause_fn(self.game, view)
        if key is not None and key != self._pause_done:
            self._pause_done = key
            # a result that came under a hold (the Esc question) starts at the hold's start and is
            # moved on with the hold: it stands its whole time after it (issue 34)
            t = self.runtime.unheld_us(max(self.runtime.now_us, self.game.now_us()))
            ms = self.cfg["cabinet"]["round_result_ms" if self._summary_fn is not None else "race_result_ms"]
            if self._pause_ms_fn is not None:   # Cha dango: longer for a longer result (CAB-7)
                ms = self._pause_ms_fn(view, list(self.runtime.events), ms)
            for kind in self._held_types:
                self.runtime.not_before[kind] = t + ms * 1000
            if ms > 0:   # the outcome's very first frame says so (issue 34)
                self.countdown = f"next {-(-ms // 1000)}"
                self.runtime.dirty = True

    def summary_shown(self) -> dict[str, Any] | None:
        """The round's summary the HDMI shows now (while the next round
        waits for it: the banner says "next N"), else None."""
        return self.round_summary if self.countdown.startswith("next") else None

    def summary_readers(self) -> set[int]:
        """The people's seats that pressed on the summary shown now (CAB-13)."""
        key, seats = self._summary_read
        return set(seats) if key == self._pause_done and self.summary_shown() else set()

    def _summary_press(self, ev: Any) -> bool:
        """Ruling CAB-13: a person's press (button or arrow) while a
        round's summary stands acts on no choice (the seat cannot see the
        board under it: PT13, an arrow moved a cursor on round 2's servers
        and the summary was gone).  It says the seat has read it; once every
        person's seat pressed, the summary closes and the next round goes
        on at once (the holds it kept end; Retrograde's 3-2-1 starts).
        Returns True when the press was taken so."""
        if self.summary_shown() is None or ev.input not in ("button", "nav_a", "nav_b", "nav_push"):
            return False
        key, seats = self._summary_read
        if key != self._pause_done:
            seats = set()
        seats.add(ev.seat)
        self._summary_read = (self._pause_done, seats)
        rt = self.runtime
        people = {s for s in range(self.game.num_players) if s not in rt.bots}
        if people <= seats:       # all have read it: the board again, the round goes on
            t = ev.t_us
            for kind, until in list(rt.not_before.items()):
                if until > t:
                    rt.not_before[kind] = t
            if rt.hold_until_us > t + COUNTDOWN_US:
                rt.hold_until_us = t + COUNTDOWN_US
            # the banner as the timers will say it from now (issue 36: "" drew the board with "Roll!"
            # for the press's own pass, then the 3-2-1's 3 the next)
            self.countdown = ""     # (first: _banner reads it, and a summary's "next N" is no "roll!")
            self.countdown = self._banner(rt.unheld_us(t))
            rt.dirty = True
            for seat in people:   # the choices appear now, on the board: looked at from here (CAB-12)
                rt.controls[seat].new_at_us = t
        return True

    def _timers(self, t_us: int) -> None:
        """The 3-2-1 countdown that starts each Retrograde roll (the dice
        are not read until it is over) and a race resumed from a save (no
        input counts until it is over, then the race restarts, ruling
        CAB-8); the banner shows the seconds, then "next N" while a race's
        outcome holds the next order (CAB-7)."""
        rt = self.runtime
        if rt.restart_action is not None:    # a race paused, going on: the 3-2-1 again
            self._resume_action, rt.restart_action = rt.restart_action, None
        if self._resume_action is not None and not self.game.is_terminal():
            if rt.frozen_until_us < 0:
                rt.frozen_until_us = rt.hold_until_us = t_us + COUNTDOWN_US
            elif t_us >= rt.frozen_until_us:
                action, self._resume_action = self._resume_action, None
                rt.try_apply(rt.fill_levels(dict(action, t_us=max(rt.frozen_until_us, self.game.now_us()))))
        if self._choice_timeout_fn is not None and not self.game.is_terminal() and not rt.pause.paused:
            for action in self._choice_timeout_fn(self.game, t_us, rt.controls, rt.bots):   # CAB-9
                rt.try_apply(action, action.get("player"))
        self._result_pause()
        t_us = rt.unheld_us(t_us)     # held: the 3-2-1 keyed and the banner read at the hold's start (issue 34)
        if self._countdown_fn is not None and not self.game.is_terminal():
            view = self._public_view()
            if self._countdown_fn(self.game, view):
                key = (view.get("round"), view.get("phase"))
                if key != self._countdown_done:
                    self._countdown_done = key
                    # CAB-10: the 3-2-1 starts once the round's summary has stood its time
                    rt.hold_until_us = max(t_us, max(rt.not_before.values(), default=-1)) + COUNTDOWN_US
        banner = self._banner(t_us)
        if banner != self.countdown:
            self.countdown = banner
            rt.dirty = True

    def _banner(self, t_us: int) -> str:
        """What the banner says at ``t_us`` (unheld): "next N" while a
        result or a round's summary holds the game, the 3-2-1, "roll!"
        until the dice are read, else nothing."""
        rt = self.runtime
        left = rt.hold_until_us - t_us
        pause = max(rt.not_before.values(), default=-1) - t_us
        if left > COUNTDOWN_US and pause > 0:
            return f"next {-(-pause // 1_000_000)}"     # CAB-10: the round's summary stays, the roll waits
        if left > 0:
            return str(-(-left // 1_000_000))          # 3, 2, 1
        if self.countdown in ("1", "roll!") and self.game.chance_requests():
            return "roll!"                              # until the dice are read
        if pause > 0:
            return f"next {-(-pause // 1_000_000)}"     # CAB-7: the outcome stays, the next order waits
        return ""
