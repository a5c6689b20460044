"""The guided calibration's words shared by its screens
(:mod:`firmware.calibration.screens`, :mod:`firmware.calibration.oled_screen`)
and the simulator window's key legend: how the flow ended, the short forms
of its problems, and, for a seat checking a free roll, what the camera read
for the die under its cursor and what its next press does (PT29: a press
changed a die's value while the OLED said "set ? dice: arrows", and nothing
showed what the camera had read)."""
from __future__ import annotations

from typing import Any

from engines.words import plural
from firmware.calibration.model import next_value, value_word
# a calibration's tuned face net in an owner's words, and what a calibration sets in a reader: with the
# reader (the runtime's layer: the game's report and `cabinet dice read` say them too)
from firmware.runtime.reader import TUNED_SHORT, TUNED_WORDS, calibration_parts  # noqa: F401

#: short forms of the flow's problems, for small screens
SHORT = {"no dice seen in your tray": "no dice seen", "the camera shows only noise": "camera: noise",
         "the camera shows a blank picture": "camera: blank"}


def wrong_face_words(odd: list[int], dice: int, face: int) -> str:
    """What a capture of ``dice`` dice for ``face`` pips up says when the
    shipped reader is sure some show another face: ``odd``, the values it
    read on those (PT36: a single die on the wrong face was learned
    silently).  "read as 5, not 3" when they all read as one value and are
    most of the dice, "1 die reads as 5, not 3", "2 dice read as 5, not 3",
    else "2 dice read as other faces, not 3"."""
    n = len(odd)
    if len(set(odd)) == 1 and 2 * n > dice:
        return f"read as {odd[0]}, not {face}"
    if len(set(odd)) == 1:
        return f"1 die reads as {odd[0]}, not {face}" if n == 1 else f"{n} dice read as {odd[0]}, not {face}"
    return f"{n} dice read as other faces, not {face}"


#: a checking seat's problem while its changes to the camera's values wait for a second press on ok
CHANGES_ASKED = "changes to confirm"


def changed_dice(r: Any) -> list[int]:
    """Indices of the dice of reading ``r`` whose value the seat changed
    from one the camera read (a die the camera did not read is not one)."""
    return [i for i, (read, v) in enumerate(zip(r.read, r.values)) if read is not None and v != read]


def corrected_dice(confirmed: list) -> int:
    """Dice the seats corrected in the readings they confirmed: given
    another value, or marked x (not a die), where the camera read one
    (:func:`changed_dice`).  A die the camera did not read and the seat
    set is not one, nor a die the seat left "?" (left out of the check,
    said apart; PT70: a die read 6 and left "?" was counted as corrected
    and as left out)."""
    return sum(1 for r in confirmed for i in changed_dice(r) if r.values[i] is not None)


def corrected_words(n: int) -> str:
    """The result's line for ``n`` dice the seats corrected in the readings
    they checked, "" for none: those readings are made with the calibration
    being tried, the figures with the reader without a calibration and as
    kept (PT68: a die read 6 and set to 4, then "dice read wrong before: 0,
    now: 0"; PT70 could not tell what "read with what was tried" meant)."""
    if not n:
        return ""
    return f"the calibration tried misread {plural(n, 'die', 'dice')}: you fixed {'it' if n == 1 else 'them'}"


def _change(s: Any) -> tuple[int, str, str] | None:
    """The one die seat ``s`` changed: (its index, the camera's value, the
    seat's, in words); None when it changed more than one."""
    r = s.reading
    ch = changed_dice(r)
    return (ch[0], value_word(r.read[ch[0]]), value_word(r.values[ch[0]])) if len(ch) == 1 else None


def changes_words(s: Any) -> list[str]:
    """What seat ``s``'s card says when its press on ok asks it to confirm
    the values it changed (longest first; PT36: a wrong correction was taken
    at once and counted as the camera's misread)."""
    one = _change(s)
    if one is not None:
        i, was, now = one
        return [f"you changed die {i + 1}: the camera read {was}, you set {now}; press ok again to confirm",
                f"die {i + 1}: camera {was}, you {now}; press ok again", f"die {i + 1}: {was} to {now}: ok again",
                "ok again to confirm"]
    n = len(changed_dice(s.reading))
    return [f"you changed {n} dice the camera read; press ok again to confirm",
            f"{n} dice changed: ok again to confirm", "ok again to confirm"]


def changes_oled(s: Any) -> tuple[list[str], str]:
    """The OLED's two lines for the same (longest first for the first)."""
    one = _change(s)
    if one is not None:
        i, was, now = one
        first = [f"changed die {i + 1}: {was} to {now}", f"die {i + 1}: {was} to {now}"]
    else:
        n = len(changed_dice(s.reading))
        first = [f"you changed {n} dice", f"{n} dice changed"]
    return first, "sure? press ok again"


def turn_word(problem: str) -> str:
    """"it" for a problem about one die ("1 die reads as ..."), else "them"."""
    return "it" if problem.startswith("1 die") else "them"


def ending(flow: Any) -> str:
    """How the flow ended, for the words of every screen: "changed" (a
    calibration of its own is stored), "no change" (nothing read the dice
    better and there was no calibration: the reader reads as before),
    "as shipped" (nothing read them better than the reader as shipped,
    which replaces the old calibration), "kept" (the calibration in use
    reads the rolls as well as or better than anything new: it is kept,
    untouched), "refused" or "cancelled" (the owner left it:
    :data:`~firmware.calibration.model.CANCELLED`)."""
    kind, _ = flow.outcome
    if kind == "cancelled":
        return "cancelled"
    if kind != "stored":
        return "refused"
    if getattr(flow, "kind", "") == "yours":
        return "kept"
    if getattr(flow, "kind", "") != "as shipped" or getattr(flow, "lean_bar", None) is not None:
        return "changed"      # (as shipped but for the lean net's bar for these dice: stored)
    return "as shipped" if getattr(flow, "had_calibration", False) else "no change"


def earlier_face(flow: Any, s: Any) -> int | None:
    """The face seat ``s``'s capture in view shows when it is not the face
    asked now (the previous face's after the seat pressed, the 6s' while
    the calibration learns), else None."""
    cap = s.capture
    if cap is None or not cap.values:
        return None
    if flow.phase == "adapt" or flow.phase == "face" and cap.values[0] != flow.face:
        return cap.values[0]
    return None


def unread_left(s: Any) -> int:
    """How many dice of seat ``s``'s reading are "?" now (OK leaves them out)."""
    return sum(v is None for v in s.reading.values) if s.reading is not None else 0


def camera_read(s: Any) -> str | None:
    """What the camera read for the die under seat ``s``'s cursor ("4",
    "?" for not read), or None with the cursor on "ok"."""
    i = s.cursor - 1
    if s.reading is None or not 0 <= i < len(s.reading.values):
        return None
    return value_word(s.reading.read[i] if i < len(s.reading.read) else None)


def press_does(s: Any) -> str:
    """What seat ``s``'s next press does while it checks a roll, in the
    fewest words: "ok" (confirm), "ok, ? dice out" (confirm, leaving the
    "?" dice out of the check) or "make it 5" (the die under the cursor's
    next value; "make it x", "make it ?")."""
    i = s.cursor - 1
    if i < 0:
        return "ok, ? dice out" if unread_left(s) else "ok"
    return f"make it {value_word(next_value(s.reading.values[i]))}"


def check_words(s: Any) -> list[str]:
    """A checking seat's status on the HDMI card, longest form first: on
    "ok", what OK does (with the "?" dice it leaves out, said before the
    press); on a die, what the camera read for it and what a press makes
    it."""
    i = s.cursor - 1
    if i < 0:
        # a die the camera did not see is in no check (PT66: 4 shown of the 5 thrown, nothing said)
        seen, thrown = len(s.reading.dice), s.thrown
        short = f"{seen} of your {thrown} dice seen (the other{'s' if thrown - seen > 1 else ''} not checked); " \
            if 0 < seen < thrown else ""
        if unread_left(s):
            return [f"{short}OK leaves the ? dice out of the check (not counted); to set one: arrows to it, press",
                    f"{short}OK leaves ? dice out; arrows to one to set it", "OK leaves ? dice out"]
        if short:
            return [f"{short}all right: press on ok; wrong: arrows to the die, press to change it",
                    f"{short}right: press on ok; wrong: arrows to it, press",
                    f"{seen} of {thrown} dice seen; right: press; wrong: arrows", "right: press; wrong: arrows"]
        return ["all right: press on ok; wrong: arrows to the die, press to change it",
                "right: press on ok; wrong: arrows to it, press", "right: press; wrong: arrows"]
    read = camera_read(s)
    nxt = value_word(next_value(s.reading.values[i]))
    seen = "the camera could not read it (?)" if read == "?" else f"the camera read {read}"
    return [f"die {i + 1}: {seen}; a press makes it {nxt}; arrows: next die or ok",
            f"die {i + 1}: camera read {read}; a press makes it {nxt}",
            f"die {i + 1}: camera: {read}; press: {nxt}", f"camera: {read}; press: {nxt}"]


def legend(flow: Any, seat: int, keys: tuple[str, str, str, str]) -> list[tuple[str, str]]:
    """Seat ``seat``'s keys in the simulator window, as a game's panel shows
    them (:meth:`firmware.app.session_panels.SessionPanels._legends`):
    ``(key, what)`` pairs for its button, its arrows and the hold that
    leaves, each saying what it does now; ``keys``: the button's, the left
    and the right arrow's names ("Space", "Left", "Right"), and the push's
    ("Down", said on the check: the next die; PT54).  A key that does
    nothing now is left out; [] for a seat not taking part."""
    button, left, right, push = keys
    arrows, held = f"{left}/{right}", f"{left}+{right} held"
    if flow.outcome is not None:
        return [(button, "menu" if "menu" in getattr(flow, "next_hint", "") else "close")]
    if getattr(flow, "leaving", None) == seat:
        return [(button, "leave"), (arrows, "stay")]
    s = flow.seats.get(seat)
    if s is None or flow.phase == "adapt":
        return []
    out = []
    if s.status == "checking" and s.reading is not None:
        out += [(button, press_does(s)), (arrows, "die / ok"), (push, "next die")]
    elif s.status not in ("captured", "confirmed"):
        out.append((button, "capture" if flow.phase == "face" else "read roll"))
    return out + [(held, "leave")]
