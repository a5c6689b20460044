"""The simulated cabinet's window: the HDMI view and, beside it, a column of
seat panels (issue 34 item 7).

A person's seat shows its OLED (128 x 64 px drawn larger, pixel for pixel)
with a big "seat N" caption and the seat's keys; a bot's seat shows a plain
"bot" panel (its OLED is private).  The layout is computed for the
window's current size, so a shrunk window still shows every seat (smaller)
and an enlarged one is drawn at its new size at once.  Everything here is
pure layout (:func:`window_layout`) plus one function that paints it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from PIL import Image

from firmware.ui.palette import DIM, FG, GOLD, LIT, NOTICE_BG, UNLIT
from firmware.ui.palette import WINDOW_PANEL as PANEL
from firmware.ui.sim_tray import (CLOSEUP_LEAST, CLOSEUP_WANT, TrayLook, TrayShape, paint_closeups, paint_tray,
                                  tray_block_h, tray_rects, tray_shapes)

OLED_W, OLED_H = 128, 64
#: OLED magnifications tried, largest first.
SCALES = (3.0, 2.5, 2.0, 1.5, 1.0)
#: The least magnification a person's OLED keeps while smaller text and
#: close-ups can still fit (PT56: at --size 800x480 it fell to 1x, its
#: words about 6 px, beside 51 px close-ups and the largest text).
READABLE_SCALE = 2.0
#: Caption and legend font sizes tried (px em), largest first: 32 px em is
#: what the drawn screens use for their smallest text at 1080p (lower-case
#: words about 18 px tall).
TEXT_SIZES = (32, 28, 24, 20, 16)
#: The seat column may take at most this share of the window's width.
MAX_COLUMN_SHARE = 0.34
PAD = 10
BOT_BOX_H = 44

#: measure(text, size_px) -> (w, h)
Measure = Callable[[str, int], tuple[int, int]]


@dataclass(frozen=True)
class SeatPanel:
    """What one seat's panel shows: ``caption`` ("seat 1"), ``image`` (its
    OLED frame; None for a bot seat: a plain "bot" panel), ``legend`` (the
    seat's keys as ``(key, what)`` pairs; empty for a bot), ``light`` (its
    button LED, drawn at the caption's right end), ``tray`` (the simulator
    only: the seat's tray as the person would see it on the table, the dice
    as they lie, and each die close up, to check the camera's reading
    against; PT34, PT36: :class:`~firmware.ui.sim_tray.TrayLook`)."""
    caption: str
    image: Image.Image | None = None
    legend: tuple[tuple[str, str], ...] = ()
    #: the seat's button light: "lit", "unlit", or "" (none drawn); issue 38
    light: str = ""
    #: the seat's simulated tray, drawn under its keys; None: none drawn
    tray: TrayLook | None = None

    @property
    def is_bot(self) -> bool:
        return self.image is None


@dataclass(frozen=True)
class PanelBox:
    """Where one seat panel is drawn, px in the window: the whole panel,
    its caption line, its OLED (or bot box), its legend lines, its tray's
    overview (x, y, w, h, under its words :data:`~firmware.ui.sim_tray.TRAY_WORDS`; None: no
    tray), the close-ups' area under it (x, y, w, h, under their words;
    None: none) and each close-up's square (x, y, w, h)."""
    panel: tuple[int, int, int, int]
    caption: tuple[int, int, int, int]
    screen: tuple[int, int, int, int]
    legend: tuple[str, ...]
    legend_top: int
    tray: tuple[int, int, int, int] | None = None
    closeups: tuple[int, int, int, int] | None = None
    tiles: tuple[tuple[int, int, int, int], ...] = ()


@dataclass(frozen=True)
class WindowLayout:
    """The window's layout: ``hdmi`` (x, y, w, h) where the HDMI view is
    drawn (scaled, aspect kept), ``panels`` per seat, ``text_px`` (em of
    captions and legends), ``scale`` (OLED magnification), ``column_w``
    (the seats' columns' width), ``captions`` (x, y, w, h): the sound
    captions' strip of their own under the HDMI view (nothing of the game
    under them)."""
    size: tuple[int, int]
    hdmi: tuple[int, int, int, int]
    panels: tuple[PanelBox, ...]
    text_px: int
    scale: float
    column_w: int = 0
    captions: tuple[int, int, int, int] = (0, 0, 0, 0)
    #: how the persons' trays are laid out (close-ups' rows and size, the overview's share)
    tray_shape: TrayShape = TrayShape(0, 0, 1.0)


def legend_lines(items: tuple[tuple[str, str], ...], width: int, size: int, measure: Measure) -> list[str]:
    """The ``(key, what)`` pairs as lines ``"Space: button · Q: cup"``
    packed greedily into ``width`` px at ``size`` px (a pair wider than
    ``width`` still gets its own line)."""
    lines: list[str] = []
    cur = ""
    for key, what in items:
        part = f"{key}: {what}"
        trial = f"{cur} \u00b7 {part}" if cur else part
        if cur and measure(trial, size)[0] > width:
            lines.append(cur)
            cur = part
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def _column(panels: list[SeatPanel], height: int, size: int, scale: float, measure: Measure,
            legends: bool = True, least_tile: int = 0, max_w: float = float("inf")
            ) -> tuple[int, int, list[tuple[int, int, int, list[str], bool]], TrayShape] | None:
    """Stack the panels in columns ``height`` px high: (total width, one
    column's inner width, per panel (column, y, panel height, legend
    lines, its tray drawn), the trays' shape: the first of
    :func:`~firmware.ui.sim_tray.tray_shapes` with which every panel
    fits in columns ``max_w`` px wide in all, its close-ups ``least_tile``
    px or more); None when a panel is taller than the window or the
    columns wider whatever the shape.  Without ``legends``
    neither keys nor trays are drawn."""
    line_h = measure("Ag", size)[1]
    oled_w = int(OLED_W * scale)
    # a column is as wide as the OLED, or as its widest key pair or caption
    people = any(not p.is_bot for p in panels)
    # a caption keeps clear of its seat light at its right end (light_spot's disc and a gap)
    light_w = 2 * max(4, line_h * 2 // 5) + 8
    inner = max([oled_w if people else 0] + [measure(p.caption, size)[0] + (light_w if p.light else 0)
                                             for p in panels]
                + [measure(f"{k}: {w}", size)[0] for p in panels if legends for k, w in p.legend])
    legend = [legend_lines(p.legend, inner, size, measure) if legends and not p.is_bot else [] for p in panels]
    dice = max([p.tray.dice for p in panels if legends and p.tray is not None and not p.is_bot] + [0])
    for shape in (s for s in tray_shapes(dice, inner) if s.tile >= least_tile or not dice):
        placed = _stack(panels, legend, height, line_h, int(OLED_H * scale), inner, shape if legends else None)
        if placed is None:
            continue
        width = (placed[-1][0] + 1) * (inner + 2 * PAD) if placed else 0
        if width <= max_w:
            return width, inner, placed, shape
    return None


def _stack(panels: list[SeatPanel], legend: list[list[str]], height: int, line_h: int, oled_h: int, inner: int,
           shape: TrayShape | None) -> list[tuple[int, int, int, list[str], bool]] | None:
    """The panels stacked in columns ``height`` px high, their trays laid
    out as ``shape`` (None: no trays): per panel (column, y, height,
    legend lines, its tray drawn); None when one is taller than the window."""
    placed = []
    col, y = 0, PAD
    for p, lines in zip(panels, legend):
        tray = shape is not None and p.tray is not None and not p.is_bot
        block = tray_block_h(inner, line_h, shape if p.tray.dice else shape._replace(rows=0)) if tray else 0
        h = line_h + (BOT_BOX_H if p.is_bot else oled_h + 4) + len(lines) * line_h + block + PAD
        if h + PAD > height:
            return None
        if y + h > height:
            col, y = col + 1, PAD
        placed.append((col, y, h, lines, tray))
        y += h
    return placed


def window_layout(size: tuple[int, int], hdmi: tuple[int, int], panels: list[SeatPanel],
                  measure: Measure) -> WindowLayout:
    """Lay out a window of ``size`` px: the seat column on the right (its
    OLEDs at :data:`READABLE_SCALE` or more where any text size and
    close-ups of :data:`~firmware.ui.sim_tray.CLOSEUP_LEAST` px allow; then the
    largest text size, then dice close up of :data:`~firmware.ui.sim_tray.CLOSEUP_WANT`
    px if they fit at any magnification, then the largest OLED
    magnification, whose column takes at most :data:`MAX_COLUMN_SHARE` of
    the width), the HDMI view scaled into the rest with its aspect kept.  A window too small for
    any of them gets the smallest text and OLEDs (the keys left out if
    need be), in as many columns as needed: the seats are never cut off,
    the HDMI view shrinks first."""
    w, h = max(1, size[0]), max(1, size[1])
    # first with the OLEDs at READABLE_SCALE or more (the text and the close-ups shrink first), then any
    tries = [(t, least, scale) for t in TEXT_SIZES for least in (CLOSEUP_WANT, CLOSEUP_LEAST)
             for scale in SCALES if scale >= READABLE_SCALE]
    tries += [(t, least, scale) for t in TEXT_SIZES for least in (CLOSEUP_WANT, 0) for scale in SCALES]
    choice = next(((text_px, scale, got) for text_px, least_tile, scale in tries
                   if (got := _column(panels, h, text_px, scale, measure, least_tile=least_tile,
                                      max_w=w * MAX_COLUMN_SHARE)) is not None), None)
    if choice is None:      # a small window: the smallest panels, however wide; the keys go first
        text_px = TEXT_SIZES[-1]
        for scale, legends in ((SCALES[-1], True), (SCALES[-1], False), (0.5, False)):
            got = _column(panels, h, text_px, scale, measure, legends)
            if got is not None:
                break
        choice = (text_px, scale, got or _column(panels, 1 << 20, text_px, scale, measure, False))
    text_px, scale, (col_total, inner, placed, shape) = choice
    line_h = measure("Ag", text_px)[1]
    strip_h = caption_box_h(line_h) + 2 * max(4, line_h // 4)     # the captions' strip under the HDMI view
    room = (max(1, w - col_total), max(1, h - strip_h))
    f = min(room[0] / hdmi[0], room[1] / hdmi[1])
    hw, hh = max(1, int(hdmi[0] * f)), max(1, int(hdmi[1] * f))
    # the HDMI view and the seats' column side by side, centred together; the captions' strip under the view
    left = max(0, (w - hw - col_total) // 2)
    hdmi_rect = (left, max(0, (h - hh - strip_h) // 2), hw, hh)
    strip = (left, hdmi_rect[1] + hh, hw, min(strip_h, max(0, h - hdmi_rect[1] - hh)))
    col_x0 = left + hw
    oled_w, oled_h = int(OLED_W * scale), int(OLED_H * scale)
    boxes = []
    for p, (col, y, ph, legend, tray) in zip(panels, placed):
        x = col_x0 + col * (inner + 2 * PAD) + PAD
        screen = (x, y + line_h, inner, BOT_BOX_H) if p.is_bot else (x + (inner - oled_w) // 2, y + line_h,
                                                                    oled_w, oled_h)
        legend_top = screen[1] + screen[3] + 4
        view, area, tiles = (tray_rects(x, legend_top + len(legend) * line_h, inner, line_h, shape, p.tray.dice)
                             if tray else (None, None, ()))
        boxes.append(PanelBox((x - PAD // 2, y, inner + PAD, ph - PAD // 2), (x, y, inner, line_h),
                              screen, tuple(legend), legend_top, view, area, tiles))
    return WindowLayout((w, h), hdmi_rect, tuple(boxes), text_px, scale, col_total, strip, shape)




def light_spot(caption: tuple[int, int, int, int]) -> tuple[tuple[int, int], int]:
    """Where a seat's button light is drawn: centre and radius (px) at the
    right end of its caption line."""
    x, y, w, h = caption
    r = max(4, h * 2 // 5)
    return (x + w - r - 2, y + h // 2), r


def paint_light(pg: Any, target: Any, caption: tuple[int, int, int, int], lit: bool) -> None:
    """A seat's button light: a glowing amber disc when lit, a dark one
    with a rim when not."""
    centre, r = light_spot(caption)
    if lit:
        pg.draw.circle(target, (120, 96, 20), centre, r + 3)
    pg.draw.circle(target, LIT if lit else UNLIT, centre, r)
    pg.draw.circle(target, (20, 20, 20), centre, r, 2)


#: A caption's box: its ground (dark, a little see-through) and its note's colour.
CAPTION_BG = (12, 14, 20, 240)
NOTE = "\u266a"


def paint_note(pg: Any, target: Any, x: int, y: int, h: int, colour: tuple[int, int, int]) -> int:
    """A quaver drawn in the ``h`` px high box at (``x``, ``y``) (the
    screens' font has no "\u266a"): a head, a stem and a flag; returns its
    width, px."""
    head_w, head_h = max(4, h * 9 // 20), max(3, h * 7 // 20)
    head = pg.Rect(x, y + h - head_h - max(1, h // 12), head_w, head_h)
    pg.draw.ellipse(target, colour, head)
    stem_x = head.right - max(1, h // 16)
    stem_w = max(2, h // 10)
    pg.draw.rect(target, colour, (stem_x - stem_w + 1, y + h // 10, stem_w, head.centery - y - h // 10))
    pg.draw.polygon(target, colour, [(stem_x, y + h // 10), (stem_x + h * 7 // 20, y + h * 4 // 10),
                                     (stem_x + h * 5 // 20, y + h * 5 // 10), (stem_x, y + h * 3 // 10)])
    return head_w + h * 7 // 20


def paint_captions(pg: Any, target: Any, area: tuple[int, int, int, int], lines: list[str], f: Any) -> list[str]:
    """The sound captions ``lines`` ("\u266a race start") in the bottom-left
    corner of ``area`` (x, y, w, h px), the newest lowest, each in a dark
    box, its note drawn (:func:`paint_note`), clipped to ``area``'s width.
    Returns the lines painted."""
    ax, ay, aw, ah = area
    line_h = f.size("Ag")[1]
    pad = max(4, line_h // 4)
    y = ay + ah - pad
    for line in reversed(lines):
        words = line[len(NOTE):].strip() if line.startswith(NOTE) else line
        img = f.render(words, True, FG)
        note_w = line_h * 3 // 4
        w = min(aw - 2 * pad, note_w + pad + img.get_width() + 2 * pad)
        h = line_h + pad
        y -= h
        if y < ay:
            break
        box = pg.Surface((w, h), pg.SRCALPHA)
        box.fill(CAPTION_BG)
        target.blit(box, (ax + pad, y))
        paint_note(pg, target, ax + 2 * pad, y + pad // 2 + line_h // 8, line_h * 3 // 4, GOLD)
        target.blit(img, (ax + 2 * pad + note_w + pad, y + pad // 2),
                    area=pg.Rect(0, 0, max(0, w - note_w - 3 * pad), line_h))
        y -= pad // 2
    return list(lines)


def caption_box_h(line_h: int) -> int:
    """A caption box's height for text ``line_h`` px high (its line and padding)."""
    return line_h + max(4, line_h // 4)


def paint_caption_row(pg: Any, target: Any, area: tuple[int, int, int, int], lines: list[str], f: Any) -> list[str]:
    """The sound captions ``lines`` side by side in ``area`` (x, y, w, h
    px: a strip of their own, or the free middle of the HDMI's title bar),
    oldest left, each in a dark box with its note (:func:`paint_note`),
    the box's middle on the strip's; the oldest are left out when they do
    not all fit, never cut.  Returns the lines painted."""
    ax, ay, aw, ah = area
    line_h = f.size("Ag")[1]
    pad = max(4, line_h // 4)
    h = caption_box_h(line_h)
    if h > ah or aw <= 0:
        return []
    note_w = line_h * 3 // 4
    shown = list(lines)
    imgs = [f.render(_caption_words(t), True, FG) for t in shown]
    widths = [note_w + 3 * pad + img.get_width() for img in imgs]
    while shown and sum(widths) + pad * (len(widths) - 1) > aw:
        shown, imgs, widths = shown[1:], imgs[1:], widths[1:]
    x, y = ax, ay + (ah - h) // 2
    for img, w in zip(imgs, widths):
        box = pg.Surface((w, h), pg.SRCALPHA)
        box.fill(CAPTION_BG)
        target.blit(box, (x, y))
        paint_note(pg, target, x + pad, y + pad // 2 + line_h // 8, line_h * 3 // 4, GOLD)
        target.blit(img, (x + pad + note_w + pad, y + pad // 2))
        x += w + pad
    return shown


def _caption_words(line: str) -> str:
    """A caption's words without its note (the note is drawn)."""
    return line[len(NOTE):].strip() if line.startswith(NOTE) else line


def column_rect(layout: WindowLayout) -> tuple[int, int, int, int]:
    """The window's part right of the HDMI view (x, y, w, h): the seats'
    column and the black beside it; :func:`paint_view` never paints there,
    :func:`paint_panels` paints only there."""
    x = layout.hdmi[0] + layout.hdmi[2]
    return (x, 0, max(0, layout.size[0] - x), layout.size[1])


def paint_window(pg: Any, target: Any, layout: WindowLayout, hdmi_surface: Any, panels: list[SeatPanel],
                 font: Callable[[int], Any], notice: str = "", captions: list[str] = ()) -> list[str]:
    """Paint the whole window: black, the (already scaled) HDMI view, every
    seat panel, ``notice`` (e.g. "Esc again to leave") as a bar over
    the HDMI view's top, and the sound ``captions`` in their strip under
    the HDMI view (:func:`paint_caption_row`; never over the game).
    Returns the captions painted.  The same pixels as :func:`paint_view`
    then :func:`paint_panels` (the two parts never overlap)."""
    painted = paint_view(pg, target, layout, hdmi_surface, font, notice, captions)
    paint_panels(pg, target, layout, panels, font)
    return painted


def paint_view(pg: Any, target: Any, layout: WindowLayout, hdmi_surface: Any, font: Callable[[int], Any],
               notice: str = "", captions: list[str] = ()) -> list[str]:
    """Paint the window left of the seats' column (:func:`column_rect`):
    black, the (already scaled) HDMI view, its ``notice`` bar and the
    sound ``captions`` strip.  Returns the captions painted."""
    cx = column_rect(layout)[0]
    target.fill((0, 0, 0), (0, 0, cx, layout.size[1]))
    hx, hy, hw, hh = layout.hdmi
    target.blit(hdmi_surface, (hx, hy))
    f = font(layout.text_px)
    painted = paint_caption_row(pg, target, layout.captions, list(captions), f) if captions else []
    if notice:
        t = f.render(notice, True, FG)
        bar = (hx, hy, hw, t.get_height() + 2 * PAD)
        pg.draw.rect(target, NOTICE_BG, bar)
        target.blit(t, t.get_rect(center=(hx + hw // 2, hy + bar[3] // 2)))
    return painted


def paint_panels(pg: Any, target: Any, layout: WindowLayout, panels: list[SeatPanel],
                 font: Callable[[int], Any]) -> None:
    """Paint the seats' column (:func:`column_rect`): black, then every
    seat panel: caption, button light, OLED frame (or "bot"), keys and,
    in the simulator, the seat's tray (:func:`paint_tray`) and its dice close up
    (:func:`paint_closeups`)."""
    target.fill((0, 0, 0), column_rect(layout))
    f = font(layout.text_px)
    line_h = f.size("Ag")[1]
    for p, box in zip(panels, layout.panels):
        pg.draw.rect(target, PANEL, box.panel, border_radius=8)
        target.blit(f.render(p.caption, True, FG if not p.is_bot else DIM), box.caption[:2])
        if p.light:
            paint_light(pg, target, box.caption, p.light == "lit")
        sx, sy, sw, sh = box.screen
        if p.is_bot:
            pg.draw.rect(target, (50, 54, 70), box.screen, border_radius=6)
            t = f.render("bot", True, DIM)
            target.blit(t, t.get_rect(center=(sx + sw // 2, sy + sh // 2)))
        else:
            rgb = p.image.convert("RGB").resize((sw, sh), Image.NEAREST)
            target.blit(pg.image.frombytes(rgb.tobytes(), rgb.size, "RGB"), (sx, sy))
        y = box.legend_top
        for line in box.legend:
            x = box.caption[0]
            for i, part in enumerate(line.split(" \u00b7 ")):
                if i:
                    sep = f.render(" \u00b7 ", True, DIM)
                    target.blit(sep, (x, y))
                    x += sep.get_width()
                key, _, what = part.partition(": ")
                for text, colour in ((key + ": ", GOLD), (what, DIM)):
                    img = f.render(text, True, colour)
                    target.blit(img, (x, y))
                    x += img.get_width()
            y += line_h
        if box.tray is not None and p.tray is not None:
            paint_tray(pg, target, box.tray, p.tray.overview, f, p.tray.title)
            if box.closeups is not None:
                paint_closeups(pg, target, box.closeups, box.tiles, p.tray, f)
