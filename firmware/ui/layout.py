"""Screen layout: boxes for the header, panels and banner at any resolution
from 800 x 480 to 1920 x 1080, and text fitted into them.

Layout is pure arithmetic on rectangles (px) so tests can check that no two
text boxes overlap and that all lie on screen, without looking at pixels.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from firmware.ui.kit import Rect
from firmware.ui.model import ScreenModel


@dataclass(frozen=True)
class TextBox:
    """One placed line of text: its rectangle (px), font size (px) and
    text (possibly shortened with an ellipsis to fit)."""
    text: str
    rect: Rect
    size: int
    role: str  # "title", "status", "panel" (a panel's box, no text), "panel-title", "line", "banner"
    highlight: bool = False


#: measure(text, size_px) -> (width_px, height_px)
Measure = Callable[[str, int], tuple[int, int]]

MIN_LINE_PX = 12


def _grid(n: int, w: int, h: int) -> tuple[int, int]:
    """Columns and rows for n panels in a w x h area (panels near 4:3)."""
    if n <= 0:
        return 1, 1
    best = None
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        cell_ratio = (w / cols) / (h / rows)
        score = abs(math.log(cell_ratio / 1.4)) + 0.05 * (cols * rows - n)
        if best is None or score < best[0]:
            best = (score, cols, rows)
    return best[1], best[2]


def _fit(text: str, max_w: int, size: int, measure: Measure) -> str:
    """Shorten ``text`` with an ellipsis until it is at most ``max_w`` px."""
    if measure(text, size)[0] <= max_w:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(text[:mid] + "…", size)[0] <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…" if lo > 0 else ""


def layout(model: ScreenModel, width: int, height: int, measure: Measure) -> list[TextBox]:
    """Place every text of ``model`` on a ``width`` x ``height`` px screen.

    Font sizes scale with the screen (readable from across a table: the
    header is about 1/14 of the height); panel lines shrink to fit their box
    and are shortened with an ellipsis rather than overflow.

    Returns:
        The text boxes; none overlap, all lie on screen.
    """
    screen = Rect(0, 0, width, height)
    pad = max(4, height // 120)
    boxes: list[TextBox] = []
    header_px = max(18, height // 14)
    y = pad
    title_rect = Rect(pad, y, width * 3 // 5 - 2 * pad, header_px)
    boxes.append(TextBox(_fit(model.title, title_rect.w, header_px, measure), title_rect, header_px, "title"))
    status_size = max(14, header_px * 2 // 3)
    status_rect = Rect(width * 3 // 5, y + (header_px - status_size) // 2, width * 2 // 5 - pad, status_size)
    boxes.append(TextBox(_fit(model.status, status_rect.w, status_size, measure), status_rect, status_size, "status"))
    y += header_px + pad
    banner_h = 0
    if model.banner:
        banner_h = max(18, height // 12)
    area = Rect(pad, y, width - 2 * pad, height - y - pad - (banner_h + pad if banner_h else 0))
    if banner_h:
        br = Rect(pad, area.bottom + pad, width - 2 * pad, banner_h)
        boxes.append(TextBox(_fit(model.banner, br.w, banner_h, measure), br, banner_h, "banner"))
    panels = model.panels
    cols, rows = _grid(len(panels), area.w, area.h)
    cell_w = area.w // cols
    cell_h = area.h // rows
    for i, panel in enumerate(panels):
        r, c = divmod(i, cols)
        cell = Rect(area.x + c * cell_w, area.y + r * cell_h, cell_w, cell_h).inset(pad // 2 + 1)
        boxes.append(TextBox("", cell, 0, "panel"))
        inner = cell.inset(pad)
        title_size = max(MIN_LINE_PX + 2, min(header_px * 3 // 4, inner.h // 6))
        boxes.append(TextBox(_fit(panel.title, inner.w, title_size, measure),
                             Rect(inner.x, inner.y, inner.w, title_size), title_size, "panel-title"))
        body = Rect(inner.x, inner.y + title_size + pad, inner.w, max(0, inner.h - title_size - pad))
        n = max(1, len(panel.lines))
        line_gap = 2
        size = max(MIN_LINE_PX, min(header_px * 2 // 3, (body.h - (n - 1) * line_gap) // n))
        # shrink further (to 2/3) while a line would be cut
        floor = max(MIN_LINE_PX, size * 2 // 3)
        while size > floor and any(measure(t, size)[0] > body.w for t in panel.lines):
            size -= 1
        step = size + line_gap
        max_lines = max(0, (body.h + line_gap) // step)
        lines = list(panel.lines)
        if len(lines) > max_lines:
            lines = lines[:max(0, max_lines - 1)] + [f"… {len(panel.lines) - max_lines + 1} more"]
        for j, text in enumerate(lines):
            rect = Rect(body.x, body.y + j * step, body.w, size)
            if rect.bottom > body.bottom:
                break
            boxes.append(TextBox(_fit(text, body.w, size, measure), rect, size, "line",
                                 highlight=j in panel.highlight))
    return [b for b in boxes if b.rect.inside(screen) and (b.text or b.role == "panel")]


def overlaps(boxes: list[TextBox]) -> list[tuple[TextBox, TextBox]]:
    """Pairs of text boxes that overlap (should be empty)."""
    out = []
    boxes = [b for b in boxes if b.role != "panel"]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a.rect.intersects(b.rect):
                out.append((a, b))
    return out
