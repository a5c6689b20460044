"""The game's log while paused (issue 38, Build 6): the recent moves in
words, a page at a time, that any person's seat pages back through.

While a game is paused (:mod:`firmware.runtime.pace`) the board is page 0;
the right arrow turns to the how-to-play pages, the left arrow to the log:
the first log page holds the newest moves, each further press goes back in
time to older ones (:func:`log_scene`); the oldest page stays when pressed
again.  A move too long for one line wraps; a page never splits a move.
"""
from __future__ import annotations

from firmware.ui.kit import BG, FG, GOLD, PANEL, Measure, Rect, Scene, header, wrap_words
from firmware.ui.scaled import new_scene


def _layout(scene: Scene) -> tuple[Rect, Rect, Rect, int]:
    """The header, the page's title row and the lines' box, and the line
    height, px."""
    m = scene.metrics
    head_h = scene.measure("Ag", m.medium)[1] + m.pad
    head, body = scene.rect.rows(-head_h, 1)
    body = body.inset(m.pad)
    title_h = scene.measure("Ag", m.medium)[1]
    title_r, lines_r = body.rows(-title_h, 1, gap=m.pad)
    return head, title_r, lines_r.inset(m.pad), scene.measure("Ag", m.small)[1]


def paginate(lines: list[str], width: int, height: int, line_h: int, gap: int, size: int,
             measure: Measure) -> list[list[list[str]]]:
    """The moves ``lines`` (oldest first) on pages ``height`` px high,
    newest page first; each page's moves oldest first, each move its rows
    wrapped to ``width`` px at ``size`` (``line_h`` px a row, ``gap`` px
    between two moves); a move is never split over two pages (one longer
    than a page is cut to the page).

    Returns:
        pages -> moves -> rows of text.
    """
    rows = max(1, height // line_h)
    pages: list[list[list[str]]] = []
    page: list[list[str]] = []
    used = 0
    for line in reversed(lines):
        wrapped = (wrap_words(line, width, size, measure) or [line])[:rows]
        cost = len(wrapped) * line_h + (gap if page else 0)
        if page and used + cost > height:
            pages.append(page)
            page, used, cost = [], 0, len(wrapped) * line_h
        page.insert(0, wrapped)
        used += cost
    if page:
        pages.append(page)
    return pages


def log_scene(lines: list[str], page: int, size: tuple[int, int], measure: Measure, *, title: str = "Paused",
              notice: str = "", text_size: str = "normal", heading: str = "") -> Scene:
    """Log page ``page`` (1 = the newest moves) of ``lines`` (the moves in
    words, oldest first), at ``size`` px; a page past the oldest shows the
    oldest; ``heading`` replaces the page's title (no pages turned).  ``scene.facts["log"]``: ``{"page", "pages", "lines"}`` (the
    page shown, how many there are, the moves on it).

    Raises:
        LayoutError: a word wider than the screen (never with the games'
            words).
    """
    scene = new_scene(size, measure, text_size)
    m = scene.metrics
    scene.add("panel", scene.rect, None, fill=BG, radius=0)
    head, title_r, box, line_h = _layout(scene)
    gap = max(2, line_h // 3)
    pages = paginate(lines, box.w, box.h, line_h, gap, m.small, scene.measure) or [[["no moves yet"]]]
    shown = min(max(1, page), len(pages))
    header(scene, head, title, "", notice)
    newest = " (the newest)" if shown == 1 else ""
    options = [f"Moves so far: page {shown} of {len(pages)}{newest} \u00b7 < older \u00b7 > newer",
               f"Moves: page {shown} of {len(pages)}{newest} \u00b7 < older > newer",
               f"Moves: {shown} of {len(pages)} \u00b7 < older > newer"]
    if heading:         # no pages to turn (the table in words, firmware.screens.plain)
        options = [heading]
    line = next((o for o in options if scene.measure(o, m.small)[0] <= title_r.w), options[-1])
    scene.text(line, title_r, sizes=(m.medium, m.small), colour=GOLD)
    scene.add("panel", box.inset(-m.pad // 2), None, fill=PANEL, radius=m.pad)
    y = box.y
    moves = pages[shown - 1]
    for move in moves:
        for row in move:
            scene.text(row, Rect(box.x, y, box.w, line_h), sizes=(m.small,), colour=FG)
            y += line_h
        y += gap
    scene.facts["log"] = {"page": shown, "pages": len(pages), "lines": [" ".join(mv) for mv in moves]}
    return scene

