"""The bars every game's screen shares, drawn into a kit scene: the top
bar (:func:`header`: the game's name, where the game is and what the table
must do now, :func:`header_todo` to pick its words) and a seat's banner
(:func:`seat_banner`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from firmware.ui.geometry import Rect
from firmware.ui.palette import DIM, FG, GOLD, PANEL, PANEL_HI, seat_colour
from firmware.ui.text_rules import INFO

if TYPE_CHECKING:
    from firmware.ui.kit import Scene


def seat_banner(scene: Scene, rect: Rect, seat: int, *, score: str | Sequence[str], name: str | None = None,
                active: bool = False, doing: str | Sequence[str] = "", key: str | None = None,
                seat_first: bool = True, sizes: Sequence[int] | None = None) -> Rect:
    """A seat banner: the seat's colour with its number (never colour
    alone), its name and score on the left, what the seat must do now on
    the right in gold, and a thick edge and lighter fill when it is this
    seat's turn.  ``doing`` may be one text or its forms, longest first
    ("reroll: roll all 6?", "roll all 6?", "reroll?").  Short of room the
    name is shortened to "Seat N" and the doing to its shorter forms; then
    the doing goes (the screens say it elsewhere too: the seat's OLED, a
    claimed card's marker, the header) and the whole name comes back where
    it fits, else "Seat N", with the score; with
    no room for "Seat N" at all, the score and the doing where it fits
    (issue 34: "(1) 7 VP wash dishes, no 1s?" - whose banner?; Retrograde
    seed 11: "(1) 0 pts  reroll: roll all 6?" beside "Seat 2 · 0 pts").
    ``seat_first=False``: where the doing is said nowhere else (Cha dango's
    race bars: "hit 1340 ms", "reveals"), the score and the doing go before
    "Seat N" (the token still says the number).  ``score`` may be given as
    its forms, longest first ("12 VP cards", "12 cards", "12", "" for
    none): a shorter
    score keeps "Seat N" beside the doing (issue 34, PT12 c11: "(1) 1 VP
    card  hit 596 ms").  ``sizes``: the text sizes to try (default the
    medium, then the small one), e.g. one size for a whole row
    (:func:`banner_row_size`).

    Returns:
        ``rect``.
    """
    doings = [d for d in ([doing] if isinstance(doing, str) else list(doing)) if d]
    m = scene.metrics
    scene.add("panel", rect, key, fill=PANEL_HI if active else PANEL, border=seat_colour(seat),
              glow=active, radius=m.pad)
    inner = rect.inset(max(2, m.pad // 2))
    token, rest = inner.cols(-inner.h, 1, gap=m.pad)
    scene.add("token", token, None, seat=seat, colour=seat_colour(seat), label=str(seat + 1))
    name = name or f"Seat {seat + 1}"
    scores = [score] if isinstance(score, str) else list(score)
    score = scores[0]
    # a size whose line also fits the banner's height (a short banner: the small one); a row's size under
    # the small one (never under the least, the small-word rule) shrinks the doing with it
    sizes = [z for z in (sizes or (m.medium, m.small)) if scene.measure("Ag", z)[1] <= rest.h] or [m.small]
    least = min(sizes) if min(sizes) < m.small else None
    # the name, else just "Seat N" (a long name such as "Seat 1 Shin (start)"), each at either size
    # (the seat named in the small size beats a bare score in the medium one), else the score
    def named(who: str, sc: str) -> str:
        return f"{who} \u00b7 {sc}" if sc else who
    lefts = list(dict.fromkeys((named(name, score), named(f"Seat {seat + 1}", score))))
    if _left_and_doing(scene, rest, lefts, sizes, doings or [""], least):
        return rect
    shorter = [named(f"Seat {seat + 1}", sc) for sc in scores[1:]]   # a shorter score ("": none), "Seat N" kept
    if shorter and _left_and_doing(scene, rest, shorter, sizes, doings or [""], least):
        return rect
    if not seat_first and score and _left_and_doing(scene, rest, [score], sizes, doings, least):
        return rect
    # issue 34: the seat's name went before the doing ("(1) 7 VP wash dishes, no 1s?"), so nobody knew
    # whose banner it was; the doing goes first (the pending line and the seat's OLED say it too)
    for left, size in [(lf, z) for lf in lefts for z in sizes]:    # the doing gone: the whole name first (pt11 w2_5)
        if scene.measure(left, size)[0] <= rest.w:
            if doings:
                scene.dropped.append((INFO, doings[0]))
            scene.text(left, rest, sizes=(size,), colour=FG, least=least)
            return rect
    # no room for "Seat N" at all (the token says the number): the score, and the doing if it fits
    if seat_first and _left_and_doing(scene, rest, [score], sizes, doings, least):
        return rect
    if doings:
        scene.dropped.append((INFO, doings[0]))
    scene.text(score, rest, sizes=(m.medium, m.small), colour=FG)
    return rect


def banner_row_size(scene: Scene, rects: Sequence[Rect], lefts: Sequence[Sequence[str]],
                    doings: Sequence[str]) -> tuple[int, int]:
    """One text size for a row of seat banners (issue 34, PT12 c01: the
    revealer's banner "Seat 1 · 0 VP cards  reveals" in the small size
    beside its neighbours' medium one): the first form of the ``lefts``
    (longest first) with which every banner (``rects``) fits with its
    doing beside it in the medium size, else the small one; else smaller
    down to the least (the doing shrinks with it); the small one when
    none fits.  Each banner's
    ``lefts`` are its forms in the same order ("Seat 1 · 1 VP card",
    "Seat 1 · 1 card", ...): the row takes one form for all.

    Returns:
        ``(size_px, form)``: the text size and the index of the form.
    """
    m = scene.metrics
    forms = range(max(len(ls) for ls in lefts))       # (a banner with fewer forms keeps its last)
    # the whole words at either size first ("Seat 1 · 0 VP cards", not "Seat 1 · 0"), then shorter ones,
    # then smaller sizes, never under the least
    tries = [(k, z) for k in forms for z in (m.medium, m.small)]
    tries += [(k, z) for z in range(m.small - 2, m.least - 1, -2) for k in forms]
    for k, size in tries:
        if all(_fits_beside(scene, r, ls[min(k, len(ls) - 1):][:1], size, d)
               for r, ls, d in zip(rects, lefts, doings)):
            return size, k
    return m.small, 0


def _fits_beside(scene: Scene, rect: Rect, lefts: Sequence[str], size: int, doing: str) -> bool:
    """True when one of ``lefts`` at ``size`` and ``doing`` (small) fit a
    banner ``rect`` side by side (as :func:`seat_banner` lays them out)."""
    m = scene.metrics
    inner = rect.inset(max(2, m.pad // 2))
    rest = inner.cols(-inner.h, 1, gap=m.pad)[1]
    if scene.measure("Ag", size)[1] > rest.h:
        return False
    dw = scene.measure(doing, min(m.small, size))[0] + m.pad if doing else 0
    return any(scene.measure(lf, size)[0] + dw <= rest.w for lf in lefts)


def _left_and_doing(scene: Scene, rest: Rect, lefts: list[str], sizes: list[int], doings: list[str],
                    least: int | None = None) -> bool:
    """Draw a banner's left text (the first of ``lefts`` that fits, at the
    first of ``sizes``) and beside it the longest of ``doings`` that fits
    ("" for none), one pad between them, the doing right-aligned in gold
    (in the small size, or the left's where ``least`` lets it shrink
    under it); False (nothing drawn) when no pair fits ``rest``."""
    m = scene.metrics
    for left, size, doing in [(lf, z, d) for lf in lefts for z in sizes for d in doings]:
        lw = scene.measure(left, size)[0]
        dz = min(m.small, size) if least is not None else m.small
        dw = scene.measure(doing, dz)[0] if doing else 0
        # one pad between them (the doing is right-aligned in the rest): "Seat 4 · 7 VP  give VP 1/7?"
        if lw + (dw + m.pad if doing else 0) <= rest.w:
            left_r, doing_r = rest.cols(-lw, 1, gap=m.pad)
            scene.text(left, left_r, sizes=(size,), colour=FG, least=least)
            if doing:
                scene.text(doing, doing_r, sizes=(dz,), colour=GOLD, align="right", least=least)
            return True
    return False


def header(scene: Scene, rect: Rect, title: str, status: str, todo: str = "") -> None:
    """The top bar: the game's name, where the game is (round, phase) and
    what the table must do now (Board Game Arena's status bar)."""
    m = scene.metrics
    scene.add("panel", rect, None, fill=(30, 33, 44), radius=0)
    inner = rect.inset(m.pad // 2)
    # keep clear of the screen's left and right edges (TV overscan)
    inner = Rect(inner.x + m.pad, inner.y, inner.w - 2 * m.pad, inner.h)
    title_w = scene.measure(title, m.medium)[0] + 2 * m.pad
    if todo and scene.measure(todo, m.small)[0] > inner.w - title_w - m.pad:
        # a long notice ("game paused: cannot save") takes the whole bar: it is what matters now
        scene.dropped += [(INFO, title), (INFO, status)]
        scene.text(todo, inner, sizes=(m.medium, m.small), align="center", colour=GOLD)
        return
    tr, rest = inner.cols(-title_w, 1, gap=m.pad)
    scene.text(title, tr, sizes=(m.medium, m.small), colour=GOLD)
    if todo:
        # what to do now comes first; where the game is gets what is left
        todo_size = m.medium if scene.measure(todo, m.medium)[0] <= rest.w * 3 // 4 else m.small
        todo_w = min(rest.w, scene.measure(todo, todo_size)[0] + m.pad)
        sr, dr = rest.cols(1, -todo_w, gap=m.pad)
        scene.text(todo, dr, sizes=(todo_size, m.small), align="right")
        shown = scene.text(status, sr, sizes=(m.small,), colour=DIM, priority=INFO) is not None
        left = sr.x + (scene.measure(status, m.small)[0] + m.pad if shown and status else 0)
        right = dr.right - scene.measure(todo, todo_size)[0] - m.pad
    else:
        scene.text(status, rest, sizes=(m.medium, m.small), align="right")
        left, right = rest.x, rest.right - scene.measure(status, m.medium)[0] - m.pad
    # the bar's free middle: where the sound captions may stand on the cabinet's HDMI
    scene.facts["title_free"] = Rect(left, rect.y, max(0, right - left), rect.h)


def header_todo(scene: Scene, rect: Rect, title: str, status: str, options: list[str]) -> str:
    """The first of ``options`` (longest first) that fits the "what to do
    now" room of :func:`header` drawn in ``rect`` with ``title`` at the
    smallest size (the last option when none does).  A layout passes its
    full sentence first and shorter forms after it; ``status`` gets what
    is left (and is dropped when nothing is)."""
    m = scene.metrics
    inner = rect.inset(m.pad // 2)
    title_w = scene.measure(title, m.medium)[0] + 2 * m.pad
    room = inner.w - title_w - m.pad - m.pad
    for opt in options:
        if scene.measure(opt, m.small)[0] <= room:
            return opt
    return options[-1]
