"""Hand entry of dice values (rulings CAB-5, CAB-6): after
:data:`~firmware.runtime.dice_contest.CONTESTS_BEFORE_ENTRY` rejections
(or, at the cabinet, too many unreadable readings) the seat sets each die
with its navigation, a press moves on, a long press goes back, a press on
"ok" confirms; the values entered are the game's answer.

:class:`HandEntry` is mixed into :class:`firmware.runtime.dice_station.DiceStation`;
it uses the station's ``entries``, ``serving``, ``rejected``, ``held``,
``stats``, its ``_answer`` and ``_contesters``.
"""
from __future__ import annotations

from typing import Any

from firmware.runtime.by_hand import BY_HAND
from firmware.runtime.dice_table import COMMON


class HandEntry:
    """The seat's hand entry of the dice of one tray."""

    def _entry_seat(self, runtime: Any, key: int) -> int:
        """The seat that enters tray ``key``'s dice: its own seat; for the
        common tray the first seat a person plays (else seat 0)."""
        if key != COMMON:
            return key
        people = sorted(self._contesters(runtime, key))
        return people[0] if people else 0

    def _start_entry(self, key: int, seat: int, values: list[int] | None) -> None:
        """``seat`` starts entering tray ``key``'s dice by hand, from
        ``values`` (what was read, in the places the seat saw its dice; a
        die missing or unread starts as None, its "?": never guessed,
        CAB-5; PT66: a 1 stood there, and "ok" took it)."""
        req = self.serving[key]
        count = int(req.get("count", 1))
        start: list[int | None] = [int(v) if isinstance(v, int) else None for v in (values or [])][:count]
        start += [None] * (count - len(start))
        self.entries[key] = {"values": start, "cursor": 0, "seat": seat, "read": list(start)}
        self.rejected.pop(key, None)
        self.held.pop(key, None)

    def entry_nav(self, key: int, step: int) -> None:
        """A navigation step during hand entry: the die under the cursor
        goes up or down (1..faces, wrapping; a "?" die up from 1, down
        from ``faces``: ``step`` steps of it, as from 0); nothing on "ok"."""
        e = self.entries[key]
        faces = int(self.serving[key].get("faces", 6))
        i = e["cursor"]
        if i < len(e["values"]):
            now = e["values"][i]
            now = now if now is not None else (0 if step > 0 else faces + 1)
            e["values"][i] = (now - 1 + step) % faces + 1

    def entry_press(self, key: int, long: bool, runtime: Any, t_us: int) -> tuple[dict, dict] | None:
        """A press during hand entry: long = back one die; short = next
        die, or on "ok" confirm (while a die is "?", the cursor goes to it
        instead).

        Returns:
            ``(note, answer)`` when confirmed (the journal note
            ``{"note": "entered", ...}`` and the game's dice answer), else
            None.
        """
        e = self.entries[key]
        n = len(e["values"])
        if long:
            e["cursor"] = max(0, e["cursor"] - 1)
            return None
        if e["cursor"] < n:
            e["cursor"] += 1
            return None
        if None in e["values"]:      # "ok" waits for every die's value: the cursor goes to the first "?"
            e["cursor"] = e["values"].index(None)
            return None
        req = self.serving[key]
        action = {k: v for k, v in req.items() if k not in ("count", "faces")}
        action["values"] = list(e["values"])
        action[BY_HAND] = True                  # the moves say so, and the journal keeps it (PT30)
        self.stats.hand_entries += 1
        self.stats.entered_by_hand(f"seat {e['seat'] + 1}", n)
        note = {"note": "entered", "player": req.get("player"), "by": e["seat"], "values": list(e["values"]),
                "read": list(e["read"]), "t_us": int(t_us)}
        return note, self._answer(key, action, t_us, runtime)
