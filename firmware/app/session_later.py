"""The work of a render that does not need to come before the HDMI's flip
(issue 36): the bots' questions (each on a copy of the game), the OLED
frames of the seats that did not press, and the simulator window's seat
panels.

:meth:`firmware.app.session.Session.render` builds the pressing seats'
OLED frames, the HDMI scene and paints and flips it, then *owes* the
rest.  Outside the window loop (headless, the tests' renders) the rest
is done at once, at the end of the render, as before.  The window loop
(:meth:`firmware.app.window_loop.LiveLoop.run`) sets
:attr:`SessionLater.after_flip_later` and does it one job at a time
between its passes (:meth:`SessionLater.work_after_flip`), reading its
inputs between jobs: a person's press then starts its pass after at most
one job, not after six seats' frames.

The jobs, in order: the bots' questions (a bot's decision is asked on the
game as the pass left it, stamped with that pass's time, so it plans the
same presses: :meth:`firmware.runtime.runner_bots.RunnerBots.send_asks`),
then each owed seat's frame (built from the game as it is when the job
runs: a frame is never older than the one a later render would build),
then the panels once every owed frame is built, then (in the window loop
only) the painter's spare surfaces for the parts on the screen, one a job
(:meth:`firmware.ui.paint.Painter.provision`: the next part drawn anew is
drawn into memory already faulted in, not fresh memory in its pass),
then (in the window loop only) the screen a person's armed choice would
show once confirmed, built and drawn into the painter's caches a step a
job (:class:`firmware.app.session_ahead.SessionAhead`).

Mixed into :class:`firmware.app.session.Session`; uses its ``runtime``,
``game``, ``scenes``, ``renderer``, ``oled_images`` and its
``context``, ``_render_oleds``, ``_oled_labels``, ``_legends``,
``_light_states`` and the :class:`~firmware.app.session_ahead.SessionAhead`
it is mixed with.
"""
from __future__ import annotations

from typing import Any

from firmware.runtime.controls import game_held_still


class SessionLater:
    """The after-flip work a render owes (a mixin)."""

    def _init_later(self) -> None:
        #: True: :meth:`render` leaves its after-flip work to :meth:`work_after_flip`
        #: (the window loop's run); False: the render does it at once
        self.after_flip_later = False
        #: seats whose OLED frame a render owes, in the order they are built
        self._owed_seats: list[int] = []
        #: the window's seat panels are owed (shown once no frame is owed)
        self._owed_panels = False
        #: the render's context and the runtime's (time, actions, dirty) it was made at (:meth:`_runtime_at`)
        self._later_ctx: tuple[dict[str, Any] | None, tuple] = (None, ())

    def _owe_after_flip(self, ctx: dict[str, Any], seats: list[int], panels: bool) -> None:
        """A render has flipped the HDMI: it owes ``seats``' OLED frames
        (after those already owed) and, when ``panels``, the window's seat
        panels; done now unless :attr:`after_flip_later`."""
        self._later_ctx = (ctx, self._runtime_at())
        self._owed_seats = [s for s in self._owed_seats if s not in seats] + list(seats)
        self._owed_panels = self._owed_panels or panels
        if not self.after_flip_later:
            self.finish_after_flip()

    def _runtime_at(self) -> tuple:
        """The runtime's (time, actions, dirty) now: a kept context is the
        game's as long as they are the same."""
        rt = self.runtime
        return rt.now_us, rt.stats.actions, rt.dirty

    def _drop_owed(self, seats: list[int]) -> None:
        """``seats``' frames were built by a render (before its flip): no
        longer owed."""
        if self._owed_seats:
            self._owed_seats = [s for s in self._owed_seats if s not in seats]

    @property
    def owes_after_flip(self) -> bool:
        """True while a render's after-flip work is not all done."""
        return bool(self._owed_seats or self._owed_panels or self.runtime.asks_waiting or self._spares_owed()
                    or self._ahead_owed())

    def _spares_owed(self) -> bool:
        """True when the painter may want spare surfaces made between
        passes (:meth:`firmware.ui.paint.Painter.provision`; only in the
        window loop: a render done at once has no time between passes)."""
        return self.after_flip_later and getattr(getattr(self.renderer, "painter", None), "spares_wanted", False)

    def work_after_flip(self) -> bool:
        """Do one job of the after-flip work (see the module docstring);
        True when more is owed."""
        rt = self.runtime
        if rt.asks_waiting:
            rt.send_asks()
        elif self._owed_seats:
            seat = self._owed_seats.pop(0)          # (owed by a render: a seat of this game, its context kept)
            ctx, at = self._later_ctx
            if at != self._runtime_at():            # the game moved since the render: as it is now
                ctx = self.context()
                self.scenes.begin(ctx, rt.stats.actions)
                self._later_ctx = (ctx, self._runtime_at())
            with game_held_still():
                if self._render_oleds(ctx, [seat], set()):
                    self._owed_panels = True
        elif self._owed_panels:
            self._owed_panels = False
            self.renderer.present_panels(self.oled_images, self._oled_labels(), bots=rt.bots,
                                         legends=self._legends(), lights=self._light_states(), trays=self._trays())
        elif self._spares_owed():
            self.renderer.painter.provision()
        elif self._ahead_owed():
            self.work_ahead()
        return self.owes_after_flip

    def finish_after_flip(self) -> None:
        """Do all the after-flip work owed now."""
        owed = True
        while owed:
            owed = self.work_after_flip()
