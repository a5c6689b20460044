"""The screen a confirming press would show, built and drawn ahead between
the window loop's passes (issue 36: on the Pi 4 twin Ginza's confirms
that draw a whole new screen - the player card, the draft's last bonus
card - took 75-130 ms from the press to the flip, the new screen's scene
built, 3-6 ms here, and its parts drawn, 8-12 ms, in the press's own
pass, x 4.5 on a Pi 4).

While a person's seat has a choice *armed* (its first press done, "press
again to confirm": :attr:`firmware.runtime.controls.SeatControls.armed`),
the after-flip work (:class:`~firmware.app.session_later.SessionLater`)
ends with a job that, a step at a time between passes:

1. copies the game (:func:`firmware.runtime.runner_bots.copy_game`) and
   the seats' controls, and presses the seat's button on the copies (the
   confirm: the armed action), applies it to the copy and lets the copied
   cursors follow the new choices, as the runtime would;
2. builds the HDMI scene of the copy with the render's context (its moves
   feed with the copy's new events, the copied controls): the scenes'
   parts (:meth:`firmware.ui.kit.Scene.part`) are then built;
3. draws the scene's components into the painter's caches only, a few a
   job (:meth:`firmware.ui.paint.Painter.paint_ahead`): nothing on the
   screen, nor the painter's last frame, changes, and the parts on the
   screen are never let go for it; then its whole frame, a band a job,
   which the press's pass copies when it shows that scene at rest (a
   round's summary appearing: no component painted in the pass).

A bot's armed choice is drawn ahead the same way (issue 36: its confirm
comes :attr:`~firmware.runtime.pace.Pace.confirm_us` later; on the Pi 4
twin a Retrograde bot's blast step landing in the pass of a person's press
drew ~10 parts anew there); so is a bot's claim whose press is scheduled
and not played yet (:data:`BOT_PRESSES_AHEAD`), applied to the copy and
settled as the engine's tick settles it.  A blast plan's steps are applied
to the copy one by one (as the runtime applies them), and when the action
ends a round the screen ahead has the round's summary the timers will show.

Two presses that are no race are drawn ahead the same way (issue 36, h49:
on the Pi 4 twin they took 55-120 ms): a person's press that takes a
choice of :data:`~firmware.screens.choices.NOT_A_RACE` (Cha dango's
reveal of the next order: a new card on the table; pressed on the copies
stamped now, the seats' buttons and cups as they are), and, while a
round's summary stands, the press that closes it: the board behind it
(the live game only read, the context without the summary and with the
3-2-1's first second, as
:meth:`~firmware.app.session_timers.SessionTimers._summary_press` leaves
it).

A person's armed reroll (ruling RG-15: a real-time choice that arms
first, :data:`~firmware.screens.choices.ARM_FIRST`) is drawn ahead the
same way, though stamped (issue 36, h69: on the Pi 4 twin its confirm
drew the seat's banner and the moves feed anew, 50 ms): it is no race
between seats, and what its screen shows does not depend on its stamp
(the copy's is the game's clock now; the engine's view shows no clock,
and a claim that ripens before the real confirm is settled by the live
game's tick first, which moves the game: the screen is drawn again).
A bot's armed reroll is not drawn ahead.

The confirm's pass then finds the parts built and drawn; whatever the
scene ahead got wrong (a prompt, the time) is built and drawn in the pass
as before: what the screen shows never depends on it.  The live game, its
RNG, the journal, the sounds and the runtime are never touched.  Only in
the window loop (:attr:`after_flip_later`), once per (seat, armed choice,
actions applied: every screen drawn ahead is drawn again only once the
game moved); never a person's race (a person's real-time choice is not
drawn ahead: a race is one press, and when it comes is not known).  Who
wins a race is decided by the edges' stamps on the live game alone.

Mixed into :class:`firmware.app.session.Session`; uses its ``runtime``,
``game``, ``renderer``, ``after_flip_later``, ``_later_ctx``,
``_runtime_at``, ``context``, ``_layout_bug`` and (of the timers)
``summary_shown``, ``_pause_done``, ``_public_view``, ``_round_start``,
``_summary_fn``, ``_summary_round``, ``_pause_fn`` and ``_pause_ms_fn``.
"""
from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, field
from typing import Any

from engines import IllegalAction

from firmware.rulings import COUNTDOWN_US
from firmware.runtime.dice_station import kept_places
from firmware.runtime.runner_bots import copy_game
from firmware.screens.choices import ARM_FIRST, NOT_A_RACE, choice_key
from firmware.screens.draw import hdmi_screen

log = logging.getLogger("cabinet.session")

#: The choices a bot's scheduled press takes that are drawn ahead, applied
#: to the game's copy and settled (Retrograde's claim: the card claimed,
#: its seat's token and order; a Cha dango race's press is not, its screen
#: being the race's outcome)
BOT_PRESSES_AHEAD = ("claim",)

#: Components drawn anew by one job of drawing ahead (a 1080p Ginza mat is
#: ~1 ms here, ~5 ms on a Pi 4: a press waits for at most one job)
AHEAD_PARTS_A_JOB = 2


@dataclass
class _AheadJob:
    """A screen being drawn ahead: for ``what`` (seat, armed choice,
    actions applied), the game's copy with the confirm applied, the copied
    controls, the confirm's event texts, the changes to the render's
    context (:meth:`SessionAhead._ahead_scene`), the scene once built and where
    :meth:`~firmware.ui.paint.Painter.paint_ahead` goes on (None: done)."""
    what: tuple
    game: Any
    controls: list
    events: list[str]
    ctx: dict = field(default_factory=dict)
    scene: Any = None
    next_part: int | None = 0


#: the context's changes once a round's summary is closed by the people's
#: presses (:meth:`~firmware.app.session_timers.SessionTimers._summary_press`):
#: the board again, the 3-2-1 starting
_SUMMARY_CLOSED = {"round_summary": None, "summary_read": [], "banner": str(-(-COUNTDOWN_US // 1_000_000))}


class SessionAhead:
    """The screen a confirming press would show, drawn ahead (a mixin)."""

    def _init_ahead(self) -> None:
        #: what (as :meth:`_ahead_wanted` names it) was last drawn ahead (or given up on)
        self.drawn_ahead: tuple | None = None
        #: every screen drawn ahead (or given up on) since the game last moved, by what
        self._ahead_done: set[tuple] = set()
        #: the job under way (None: none)
        self._ahead: _AheadJob | None = None
        #: (seat, actions applied, cursor, aiming ahead) -> the one-press choice a press would take (see
        #: :meth:`_press_ahead`), worked out once for them (forgotten when the game moves)
        self._press_memo: dict[tuple, str | None] = {}

    def _ahead_wanted(self) -> tuple | None:
        """What is to be drawn ahead and is not drawn yet: ``("summary",
        pause, actions applied)`` while a round's summary stands (the board
        behind it, as the press that closes it shows it), else (seat,
        choice, actions applied) of the first seat (a person's or a
        bot's) with an armed choice, or whose next press takes a
        choice that is no race (:data:`~firmware.screens.choices.NOT_A_RACE`:
        Cha dango's reveal);
        None when none is wanted (or outside the window loop, or the game
        is paused or over)."""
        if not self.after_flip_later or getattr(self.renderer, "painter", None) is None:
            return None
        rt = self.runtime
        if rt.pause.paused or self.game.is_terminal() or self.show_result:
            return None
        actions = rt.stats.actions
        if self._ahead_done and next(iter(self._ahead_done))[-1] != actions:
            self._ahead_done = set()           # the game moved: every screen ahead is to be drawn again
        if self.summary_shown() is not None:
            what = ("summary", self._pause_done, actions)
            return what if what not in self._ahead_done else None
        pressing = self._bots_pressing()
        for seat, controls in enumerate(rt.controls):
            # a bot's too (its reveal, its armed choice: its confirm comes at the pace people follow, and a
            # person's press may come in the pass that shows it; issue 36: Retrograde's bot blasts)
            choice = controls.armed if controls.armed is not None else self._press_ahead(seat, controls)
            if choice is None and seat in pressing:     # a bot's press on its way (a claim)
                choice = self._bot_press_ahead(seat, controls)
            if choice is None:
                continue
            what = (seat, choice, actions)
            if what not in self._ahead_done:
                return what
        return None

    def _press_ahead(self, seat: int, controls: Any) -> str | None:
        """The identity of the one-press choice that is no race
        (:data:`~firmware.screens.choices.NOT_A_RACE`) ``seat``'s next
        press takes, marked ``"press "``, or None."""
        if self._public_view().get("phase") not in NOT_A_RACE:
            return None      # (such a choice is a phase of its own, named for it: Cha dango's "reveal")
        actions = self.runtime.stats.actions
        key = (seat, actions, controls.cursor, controls.ahead)
        if key not in self._press_memo:
            if any(k[1] != actions for k in self._press_memo):
                self._press_memo = {}
            pressed = controls.shown(self.game).pressed
            got = None
            if pressed is not None and pressed.get("type") in NOT_A_RACE:
                got = "press " + choice_key(pressed)
            self._press_memo[key] = got
        return self._press_memo[key]

    def _bots_pressing(self) -> set[int]:
        """The bots' seats whose button press is scheduled and not played
        yet (on the simulator's timeline, or injected on a cabinet)."""
        rt = self.runtime
        bots = rt.bots
        if not bots:
            return set()
        tl = getattr(rt, "timeline", None)
        out = {e.seat for e in (tl.pending if tl is not None else ()) if e.closed and e.input == "button"}
        out |= {e.seat for e in getattr(rt, "bot_inputs", ()) if e.kind == "press" and e.input == "button"}
        return out & bots

    def _bot_press_ahead(self, seat: int, controls: Any) -> str | None:
        """The identity of the choice a bot's scheduled press takes (the
        one under its cursor), marked ``"bot press "``, or None (issue 36:
        a Retrograde bot's claim, settled in a pass a person's press may
        share, drew its card claimed anew there)."""
        actions = self.runtime.stats.actions
        key = (seat, actions, controls.cursor, "bot")
        if key not in self._press_memo:
            if any(k[1] != actions for k in self._press_memo):
                self._press_memo = {}
            pressed = controls.shown(self.game).pressed
            ok = pressed is not None and pressed.get("type") in BOT_PRESSES_AHEAD
            self._press_memo[key] = "bot press " + choice_key(pressed) if ok else None
        return self._press_memo[key]

    def _ahead_owed(self) -> bool:
        """True while a screen is to be drawn ahead (see the module docstring)."""
        return self._ahead_wanted() is not None

    def work_ahead(self) -> None:
        """One job of drawing ahead: the confirm applied to copies, or the
        scene built, or :data:`AHEAD_PARTS_A_JOB` of its components drawn
        into the painter's caches."""
        what = self._ahead_wanted()
        if what is None:
            return
        job = self._ahead
        try:
            if job is None or job.what != what:     # a new armed choice (or the game moved): start again
                self._ahead = None
                if what[0] == "summary":
                    self._ahead = _AheadJob(what, self.game, self.runtime.controls, [], _SUMMARY_CLOSED)
                else:
                    self._ahead_apply(what)
                return
            if job.scene is None:
                job.scene = self._ahead_scene(job.game, job.controls, job.events, job.ctx)
                return
            job.next_part = self.renderer.painter.paint_ahead(job.scene, job.next_part, AHEAD_PARTS_A_JOB)
        except Exception as exc:  # noqa: BLE001 - drawing ahead only saves time: it never ends a game
            self._layout_bug("the screen ahead", exc)   # (logged once; the press builds and draws it itself)
            self._ahead, job = None, None
        if job is None or job.next_part is None:
            self._ahead_given(what)

    def _ahead_given(self, what: tuple) -> None:
        """``what`` is drawn ahead (or given up on): not again until the game moves."""
        self._ahead, self.drawn_ahead = None, what
        self._ahead_done.add(what)

    def _ahead_apply(self, what: tuple) -> None:
        """The armed choice's confirm (or the press of a choice that is no
        race: Cha dango's reveal, stamped now, the seats' buttons and cups
        as they are, the pressing seat's button down) pressed on copies of
        the game and the seats' controls, its action applied to the game's
        copy, the copied cursors following (as
        :meth:`firmware.runtime.runner.Runtime.apply` and the step's
        refresh do); kept as the job.  A person's armed reroll
        (:data:`~firmware.screens.choices.ARM_FIRST`) is stamped now too
        (a bot's is not drawn ahead).
        Nothing to draw (the press would not apply it, or it is a race): done."""
        seat = what[0]
        rt = self.runtime
        game = copy_game(self.game)
        controls = copy.deepcopy(rt.controls)
        action = controls[seat].press(game, max(rt.now_us, self.game.now_us()))
        by_bot = isinstance(what[1], str) and what[1].startswith("bot press ")
        rerolls = action is not None and action.get("type") in ARM_FIRST and seat not in rt.bots
        if action is None or ("t_us" in action and not by_bot and not rerolls
                              and action.get("type") not in NOT_A_RACE):
            self._ahead_given(what)     # (a person's real-time choice, stamped: a race)
            return
        action = rt.fill_levels(copy.deepcopy(action))
        if "buttons_down" in action and seat not in action["buttons_down"]:
            action["buttons_down"] = sorted(action["buttons_down"] + [seat])    # (its press: down)
        # a blast plan: its steps in order, as the runtime applies them (Retrograde)
        steps = list(action["steps"].actions(seat)) if action.get("type") == "plan" else [action]
        events: list[dict] = []
        for step in steps:
            try:
                events += game.apply(step)
            except IllegalAction as exc:
                log.debug("the armed choice ahead was refused: %s", exc)
                break
        if not events and steps:
            self._ahead_given(what)
            return
        if by_bot and game.deadline_us() is not None:      # a claim: settled as the engine's tick settles it
            try:
                events += game.apply({"type": "tick", "t_us": game.deadline_us()})
            except IllegalAction as exc:
                log.debug("the tick ahead was refused: %s", exc)
        for c in controls:
            c.refresh(game)
        ctx = {"banner": ""} if action.get("type") in NOT_A_RACE else {}    # (the hold before it is over)
        if rerolls:     # (a reroll: disarmed, its seat's dice fixed at the arming are
            # no longer named, as :meth:`~firmware.runtime.runner_targets.RunnerTargets.armed_keeps_now` leaves it out)
            ctx["armed_keeps"] = {k: v for k, v in rt.armed_keeps_now().items() if k != seat}
            ctx["dice_kept"] = self._kept_ahead(seat, game)
        ctx.update(self._summary_ahead(game))
        self._ahead = _AheadJob(what, game, controls, [e["text"] for e in events], ctx)

    def _kept_ahead(self, seat: int, game: Any) -> dict[int, list]:
        """The context's ``dice_kept`` once ``seat``'s reroll is confirmed
        on ``game`` (the copy): the dice it keeps in their places while the
        others are read (:func:`~firmware.runtime.dice_station.kept_places`),
        as the dice station will show them."""
        shown = self.dice.kept_shown() if self.dice is not None else {}
        asked = [r for r in game.chance_requests() if r.get("type") == "dice" and r.get("player") == seat]
        if asked:
            kept = self.runtime.kept_for(seat, use=False)
            places = kept_places(self.game, seat, kept, int(asked[0].get("count", 1)))
            if places:
                shown[seat] = places
        return shown

    def _summary_ahead(self, game: Any) -> dict[str, Any]:
        """The context's changes when the action applied to ``game`` (the
        copy) ends a round: its summary and the banner "next N", as
        :meth:`~firmware.app.session_timers.SessionTimers._result_pause`
        will show them (issue 36: a Retrograde round's last blast step
        shows the summary over the whole board); else none."""
        start = self._round_start
        if self._summary_fn is None or self._pause_fn is None or start is None or game.is_terminal():
            return {}
        view = game.view(None)
        if self._summary_round(view) == self._summary_round(start):
            return {}
        key = self._pause_fn(game, view)
        ms = self.cfg["cabinet"]["round_result_ms"]
        if self._pause_ms_fn is not None:
            ms = self._pause_ms_fn(view, list(self.runtime.events), ms)
        if key is None or key == self._pause_done or ms <= 0:
            return {}
        return {"round_summary": self._summary_fn(start, view), "summary_read": [],
                "banner": f"next {-(-ms // 1000)}"}

    def _ahead_scene(self, game: Any, controls: list, events: list[str], changes: dict[str, Any]) -> Any:
        """The HDMI scene of ``game`` (the copy the confirm was applied to,
        or the live game, only read) with the render's context, its moves
        feed and controls the copy's, and ``changes`` to the context."""
        ctx, at = self._later_ctx
        if ctx is None or at != self._runtime_at():
            ctx = self.context()
        feed = list(ctx.get("last_events", ()))
        feed.extend(events)
        ctx = dict(ctx, last_events=feed[-32:], controls=controls, result=None, **changes)
        return hdmi_screen(game, ctx, size=(self.renderer.width, self.renderer.height),
                           measure=self.renderer.scene_measure)
