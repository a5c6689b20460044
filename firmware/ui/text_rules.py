"""How the kit fits text: the font's measure, the priorities that say
which texts may be dropped when a box is too small (never cut with an
ellipsis), the error a needed text that cannot fit raises, and word wrap
at a width in px."""
from __future__ import annotations

import re
from typing import Callable

#: measure(text, size_px) -> (width_px, height_px)
Measure = Callable[[str, int], tuple[int, int]]

#: Text priorities: NEED is what a player needs to act (never dropped: a
#: scene that cannot fit it raises :class:`LayoutError`); INFO and FEED may
#: be dropped, FEED first.
NEED, INFO, FEED = 0, 1, 2


class LayoutError(ValueError):
    """A text a player needs cannot fit its box even at the smallest size."""


#: "Seat 1", "Seats 2", "seat 3": a seat's name and its number, kept on one line
_SEAT_N = re.compile(r"\b([Ss]eats?) (\d)")


#: wraps kept per measure's owner at most (then forgotten all at once)
WRAPS_KEPT = 20_000
_MISSING = object()


def wrap_words(text: str, width: int, size: int, measure: Measure) -> list[str] | None:
    """Greedy word wrap of ``text`` into lines at most ``width`` px wide at
    ``size``; None if a single word is wider than ``width``.  A no-break
    space (U+00A0) joins its neighbours into one word (a number and its unit);
    "Seat 1" ("Seats 1", "seat 1") is one word too, with its ordinary space
    (PT31: "...after Seat" / "1").

    Where ``measure`` is a method of an object with a dict ``wrap_cache``
    (the HDMI renderer's :meth:`~firmware.ui.hdmi.HdmiRenderer.scene_measure`),
    the wrap is kept there (at most :data:`WRAPS_KEPT`): a font measures a
    text the same every time, and a screen showing a clock is built again
    every frame with mostly the same texts (issue 36: the cost of a build
    at a Pi 4's CPU speed)."""
    cache = getattr(getattr(measure, "__self__", None), "wrap_cache", None)
    if not isinstance(cache, dict):
        return _wrap_words(text, width, size, measure)
    key = (getattr(measure, "__func__", None), text, width, size)
    got = cache.get(key, _MISSING)
    if got is _MISSING:
        lines = _wrap_words(text, width, size, measure)
        got = None if lines is None else tuple(lines)
        if len(cache) >= WRAPS_KEPT:
            cache.clear()
        cache[key] = got
    return None if got is None else list(got)


def _wrap_words(text: str, width: int, size: int, measure: Measure) -> list[str] | None:
    """:func:`wrap_words` without keeping it."""
    text = _SEAT_N.sub(lambda m: f"{m.group(1)}\1{m.group(2)}", text.replace("\u00a0", "\0"))
    words = [w.replace("\0", "\u00a0").replace("\1", " ") for w in text.split()]
    lines: list[str] = []
    cur = ""
    for word in words:
        if measure(word, size)[0] > width:
            return None
        trial = f"{cur} {word}" if cur else word
        if measure(trial, size)[0] <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines
