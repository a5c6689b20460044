"""The cabinet runtime loop: inputs, dice, timers and bots drive the engine.

One :class:`Runtime` runs one game.  Every source of change goes through it:

* input edges from the hardware layer's edge source (a queue fed by backend
  threads; in simulation a scripted ``MockFactory``), debounced, mapped to
  actions by each seat's :class:`~firmware.runtime.controls.SeatControls`;
* dice: the game's chance requests are answered from camera readings (see
  :mod:`firmware.runtime.dice_station`);
* timers: when the engine's ``deadline_us`` passes, a ``tick``;
* bots: they act through the same inputs a person uses (pin edges on the
  mock factory for the button and the cup, navigation for choices, dice
  thrown into the simulated tray), never by calling the engine.

Every applied action is journaled before anything else happens; the screen
and the OLEDs are redrawn only when something changed.
"""
from __future__ import annotations

import collections
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from engines import Game, IllegalAction
from hardware.debounce import DebounceBank, InputEvent
from hardware.edges import drain
from hardware.mock import Timeline

from bots import make_bot

from firmware.screens.games import cabinet_game
from firmware.runtime.pace import PACES, PauseSwitch  # noqa: I001 - apart from .controls: the games branch edits that line
from bots.random_bot import RandomBot
from firmware.runtime.controls import GONE, INPUT_BINDINGS, SeatControls, is_realtime
from firmware.runtime.takeback import TakeBackHold

log = logging.getLogger("cabinet.runtime")

#: How long a bot holds its button down, us.
BOT_HOLD_US = 80_000
#: How long a bot looks at a misread reading before it rejects it (within
#: the contest window; fixed, so the bot's own random stream is untouched), us.
BOT_CHECK_US = 400_000
#: Delay between the arming press and the confirm press of a bot, us (the
#: ``fast`` pace; the runtime's :attr:`Runtime.pace` decides, see :mod:`firmware.runtime.pace`).
BOT_CONFIRM_US = PACES["fast"].confirm_us


@dataclass
class RuntimeStats:
    """Counters a run reports at the end."""
    actions: int = 0
    ignored_inputs: int = 0
    refused_actions: int = 0
    frames: int = 0
    renders: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class Runtime:
    """Runs one game on a (real or simulated) cabinet.

    Args:
        game: the engine (new, or replayed from a journal).
        io: the cabinet's devices: ``factory`` (gpiozero pin factory),
            ``edges`` (edge source with ``queue``, ``levels()``, ``now_us()``),
            ``pin_map`` (``(seat, input) -> BCM``), ``debounce_us``.
        journal: writer with ``append(action)`` (or None).
        bots: seats played by bots.
        bot_seed: seed of the bots' RNG.
        bot_levels: seat -> bot kind (``easy``, ``normal``, ``hard``,
            ``random``; see :mod:`bots`); bot seats not listed play
            ``normal``.
        dice: a dice station (answers chance requests from the camera), or
            None to leave chance requests to bots' RandomBot (tests only).
        on_change: called after the state or a prompt changed (renders).
    """

    def __init__(self, game: Game, io: Any, journal: Any = None, bots: set[int] | None = None,
                 bot_seed: int = 0, dice: Any = None, on_change: Callable[["Runtime"], None] | None = None,
                 bot_levels: dict[int, str] | None = None):
        self.game = game
        self.io = io
        self.journal = journal
        self.bots = set(bots or ()) | set(bot_levels or ())
        self.bot = RandomBot(bot_seed)
        #: seat -> bot kind; a bot seat not listed plays ``normal``
        self.bot_levels = dict(bot_levels or {})
        self._bot_seed = bot_seed
        #: seat -> the bot playing it (:class:`bots.Bot`), made when first needed
        self.seat_bots: dict[int, Any] = {}
        for seat in sorted(self.bots):
            self.seat_bot(seat)
        self.dice = dice
        #: the bots' decisions beside the loop (a :class:`firmware.runtime.dice_beside.ReaderBeside`
        #: running decision jobs), or None: the bots decide in the step
        self.thinker: Any = None
        self._thinking: set[int] = set()
        #: the stamp of the latest dice reading applied that no bot has planned from yet, us
        self.seen_us: int | None = None
        self.on_change = on_change
        self.controls = [SeatControls(s) for s in range(game.num_players)]
        levels = io.levels() if hasattr(io, "levels") else io.edges.levels()
        self.bank = DebounceBank(io.debounce_us, levels)
        self._pins = dict(io.pin_map)
        self.simulated = bool(getattr(io, "simulated", True))
        self.timeline = Timeline(io.factory, self._pins, drive=getattr(io, "drive", None)) if self.simulated else None
        self.bot_inputs: list[InputEvent] = []  # bots on real hardware: injected inputs
        self.bot_busy_until: dict[int, int] = {}
        #: (t_us, seat, step): navigation of a bot entering its dice by hand
        self.bot_navs: list[tuple[int, int, int]] = []
        self.events: collections.deque[str] = collections.deque(maxlen=32)   # issue 34: every move since a seat's last turn
        #: the engine's event texts of this run, oldest first: the log a paused game pages back through (issue 38)
        self.log: collections.deque[str] = collections.deque(maxlen=2000)
        #: the engine's events (dicts) not yet taken by the sounds (issue 38, :mod:`firmware.runtime.sounds`)
        self.new_events: collections.deque[dict[str, Any]] = collections.deque(maxlen=64)
        #: how bots spread out a turn-based choice (issue 38: ``cabinet.bot_pace``; headless: fast)
        self.pace = PACES["fast"]
        #: the pause any person's seat toggles (a long hold of its navigation push)
        self.pause = PauseSwitch()
        #: a person's seat takes back its last choice: Left held alone 1 s (:mod:`firmware.runtime.takeback`)
        self.take_backs = TakeBackHold()
        self.prompts: dict[int, str] = {}
        #: seat -> (tray key, press time us) of a press on a reading to check
        self._contest_down: dict[int, tuple[int, int]] = {}
        #: seat -> when it last moved its cursor, us (a press after that is
        #: a choice, never a late "dice ok")
        self._moved_on: dict[int, int] = {}
        #: seat -> when its passing prompt ("dice ok") goes, us
        self._prompt_until: dict[int, int] = {}
        self.stats = RuntimeStats()
        #: seat -> Change Dice Rolls action waiting for the camera (GR-7)
        self.confirming: dict[int, dict[str, Any]] = {}
        #: dice are not read before this time (the 3-2-1 countdown), us
        self.hold_until_us = -1
        #: action type -> no such action is taken before this stamp, us: a
        #: Cha dango reveal waits until the last race's outcome has been on
        #: screen for a while (ruling CAB-7); presses before it are ignored
        #: and bots schedule theirs after it
        self.not_before: dict[str, int] = {}
        #: the (round, phase) when each seat's "card D was taken" note was first said
        self._gone_phase: dict[int, tuple] = {}
        #: seat -> the action count when its late press was told (once until the game moves on)
        self._late_said: dict[int, int] = {}
        #: nothing moves the game before this time, us: no input counts, no
        #: tick is sent, no bot plans (a race resumed from a save waits for
        #: its countdown, ruling CAB-8)
        self.frozen_until_us = -1
        #: called with t_us at the start of every step (the session's timers)
        self.pre_step: Callable[[int], None] | None = None
        #: called after every applied action (timers an action starts, e.g.
        #: the pause after a decided race, hold the very next input)
        self.after_apply: Callable[[], None] | None = None
        self.dirty = True
        #: why the game is paused (the journal cannot be written), or ""
        self.journal_problem = ""
        #: headless: wall-clock seconds between retries of a failed journal
        #: write, and how long to wait in all before giving up
        self.journal_retry_s = 1.0
        self.journal_max_pause_s = 600.0
        self._journal_next_retry = 0.0
        # Edge timestamps restart with the edge source (a new pigpio tick
        # origin after a reboot); after a resume the engine's clock must
        # still only move forward, so real edges are shifted past it.
        self.offset_us = 0 if self.simulated else max(0, game.now_us() + 1_000_000 - io.edges.now_us())
        self.now_us = io.edges.now_us() + self.offset_us

    def clock_us(self) -> int:
        """The cabinet's clock now, integer us: the edge timeline plus
        :attr:`offset_us` on the cabinet (the clock of every stamp that
        reaches the engine: edges, bots, ticks, converted camera frames);
        the virtual time :attr:`now_us` in simulation."""
        if self.simulated:
            return self.now_us
        return self.io.edges.now_us() + self.offset_us

    # ------------------------------------------------------------ applying
    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one action to the engine and journal it.

        If the journal cannot be written (disk full) the action stays
        queued in the writer and the game pauses (:attr:`journal_problem`)
        until it is written: no applied action is lost.

        Raises:
            IllegalAction: refused by the engine (nothing is journaled).
        """
        events = self.game.apply(action)
        self.stats.actions += 1
        if self.journal is not None:
            try:
                self.journal.append(action)
            except OSError as exc:          # disk full: the action stays queued in the writer
                self._journal_failed(exc)
        self.new_events.extend(events)
        for e in events:
            self.events.append(e["text"])
            self.log.append(e["text"])
        self.dirty = True
        if self.after_apply is not None:
            self.after_apply()
        return events

    def _journal_failed(self, exc: OSError) -> None:
        if not self.journal_problem:
            log.error("%s", exc)
        self.journal_problem = f"game paused: {exc}"
        self.stats.extra["journal_failures"] = self.stats.extra.get("journal_failures", 0) + 1
        self.dirty = True

    def retry_journal(self) -> bool:
        """Try again to write the actions the journal still holds; True
        once everything applied is on disk (the pause is over)."""
        if not self.journal_problem:
            return True
        try:
            self.journal.flush()
        except OSError as exc:
            self._journal_failed(exc)
            return False
        log.info("the journal is written again (%s): the game goes on", getattr(self.journal, "path", ""))
        self.journal_problem = ""
        self.dirty = True
        return True

    def try_apply(self, action: dict[str, Any], seat: int | None = None) -> bool:
        """Apply, turning a refusal into a prompt on the seat's OLED."""
        try:
            self.apply(action)
            return True
        except IllegalAction as exc:
            self.stats.refused_actions += 1
            if seat is not None:
                self.prompts[seat] = f"not now: {exc}"     # the OLED says its gist (OledFrame.message)
                self.dirty = True
            log.debug("refused %s: %s", action, exc)
            return False

    def fill_levels(self, action: dict[str, Any]) -> dict[str, Any]:
        """Fill a template's ``buttons_down`` / ``cups_up`` with the seats'
        debounced levels at this moment (Cha dango stuck-button and CD-7)."""
        if "buttons_down" in action:
            action["buttons_down"] = [s for s in range(self.game.num_players)
                                      if self.bank.level(s, "button") == 1]
        if "cups_up" in action:
            action["cups_up"] = [s for s in range(self.game.num_players)
                                 if (s, "cup") in self._pins and self.bank.level(s, "cup") == 0]
        return action

    # -------------------------------------------------------------- inputs
    def handle_input(self, ev: InputEvent) -> None:
        """Map one debounced input event to an action (or ignore it)."""
        if self.pause.input(ev, self.bots):      # a pause hold, or a person's input while paused
            self.dirty = True
            return
        if self.take_backs.input(ev, self):      # the end of a take-back hold
            return
        game = self.game
        if game.is_terminal() or not 0 <= ev.seat < game.num_players:
            self.stats.ignored_inputs += 1
            return
        if ev.t_us < self.frozen_until_us:      # the countdown of a resumed race (CAB-8)
            self.stats.ignored_inputs += 1
            return
        if self.dice is not None and self._contest_input(ev):
            return
        controls = self.controls[ev.seat]
        action = None
        if ev.input == "button":
            if ev.kind == "press":
                action = controls.press(game, ev.t_us)
                if action is None and controls.armed:
                    self.dirty = True
                elif action is None and controls.said_gone:   # the OLED says why nothing happened
                    self.prompts[ev.seat] = controls.message or GONE
                    controls.message = ""
                    self.dirty = True
            else:
                action = controls.physical(game, "button_release", ev.t_us)
        elif ev.input == "cup":
            action = controls.physical(game, "cup_down" if ev.kind == "press" else "cup_up", ev.t_us)
        elif ev.input == "nav_push" and ev.kind == "press":
            controls.push()
            self.dirty = True
            return
        elif ev.input in ("nav_a", "nav_b") and ev.kind == "press":  # two-button navigation
            self.nav(ev.seat, -1 if ev.input == "nav_a" else 1)
            return
        if action is None or ev.t_us < self.not_before.get(action.get("type", ""), -1):
            if ev.kind == "press":     # nothing to do, or the last result is still on screen (CAB-7)
                self.stats.ignored_inputs += 1
                if ev.input == "button":
                    self._late_press(ev.seat, ev.t_us)
            return
        self.prompts.pop(ev.seat, None)
        if self._needs_camera_confirmation(ev.seat, action):
            return
        if action.get("type") == "plan":       # a blast plan: its steps, in order, each journaled
            for step in action["steps"].actions(ev.seat):
                if not self.try_apply(step, ev.seat):
                    break
            return
        self.try_apply(self.fill_levels(action), ev.seat)

    def _late_press(self, seat: int, t_us: int) -> None:
        """A button press that did nothing: the game's ``late_press`` hook
        may say why (Cha dango: the hit came after the race was decided,
        issue 34); its words join the event texts the screens read (not
        the journal), once per seat until the game moves on."""
        declared = cabinet_game(self.game.game_id)
        hook = declared.hook("late_press") if declared is not None else None
        if hook is None or self._late_said.get(seat) == self.stats.actions:
            return
        text = hook(self.game, seat, t_us)
        if text:
            self._late_said[seat] = self.stats.actions
            self.events.append(text)
            self.dirty = True

    def _contest_input(self, ev: InputEvent) -> bool:
        """Ruling CAB-6: while a reading waits for the seat's check, its big
        button is the seat's answer: a short press accepts the reading, a
        press held :data:`~firmware.runtime.dice_station.LONG_PRESS_US` or more
        rejects it (reroll, then hand entry); during hand entry a press
        moves to the next die (on "ok": confirms), a long press or the
        navigation push goes back.  Returns True if ``ev`` was used so."""
        from firmware.runtime.dice_station import LATE_OK_US, LONG_PRESS_US
        seat = ev.seat
        key = self.dice.tray_of(seat, self.bots)
        if key is None:
            down = self._contest_down.pop(seat, None)
            if ev.input != "button":
                return False
            if ev.kind == "release":       # the release of a press the check took: the check's too
                return down is not None
            late = self.dice.late_tray(seat, ev.t_us, self.bots)
            if late is None or self._moved_on.get(seat, -1) >= self.dice.late_ok[late] - LATE_OK_US:
                return False       # (a seat that moved its cursor since chose what it presses)
            # the window ran out a moment before this press: it meant "dice ok" (done), no choice
            # every press in the grace is "dice ok": a late double-tap neither arms nor rerolls (issue 34)
            self._contest_down[seat] = (late, ev.t_us)
            self.say(seat, "dice ok", ev.t_us + LATE_OK_US)     # a word in passing: gone after a moment
            return True
        if ev.input == "nav_push" and ev.kind == "press" and key in self.dice.entries:
            self._entry_press(key, True, ev.t_us)
            return True
        if ev.input != "button":
            return False
        if ev.kind == "press":
            self._contest_down[seat] = (key, ev.t_us)
            self.dice.button_down(key)
            self.dirty = True
            return True
        down = self._contest_down.pop(seat, None)
        if down is None or down[0] != key:
            if key in self.dice.held:             # a press that began elsewhere: the window goes on
                self.dice.held[key]["down"] = False
            return down is not None
        long = ev.t_us - down[1] >= LONG_PRESS_US
        if key in self.dice.entries:
            self._entry_press(key, long, ev.t_us)
        elif long:
            self.note(self.dice.reject(key, seat, ev.t_us))
        else:
            self._apply_dice(self.dice.accept(key, self, ev.t_us))
        self.dirty = True
        return True

    def contest_presses(self) -> dict[int, tuple[int, int]]:
        """Seats holding their button on a reading to check: seat ->
        (tray key, press time us)."""
        return dict(self._contest_down)

    def _entry_press(self, key: int, long: bool, t_us: int) -> None:
        done = self.dice.entry_press(key, long, self, t_us)
        if done is not None:
            note, action = done
            self.note(note)
            self._apply_dice(action)
        self.dirty = True

    def note(self, note: dict[str, Any]) -> None:
        """Journal a cabinet note (a contested reading, a hand entry): not
        an engine action; replay skips it, resume counts it (see
        :func:`firmware.runtime.journal.read`)."""
        self.stats.extra[note["note"]] = self.stats.extra.get(note["note"], 0) + 1
        if self.journal is not None:
            try:
                self.journal.append(note)
            except OSError as exc:          # disk full: the note stays queued in the writer
                self._journal_failed(exc)
        self.dirty = True

    def _needs_camera_confirmation(self, seat: int, action: dict[str, Any]) -> bool:
        """A game whose changes turn physical dice in place (Ginza's GR-7)
        applies the change only once the camera sees the turned dice.
        Returns True if ``action`` now waits for that confirmation."""
        declared = cabinet_game(self.game.game_id)
        if self.dice is None or declared is None or declared.dice_to_confirm is None:
            return False
        try:
            turned = declared.dice_to_confirm(self.game, seat, action)
        except ValueError as exc:
            self.prompts[seat] = f"not now: {exc}"
            return True
        if not turned:
            return False
        me = self.game.view(seat)["players"][seat]
        self.confirming[seat] = action
        self.dice.expect(seat, sorted(turned), me.get("colour"), self.now_us)
        self.prompts[seat] = "turn dice to " + " ".join(map(str, sorted(turned)))
        self.dirty = True
        return True

    def say(self, seat: int, words: str, until_us: int) -> None:
        """Show ``words`` (one of :data:`PASSING`) on ``seat``'s OLED until
        ``until_us``, then drop them."""
        self.prompts[seat] = words
        self._prompt_until[seat] = until_us
        self.dirty = True

    def nav(self, seat: int, step: int) -> None:
        """A navigation step (encoder detent or nav button) of ``seat``."""
        if 0 <= seat < self.game.num_players:
            key = self.dice.tray_of(seat, self.bots) if self.dice is not None else None
            if key is not None and key in self.dice.entries:   # hand entry: the die's value
                self.dice.entry_nav(key, step)
            else:
                self.controls[seat].nav(self.game, step)
                self._moved_on[seat] = self.now_us
            self.dirty = True

    def pump(self, t_us: int) -> None:
        """Play scripted edges up to ``t_us``, drain the edge queue, feed
        the debouncers and handle the resulting events."""
        if self.timeline is not None:
            self.timeline.run_until(t_us)
        self.now_us = max(self.now_us, t_us)
        pending: list[InputEvent] = []
        off = self.offset_us
        for edge in drain(self.io.edges.queue):
            if edge.input == "encoder":  # a detent of the rotary encoder: +1 / -1
                self.nav(edge.seat, edge.level)
                continue
            pending.extend(e._replace(t_us=e.t_us + off) for e in self.bank.feed(edge))
        if self.bot_navs:       # a bot entering its dice by hand turns the value (CAB-6)
            for _, seat, step in sorted(n for n in self.bot_navs if n[0] <= t_us):
                self.nav(seat, step)
            self.bot_navs = [n for n in self.bot_navs if n[0] > t_us]
        due = [e for e in self.bot_inputs if e.t_us <= t_us]
        if due:
            self.bot_inputs = [e for e in self.bot_inputs if e.t_us > t_us]
            pending.extend(due)
        pending.extend(e._replace(t_us=e.t_us + off) for e in self.bank.poll(t_us - off))
        for ev in sorted(pending, key=lambda e: e.t_us):
            self.handle_input(ev)

    # ---------------------------------------------------------------- time
    def tick_if_due(self, t_us: int) -> None:
        """Send the engine a tick when its deadline has passed."""
        if self.pause.paused:                    # no timer runs out while paused (issue 38)
            return
        d = self.game.deadline_us()
        if t_us < self.frozen_until_us:
            return
        if d is not None and not self.game.is_terminal() and d <= t_us:
            self.try_apply({"type": "tick", "t_us": max(d, self.game.now_us())})

    # ---------------------------------------------------------------- bots
    def plan_bots(self, now_us: int) -> None:
        """Give every idle bot seat its next physical input(s)."""
        if self.pause.paused:                    # no bot plans a move while paused (issue 38)
            return
        game = self.game
        if game.is_terminal() or game.chance_requests() or now_us < self.frozen_until_us:
            return
        active = set(game.active_players()) - set(self.confirming)
        seen, self.seen_us = self.seen_us, None
        if self.thinker is not None:
            self._bots_beside(active, now_us, seen)
            return
        for seat in sorted(self.bots & active):
            if self.bot_busy_until.get(seat, -1) > now_us:
                continue
            template = self._bot_choice(seat)
            if template is None:
                continue
            self._schedule_bot(seat, template, now_us, seen)

    def _bots_beside(self, active: set[int], now_us: int, seen: int | None) -> None:
        """The bots think beside the loop (:attr:`thinker`, issue 36): an
        idle bot's decision is asked on a copy of the game, planned from
        now (or the dice reading's stamp); a decision that came back is
        scheduled as it would have been then, its presses no earlier than
        now.  A decision the game no longer allows is dropped (the bot
        thinks again)."""
        import copy
        for done in self.thinker.take():
            if done is None:
                continue
            seat, template, planned, seen_then = done
            self._thinking.discard(seat)
            if isinstance(template, Exception):     # the bot's own error surfaces in the loop, as in the step
                raise template
            if template is None or seat not in self.bots:
                continue
            self._schedule_bot(seat, template, now_us, planned if seen_then is None else min(planned, seen_then))
        for seat in sorted(self.bots & active):
            if seat in self._thinking or self.bot_busy_until.get(seat, -1) > now_us:
                continue
            game, choose = copy.deepcopy(self.game), self._bot_choice
            self._thinking.add(seat)
            self.thinker.submit(lambda seat=seat, game=game, planned=now_us, seen=seen:
                                (seat, _decided(choose, seat, game), planned, seen))

    def seat_bot(self, seat: int) -> Any:
        """The bot playing ``seat`` at its level (made on first use, so a
        seat handed to a bot mid-game gets one too)."""
        bot = self.seat_bots.get(seat)
        if bot is None:
            bot = self.seat_bots[seat] = make_bot(self.game.game_id, self.bot_levels.get(seat, "normal"),
                                                  self._bot_seed * 8 + seat)
        return bot

    def _bot_choice(self, seat: int, game: Any = None) -> dict[str, Any] | None:
        """The seat's bot decides from its own view (never the raw state)
        of the game (or of ``game``, a copy the bot thinks on beside the loop)."""
        return self.seat_bot(seat).choose(self.game if game is None else game, seat)

    def _schedule_bot(self, seat: int, template: dict[str, Any], now_us: int, seen_us: int | None = None) -> None:
        """Schedule the presses of ``seat``'s bot for ``template``, its
        reaction counted from ``now_us``, or from ``seen_us`` when earlier:
        the stamp of the dice reading the bot reacts to (the frame's
        capture), so a reading that arrived a pass late (the reader beside
        the loop, issue 36) plans the same presses; never before ``now_us``."""
        binding = INPUT_BINDINGS.get(template.get("type", ""))
        base = now_us if seen_us is None else min(now_us, seen_us)
        # CAB-7: an action held (the next reveal after a race) is planned from the end of its pause
        ready = max(base, template.get("t_min_us") or base, self.not_before.get(template.get("type", ""), base))
        bot = self.seat_bot(seat)
        start = ready + bot.reaction_us()
        weigh = getattr(bot, "weigh_us", None)       # Retrograde: the cards weighed as a person does (issue 34)
        if weigh is not None:
            start += weigh(self.game, seat, template)
        start = max(start, now_us)
        tl = self.timeline if self.timeline is not None else _InjectedInputs(self.bot_inputs)
        if binding == "button":
            tl.press(seat, start, BOT_HOLD_US)
            busy = start + BOT_HOLD_US
        elif binding == "button_release":
            tl.add(start, seat, "button", False)
            busy = start
        elif binding in ("cup_up", "cup_down"):
            tl.add(start, seat, "cup", binding == "cup_down")
            busy = start
        else:
            controls = self.controls[seat]
            index = controls.index_of(self.game, template)
            if index is None:
                return
            steps = index - controls.cursor
            if steps:
                self.nav(seat, steps)
            if controls.presses(self.game, template) == 1:
                tl.press(seat, start, BOT_HOLD_US)
                busy = start + BOT_HOLD_US
            else:                           # a choice: shown at the pace people can follow (issue 38)
                if not is_realtime(template):   # a reroll (ruling RG-15) was weighed already: armed at once
                    start += self.pace.think_us
                tl.press(seat, start, BOT_HOLD_US)
                tl.press(seat, start + self.pace.confirm_us, BOT_HOLD_US)
                busy = start + self.pace.confirm_us + BOT_HOLD_US
        self.bot_busy_until[seat] = busy + 1

    # ---------------------------------------------------------------- loop
    def next_event_us(self) -> int | None:
        """The earliest time anything is scheduled (headless stepping)."""
        times = [self.timeline.next_us() if self.timeline is not None else None,
                 min((e.t_us for e in self.bot_inputs), default=None),
                 self.bank.deadline_us(), self.game.deadline_us(),
                 min((n[0] for n in self.bot_navs), default=None)]
        if times[2] is not None:
            times[2] += self.offset_us
        if self.frozen_until_us > self.now_us:      # no tick before the countdown ends (CAB-8)
            times[3] = None
        if self.dice is not None and self.dice.next_us() is not None:
            times.append(max(self.dice.next_us(), self.hold_until_us))  # no reading during the countdown
        if self.hold_until_us > self.now_us:   # each second of the countdown, then its end
            times.append(self.hold_until_us - (self.hold_until_us - self.now_us - 1) // 1_000_000 * 1_000_000)
        times.extend(t for t in [*self.not_before.values(), self.frozen_until_us] if t > self.now_us)
        busy = [t for s, t in self.bot_busy_until.items() if t > self.now_us]
        times.extend(busy)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    def step(self, t_us: int) -> None:
        """Advance the cabinet to ``t_us``: inputs, dice, ticks, bots."""
        if self.journal_problem:
            import time as _time
            now = _time.monotonic()
            if now >= self._journal_next_retry:
                self._journal_next_retry = now + min(1.0, self.journal_retry_s)
                self.retry_journal()
            if self.journal_problem:       # paused: no input, die, tick or bot moves the game
                if self.dirty and self.on_change is not None:
                    self.on_change(self)
                    self.stats.renders += 1
                self.dirty = False
                return
        if self.pre_step is not None:
            self.pre_step(t_us)
        self.pump(t_us)
        for seat, until in list(self._prompt_until.items()):
            if t_us >= until:
                del self._prompt_until[seat]
                if self.prompts.get(seat) in PASSING:
                    self.prompts.pop(seat)
                    self.dirty = True
        if self.dice is not None:
            # no die is read while the countdown runs: the seats may not roll yet
            if t_us >= self.hold_until_us and not self.game.is_terminal():
                for action in self.dice.poll(self, t_us):
                    self._apply_dice(action)
        elif not self.game.is_terminal():
            for req in self.game.chance_requests()[:1]:
                self.try_apply(self.bot.answer_chance(self.game, req))
        if self.dice is not None:
            self._plan_bot_checks(t_us)
        self.tick_if_due(t_us)
        self.plan_bots(t_us)
        if self.dirty:     # the cursors follow the new choices before they are drawn (drawing moves none)
            phase = None
            for seat, controls in enumerate(self.controls):
                controls.refresh(self.game)
                if controls.gone is not None:      # a note from an earlier phase is stale (issue 34)
                    phase = _phase_key(self.game) if phase is None else phase
                    if self._gone_phase.setdefault(seat, phase) != phase:
                        controls.read_gone, controls.gone = controls.gone, None
                if controls.gone is None:
                    self._gone_phase.pop(seat, None)
                if controls.gone is not None:      # "card D was taken": said at once
                    self.prompts[seat] = controls.gone
                elif controls.read_gone is not None:   # the seat moved on: the note has been read
                    if self.prompts.get(seat) == controls.read_gone:
                        self.prompts.pop(seat)
                    controls.read_gone = None
        if self.dirty and self.on_change is not None:
            self.on_change(self)
            self.stats.renders += 1
        self.dirty = False

    def _plan_bot_checks(self, now_us: int) -> None:
        """Simulation, ruling CAB-6: a bot whose dice the camera misread
        rejects the reading with a long press; asked to enter its dice by
        hand it turns each die to the value in its tray (navigation) and
        presses on, then presses "ok" - the inputs a person would use."""
        from firmware.runtime.dice_station import LONG_PRESS_US
        tl = self.timeline if self.timeline is not None else _InjectedInputs(self.bot_inputs)
        for seat, key, what in self.dice.bot_checks():
            t = now_us + BOT_CHECK_US
            if what == "reject":
                tl.press(seat, t, LONG_PRESS_US + 100_000)
                continue
            entry = self.dice.entries[key]
            target = _closest_order(entry["values"], self.dice.truth(key) or entry["values"])
            for i, v in enumerate(target + [None]):
                if v is not None and v != entry["values"][i]:
                    self.bot_navs.append((t, seat, v - entry["values"][i]))
                tl.press(seat, t + 50_000, BOT_HOLD_US)
                t += 300_000

    def _apply_dice(self, action: dict[str, Any]) -> None:
        """Apply what the dice station answered: dice values (a chance
        input), or a camera confirmation of turned dice (GR-7)."""
        if action.get("type") != "confirmed":
            if isinstance(action.get("t_us"), int):     # what the bots react to is stamped when the frame was taken
                self.seen_us = max(self.seen_us or 0, action["t_us"])
            self.try_apply(action)
            return
        pending = self.confirming.pop(action["player"], None)
        if pending is not None:
            self.prompts.pop(action["player"], None)
            self.try_apply(pending, action["player"])

    def run_headless(self, max_steps: int = 2_000_000) -> None:
        """Play until the game ends, jumping the virtual clock from one
        scheduled event to the next (bots at every seat, or scripted inputs).

        Raises:
            RuntimeError: nothing is scheduled but the game is not over (a
                human seat would have to act), or the step cap is reached.
        """
        steps = 0
        self.step(self.now_us)
        while not self.game.is_terminal() or self.journal_problem:
            if self.journal_problem:
                self._wait_for_journal()
                continue
            steps += 1
            if steps > max_steps:
                raise RuntimeError(f"the game did not end within {max_steps} runtime steps")
            nxt = self.next_event_us()
            if nxt is None:
                if self.game.chance_requests() or self.game.active_players():
                    nxt = self.now_us + 1000
                    if steps % 1000 == 0 and not (self.bots & set(self.game.active_players())):
                        raise RuntimeError("waiting for a human seat in headless mode; use --bots all")
                else:
                    raise RuntimeError("the game is stuck: no input, dice or timer is awaited")
            self.step(max(nxt, self.now_us))


    def _wait_for_journal(self) -> None:
        """Headless: the journal cannot be written (disk full); wait in
        wall-clock time, retrying, for at most ``journal_max_pause_s``.

        Raises:
            OSError: (the writer's ``JournalWriteError``) still failing at
                the end; the message names the journal and the fix.
        """
        import time as _time
        waited = 0.0
        delay = min(0.05, self.journal_retry_s)
        while True:
            if self.retry_journal():
                return
            if waited >= self.journal_max_pause_s:
                self.journal.flush()        # raises the writer's error, naming the journal
                return
            _time.sleep(delay)
            waited += delay
            delay = min(self.journal_retry_s, delay * 2)


def _decided(choose: Callable[..., Any], seat: int, game: Any) -> Any:
    """A bot's decision beside the loop, or the error it raised (handed
    back to the loop, which raises it as the step would have)."""
    try:
        return choose(seat, game)
    except Exception as exc:  # noqa: BLE001 - re-raised in the loop
        return exc


def _closest_order(now: list[int], truth: list[int]) -> list[int]:
    """``truth`` arranged to change as few of the dice in ``now`` as
    possible (a die already right stays where it is)."""
    rest = list(truth)
    out: list[int | None] = []
    for v in now:
        if v in rest:
            rest.remove(v)
            out.append(v)
        else:
            out.append(None)
    return [v if v is not None else rest.pop(0) for v in out]


class _InjectedInputs:
    """Bot inputs on real hardware: debounced events injected at their time
    (a bot has no finger on the real switch)."""

    def __init__(self, sink: list[InputEvent]):
        self.sink = sink

    def add(self, t_us: int, seat: int, name: str, closed: bool) -> None:
        self.sink.append(InputEvent(seat, name, "press" if closed else "release", t_us))

    def press(self, seat: int, t_us: int, hold_us: int = BOT_HOLD_US, name: str = "button") -> None:
        self.add(t_us, seat, name, True)
        self.add(t_us + hold_us, seat, name, False)


#: The seat's words in passing about its dice check (gone after a moment).
PASSING = ("dice ok", "dice accepted")


def _phase_key(game: Any) -> tuple:
    """The game's (round, phase) from its public view: a note said in one
    phase is stale in the next."""
    view = game.view(None)
    return view.get("round"), view.get("phase")
