"""The cabinet runtime loop: inputs, dice, timers and bots drive the engine.

One :class:`Runtime` runs one game.  Every source of change goes through it:

* input edges from the hardware layer's edge source (a queue fed by backend
  threads; in simulation a scripted ``MockFactory``), debounced, mapped to
  actions by each seat's :class:`~firmware.runtime.controls.SeatControls`
  (:mod:`firmware.runtime.runner_inputs`);
* dice: the game's chance requests are answered from camera readings (see
  :mod:`firmware.runtime.dice_station`; the runtime's side in
  :mod:`firmware.runtime.runner_dice`);
* timers: when the engine's ``deadline_us`` passes, a ``tick``;
* bots: they act through the same inputs a person uses (pin edges on the
  mock factory for the button and the cup, navigation for choices, dice
  thrown into the simulated tray), never by calling the engine
  (:mod:`firmware.runtime.runner_bots`).

Every applied action is journaled before anything else happens
(:mod:`firmware.runtime.runner_journal`); the screen and the OLEDs are
redrawn only when something changed.  Those parts are mixed into
:class:`Runtime`, which holds the state they share and runs the step.
"""
from __future__ import annotations

import collections
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from engines import Game, IllegalAction

from firmware.runtime.by_hand import event_texts
from firmware.runtime.controls import game_held_still, game_moved
from firmware.runtime.pace import PACES, PauseSwitch
from firmware.rulings import PRIVATE_SHOWN_US
from firmware.screens.games import cabinet_game
from firmware.runtime.runner_bots import RunnerBots
from firmware.runtime.runner_dice import RunnerDice, phase_key
from firmware.runtime.runner_targets import RunnerTargets
from firmware.runtime.runner_inputs import RunnerInputs
from firmware.runtime.runner_journal import RunnerJournal
from firmware.runtime.group_jump import GroupJumpHold
from firmware.runtime.takeback import TakeBackHold

log = logging.getLogger("cabinet.runtime")


@dataclass
class RuntimeStats:
    """Counters a run reports at the end."""
    actions: int = 0
    ignored_inputs: int = 0
    refused_actions: int = 0
    frames: int = 0
    renders: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class Runtime(RunnerInputs, RunnerDice, RunnerTargets, RunnerBots, RunnerJournal):
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
        self._init_journal(journal)
        self._init_bots(bots, bot_seed, bot_levels)
        self._init_dice(dice)
        self.on_change = on_change
        self._init_inputs(io)
        self.events: collections.deque[str] = collections.deque(maxlen=32)   # issue 34: every move since a seat's last turn
        #: each applied action's event texts, latest last: a take-back drops the undone one's from
        #: :attr:`events` (issue 34, pt11: "Phase 4: end-of-round cleanup" stayed after it; the log keeps them)
        self._applied: collections.deque[list[str]] = collections.deque(maxlen=16)
        #: the engine's event texts of this run, oldest first: the log a paused game pages back through (issue 38)
        self.log: collections.deque[str] = collections.deque(maxlen=2000)
        #: the engine's events (dicts) not yet taken by the sounds (issue 38, :mod:`firmware.runtime.sounds`)
        self.new_events: collections.deque[dict[str, Any]] = collections.deque(maxlen=64)
        #: how bots spread out a turn-based choice (issue 38: ``cabinet.bot_pace``; headless: fast)
        self.pace = PACES["fast"]
        #: when the last move (not a tick) was applied, us: a bot's turn-based choice lets it
        #: stand ``pace.stand_us`` (issue 34, PT13)
        self.last_move_us = -(1 << 62)
        #: the pause any person's seat toggles (a long hold of its navigation push)
        self.pause = PauseSwitch()
        #: a person's seat takes back its last choice: Left held alone 1 s (:mod:`firmware.runtime.takeback`)
        self.take_backs = TakeBackHold()
        #: a person's seat crosses a long choice list a group at a time: Right held alone (issue 34)
        self.group_jumps = GroupJumpHold()
        self.prompts: dict[int, str] = {}
        self.stats = RuntimeStats()
        #: action type -> no such action is taken before this stamp, us: a
        #: Cha dango reveal waits until the last race's outcome has been on
        #: screen for a while (ruling CAB-7); presses before it are ignored
        #: and bots schedule theirs after it; ``"dice"``: no die is asked
        #: for or read before it (Ginza's next round while its round's
        #: summary stands, ruling GR-10)
        self.not_before: dict[str, int] = {}
        #: a race paused and going on: the action that restarts it after the 3-2-1 (the session's
        #: timers take it, ruling CAB-8); when the last pause ended, us (a bot's decision asked
        #: before it is thought again)
        self.restart_action: dict[str, Any] | None = None
        self.stale_before_us = -1
        #: the (round, phase) when each seat's "card D was taken" note was first said
        self._gone_phase: dict[int, tuple] = {}
        #: seat -> the "card D was taken" note the runtime last put on its OLED
        self._gone_said: dict[int, str] = {}
        #: nothing moves the game before this time, us: no input counts, no
        #: tick is sent, no bot plans (a race resumed from a save waits for
        #: its countdown, ruling CAB-8)
        self.frozen_until_us = -1
        #: called with t_us at the start of every step (the session's timers)
        self.pre_step: Callable[[int], None] | None = None
        #: called after every applied action (timers an action starts, e.g.
        #: the pause after a decided race, hold the very next input)
        self.after_apply: Callable[[], None] | None = None
        #: called with a person's press (an input event) before it acts: True when it was
        #: taken by the screens instead (a round's summary it closes, the session's timers, CAB-13)
        self.summary_press: Callable[[Any], bool] | None = None
        self.dirty = True
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

    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one action to the engine and journal it.

        If the journal cannot be written (disk full) the action stays
        queued in the writer and the game pauses (:attr:`journal_problem`)
        until it is written: no applied action is lost.

        Raises:
            IllegalAction: refused by the engine (nothing is journaled).
        """
        asked = self.dice_asked()               # a seat asked for its dice anew keeps some (a reroll)
        try:
            events = self.game.apply(action)
        finally:                                # (a refused action changes nothing; a crash may have)
            game_moved()
        self.keep_on_reroll(action, asked)
        self.stats.actions += 1
        if action.get("type") != "tick":        # the move a bot's next choice lets stand (pace.py)
            self.last_move_us = self.now_us
        if self.journal is not None:
            try:
                self.journal.append(action)
            except OSError as exc:          # disk full: the action stays queued in the writer
                self._journal_failed(exc)
        self.new_events.extend(events)
        texts = event_texts(events, action)     # dice entered by hand: said so (PT30)
        if action.get("type") == "take_back" and self._applied:    # the latest moves: not what was undone
            drop_run(self.events, self._applied.pop())
        elif action.get("type") != "take_back":
            self._applied.append(texts)
        for text in texts:
            self.events.append(text)
            self.log.append(text)
        self._say_private(events)
        self.dirty = True
        if self.after_apply is not None:
            self.after_apply()
        return events

    def _say_private(self, events: list[dict[str, Any]]) -> None:
        """What ``events`` tell one seat alone (Café Junior: the cards it
        drew, PT48) said on that person's OLED for a moment, through the
        game's ``private_words(game, events) -> {seat: words}`` hook; never
        in :attr:`events` (the shared screen's)."""
        declared = cabinet_game(self.game.game_id)
        hook = declared.hook("private_words") if declared is not None else None
        if hook is None:
            return
        for seat, words in (hook(self.game, events) or {}).items():
            if words and seat not in self.bots:
                self.say_for(seat, words, self.now_us, PRIVATE_SHOWN_US)

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

    def tick_if_due(self, t_us: int) -> None:
        """Send the engine a tick when its deadline has passed (not while
        paused, nor while a person holds the pause gesture when the deadline
        came due after its first edge: if the hold pauses the game, the game
        counts as paused from that edge, ruling CAB-8)."""
        if self.pause.paused:                    # no timer runs out while paused (issue 38)
            return
        d = self.game.deadline_us()
        if t_us < self.frozen_until_us:
            return
        held = self.pause.holding_since()
        if d is not None and held is not None and d > held:
            return      # due in a person's pause hold: it waits for the hold's end (a pause counts from its first edge)
        if d is not None and not self.game.is_terminal() and d <= t_us:
            self.try_apply({"type": "tick", "t_us": max(d, self.game.now_us())})

    def next_event_us(self) -> int | None:
        """The earliest time anything is scheduled (headless stepping)."""
        times = [self.timeline.next_us() if self.timeline is not None else None,
                 min((e.t_us for e in self.bot_inputs), default=None),
                 self.bank.deadline_us(), self.game.deadline_us(),
                 min((n[0] for n in self.bot_navs), default=None), self.group_jumps.next_us()]
        if times[2] is not None:
            times[2] += self.offset_us
        if self.frozen_until_us > self.now_us:      # no tick before the countdown ends (CAB-8)
            times[3] = None
        if self.dice is not None and self.dice.next_us() is not None:
            # no reading during the countdown, nor while a round's summary holds the dice (GR-10)
            times.append(max(self.dice.next_us(), self.hold_until_us, self.not_before.get("dice", -1)))
        if self.hold_until_us > self.now_us:   # each second of the countdown, then its end
            times.append(self.hold_until_us - (self.hold_until_us - self.now_us - 1) // 1_000_000 * 1_000_000)
        times.extend(t for t in [*self.not_before.values(), self.frozen_until_us] if t > self.now_us)
        busy = [t for s, t in self.bot_busy_until.items() if t > self.now_us]
        times.extend(busy)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    def step(self, t_us: int) -> None:
        """Advance the cabinet to ``t_us``: inputs, dice, ticks, bots (the
        seats' choices worked out once between two applied actions)."""
        with game_held_still(controls_too=False):
            self._step(t_us)

    def _step(self, t_us: int) -> None:
        if self._asks:                     # questions to bots are asked on the game the last step left
            self.send_asks()
        if self.journal_problem and self._journal_still_paused():
            self._render()                 # paused: no input, die, tick or bot moves the game
            return
        if self.pre_step is not None:
            self.pre_step(t_us)
        self.pump(t_us)
        self.note_targets()
        self._drop_passing(t_us)
        # no die is asked for or read while the countdown runs, nor while a round's summary
        # stands (Ginza: its next round's dice wait, ruling GR-10): the seats may not roll yet;
        # nor while the game is held (issue 34: dice read and a check run out under the Esc question)
        rolling = (t_us >= max(self.hold_until_us, self.not_before.get("dice", -1)) and not self.game.is_terminal()
                   and not self.pause.paused)
        if self.dice is not None:
            if rolling:
                for action in self.dice.poll(self, t_us):
                    self._apply_dice(action)
        elif rolling:
            for req in self.game.chance_requests()[:1]:
                self.try_apply(self.bot.answer_chance(self.game, req))
        if self.dice is not None:
            self._plan_bot_checks(t_us)
        self.tick_if_due(t_us)
        self.plan_bots(t_us)
        if self.dirty:     # the cursors follow the new choices before they are drawn (drawing moves none)
            self._refresh_cursors()
        self._render()

    def _render(self) -> None:
        """Redraw (:attr:`on_change`) if anything changed since the last time."""
        if self.dirty and self.on_change is not None:
            self.on_change(self)
            self.stats.renders += 1
        self.dirty = False

    def _refresh_cursors(self) -> None:
        """Each seat's cursor follows the game's new choices; a "card D was
        taken" note is said at once, is stale in the next phase (issue 34),
        and leaves the OLED once the seat moved on."""
        phase = None
        for seat, controls in enumerate(self.controls):
            controls.refresh(self.game)
            if controls.gone is not None:      # a note from an earlier phase is stale (issue 34)
                phase = phase_key(self.game) if phase is None else phase
                if self._gone_phase.setdefault(seat, phase) != phase:
                    controls.read_gone, controls.gone = controls.gone, None
            if controls.gone is None:
                self._gone_phase.pop(seat, None)
            if controls.gone is not None:      # "card D was taken": said at once
                self.prompts[seat] = self._gone_said[seat] = controls.gone
            elif controls.read_gone is not None:   # the seat moved on: the note has been read
                # (the note on the OLED may be an earlier one than the note read: a second card
                # taken from under the cursor as Stop began)
                if self.prompts.get(seat) in (controls.read_gone, self._gone_said.get(seat)):
                    self.prompts.pop(seat, None)
                self._gone_said.pop(seat, None)
                controls.read_gone = None

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


def drop_run(lines: "collections.deque[str]", run: list[str]) -> None:
    """Remove the last occurrence of ``run`` (consecutive lines) from
    ``lines``; nothing when it is not there whole (it scrolled out)."""
    n = len(run)
    if not n:
        return
    items = list(lines)
    for i in range(len(items) - n, -1, -1):
        if items[i:i + n] == run:
            del items[i:i + n]
            lines.clear()
            lines.extend(items)
            return
