"""Café International Junior's recent events and its end in words for the
HDMI screen (play-tester 2: scores changed with no explanation).

The engine's event texts ("Player 2 seats a boy from Japan at the right of
table T14 (+1)", "Player 2 completes table T14 (+10)") become the table's
words: seats, tables by their place on the 4 x 4 grid (the tiles carry no
numbers), what each move scored and why ("Seat 2 seats a Japan boy at row 2
col 3, right and fills the table: +11 (1 for the guest, 10 for the full
table)").  The end: why the game ended and what each "-5" is for, in the
rulebook's words ("End of the Game").
"""
from __future__ import annotations

import re
from typing import Any

#: Rulebook "End of the Game": "each player ... must give up 5 points for each joker".
JOKER_PENALTY = 5
#: Engine texts the screen shows otherwise (the header, the piles, the turned tile).
_QUIET = re.compile(r"'s turn$|is full and turned over$|^Game over|"
                    r" wins? with | holds \d+ joker|has no joker left and is turned over$")


def _place(view: dict[str, Any]) -> dict[str, str]:
    """table id -> "row 2 col 3" for every table on the play area."""
    return {t["table"]: f"row {int(t['cell'][0]) + 1} col {int(t['cell'][1]) + 1}"
            for t in view.get("tables", []) or []}


def seat_words(text: str) -> str:
    """The engine's "Player 2" as the cabinet's "Seat 2" (Cryptid Cafe's
    "AI Player 2" keeps its name: issue 34, pt11 s81 read "AI Seat 2")."""
    return re.sub(r"(?<!AI )\bPlayer (\d+)", r"Seat \1", text)


def event_words(text: str, view: dict[str, Any]) -> str:
    """One engine event in the table's words (see the module)."""
    at = _place(view)
    t = seat_words(text)
    t = re.sub(r"^(Seat \d+) draws (\d+) cards?$", r"\1 ends the turn and draws \2", t)   # PT48: count only
    t = re.sub(r"at the (\w+) of table (T\d+)", lambda m: f"at {at.get(m.group(2), 'a table')}, {m.group(1)}", t)
    t = re.sub(r"completes table (T\d+)", lambda m: f"fills the table at {at.get(m.group(1), 'a table')}", t)
    t = re.sub(r"reveals table (T\d+)", lambda m: f"lays out a new table at {at.get(m.group(1), 'a table')}", t)
    t = re.sub(r"\b[Tt]able (T\d+)", lambda m: f"the table at {at.get(m.group(1), 'a table')}", t)
    t = re.sub(r"the joker at the (\w+) of the table at ([\w ]+?) for (.*)$", r"the joker at \2, \1 for \3 (no points)", t)
    t = t.replace(" (+1)", ": +1").replace(" (+10)", ": +10 for the full table")
    t = t.replace("completed a table: card points doubled (+", "filled a table: guest points doubled (+")
    return t[0].upper() + t[1:] if t else t


def feed_lines(events: list[str], view: dict[str, Any], keep: int = 4, words=None, quiet=None) -> list[str]:
    """The last ``keep`` moves in words, oldest first: a guest seated and
    the table it fills make one line with their sum ("... and fills the
    table: +11 (1 for the guest, 10 for the full table)"); a turn's end
    says how many cards it draws, never which ("Seat 1 ends the turn and
    draws 2": the hands are hidden, PT48); turn changes and turned tiles
    (drawn on the screen) are left out; after a full table the draw
    joins its line ("...; the turn ends and Seat 1 draws 2").

    Other games' feeds reuse it: ``words(text, view) -> str`` puts one
    engine event in the table's words (default :func:`event_words`),
    ``quiet`` (a compiled regex) matches the events left out (default:
    Café Junior's)."""
    words = words or event_words
    quiet = quiet or _QUIET
    out: list[str] = []
    for text in events:
        if quiet.search(text):
            continue
        line = words(text, view)
        if not line:
            continue
        drew = re.match(r"(Seat \d+) ends the turn and (draws \d+)$", line)
        if drew and out and out[-1].startswith(f"{drew.group(1)} ") and out[-1].endswith("; the turn ends"):
            out[-1] += f" and {drew.group(1)} {drew.group(2)}"     # a full table ended it: one line
            continue
        full = re.match(r"(Seat \d+) fills the table at ([\w ]+?): \+10", line)
        if full and out:
            prev = re.match(rf"({full.group(1)} seats .+ at {full.group(2)}, \w+): \+1$", out[-1])
            if prev:
                out[-1] = (f"{prev.group(1)} and fills the table: +11 (1 for the guest, 10 for the full table);"
                           " the turn ends")
                continue
            line += "; the turn ends"     # book: "his turn ends immediately" (issue 34: unsaid)
        out.append(line)
    return out[-keep:]


def end_words(view: dict[str, Any]) -> list[str]:
    """Why the game ended and each joker penalty, in the rulebook's words
    ("End of the Game"); [] while the game goes on."""
    if not view.get("over"):
        return []
    reason = str(view.get("end_reason") or "")
    m = re.search(r"Player (\d+) had to draw", reason)
    if m:
        why = f"Game over: Seat {m.group(1)} had to draw and the guest pile is empty"
    elif "free place" in reason:
        why = "Game over: the last free place is filled with a guest"
    else:
        why = f"Game over: {seat_words(reason)}" if reason else "Game over"
    lines = [why]
    for s, pen in enumerate(view.get("penalties") or []):
        if pen:
            lines.append(joker_words(s, pen))
    return lines


def last_move_words(view: dict[str, Any]) -> str:
    """The move that filled the last free place, from the end's reason
    (PT45: the result card covered the log and the move was never shown):
    "Last move: Seat 2 seats a boy from Kenya at row 4 col 1, right and
    fills the last table: +11 (1 for the guest, 10 for the full table)";
    "" when the game did not end so."""
    reason = str(view.get("end_reason") or "")
    m = re.search(r"free place was filled: (Player (\d+) .+ of table (T\d+) \(\+1\))$", reason)
    if not view.get("over") or not m:
        return ""
    line = event_words(m.group(1), view).removesuffix(": +1")
    return f"Last move: {line} and fills the last table: +11 (1 for the guest, 10 for the full table)"


def joker_words(seat: int, penalty: float) -> str:
    """A seat's joker penalty at the end (book, "End of the Game": each
    joker still in hand gives up 5 points): "Seat 2: -5 for 1 joker in
    hand (each gives up 5 points)"; ``seat`` 0-based, ``penalty`` <= 0."""
    k = int(round(-penalty / JOKER_PENALTY))
    return (f"Seat {seat + 1}: {penalty:+g} for {k} joker{'s' if k != 1 else ''} in hand "
            f"(each gives up {JOKER_PENALTY} points)")


def end_short(view: dict[str, Any]) -> str:
    """Why the game ended in three words for the header ("Last place
    filled", "Guest pile empty"); "" while it goes on."""
    if not view.get("over"):
        return ""
    reason = str(view.get("end_reason") or "")
    return "Guest pile empty" if "draw" in reason else "Last place filled" if "free place" in reason else ""
