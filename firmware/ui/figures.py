"""Cha dango's pictures, drawn in code: the five figure silhouettes, dango
on a skewer in five colours, and the five background colours.  Every
colour also carries a pattern (a colour-blind player tells the dango and
backgrounds apart by shape): see :data:`DANGO_MARK` and
:data:`BACKGROUND_PATTERN`.
"""
from __future__ import annotations

import math

#: Dango colours (reconstructed card data, ruling CD-1) and their mark.
DANGO_RGB = {"pink": (246, 150, 190), "white": (246, 244, 236), "green": (120, 196, 96),
             "yellow": (246, 218, 80), "brown": (150, 96, 56)}
DANGO_MARK = {"pink": "dot", "white": "none", "green": "slash", "yellow": "bar", "brown": "three"}
#: Background colours and their pattern.
BACKGROUND_RGB = {"red": (200, 60, 56), "blue": (56, 104, 200), "orange": (236, 140, 40),
                  "purple": (132, 80, 180), "teal": (40, 156, 150)}
BACKGROUND_PATTERN = {"red": "diagonal", "blue": "dots", "orange": "horizontal", "purple": "vertical",
                      "teal": "waves"}
FIGURES = ("cat", "rabbit", "fox", "tanuki", "panda")

INK = (24, 22, 26)


def draw_figure(pg, s, r, name: str, colour=(250, 250, 250)) -> None:
    """Draw figure ``name`` as a head silhouette filling the square in
    ``r``: cat (pointed ears, whiskers), rabbit (long ears), fox (pointed
    muzzle, big ears), tanuki (round ears, eye mask), panda (black round
    ears and eye patches).

    Raises:
        ValueError: an unknown figure.
    """
    size = min(r.w, r.h)
    x0, y0 = r.x + (r.w - size) // 2, r.y + (r.h - size) // 2
    cx, cy = x0 + size // 2, y0 + size * 3 // 5
    rad = size * 0.34
    lw = max(2, size // 24)

    def P(dx, dy):
        return (cx + dx * size, cy + dy * size)

    if name == "cat":
        col = (236, 176, 100)
        for sgn in (-1, 1):
            pg.draw.polygon(s, col, [P(sgn * 0.32, -0.1), P(sgn * 0.3, -0.52), P(sgn * 0.06, -0.3)])
        pg.draw.circle(s, col, (cx, cy), rad)
        for sgn in (-1, 1):
            pg.draw.circle(s, INK, P(sgn * 0.13, -0.04), max(2, size // 22))
            for k in (-1, 1):
                pg.draw.line(s, INK, P(sgn * 0.12, 0.1), P(sgn * 0.42, 0.1 + k * 0.06), lw)
        pg.draw.polygon(s, (220, 90, 110), [P(-0.04, 0.05), P(0.04, 0.05), P(0, 0.1)])
    elif name == "rabbit":
        col = (240, 240, 246)
        for sgn in (-1, 1):
            ear = pg.Rect(0, 0, size * 0.16, size * 0.5)
            ear.midbottom = (int(cx + sgn * size * 0.13), int(cy - rad * 0.6))
            pg.draw.ellipse(s, col, ear)
            pg.draw.ellipse(s, (236, 160, 180), ear.inflate(-ear.w // 2, -ear.h // 4))
        pg.draw.circle(s, col, (cx, cy), rad)
        for sgn in (-1, 1):
            pg.draw.circle(s, INK, P(sgn * 0.12, -0.03), max(2, size // 22))
        pg.draw.circle(s, (236, 130, 160), P(0, 0.08), max(2, size // 24))
    elif name == "fox":
        col = (240, 128, 40)
        for sgn in (-1, 1):
            pg.draw.polygon(s, col, [P(sgn * 0.36, -0.05), P(sgn * 0.34, -0.55), P(sgn * 0.08, -0.25)])
            pg.draw.polygon(s, INK, [P(sgn * 0.3, -0.14), P(sgn * 0.3, -0.42), P(sgn * 0.15, -0.26)])
        pg.draw.polygon(s, col, [P(-0.38, -0.22), P(0.38, -0.22), P(0.3, 0.05), P(0, 0.36), P(-0.3, 0.05)])
        pg.draw.polygon(s, (250, 246, 236), [P(-0.28, 0.02), P(0, 0.36), P(0.28, 0.02), P(0, 0.12)])
        for sgn in (-1, 1):
            pg.draw.circle(s, INK, P(sgn * 0.13, -0.08), max(2, size // 22))
        pg.draw.circle(s, INK, P(0, 0.33), max(2, size // 20))
    elif name == "tanuki":
        col = (150, 116, 84)
        for sgn in (-1, 1):
            pg.draw.circle(s, col, P(sgn * 0.24, -0.27), size * 0.1)
        pg.draw.circle(s, col, (cx, cy), rad)
        mask = pg.Rect(0, 0, size * 0.56, size * 0.17)
        mask.center = (cx, int(cy - size * 0.03))
        pg.draw.ellipse(s, (60, 44, 34), mask)
        pg.draw.ellipse(s, (236, 224, 204), pg.Rect(cx - size * 0.15, cy + size * 0.02, size * 0.3, size * 0.22))
        for sgn in (-1, 1):
            pg.draw.circle(s, (250, 250, 250), P(sgn * 0.13, -0.03), max(2, size // 20))
        pg.draw.circle(s, INK, P(0, 0.08), max(2, size // 22))
    elif name == "panda":
        for sgn in (-1, 1):
            pg.draw.circle(s, INK, P(sgn * 0.25, -0.26), size * 0.11)
        pg.draw.circle(s, (250, 250, 250), (cx, cy), rad)
        for sgn in (-1, 1):
            patch = pg.Rect(0, 0, size * 0.15, size * 0.2)
            patch.center = (int(cx + sgn * size * 0.13), int(cy - size * 0.02))
            pg.draw.ellipse(s, INK, patch)
            pg.draw.circle(s, (250, 250, 250), patch.center, max(1, size // 40))
        pg.draw.circle(s, INK, P(0, 0.1), max(2, size // 20))
    else:
        raise ValueError(f"no figure named {name!r} (expected one of {FIGURES})")
    pg.draw.circle(s, INK, (cx, cy), rad, 1)


def draw_dango(pg, s, r, name: str) -> None:
    """Three dango of colour ``name`` on a skewer, each with the colour's
    mark (dot, none, slash, bar, three dots).

    Raises:
        ValueError: an unknown dango colour.
    """
    if name not in DANGO_RGB:
        raise ValueError(f"no dango colour {name!r} (expected one of {tuple(DANGO_RGB)})")
    col = DANGO_RGB[name]
    n = 3
    ball = min(r.w, r.h * 0.9 / n)
    rad = ball / 2
    cx = r.x + r.w // 2
    pg.draw.line(s, (200, 170, 110), (cx, r.y), (cx, r.bottom), max(2, int(rad / 4)))
    mark = DANGO_MARK[name]
    lw = max(2, int(rad / 4))
    for k in range(n):
        cy = r.y + r.h * 0.05 + rad + k * ball
        c = (cx, int(cy))
        pg.draw.circle(s, col, c, rad)
        pg.draw.circle(s, INK, c, rad, max(1, int(rad / 8)))
        if mark == "dot":
            pg.draw.circle(s, (200, 60, 110), c, max(2, rad / 3))
        elif mark == "slash":
            pg.draw.line(s, (40, 100, 40), (cx - rad * 0.5, cy + rad * 0.5), (cx + rad * 0.5, cy - rad * 0.5), lw)
        elif mark == "bar":
            pg.draw.line(s, (150, 120, 0), (cx - rad * 0.6, cy), (cx + rad * 0.6, cy), lw)
        elif mark == "three":
            for j in (-1, 0, 1):
                pg.draw.circle(s, (240, 220, 190), (cx + j * rad * 0.45, cy), max(1, rad / 6))


def draw_swatch(pg, s, r, name: str, radius: int = 6) -> None:
    """A field of background colour ``name`` with its pattern (diagonal,
    dots, horizontal, vertical, waves).

    Raises:
        ValueError: an unknown background colour.
    """
    if name not in BACKGROUND_RGB:
        raise ValueError(f"no background colour {name!r} (expected one of {tuple(BACKGROUND_RGB)})")
    rect = pg.Rect(r.x, r.y, r.w, r.h)
    pg.draw.rect(s, BACKGROUND_RGB[name], rect, border_radius=radius)
    light = tuple(min(255, c + 60) for c in BACKGROUND_RGB[name])
    pattern = BACKGROUND_PATTERN[name]
    step = max(8, min(r.w, r.h) // 6)
    clip = s.get_clip()
    s.set_clip(rect.inflate(-4, -4).clip(clip) if clip else rect.inflate(-4, -4))
    if pattern == "diagonal":
        for k in range(-r.h, r.w, step):
            pg.draw.line(s, light, (r.x + k, r.bottom), (r.x + k + r.h, r.y), 3)
    elif pattern == "dots":
        for yy in range(r.y + step // 2, r.bottom, step):
            for xx in range(r.x + step // 2, r.right, step):
                pg.draw.circle(s, light, (xx, yy), max(2, step // 5))
    elif pattern == "horizontal":
        for yy in range(r.y + step // 2, r.bottom, step):
            pg.draw.line(s, light, (r.x, yy), (r.right, yy), 3)
    elif pattern == "vertical":
        for xx in range(r.x + step // 2, r.right, step):
            pg.draw.line(s, light, (xx, r.y), (xx, r.bottom), 3)
    elif pattern == "waves":
        for yy in range(r.y + step // 2, r.bottom, step):
            pts = [(xx, yy + step / 4 * math.sin((xx - r.x) / step * math.pi)) for xx in range(r.x, r.right + 1, 4)]
            if len(pts) > 1:
                pg.draw.lines(s, light, False, pts, 3)
    s.set_clip(clip)


def draw_back(pg, s, r, attribute: str) -> None:
    """The back of an ordering card (CD-1), in greys: ``figure`` a plain
    head with ears, ``dango`` a skewer of plain dango, ``background`` a
    hatched field.

    Raises:
        ValueError: an unknown attribute.
    """
    grey, dark = (120, 116, 130), (70, 66, 80)
    size = min(r.w, r.h)
    x0, y0 = r.x + (r.w - size) // 2, r.y + (r.h - size) // 2
    cx, cy = x0 + size // 2, y0 + size * 3 // 5
    if attribute == "figure":
        for sgn in (-1, 1):
            pg.draw.circle(s, grey, (cx + sgn * size * 0.26, cy - size * 0.28), size * 0.12)
        pg.draw.circle(s, grey, (cx, cy), size * 0.34)
        for sgn in (-1, 1):
            pg.draw.circle(s, dark, (cx + sgn * size * 0.12, cy - size * 0.03), max(2, size // 20))
    elif attribute == "dango":
        pg.draw.line(s, dark, (cx, y0), (cx, y0 + size), max(2, size // 24))
        for k in range(3):
            pg.draw.circle(s, grey, (cx, y0 + size * (0.2 + 0.3 * k)), size * 0.15)
    elif attribute == "background":
        rect = pg.Rect(x0 + size // 10, y0 + size // 10, size * 4 // 5, size * 4 // 5)
        pg.draw.rect(s, grey, rect, border_radius=6)
        for k in range(-rect.h, rect.w, max(6, size // 7)):
            pg.draw.line(s, dark, (rect.x + max(0, k), rect.y + max(0, -k)),
                         (rect.x + min(rect.w, k + rect.h), rect.y + min(rect.h, rect.w - k)), 2)
    else:
        raise ValueError(f"no attribute {attribute!r} (expected figure, dango or background)")
