"""Dice entered by hand, marked in the journal and in the moves in words
(ruling CAB-6; PT30: "Seat 1 rerolls 1" was all the moves said, so nobody
could see later that the die was typed, not rolled).

A dice action whose values were entered by hand (a person's hand entry
after two rejections, or the simulated seat entering the true values after
repeated unread readings, CAB-5) carries ``"by_hand": true``; the engines
read only the keys they know, so the game is the same.  Its dice event's
text then ends in :data:`MARK`, which the games' moves in words keep.  A
journal written before the key (its hand entries only in an ``"entered"``
note just before the dice action) is marked from that note when read
(:func:`marked`), so old saves say it too and resume as before.
"""
from __future__ import annotations

from typing import Any

#: The dice action's key: its values were entered by hand.
BY_HAND = "by_hand"
#: What the dice event's text ends in then.
MARK = " (entered by hand)"


def event_texts(events: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """The texts of ``events`` (what the engine said of ``action``), the
    dice event's ending in :data:`MARK` when ``action`` was entered by
    hand."""
    hand = bool(action.get(BY_HAND)) and action.get("type") == "dice"
    return [e.get("text", "") + (MARK if hand and e.get("type") == "dice" and e.get("text") else "") for e in events]


def marked(actions: list[dict[str, Any]], notes: list[tuple[int, dict[str, Any]]]) -> list[dict[str, Any]]:
    """``actions`` (a journal's, in order) with :data:`BY_HAND` set on each
    dice action that an ``"entered"`` note (``(actions before it, note)``)
    stands just before, for the same seat: an old journal's hand entries.
    The list and the actions given are not changed."""
    out = list(actions)
    for i, note in notes:
        if note.get("note") != "entered" or not 0 <= i < len(out):
            continue
        a = out[i]
        if a.get("type") == "dice" and a.get("player") == note.get("player") and not a.get(BY_HAND):
            out[i] = {**a, BY_HAND: True}
    return out
