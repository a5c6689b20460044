"""The live loop of a game on the cabinet (a window, or full screen on a
Pi): one *pass* reads the clock, plays the bots' scheduled edges, handles
the window's events (the simulator's keyboard, Esc, resizing), steps the
runtime and redraws.  When the game ends the loop shows the result screen
(:mod:`firmware.ui.result_screen`) and keeps it up until a person's seat
presses its button or, in the window, any key is pressed (issue 34).

:class:`LiveLoop` runs pass by pass (:meth:`LiveLoop.step`): ``cabinet
play`` and the menu run it to the end (:meth:`LiveLoop.run`); the play
tests (``tests/play``) call :meth:`~LiveLoop.step` themselves with a clock
they advance, through the very same pass.
"""
from __future__ import annotations

import gc
import logging
import math
import time
from typing import TYPE_CHECKING, Any, Callable

from firmware.runtime.controls import game_held_still

if TYPE_CHECKING:
    from firmware.app.session import Session

log = logging.getLogger("cabinet.session")

#: How long the "Esc again to leave" question waits for the second Esc, s.
ESC_CONFIRM_S = 4.0
#: The result screen ignores presses for this long after it appears, s (a
#: press meant for the last race must not dismiss it unread; PT16, issue 34:
#: a seat pressing every 0.9 s closed it after 1.5 s, before it was read).
RESULT_MIN_S = 3.0
ESC_QUESTION = "Esc again to leave; the game is saved"


def esc_question(seconds_left: float, then: str = "to leave; the game is saved") -> str:
    """The Esc question with the whole seconds it still waits (rounded up):
    "Esc again within 3 s to leave; the game is saved" (a game), or with
    ``then`` what the second Esc does ("to close the cabinet": the menu)."""
    return f"Esc again within {max(1, math.ceil(seconds_left)):g} s {then}"

#: A pass with no change draws again after this long, s (frames that show time).
REFRESH_S = 0.1
#: How often the loop reads the keyboard while it waits for its next pass, s.
READ_EVERY_S = 0.002

#: The loop's clock, ns (monotonic); tests pass their own to the loop.
CLOCK_NS: Callable[[], int] = time.monotonic_ns


def _freeze_what_lasts() -> None:
    """Before the game's first pass: collect the garbage, then leave
    every object alive now (modules, fonts, the engine's tables, the
    session) out of Python's full collections (``gc.freeze``): a full
    collection in a pass walked them all, ~20 ms here (~0.1 s on a Pi 4)
    once or twice a minute.  Objects made later are collected as
    before; the loop's end unfreezes them."""
    gc.collect()
    gc.freeze()


class LiveLoop:
    """The window loop of one session, one pass per :meth:`step`.

    Attributes:
        stage: ``"play"`` (the game runs), ``"result"`` (the game is over,
            its result is shown and waits for a press), ``"done"``.
        left: True when the player left (Esc twice, or the window closed)
            before the game ended: the game is saved for ``cabinet resume``.
        passes: passes run so far.
    """

    def __init__(self, session: "Session", clock_ns: Callable[[], int] | None = None) -> None:
        self.s = session
        self.pg = session.renderer.pg
        self.clock_ns = clock_ns or CLOCK_NS
        self.stage = "play"
        self.left = False
        self.passes = 0
        self._start_us = self.clock_ns() // 1000
        self._base_us = session.runtime.now_us
        # the loop renders once at the end of each pass: the runtime's step must not render too (issue 36)
        session.render_in_step = False
        # the bots' questions go after the pass's flip (the pass's after-flip work, issue 36)
        session.runtime.asks_after_flip = True
        self._esc_until: float | None = None
        self._result_since: float | None = None
        self._rendered_at = -math.inf
        # the sound captions (config [audio] captions): in the simulator's window, or on the HDMI when "on"
        setting = session.cfg.get("audio", {}).get("captions", "window")
        mode = getattr(session.renderer, "mode", "headless")
        self.captions = setting == "on" or (setting == "window" and mode == "window")
        session.renderer.captions_on_hdmi = setting == "on" and mode == "fullscreen"
        #: events read since the last pass (keys have driven their seats' contacts already)
        self._held: list[Any] = []
        pg = self.pg
        self.keymap: dict[int, tuple[int, str]] = {}
        from firmware.ui.keys import SIM_KEYS
        for seat in range(min(session.game.num_players, len(SIM_KEYS))):
            for name, key in zip(("button", "cup", "left", "right", "push"), SIM_KEYS[seat]):
                if key:
                    self.keymap[pg.key.key_code(key)] = (seat, name)
        # resized, uncovered, restored or moved: lay out and repaint the window now
        self._resize_types = {getattr(pg, n) for n in ("VIDEORESIZE", "WINDOWSIZECHANGED", "WINDOWRESIZED",
                                                       "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN",
                                                       "WINDOWRESTORED", "WINDOWMAXIMIZED", "WINDOWMOVED")
                              if hasattr(pg, n)}

    # ----------------------------------------------------------------- time
    def now_s(self) -> float:
        """The loop's clock, seconds."""
        return self.clock_ns() / 1e9

    def _now_us(self) -> int:
        s = self.s
        if s.cabinet.simulated:
            now = max(self._base_us + self.clock_ns() // 1000 - self._start_us, s.cabinet.factory.now_us)
            s.runtime.timeline.run_until(now)   # bots' scheduled edges up to now first, then the keyboard
            return now
        return s.cabinet.now_us() + s.runtime.offset_us

    # ----------------------------------------------------------------- loop
    def run(self) -> None:
        """Run passes until the loop is done, ``cabinet.fps`` a second;
        between passes the keyboard is read every :data:`READ_EVERY_S`
        (:meth:`read_inputs`), so a key press is stamped within ~2 ms of
        when it happened, and a person's edge starts the next pass at once
        (:meth:`person_edge_waiting`).  The work a render owes after its
        flip (the bots' questions, the other seats' OLED frames, the
        window's panels: :class:`~firmware.app.session_later.SessionLater`)
        is done between passes, one job at a time with the inputs read
        after each: one job after every pass, more while the loop would
        wait, none while a person's edge waits."""
        s = self.s
        period = 1.0 / s.cfg["cabinet"]["fps"]
        _freeze_what_lasts()
        started = self.now_s()
        s.after_flip_later = True
        try:
            while self.step():
                next_pass = max(started + period, self.now_s())
                if not self.person_edge_waiting():
                    s.work_after_flip()             # (the owed work never starves behind busy passes)
                while True:
                    self.read_inputs()
                    if self.person_edge_waiting():  # a person pressed: handle it now, not at the next tick
                        next_pass = self.now_s()
                        break
                    left = next_pass - self.now_s()
                    if left <= 0:
                        break
                    if s.owes_after_flip:
                        s.work_after_flip()
                    else:
                        time.sleep(min(left, READ_EVERY_S))
                started = next_pass
        finally:
            s.after_flip_later = False
            s.finish_after_flip()
            gc.unfreeze()

    def person_edge_waiting(self) -> bool:
        """True when an edge of a person's seat (not a bot's) waits for the
        next pass: :meth:`run` then starts that pass at once (issue 36: a
        press waited up to a frame, 33 ms, before a pass looked at it).  In
        the simulator the scripted edges due by now are played first
        (each keeps its own stamp).  The edge's stamp decides races, never
        when its pass ran."""
        s = self.s
        if self.stage != "play":
            return False
        if s.cabinet.simulated:
            self._now_us()
        edges = getattr(getattr(s.runtime.io, "edges", None), "queue", None)
        if edges is None or edges.empty():
            return False
        bots = s.runtime.bots
        with edges.mutex:       # (a peek: the pass drains the queue)
            return any(e.seat not in bots for e in edges.queue)

    def read_inputs(self) -> None:
        """Read the window's events now: a simulator key of a person's seat
        closes or opens the seat's contact at once, stamped on the cabinet's
        clock now (bots' scheduled edges up to now played first); every
        event is kept for the next pass (Esc, resizing, the result screen's
        "any key").  Issue 34: presses 5-12 ms apart read in one pass were
        stamped alike and tied."""
        s = self.s
        for ev in self.pg.event.get():
            if (self.stage != "done" and ev.type in (self.pg.KEYDOWN, self.pg.KEYUP) and ev.key in self.keymap
                    and s.cabinet.simulated):
                seat, name = self.keymap[ev.key]
                if seat not in s.runtime.bots:
                    self._now_us()
                    s._key(seat, name, ev.type == self.pg.KEYDOWN)
            self._held.append(ev)

    def _events(self) -> list[Any]:
        """The events read since the last pass, then those waiting now."""
        self.read_inputs()
        held, self._held = self._held, []
        return held

    def step(self) -> bool:
        """One pass, and the work its render owes after the HDMI's flip
        (but while :meth:`run` runs, which does that between passes).
        Returns False once the loop is done (the result was dismissed, or
        the player left)."""
        if self.stage == "done":
            return False
        self.passes += 1
        if self.stage == "play":
            self._play_pass()
        else:
            self._result_pass()
        if not self.s.after_flip_later:
            self.s.finish_after_flip()
        return self.stage != "done"

    def _play_pass(self) -> None:
        s = self.s
        events = self._events()         # keys drive their seats' contacts as they are read
        now = self._now_us()
        for ev in events:
            if self._window_event(ev):
                continue
            if ev.type == self.pg.QUIT:
                self._leave("window closed")
                return
            if ev.type == self.pg.KEYDOWN and ev.key == self.pg.K_ESCAPE:
                if self._esc_until is not None and self.now_s() <= self._esc_until:
                    self._leave("Esc pressed twice")
                    return
                self._ask_esc(now)
                continue
        if self._esc_until is not None and self.now_s() > self._esc_until:
            self._esc_until = None
            s.renderer.notice = ""
            s.runtime.hold_for_question(now, False)     # not answered: the game goes on as after a pause
            s.window_dirty = True
        elif self._esc_until is not None and s.renderer.notice != esc_question(self._esc_until - self.now_s()):
            s.renderer.notice = esc_question(self._esc_until - self.now_s())     # the count down, each second
            s.window_dirty = True
        self._field(s)
        with game_held_still(controls_too=False):   # the seats' choices the step worked out, drawn
            self._step_and_draw(now)

    def _step_and_draw(self, now: int) -> None:
        """The pass's runtime step (a second one when a person pressed
        while it worked), then its drawing."""
        s = self.s
        s.runtime.step(now)
        self.read_inputs()          # a key pressed while the pass worked gets the time it is read
        if self.person_edge_waiting() and not s.game.is_terminal():
            # a person pressed while the step worked: a second step takes it before the pass
            # draws (issue 36: it waited for the draw and the next pass); its stamp is its edge's
            s.runtime.step(self._now_us())
            self.read_inputs()
        if s.game.is_terminal():
            self.stage = "result"
            self._result_since = self.now_s()
            s.renderer.notice = ""
            s.show_result = True
            s.window_dirty = True
            for seat in s.cabinet.seats:          # any person's button goes on: all light
                seat.set_led(True)
        self._render()

    def _render(self) -> None:
        """Draw the pass (once): when the runtime reported a change, the
        window asked for it, the HDMI animates, or :data:`REFRESH_S` went
        by (the few frames that show time: "HOLD IT UP" until a cup may go
        down, a held button's count); else the pass draws nothing."""
        s, now = self.s, self.now_s()
        self._show_captions()
        if (s.changed_in_step or s.window_dirty or getattr(s.renderer, "animating", False)
                or now - self._rendered_at >= REFRESH_S):
            self._rendered_at = now
            s.render()

    def _show_captions(self) -> None:
        """The sound captions of the last 1.5 s on the game's clock
        (:mod:`firmware.runtime.sound_captions`) to the renderer; the
        window is painted again when they changed (one came or went)."""
        s = self.s
        sounds = getattr(s, "sounds", None)
        shown = sounds.captions.shown(s.runtime.now_us) if self.captions and sounds is not None else []
        if shown != getattr(s.renderer, "captions", []):
            s.renderer.captions = shown
            s.window_dirty = True

    def _result_pass(self) -> None:
        s = self.s
        from hardware.edges import drain
        if s.cabinet.simulated:
            self._now_us()
        ready = self.now_s() - (self._result_since or 0.0) >= RESULT_MIN_S
        done = False
        for ev in self._events():
            if self._window_event(ev):
                continue
            if ev.type == self.pg.QUIT or (ev.type == self.pg.KEYDOWN and ev.key == self.pg.K_ESCAPE):
                done = True
            else:       # (the seat's contacts followed its keys as they were read: a key let go
                if ev.type == self.pg.KEYDOWN and ready:    # after the last move opens its button again)
                    done = True
        self._field(s)
        events = [e for edge in drain(s.cabinet.edges.queue) for e in s.runtime.bank.feed(edge)]
        events += s.runtime.bank.poll(self._now_us() if s.cabinet.simulated else s.cabinet.now_us())
        for e in events:                # a person's big button (a bot's edges are not theirs to answer)
            if e.kind == "press" and e.input == "button" and e.seat not in s.runtime.bots and ready:
                done = True
        self._show_captions()
        s.render()
        if done:
            self.stage = "done"
            s.renderer.captions = []
            for seat in s.cabinet.seats:
                seat.set_led(False)

    # --------------------------------------------------------------- window
    @staticmethod
    def _field(s: "Session") -> None:
        """The field checks (issue 37: screen hot-plug, supply); a screen
        that came back is drawn whole in this pass."""
        if s.field.tick():
            s.last_key = None
            s.window_dirty = True

    def _window_event(self, ev: Any) -> bool:
        """Resizing (or the window uncovered): lay it out again and repaint it now."""
        if ev.type in self._resize_types:
            self.s.renderer.resized()
            return True
        return False

    def _ask_esc(self, now_us: int) -> None:
        """Esc once: the question "Esc again within 4 s to leave", counting
        down; the game is held while it is asked, as a pause holds it
        (issue 34: bots claimed behind it)."""
        self.s.runtime.hold_for_question(now_us, True)
        self._esc_until = self.now_s() + ESC_CONFIRM_S
        self.s.renderer.notice = esc_question(ESC_CONFIRM_S)
        self.s.window_dirty = True

    def _leave(self, why: str) -> None:
        log.info("%s: the game is saved in %s", why, self.s.writer.path)
        self.left = True
        self.stage = "done"
        self.s.renderer.notice = ""
        self.s.renderer.captions = []
