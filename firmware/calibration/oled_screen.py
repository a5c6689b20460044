"""The guided dice calibration's OLED frames (128 x 64, one per seat): the
seat's header with the step, the face to put up (a die drawn with its
pips) and the seat's status; while checking a roll, the dice read with the
cursor under one, "ok", what the camera read for the die under the cursor
and what a press does now (:mod:`firmware.calibration.words`)."""
from __future__ import annotations

from typing import Any

from engines.words import plural
from firmware.ui.oled import OledFrame, oled_font

from firmware.calibration.model import LOOK_FIRST_WORDS
from firmware.calibration.words import (CHANGES_ASKED, SHORT, camera_read, changes_oled, earlier_face, ending,
                                        press_does, unread_left)


def oled_frame(flow: Any, seat: int) -> OledFrame:
    """Seat ``seat``'s 128 x 64 OLED frame now (``.texts``: every text)."""
    f = OledFrame()
    s = flow.seats.get(seat)
    step = f"{flow.step_number}/{flow.steps_total}" if flow.phase != "done" else ""
    f.header(f"Seat {seat + 1} calibrate" if f.fits(f"Seat {seat + 1} calibrate", 90) else f"Seat {seat + 1}", step)
    if s is None:
        if seat in getattr(flow, "left_out", []):
            f.text(2, 20, "left out:")
            f.best(2, 33, [getattr(flow, "left_out_why", {}).get(seat, "nobody pressed"), "stuck"])
        else:
            f.text(2, 20, "not calibrating")
        return f
    if flow.phase == "done":
        end = ending(flow)
        if end == "cancelled":
            f.text(2, 20, "calibration")
            f.text(2, 33, "cancelled")
        elif end == "changed" or end == "refused":
            f.glyph(0, 16, f.W, "stored" if end == "changed" else "refused", 22)
        else:
            f.glyph(0, 14, f.W, "checked", 22)
            f.text(2, 38, {"no change": "no change needed", "kept": "yours is kept"}.get(end, "reads as shipped"),
                   room=f.W - 4)
        f.text(2, 50, "press any key" if "any key" in getattr(flow, "next_hint", "") else "press any button")
        return f
    if getattr(flow, "leaving", None) == seat:
        f.text(2, 16, "leave calibration?")
        f.text(2, 33, "press: leave")
        f.text(2, 46, "arrow: stay")
        return f
    if flow.phase == "adapt":
        f.glyph(0, 18, f.W, "wait", 22)
        f.text(2, 50, "learning your dice")
        return f
    if flow.phase == "face":
        k = flow.face
        f.die(2, 14, 24, k)
        f.text(32, 15, f"{k} {'pip' if k == 1 else 'pips'} up")
        f.text(32, 27, "then press")
        was = earlier_face(flow, s)
        if was is not None and s.status == "waiting":     # the last press took (PT54: the HDMI's photo is of it)
            f.best(2, 39, [f"{plural(was, 'pip')} up: captured", f"{plural(was, 'pip')}: captured"])
    elif s.status in ("checking", "confirmed") and s.reading is not None:
        _oled_reading(f, s)
        return f
    else:
        f.text(2, 16, f"roll {flow.roll} of {flow.rolls}:")
        f.text(2, 29, "roll all your dice,")
    away = flow.away_in_s(s) if hasattr(flow, "away_in_s") else None
    if away is not None:
        if s.status == "problem":
            f.best(2, 38, [SHORT.get(s.problem, s.problem.split(" (")[0]), s.problem.split(",")[0], "problem"])
            if s.keep:       # a die of another face: a press keeps the capture (PT60: the OLED did not say)
                f.best(2, 51, [f"press: keep ({away} s)", f"press: keep {away}s"])
                return f
        f.text(2, 51, f"left out in {away} s")
        return f
    _oled_status(f, s, flow.phase == "face")
    return f


def _oled_status(f: OledFrame, s: Any, face: bool) -> None:
    """The bottom line(s): the seat's status."""
    from firmware.ui.oled import wrap
    if s.status == "problem":
        if s.keep:      # the longest that keeps its last words on two lines (PT36's "1 die reads as 5, not 3")
            first = s.problem.split(",")[0]
            options = [f"{s.problem}: press again to keep", f"{first}: press again to keep", f"{first}: press to keep",
                       "press again to keep"]
            lines = next(ls for t in options if len(ls := f.wrap_px(t, f.W - 4)) <= 2 or t == options[-1])
        else:
            lines = wrap(s.problem, 21, 2)
        f.draw.rectangle((0, 63 - 12 * len(lines) - 1, f.W - 1, 63), fill=1)
        for i, t in enumerate(lines):
            f.best(2, 64 - 12 * (len(lines) - i) - 1, [t], fill=0)
    elif s.status == "captured":
        f.text(2, 51, f"captured {s.dice} {'die' if s.dice == 1 else 'dice'}")
    elif s.problem == LOOK_FIRST_WORDS:
        f.text(2, 51, LOOK_FIRST_WORDS)
    else:
        f.text(2, 51, "press your button" if face else "then press")


def _oled_reading(f: OledFrame, s: Any) -> None:
    """A roll's reading: the dice (cursor under one), "ok", and what a
    press does now."""
    vals = s.reading.values
    side, gap = 14, 3
    per = 6
    cur = s.cursor - 1
    first = 0 if cur < per else cur - per + 1
    x = 2
    for i in range(first, min(len(vals), first + per)):
        v = vals[i]
        if v == 0:      # not a die: an x, as on the big screen (? = not read)
            f.draw.rounded_rectangle((x, 16, x + side - 1, 16 + side - 1), radius=2, outline=1, fill=0)
            f.draw.text((x + side // 2 - 3, 16 + side // 2 - 7), "x", font=oled_font(10), fill=1)
        else:
            f.die(x, 16, side, v)
        if i == cur and s.status == "checking":
            f.draw.rectangle((x, 16 + side + 2, x + side - 1, 16 + side + 3), fill=1)
        x += side + gap
    okx = f.W - 22
    if s.status == "checking" and cur == -1:
        f.draw.rectangle((okx - 2, 15, f.W - 1, 30), fill=1)
        f.text(okx, 18, "ok", fill=0, room=20)
    else:
        f.text(okx, 18, "ok", room=20)
    if s.status == "confirmed":
        f.text(2, 51, "confirmed: wait")
        return
    if s.problem == CHANGES_ASKED:       # the values the seat changed, before they count (PT36)
        first, second = changes_oled(s)
        f.best(2, 38, first)
        f.text(2, 51, second)
        return
    if s.problem:
        f.best(2, 38, [s.problem, SHORT.get(s.problem, "look first")])
    elif cur == -1:      # said before the press: OK leaves the "?" dice out of the check (PT29)
        f.text(2, 38, "press: ok, ? dice out" if unread_left(s) else "wrong? arrows to die")
    else:                # what the camera read for this die (whatever the seat set since), what a press gives
        f.text(2, 38, f"camera: {camera_read(s)}  {press_does(s).replace('make it', 'press:')}")
    f.text(2, 51, ("or arrows: set a ?" if unread_left(s) else "all right? press: ok") if cur == -1
           else "arrows: next die/ok")
