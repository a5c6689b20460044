"""The guided dice calibration's screens (:mod:`firmware.calibration.flow`):
the shared HDMI screen and each seat's OLED.

HDMI: the header says the step ("step 3 of 9": six faces, learning, the
free rolls) and what every seat must do
now; on the left a big die shows the face to put up (a camera while the
seats roll freely); on the right one card per seat: its number and colour,
its status (waiting / captured N dice / checking / confirmed / a problem in
red), and the dice the camera captured or read, the die under the seat's
cursor ringed in gold.  At the end the result: stored with the figures,
or refused with why and what the reader reads with now ("the old
calibration is kept", or "the reader reads as shipped" when there was none).

While a seat checks a free roll its card shows the camera's picture of its
tray as large as the card allows (PT29: dark dice were unreadable in a
small one), the values beside it, and under them what the camera read for
the die under its cursor and what a press does now; on "ok" with "?" dice,
that OK leaves them out of the check (:mod:`firmware.calibration.words`).

OLED: :mod:`firmware.calibration.oled_screen` (:func:`oled_frame`, here
too).
"""
from __future__ import annotations

from typing import Any

from firmware.ui.kit import (ALERT, DIM, FG, GOLD, INFO, PANEL, Rect, Scene, header, header_todo,
                             seat_banner)
from engines.words import plural
from vision.calibration.confirm import MISREAD_COST

from firmware.calibration.model import LEAVE_HINT, LOOK_FIRST_WORDS
from firmware.calibration.oled_screen import oled_frame
from firmware.calibration.capture_card import GREEN, capture_picture
from firmware.calibration.tray_picture import tray_aspect, tray_picture
from firmware.calibration.words import (CHANGES_ASKED, SHORT, changed_dice, changes_words, check_words,
                                        corrected_dice, corrected_words, earlier_face, ending, turn_word)

__all__ = ["SHORT", "ending", "figure_lines", "oled_frame", "screen", "seat_status", "todo_text"]

TITLE = "Dice calibration"
#: what a person at the cabinet does to undo a stored calibration
UNDO_HINT = "to undo: Undo dice calibration, in the start menu"
#: what the free rolls' panel says, longest first (the longest that fits is shown)
ROLL_HELP = ("? means not read: set it, or leave it ? when you cannot see it (left out of the check). "
             "x means not a die. All right: press on ok. Wrong: arrows to the die, press to change it",
             "? means not read: set it or leave it out. x means not a die. Right: press on ok. Wrong: arrows, press")


def todo_text(flow: Any) -> list[str]:
    """What the table must do now, longest form first (for the header)."""
    phase = flow.phase
    if phase == "face":
        k = flow.face
        return [f"every seat: all dice {k} {'pip' if k == 1 else 'pips'} up, then press your button",
                f"all dice {k} up, press your button", f"dice {k} up, press"]
    if phase == "adapt":
        return ["learning your dice: wait a moment", "learning your dice", "wait"]
    if phase == "roll":
        return ["roll all your dice, press, check the values on your screen",
                "roll, press, check the values", "roll, press, check", "roll and press"]
    return {"changed": ["calibration stored", "stored"],
            "no change": ["checked: no change needed", "checked: no change", "no change"],
            "as shipped": ["calibration removed: reads as shipped", "reads as shipped", "as shipped"],
            "kept": ["checked: your calibration is kept", "checked: yours is kept", "yours kept"],
            "refused": ["calibration refused", "refused"],
            "cancelled": ["calibration cancelled", "cancelled"]}[ending(flow)]


def figure_lines(before: dict, after: dict, left_out: int = 0, stored: bool = False, corrected: int = 0) -> list[str]:
    """The confirmation rolls' figures in words, before and now (``before``
    and ``after``: {"dice", "right", "wrong", "unread"} and ``extra``, the
    values of ``wrong`` where no die lies; [] when no roll was read), and
    the dice the seats left out as "?" (``left_out``; PT29:
    counted in none of the figures).  ``stored``: a new calibration was
    stored; if it reads fewer dice right, a line says why (it reads fewer
    wrong, and a die read wrong costs :data:`MISREAD_COST` nudges; PT29
    saw "50 of 57, now 48" stored with no word of why).  ``corrected``:
    the dice the seats corrected in the readings they checked, which were
    read with what was tried (:func:`~firmware.calibration.words.corrected_words`;
    PT68)."""
    if not after.get("dice"):
        return []
    eb, ea = before.get("extra", 0), after.get("extra", 0)
    lines = [f"dice read right before: {before['right']} of {before['dice']}, now: {after['right']} of "
             f"{after['dice']}",
             f"dice read wrong before: {before['wrong'] - eb}, now: {after['wrong'] - ea}"]
    if "unread" in after and "unread" in before:
        lines.append(f"dice left to nudge before: {before['unread']}, now: {after['unread']}")
    if eb or ea:      # PT66: counted with the dice read wrong, the figures came to 9 of 8
        lines.append(f"values read where no die lies before: {eb}, now: {ea}")
    fewer_wrong = before.get("wrong", 0) - after.get("wrong", 0)
    if stored and after["right"] < before["right"] and fewer_wrong > 0:
        lines.append(f"stored: {fewer_wrong} fewer read wrong, each costs about {MISREAD_COST} nudges")
    if corrected:
        lines.append(corrected_words(corrected))
    if left_out:
        lines.append(f"{plural(left_out, 'die', 'dice')} you left as ?: not counted above")   # PT54
    return lines


def seat_status(s: Any, face: int | None, phase: str = "face") -> tuple[list[str], tuple[int, int, int]]:
    """A seat's status for the HDMI card, longest form first, and its colour
    (``phase``: the flow's; while it adapts every seat waits)."""
    if phase == "adapt":
        cap = s.capture
        if cap is not None and cap.values:     # the last face's capture in view (PT37: the 6s were never shown)
            was = f"{plural(cap.values[0], 'pip')} up captured"
            return [f"{was} (above); wait: learning your dice", f"{was}; wait", "wait: learning your dice",
                    "wait"], DIM
        return ["wait: learning your dice", "wait"], DIM
    if s.problem == LOOK_FIRST_WORDS and s.status in ("waiting", "checking"):
        return ([f"{LOOK_FIRST_WORDS}, then press", LOOK_FIRST_WORDS, "look first"], GOLD)
    if s.status == "problem":
        short = SHORT.get(s.problem, s.problem.split(" (")[0])
        if s.keep:
            first, them = s.problem.split(",")[0], turn_word(s.problem)
            return [f"{s.problem}: turn {them}, or press again to keep", f"{first}: turn {them} or press again",
                    f"{first}: press to keep"], ALERT
        if s.problem == "no dice seen in your tray":
            return ["no dice seen in your tray: put your dice in it, press again",
                    "no dice seen: put them in your tray, press again",
                    "put your dice in your tray, press again", "put dice in, press again"], ALERT
        return [f"problem: {s.problem}", s.problem, short], ALERT
    if s.status == "captured":
        return [f"captured {s.dice} {'die' if s.dice == 1 else 'dice'}"], GREEN
    if s.status == "checking":
        if s.problem == CHANGES_ASKED and s.reading is not None:
            return changes_words(s), GOLD
        if s.problem:
            return [s.problem], ALERT
        return (check_words(s) if s.reading is not None else ["check the values read"]), GOLD
    if s.status == "confirmed":
        return ["confirmed"], GREEN
    cap = s.capture
    if face and cap is not None and cap.values and cap.values[0] != face:
        # the last face's capture stays in view (PT36: the last seat to press saw nothing of it)
        was = f"{plural(cap.values[0], 'pip')} up captured"
        return [f"{was} (above); now {plural(face, 'pip')} up: press your button", f"{was}; now press your button",
                "press your button", "press"], FG
    if face:
        return ["waiting: press your button", "press your button", "press"], FG
    return ["waiting: roll, then press", "roll, then press", "roll"], FG


def _best_wrapped(scene: Scene, options: list[str], r: Rect, colour, max_lines: int = 2) -> str:
    """Word-wrap the first of ``options`` that fits ``r`` in ``max_lines``
    at the small size (the last one must: a layout bug otherwise)."""
    from firmware.ui.kit import wrap_words
    size = scene.metrics.small
    line_h = scene.measure("Ag", size)[1]
    # a small screen: one line if any option fits one (room for the tray)
    for most in (range(1, max_lines + 1) if scene.height < 700 else (max_lines,)):
        for text in options:
            lines = wrap_words(text, r.w, size, scene.measure)
            if lines is not None and len(lines) <= most and len(lines) * line_h <= r.h:
                scene.wrapped(text, r, sizes=(size,), colour=colour, max_lines=most)
                return text
    scene.wrapped(options[-1], r, sizes=(size,), colour=colour, max_lines=max_lines)
    return options[-1]


def screen(flow: Any, size: tuple[int, int] = (1920, 1080), measure=None) -> Scene:
    """The shared screen for ``flow`` (a :class:`~firmware.calibration.flow.GuidedCalibration`)
    now.  ``scene.facts``: ``step``, ``face``, ``todo``, ``seats`` (seat ->
    status text), ``outcome``.

    Raises:
        LayoutError: a needed text does not fit (a layout bug).
    """
    from firmware.screens.draw import default_measure
    w, h = size
    scene = Scene(w, h, measure or default_measure())
    m = scene.metrics
    header_h = scene.measure("Ag", m.medium)[1] + m.pad
    hdr, body = scene.rect.rows(-header_h, 1)
    status = f"step {flow.step_number} of {flow.steps_total}" if flow.phase != "done" else "done"
    options = todo_text(flow)
    if getattr(flow, "notice", ""):       # the window's Esc question stands over what to do
        notice = flow.notice
        options = [notice, notice.split(" (")[0], "Esc again to leave"]
    # the step stays: the longest "what to do" that leaves room for it
    # (the widths kit.header gives them)
    rest_w = hdr.w - 2 * (m.pad // 2) - 2 * m.pad - scene.measure(TITLE, m.medium)[0] - 3 * m.pad

    def leaves_step(o: str) -> bool:
        size = m.medium if scene.measure(o, m.medium)[0] <= rest_w * 3 // 4 else m.small
        return rest_w - scene.measure(o, size)[0] - 2 * m.pad >= scene.measure(status, m.small)[0]
    options = [o for o in options if leaves_step(o)] or options[-1:]
    todo = header_todo(scene, hdr, TITLE, status, options)
    header(scene, hdr, TITLE, status, todo)
    scene.facts.update({"step": flow.step_number, "face": flow.face, "todo": todo, "seats": {},
                        "outcome": flow.outcome})
    body = body.inset(m.pad)
    if flow.phase == "done":
        _result(scene, body, flow)
        return scene
    # while the seats check their rolls their cards (the trays' pictures) take more of a wide screen
    share = 0.25 if flow.phase == "roll" and w >= 1600 else 0.34
    left, right = body.cols(share, 1 - share, gap=2 * m.pad)
    _prompt(scene, left, flow)
    order = sorted(list(flow.seats) + list(getattr(flow, "left_out", [])))
    n = len(order)
    cols = 1 if n == 1 else 2 if n <= 4 else 3 if w >= 1200 else 2
    for cell, k in zip(right.grid(n, cols, gap=m.pad), order):
        if k in flow.seats:
            _seat_card(scene, cell, flow.seats[k], flow)
        else:
            _left_out_card(scene, cell, k, getattr(flow, "left_out_why", {}).get(k, "nobody pressed"))
    return scene


def _seat_only_banner(scene: Scene, r: Rect, seat: int, active: bool) -> None:
    """:func:`firmware.ui.kit.seat_banner` with only "Seat N" (a card too
    narrow for "Seat N \u00b7 status": the status is written under it)."""
    from firmware.ui.kit import PANEL_HI, seat_colour
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL_HI if active else PANEL, border=seat_colour(seat), glow=active,
              radius=m.pad)
    inner = r.inset(max(2, m.pad // 2))
    token, rest = inner.cols(-inner.h, 1, gap=m.pad)
    scene.add("token", token, None, seat=seat, colour=seat_colour(seat), label=str(seat + 1))
    scene.text(f"Seat {seat + 1}", rest, sizes=(m.medium, m.small), colour=FG)


def _left_out_card(scene: Scene, r: Rect, seat: int, why: str = "nobody pressed") -> None:
    """A seat left out of the flow (``why``: nobody pressed its button, or
    the problem it was stuck on)."""
    m = scene.metrics
    banner_h = max(scene.measure("Ag", m.small)[1] + m.pad, scene.measure("Ag", m.medium)[1] + m.pad // 2)
    scene.add("panel", r, None, fill=(24, 26, 32), radius=m.pad)
    ban, rest = r.inset(m.pad // 2).rows(-banner_h, 1, gap=m.pad // 2)
    seat_banner(scene, ban, seat, score="left out", active=False)
    scene.facts["seats"][seat] = _best_wrapped(scene, [f"left out: {why}", "left out"], rest, DIM)


def _prompt(scene: Scene, r: Rect, flow: Any) -> None:
    """The big die (the face to put up) or the camera, and its words."""
    m = scene.metrics
    line = scene.measure("Ag", m.large)[1]
    small = scene.measure("Ag", m.small)[1]
    scene.add("panel", r, None, fill=PANEL, radius=m.pad)
    inner = r.inset(2 * m.pad)
    lines = 7 if flow.phase == "roll" else 3
    if flow.phase in ("face", "roll"):     # the way out, without a keyboard (PT14)
        one = scene.measure(LEAVE_HINT, m.small)[0] <= inner.w
        inner, out = inner.rows(1, -(1 if one else 2) * small, gap=m.pad // 2)
        if one:
            scene.text(LEAVE_HINT, out, sizes=(m.small,), align="center", colour=DIM)
        elif scene.measure(LEAVE_HINT.split(": ", 1)[1], m.small)[0] <= inner.w:
            head, tail = LEAVE_HINT.split(": ", 1)     # "to leave:" over "hold both arrows 1 s" (not "1" over "s")
            for text, row in zip((head + ":", tail), out.rows(1, 1)):
                scene.text(text, row, sizes=(m.small,), align="center", colour=DIM)
        else:
            scene.wrapped(LEAVE_HINT, out, sizes=(m.small,), align="center", colour=DIM, max_lines=2)
    pic, words = inner.rows(1, -(line + lines * small + m.pad), gap=m.pad)
    side = min(pic.w, pic.h)
    sq = Rect(pic.x + (pic.w - side) // 2, pic.y + (pic.h - side) // 2, side, side)
    if flow.phase == "face":
        k = flow.face
        scene.add("die", sq, "calib:face", value=k)
        big, rest = words.rows(-line, 1)
        scene.text(f"{k} {'pip' if k == 1 else 'pips'} up", big, sizes=(m.large, m.medium), align="center",
                   colour=GOLD)
        scene.wrapped("put all your dice in your tray this way up, then press your button", rest,
                      sizes=(m.small,), align="center", colour=DIM, priority=INFO, max_lines=3)
    elif flow.phase == "roll":
        scene.add("die", sq, "calib:face", value=None, state="reading")
        big, rest = words.rows(-line, 1)
        scene.text(f"roll {flow.roll} of {flow.rolls}", big, sizes=(m.large, m.medium), align="center", colour=GOLD)
        from firmware.ui.kit import wrap_words
        for text in ROLL_HELP:          # the longest that fits
            wrapped = wrap_words(text, rest.w, m.small, scene.measure)
            if wrapped is not None and len(wrapped) <= min(lines, rest.h // small):
                break
        scene.wrapped(text, rest, sizes=(m.small,), align="center", colour=DIM, max_lines=lines)
    else:
        scene.add("die", sq, "calib:face", value=None, state="reading")
        big, rest = words.rows(-line, 1)
        scene.text("learning", big, sizes=(m.large, m.medium), align="center", colour=GOLD)
        scene.wrapped("fitting the reader to your dice, this camera and this light", rest,
                      sizes=(m.small,), align="center", colour=DIM, priority=INFO, max_lines=3)


def _dice_grid(n: int, r: Rect, gap: int, cap: int) -> list[Rect]:
    """``n`` square cells as large as fit ``r`` (at most ``cap`` px), in
    the rows and columns that make them largest, centred."""
    best = None
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        side = min((r.w - gap * (cols - 1)) // cols, (r.h - gap * (rows - 1)) // rows, cap)
        if best is None or side > best[0]:
            best = (side, cols, rows)
    side, cols, rows = best
    if side < 6:
        return []
    x0 = r.x + (r.w - (cols * side + gap * (cols - 1))) // 2
    y0 = r.y + (r.h - (rows * side + gap * (rows - 1))) // 2
    return [Rect(x0 + (i % cols) * (side + gap), y0 + (i // cols) * (side + gap), side, side) for i in range(n)]


def _tray_layout(area: Rect, n: int, ok: tuple[int, int] | None, gap: int, least: int,
                 cap: int, aspect: float = 1.0) -> tuple[Rect | None, Rect, Rect | None]:
    """A checking seat's tray room ``area`` shared between the camera's
    picture and ``n`` values (cells of ``least`` to ``cap`` px) with the
    "ok" button (``ok``: its width and height, or None): the values in a
    column at the right (ok under them) or in rows along the bottom (ok at
    their right), whichever shows the picture the larger (PT29: dark dice
    in a small picture could not be seen): the whole tray (``aspect``: its
    width / height) first, then the room's short side (the die under the
    cursor is shown close up across it).  The layout depends on the
    reading only, not on the cursor (nothing jumps as it moves).  Returns
    (picture's rect or None when no layout leaves it 48 px, values' rect,
    ok's rect or None)."""
    ok_w, ok_h = ok or (0, 0)
    best = None
    for k in range(1, n + 1):
        lines = -(-n // k)
        # a column of k dice across (ok under it), or k rows of dice along the bottom (ok at their right)
        cell = min(cap, (area.h - (lines - 1) * gap - (ok_h + gap if ok else 0)) // lines)
        col_w = max(k * cell + (k - 1) * gap, ok_w)
        right = (cell, Rect(area.x, area.y, area.w - col_w - gap, area.h),
                 Rect(area.x + area.w - col_w, area.y, col_w, area.h - (ok_h + gap if ok else 0)),
                 Rect(area.x + area.w - col_w, area.y + area.h - ok_h, col_w, ok_h) if ok else None)
        cell = min(cap, (area.w - (ok_w + gap if ok else 0) - (lines - 1) * gap) // lines)
        strip = k * cell + (k - 1) * gap
        bottom = (cell, Rect(area.x, area.y, area.w, area.h - max(strip, ok_h) - gap),
                  Rect(area.x, area.y + area.h - strip, area.w - (ok_w + gap if ok else 0), strip),
                  Rect(area.x + area.w - ok_w, area.y + area.h - max(strip, ok_h) + (max(strip, ok_h) - ok_h) // 2,
                       ok_w, ok_h) if ok else None)
        for cell, pic, vals, ok_r in (right, bottom):
            shown = (min(pic.w / aspect, pic.h), min(pic.w, pic.h))     # the tray's height drawn, the close up's
            if cell >= least and min(pic.w, pic.h) >= 48 and (best is None or shown > best[0]):
                best = (shown, pic, vals, ok_r)
    if best is not None:
        return best[1:]
    if ok is None:
        return None, area, None
    area, ok_col = area.cols(1, -ok_w, gap=gap)
    return None, area, Rect(ok_col.x, ok_col.y + (ok_col.h - ok_h) // 2, ok_w, ok_h)


def _seat_card(scene: Scene, r: Rect, s: Any, flow: Any) -> None:
    """One seat: banner, its tray with the dice as captured / read (the die
    under its cursor ringed in gold, "ok" lit when the cursor is there),
    its status."""
    m = scene.metrics
    small_h = scene.measure("Ag", m.small)[1]
    banner_h = max(small_h + m.pad, scene.measure("Ag", m.medium)[1] + m.pad // 2)
    options, colour = seat_status(s, flow.face, flow.phase)
    away = flow.away_in_s(s) if hasattr(flow, "away_in_s") else None
    if getattr(flow, "leaving", None) == s.seat:
        options, colour, away = ["leave the calibration? press your button to leave, an arrow to stay",
                                 "leave? button: leave, arrow: stay", "leave? press"], GOLD, None
    elif away is not None and s.status == "problem":      # stuck: the problem, and the way out
        short = SHORT.get(s.problem, s.problem.split(" (")[0].split(",")[0])
        options = [f"{options[0]}; or left out in {away} s", f"{short}: press again, or left out in {away} s",
                   f"{short}: left out in {away} s", f"left out in {away} s"]
    elif away is not None:
        options, colour = [f"nobody here? left out in {away} s; press to take part",
                           f"left out in {away} s: press to stay", f"left out in {away} s"], GOLD
    done = s.status in ("captured", "confirmed")
    scene.add("panel", r, None, fill=(30, 34, 46), radius=m.pad, border=GREEN if done else None)
    inner = r.inset(m.pad // 2)
    ban, rest = inner.rows(-banner_h, 1, gap=m.pad // 2)
    word = {"captured": "done", "confirmed": "done", "problem": "problem", "checking": "check"}.get(s.status, "")
    acting = s.status in ("waiting", "problem", "checking") and flow.phase != "adapt"
    # while the cabinet learns, the seat has nothing to do (PT66, PT67: "waiting" read as the seat's own delay)
    word = word or ("wait" if flow.phase == "adapt" else "waiting")
    room = ban.w - ban.h - 2 * m.pad
    if scene.measure(f"Seat {s.seat + 1} \u00b7 {word}", m.small)[0] > room:
        _seat_only_banner(scene, ban, s.seat, acting)   # the seat's number first; its status is below
    else:
        seat_banner(scene, ban, s.seat, score=word, active=acting)
    tray, status_r = rest.rows(1, -(2 * small_h), gap=m.pad // 2)
    scene.facts["seats"][s.seat] = _best_wrapped(scene, options, status_r, colour)
    values: list = []
    cursor = None
    if s.status == "captured" and flow.face is not None:
        values = [flow.face] * s.dice
    elif s.reading is not None and s.status in ("checking", "confirmed"):
        values = list(s.reading.values)
        cursor = s.cursor - 1 if s.status == "checking" else None
    if tray.h < 12:
        return
    scene.add("panel", tray, None, fill=(18, 20, 26), radius=m.pad)
    area = tray.inset(m.pad // 2)
    gap = max(3, m.pad // 2)
    ok = None
    if cursor is not None:
        ok = (scene.measure("ok", m.medium)[0] + 3 * m.pad, min(area.h, scene.measure("Ag", m.medium)[1] + m.pad))
    shot = None
    if values and s.reading is not None and s.status in ("checking", "confirmed"):
        # the camera's picture of the tray as large as the card allows, the values beside or under it
        shot, area, ok_r = _tray_layout(area, len(values), ok, gap, max(16, small_h * 4 // 5), 2 * small_h,
                                        tray_aspect(s.reading.frame, s.reading.dice))
    elif ok is not None:
        area, ok_col = area.cols(1, -ok[0], gap=gap)
        ok_r = Rect(ok_col.x, ok_col.y + (ok_col.h - ok[1]) // 2, ok[0], ok[1])
    if ok is not None:
        lit = cursor == -1
        scene.add("panel", ok_r, None, fill=GOLD if lit else (58, 64, 84), radius=m.pad // 2,
                  border=GOLD if lit else None)
        scene.text("ok", ok_r, sizes=(m.medium, m.small), align="center", colour=(20, 20, 24) if lit else FG)
    cap = s.capture
    if cap is not None and (flow.phase == "adapt" or flow.phase == "face"
                            and s.status in ("captured", "problem", "waiting")):
        capture_picture(scene, area, s, cap, earlier_face(flow, s))
        return
    if not values:
        icon = _dice_grid(1, area, 0, min(area.w, area.h) // 2)
        if icon:
            scene.add("die", icon[0], None, value=None, state="reading")
        return
    if shot is not None:    # the cursor's die ringed in gold in the picture as in the values
        asked = s.problem == CHANGES_ASKED    # the dice it changed ringed as its words name them (PT37)
        rings = [GOLD if asked and i in changed_dice(s.reading) else None for i in range(len(s.reading.dice))]
        whole = cursor is None or cursor < 0       # each die numbered as its value's place (PT37)
        pic = tray_picture(s.reading.frame, s.reading.dice, cursor, shot.w, shot.h, rings, numbers=whole)
        if pic is not None:
            scene.add("picture", shot, None, rgb=pic[0], w=pic[1], h=pic[2])
    for i, (cell, v) in enumerate(zip(_dice_grid(len(values), area, gap, 3 * small_h), values)):
        ring = GOLD if cursor == i else None
        if v == 0:
            scene.add("die", cell, None, value=None, state="none", ring=ring)
        else:
            scene.add("die", cell, None, value=v, ring=ring)
    scene.facts.setdefault("dice", {})[s.seat] = values


def _result(scene: Scene, r: Rect, flow: Any) -> None:
    """The end: stored with its figures, or refused with why (and the
    figures when the confirmation rolls were read)."""
    m = scene.metrics
    kind, why = flow.outcome
    scene.add("panel", r, None, fill=PANEL, radius=m.pad,
              border=GREEN if kind == "stored" else GOLD if kind == "cancelled" else ALERT)
    inner = r.inset(3 * m.pad)
    big = scene.measure("Ag", m.large)[1]
    mid_h = scene.measure("Ag", m.medium)[1]
    small = scene.measure("Ag", m.small)[1]
    top, body, bottom, hint = inner.rows(-big, 1, -2 * small, -small, gap=m.pad)
    end = ending(flow)
    corrected = corrected_dice(getattr(flow, "confirmed", []))
    figures = figure_lines(flow.before, flow.after, getattr(flow, "left_out_dice", 0), stored=end == "changed",
                           corrected=corrected)
    if kind == "stored":
        title = {"changed": "Calibration stored", "no change": "Calibration done: no change needed",
                 "as shipped": "Back to the reader as shipped",
                 "kept": "Your calibration is kept"}[end]
        scene.text(title, top, sizes=(m.large,), align="center", colour=GREEN)
        texts = ([flow.kept] if getattr(flow, "kept", "") else []) + (figures or [why])
        if getattr(flow, "replaced", ""):
            texts.insert(1, flow.replaced)
        note = ("on your confirmation rolls: before = without a calibration, now = as kept" if end != "changed"
                else "on your confirmation rolls: before = without the calibration, now = with it")
    elif end == "cancelled":
        scene.text("Calibration cancelled", top, sizes=(m.large,), align="center", colour=GOLD)
        texts, note = ["you left the calibration before its end"], ""
    else:
        scene.text("Calibration refused", top, sizes=(m.large,), align="center", colour=ALERT)
        texts = [why] + figures
        note = "on your confirmation rolls: before = without it, now = with it" if figures else ""
    # what was kept (a stored calibration) may take two lines
    kept_rows = 2 if len(getattr(flow, "kept", "")) <= 80 else 3
    # what was replaced (two rows), and the dice the seats corrected (PT68), may go small to take two lines
    small_ok = {getattr(flow, "replaced", ""), corrected_words(corrected)} - {""}
    weights = [kept_rows if kind == "stored" and getattr(flow, "kept", "") and i == 0
               else 2 if t and t == getattr(flow, "replaced", "") else 1 for i, t in enumerate(texts)]
    rows = body.rows(*(weights + ([1] if note else [])), gap=m.pad)
    for t, row in zip(texts, rows):
        line_h = small if t in small_ok else mid_h
        scene.wrapped(t, row, sizes=(m.medium, m.small), align="center", max_lines=max(1, row.h // line_h))
    if note:
        scene.wrapped(note, rows[-1], sizes=(m.small,), align="center", colour=DIM, priority=INFO, max_lines=2)
    if end == "changed":
        last = getattr(flow, "undo_hint", UNDO_HINT)
    elif end == "cancelled":
        last = ("the calibration in use is kept" if getattr(flow, "had_calibration", False)
                else "nothing was changed: the reader reads as shipped")
    elif end == "no change":
        last = "the reader reads your dice as before: nothing to undo"
    elif end == "as shipped":
        last = "the old calibration is no longer used"
    elif end == "kept":
        last = "nothing was changed: your calibration is still used"
    elif getattr(flow, "had_calibration", False):
        last = "the old calibration is kept; nothing was changed"
    else:
        last = "nothing was changed: the reader reads as shipped"
    scene.wrapped(last, bottom, sizes=(m.small,),
                  align="center", colour=DIM if kind == "stored" else FG, max_lines=2)
    scene.text(getattr(flow, "next_hint", "press any button to close"), hint, sizes=(m.small,), align="center",
               colour=GOLD)
