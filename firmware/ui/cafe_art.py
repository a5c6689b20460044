"""Pictures of the three café games, drawn in code (no scanned art).

* Café International Junior: the flags of the twelve countries
  (:data:`FLAGS`, ruling CI-1), a guest (girl / boy / joker), a table tile.
* Cryptid Cafe: a server meeple, the five dishes of the Chef Kraken board
  (each with a shape of its own, never colour alone), the three cryptid
  types (wing, mountain, wave), the AI die face (0-2 symbols, CC-7), a
  satisfaction face per track colour (CC-3), a padlock (a pushed server
  that cannot move, CC-4).
* Ginza Retro Café's dishes and arrangement pictures are in
  :mod:`firmware.ui.ginza_art` (same conventions).

Every function draws onto a pygame surface ``s`` inside the rectangle ``r``
(any object with ``x, y, w, h``) and raises ``ValueError`` on an unknown
name.  The painter (:mod:`firmware.ui.paint`) caches the results.
"""
from __future__ import annotations

import math

INK = (24, 22, 26)
WHITE = (250, 250, 250)
RED = (206, 32, 44)
GREEN = (0, 140, 70)
BLUE = (0, 56, 150)
YELLOW = (252, 210, 0)
BLACK = (16, 16, 16)

#: Flags drawn by :func:`draw_flag`, by country code (guests.json).
FLAGS = ("KEN", "USA", "MEX", "ESP", "JAM", "GER", "GBR", "FRA", "ITA", "CHN", "JPN", "BRA")


def _star(pg, s, c, rad, col, rot=0.0):
    pts = []
    for k in range(10):
        a = -math.pi / 2 + rot + k * math.pi / 5
        rr = rad if k % 2 == 0 else rad * 0.42
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pg.draw.polygon(s, col, pts)


def _bands(pg, s, r, cols, vertical=False, weights=None):
    weights = weights or [1] * len(cols)
    tot = sum(weights)
    pos = 0.0
    for col, w in zip(cols, weights):
        if vertical:
            x0, x1 = r.x + round(r.w * pos / tot), r.x + round(r.w * (pos + w) / tot)
            pg.draw.rect(s, col, (x0, r.y, x1 - x0, r.h))
        else:
            y0, y1 = r.y + round(r.h * pos / tot), r.y + round(r.h * (pos + w) / tot)
            pg.draw.rect(s, col, (r.x, y0, r.w, y1 - y0))
        pos += w


def draw_flag(pg, s, r, code: str) -> None:
    """The flag of country ``code`` filling ``r`` (simplified: bands,
    crosses, discs and stars), with a dark outline.

    Raises:
        ValueError: a code not in :data:`FLAGS`.
    """
    R = pg.Rect(r.x, r.y, r.w, r.h)
    cx, cy = R.center
    if code == "KEN":
        _bands(pg, s, R, [BLACK, WHITE, RED, WHITE, GREEN], weights=[6, 1, 6, 1, 6])
        sh = pg.Rect(0, 0, max(4, R.w // 5), max(6, R.h * 4 // 5))
        sh.center = R.center
        pg.draw.ellipse(s, RED, sh)
        pg.draw.ellipse(s, BLACK, sh.inflate(-sh.w // 2, -sh.h // 3))
        pg.draw.line(s, WHITE, (cx, sh.y + 1), (cx, sh.bottom - 2), max(1, sh.w // 8))
    elif code == "USA":
        for k in range(7):
            y0, y1 = R.y + R.h * k // 7, R.y + R.h * (k + 1) // 7
            pg.draw.rect(s, RED if k % 2 == 0 else WHITE, (R.x, y0, R.w, y1 - y0))
        canton = pg.Rect(R.x, R.y, R.w * 2 // 5, R.h * 4 // 7)
        pg.draw.rect(s, (40, 52, 120), canton)
        d = max(1, canton.h // 10)
        for i in range(3):
            for j in range(2):
                pg.draw.circle(s, WHITE, (canton.x + canton.w * (2 * i + 1) // 6,
                                          canton.y + canton.h * (2 * j + 1) // 4), d)
    elif code == "MEX":
        _bands(pg, s, R, [GREEN, WHITE, RED], vertical=True)
        pg.draw.circle(s, (150, 96, 40), R.center, max(2, R.h // 6))
        pg.draw.circle(s, (60, 120, 40), (cx, cy + R.h // 7), max(2, R.h // 6), max(1, R.h // 20))
    elif code == "ESP":
        _bands(pg, s, R, [RED, YELLOW, RED], weights=[1, 2, 1])
        em = pg.Rect(R.x + R.w // 4, cy - R.h // 7, max(3, R.w // 9), max(4, R.h * 2 // 7))
        pg.draw.rect(s, (170, 20, 30), em, border_radius=max(1, em.w // 3))
    elif code == "JAM":
        pg.draw.rect(s, GREEN, R)
        pg.draw.polygon(s, BLACK, [R.topleft, R.bottomleft, R.center])
        pg.draw.polygon(s, BLACK, [R.topright, R.bottomright, R.center])
        w = max(2, R.h // 6)
        pg.draw.line(s, YELLOW, R.topleft, R.bottomright, w)
        pg.draw.line(s, YELLOW, R.bottomleft, R.topright, w)
    elif code == "GER":
        _bands(pg, s, R, [BLACK, (220, 0, 0), (255, 204, 0)])
    elif code == "GBR":
        pg.draw.rect(s, (1, 33, 105), R)
        pg.draw.line(s, WHITE, R.topleft, R.bottomright, max(3, R.h // 5))
        pg.draw.line(s, WHITE, R.bottomleft, R.topright, max(3, R.h // 5))
        pg.draw.line(s, (200, 16, 46), R.topleft, R.bottomright, max(1, R.h // 14))
        pg.draw.line(s, (200, 16, 46), R.bottomleft, R.topright, max(1, R.h // 14))
        pg.draw.rect(s, WHITE, (R.x, cy - R.h // 6, R.w, R.h // 3))
        pg.draw.rect(s, WHITE, (cx - R.h // 6, R.y, R.h // 3, R.h))
        pg.draw.rect(s, (200, 16, 46), (R.x, cy - R.h // 10, R.w, max(2, R.h // 5)))
        pg.draw.rect(s, (200, 16, 46), (cx - R.h // 10, R.y, max(2, R.h // 5), R.h))
    elif code == "FRA":
        _bands(pg, s, R, [(0, 38, 140), WHITE, (226, 30, 50)], vertical=True)
    elif code == "ITA":
        _bands(pg, s, R, [(0, 146, 70), WHITE, (206, 43, 55)], vertical=True)
    elif code == "CHN":
        pg.draw.rect(s, (222, 41, 16), R)
        u = R.h / 10
        _star(pg, s, (R.x + 5 * u * R.w / R.h * 0.6, R.y + 3 * u), 2.6 * u, (255, 222, 0))
        for dx, dy in ((9, 1.3), (10.5, 3), (10.5, 5.2), (9, 7)):
            _star(pg, s, (R.x + dx * u * R.w / R.h * 0.6, R.y + dy * u), 0.9 * u, (255, 222, 0))
    elif code == "JPN":
        pg.draw.rect(s, WHITE, R)
        pg.draw.circle(s, (188, 0, 45), R.center, max(2, R.h * 3 // 10))
    elif code == "BRA":
        pg.draw.rect(s, (0, 150, 57), R)
        m = max(2, R.h // 8)
        pg.draw.polygon(s, (254, 221, 0), [(cx, R.y + m), (R.right - m, cy), (cx, R.bottom - m), (R.x + m, cy)])
        pg.draw.circle(s, (0, 39, 118), R.center, max(2, R.h * 3 // 11))
        pg.draw.line(s, WHITE, (cx - R.h * 3 // 11, cy), (cx + R.h * 3 // 11, cy - 1), max(1, R.h // 16))
    else:
        raise ValueError(f"no flag for country {code!r} (expected one of {FLAGS})")
    pg.draw.rect(s, INK, R, max(1, R.h // 14))


# ------------------------------------------------------------ guests
SKIN = (246, 206, 170)


#: The part of a guest's square its child covers (x from, x to, y from, y
#: to, as fractions of the square): hair to feet, dress hem to dress hem
#: (a boy: shirt to shirt); a joker's hat reaches the square's top.
GUEST_BOUNDS = {"girl": (0.18, 0.83, 0.15, 0.99), "boy": (0.28, 0.72, 0.14, 0.95)}
JOKER_BOUNDS = (0.13, 0.87, 0.0, 0.99)


def guest_square(r, joker: bool = False, tight: bool = False, gender: str = "girl") -> tuple[int, int, int]:
    """``(x, y, size)`` of the square a guest is drawn in for the box ``r``:
    the largest square centred in ``r``, or with ``tight`` the square whose
    child (:data:`GUEST_BOUNDS`) fills ``r`` (its empty margins spill past
    the box, so the box is the child itself)."""
    if not tight:
        size = min(r.w, r.h)
        return r.x + (r.w - size) // 2, r.y + (r.h - size) // 2, size
    x_lo, x_hi, y_lo, y_hi = JOKER_BOUNDS if joker else GUEST_BOUNDS[gender]
    size = max(1, int(min(r.w / (x_hi - x_lo), r.h / (y_hi - y_lo))))
    x0 = r.x + round((r.w - size * (x_hi - x_lo)) / 2 - size * x_lo)
    y0 = r.y + round((r.h - size * (y_hi - y_lo)) / 2 - size * y_lo)
    return x0, y0, size


def tight_width(height: int) -> int:
    """The width of a ``tight`` guest box ``height`` px tall (a girl's
    proportions: a boy or a joker is narrower for its height)."""
    x_lo, x_hi, y_lo, y_hi = GUEST_BOUNDS["girl"]
    return max(1, round(height * (x_hi - x_lo) / (y_hi - y_lo)))


def draw_guest(pg, s, r, gender: str, joker: bool = False, dim: bool = False, tight: bool = False) -> None:
    """A child guest filling the square in ``r`` (with ``tight``: the
    child itself fills ``r``, see :func:`guest_square`): a girl (long hair
    with two bunches, a dress), a boy (short hair, a shirt and shorts); a
    joker wears a three-pointed jester hat and a star.  Shapes tell girl
    from boy, not colour.

    Raises:
        ValueError: ``gender`` is not ``"girl"`` or ``"boy"``.
    """
    if gender not in ("girl", "boy"):
        raise ValueError(f"a guest is a 'girl' or a 'boy', got {gender!r}")
    x0, y0, size = guest_square(r, joker, tight, gender)

    def P(fx, fy):
        return (x0 + fx * size, y0 + fy * size)

    def C(c):
        return tuple(int(v * 0.5) for v in c) if dim else c
    lw = max(1, size // 22)
    head_c, head_r = P(0.5, 0.36), size * 0.17
    if gender == "girl":
        body = C((226, 84, 120)) if not joker else C((150, 90, 200))
        pg.draw.polygon(s, body, [P(0.5, 0.5), P(0.2, 0.96), P(0.8, 0.96)])
        pg.draw.polygon(s, INK, [P(0.5, 0.5), P(0.2, 0.96), P(0.8, 0.96)], lw)
        hair = C((120, 70, 30))
        for sgn in (-1, 1):
            pg.draw.circle(s, hair, P(0.5 + sgn * 0.2, 0.42), size * 0.08)
        pg.draw.circle(s, hair, head_c, head_r + size * 0.03)
    else:
        body = C((60, 120, 220)) if not joker else C((150, 90, 200))
        shirt = pg.Rect(0, 0, size * 0.42, size * 0.3)
        shirt.midtop = (int(x0 + size * 0.5), int(y0 + size * 0.5))
        pg.draw.rect(s, body, shirt, border_radius=max(2, size // 12))
        pg.draw.rect(s, INK, shirt, lw, border_radius=max(2, size // 12))
        legs = C((50, 50, 70))
        for sgn in (-1, 1):
            pg.draw.rect(s, legs, pg.Rect(x0 + size * (0.5 + sgn * 0.1) - size * 0.07, shirt.bottom, size * 0.14,
                                          size * 0.14))
        hair = C((70, 44, 24))
        pg.draw.circle(s, hair, (head_c[0], head_c[1] - size * 0.03), head_r + size * 0.01)
    pg.draw.circle(s, C(SKIN), (head_c[0], head_c[1] + size * 0.02), head_r)
    pg.draw.circle(s, INK, (head_c[0], head_c[1] + size * 0.02), head_r, lw)
    for sgn in (-1, 1):
        pg.draw.circle(s, INK, (head_c[0] + sgn * size * 0.06, head_c[1] + size * 0.01), max(1, size // 30))
    if joker:  # jester hat: three points with bells
        base_y = head_c[1] - head_r * 0.6
        cols = [C((230, 60, 60)), C((250, 200, 40)), C((60, 170, 90))]
        pts = [(-0.2, 0.06), (0.0, 0.0), (0.2, 0.06)]
        for (fx, fy), col in zip(pts, cols):
            tip = P(0.5 + fx * 1.6, fy + 0.02)
            pg.draw.polygon(s, col, [(head_c[0] - head_r, base_y), (head_c[0] + head_r, base_y), tip])
            pg.draw.circle(s, C(YELLOW), tip, max(2, size // 22))
        _star(pg, s, P(0.5, 0.72), size * 0.09, C(YELLOW))


def draw_table(pg, s, r, turned: bool = False) -> None:
    """A café table tile: a wooden top (or its plain back once turned
    over, with a tick: the table is full)."""
    R = pg.Rect(r.x, r.y, r.w, r.h)
    rad = max(3, min(r.w, r.h) // 8)
    if turned:
        pg.draw.rect(s, (92, 70, 52), R, border_radius=rad)
        pg.draw.rect(s, (150, 120, 90), R, max(2, r.w // 30), border_radius=rad)
        w = max(3, r.w // 10)
        pg.draw.lines(s, (230, 230, 200), False, [(R.x + R.w * 0.28, R.centery), (R.x + R.w * 0.45, R.y + R.h * 0.68),
                                                 (R.x + R.w * 0.74, R.y + R.h * 0.3)], w)
        return
    pg.draw.rect(s, (196, 150, 96), R, border_radius=rad)
    for k in range(1, 4):
        y = R.y + R.h * k // 4
        pg.draw.line(s, (176, 130, 80), (R.x + rad, y), (R.right - rad, y), max(1, r.h // 40))
    pg.draw.rect(s, (110, 76, 44), R, max(2, r.w // 30), border_radius=rad)


# ------------------------------------------------------------ Cryptid Cafe
def draw_meeple(pg, s, r, colour, label: str = "", ai: bool = False) -> None:
    """A server meeple in ``colour`` with its seat number (or "AI")
    written on its body; an AI server is grey with a square head."""
    size = min(r.w, r.h)
    x0, y0 = r.x + (r.w - size) // 2, r.y + (r.h - size) // 2

    def P(fx, fy):
        return (x0 + fx * size, y0 + fy * size)
    col = colour
    pts = [P(0.5, 0.02), P(0.66, 0.08), P(0.68, 0.26), P(0.95, 0.36), P(0.95, 0.5), P(0.72, 0.5),
           P(0.86, 0.98), P(0.56, 0.98), P(0.5, 0.78), P(0.44, 0.98), P(0.14, 0.98), P(0.28, 0.5),
           P(0.05, 0.5), P(0.05, 0.36), P(0.32, 0.26), P(0.34, 0.08)]
    if ai:
        pts = [P(0.3, 0.02), P(0.7, 0.02), P(0.7, 0.28), P(0.95, 0.36), P(0.95, 0.5), P(0.72, 0.5),
               P(0.86, 0.98), P(0.14, 0.98), P(0.28, 0.5), P(0.05, 0.5), P(0.05, 0.36), P(0.3, 0.28)]
    pg.draw.polygon(s, col, pts)
    pg.draw.polygon(s, INK, pts, max(1, size // 24))


def unit_square(pg, r):
    """The square of side ``min(r.w, r.h)`` centred in ``r`` (px), with the
    two ways a drawing finds its places in it: ``P(fx, fy)`` a point and
    ``R(fx, fy, fw, fh)`` a ``pygame.Rect``, in fractions of the side:
    ``(side, P, R)``."""
    size = min(r.w, r.h)
    x0, y0 = r.x + (r.w - size) // 2, r.y + (r.h - size) // 2

    def P(fx, fy):
        return (int(x0 + fx * size), int(y0 + fy * size))

    def R(fx, fy, fw, fh):
        return pg.Rect(int(x0 + fx * size), int(y0 + fy * size), max(1, int(fw * size)), max(1, int(fh * size)))
    return size, P, R


def draw_dish(pg, s, r, station: str) -> None:
    """A Cryptid Cafe dish filling the square in ``r``: Kaputtcino (a cup
    with a saucer), Baba au Rhume (a domed cake with a drip), Beuv'noire (a
    dark beer mug), Croque-Monsieur (a toasted sandwich), Waterzoeil (a
    soup bowl with steam).

    Raises:
        ValueError: an unknown station.
    """
    size, P, R = unit_square(pg, r)
    lw = max(1, size // 18)
    if station == "kaputtcino":
        pg.draw.ellipse(s, (230, 230, 236), R(0.05, 0.72, 0.9, 0.2))
        pg.draw.ellipse(s, INK, R(0.05, 0.72, 0.9, 0.2), lw)
        cup = R(0.18, 0.3, 0.56, 0.5)
        pg.draw.rect(s, (250, 250, 250), cup, border_bottom_left_radius=size // 5, border_bottom_right_radius=size // 5)
        pg.draw.rect(s, INK, cup, lw, border_bottom_left_radius=size // 5, border_bottom_right_radius=size // 5)
        pg.draw.ellipse(s, (176, 120, 70), R(0.2, 0.28, 0.52, 0.12))
        pg.draw.circle(s, INK, P(0.8, 0.48), max(2, size // 8), lw + 1)
        for k in (0.35, 0.55):
            pg.draw.line(s, (200, 200, 210), P(k, 0.22), P(k + 0.05, 0.06), lw)
    elif station == "baba_au_rhume":
        pg.draw.ellipse(s, (230, 230, 236), R(0.06, 0.76, 0.88, 0.18))
        body = R(0.18, 0.38, 0.64, 0.44)
        pg.draw.rect(s, (206, 140, 60), body, border_radius=size // 10)
        pg.draw.ellipse(s, (226, 166, 80), R(0.14, 0.2, 0.72, 0.36))
        pg.draw.ellipse(s, INK, R(0.14, 0.2, 0.72, 0.36), lw)
        pg.draw.rect(s, INK, body, lw, border_radius=size // 10)
        pg.draw.ellipse(s, (250, 244, 230), R(0.34, 0.1, 0.32, 0.18))
        pg.draw.circle(s, (200, 30, 50), P(0.5, 0.1), max(2, size // 12))
    elif station == "beuvnoire":
        mug = R(0.16, 0.24, 0.52, 0.7)
        pg.draw.rect(s, (60, 34, 20), mug, border_radius=size // 14)
        pg.draw.rect(s, INK, mug, lw, border_radius=size // 14)
        pg.draw.ellipse(s, (244, 236, 210), R(0.12, 0.12, 0.6, 0.22))
        pg.draw.circle(s, (244, 236, 210), P(0.3, 0.16), max(2, size // 9))
        pg.draw.circle(s, (244, 236, 210), P(0.52, 0.14), max(2, size // 9))
        pg.draw.rect(s, (180, 180, 190), R(0.68, 0.38, 0.22, 0.36), lw + 2, border_radius=size // 10)
    elif station == "croque_monsieur":
        for k, col in ((0.0, (214, 160, 80)), (0.24, (240, 200, 90)), (0.34, (214, 160, 80))):
            pg.draw.polygon(s, col, [P(0.06, 0.42 + k), P(0.5, 0.2 + k), P(0.94, 0.42 + k), P(0.5, 0.64 + k)])
            pg.draw.polygon(s, INK, [P(0.06, 0.42 + k), P(0.5, 0.2 + k), P(0.94, 0.42 + k), P(0.5, 0.64 + k)], lw)
        pg.draw.polygon(s, (240, 150, 150), [P(0.12, 0.62), P(0.5, 0.86), P(0.88, 0.62), P(0.5, 0.8)])
    elif station == "waterzoeil":
        pg.draw.ellipse(s, (240, 200, 120), R(0.06, 0.36, 0.88, 0.22))
        bowl = [P(0.06, 0.47), P(0.94, 0.47), P(0.8, 0.8), P(0.64, 0.9), P(0.36, 0.9), P(0.2, 0.8)]
        pg.draw.polygon(s, (60, 120, 200), bowl)
        pg.draw.polygon(s, INK, bowl, lw)
        pg.draw.circle(s, (250, 130, 60), P(0.4, 0.44), max(2, size // 12))
        pg.draw.circle(s, (100, 170, 80), P(0.6, 0.45), max(2, size // 14))
        for k in (0.32, 0.5, 0.68):
            pts = [P(k + 0.04 * math.sin(t * 2), 0.3 - t * 0.1) for t in range(3)]
            pg.draw.lines(s, (200, 200, 210), False, pts, lw)
    else:
        raise ValueError(f"no dish for station {station!r}")


def draw_ctype(pg, s, r, kind: str) -> None:
    """A cryptid type badge: airborne (a wing on sky blue), terrestrial (a
    mountain on brown), aquatic (two waves on sea green).

    Raises:
        ValueError: an unknown type.
    """
    size = min(r.w, r.h)
    x0, y0 = r.x + (r.w - size) // 2, r.y + (r.h - size) // 2

    def P(fx, fy):
        return (x0 + fx * size, y0 + fy * size)
    c = P(0.5, 0.5)
    lw = max(2, size // 10)
    if kind == "airborne":
        pg.draw.circle(s, (120, 180, 240), c, size / 2)
        pg.draw.polygon(s, WHITE, [P(0.18, 0.62), P(0.5, 0.2), P(0.86, 0.26), P(0.72, 0.42), P(0.8, 0.48),
                                   P(0.6, 0.62), P(0.66, 0.7)])
    elif kind == "terrestrial":
        pg.draw.circle(s, (150, 104, 60), c, size / 2)
        pg.draw.polygon(s, (236, 226, 200), [P(0.12, 0.76), P(0.42, 0.26), P(0.58, 0.5), P(0.68, 0.38), P(0.9, 0.76)])
    elif kind == "aquatic":
        pg.draw.circle(s, (40, 150, 140), c, size / 2)
        for fy in (0.4, 0.64):
            pts = [P(0.14 + 0.72 * t / 12, fy + 0.07 * math.sin(t / 12 * 2 * math.pi * 1.5)) for t in range(13)]
            pg.draw.lines(s, WHITE, False, pts, lw)
    else:
        raise ValueError(f"no cryptid type {kind!r}")
    pg.draw.circle(s, INK, c, size / 2, max(1, size // 16))


def draw_aidie(pg, s, r, symbols: int) -> None:
    """The AI die showing 0 (blank), 1 or 2 symbols (ruling CC-7): a white
    die with that many chef hats... drawn as stars."""
    size = min(r.w, r.h)
    R = pg.Rect(r.x + (r.w - size) // 2, r.y + (r.h - size) // 2, size, size)
    pg.draw.rect(s, (244, 244, 240), R, border_radius=size // 6)
    pg.draw.rect(s, INK, R, max(1, size // 24), border_radius=size // 6)
    if symbols == 1:
        _star(pg, s, R.center, size * 0.28, (200, 40, 60))
    elif symbols == 2:
        _star(pg, s, (R.x + size * 0.3, R.y + size * 0.3), size * 0.2, (200, 40, 60))
        _star(pg, s, (R.x + size * 0.7, R.y + size * 0.7), size * 0.2, (200, 40, 60))


#: Satisfaction colours (CC-3) and the face drawn on each (never colour alone).
MOOD_RGB = {"green": (70, 170, 90), "yellow": (236, 200, 60), "orange": (236, 130, 50), "red": (206, 60, 56)}


def draw_mood(pg, s, r, colour: str) -> None:
    """A satisfaction face: green grins, yellow smiles, orange is flat, red
    frowns (rulebook: green very satisfied, red far less).

    Raises:
        ValueError: an unknown colour.
    """
    if colour not in MOOD_RGB:
        raise ValueError(f"no satisfaction colour {colour!r}")
    size = min(r.w, r.h)
    c = (r.x + r.w // 2, r.y + r.h // 2)
    rad = size // 2
    pg.draw.circle(s, MOOD_RGB[colour], c, rad)
    pg.draw.circle(s, INK, c, rad, max(1, size // 16))
    e = max(1, size // 12)
    for sgn in (-1, 1):
        pg.draw.circle(s, INK, (c[0] + sgn * rad * 0.38, c[1] - rad * 0.25), e)
    lw = max(1, size // 12)
    box = pg.Rect(0, 0, rad, rad * 0.8)
    if colour == "green":
        box.center = (c[0], c[1] + rad * 0.05)
        pg.draw.arc(s, INK, box, math.pi * 1.05, math.pi * 1.95, lw + 1)
        pg.draw.arc(s, INK, box.inflate(-2, -4), math.pi * 1.1, math.pi * 1.9, lw)
    elif colour == "yellow":
        box.center = (c[0], c[1] + rad * 0.05)
        pg.draw.arc(s, INK, box, math.pi * 1.15, math.pi * 1.85, lw)
    elif colour == "orange":
        pg.draw.line(s, INK, (c[0] - rad * 0.4, c[1] + rad * 0.4), (c[0] + rad * 0.4, c[1] + rad * 0.4), lw)
    else:
        box.center = (c[0], c[1] + rad * 0.7)
        pg.draw.arc(s, INK, box, math.pi * 0.15, math.pi * 0.85, lw)


def draw_lock(pg, s, r) -> None:
    """A padlock (a server pushed down that cannot move up this round)."""
    size = min(r.w, r.h)
    x0, y0 = r.x + (r.w - size) // 2, r.y + (r.h - size) // 2
    body = pg.Rect(x0 + size * 0.15, y0 + size * 0.45, size * 0.7, size * 0.5)
    pg.draw.arc(s, (230, 230, 236), pg.Rect(x0 + size * 0.28, y0 + size * 0.08, size * 0.44, size * 0.7),
                0, math.pi, max(2, size // 8))
    pg.draw.rect(s, (230, 200, 80), body, border_radius=max(2, size // 10))
    pg.draw.rect(s, INK, body, max(1, size // 16), border_radius=max(2, size // 10))
    pg.draw.circle(s, INK, body.center, max(1, size // 12))


# ------------------------------------------------------------ Ginza
#: Ginza order subcategories drawn by :func:`draw_plate`.
