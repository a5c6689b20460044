"""The painter's components (:class:`firmware.ui.paint.Painter`'s base):
dice, droids, bosses, coins, tokens, cards, icons, bars, the figures of
Cha dango and the café games' art, each drawn in code and cached."""
from __future__ import annotations

from typing import Any

from firmware.ui.icons import blit_ink, draw_icon, ink_label
from firmware.ui.kit import DIM, GOLD, Node, Rect
from firmware.ui.palette import DIE_RGB


#: Droid and die colours by pips (1 yellow .. 6 blue, Retrograde RG-3; the palette's).
DROID_RGB = DIE_RGB
#: Pip positions on a 3 x 3 grid, per face.
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


class PartPainter:
    """Draws one component node into its rect (a base of the painter: it
    reads the painter's ``pg``, ``fonts`` and cache)."""

    pg: Any
    fonts: Any

    def _die(self, s, node: Node, r: Rect) -> None:
        """A die, drawn once per face, colours and size (its node's size):
        while it grows in (``r`` smaller than its node's rect) that drawing
        is scaled down (issue 36: a die drawn anew at each size of the
        animation, six to a row, cost a pass that showed a bot's claim)."""
        p = node.props
        sq = r.square()
        full = node.rect.square().w
        key = ("die", full, p.get("value"), p.get("state", "read"), p.get("body"), p.get("pip"),
               p.get("ring"), p.get("dim"))
        img = self._cached(key, lambda: self._make_die(full, p))
        if sq.w != full:
            img = self._scaled(img, sq.w)
        s.blit(img, (sq.x, sq.y))

    def _picture(self, s, node: Node, r: Rect) -> None:
        """A camera picture given as its node's props ``rgb`` (bytes, w x h x
        3 RGB), ``w`` and ``h`` (px), centred in ``r`` (as made, not scaled
        again: :mod:`firmware.calibration.tray_picture` makes it to fit)."""
        p = node.props
        img = self.pg.image.frombuffer(p["rgb"], (p["w"], p["h"]), "RGB")
        s.blit(img, (r.x + (r.w - p["w"]) // 2, r.y + (r.h - p["h"]) // 2))

    def _scaled(self, img, size: int):
        """``img`` (a cached drawing) smoothly scaled to ``size`` x ``size``
        for one frame of an animation (kept until the next frame: dice of
        the same face growing in side by side scale once)."""
        if size <= 0:
            return self.pg.Surface((0, 0))
        frame = self.__dict__.setdefault("_frame_scaled", {})
        k = (id(img), size)
        got = frame.get(k)
        if got is None or got[0] is not img:
            got = frame[k] = (img, self.pg.transform.smoothscale(img, (size, size)))
        return got[1]

    def _make_die(self, size: int, p: dict) -> Any:
        pg = self.pg
        surf = pg.Surface((size, size), pg.SRCALPHA)
        value, state = p.get("value"), p.get("state", "read")
        body = p.get("body") or (244, 244, 240)
        pip = p.get("pip") or (24, 24, 28)
        rad = max(3, size // 6)
        ring = p.get("ring")
        inner = pg.Rect(0, 0, size, size)
        if ring:
            pg.draw.rect(surf, ring, inner, border_radius=rad + 2)
            inner = inner.inflate(-max(4, size // 8), -max(4, size // 8))
        if state != "read" or value is None:
            pg.draw.rect(surf, (60, 64, 80), inner, border_radius=rad)
            pg.draw.rect(surf, DIM, inner, width=max(2, size // 20), border_radius=rad)
            if state == "reading":  # a small camera: the camera is looking at it
                body = inner.inflate(-inner.w * 2 // 5, -inner.h // 2)
                pg.draw.rect(surf, DIM, (body.centerx - body.w // 5, body.y - body.h // 4, body.w // 3, body.h // 3))
                pg.draw.rect(surf, DIM, body, border_radius=max(1, body.h // 5))
                pg.draw.circle(surf, (60, 64, 80), body.center, max(2, body.h * 3 // 8))
            else:  # unread: a question mark drawn in the font ("none": an x, not a die)
                f = self.fonts.font(max(8, inner.h * 3 // 4))
                q = f.render("x" if state == "none" else "?", True, GOLD)
                surf.blit(q, q.get_rect(center=inner.center))
            return surf
        if p.get("dim"):
            body = tuple(int(c * 0.45) for c in body)
            pip = tuple(int(c * 0.6) for c in pip)
        pg.draw.rect(surf, body, inner, border_radius=rad)
        pg.draw.rect(surf, (0, 0, 0), inner, width=max(1, size // 30), border_radius=rad)
        self._pips(surf, inner, value, pip)
        return surf

    def _pips(self, surf, inner, value: int, colour) -> None:
        pg = self.pg
        step = inner.w / 4
        radius = max(2, int(inner.w / 11))
        for gx, gy in PIPS.get(int(value), []):
            pg.draw.circle(surf, colour, (int(inner.x + step * (gx + 1)), int(inner.y + step * (gy + 1))), radius)

    def _droid(self, s, node: Node, r: Rect) -> None:
        p = node.props
        sq = r.square()
        key = ("droid", sq.w, p["pips"], p.get("blasted"), p.get("lit"), p.get("recent"))
        s.blit(self._cached(key, lambda: self._make_droid(sq.w, p)), (sq.x, sq.y))

    def _make_droid(self, size: int, p: dict) -> Any:
        """A droid: a coloured robot head with antenna, its pips as eyes
        (colour and pip count, RG-3); crossed off when blasted; lit gold
        when the blast plan being chosen would blast it."""
        pg = self.pg
        surf = pg.Surface((size, size), pg.SRCALPHA)
        col = DROID_RGB.get(p["pips"], (128, 128, 128))
        blasted = p.get("blasted")
        if blasted:
            col = tuple(int(c * 0.35) + 20 for c in col)
        ant = max(2, size // 7)
        head = pg.Rect(size // 14, ant + 1, size - size // 7, size - ant - 2)
        if p.get("lit"):
            pg.draw.rect(surf, GOLD, head.inflate(size // 8, size // 8), border_radius=size // 4)
        pg.draw.line(surf, col, (size // 2, ant + 1), (size // 2, 1), max(1, size // 16))
        pg.draw.circle(surf, col, (size // 2, max(2, ant // 2 + 1)), max(1, ant // 2 + 1))
        pg.draw.rect(surf, col, head, border_radius=max(2, size // 6))
        pg.draw.rect(surf, (10, 10, 14), head, width=max(1, size // 28), border_radius=max(2, size // 6))
        self._pips(surf, head, p["pips"], (20, 20, 24) if not blasted else (70, 70, 70))
        if blasted:
            w = max(2, size // 9)
            cross = (250, 250, 250) if p.get("recent") else (230, 60, 50)
            pg.draw.line(surf, cross, (head.x + 2, head.y + 2), (head.right - 3, head.bottom - 3), w)
            pg.draw.line(surf, cross, (head.right - 3, head.y + 2), (head.x + 2, head.bottom - 3), w)
        return surf

    def _boss(self, s, node: Node, r: Rect) -> None:
        """A boss above its column: a horned head; crossed off once
        defeated."""
        sq = r.square()
        defeated = bool(node.props.get("defeated"))

        def make():
            surf = self.pg.Surface((sq.w, sq.w), self.pg.SRCALPHA)
            self._draw_boss(surf, Rect(0, 0, sq.w, sq.w), defeated)
            return surf
        s.blit(self._cached(("boss", sq.w, defeated), make), (sq.x, sq.y))

    def _draw_boss(self, s, sq: Rect, defeated: bool) -> None:
        pg = self.pg
        col = (120, 120, 130) if defeated else (190, 70, 200)
        h = sq.h
        body = pg.Rect(sq.x + h // 8, sq.y + h // 4, h - h // 4, h - h // 3)
        pg.draw.polygon(s, col, [(body.x, body.y + 2), (body.x + h // 8, sq.y), (body.x + h // 4, body.y)])
        pg.draw.polygon(s, col, [(body.right, body.y + 2), (body.right - h // 8, sq.y), (body.right - h // 4, body.y)])
        pg.draw.rect(s, col, body, border_radius=max(2, h // 6))
        eye = max(2, h // 9)
        pg.draw.circle(s, (250, 240, 120), (body.x + body.w // 3, body.centery), eye)
        pg.draw.circle(s, (250, 240, 120), (body.right - body.w // 3, body.centery), eye)
        if defeated:
            pg.draw.line(s, (240, 240, 240), (sq.x, sq.y), (sq.right, sq.bottom), max(2, h // 8))

    def _coin(self, s, node: Node, r: Rect) -> None:
        """A coin, with its number when given (``label_px``: at least that
        many px of ink tall where the coin has the room)."""
        pg = self.pg
        sq = r.square()
        p = node.props
        key = ("coin", sq.w, p.get("label"), p.get("spent"), p.get("label_px"))

        def make():
            surf = pg.Surface((sq.w, sq.w), pg.SRCALPHA)
            c = sq.w // 2
            rim = max(2, c // 6)
            pg.draw.circle(surf, (150, 110, 20) if not p.get("spent") else (80, 80, 80), (c, c), c)
            pg.draw.circle(surf, GOLD if not p.get("spent") else (130, 130, 130), (c, c), c - rim)
            if p.get("label") and p.get("label_px"):
                # (the gallery's OCR, 2026-12-06: Ginza's yen were 9 px on the 800 x 480 order cards)
                ink_h = min(2 * (c - rim) - 6, max(p["label_px"], sq.w * 2 // 5))
                blit_ink(surf, ink_label(self.fonts, str(p["label"]), ink_h, (60, 40, 0), at_least=True),
                         (c, c))
            elif p.get("label"):
                f = self.fonts.font(max(8, int(sq.w * 0.62)))
                t = f.render(str(p["label"]), True, (60, 40, 0))
                surf.blit(t, t.get_rect(center=(c, c + 1)))
            return surf
        s.blit(self._cached(key, make), (sq.x, sq.y))

    def _token(self, s, node: Node, r: Rect) -> None:
        """A seat's token: a disc in the seat colour with the seat number."""
        pg = self.pg
        sq = r.square()
        p = node.props

        def make():
            surf = pg.Surface((sq.w, sq.w), pg.SRCALPHA)
            c = sq.w // 2
            pg.draw.circle(surf, (12, 12, 16), (c, c), c)
            pg.draw.circle(surf, p["colour"], (c, c), c - max(1, c // 8))
            if p.get("label"):
                f = self.fonts.font(max(8, int(sq.w * 0.7)))
                t = f.render(str(p["label"]), True, (12, 12, 16))
                surf.blit(t, t.get_rect(center=(c, c + 1)))
            return surf
        s.blit(self._cached(("token", sq.w, p["colour"], p.get("label")), make), (sq.x, sq.y))

    def _card(self, s, node: Node, r: Rect) -> None:
        """A card's frame: face up (light), face down (patterned back),
        highlighted (gold edge), selected (thick gold), aimed at (thick, in
        the colour of the seat whose cursor is on it) or claimed (the
        claiming seat's colour, veiled)."""
        pg = self.pg
        p = node.props
        state = p.get("state", "up")
        rad = max(4, min(r.w, r.h) // 10)
        fill = p.get("fill", (236, 230, 214))
        if state == "down":
            pg.draw.rect(s, (70, 52, 110), (r.x, r.y, r.w, r.h), border_radius=rad)
            step = max(6, r.w // 6)
            for k in range(-r.h, r.w, step):
                pg.draw.line(s, (96, 76, 146), (r.x + max(0, k), r.y + max(0, -k)),
                             (r.x + min(r.w, k + r.h), r.y + min(r.h, r.h - (k + r.h - r.w) if k + r.h > r.w else r.h)), 2)
            pg.draw.rect(s, (200, 190, 230), (r.x, r.y, r.w, r.h), width=3, border_radius=rad)
            return
        if state == "gone":
            pg.draw.rect(s, (50, 54, 70), (r.x, r.y, r.w, r.h), width=3, border_radius=rad)
            return
        edge = {"hi": GOLD, "selected": GOLD}.get(state, (30, 30, 36))
        if state in ("claimed", "aimed") and p.get("seat_colour"):
            edge = p["seat_colour"]
        width = 3 if state == "up" else max(5, min(r.w, r.h) // 18)
        pg.draw.rect(s, fill, (r.x, r.y, r.w, r.h), border_radius=rad)
        pg.draw.rect(s, edge, (r.x, r.y, r.w, r.h), width=width, border_radius=rad)
        if state == "claimed":
            def veil():
                v = pg.Surface((r.w, r.h), pg.SRCALPHA)
                v.fill((0, 0, 0, 70))
                return v
            s.blit(self._cached(("veil", r.w, r.h), veil), (r.x, r.y))

    def _icon(self, s, node: Node, r: Rect) -> None:
        """A small pictogram: ``coin``, ``comet``, ``power``, ``trophy``,
        ``star``, ``cup``, ``hand``, ``deck``, ``clock`` (with ``frac``);
        drawn once per size and state, then blitted."""
        sq = r.square()
        p = node.props
        key = ("icon", sq.w) + tuple(sorted((k, v if not isinstance(v, float) else round(v, 3))
                                            for k, v in p.items()))

        def make():
            surf = self.pg.Surface((sq.w, sq.w), self.pg.SRCALPHA)
            self._draw_icon(surf, Rect(0, 0, sq.w, sq.w), p)
            return surf
        s.blit(self._cached(key, make), (sq.x, sq.y))
    def _draw_icon(self, s, sq: Rect, p: dict) -> None:
        draw_icon(self.pg, self.fonts, self._coin, s, sq, p)

    def _bar(self, s, node: Node, r: Rect) -> None:
        """A progress bar: ``frac`` (0..1) filled in ``colour``."""
        pg = self.pg
        p = node.props
        pg.draw.rect(s, (60, 64, 80), (r.x, r.y, r.w, r.h), border_radius=r.h // 2)
        w = int(r.w * max(0.0, min(1.0, p.get("frac", 0.0))))
        if w > 0:
            pg.draw.rect(s, p.get("colour", GOLD), (r.x, r.y, w, r.h), border_radius=r.h // 2)

    def _figure(self, s, node: Node, r: Rect) -> None:
        """An animal figure silhouette drawn in code (Cha dango customers):
        ``cat``, ``rabbit``, ``fox``, ``tanuki``, ``panda``."""
        from firmware.ui.figures import draw_figure
        draw_figure(self.pg, s, r, node.props["name"], node.props.get("colour", (250, 250, 250)))

    def _dango(self, s, node: Node, r: Rect) -> None:
        """Three dango on a skewer in one colour, with a pattern per colour
        (never colour alone)."""
        from firmware.ui.figures import draw_dango
        draw_dango(self.pg, s, r, node.props["name"])

    def _back(self, s, node: Node, r: Rect) -> None:
        """The back of a Cha dango ordering card: which attribute the next
        order asks for, drawn in grey (a head, a dango skewer, a patterned
        field) so that it names the kind, never a value."""
        from firmware.ui.figures import draw_back
        draw_back(self.pg, s, r, node.props["attribute"])

    def _swatch(self, s, node: Node, r: Rect) -> None:
        """A colour field with its pattern (Cha dango backgrounds)."""
        from firmware.ui.figures import draw_swatch
        draw_swatch(self.pg, s, r, node.props["name"], node.props.get("radius", 6))

    def _glyph(self, s, node: Node, r: Rect) -> None:
        """A big centred number or sign (the 3-2-1 countdown)."""
        p = node.props
        f = self.fonts.font(p["size"])
        img = self._cached(("glyph", p["text"], p["size"], p.get("colour", GOLD)),
                           lambda: f.render(p["text"], True, p.get("colour", GOLD)))
        s.blit(img, img.get_rect(center=r.center))

    def _line(self, s, node: Node, r: Rect) -> None:
        """A straight rule from the rect's top-left to its bottom-right."""
        self.pg.draw.line(s, node.props.get("colour", DIM), (r.x, r.y), (r.right, r.bottom), node.props.get("width", 2))

    # ------------------------------------------------------------ café games
    def _art(self, s, r: Rect, key: tuple, draw, square: bool = True) -> None:
        """Blit a cached picture of :mod:`firmware.ui.cafe_art` drawn by
        ``draw(pg, surface, rect)`` at ``r`` (its largest square when
        ``square``)."""
        box = r.square() if square else r
        if box.w <= 0 or box.h <= 0:
            return
        pg = self.pg

        def make():
            surf = pg.Surface((box.w, box.h), pg.SRCALPHA)
            draw(pg, surf, Rect(0, 0, box.w, box.h))
            return surf
        s.blit(self._cached(key + (box.w, box.h), make), (box.x, box.y))

    def _flag(self, s, node: Node, r: Rect) -> None:
        """A country's flag (Café International Junior, ``code``)."""
        from firmware.ui.cafe_art import draw_flag
        code = node.props["code"]
        self._art(s, r, ("flag", code), lambda pg, surf, b: draw_flag(pg, surf, b, code), square=False)

    def _guest(self, s, node: Node, r: Rect) -> None:
        """A guest: ``gender`` girl / boy, ``joker``, ``dim``; ``tight``:
        the child fills the box (not only its largest square)."""
        from firmware.ui.cafe_art import draw_guest
        p = node.props
        g, j, d, t = p["gender"], bool(p.get("joker")), bool(p.get("dim")), bool(p.get("tight"))
        self._art(s, r, ("guest", g, j, d, t), lambda pg, surf, b: draw_guest(pg, surf, b, g, j, d, t),
                  square=not t)

    def _tabletop(self, s, node: Node, r: Rect) -> None:
        """A café table tile, face up or ``turned`` over."""
        from firmware.ui.cafe_art import draw_table
        t = bool(node.props.get("turned"))
        self._art(s, r, ("tabletop", t), lambda pg, surf, b: draw_table(pg, surf, b, t), square=False)

    def _meeple(self, s, node: Node, r: Rect) -> None:
        """A server meeple in ``colour`` with its ``label`` (seat number,
        or ``AI2`` on a grey ``ai`` server)."""
        from firmware.ui.cafe_art import draw_meeple
        p = node.props
        col, label, ai = tuple(p["colour"]), str(p.get("label", "")), bool(p.get("ai"))

        def draw(pg, surf, b):
            draw_meeple(pg, surf, b, col, label, ai)
            if label:
                f = meeple_label_font(self.fonts, label, b.w, b.h)
                t = f.render(label, True, (12, 12, 16))
                surf.blit(t, t.get_rect(center=(b.w // 2, int(b.h * 0.58))))
        self._art(s, r, ("meeple", col, label, ai), draw)

    def _dish(self, s, node: Node, r: Rect) -> None:
        """A Cryptid Cafe dish (``name`` = station id)."""
        from firmware.ui.cafe_art import draw_dish
        n = node.props["name"]
        self._art(s, r, ("dish", n), lambda pg, surf, b: draw_dish(pg, surf, b, n))

    def _plate(self, s, node: Node, r: Rect) -> None:
        """A Ginza order's dish (``name`` = subcategory)."""
        from firmware.ui.ginza_art import draw_plate
        n = node.props["name"]
        self._art(s, r, ("plate", n), lambda pg, surf, b: draw_plate(pg, surf, b, n))

    def _ctype(self, s, node: Node, r: Rect) -> None:
        """A cryptid type badge (``name``: airborne, terrestrial, aquatic)."""
        from firmware.ui.cafe_art import draw_ctype
        n = node.props["name"]
        self._art(s, r, ("ctype", n), lambda pg, surf, b: draw_ctype(pg, surf, b, n))

    def _aidie(self, s, node: Node, r: Rect) -> None:
        """The Cryptid Cafe AI die showing ``symbols`` (0-2)."""
        from firmware.ui.cafe_art import draw_aidie
        n = int(node.props["symbols"])
        self._art(s, r, ("aidie", n), lambda pg, surf, b: draw_aidie(pg, surf, b, n))

    def _mood(self, s, node: Node, r: Rect) -> None:
        """A satisfaction face in its track colour (``name``)."""
        from firmware.ui.cafe_art import draw_mood
        n = node.props["name"]
        self._art(s, r, ("mood", n), lambda pg, surf, b: draw_mood(pg, surf, b, n))

    def _lock(self, s, node: Node, r: Rect) -> None:
        """A padlock."""
        from firmware.ui.cafe_art import draw_lock
        self._art(s, r, ("lock",), lambda pg, surf, b: draw_lock(pg, surf, b))

    def _arrange(self, s, node: Node, r: Rect) -> None:
        """A Ginza arrange card's pictogram (``name``: change, reroll, add)."""
        from firmware.ui.ginza_art import draw_arrange
        n = node.props["name"]
        self._art(s, r, ("arrange", n), lambda pg, surf, b: draw_arrange(pg, surf, b, n))


def meeple_label_font(fonts, label: str, w: int, h: int):
    """The font for a meeple's ``label`` (seat number, "AI3") in a ``w`` x
    ``h`` px box: 42 % of its height for one character, 30 % for more,
    smaller until the label is no wider than the body at its middle
    (0.4 of the meeple's side: the body at the label's height is 0.44 wide;
    issue 34, PT13: "AI3" spilled out of the
    grey meeple on a How to play page).  ``fonts``: a font cache with
    ``font(size_px)``."""
    side = min(w, h)
    size = max(8, int(h * (0.42 if len(label) < 2 else 0.3)))
    f = fonts.font(size)
    while size > 8 and f.size(label)[0] > side * 0.4:
        size -= 1
        f = fonts.font(size)
    return f
