"""The runtime's inputs: pin edges from the hardware layer's edge source
(in simulation a scripted timeline on the mock factory) are debounced,
stamped on the cabinet's clock (:attr:`~firmware.runtime.runner.Runtime.offset_us`)
and mapped to actions by each seat's
:class:`~firmware.runtime.controls.SeatControls`; a press that did nothing
may be told why.  A person's press too soon after a new choice appeared
for its seat only shows it (ruling CAB-12: each seat's choices are
observed as the screens showed them, :meth:`RunnerInputs._observe`).

:class:`RunnerInputs` is mixed into :class:`firmware.runtime.runner.Runtime`;
it uses its ``game``, ``io``, ``stats``, ``prompts``, ``pause``, the dice
glue (``_contest_input``, ``_needs_camera_confirmation``) and the bots'
injected inputs (``bot_inputs``, ``bot_navs``, ``call_off_bot_presses``).
"""
from __future__ import annotations

from typing import Any

from hardware.debounce import DebounceBank, InputEvent
from hardware.edges import drain
from hardware.mock import Timeline

from firmware.rulings import AIM_AT_GO_WORDS, BEFORE_GO_WORDS, COUNTDOWN_US, LOOK_FIRST_US, NOTICE_SHOWN_US
from firmware.screens.games import cabinet_game
from firmware.runtime.armed_reroll import disarm_stale
from firmware.runtime.controls import GONE, LOOK_FIRST, SeatControls
from firmware.screens.choices import NOT_A_RACE
from firmware.runtime.takeback import is_refusal
from firmware.runtime.walk_back import walk_from, walk_to

#: How long a press's "new choice: look first" stays on the seat's OLED at
#: least, us: while the guard runs, and this long when the press came in
#: its last moment (play-test g1o_02: 1 s kept "look first" above a choice
#: a press already took).
LOOK_FIRST_SHOWN_US = 300_000


class RunnerInputs:
    """Edges to debounced, stamped input events to actions."""

    def _init_inputs(self, io: Any) -> None:
        """The inputs' state: a seat's controls each, the debouncers (from
        the pins' levels now), the pin map, and in simulation the timeline
        that plays scripted edges on the mock factory."""
        self.controls = [SeatControls(s) for s in range(self.game.num_players)]
        levels = io.levels() if hasattr(io, "levels") else io.edges.levels()
        self.bank = DebounceBank(io.debounce_us, levels)
        self._pins = dict(io.pin_map)
        self.simulated = bool(getattr(io, "simulated", True))
        self.timeline = Timeline(io.factory, self._pins, drive=getattr(io, "drive", None)) if self.simulated else None
        #: seat -> the action count when its late press was told (once until the game moves on)
        self._late_said: dict[int, int] = {}
        #: seat -> (action count, dice check up) when its choices were last observed (CAB-12)
        self._looked: dict[int, tuple[int, bool]] = {}
        #: seat -> until when its "new choice: look first" stays on its OLED, us
        self._look_until: dict[int, int] = {}
        #: seat -> (until when, words) of a moment's notice on its OLED (:meth:`say_for`)
        self._notes: dict[int, tuple[int, str]] = {}
        #: seat -> (when, where its cursor stood before) its last arrow step (:meth:`SeatControls.place`)
        self._step_from: dict[int, tuple] = {}
        #: seat -> the last card choice under its cursor (the game's ``aim_changed`` hook compares)
        self._aims: dict[int, dict[str, Any]] = {}
        #: people's seats whose inputs were handled since the screens last took them (their OLED goes first)
        self.touched: set[int] = set()

    def handle_input(self, ev: InputEvent) -> None:
        """Map one debounced input event to an action (or ignore it)."""
        if ev.seat not in self.bots:
            self.touched.add(ev.seat)
        if ev.input in ("nav_a", "nav_b") and ev.kind != "press":   # an arrow let go ends its holds,
            self.group_jumps.let_go(ev)                           # whoever uses the release (issue 34)
            self.take_backs.let_go(ev, self)
        was_paused = self.pause.paused
        if self.pause.input(ev, self.bots):      # a pause hold, or a person's input while paused
            self.dirty = True
            if self.pause.paused != was_paused:
                self._pause_turned(ev.t_us)
            return
        if ev.seat in self.bots and ev.kind == "press" and self.take_backs.holding(ev.t_us):
            self.stats.ignored_inputs += 1       # a person holds Left under its take-back offer: bots wait
            return
        if (ev.kind == "press" and ev.seat not in self.bots and self.summary_press is not None
                and self.summary_press(ev)):     # CAB-13: a round's summary stands: the press reads it
            self.take_backs.input(ev, self)      # an arrow's hold begun under it still takes back (CAB-11)
            self.stats.ignored_inputs += 1
            self.dirty = True
            return
        if self.take_backs.input(ev, self):      # the end of a take-back hold
            return
        self.group_jumps.input(ev, self)          # Right held alone: the next group (issue 34)
        game = self.game
        if game.is_terminal() or not 0 <= ev.seat < game.num_players:
            self.stats.ignored_inputs += 1
            return
        if ev.t_us < self.frozen_until_us:      # the countdown of a resumed race (CAB-8)
            self._before_go(ev)
            return
        if self.dice is not None and self._contest_input(ev):
            return
        self.tick_if_due(ev.t_us)    # a deadline passed before this edge is the game's first (a race's time-out)
        controls = self.controls[ev.seat]
        action = None
        if ev.input == "button":
            if ev.kind == "press":
                self._observe(ev.t_us)
                self._walks.pop(ev.seat, None)      # a press ends a walk of arrow steps (RG-16)
                disarm_stale(self, ev.t_us)         # an armed reroll Stop or a taken card ended (PT31)
                action = controls.press(game, ev.t_us, look_first=self._look_first(ev.seat, ev.t_us))
                if controls.said_gone and controls.message == LOOK_FIRST:
                    if self._late_press(ev.seat, ev.t_us) or self._idle_press(ev.seat, ev.t_us):
                        controls.message = ""     # "too late" (the race just decided), "wait: reveal in 2 s"
                        self.stats.ignored_inputs += 1
                        return
                    self._say_look_first(ev.seat, ev.t_us)
                    return
                self._drop_look_first(ev.seat)
                if action is None and controls.armed:
                    self.arm_keep(ev.seat)          # a reroll keeps what its arming showed (RG-16)
                    self.dirty = True
                elif action is None and controls.said_gone:   # the OLED says why nothing happened
                    self.prompts[ev.seat] = self._gone_said[ev.seat] = controls.message or GONE
                    controls.message = ""
                    self.dirty = True
            else:
                action = controls.physical(game, "button_release", ev.t_us)
        elif ev.input == "cup":
            action = controls.physical(game, "cup_down" if ev.kind == "press" else "cup_up", ev.t_us)
        elif ev.input == "nav_push" and ev.kind == "press":
            controls.push()
            self.drop_armed_keep(ev.seat)
            self.dirty = True
            return
        elif ev.input in ("nav_a", "nav_b") and ev.kind == "press":  # two-button navigation
            first = self.pause.chord(ev)
            if first is not None:        # the pause gesture's second arrow: the first's step undone (PT63)
                self._undo_step(ev.seat, first)
                return
            self._step_from[ev.seat] = (ev.t_us, self.controls[ev.seat].place())
            self.nav(ev.seat, -1 if ev.input == "nav_a" else 1)
            return
        if action is None or ev.t_us < self.not_before.get(action.get("type", ""), -1):
            self._nothing_to_do(ev)
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

    def _before_go(self, ev: InputEvent) -> None:
        """An input during the countdown of a resumed race (CAB-8): hands
        off; a person's button or lifted cup is told to wait for "go"
        (play-test g2g: it vanished unsaid).  The arrows aim, except in a
        race whose game hides it until go (Cha dango, ruling CAB-15: each
        cursor stays where it was, and the arrow is told to wait)."""
        if ev.input in ("nav_a", "nav_b") and ev.kind == "press":
            declared = cabinet_game(self.game.game_id)
            if declared is None or declared.hook("resume_action") is None:
                self.nav(ev.seat, -1 if ev.input == "nav_a" else 1)
            elif ev.seat not in self.bots:
                self.stats.ignored_inputs += 1
                self.say_for(ev.seat, AIM_AT_GO_WORDS, ev.t_us)
            return
        self.stats.ignored_inputs += 1
        lifted = ev.input == "cup" and ev.kind != "press"      # (a cup's contact opens as it is lifted)
        if ((ev.input == "button" and ev.kind == "press") or lifted) and ev.seat not in self.bots:
            self.say_for(ev.seat, BEFORE_GO_WORDS, ev.t_us)

    def _nothing_to_do(self, ev: InputEvent) -> None:
        """A press with no action, or while the last result is still on
        screen (CAB-7): counted as ignored, and a button press is always
        said to its seat (rolling, too late, or idle; issue 34, L2)."""
        if ev.kind != "press":
            return
        self.stats.ignored_inputs += 1
        if ev.input == "button" and not self.rolling_press(ev.seat, ev.t_us):
            if not self._late_press(ev.seat, ev.t_us):
                self._idle_press(ev.seat, ev.t_us)

    def _observe(self, t_us: int) -> None:
        """Each person's seat looks at its choices as the screens showed
        them at ``t_us`` (ruling CAB-12): a new decision's time is kept
        (:meth:`SeatControls.observe`); only after the game moved or a
        dice check began or ended (bots are never held back).  A check
        that ran out unanswered stays what the seat's next press answers
        through a new choice (issue 34, PT14); its cursor's turn or a new
        round or phase ends it (:meth:`watch_unanswered`)."""
        game = self.game
        if game.is_terminal():
            return
        self.see_checks(t_us)               # a dice check is a new choice too (CAB-6)
        self.watch_unanswered()             # a new phase ends a check's late answer (CAB-6)
        for seat, controls in enumerate(self.controls):
            if seat in self.bots:
                continue
            checking = self.dice is not None and self.dice.tray_of(seat, self.bots) is not None
            mark = (self.stats.actions, checking)
            before = self._looked.get(seat)
            if before != mark:
                self._looked[seat] = mark
                controls.observe(game, t_us, hidden=checking)   # (a check that ran out stays the press's
                self._see_aim(seat, t_us)                        # meaning through a new choice: PT14)

    def _see_aim(self, seat: int, t_us: int, moved: bool = False) -> None:
        """The card choice under ``seat``'s cursor is kept; when it changed
        though the seat did not move (``moved``), the game's
        ``aim_changed(game, seat, before, now)`` hook may give words its
        OLED says for a moment (Cha dango: "panda gone: now cat", issue 34
        g1e: a press meant for the panda landed on the cat)."""
        try:
            chosen = self.controls[seat].shown(self.game).chosen
        except (KeyError, IndexError, TypeError, AttributeError):
            return
        if not chosen or chosen.get("card") is None:
            return
        before, self._aims[seat] = self._aims.get(seat), dict(chosen)
        if moved or before is None or before == chosen:
            return
        declared = cabinet_game(self.game.game_id)
        hook = declared.hook("aim_changed") if declared is not None else None
        words = hook(self.game, seat, before, chosen) if hook is not None else None
        if words:
            self.say_for(seat, words, t_us)

    def _look_first(self, seat: int, t_us: int) -> bool:
        """True when ``seat``'s press at ``t_us`` came too soon after its
        new decision appeared to have been made on it: a person's seat,
        less than :data:`~firmware.rulings.LOOK_FIRST_US` after it (or
        stamped before it: meant for what was there), its cursor not
        turned since (ruling CAB-12)."""
        new_at = self._new_at(seat)
        if seat in self.bots or new_at is None or self._moved_on.get(seat, -1) >= new_at:
            return False
        return t_us < new_at + LOOK_FIRST_US

    def _new_at(self, seat: int) -> int | None:
        """When ``seat``'s new choice appeared on its screens, us (None:
        never): when the game offered it (:attr:`SeatControls.new_at_us`),
        or for a Cha dango reveal (:data:`NOT_A_RACE`: its OLED says
        "reveal in N s" while the last result stays, CAB-7) when that
        pause ended and "press: reveal the order" appeared (issue 34),
        whichever is later.  (Choices shown during a pause, Cryptid Cafe's
        round summary, appeared when shown.)"""
        new_at = self.controls[seat].new_at_us
        chosen = self.controls[seat].shown(self.game).pressed     # (the reveal, also while the seat aims ahead)
        kind = chosen.get("type", "") if chosen is not None else ""
        held = self.not_before.get(kind, -1) if kind in NOT_A_RACE else -1
        if new_at is None or held <= new_at:
            return new_at
        return held

    def _say_look_first(self, seat: int, t_us: int) -> None:
        """The OLED says "new choice: look first" while the guard runs
        (it goes when a press would be taken), at least
        :data:`LOOK_FIRST_SHOWN_US`."""
        controls = self.controls[seat]
        controls.message = ""
        self.prompts[seat] = LOOK_FIRST
        self._look_until[seat] = max(t_us + LOOK_FIRST_SHOWN_US, (self._new_at(seat) or t_us) + LOOK_FIRST_US)
        self.stats.ignored_inputs += 1
        self.dirty = True

    def say_for(self, seat: int, words: str, t_us: int, shown_us: int = NOTICE_SHOWN_US) -> None:
        """``seat``'s OLED says ``words`` from ``t_us`` for ``shown_us`` (a
        moment's notice: "too soon: before go"); it goes then unless
        other words replaced it."""
        self.prompts[seat] = words
        self._notes[seat] = (t_us + shown_us, words)
        self.dirty = True

    def _drop_notes(self, t_us: int) -> None:
        """The notices whose moment is over by ``t_us`` leave the OLEDs."""
        for seat, (until, words) in list(self._notes.items()):
            if t_us >= until:
                del self._notes[seat]
                if self.prompts.get(seat) == words:
                    self.prompts.pop(seat)
                    self.dirty = True

    def _drop_look_first(self, seat: int, t_us: int | None = None) -> None:
        """``seat``'s "new choice: look first" leaves its OLED (when its
        moment is over by ``t_us``; at once when None: the seat moved or
        its press was taken)."""
        until = self._look_until.get(seat)
        if until is None or (t_us is not None and t_us < until):
            return
        del self._look_until[seat]
        if self.prompts.get(seat) == LOOK_FIRST:
            self.prompts.pop(seat)
            self.dirty = True

    def _late_press(self, seat: int, t_us: int) -> bool:
        """A button press that did nothing: the game's ``late_press`` hook
        may say why (Cha dango: the hit came after the race was decided,
        issue 34); its words join the event texts the screens read (not
        the journal), once per seat until the game moves on.  Returns True
        when the press was such a late one (told now or before)."""
        declared = cabinet_game(self.game.game_id)
        hook = declared.hook("late_press") if declared is not None else None
        if hook is None:
            return False
        text = hook(self.game, seat, t_us)
        if text and self._late_said.get(seat) != self.stats.actions:
            self._late_said[seat] = self.stats.actions
            self.events.append(text)
            self.dirty = True
        return bool(text)

    def _idle_press(self, seat: int, t_us: int) -> bool:
        """A person's button press that did nothing and was not late: the
        game's ``idle_press(game, seat, t_us, not_before)`` hook may say
        why on the seat's OLED for a moment (Cha dango between races:
        "next order in 3 s", "wait: Seat 2 reveals"; issue 34, L2_01: a
        press in the result window showed nothing at all).  Returns True
        when it said something."""
        if seat in self.bots:
            return False
        declared = cabinet_game(self.game.game_id)
        hook = declared.hook("idle_press") if declared is not None else None
        words = hook(self.game, seat, t_us, dict(self.not_before)) if hook is not None else None
        if words:
            self.say_for(seat, words, t_us)
        return bool(words)

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

    def hold_for_question(self, t_us: int, on: bool) -> None:
        """The window asks "Esc again within 4 s to leave" (``on``) or the
        question went unanswered (``not on``), at ``t_us``: the game is
        held as a seat's pause holds it (issue 34, shot061-062: bots
        claimed behind the question; CAB-8: no bot moves, no timer runs
        out, a race goes on after the 3-2-1).  A pause a seat made stays
        as it is (neither held again nor ended here)."""
        pause = self.pause
        if on and not pause.paused:
            pause.paused, pause.by, pause.leaving, pause.page = True, None, True, 0
            pause.since_us = None            # held from the question's key, not a hold's first edge
        elif not on and pause.paused and pause.leaving:
            pause.paused, pause.leaving = False, False
        else:
            return
        self._pause_turned(t_us)
        self.dirty = True

    def unheld_us(self, t_us: int) -> int:
        """``t_us`` on the clock of the game's timers: while the game is
        held (paused, or the Esc question asked) the moment the hold
        began, else ``t_us``.  A timer that starts under the hold (a round
        that ended as it began, the 3-2-1 keyed from its summary) starts
        there, and is moved on by the held span when the game goes on:
        it stands its whole time after the hold (issue 34)."""
        if self.pause.paused:
            return min(t_us, getattr(self, "_paused_at", t_us))
        return t_us

    def _move_timers_on(self, paused_at: int, paused_us: int) -> None:
        """Going on after a hold from ``paused_at`` that lasted ``paused_us``:
        every timer of the runtime still running at ``paused_at`` (or set
        in the hold) is moved on by it, as none ran while the game was held
        (README: "no timer runs out"): the holds of ``not_before`` (a
        result, a round's summary), the 3-2-1's end (``hold_until_us``,
        issue 34: the summary gave way to the 3-2-1 ~2 s after the Esc
        question went), a resumed race's countdown and the dice checks'
        windows (ruling CAB-6: a check ran out under the question)."""
        if paused_us <= 0:
            return
        self.not_before = {k: v + paused_us if v > paused_at else v for k, v in self.not_before.items()}
        if self.hold_until_us > paused_at:
            self.hold_until_us += paused_us
        if self.frozen_until_us > paused_at:
            self.frozen_until_us += paused_us
        if self.dice is not None:
            self.dice.held_for(paused_at, paused_us)

    def _pause_turned(self, t_us: int) -> None:
        """The game was paused or goes on at ``t_us`` (issue 38; play-test
        round 3: a Cha dango race ran on under the pause).  Paused: the
        bots' presses not yet made are called off (their releases stay) and
        they plan again once it goes on.  Going on: a result still on the
        screen stays for what was left of it (the pause's time added to
        ``not_before``), and an open race starts again after the 3-2-1,
        as a race resumed from a save (ruling CAB-8; the game's
        ``resume_action`` hook; the session's timers count it down); a
        dice check's window waits for the 3-2-1 too (no press is taken
        in it).
        The game counts as paused from the first edge of the hold that
        paused it (issue 34: the 1 s hold ran a race's clock), or from the
        latest stamp it took in the hold."""
        if self.pause.paused:        # a move begun ends (a button let go, a cup put down); none begins
            # CAB-8: paused from the hold's first edge (the hold is no race time), never before a stamp
            # the game has taken (so every stamp of a race keeps its order)
            start = t_us if self.pause.since_us is None else self.pause.since_us
            self._paused_at = min(t_us, max(start, self.game.now_us()))
            self.call_off_bot_presses(t_us)
            return
        paused_us = max(0, t_us - getattr(self, "_paused_at", t_us))
        self.stale_before_us = t_us     # a bot's decision asked before the pause ended is thought again
        self._move_timers_on(t_us - paused_us, paused_us)
        declared = cabinet_game(self.game.game_id)
        held = declared.hook("held_action") if declared is not None else None
        going_on = held(self.game) if held is not None and not self.game.is_terminal() else None
        if going_on is not None:    # CAB-8: a choice's clock keeps the time it had left (a VP card, CAB-9)
            self.try_apply(dict(going_on, t_us=max(t_us, self.game.now_us()), paused_at_us=t_us - paused_us))
        restart = declared.hook("resume_action") if declared is not None else None
        action = restart(self.game) if restart is not None and not self.game.is_terminal() else None
        if action is not None:      # no tick, no press until the 3-2-1 is over; then the race goes on
            if "paused_at_us" in action:    # CAB-8: what was done before the pause stands
                race = self.game.view(None).get("race") or {}
                action = dict(action, paused_at_us=max(self._paused_at, race.get("open_us", self._paused_at)))
            self.restart_action = action
            self.frozen_until_us = self.hold_until_us = t_us + COUNTDOWN_US
        elif declared is not None and (declared.hook("race_on") or (lambda g: False))(self.game):
            # a race with no action to restart it (Retrograde's claims): hands off for the 3-2-1 (CAB-8)
            self.frozen_until_us = max(self.frozen_until_us, t_us + COUNTDOWN_US)
            self.hold_until_us = max(self.hold_until_us, t_us + COUNTDOWN_US)
        if self.dice is not None and self.frozen_until_us > t_us:
            # no press is taken in the 3-2-1: a dice check keeps the time it had left from go (CAB-6)
            self.dice.held_for(t_us, self.frozen_until_us - t_us)

    def nav(self, seat: int, step: int) -> None:
        """A navigation step (encoder detent or nav button) of ``seat``."""
        if 0 <= seat < self.game.num_players:
            key = self.dice.tray_of(seat, self.bots) if self.dice is not None else None
            if key is not None and key in self.dice.entries:   # hand entry: the die's value
                self.dice.entry_nav(key, step)
            else:
                walk = walk_from(self, seat, step)      # RG-16: a walk back to "reroll" keeps its target
                self.controls[seat].nav(self.game, step)
                self.moved(seat)
                walk_to(self, seat, walk)
            self.dirty = True

    def _undo_step(self, seat: int, first_us: int) -> None:
        """Put ``seat``'s cursor back where it stood before the arrow step
        pressed at ``first_us`` (the first arrow of the pause gesture:
        holding both arrows leaves the cursor where it was, PT63: at
        "reroll" Left stopped at the row's end and Right stepped onto card
        A); nothing when that press stepped nothing (another use took it)."""
        got = self._step_from.pop(seat, None)
        if got is not None and got[0] == first_us:
            self.controls[seat].go_back(self.game, got[1])
            self.dirty = True

    def moved(self, seat: int) -> None:
        """``seat`` moved its cursor (a step or a group jump): it has looked
        (CAB-12), and a refused take-back's words go, as does a "card D
        was taken" its press said (it aims anew)."""
        self._moved_on[seat] = self.now_us
        self.drop_armed_keep(seat)               # (an arrow disarms)
        self._walks.pop(seat, None)              # (a group jump ends a walk; a step goes on with it)
        if self.dice is not None:
            self.end_unanswered(seat)          # it looked at its choices: its press is one (CAB-6)
        self._see_aim(seat, self.now_us, moved=True)
        said = self._gone_said.pop(seat, None)
        if is_refusal(str(self.prompts.get(seat, ""))) or (said is not None and self.prompts.get(seat) == said):
            self.prompts.pop(seat)
        self.refusals.pop(seat, None)
        self._drop_look_first(seat)
        self.dirty = True

    def pump(self, t_us: int) -> None:
        """Play scripted edges up to ``t_us``, drain the edge queue, feed
        the debouncers and handle the resulting events."""
        self.postpone_bots_in_hold(t_us)    # a person's pause hold: the bots' edges wait (CAB-8)
        if self.timeline is not None:
            self.timeline.run_until(t_us)
        self._observe(self.now_us)          # what the last step drew, when it drew it (CAB-12)
        for seat in list(self._look_until):
            self._drop_look_first(seat, t_us)
        self._drop_notes(t_us)
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
            self._observe(ev.t_us)
        self.group_jumps.due(self, t_us)
