"""Crossing a long choice list a group at a time (issue 34: Ginza's ~80
choices, grouped by order card, change, reroll, add, wash, limit, Lv.2 and
stop, were stepped one at a time).

The gesture: a person's seat **holds its Right arrow alone**.  The press
steps the cursor one, as any press does; held
:data:`GROUP_HOLD_US` (0.5 s), the cursor goes to the first choice of the
group after the one it was on when Right went down (wrapping after the
last group), and on, a group each further 0.5 s, while Right stays down.
Left held alone is the take-back (:mod:`firmware.runtime.takeback`) and
both arrows the pause (:mod:`firmware.runtime.pace`): a hold during which
Left was down too jumps nothing.  Only games whose screens group their
choices (the ``choice_group(action, game)`` hook) jump; the seat's OLED
says "hold right: next group" as it jumps (the game's ``GROUP_WORDS`` where
its screens module has them: Café Junior's "next guest").  Bots never hold.
"""
from __future__ import annotations

from typing import Any

from firmware.screens.games import cabinet_game

#: How long Right is held alone before the cursor jumps a group (and again
#: each time as long after), us.
GROUP_HOLD_US = 500_000
#: What the seat's OLED says when its cursor jumped a group (a moment).
GROUP_WORDS = "hold right: next group"
#: How long the OLED says it, us.
GROUP_WORDS_US = 1_500_000


def groups_of(runtime: Any, seat: int) -> list[str] | None:
    """The group of each of ``seat``'s choices now, in the cursor's order
    (None when the game does not group them, or they are all one group)."""
    declared = cabinet_game(runtime.game.game_id)
    fn = declared.hook("choice_group") if declared is not None else None
    if fn is None:
        return None
    acts = runtime.controls[seat].refresh(runtime.game)
    groups = [fn(a, runtime.game) for a in acts]
    return groups if len(set(groups)) > 1 else None


class GroupJumpHold:
    """Watches the seats' Right arrows for the group jump.

    :meth:`input` sees every debounced input event of the runtime (it
    never uses one up); :meth:`due` jumps the cursors whose hold has
    lasted; :meth:`next_us` says when the next jump is due."""

    def __init__(self) -> None:
        #: seat -> [when its next jump is due us, the group to leave (None: the cursor's)]
        self._right: dict[int, list[Any]] = {}
        #: seats whose Left arrow is down now
        self._left: set[int] = set()

    def input(self, ev: Any, runtime: Any) -> None:
        """Take one input event (``seat``, ``input``, ``kind``, ``t_us``)
        before the runtime steps the cursor with it."""
        if ev.seat in runtime.bots or ev.input not in ("nav_a", "nav_b"):
            return
        if ev.input == "nav_a":
            if ev.kind == "press":
                self._left.add(ev.seat)
                self._right.pop(ev.seat, None)         # both arrows: the pause, not a jump
            else:
                self._left.discard(ev.seat)
            return
        if ev.kind != "press":
            self._right.pop(ev.seat, None)
            return
        if ev.seat in self._left or not 0 <= ev.seat < runtime.game.num_players:
            return
        groups = groups_of(runtime, ev.seat)
        cursor = runtime.controls[ev.seat].cursor
        start = groups[cursor] if groups and 0 <= cursor < len(groups) else None
        self._right[ev.seat] = [ev.t_us + GROUP_HOLD_US, start]

    def let_go(self, ev: Any) -> None:
        """An arrow let go, whatever else uses the event (a take-back's or a
        pause hold's release, an input while paused): the seat's Left is
        no longer down and its Right hold is over (issue 34, s83-s89: after
        a take-back the take-back used Left's release up, and Right held
        only stepped until Left was tapped)."""
        if ev.kind == "press":
            return
        if ev.input == "nav_a":
            self._left.discard(ev.seat)
        elif ev.input == "nav_b":
            self._right.pop(ev.seat, None)

    def due(self, runtime: Any, t_us: int) -> None:
        """Jump each cursor whose Right has been held long enough by
        ``t_us`` (not while paused)."""
        for seat, (at, start) in list(self._right.items()):
            if t_us < at:
                continue
            self._right[seat] = [at + GROUP_HOLD_US, None]
            if not runtime.pause.paused:
                jump(runtime, seat, start, t_us)

    def next_us(self) -> int | None:
        """When the next jump is due, us (None: no Right held)."""
        return min((v[0] for v in self._right.values()), default=None)


def jump(runtime: Any, seat: int, start: str | None, t_us: int) -> bool:
    """Move ``seat``'s cursor to the first choice of the group after
    ``start`` (None: the group under the cursor), wrapping; the OLED
    says so.  Returns True when the cursor moved."""
    groups = groups_of(runtime, seat)
    if groups is None:
        return False
    controls = runtime.controls[seat]
    if start not in groups:
        start = groups[controls.cursor]
    last = max(i for i, g in enumerate(groups) if g == start)
    controls.go_to(runtime.game, (last + 1) % len(groups))
    runtime.moved(seat)
    declared = cabinet_game(runtime.game.game_id)
    words = getattr(declared.module, "GROUP_WORDS", GROUP_WORDS) if declared is not None else GROUP_WORDS
    runtime.say(seat, words, t_us + GROUP_WORDS_US)     # the game's words (Café Junior: "next guest")
    return True
