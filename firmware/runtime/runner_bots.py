"""The runtime's bots: they act through the same inputs a person uses (pin
edges on the mock factory for the button and the cup, navigation for
choices; on real hardware, debounced events injected at their time),
never by calling the engine.  A bot decides from its own view, in the
step or beside the loop (issue 36), and presses at a person's pace
(:mod:`firmware.runtime.pace`); in simulation it checks the dice the camera
read of its tray (ruling CAB-6).

:class:`RunnerBots` is mixed into :class:`firmware.runtime.runner.Runtime`;
it uses its ``game``, ``controls``, ``timeline``, ``pause``, ``pace``,
``not_before``, ``frozen_until_us``, ``confirming``, ``dice`` and ``nav``.
"""
from __future__ import annotations

import copy
import pickle
from typing import Any, Callable

from hardware.debounce import InputEvent

from bots import make_bot
from bots.random_bot import RandomBot
from engines.base import json_copy

from firmware.rulings import LONG_PRESS_US
from firmware.runtime.controls import INPUT_BINDINGS, is_realtime
from firmware.runtime.pace import PACES

#: How long a bot holds its button down, us.
BOT_HOLD_US = 80_000
#: How long a bot looks at a misread reading before it rejects it (within
#: the contest window; fixed, so the bot's own random stream is untouched), us.
BOT_CHECK_US = 400_000
#: Delay between the arming press and the confirm press of a bot, us (the
#: ``fast`` pace; the runtime's :attr:`~firmware.runtime.runner.Runtime.pace` decides, see :mod:`firmware.runtime.pace`).
BOT_CONFIRM_US = PACES["fast"].confirm_us


class RunnerBots:
    """The bot seats: their decisions and the presses that carry them out."""

    def _init_bots(self, bots: set[int] | None, bot_seed: int, bot_levels: dict[int, str] | None) -> None:
        """The bots' state: the seats they play (``bots`` and those of
        ``bot_levels``), one bot per seat made now, the RandomBot that
        answers chance requests without a dice station, and their planned
        inputs."""
        self.bots = set(bots or ()) | set(bot_levels or ())
        self.bot = RandomBot(bot_seed)
        #: seat -> bot kind; a bot seat not listed plays ``normal``
        self.bot_levels = dict(bot_levels or {})
        self._bot_seed = bot_seed
        #: seat -> the bot playing it (:class:`bots.Bot`), made when first needed
        self.seat_bots: dict[int, Any] = {}
        for seat in sorted(self.bots):
            self.seat_bot(seat)
        #: the bots' decisions beside the loop (a :class:`firmware.runtime.dice_beside.ReaderBeside`
        #: running decision jobs), or None: the bots decide in the step
        self.thinker: Any = None
        self._thinking: set[int] = set()
        #: the questions asked of bots beside the loop not yet handed to the thinker:
        #: (seat, planned us, the dice reading's stamp or None)
        self._asks: list[tuple[int, int, int | None]] = []
        #: True: the asks wait for :meth:`send_asks` (the window loop sends them after the
        #: HDMI's flip); False: sent in the step
        self.asks_after_flip = False
        #: the stamp of the latest dice reading applied that no bot has planned from yet, us
        self.seen_us: int | None = None
        self.bot_inputs: list[InputEvent] = []  # bots on real hardware: injected inputs
        #: the pass time up to which the bots' edges were put off for a person's pause hold (None: no hold)
        self._bots_put_off_to: int | None = None
        self.bot_busy_until: dict[int, int] = {}
        #: (t_us, seat, step): navigation of a bot entering its dice by hand
        self.bot_navs: list[tuple[int, int, int]] = []

    def plan_bots(self, now_us: int) -> None:
        """Give every idle bot seat its next physical input(s): none while
        paused, nor while a person holds Left under its take-back offer
        (the offer stands for the whole hold, :mod:`firmware.runtime.takeback`)."""
        if self.pause.paused or self.take_backs.holding(now_us):      # (issue 38; issue 34 s17)
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
        thinks again).  The questions are handed over by :meth:`send_asks`:
        here, or after the HDMI's flip (:attr:`asks_after_flip`)."""
        for done in self.thinker.take():
            if done is None:
                continue
            seat, template, planned, seen_then = done
            self._thinking.discard(seat)
            if isinstance(template, Exception):     # the bot's own error surfaces in the loop, as in the step
                raise template
            if template is None or seat not in self.bots or planned < self.stale_before_us:
                continue        # (asked before a pause ended: the game it was made for has moved on)
            self._schedule_bot(seat, template, now_us, planned if seen_then is None else min(planned, seen_then))
        for seat in sorted(self.bots & active):
            if seat in self._thinking or self.bot_busy_until.get(seat, -1) > now_us:
                continue
            self._thinking.add(seat)
            self._asks.append((seat, now_us, seen))
        if not self.asks_after_flip:
            self.send_asks()

    @property
    def asks_waiting(self) -> bool:
        """Questions to bots not yet handed to the thinker."""
        return bool(self._asks)

    def send_asks(self) -> None:
        """Hand the waiting questions to the thinker, each bot with its own
        copy of the game as it is now.  Call before anything changes the
        game after the step that asked (the step itself does, first): the
        copy is then the game the question was asked on."""
        asks, self._asks = self._asks, []
        choose = self._bot_choice
        for seat, planned, seen in asks:
            game = copy_game(self.game)
            self.thinker.submit(lambda seat=seat, game=game, planned=planned, seen=seen:
                                (seat, _decided(choose, seat, game), planned, seen))

    def postpone_bots_in_hold(self, t_us: int) -> None:
        """While a person holds the pause gesture, the bots' edges not yet
        played wait: each pass moves them on by the time since the last
        (or since the hold's first edge), keeping their order and spacing.
        Ruling CAB-8: a hold that pauses counts from its first edge, as a
        deadline due in it waits for its end (:meth:`tick_if_due`); a
        bot's hit 0.7 s into the 1 s hold decided the race the person was
        pausing (played in the window, 2 seats, a bot).  A hold that pauses
        then calls the put-off presses off (:meth:`call_off_bot_presses`);
        one let go sooner lets them come, that much later."""
        held = self.pause.holding_since()
        since, self._bots_put_off_to = self._bots_put_off_to, (t_us if held is not None else None)
        if held is None:
            return
        since = held if since is None else since
        shift = t_us - since
        if shift <= 0:
            return
        if self.timeline is not None:
            moved = [e._replace(t_us=e.t_us + shift) if e.seat in self.bots and e.t_us > since else e
                     for e in self.timeline.pending]
            self.timeline.pending = sorted(moved, key=lambda e: e.t_us)
        self.bot_inputs = [e._replace(t_us=e.t_us + shift) if e.t_us > since else e for e in self.bot_inputs]
        self.bot_navs = [(t + shift, seat, step) if t > since else (t, seat, step) for t, seat, step in self.bot_navs]

    def call_off_bot_presses(self, t_us: int) -> None:
        """The bots' presses not yet made by ``t_us`` are called off (a
        button, an arrow or the push going down, a cup lifted; the releases
        of presses made stay), as are their planned navigation steps; each
        bot plans again when it may (the pause, a person's take-back hold)."""
        pressed = ("button", "nav_a", "nav_b", "nav_push")

        def begins(name: str, closed: bool) -> bool:    # a press, or a cup lifted (its contact opens)
            return (name in pressed and closed) or (name == "cup" and not closed)
        if self.timeline is not None:
            self.timeline.pending = [e for e in self.timeline.pending if e.seat not in self.bots
                                     or e.t_us <= t_us or not begins(e.input, e.closed)]
        self.bot_inputs = [e for e in self.bot_inputs if e.t_us <= t_us or not begins(e.input, e.kind == "press")]
        self.bot_navs = [n for n in self.bot_navs if n[0] <= t_us]
        self.bot_busy_until = {}

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
            else:       # the bot aims at the choice under its cursor: never blind to it (a card taken away)
                controls.gone = controls.blind = None
            if controls.presses(self.game, template) == 1:
                tl.press(seat, start, BOT_HOLD_US)
                busy = start + BOT_HOLD_US
            else:                           # a choice: shown at the pace people can follow (issue 38)
                if not is_realtime(template):   # a reroll (ruling RG-15) was weighed already: armed at once
                    # the last move stands its time before this one is shown (issue 34, PT13)
                    start = max(start + self.pace.think_us, self.last_move_us + self.pace.stand_us)
                tl.press(seat, start, BOT_HOLD_US)
                tl.press(seat, start + self.pace.confirm_us, BOT_HOLD_US)
                busy = start + self.pace.confirm_us + BOT_HOLD_US
        self.bot_busy_until[seat] = busy + 1

    def _plan_bot_checks(self, now_us: int) -> None:
        """Simulation, ruling CAB-6: a bot whose dice the camera misread
        rejects the reading with a long press; asked to enter its dice by
        hand it turns each die to the value in its tray (navigation) and
        presses on, then presses "ok" - the inputs a person would use."""
        tl = self.timeline if self.timeline is not None else _InjectedInputs(self.bot_inputs)
        for seat, key, what in self.dice.bot_checks():
            t = now_us + BOT_CHECK_US
            if what == "reject":
                tl.press(seat, t, LONG_PRESS_US + 100_000)
                continue
            entry = self.dice.entries[key]
            target = _closest_order(entry["values"], self.dice.truth(key) or entry["values"])
            for i, v in enumerate(target + [None]):
                if v is not None and v != entry["values"][i]:     # (a "?" die steps up from 0)
                    self.bot_navs.append((t, seat, v - (entry["values"][i] or 0)))
                tl.press(seat, t + 50_000, BOT_HOLD_US)
                t += 300_000


def copy_game(game: Any) -> Any:
    """An independent copy of ``game`` for a bot to think on: the engines'
    pickle round trip (:func:`engines.base.json_copy`: a third of
    ``copy.deepcopy``'s time on a Ginza game: 0.3 against 1.0 ms here,
    x 4.5 on a Pi 4), or ``deepcopy`` for a game pickle cannot take."""
    try:
        return json_copy(game)
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(game)


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
