"""Sound captions (issue "How people play"): what each sound the cabinet
asked for says, in words, for a tester under a virtual display (nobody
hears it) and for players who cannot hear; like subtitles for the deaf.

:func:`caption_lines` is pure: the cues of one change
(:func:`firmware.runtime.sounds.cues`) and what they were about (the
snapshots before and after, the engine's events) -> one short line a cue,
``"\u266a race start"``, ``"\u266a a die to nudge (seat 2)"``, naming the
seats it concerns when they are known.  :class:`CaptionLog` keeps the
lines with the game's time they were asked at and says which are shown
now (each for :data:`CAPTION_US`).  Where they are drawn is the window's
business (:mod:`firmware.ui.sim_window`); config ``[audio] captions``
says where: ``window`` (the simulator's window only, the default), ``on``
(the cabinet's HDMI too), ``off``.
"""
from __future__ import annotations

import collections
from typing import Any

#: How long a caption stays, us (a sound lasts 0.1-1.4 s; a line is read in ~1 s).
CAPTION_US = 1_500_000
#: At most this many captions at once (the newest kept).
SHOWN_AT_ONCE = 3
#: How many captions a :class:`CaptionLog` keeps (tests read them after a game).
KEPT = 4096
NOTE = "\u266a"

#: What each cue (:data:`hardware.audio.SOUNDS`) says.
CUE_WORDS = {
    "tick": "countdown", "go": "race start", "press": "press taken", "refused": "press refused",
    "won": "won", "lost": "lost", "dice": "dice read", "nudge": "a die to nudge", "turn": "your turn",
    "claim": "claimed", "game_over": "game over",
}
#: A prompt (the seat's OLED) that asks the seat to move an unread die (CAB-5), or to reroll it
#: (CAB-17: "reroll the unread die", "reroll your dice").
NUDGE_PROMPTS = ("nudge", "reroll ")
REFUSED_PROMPT = "not now"


def _seats(seats: set[int]) -> str:
    """" (seat 2)", " (seats 1, 3)", or "" (0-based seats in, 1-based out)."""
    if not seats:
        return ""
    names = ", ".join(str(s + 1) for s in sorted(seats))
    return f" (seat{'s' if len(seats) > 1 else ''} {names})"


def _nudge_words(after: Any, seats: set[int]) -> str | None:
    """The "nudge" cue's words from what the ``seats`` asked were told
    (their prompts, the simulator's "dice nudged for you" too): "a die to
    reroll" / "dice to reroll" when each was asked a reroll (CAB-17), "dice
    to nudge" when one was told of several dice (PT51: a rejection's six
    dice nudged said "a die to nudge"); None: the cue's own words."""
    texts = [after.prompts.get(s, "") for s in seats]
    texts = [t for t in texts if "nudge" in t or "reroll" in t]
    if not texts:
        return None
    several = any("dice" in t.split() for t in texts)
    if all("reroll" in t for t in texts):
        return "dice to reroll" if several else "a die to reroll"
    return "dice to nudge" if several else None


def _new_prompts(before: Any, after: Any, starts: tuple[str, ...] | str) -> set[int]:
    return {seat for seat, text in after.prompts.items()
            if text != before.prompts.get(seat) and text.startswith(starts)}


def caption_lines(event_cues: dict[str, str], before: Any, after: Any, events: list[dict[str, Any]],
                  cue_names: list[str], event_words: dict[str, str] | None = None) -> list[str]:
    """One caption a cue, in the order of ``cue_names`` (one a distinct
    wording when the cue's events say different things: a boss and a
    power-up kept at a round's end).

    Args:
        event_cues: the game's engine event type -> cue table
            (:data:`firmware.runtime.sounds.EVENT_CUES`).
        before, after: the :class:`firmware.runtime.sounds.Snapshot` s the
            cues were found between.
        events: the engine's events of that change (dicts with ``type``,
            often ``player``: a 0-based seat).
        cue_names: the cues played (names of :data:`CUE_WORDS`).
        event_words: engine event type -> the caption's words for its cue
            where the cue's word says too little (the game's
            ``event_captions``; each wording its own line, naming its
            events' seats).

    Returns:
        ``"\u266a WORDS"`` lines, with the seats concerned ("(seat 2)"):
        for a game event the events' players (``player``, or ``players``
        for an event of several seats; a press: only people's
        seats, none for a bot's press alone), for "nudge" and "refused"
        the seats whose prompt asked it, for "turn" the people's seats
        newly to act; "countdown 3" for a tick.

    Raises:
        KeyError: a cue with no words (every cue of hardware.audio has some).
    """
    out = []
    for cue in cue_names:
        mine = [e for e in events if event_cues.get(e.get("type", "")) == cue]
        # events of one cue that say different things get a line each (PT12: a boss and a
        # power-up kept at a round's end are both "claim" sounds, not one "claimed")
        said: dict[str, list[dict[str, Any]]] = {}
        for e in mine:
            said.setdefault((event_words or {}).get(e.get("type", ""), CUE_WORDS[cue]), []).append(e)
        for words, of in (said or {CUE_WORDS[cue]: []}).items():
            line = _caption(cue, words, of, before, after)
            if line is not None:
                out.append(line)
    return out


def _caption(cue: str, words: str, mine: list[dict[str, Any]], before: Any, after: Any) -> str | None:
    """One caption line: ``cue``'s ``words`` with the seats of its events
    ``mine`` (and of the prompts, the turn) named; None for a press by
    bots alone."""
    seats = {e["player"] for e in mine if isinstance(e.get("player"), int)}
    seats |= {p for e in mine for p in (e.get("players") or ()) if isinstance(p, int)}   # several seats'
    if cue == "tick" and after.banner.isdigit():
        words = f"{words} {after.banner}"
    elif cue == "nudge":
        seats |= _new_prompts(before, after, NUDGE_PROMPTS)
        # a second nudge says the same words: the station's count per seat names it too (play-test)
        seats |= {s for s, n in after.nudged.items() if n > before.nudged.get(s, 0)}
        words = _nudge_words(after, seats) or words
    elif cue == "refused":
        seats |= _new_prompts(before, after, REFUSED_PROMPT)
    elif cue == "dice":      # whose dice (PT51); the common dice (key -1) by name when no seat's came too
        grown = {k for k, n in after.dice_by.items() if n > before.dice_by.get(k, 0)}
        seats |= {k for k in grown if k >= 0}
        if grown and not seats:
            words = "common dice read"
    elif cue == "turn":
        seats |= (set(after.active) - set(before.active)) & set(after.people)
    elif cue == "press" and seats:         # a bot's press is noise over the board: people's only
        seats &= set(after.people)
        if not seats:
            return None
    return f"{NOTE} {words}{_seats(seats)}"


class CaptionLog:
    """The captions asked for, with the game's time (us) of their sound.

    Attributes:
        heard: ``(t_us, line)`` oldest first (the last :data:`KEPT`).
    """

    def __init__(self) -> None:
        self.heard: collections.deque[tuple[int, str]] = collections.deque(maxlen=KEPT)

    def add(self, t_us: int, lines: list[str]) -> None:
        """Keep ``lines``, asked at ``t_us``."""
        for line in lines:
            self.heard.append((t_us, line))

    def shown(self, now_us: int, last_us: int = CAPTION_US) -> list[str]:
        """The lines shown at ``now_us``: asked in the last ``last_us``
        (and not in the future), newest last, at most
        :data:`SHOWN_AT_ONCE`."""
        lines = []
        for t, line in reversed(self.heard):
            if t > now_us:
                continue
            if now_us - t >= last_us or len(lines) >= SHOWN_AT_ONCE:
                break
            lines.append(line)
        return lines[::-1]
