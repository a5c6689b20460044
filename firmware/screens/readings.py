"""What the screens show of a dice reading a seat checks (ruling CAB-6).

The dice station (:meth:`firmware.runtime.dice_station.DiceStation.reading_states`)
says, per tray (a seat, or ``-1`` for the common tray), whether a reading
is held for its seat to check (``"check"``), was rejected and the dice are
being rerolled (``"rejected"``), or is being entered by hand
(``"entry"``).  Here: the few words for the seat's banner and the header
of the shared screen, and the seat's whole OLED frame while its reading is
being checked, rerolled or entered (the game's own frame comes back when
the reading is accepted).
"""
from __future__ import annotations

from typing import Any

from firmware.rulings import LONG_PRESS_US
from firmware.ui.oled import OledFrame, oled_font

COMMON = -1

#: banner words per state (gold "doing" text of the seat's banner)
STATE_WORDS = {"check": "checks dice", "rejected": "rejected: nudges", "entry": "enters dice"}


#: the same, short (a narrow banner: still says what this seat does)
SHORT_WORDS = {"check": "checks", "rejected": "nudges", "entry": "by hand"}


def banner_words(readings: dict[int, dict[str, Any]] | None, seat: int, short: bool = False) -> str:
    """The seat banner's words for ``seat``'s own tray ("" = none);
    ``short`` for a narrow banner ("nudges" for "rejected: nudges": the
    seat straightens its dice for a new reading, ruling CAB-6)."""
    r = (readings or {}).get(seat)
    return (SHORT_WORDS if short else STATE_WORDS).get(r["state"], "") if r else ""


def todo_words(readings: dict[int, dict[str, Any]] | None, short: bool = False) -> str:
    """The shared screen's "what to do now" while a reading was rejected or
    is entered by hand, naming who acts: e.g. ``"Seat 2 rejected its dice:
    Seat 2 nudges them"``, ``"Common dice rejected by Seat 1: Seat 1 nudges
    them"`` (a rejection asks for the same dice straightened, never
    rerolled, ruling CAB-6), ``"Seat 1 enters dice by hand"`` (``short``:
    ``"Seat 2 nudges dice"``, ``"Seat 1 nudges common dice"``,
    ``"Seat 1 enters dice"``); "" = none
    (checks alone do not take the header)."""
    parts = []
    for key in sorted(readings or {}, key=lambda k: (k == COMMON, k)):
        r = readings[key]
        if r["state"] not in ("rejected", "entry"):
            continue
        who = f"Seat {key + 1}"
        by = f"Seat {r.get('by', 0) + 1}"
        if r["state"] == "rejected":
            if key == COMMON:
                # any seat may straighten the common dice; the one who said "wrong" is named
                parts.append(f"{by} nudges common dice" if short
                             else f"Common dice rejected by {by}: {by} nudges them")
            else:
                parts.append(f"{who} nudges dice" if short else f"{who} rejected its dice: {who} nudges them")
        elif key == COMMON:
            parts.append(f"{by} enters common dice" if short else f"Common dice: {by} enters them by hand")
        else:
            parts.append(f"{who} enters dice" if short else f"{who} enters dice by hand")
    return ("; " if not short else ", ").join(parts)


def reading_for(readings: dict[int, dict[str, Any]] | None, seat: int,
                bots: Any = (), rereading: Any = ()) -> tuple[int, dict[str, Any]] | None:
    """``(tray key, state)`` that ``seat``'s OLED shows now: its own tray,
    else the common tray (every seat a person plays checks the common dice;
    only the entering seat sees a hand entry), else None; None too for a
    seat in ``rereading`` (the context's ``dice_rereading``: its own dice
    are read again after a nudge, and come first, CAB-6; PT30)."""
    readings = readings or {}
    if seat in readings:
        return seat, readings[seat]
    common = readings.get(COMMON)
    if common is None or seat in bots or seat in rereading:
        return None
    if common["state"] == "entry" and common.get("by") != seat:
        return None
    return COMMON, common


def _digit_die(f: OledFrame, x: int, y: int, size: int, value: int | None) -> None:
    """A die ``size`` px square showing its value as a numeral (white die,
    black digit): read at a glance where 16 px pips are not (issue 34,
    play-test PT13: a seat read its 2, 4, 5 as 2, 2, 3 on the pips and let
    the check run out)."""
    f.boxes.append((f"die {value}", (x, y, x + size - 1, y + size - 1)))
    f.draw.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=max(1, size // 5), outline=1,
                             fill=0 if value is None else 1)
    digit = "?" if value is None else str(int(value))
    px = 14 if size >= 16 else 10
    w = f.width(digit, px)
    f.draw.text((x + (size - w) // 2, y + (size - px) // 2 - 1), digit, font=oled_font(px),
                fill=1 if value is None else 0)


def _dice_row(f: OledFrame, y: int, values: list[int], cursor: int | None = None, biggest: int = 16,
              digits: bool = False) -> int:
    """The dice drawn with pips in one row (``digits``: with numerals,
    :func:`_digit_die`; the die under ``cursor`` underlined, then an "ok"
    box); returns the die size."""
    n = max(1, len(values))
    room = f.W - 4 - (24 if cursor is not None else 0)
    size = max(9, min(biggest, (room - 2 * (n - 1)) // n))
    for i, v in enumerate(values):
        x = 2 + i * (size + 2)
        if digits:
            _digit_die(f, x, y, size, v)
        else:
            f.die(x, y, size, v)
        if cursor == i:
            f.draw.rectangle((x, y + size + 1, x + size - 1, y + size + 2), fill=1)
    if cursor is not None:
        x = 2 + n * (size + 2) + 2
        on = cursor >= n
        f.draw.rectangle((x, y, f.W - 2, y + size - 1), outline=1, fill=1 if on else 0)
        f.text(x, y + (size - 10) // 2, "ok", fill=0 if on else 1, room=f.W - 2 - x, align="center")
    return size


def oled_frame(seat: int, key: int, reading: dict[str, Any], early: bool = False, look: bool = False) -> OledFrame:
    """The seat's OLED while a reading of tray ``key`` is checked (the dice
    as read, "press: dice ok / hold: wrong, nudge", a bar and the seconds
    for the time left; ``early``: the seat pressed while its dice still
    rolled, "too soon: look, then press" for a moment; ``look``: it pressed
    less than 0.7 s after the check appeared, "look first: check the dice",
    rulings CAB-6, CAB-12), nudged
    after a rejection ("REJECTED" "nudge, same faces up": straightened where
    they lie, never rerolled) or entered by hand
    (the dice with a cursor, "left/right: value", "press: next")."""
    f = OledFrame()
    whose = "common dice" if key == COMMON else "your dice"
    state = reading["state"]
    held = reading.get("held_ms") if reading.get("by", seat) == seat else None   # this seat's own press
    look = look and not early and state == "check" and held is None
    f.header(f"Seat {seat + 1}", "look first" if look else whose)   # the top bar: its press took nothing
    y = 14
    if state == "check":
        size = _dice_row(f, y, reading["values"], digits=True)     # the values at a glance (PT13)
        by_hand = reading.get("contests", 0) + 1 >= reading.get("limit", 2)
        window = max(1, reading.get("window_ms") or 1)
        left = max(0, min(window, reading.get("left_ms", 0)))
        if held is None:
            if early:   # its press came while the dice rolled: it took nothing (issue 34)
                f.best(2, y + size + 3, ["too soon: look, then press", "too soon: look, press"])
            elif look:  # its press came as the check appeared: it took nothing (CAB-12)
                f.text(2, y + size + 3, "check the dice" if key != COMMON else "check common dice")
            else:
                f.text(2, y + size + 3, "press: dice ok")     # two short lines: nothing near the edge
            if not early:
                secs = f"{-(-left // 1000)} s"                # the seconds left, rounded up (CAB-6)
                f.text(f.W - 2 - f.width(secs), y + size + 3, secs)
            # what "wrong" leads to, said before the seat holds (CAB-6: a nudge, the last time: by hand)
            f.text(2, y + size + 13, "hold: wrong, by hand" if by_hand else "hold: wrong, nudge")
        elif held >= LONG_PRESS_US // 1000:     # (the same while held, PT35: it said "nudge" on the last check)
            f.best(2, y + size + 4, ["let go: wrong, by hand", "let go: by hand"] if by_hand
                   else ["let go: wrong, nudge"])
        else:   # short of a long press: letting go accepts (PT43: a tap flashed "wrong" alone)
            f.text(2, y + size + 3, "let go: dice ok")
            f.text(2, y + size + 13, "keep holding: wrong")
        f.draw.rectangle((2, f.H - 5, f.W - 3, f.H - 2), outline=1)
        f.draw.rectangle((2, f.H - 5, 2 + (f.W - 5) * left // window, f.H - 2), fill=1)
    elif state == "rejected":
        f.glyph(0, y, f.W, "REJECTED", size=16)
        by = reading.get("by", seat)
        # the same dice straightened where they lie for a new look, never rerolled (PT29: a
        # reroll here was free, kept dice and all, even at Stop)
        f.text(2, y + 22, "nudge, same faces up" if key != COMMON or by == seat else f"Seat {by + 1} nudges them")
        if reading.get("contests", 0) + 1 >= reading.get("limit", 2):
            f.best(2, y + 36, ["wrong again: by hand", "next: by hand"])
    elif state == "entry":
        f.header(f"Seat {seat + 1}", "enter by hand")
        size = _dice_row(f, y, reading["values"], reading["cursor"], biggest=14, digits=True)
        on_ok = reading["cursor"] >= len(reading["values"])
        top = y + size + 3
        # navigation (encoder turned, or the two nav buttons) steps the value;
        # the big button moves on (held: back), controls.py / dice_station
        unset = None in reading["values"]      # a die not read: "?" until the seat sets it (CAB-5; PT66)
        lines = (["press: to the ? die", "hold: back"] if unset else ["press: confirm", "hold: back"]) if on_ok \
            else ["left/right: value", "press: next die", "hold: back"]
        for i, line in enumerate(lines):
            f.text(2, top + 10 * i, line)
    return f
