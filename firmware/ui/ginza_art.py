"""Pictures of Ginza Retro Café, drawn in code (no scanned art): the six
dishes of the order cards (coffee cup, cream soda glass, pudding,
parfait, spaghetti plate, omurice) and the arrangement pictures.

Like :mod:`firmware.ui.cafe_art`: every function draws onto a pygame
surface ``s`` inside the rectangle ``r`` (any object with ``x, y, w,
h``) and raises ``ValueError`` on an unknown name.  The painter
(:mod:`firmware.ui.paint`) caches the results.
"""
from __future__ import annotations

import math

from firmware.ui.cafe_art import INK, draw_dish, unit_square


PLATES = ("Coffee", "Cream Soda", "Pudding", "Parfait", "Napolitan", "Omurice")


def draw_plate(pg, s, r, sub: str) -> None:
    """A Ginza order's dish by subcategory: Coffee (a cup), Cream Soda (a
    tall green glass with ice cream and a cherry), Pudding (a flan with
    caramel), Parfait (a layered tall glass), Napolitan (spaghetti on a
    plate), Omurice (an omelette with ketchup).

    Raises:
        ValueError: an unknown subcategory.
    """
    size, P, R = unit_square(pg, r)
    lw = max(1, size // 20)
    if sub == "Coffee":
        draw_dish(pg, s, r, "kaputtcino")
        pg.draw.ellipse(s, (90, 50, 26), R(0.2, 0.28, 0.52, 0.12))
    elif sub == "Cream Soda":
        glass = [P(0.3, 0.34), P(0.7, 0.34), P(0.62, 0.96), P(0.38, 0.96)]
        pg.draw.polygon(s, (80, 200, 110), glass)
        pg.draw.polygon(s, INK, glass, lw)
        pg.draw.circle(s, (250, 248, 236), P(0.5, 0.3), size * 0.17)
        pg.draw.circle(s, (220, 30, 50), P(0.56, 0.1), max(2, size // 12))
        pg.draw.line(s, (230, 80, 80), P(0.6, 0.6), P(0.78, 0.02), max(2, size // 18))
    elif sub == "Pudding":
        pg.draw.ellipse(s, (230, 230, 236), R(0.04, 0.76, 0.92, 0.18))
        flan = [P(0.3, 0.3), P(0.7, 0.3), P(0.84, 0.84), P(0.16, 0.84)]
        pg.draw.polygon(s, (250, 214, 110), flan)
        pg.draw.polygon(s, INK, flan, lw)
        pg.draw.ellipse(s, (140, 70, 20), R(0.29, 0.24, 0.42, 0.16))
    elif sub == "Parfait":
        glass = [P(0.24, 0.2), P(0.76, 0.2), P(0.6, 0.72), P(0.4, 0.72)]
        pg.draw.polygon(s, (250, 240, 230), glass)
        pg.draw.polygon(s, (236, 120, 150), [P(0.29, 0.36), P(0.71, 0.36), P(0.66, 0.52), P(0.34, 0.52)])
        pg.draw.polygon(s, (150, 90, 50), [P(0.35, 0.55), P(0.65, 0.55), P(0.61, 0.68), P(0.39, 0.68)])
        pg.draw.polygon(s, INK, glass, lw)
        pg.draw.rect(s, (200, 200, 210), R(0.46, 0.72, 0.08, 0.16))
        pg.draw.ellipse(s, (200, 200, 210), R(0.28, 0.86, 0.44, 0.1))
        pg.draw.circle(s, (220, 30, 50), P(0.5, 0.14), max(2, size // 12))
    elif sub == "Napolitan":
        pg.draw.ellipse(s, (240, 240, 244), R(0.02, 0.4, 0.96, 0.5))
        pg.draw.ellipse(s, INK, R(0.02, 0.4, 0.96, 0.5), lw)
        pg.draw.ellipse(s, (220, 90, 40), R(0.18, 0.44, 0.64, 0.36))
        for k in range(4):
            pg.draw.arc(s, (250, 170, 90), R(0.22 + k * 0.1, 0.48, 0.26, 0.26), 0, math.pi, lw)
        pg.draw.circle(s, (80, 160, 60), P(0.62, 0.56), max(2, size // 16))
    elif sub == "Omurice":
        pg.draw.ellipse(s, (240, 240, 244), R(0.02, 0.4, 0.96, 0.5))
        pg.draw.ellipse(s, INK, R(0.02, 0.4, 0.96, 0.5), lw)
        pg.draw.ellipse(s, (250, 206, 60), R(0.14, 0.42, 0.72, 0.36))
        pg.draw.ellipse(s, INK, R(0.14, 0.42, 0.72, 0.36), lw)
        pts = [P(0.28 + 0.44 * t / 8, 0.6 + 0.05 * math.sin(t * 1.6)) for t in range(9)]
        pg.draw.lines(s, (200, 30, 40), False, pts, max(2, size // 14))
    else:
        raise ValueError(f"no Ginza dish for subcategory {sub!r} (expected one of {PLATES})")


def draw_arrange(pg, s, r, kind: str) -> None:
    """An arrange card's pictogram (Ginza): Change Dice Rolls (a die with
    up and down arrows), Reroll Dice (a circling arrow), Add Dice (a die
    with a plus).

    Raises:
        ValueError: an unknown arrange card.
    """
    size = min(r.w, r.h)
    x0, y0 = r.x + (r.w - size) // 2, r.y + (r.h - size) // 2

    def P(fx, fy):
        return (int(x0 + fx * size), int(y0 + fy * size))
    lw = max(2, size // 10)
    die = pg.Rect(int(x0 + size * 0.08), int(y0 + size * 0.22), int(size * 0.56), int(size * 0.56))
    if kind in ("change", "add"):
        pg.draw.rect(s, (250, 250, 250), die, border_radius=max(2, size // 10))
        pg.draw.rect(s, INK, die, max(1, size // 20), border_radius=max(2, size // 10))
        pg.draw.circle(s, INK, die.center, max(2, size // 12))
    if kind == "change":
        pg.draw.polygon(s, (40, 140, 60), [P(0.82, 0.04), P(0.98, 0.3), P(0.66, 0.3)])
        pg.draw.polygon(s, (200, 50, 50), [P(0.82, 0.96), P(0.98, 0.7), P(0.66, 0.7)])
    elif kind == "add":
        pg.draw.line(s, (40, 140, 60), P(0.82, 0.3), P(0.82, 0.7), lw)
        pg.draw.line(s, (40, 140, 60), P(0.62, 0.5), P(1.0, 0.5), lw)
    elif kind == "reroll":
        box = pg.Rect(int(x0 + size * 0.12), int(y0 + size * 0.12), int(size * 0.76), int(size * 0.76))
        pg.draw.arc(s, (60, 110, 200), box, 0.5, 2 * math.pi - 0.2, lw)
        pg.draw.polygon(s, (60, 110, 200), [P(0.96, 0.28), P(0.7, 0.34), P(0.9, 0.52)])
    else:
        raise ValueError(f"no arrange card {kind!r}")
