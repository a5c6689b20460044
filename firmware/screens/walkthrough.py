"""The first-game walkthrough (issue 38): during a game's first round, at
each step the game waits for a person's seat, the HDMI shows a drawn band
saying what is happening, what that seat should do and which button does
it ("Seat 2, it is your turn to send a server: the arrows choose a station
and a rank, press your button twice to send the server"), and the seat's
OLED shows the one-line version in its top bar.  After the first round the
band says once that the table is on its own now.

Pure screen code: every prompt is a function of the game's view, the
seat's legal choices and its cursor (:class:`~firmware.screens.choices.Shown`),
worded by the game's own ``walkthrough_words(game, seat, view, shown)``
hook (in its ``<game>_words.py``, named in its screens module) and its
``first_round(game)``.  No script: a prompt names only choices the rules
offer now.  The session decides only whether the walkthrough is on
(``context["walkthrough"]``: ``"on"`` during the first round, ``"ended"``
while the closing words stay up, else absent).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from firmware.screens.choices import Shown, press_count
from firmware.screens.readings import COMMON, reading_for
from firmware.ui.kit import BG, FG, GOLD, NEED, LayoutError, Rect, Scene, wrap_words
from firmware.ui.scaled import new_scene

#: What the band says once after the first round.
ENDED = "That was the first round: from now on you are on your own"
#: The OLED's one-line version of :data:`ENDED`.
ENDED_OLED = ("first round done!", "on your own now")
#: The band's tag, left of its words.
TAG = "First round"
BAND_BG = (34, 40, 64)
#: The latest move's words under the band's (play-testers: the band hid the bots' moves).
MOVE_TAG = "Last move: "
MOVE_FG = (190, 198, 224)
#: The most lines the latest move takes in the band.
MOVE_LINES = 2
#: The band's rooms, in lines of words at the medium size (above its
#: :data:`MOVE_LINES`), tried fullest first: the first the board fits
#: above is the band's height whatever it says (the board never moves).
ROOMS = (4, 2, 1)


@dataclass(frozen=True)
class Words:
    """What one seat is told at one step.

    Attributes:
        now: what is happening, said to the seat ("it is your turn to send
            a server", "roll your dice").
        todo: what to do and with which button ("the arrows choose a
            station, press your button twice to send the server").
        oled: one-line versions for the seat's OLED, longest first (the
            first that fits its top bar is shown).
    """
    now: str
    todo: str
    oled: tuple[str, ...]


@dataclass(frozen=True)
class Prompt:
    """One line of the band: the seats (0-based) told the same words."""
    seats: tuple[int, ...]
    words: Words

    @property
    def who(self) -> str:
        """"Seat 2", "Seats 1 and 3" (:func:`seat_names`)."""
        return seat_names(self.seats)

    @property
    def text(self) -> str:
        """The band's words for these seats: who and what is happening,
        then what to do ("Seat 2, it is your turn to send a server. The
        arrows choose a station, press your button twice to send it.")."""
        todo = self.words.todo
        return f"{self.who}, {self.words.now}. {todo[:1].upper()}{todo[1:]}."


# ----------------------------------------------------------- the words
def seat_names(seats: tuple[int, ...] | list[int]) -> str:
    """0-based seats in words: "Seat 2", "Seats 1 and 3", "Seats 1, 2 and 4"."""
    names = [str(s + 1) for s in seats]
    if len(names) == 1:
        return f"Seat {names[0]}"
    return f"Seats {', '.join(names[:-1])} and {names[-1]}"


def button_words(shown: Shown, verbs: dict[str, str]) -> str:
    """Which press does the choice under the cursor: "press your button to
    claim the card" (one press), "press your button twice to serve" (arm,
    confirm), "press your button again to serve" (armed now).  ``verbs``:
    action type -> what it does, in the game's words."""
    chosen = shown.chosen
    if chosen is None:
        return ""
    verb = verbs.get(chosen.get("type", ""), "do it")
    if shown.armed:
        return f"press your button again to {verb}"
    if press_count(chosen, len(shown.choices)) == 1:
        return f"press your button to {verb}"
    return f"press your button twice to {verb}"


def arrow_words(shown: Shown, nouns: dict[str, str]) -> str:
    """What the arrows choose among the seat's choices: "the arrows choose
    a station or the Manager card" (the nouns of the action types offered,
    in the order shown); "" when there is one choice only."""
    if len(shown.choices) < 2:
        return ""
    seen: list[str] = []
    for a in shown.choices:
        noun = nouns.get(a.get("type", ""))
        if noun and noun not in seen:
            seen.append(noun)
    if not seen:
        return "the arrows choose"
    listed = seen[0] if len(seen) == 1 else f"{', '.join(seen[:-1])} or {seen[-1]}"
    return f"the arrows choose {listed}"


def todo_words(shown: Shown, nouns: dict[str, str], verbs: dict[str, str]) -> str:
    """:func:`arrow_words` then :func:`button_words`, as one clause."""
    return ", then ".join(p for p in (arrow_words(shown, nouns), button_words(shown, verbs)) if p)


def oled_words(shown: Shown, short_verbs: dict[str, str]) -> tuple[str, ...]:
    """One-line versions for the OLED's top bar, longest first: "<> then
    2x: serve", "2x: serve"."""
    chosen = shown.chosen
    if chosen is None:
        return ()
    verb = short_verbs.get(chosen.get("type", ""), "go")
    presses = 1 if shown.armed else press_count(chosen, len(shown.choices))
    press = "press" if presses == 1 else "press 2x"
    if shown.armed:
        press = "press again"
    if len(shown.choices) > 1 and not shown.armed:
        return (f"<> choose, {press}: {verb}", f"<> then {press}: {verb}", f"{press}: {verb}")
    return (f"{press}: {verb}", verb)


# ------------------------------------------------------------ the steps
def _hooks(game) -> tuple[Callable | None, Callable | None]:
    from firmware.screens.games import cabinet_game
    declared = cabinet_game(game.game_id)
    if declared is None:
        return None, None
    return declared.hook("walkthrough_words"), declared.hook("first_round")


def first_round(game) -> bool:
    """True while ``game`` is in its first round (its screens module's
    ``first_round(game)``); False for a game without a walkthrough."""
    fn = _hooks(game)[1]
    return bool(fn is not None and fn(game))


def seat_words(game, seat: int, shown: Shown, context: dict[str, Any] | None = None) -> Words | None:
    """What ``seat`` is told now, or None when the game is not waiting for
    it (the game's ``walkthrough_words(game, seat, view, shown, context)``
    hook reads the seat's view, its choices and the runtime's facts, e.g.
    Cha dango's pause before the next reveal)."""
    fn = _hooks(game)[0]
    if fn is None or game.is_terminal():
        return None
    context = context or {}
    checking = reading_for(context.get("readings"), seat, context.get("bots") or (), context.get("dice_rereading") or ())
    if checking is not None:        # its OLED shows a reading to check, reroll or enter (CAB-6): say so
        return reading_words(seat, *checking)
    if seat in (context.get("dice_rereading") or ()):     # read again after a nudge (CAB-5): never "roll"
        return reread_words(seat, context)
    return fn(game, seat, game.view(seat), shown, context)


def reread_words(seat: int, context: dict[str, Any]) -> Words:
    """What ``seat`` is told while its own dice are read again after a
    reading that was not whole (CAB-5): in the simulator the table nudged
    (or rerolled) them for the seat, so there is nothing to do (PT30: "roll
    your dice" stood under "die nudged for you"); at the cabinet the seat
    nudges the die shown as "?" (the same face up), or rolls again when
    asked to."""
    said = str((context.get("prompts") or {}).get(seat, ""))
    if context.get("simulated_dice"):
        what = ("rerolled the die the camera could not read" if said == "die rerolled for you" else
                "rerolled the dice the camera could not read" if said == "dice rerolled for you" else
                "rerolled your dice" if "rerolled" in said else "nudged a die the camera could not read")
        return Words(f"the table {what} for you", "nothing to do: the camera reads your dice again",
                     ("your dice: read again", "reading your dice", "reading dice"))
    if said.startswith("reroll the") and "unread" in said:      # CAB-5 "reroll it": only the ? dice (PT49)
        return Words("the camera could not read a die, even nudged",
                     "roll again only the die shown as ?, leave the others as they lie",
                     ("roll the ? die again", "reroll the ? die"))
    if said.startswith("reroll"):
        return Words("the camera could not read your dice", "roll them again in your tray",
                     ("roll your dice again", "roll again"))
    return Words("the camera could not read a die", "nudge the die shown as ? in your tray, the same face up, "
                 "for the camera to read it again", ("nudge the ? die, same face up", "nudge the ? die"))


def reading_words(seat: int, key: int, reading: dict[str, Any]) -> Words | None:
    """What ``seat`` is told while its OLED shows the dice of tray ``key``
    (its own, or :data:`~firmware.screens.readings.COMMON`) as the camera
    read them (ruling CAB-6): check them ("press your button if they are
    right, hold it if they are wrong"), nudge them after a rejection (the
    same faces up, never rerolled), or enter them by hand; None while
    another seat nudges rejected common dice (the header says who)."""
    dice = "the common dice" if key == COMMON else "your dice"
    state = reading.get("state")
    if state == "check":
        wrong = "enter them by hand" if reading.get("contests", 0) + 1 >= reading.get("limit", 2) \
            else "nudge them for a new look"
        return Words(f"check {dice} as the camera read them on your screen",
                     f"press your button if they are right, hold it if they are wrong ({wrong})",
                     ("check the dice: press if right, hold if wrong", "check the dice"))
    if state == "rejected":
        if key == COMMON and reading.get("by", seat) != seat:
            return None
        return Words(f"{dice} were rejected", "nudge them in the tray, the same faces up, for the camera to "
                     "read them again (not a reroll)", ("nudge, same faces up", "nudge the dice"))
    if state == "entry":
        return Words(f"enter {dice} by hand on your screen",
                     "the arrows set a die's value, press your button for the next die, hold it to go back",
                     ("enter dice by hand",))
    return None


def prompts(game, context: dict[str, Any]) -> list[Prompt]:
    """The band's lines now: the people's seats the game waits for, those
    told the same words together (bots' seats are never prompted)."""
    if context.get("walkthrough") != "on":
        return []
    controls = context.get("controls") or []
    bots = set(context.get("bots") or ())
    out: list[Prompt] = []
    for seat in range(game.num_players):
        if seat in bots or seat >= len(controls):
            continue
        words = seat_words(game, seat, controls[seat].shown(game), context)
        if words is None:
            continue
        same = next((i for i, p in enumerate(out) if p.words == words), None)
        if same is None:
            out.append(Prompt((seat,), words))
        else:
            out[same] = Prompt(out[same].seats + (seat,), words)
    return out


def oled_line(game, seat: int, shown: Shown, context: dict[str, Any]) -> tuple[str, ...]:
    """The seat's OLED one-line versions now, longest first (() = none)."""
    state = context.get("walkthrough")
    if seat in set(context.get("bots") or ()):
        return ()
    if state == "ended":
        return ENDED_OLED
    if state != "on":
        return ()
    words = seat_words(game, seat, shown, context)
    return words.oled if words is not None else ()


# ------------------------------------------------------------- the band
def _wrap(scene: Scene, texts: list[str], width: int, max_lines: int) -> tuple[int, list[list[str]]] | None:
    """``texts`` wrapped into ``width`` px in at most ``max_lines`` lines
    in all, at the largest size (medium, small) where they fit; None when
    they do not fit even at the small size."""
    m = scene.metrics
    for size in (m.medium, m.small):
        wraps = [wrap_words(t, width, size, scene.measure) for t in texts]
        if all(w is not None for w in wraps) and sum(len(w) for w in wraps) <= max_lines:
            return size, wraps
    return None


def band_levels(game, context: dict[str, Any]) -> list[tuple[int, list[str]]]:
    """What the band may say now, fullest first, each as ``(most lines,
    sentences)``: the prompts in full (at most two seats, 4 lines), the
    first seat's what-to-do (2 lines), its one line (1 line); or
    :data:`ENDED`.  [] = no band (nobody is waited for)."""
    if context.get("walkthrough") == "ended":
        if _all_bots(game, context):
            return []
        return [(2, [ENDED]), (1, ["First round over: you are on your own now"])]
    shown = prompts(game, context)[:2]
    if not shown:
        return _watch_levels(game, context)
    first = shown[0]
    todo = first.words.todo
    return [(4, [p.text for p in shown]), (2, [f"{first.who}: {todo[:1].upper()}{todo[1:]}."]),
            (1, [f"{first.who}: {_spelled(o)}" for o in first.words.oled[:1]])]


def _all_bots(game, context: dict[str, Any]) -> bool:
    """True when every seat is a bot (nobody to walk through)."""
    bots = set(context.get("bots") or ())
    return all(s in bots for s in range(game.num_players))


def _watch_levels(game, context: dict[str, Any]) -> list[tuple[int, list[str]]]:
    """While no person's seat is waited for, the band stays (the board
    does not jump) and says who plays now: "Seat 3 is playing now: watch
    the board, this band tells you when it is your turn".  [] when every
    seat is a bot or the game is over."""
    bots = set(context.get("bots") or ())
    if game.is_terminal() or _all_bots(game, context):
        return []
    active = [s for s in game.active_players() if s in bots]
    who = seat_names(active) if active else ""
    now = f"{who} {'is' if len(active) == 1 else 'are'} playing now: watch the board" if active \
        else "Watch the board"
    return [(2, [f"{now}, this band tells you when it is your turn."]), (1, [f"{now}."]),
            (1, ["Watch the board."])]


def _spelled(oled: str) -> str:
    """An OLED line in the HDMI's words: "<> choose, press 2x: serve" ->
    "arrows choose, press twice: serve"."""
    return oled.replace("<>", "arrows").replace(" 2x", " twice")


def _draw_band(scene: Scene, band: Rect, size: int, wraps: list[list[str]], colour,
               move_lines: list[str] = ()) -> None:
    """The band's panel, its "First round" tag and its lines in ``band``,
    then ``move_lines`` (the latest move, small, softer) under them."""
    m = scene.metrics
    line_h = scene.measure("Ag", size)[1]
    small_h = scene.measure("Ag", m.small)[1]
    scene.add("panel", band, None, fill=BAND_BG, border=GOLD, radius=0)
    tag_w = scene.measure(TAG, m.small)[0] + 2 * m.pad
    tag = Rect(band.x + 2 * m.pad, band.y + (band.h - line_h) // 2, tag_w, line_h)
    scene.add("panel", tag, None, fill=GOLD, radius=m.pad)
    scene.text(TAG, tag, sizes=(m.small,), colour=BG, align="center", priority=NEED)
    x = tag.right + 2 * m.pad
    y = band.y + (band.h - line_h * sum(len(w) for w in wraps) - small_h * len(move_lines)) // 2
    for line in (line for lines in wraps for line in lines):
        scene.text(line, Rect(x, y, band.right - x - m.pad, line_h), sizes=(size,), colour=colour, priority=NEED)
        y += line_h
    for line in move_lines:
        scene.text(line, Rect(x, y, band.right - x - m.pad, small_h), sizes=(m.small,), colour=MOVE_FG,
                   priority=NEED)
        y += small_h


def move_band_lines(scene: Scene, moves: list[str], width: int) -> list[str]:
    """The latest of ``moves`` (the moves in words, oldest first) as the
    band says it under its words, wrapped into ``width`` px at the small
    size ("Last move: Seat 2 serves Blend Coffee ..."); [] when there is
    no move yet or it does not fit in :data:`MOVE_LINES` lines."""
    if not moves:
        return []
    lines = wrap_words(f"{MOVE_TAG}{moves[-1]}", width, scene.metrics.small, scene.measure)
    return lines if lines is not None and len(lines) <= MOVE_LINES else []


def with_band(draw_board: Callable[[tuple[int, int]], Scene], levels: list[tuple[int, list[str]]],
              size: tuple[int, int], measure: Any, moves: list[str] = ()) -> Scene:
    """The board drawn by ``draw_board(size)`` above a band at the bottom
    of the screen saying the fullest of ``levels`` the board leaves room
    for: the board is laid out in the height left, so nothing of it
    (cursors included) is under the band.  A board that needs the whole
    height (Ginza at 800 x 480) keeps it and the band's one line takes the
    place of its top bar (the game's name and what the table does, which
    the band says more of).

    Args:
        draw_board: the game's screen at a given size, px (raises
            :class:`LayoutError` when it does not fit).
        levels: :func:`band_levels`.
        size: the HDMI screen, px.
        moves: the moves so far in words, oldest first: the latest is
            said under the band's words (the band must not hide the bots'
            moves where the board's own feed has no room left).

    Returns:
        The whole screen; ``facts["walkthrough"]`` holds the sentences
        shown and the band's rect.
    """
    scene = new_scene(size, measure)
    m = scene.metrics
    text_w = size[0] - scene.measure(TAG, m.small)[0] - 7 * m.pad
    colour = GOLD if levels and levels[0][1] == [ENDED] else FG
    move_lines = move_band_lines(scene, list(moves), text_w)
    # the band's room is set by the screen, not by its words (PT16, issue 34): the most lines of
    # ROOMS under which the board fits, so the board keeps its place while the words and the
    # last move change under a person's presses; the fullest words that fit the room are said
    move_h = MOVE_LINES * scene.measure("Ag", m.small)[1]
    board = band = None
    for room in ROOMS:
        fit = next((f for most, texts in levels if (f := _wrap(scene, texts, text_w, min(most, room)))), None)
        if fit is None:
            continue
        text_size, wraps = fit
        band_h = room * scene.measure("Ag", m.medium)[1] + move_h + 2 * m.pad
        try:
            board = draw_board((size[0], size[1] - band_h))
        except LayoutError:
            continue
        if any(n.rect.bottom > board.height for n in board.all_nodes()):
            board = None        # it spilt over its height: it would be under the band
            continue
        band = Rect(0, size[1] - band_h, size[0], band_h)
        break
    if board is None:      # the board needs the whole screen: one line over its top bar
        board = draw_board(size)
        fit = next((f for most, texts in levels[-1:] if (f := _wrap(scene, texts, text_w, 1))), None)
        if fit is not None:
            text_size, wraps = fit
            band = Rect(0, 0, size[0], scene.measure("Ag", text_size)[1] + m.pad)
        move_lines = []            # one line over the top bar: the board keeps its own feed
    scene.nodes.extend(board.nodes)
    scene.dropped.extend(board.dropped)
    scene.facts.update(board.facts)
    if band is not None and band.y == 0:
        scene.facts.pop("title_free", None)     # the band's line is over the title bar: no room for captions
    if band is not None:
        _draw_band(scene, band, text_size, wraps, colour, move_lines)
        scene.facts["walkthrough"] = {"texts": [" ".join(w) for w in wraps], "band": band,
                                      "move": " ".join(move_lines)}
    return scene


def oled_bar(frame: Any, options: tuple[str, ...]) -> Any:
    """``frame`` (a seat's :class:`~firmware.ui.oled.OledFrame`) with its
    inverted top bar (12 px: seat and score) replaced by the first of
    ``options`` that fits: the walkthrough's one line.  The body (the
    choice, the cursor) stays as drawn.  Returns the frame."""
    if not options:
        return frame
    room = frame.W - 4
    line = next((o for o in options if frame.fits(o, room)), None)
    if line is None:
        return frame
    covered = [what for what, box in frame.boxes if box[1] <= 11]
    frame.boxes = [(what, box) for what, box in frame.boxes if box[1] > 11]
    for what in covered:
        if what in frame.texts:
            frame.texts.remove(what)
    frame.draw.rectangle((0, 0, frame.W - 1, 11), fill=1)
    frame.text(2, 1, line, fill=0, room=room)
    return frame


#: an armed choice's top bar, longest first
PRESS_AGAIN = ("press again to confirm", "press again: confirm", "press again")


def press_again_bar(frame: Any, armed: bool) -> Any:
    """``frame`` with, once its choice is armed, the top bar asking for the
    confirming press (:data:`PRESS_AGAIN`; issue 34, PT13 g39: "press
    again: confirm" took the Ginza dice row's line, so the seat confirmed
    a serve without seeing its dice); every line under the top bar stays
    as it was before the first press.  Returns the frame."""
    return oled_bar(frame, PRESS_AGAIN) if armed else frame

