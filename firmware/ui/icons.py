"""The painter's pictograms (:meth:`firmware.ui.paint.Painter` ``icon``
nodes): coin, comet, power, trophy, star, cup, hand, deck, hourglass,
clock, each drawn in code into a square."""
from __future__ import annotations

import math
from typing import Any, Callable

from firmware.ui.kit import DIM, FG, GOLD, Node, Rect


def _coin(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    coin(s, Node("coin", sq, {"label": p.get("label")}), sq)


def _comet(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    pg.draw.line(s, (140, 200, 255), (sq.x, sq.bottom), c, max(2, rad // 3))
    pg.draw.line(s, (100, 160, 240), (sq.x, c[1] + rad // 2), c, max(2, rad // 4))
    pg.draw.circle(s, (230, 240, 255), (c[0] + rad // 4, c[1] - rad // 4), rad // 2)


def _power(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    pts = [(c[0] + rad * 0.2, sq.y), (sq.x + rad * 0.4, c[1] + rad * 0.15), (c[0], c[1] + rad * 0.15),
           (c[0] - rad * 0.2, sq.bottom), (sq.right - rad * 0.4, c[1] - rad * 0.15), (c[0], c[1] - rad * 0.15)]
    pg.draw.polygon(s, col if col != FG else (120, 230, 250), pts)


def _trophy(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    won = p.get("won")
    if p.get("lit"):  # the blast plan being chosen would take this trophy
        pg.draw.rect(s, GOLD, (sq.x, sq.y, sq.w, sq.h), width=max(2, sq.w // 10), border_radius=sq.w // 5)
    cc = GOLD if won else (90, 94, 110)
    cup = pg.Rect(sq.x + rad // 4, sq.y, sq.w - rad // 2, rad + rad // 3)
    pg.draw.rect(s, cc, cup, border_bottom_left_radius=rad // 2, border_bottom_right_radius=rad // 2)
    pg.draw.rect(s, cc, (c[0] - rad // 8, cup.bottom, rad // 4, rad // 3))
    pg.draw.rect(s, cc, (c[0] - rad // 2, sq.bottom - rad // 4, rad, rad // 4))
    if p.get("label"):
        # its number at 3/5 of the cup, at least ``label_px`` tall where the cup has the room (gallery OCR,
        # 2026-12-06: 9 px on the 800 x 480 sheets, under the 14 px a player's small words stand)
        ink_h = min(cup.h - 2, max(p.get("label_px", 0), cup.h * 3 // 5))
        blit_ink(s, ink_label(fonts, str(p["label"]), ink_h, (30, 24, 0) if won else (210, 210, 220)),
                 cup.center)


def blit_ink(s: Any, t: Any, centre: tuple[int, int]) -> None:
    """Blit ``t`` (an :func:`ink_label`) onto ``s`` with its drawn ink's
    middle at ``centre`` (x, y px), not its line box's."""
    ink = t.get_bounding_rect()
    s.blit(t, (centre[0] - ink.centerx, centre[1] - ink.centery))


def ink_label(fonts: Any, label: str, ink_h: int, colour: tuple, at_least: bool = False) -> Any:
    """``label`` rendered as tall as fits ``ink_h`` px of drawn ink, or
    (``at_least``) at the smallest size whose ink stands ``ink_h`` px or
    more (a font's sizes step its digits' ink by 1-2 px; leave the room).
    A pygame surface: blit it centred on its ``get_bounding_rect()``."""
    size = max(8, ink_h * 3 // 2)
    t = fonts.font(size).render(label, True, colour)
    while size > 8 and t.get_bounding_rect().h > ink_h:
        size -= 1
        t = fonts.font(size).render(label, True, colour)
    while at_least and t.get_bounding_rect().h < ink_h and size < 4 * ink_h:
        size += 1
        t = fonts.font(size).render(label, True, colour)
    return t


def _star(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = rad if k % 2 == 0 else rad * 0.45
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pg.draw.polygon(s, col if col != FG else GOLD, pts)
    if p.get("label") is None:
        return
    if p.get("label_px"):
        # at least ``label_px`` tall where the star has the room (the gallery's OCR, 2026-12-06: Ginza's
        # VP were 7-9 px on the 800 x 480 order cards, under the 14 px a player's small words stand)
        ink_h = min(sq.h * 2 // 3, max(p["label_px"], rad * 3 // 5))
        t = ink_label(fonts, str(p["label"]), ink_h, (40, 30, 0), at_least=True)
        blit_ink(s, t, (c[0], c[1] + rad // 10))
        return
    f = fonts.font(max(8, int(rad * 0.9)))
    t = f.render(str(p["label"]), True, (40, 30, 0))
    s.blit(t, t.get_rect(center=(c[0], c[1] + rad // 10)))


def _cup(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    body = pg.Rect(sq.x + rad // 3, sq.y + rad // 3, sq.w - rad, sq.h - rad // 2)
    pg.draw.rect(s, col, body, border_bottom_left_radius=rad // 2, border_bottom_right_radius=rad // 2)
    pg.draw.circle(s, col, (body.right, body.centery - rad // 6), rad // 3, max(2, rad // 6))
    for k in range(2):
        x = body.x + body.w * (k + 1) // 3
        pg.draw.line(s, DIM, (x, sq.y), (x + rad // 6, sq.y + rad // 4), 2)


def _hand(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    palm = pg.Rect(sq.x + rad // 3, c[1] - rad // 6, sq.w - rad * 2 // 3, rad + rad // 6)
    pg.draw.rect(s, col, palm, border_radius=rad // 3)
    fw = max(2, palm.w // 5)
    for k in range(4):
        x = palm.x + k * palm.w // 4 + 1
        pg.draw.rect(s, col, (x, sq.y + (k % 3 == 0) * rad // 4, fw, rad), border_radius=fw // 2)
    pg.draw.rect(s, col, (palm.x - rad // 4, c[1], rad // 3, rad // 2), border_radius=3)


def _deck(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    for k in range(3):
        off = k * max(2, rad // 8)
        pg.draw.rect(s, (70, 52, 110), (sq.x + off, sq.y + off, sq.w * 2 // 3, sq.h - 3 * max(2, rad // 8)),
                     border_radius=4)
        pg.draw.rect(s, (200, 190, 230), (sq.x + off, sq.y + off, sq.w * 2 // 3,
                                          sq.h - 3 * max(2, rad // 8)), width=2, border_radius=4)


def _hourglass(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    # a timer that runs; ``frac`` >= 1: the time is up (the sand all below)
    up = p.get("frac", 0.0) >= 1
    tint = col if col != FG else (120, 200, 250)
    top, bot = sq.y + sq.h // 8, sq.bottom - sq.h // 8
    l, rr = sq.x + sq.w // 5, sq.right - sq.w // 5
    pg.draw.line(s, FG, (l - 2, top), (rr + 2, top), max(2, sq.w // 12))
    pg.draw.line(s, FG, (l - 2, bot), (rr + 2, bot), max(2, sq.w // 12))
    glass = [(l, top), (rr, top), (c[0] + 2, c[1]), (rr, bot), (l, bot), (c[0] - 2, c[1])]
    pg.draw.polygon(s, (60, 64, 80), glass)
    if up:
        pg.draw.polygon(s, tint, [(l + 3, bot - 1), (rr - 3, bot - 1), (c[0], c[1] + sq.h // 8)])
    else:
        pg.draw.polygon(s, tint, [(l + 3, top + 3), (rr - 3, top + 3), (c[0], c[1] - 2)])
        pg.draw.line(s, tint, c, (c[0], bot - 3), 2)
        pg.draw.polygon(s, tint, [(l + sq.w // 5, bot - 1), (rr - sq.w // 5, bot - 1), (c[0], bot - sq.h // 6)])
    pg.draw.polygon(s, FG, glass, max(1, sq.w // 20))


def _clock(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict, col: Any, c: tuple, rad: int) -> None:
    # a clock face with one hand at ``frac`` of a turn (a running
    # timer, not the time left); ``frac`` >= 1: the time is up (filled)
    frac = max(0.0, min(1.0, p.get("frac", 0.0)))
    tint = col if col != FG else (230, 120, 90)
    pg.draw.circle(s, tint if frac >= 1 else (60, 64, 80), c, rad)
    pg.draw.circle(s, FG, c, rad, max(2, rad // 10))
    for k in range(12):
        a = 2 * math.pi * k / 12
        pg.draw.circle(s, FG, (c[0] + (rad * 0.8) * math.sin(a), c[1] - (rad * 0.8) * math.cos(a)),
                       max(1, rad // 18))
    a = 2 * math.pi * frac
    pg.draw.line(s, tint if frac < 1 else FG, c, (c[0] + rad * 0.7 * math.sin(a), c[1] - rad * 0.7 * math.cos(a)),
                 max(2, rad // 8))
    pg.draw.circle(s, FG, c, max(2, rad // 10))


#: icon name -> its drawing
_ICONS = {"coin": _coin, "comet": _comet, "power": _power, "trophy": _trophy, "star": _star, "cup": _cup,
          "hand": _hand, "deck": _deck, "hourglass": _hourglass, "clock": _clock}


def draw_icon(pg: Any, fonts: Any, coin: Callable, s: Any, sq: Rect, p: dict) -> None:
    """Draw the icon ``p["name"]`` into the square ``sq`` of surface ``s``
    (``colour``, ``label``, ``label_px``, ``won``, ``lit``, ``frac`` as each
    reads them);
    ``coin(surface, node, rect)`` draws the coin.  Raises ValueError for an
    unknown name."""
    draw = _ICONS.get(p["name"])
    if draw is None:
        raise ValueError(f"no icon named {p['name']!r}")
    draw(pg, fonts, coin, s, sq, p, p.get("colour", FG), sq.center, sq.w // 2)
