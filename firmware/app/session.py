"""One game session on the cabinet: devices, journal, dice, screens, and
the loop (virtual clock when headless, wall clock otherwise).

The simulated cabinet is the real runtime with simulated devices: gpiozero's
mock pins (driven by the keyboard or the bots), luma ``dummy`` OLEDs, and a
camera that sees tray frames composed from die images.

What the session opens is in :mod:`firmware.app.session_devices`, how
it is created or resumed in :mod:`firmware.app.session_open`, its
timers (the countdowns and holds of the cabinet rulings) in
:mod:`firmware.app.session_timers`, its report in
:mod:`firmware.app.session_report`, what the window shows beside the
screens (keys, seat lights, captions) in :mod:`firmware.app.session_panels`; here:
rendering the HDMI, the OLEDs and the seats' lights, and the loop.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines import Game

from firmware.app.session_devices import dice_station, open_cabinet, open_renderer, oled_writer, work_beside
from firmware.app.session_ahead import SessionAhead
from firmware.app.session_report import SessionReport
from firmware.app.session_later import SessionLater
from firmware.app.session_open import SessionOpen, _UNSET
from firmware.app.session_panels import SessionPanels
from firmware.app.session_timers import SessionTimers
from firmware.app.session_walkthrough import SessionWalkthrough
from firmware.runtime import journal as journal_mod
from engines.results import game_result
from firmware.runtime.controls import game_held_still
from firmware.runtime.runner import Runtime
from firmware.screens.draw import hdmi_screen, oled_frame, result_card
from firmware.screens.games import cabinet_game
from firmware.runtime.pace import PACES
from firmware.runtime.sounds import SoundCues
from firmware.runtime.takeback import hints as take_back_hints, is_refusal
from firmware.ui.keys import KEY_INPUTS
from firmware.ui.oled import oled_image

log = logging.getLogger("cabinet.session")


@dataclass
class SessionOptions:
    """How to run: ``headless`` (no window, virtual clock), ``screens``
    (folder for a PNG per screen change), ``dice_from`` (labelled photo
    set for the simulated camera), ``size`` (HDMI px), ``bots`` (0-based
    seats; None = none for a new game, the recorded ones on resume),
    ``bot_levels`` (seat -> bot kind, see :mod:`bots`; default ``normal``),
    ``walkthrough`` (the first-game walkthrough during round 1, issue 38;
    on resume: as recorded when not asked for), ``calibrated`` (the dice
    reader reads with this cabinet's calibration, if it has one; False:
    ``--no-calibration``)."""
    headless: bool = False
    screens: str | None = None
    dice_from: str | None = None
    size: tuple[int, int] = (1280, 720)
    bots: set[int] | None = None
    bot_levels: dict[int, str] = field(default_factory=dict)
    walkthrough: bool = False
    calibrated: bool = True


class Session(SessionOpen, SessionTimers, SessionWalkthrough, SessionReport, SessionPanels, SessionLater, SessionAhead):
    """A game running on the cabinet (see :meth:`new`, :meth:`resume`, in
    :class:`~firmware.app.session_open.SessionOpen`):
    its devices (:mod:`firmware.app.session_devices`), the runtime, the
    screens it renders (the work after the HDMI's flip:
    :class:`~firmware.app.session_later.SessionLater`), its timers
    (:class:`~firmware.app.session_timers.SessionTimers`) and its report
    (:class:`~firmware.app.session_report.SessionReport`)."""

    def __init__(self, cfg: dict[str, Any], game: Game, writer: journal_mod.JournalWriter, opts: SessionOptions,
                 model: Any = _UNSET, cabinet: Any = None, renderer: Any = None):
        self.cfg = cfg
        self.game = game
        #: True after :meth:`resume`: the report's camera counts cover this run only
        self.resumed = False
        #: seats a person played in the save that a bot plays since the resume
        #: (``cabinet resume --bots``): the report tags them "(bot from the resume)"
        self.bots_from_resume: set[int] = set()
        self.writer = writer
        self.opts = opts
        kwargs = {} if model is _UNSET else {"model": model}
        # what the session opened itself, :meth:`close` closes (the menu
        # passes its own cabinet and renderer, kept from game to game)
        self._owns_cabinet, self._owns_renderer = cabinet is None, renderer is None
        self.cabinet = cabinet if cabinet is not None else open_cabinet(cfg, opts.headless, kwargs)
        if self.cabinet.simulated:
            # the virtual clock starts after the journal's last timestamp
            self.cabinet.factory.advance_to(max(self.cabinet.factory.now_us, game.now_us() + 1_000_000))
        self.dice = dice_station(cfg, game, self.cabinet, opts.dice_from, opts.calibrated)
        self.runtime = Runtime(game, self.cabinet, writer, bots=opts.bots or set(), bot_seed=game.seed, dice=self.dice,
                               on_change=self.render, bot_levels=opts.bot_levels)
        mode = "headless" if opts.headless else ("fullscreen" if not self.cabinet.simulated else "window")
        self.renderer = renderer if renderer is not None else \
            open_renderer(opts.size, mode, game.num_players, self.runtime.bots)
        from firmware.runtime.field_watch import FieldWatch
        self.field = FieldWatch.for_cabinet(self.renderer, self.cabinet.simulated)   # hot-plug, supply (issue 37)
        self.screen_count = 0
        self.last_key = None
        self.sounds = SoundCues.attach(self)   # issue 38: what changed -> cues -> the cabinet's audio player
        if not opts.headless:                  # issue 38: bots at a pace people can follow
            self.runtime.pace = PACES[cfg["cabinet"].get("bot_pace", "normal")]
        self._init_timers(cabinet_game(game.game_id))
        self.runtime.pre_step = self._pre_step
        self.runtime.after_apply = self._result_pause
        self.runtime.summary_press = self._summary_press     # CAB-13: a press reads the summary
        self._init_walkthrough()
        self._init_screens()
        from firmware.runtime.twin_costs import attach
        attach(self)    # on the twin: the fsync, camera and CPU cost what a Pi's do (issue 36)
        if self.oled_writer.threaded:   # real parts or a costly twin: the journal's fsync beside the loop too
            work_beside(self)

    def _pre_step(self, t_us: int) -> None:
        """Before each runtime step: the timers, then the walkthrough's state."""
        self._timers(t_us)
        self._walkthrough_tick(t_us)

    def _init_screens(self) -> None:
        """Nothing rendered yet: the HDMI, the seats' OLEDs and their
        button lights, and how the loop asks for renders."""
        #: the game is over and its result screen is up (set by the live loop)
        self.show_result = False
        #: repaint the window in the next render (e.g. a notice appeared)
        self.window_dirty = False
        #: the runtime's step renders what changed (headless); the window
        #: loop sets it False and renders once at the end of each pass
        self.render_in_step = True
        #: the runtime reported a change since the last render (the window loop renders then)
        self.changed_in_step = True
        #: tagged onto each OLED frame submitted (the benchmark's pass number)
        self.render_tag: Any = None
        #: the last frame each seat's OLED was sent: (mode, size, bytes)
        self._oled_shown: list[Any] = []
        #: each seat's OLED image as last rendered, and the HDMI scene or model
        self.oled_images: list[Any] = []
        #: the texts of each seat's OLED frame last drawn (tests, the pause)
        self.oled_texts: list[list[str]] = []
        from hardware.seat_lights import SeatLight
        #: each seat's button light (issue 38): what the seat must do (firmware.runtime.seat_lights)
        self.lights = [SeatLight(seat.led, background_blink=not self.cabinet.simulated)
                       for seat in self.cabinet.seats[:self.game.num_players]]
        self._lit_shown: tuple = ()
        #: (seat, tray key: its own, or the common dice's while it checks them, PT52) -> (the simulated
        #: tray's look it shows, the dice's order, that picture as a TrayLook): PT34
        self._trays_shown: dict[tuple[int, int], tuple] = {}
        self.hdmi_model: Any = None
        self._hdmi_key: Any = None
        from firmware.app.scene_cache import SceneCache
        #: the scenes last built and what they read (a scene is built again only when that changed)
        self.scenes = SceneCache()
        self.oled_writer = oled_writer(self.cfg, self.cabinet)
        #: each seat's cursor as last rendered (the seat whose cursor moved has its frame sent first)
        self._cursors: list[Any] = []
        self._init_later()
        self._init_ahead()

    # ---------------------------------------------------------- rendering
    def context(self) -> dict[str, Any]:
        """Runtime facts for the screens (events, prompts, notices)."""
        prompts = dict(self.runtime.prompts)
        prompts.update({k: v for k, v in self.dice.prompts(self.game).items() if k not in prompts})
        prompts.update({k: v for k, v in take_back_hints(self.runtime).items() if k not in prompts})
        notice = ""
        held = self.runtime.pause.hold_notice(self.runtime.now_us)
        if self.runtime.journal_problem:
            notice = "game paused: cannot save (disk full?)"
        elif held:        # a pause (or its end) held long enough: it takes effect when let go (PT60)
            notice = held
        elif self.runtime.pause.paused:
            notice = self.runtime.pause.notice()
        elif not self.dice.camera_ready:
            notice = "camera not ready"
        elif self.dice.beside is not None and self.dice.beside.notice:
            notice = self.dice.beside.notice
        elif self.runtime.thinker is not None and self.runtime.thinker.notice:
            notice = self.runtime.thinker.notice
        elif not getattr(getattr(self.cabinet, "expander", None), "online", True):   # read again each poll
            notice = "the navigation buttons are not answering; presses wait for them"
        else:       # a seat's display that stopped answering (the game goes on; the writer retries it)
            notice = self.oled_writer.notice()
        awaited = self.dice.awaited()
        return {"last_events": list(self.runtime.events), "prompts": prompts, "notice": notice,
                # a refused take-back's words: on the seat's OLED whatever it shows (a dice check too)
                "said_why": {**{k: v for k, v in prompts.items() if is_refusal(str(v))},
                             **{k: w for k, (w, _) in self.runtime.refusals.items()}},
                "paused": self.runtime.pause.paused,
                # CAB-15: a race held (paused, a pause being held down, the Esc question) or waiting for
                # its 3-2-1's go: what it is about stays hidden
                "race_held": bool(self.runtime.pause.paused or self.runtime.pause.holding_since() is not None
                                  or self.runtime.restart_action is not None or self._resume_action is not None),
                # the clock the seats' timers are shown on: it stands still while the game is held (CAB-8)
                "banner": self.countdown, "dice": self.dice.stats.as_dict(),
                "now_us": self.runtime.unheld_us(self.runtime.now_us),
                "readings": self._readings(), "bots": sorted(self.runtime.bots),
                # dice being read again: the reading so far, never the roll before's (CAB-5)
                "dice_awaited": awaited,
                # a reroll being read: the dice kept, in their places (PT32)
                "dice_kept": self.dice.kept_shown(awaited),
                # seats whose own dice are read again after a nudge: that first, the common check waits (PT30)
                "dice_rereading": sorted(self.dice.rereading()),
                "dice_notes": self.dice.sim_notes(self.runtime.now_us),
                "walkthrough": self._walkthrough_tick(self.runtime.now_us),
                "controls": self.runtime.controls,
                # a reroll keeps dice: the simulated table keeps those of each person's target card
                "simulated_dice": getattr(self.dice, "table", None) is not None,
                "targets": self.runtime.targets_now(),
                # an armed reroll: the dice its arming press fixed (its second press keeps them)
                "armed_keeps": self.runtime.armed_keeps_now(),
                "round_summary": self.summary_shown(),
                "summary_read": sorted(self.summary_readers()),
                "result": game_result(self.game) if self.game.is_terminal() else None}

    def _readings(self) -> dict[int, dict[str, Any]]:
        """The dice station's contest states (CAB-6), with how long a seat
        has held its button on a reading to check (``held_ms``: the OLED
        says when letting go rejects it)."""
        now = self.runtime.now_us
        states = self.dice.reading_states(now)
        for seat, (key, t_down) in self.runtime.contest_presses().items():
            if key in states and states[key]["state"] == "check":
                states[key] = dict(states[key], held_ms=max(0, (now - t_down) // 1000), by=seat)
        return states

    def render(self, runtime: Runtime | None = None) -> None:
        """Redraw what changed, the HDMI before most OLEDs: the OLED frames
        of the people's seats that pressed (or moved) since the last render,
        then the HDMI's scene built (when what it read changed, or it
        animates), painted and flipped; *then* the work that need not come
        before the flip (:class:`~firmware.app.session_later.SessionLater`):
        the bots' questions, the other seats' OLED frames (each handed to
        its device's writer as soon as built when its image changed, or the
        device is offline, to retry) and the simulator window's seat
        panels - at once, or between the window loop's passes when
        :attr:`after_flip_later` (issue 36: the HDMI waits for no frame but
        the pressing seat's, and a press waits for no other seat's frame).
        The window's panels are shown whenever the HDMI or a frame changed,
        or it was asked for (:attr:`window_dirty`).  Once the game is over
        and :attr:`show_result` is set, the HDMI shows the result screen over
        the final board.  Called by the runtime (``runtime`` given) while
        :attr:`render_in_step` is False: nothing (the loop renders at the
        end of its pass)."""
        if runtime is not None and not self.render_in_step:
            self.changed_in_step = True
            return
        self.changed_in_step = False
        with game_held_still():         # the seats' choices worked out once for every scene
            self._render_still()

    def _render_still(self) -> None:
        """:meth:`render`'s work, the game and the seats' controls held still."""
        ctx = self.context()
        self.scenes.begin(ctx, self.runtime.stats.actions)   # what each scene read decides if it is built again
        moved, pressed = self._seats_first()
        self._drop_owed(pressed)
        oleds_changed = self._render_oleds(ctx, pressed, moved)    # the seats that pressed: their OLED at once
        model = self._hdmi_scene(ctx)
        if model is not None and model is not self.hdmi_model:
            self.hdmi_model, self._hdmi_key = model, model.key()
        key = self._hdmi_key if model is not None else self.last_key
        self._set_lights(ctx)
        animating = getattr(self.renderer, "animating", False)
        hdmi_changed = model is not None and (key != self.last_key or animating)
        if hdmi_changed:
            self._draw_hdmi(model, key)
        dirty, self.window_dirty = self.window_dirty, False
        if hdmi_changed or dirty:
            self.renderer.present_hdmi()
        rest = [s for s in range(self.game.num_players) if s not in pressed]
        self._owe_after_flip(ctx, rest, hdmi_changed or oleds_changed or dirty or self._trays_moved())

    def _hdmi_scene(self, ctx: dict[str, Any]) -> Any:
        """The HDMI's scene now: the game's screen, the result screen over
        it once :attr:`show_result` is set, or the pause's pages; the game
        in words when it could not be laid out (a layout bug, logged;
        PT30); None when not even that (the last frame stays)."""
        size = (self.renderer.width, self.renderer.height)
        try:
            if not self.runtime.pause.paused or (self.show_result and ctx["result"] is not None):
                # built again only when what it read changed (SceneCache)
                return self.scenes.build("hdmi", lambda c: self._game_scene(c, size), (size, self.show_result))[0]
            from firmware.screens.pause import paused_scene, paused_stamp   # the pages any person's arrows turn
            model = paused_scene(self.game.game_id, self.runtime.pause, size, self.renderer.scene_measure,
                                 log=self.log_lines()) or paused_stamp(
                hdmi_screen(self.game, ctx, size=size, measure=self.renderer.scene_measure))    # (PT63)
            pages = getattr(model, "facts", {}).get("log", {}).get("pages")
            if pages and self.runtime.pause.page < -pages:     # the oldest page stays: the next > is newer
                self.runtime.pause.page = -pages
        except ValueError as exc:  # a layout bug (LayoutError) must never end a game, nor hide it: in words
            self._layout_bug("HDMI", exc)
            model = self._plain_scene(ctx, size)
        return model

    def _plain_scene(self, ctx: dict[str, Any], size: tuple[int, int]) -> Any:
        """The game in words (:func:`firmware.screens.plain.plain_screen`)
        when its screen could not be laid out; None when even that fails
        (the last frame stays)."""
        from firmware.screens.plain import plain_screen
        try:
            return plain_screen(self.game, ctx, size, self.renderer.scene_measure)
        except ValueError as exc:
            self._layout_bug("the HDMI in words", exc)
            return None

    def _game_scene(self, ctx: dict[str, Any], size: tuple[int, int]) -> Any:
        """The game's HDMI scene, under the result screen once :attr:`show_result` is set."""
        model = hdmi_screen(self.game, ctx, size=size, measure=self.renderer.scene_measure)
        if self.show_result and ctx["result"] is not None:
            model = result_card(self.game, ctx["result"], model, size, self.renderer.scene_measure,
                                bots=self.runtime.bots, hint=self._result_hint())
        return model

    def _seats_first(self) -> tuple[set[int], list[int]]:
        """(people's seats whose cursor moved since the last render, the
        people's seats whose frames go before the HDMI's paint: those that
        pressed or moved since, :attr:`Runtime.touched`)."""
        cursors = [c.cursor for c in self.runtime.controls]
        # a person's seat whose cursor moved goes first (a bot's cursor moves too: Cha dango's aim, CD-12)
        moved = {i for i, c in enumerate(cursors) if (i >= len(self._cursors) or self._cursors[i] != c)
                 and i not in self.runtime.bots}
        self._cursors = cursors
        touched = getattr(self.runtime, "touched", set())
        pressed = sorted({s for s in touched | moved if 0 <= s < self.game.num_players},
                         key=lambda s: (s not in moved, s))
        touched.clear()
        return moved, pressed

    def _render_oleds(self, ctx: dict[str, Any], seats: list[int], moved: set[int]) -> bool:
        """The OLED frames of ``seats`` now, in that order (into
        :attr:`oled_images`, :attr:`oled_texts`), each handed to its
        display's writer as soon as it is built when it changed or the
        device is offline (:meth:`_send_oleds`; a seat in ``moved`` goes
        before frames waiting).  True if any image changed."""
        n = self.game.num_players
        if len(self.oled_images) != n:
            self.oled_images = [None] * n
        while len(self._oled_shown) < n:
            self._oled_shown.append(None)
        oleds_changed = False
        for seat in seats:
            img = self._oled_image(seat)
            self.oled_images[seat] = img
            data = (img.mode, img.size, img.tobytes())
            changed = self._oled_shown[seat] != data
            if changed:
                oleds_changed = True
                self._oled_shown[seat] = data
            dev = self.cabinet.seats[seat].oled if seat < len(self.cabinet.seats) else None
            if dev is not None and (changed or not getattr(dev, "online", True)):
                self._send_oleds([(seat, img, seat in moved)])
        return oleds_changed

    def _oled_image(self, seat: int) -> Any:
        """Seat ``seat``'s OLED image now (built again only when what it
        read changed); its texts go to :attr:`oled_texts`."""
        try:
            if self.runtime.pause.paused and not self.game.is_terminal():
                from firmware.screens.pause import paused_oled
                frame = paused_oled(seat, self.runtime.pause)
            else:       # built again only when what it read changed (SceneCache)
                frame = self.scenes.build(("oled", seat), lambda c: oled_frame(
                    self.game, seat, self.runtime.controls[seat], c), seat, (seat,))[0]
            while len(self.oled_texts) <= seat:
                self.oled_texts.append([])
            self.oled_texts[seat] = list(frame.texts)
            return frame.image
        except ValueError as exc:  # an OLED text too wide: the seat gets a plain frame, the game goes on
            self._layout_bug(f"seat {seat + 1} OLED", exc)
            return oled_image([f"Seat {seat + 1}", "see the big screen"], invert_first=True)

    def _send_oleds(self, sends: list[tuple[int, Any, bool]]) -> None:
        """Hand built frames ``(seat, image, first)`` to the seats'
        displays' writer (beside the loop; an offline display: ``show()``
        retries it every retry_s; ``first``: the seat whose cursor moved
        goes before frames waiting).  On the twin, the Pi's time to build
        them is paid first."""
        for seat, img, first in sends:
            self.oled_writer.submit(seat, img, first=first, tag=self.render_tag)

    def _draw_hdmi(self, model: Any, key: Any) -> None:
        """Draw ``model`` on the HDMI (animated in the window); a new
        screen (``key`` changed) is counted, and saved as a PNG when
        :attr:`SessionOptions.screens` names a folder."""
        changed = key != self.last_key
        self.last_key = key
        live = not self.opts.headless and self.renderer.window is not None
        self.renderer.draw(model, time.monotonic() * 1000 if live else None)
        if changed:
            self.screen_count += 1
            if self.opts.screens:
                self.renderer.screenshot(Path(self.opts.screens) / f"screen-{self.screen_count:05d}.png")

    def log_lines(self) -> list[str]:
        """The moves of the game in words (a resumed game: from its journal), oldest first (the pause's log, issue 38)."""
        from firmware.screens.moves_log import move_words
        view = self.game.view(None)
        lines = move_words(self.game.game_id, list(self.runtime.log), view)
        declared = cabinet_game(self.game.game_id)
        hide = declared.hook("held_log") if declared is not None else None
        return hide(lines, view) if hide is not None else lines     # CAB-15: a race held hides its order

    def _layout_bug(self, where: str, exc: Exception) -> None:
        """Log a screen that could not be laid out (once per kind of
        failure); the game goes on."""
        seen = self.__dict__.setdefault("_layout_bugs", set())
        if (where, str(exc)) not in seen:
            seen.add((where, str(exc)))
            log.error("%s could not be drawn (%s); the game goes on", where, exc)

    # --------------------------------------------------------------- loop
    def run(self) -> None:
        """Play until the game ends (or the window is closed)."""
        try:
            if self.opts.headless:
                self.runtime.run_headless()
            else:
                self._run_live()
            self.render()
        finally:
            self.writer.close()

    def close(self) -> None:
        """End the session: close the journal, and the renderer and the
        cabinet if the session opened them (not those passed in).  The
        renderer's cached surfaces are freed at once: a finished session
        sits in reference cycles (runtime callbacks, bots) until Python's
        next full collection, and must not hold tens of MB of pixels
        until then.  Idempotent."""
        self.writer.close()
        self.oled_writer.close()
        for beside in (self.dice.beside, self.runtime.thinker):
            if beside is not None:
                beside.close()
        for light in self.lights:            # the menu's buttons are dark
            try:
                light.set("off")
            except Exception as exc:         # gpiozero's GPIODeviceClosed: the cabinet closed first
                log.debug("seat light: %s", exc)
        if self._owns_renderer:
            self.renderer.close()
        if self._owns_cabinet:
            self.cabinet.close()
        self.runtime.on_change = None        # break the session <-> runtime cycle
        self.runtime.pre_step = self.runtime.after_apply = self.runtime.summary_press = None

    def live(self, clock_ns: Any = None) -> Any:
        """The window loop of this session (:class:`firmware.app.window_loop.LiveLoop`),
        to run pass by pass; ``clock_ns`` a monotonic clock in ns (tests)."""
        from firmware.app.window_loop import LiveLoop
        return LiveLoop(self, clock_ns)

    def _run_live(self) -> None:
        """Play in the window (or full screen) until the result screen is
        dismissed or the player leaves."""
        self.live().run()

    def _key(self, seat: int, name: str, down: bool) -> None:
        """A simulator key of ``seat`` went down or up: close or open the
        seat's wired input (the cup key held = cup lifted), so the keys
        take the same path as the cabinet's switches (GPIO or expander);
        navigation keys of a seat with no navigation wired act directly."""
        now = self.cabinet.factory.now_us
        if name == "cup":
            self.cabinet.drive(seat, "cup", not down, now)
            return
        wired = self.cabinet.seats[seat] if seat < len(self.cabinet.seats) else None
        pin = KEY_INPUTS[name]
        if wired is not None and (pin in wired.inputs or pin in wired.expander_inputs):
            self.cabinet.drive(seat, pin, down, now)
        elif down and name in ("left", "right"):
            self.runtime.nav(seat, -1 if name == "left" else 1)
        elif down and name == "push":
            self.runtime.controls[seat].push()
