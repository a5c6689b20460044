"""A seat takes back its last choice at the cabinet (turn-based games).

The gesture: a person's seat **holds its Left arrow** (``nav_a``) alone for
:data:`TAKE_BACK_HOLD_US` (1 s) and lets go.  Every seat has the two
arrows (ruling CAB-2; the wiring check asks for them in every game with
choices).  Holding both arrows is the pause (:mod:`firmware.runtime.pace`),
so a hold during which Right was down too is no take-back.  The press of
Left still moves the cursor one step, as any press does; a hold that
becomes a take-back (or its refusal) undoes that step: the cursor stands
on the choice it stood on before the press where it is offered (issue 34:
"move 1" became "move 2" under a refused hold).  The take-back puts the
choices back as they were before the choice taken back, the cursor on the
choice taken back (issue 34: the seat sees what it undid and may pick
again).

What may be taken back is the engine's to say (:mod:`engines.take_back`:
the seat's last choice of its running turn, never across another seat's
move, dice, a draw or a revealed card).  While it may, the seat's OLED
says so (:data:`HINT`, :func:`hints`); a hold when it may not says why
in a family's words ("dice already read", "Seat 2 moved since",
"nothing done yet": :data:`SHORT_WHY`).
While a person's seat holds Left alone under that offer, no bot plans or
presses (:meth:`TakeBackHold.holding`, at most :data:`HOLD_BOTS_US`, as
in the pause hold): what was offered when Left went down is what the hold
takes back (issue 34, s17: the bots moved during the tester's hold and the
offer was refused).  A refusal's words are drawn over any frame the OLED
shows (a dice check too: the session's ``said_why``).
The take-back is applied as the engine action ``{"type": "take_back",
"player": seat}``: journaled as its own line, replayed on resume, and its
event ("Seat 2 took back: ...") joins the moves the screens show.
Bots never take back.
"""
from __future__ import annotations

import functools
from typing import Any

from firmware.runtime.controls import SeatControls
from firmware.screens.choices import choice_key

#: How long a seat holds its Left arrow alone to take back, us.
TAKE_BACK_HOLD_US = 1_000_000
#: How long a refused take-back's words stay on the seat's OLED (unless an
#: arrow step clears them first), us.
REFUSAL_SHOWN_US = 3_000_000
#: A person's Left held under the take-back offer keeps the bots waiting
#: (no bot plans or presses, as in the pause) for at most this long, us: the
#: offer stands for the whole hold (issue 34, s17: the bots picked their
#: second bonus cards during the tester's hold, which was then refused).
#: A Left held longer lets them go on.
HOLD_BOTS_US = 3_000_000
#: What the seat's OLED says while a take-back is possible.
HINT = "hold left: take back"
#: A refused take-back on the seat's OLED, by the engine's reason
#: (:func:`engines.take_back.refusal`): why, in a family's words, in one
#: line (at most 20 letters; ``{seat}`` the seat it names, ``{words}`` what
#: came to light, the game's ``TAKE_BACK_WORDS``).  The engine's whole words
#: are the log's.  (Play-test: every refusal read "nothing to take back".)
SHORT_WHY = {
    "real_time": "no take-back here",
    "over": "the game is over",
    "nothing_yet": "nothing done yet",
    "not_your_turn": "Seat {seat} is playing",
    "others_wait": "not your turn",
    "other_seat": "Seat {seat} moved since",
    "moved": "the game moved on",
    "dice_read": "dice already read",
    "dice_asked": "dice being rolled",
    "revealed": "{words}",
    "random": "cards shuffled since",
    "round_over": "the round has ended",
    "turn_over": "your turn is over",
}


#: Every line :func:`refused_words` said in this process (a few dozen at most).
_SAID: set[str] = set()


def refused_words(why: dict[str, Any]) -> str:
    """The OLED's one line for a take-back refused for ``why`` (the
    engine's :func:`~engines.take_back.refusal`): :data:`SHORT_WHY`."""
    seat = why.get("seat")
    line = SHORT_WHY[why["why"]].format(seat=seat + 1 if isinstance(seat, int) else "?",
                                        words=why.get("words") or "")
    _SAID.add(line)
    return line


def is_refusal(prompt: str) -> bool:
    """True for a prompt :func:`refused_words` made (the seat's next arrow
    step clears it); a prompt is shown only once said, so the lines said
    are all it needs to know (no engine is imported to list them all)."""
    return prompt in _SAID


@functools.lru_cache(maxsize=1)
def _refusal_lines() -> frozenset[str]:
    """Every line :func:`refused_words` can say: each reason for seats 1-6
    and for every game's words of what came to light (a few dozen; every
    engine is imported: for checks, not for a game's pass)."""
    from engines import engine_class, game_ids
    words = {"something was shown"}
    for gid in game_ids():
        words |= set(engine_class(gid).TAKE_BACK_WORDS.values())
    return frozenset(refused_words({"why": why, "seat": seat, "words": w})
                     for why in SHORT_WHY for seat in (*range(6), None) for w in words)


class TakeBackHold:
    """Watches the seats' Left arrows for the take-back hold.

    :meth:`input` takes every debounced input event of the runtime (after
    the pause has seen it) and applies a take-back when a person's seat
    lets go of Left held alone :data:`TAKE_BACK_HOLD_US` or longer.
    """

    def __init__(self) -> None:
        #: seat -> when its Left arrow went down, us (None: Right went down
        #: too during the hold, the pause gesture, so no take-back)
        self._left: dict[int, int | None] = {}
        #: seats whose Right arrow is down now
        self._right: set[int] = set()
        #: seat -> the key of the choice under its cursor when Left went down (None: no choice)
        self._before: dict[int, str | None] = {}
        #: seat -> when its Left went down alone under the take-back offer, us (the bots wait)
        self._offered: dict[int, int] = {}

    def holding(self, t_us: int) -> bool:
        """True while a person's seat holds Left alone under its take-back
        offer (:data:`HINT` on its OLED when Left went down), at most
        :data:`HOLD_BOTS_US`: no bot plans or presses then, so what was
        offered is what the hold takes back."""
        return any(0 <= t_us - since < HOLD_BOTS_US for since in self._offered.values())

    def input(self, ev: Any, runtime: Any) -> bool:
        """Take one input event (``seat``, ``input``, ``kind``, ``t_us``).

        Returns:
            True when the event was the end of a take-back hold (used here:
            the take-back was applied, or refused with the reason on the
            seat's OLED); False for every other event (the runtime goes on
            with it as before).
        """
        if ev.seat in runtime.bots or ev.input not in ("nav_a", "nav_b"):
            return False
        if ev.input == "nav_b":
            if ev.kind == "press":
                self._right.add(ev.seat)
                if ev.seat in self._left:
                    self._left[ev.seat] = None       # both arrows: the pause, not a take-back
                    self._offered.pop(ev.seat, None)
            else:
                self._right.discard(ev.seat)
            return False
        if ev.kind == "press":
            self._left[ev.seat] = None if ev.seat in self._right else ev.t_us
            chosen = runtime.controls[ev.seat].shown(runtime.game).chosen if 0 <= ev.seat < len(runtime.controls) else None
            self._before[ev.seat] = choice_key(chosen) if chosen is not None else None
            if self._left[ev.seat] is not None and ev.seat in hints(runtime):
                self._hold_bots(ev.seat, ev.t_us, runtime)
            return False
        self._let_bots_go(ev.seat, ev.t_us, runtime)
        since = self._left.pop(ev.seat, None)
        before = self._before.pop(ev.seat, None)
        if since is None or ev.t_us - since < TAKE_BACK_HOLD_US:
            return False
        take_back(runtime, ev.seat, ev.t_us, before=before)
        return True

    def let_go(self, ev: Any, runtime: Any = None) -> None:
        """An arrow let go, whatever else uses the event (a pause hold's
        release, an input while paused): a Right no longer down stops
        keeping the seat's next Left hold from being a take-back; a Left
        let go lets the bots go on (:meth:`holding`)."""
        if ev.input == "nav_b" and ev.kind != "press":
            self._right.discard(ev.seat)
        elif ev.input == "nav_a" and ev.kind != "press" and runtime is not None:
            self._let_bots_go(ev.seat, ev.t_us, runtime)

    def _hold_bots(self, seat: int, t_us: int, runtime: Any) -> None:
        """``seat``'s Left went down alone at ``t_us`` under its offer: the
        bots' presses not yet made are called off and none plans while it
        holds (an armed bot choice is disarmed: its confirm was called off)."""
        self._offered[seat] = t_us
        runtime.call_off_bot_presses(t_us)
        for bot in runtime.bots:
            if 0 <= bot < len(runtime.controls):
                runtime.controls[bot].armed = None

    def _let_bots_go(self, seat: int, t_us: int, runtime: Any) -> None:
        """``seat``'s Left went up: the bots plan again, afresh (a decision
        asked before is thought again on the game as the hold left it)."""
        if self._offered.pop(seat, None) is not None:
            runtime.stale_before_us = max(runtime.stale_before_us, t_us)


def take_back(runtime: Any, seat: int, t_us: int | None = None, before: str | None = None) -> bool:
    """Apply ``seat``'s take-back through the runtime (journaled, shown), or
    say on its OLED why it may not now (for :data:`REFUSAL_SHOWN_US` from
    ``t_us``, us, default the runtime's clock, or until its next arrow
    step).  Applied, the seat's cursor stands on the choice taken back;
    refused (or where that choice is not offered), on ``before``: the key
    (:func:`choice_key`) of the choice under the seat's cursor before the
    hold's Left press (the press's step undone).  Returns True when
    applied.

    Bots never take back: a bot seat is refused (False) without a word.
    """
    if seat in runtime.bots or not 0 <= seat < runtime.game.num_players:
        return False
    why = runtime.game.take_back_refusal(seat)
    if why is not None:     # on the OLED in a line (the engine's words are the log's), gone in 3 s or at the next step
        now = runtime.now_us if t_us is None else t_us
        runtime.refuse(seat, refused_words(why), now + REFUSAL_SHOWN_US)
        _cursor_back(runtime, seat, before)
        return False
    runtime.prompts.pop(seat, None)
    runtime.controls[seat].armed = None
    if not runtime.try_apply({"type": "take_back", "player": seat}, seat):
        return False
    # the choices open afresh, as at the start of a decision: the Left press of the hold stepped the
    # cursor, maybe onto a choice the take-back removes ("end turn"), which must not be told as "gone";
    # the cursor stands on the choice taken back (issue 34: the seat sees what it undid, may pick again),
    # else where it stood before the hold
    undone = next((e.get("action") for e in reversed(runtime.new_events) if e.get("type") == "take_back"
                   and e.get("player") == seat), None)
    runtime.controls[seat] = SeatControls(seat, message="taken back")
    if not (isinstance(undone, dict) and _cursor_back(runtime, seat, choice_key(undone))):
        _cursor_back(runtime, seat, before)
    return True


def _cursor_back(runtime: Any, seat: int, before: str | None) -> bool:
    """Put ``seat``'s cursor on the choice keyed ``before`` when it is
    offered now (the hold's Left step undone, or the choice taken back);
    else leave it.  True when it stands there."""
    if before is None:
        return False
    controls = runtime.controls[seat]
    for i, a in enumerate(controls.refresh(runtime.game)):
        if choice_key(a) == before:
            if i != controls.cursor:
                controls.go_to(runtime.game, i)
            runtime.dirty = True
            return True
    return False


def hints(runtime: Any) -> dict[int, str]:
    """The OLED hint of every person's seat that may take back now:
    seat -> :data:`HINT` (none for bots, none while paused)."""
    game = runtime.game
    if runtime.pause.paused or game.is_terminal() or not getattr(game, "TAKE_BACK", False):
        return {}
    return {seat: HINT for seat in range(game.num_players)
            if seat not in runtime.bots and game.can_take_back(seat)}
