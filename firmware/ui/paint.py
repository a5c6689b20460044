"""The painter: draws any :class:`~firmware.ui.kit.Scene` with pygame-ce.

Every component is drawn in code (no scanned or copied art).  Surfaces that
do not change (a die face, a droid, a coin, a text at a size) are cached and
blitted.  Components with a ``key`` that moved since the previous scene
slide to their new place, and new ones grow in, over :data:`ANIM_MS`; the
painter never waits for an animation (the runtime keeps handling input and
redraws while :attr:`Painter.animating`).  A component in flight goes
*beneath* everything else it passes over - other cards, dice, the event
text, other panels - and above only the panels it leaves and lands in;
one whose way crosses another card's face, or that changes size (a row
of cards laid out again), does not fly: it fades in where it lands
(issue 34: cards flew over other cards and over the event text).
"""
from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path
from typing import Any

from firmware.ui.kit import BG, DIM, FG, GOLD, PANEL, Node, Rect, Scene

#: How long a change animates, ms.
ANIM_MS = 300
#: Droid and die colours by pips (1 yellow .. 6 blue, Retrograde RG-3).
DROID_RGB = {1: (246, 214, 60), 2: (244, 146, 50), 3: (236, 110, 180), 4: (96, 196, 96),
             5: (220, 64, 56), 6: (70, 130, 230)}
#: Pip positions on a 3 x 3 grid, per face.
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
_CACHE_MAX = 3000
#: Cached surfaces may hold at most this many pixels in all (about 120 MB).
_CACHE_PIXELS = 30_000_000
#: Kinds a flying component must not cross: it fades in where it lands instead
_FACES = {"card", "group", "die", "droid", "figure", "dango", "back", "meeple", "token"}
#: Kinds drawn once per size and state into a cached surface, then blitted
#: (the others cache their own parts).
_WHOLE = {"panel", "card", "figure", "dango", "swatch", "bar", "line", "back"}


def font_path() -> str:
    """The TrueType font every screen uses: pygame-ce's own FreeSans Bold
    (shipped with pygame, so identical on every cabinet)."""
    import pygame
    return str(Path(pygame.__file__).parent / pygame.font.get_default_font())


class Fonts:
    """pygame fonts by size (px em), and a measure function for layouts."""

    def __init__(self) -> None:
        import pygame
        pygame.font.init()
        self.pg = pygame
        self._fonts: dict[int, Any] = {}
        self._path = font_path()
        self._sizes: dict[tuple[str, int], tuple[int, int]] = {}

    def font(self, size: int):
        f = self._fonts.get(size)
        if f is None:
            f = self.pg.font.Font(self._path, max(6, int(size)))
            self._fonts[size] = f
        return f

    def measure(self, text: str, size: int) -> tuple[int, int]:
        """Rendered width and line height of ``text`` at ``size`` px."""
        k = (text, size)
        wh = self._sizes.get(k)
        if wh is None:
            wh = self.font(size).size(text)
            if len(self._sizes) > 20000:
                self._sizes.clear()
            self._sizes[k] = wh
        return wh


#: Room around a changed component repainted with it (a thick edge, a glow).
_DIRTY_MARGIN = 8


def _items(scene: Scene, prev: list[tuple] | None = None) -> list[tuple]:
    """Each top-level component's ``(signature, rect to repaint, node)``:
    equal signatures draw equal pixels (a group by its content digest).  A
    node that is the very object drawn at the same place last frame (a
    cached part's node) keeps last frame's signature."""
    out = []
    m = _DIRTY_MARGIN
    prev = prev or []
    for i, n in enumerate(scene.nodes):
        if i < len(prev) and prev[i][2] is n:
            out.append(prev[i])
            continue
        if n.kind == "group":
            sig = ("group", n.rect, n.props["digest"], n.props.get("bg"))
        else:
            sig = (n.kind, n.rect, n.key, repr(sorted(n.props.items(), key=lambda kv: kv[0])))
        out.append((sig, Rect(n.rect.x - m, n.rect.y - m, n.rect.w + 2 * m, n.rect.h + 2 * m), n))
    return out


def _dirty(old: list[tuple], new: list[tuple], size: tuple[int, int]) -> list[Rect] | None:
    """The rectangles to repaint between two frames' components (merged
    where they overlap); None when much of the screen changed (repaint it
    all)."""
    if len(new) == len(old) and all(a[0] == b[0] for a, b in zip(old, new)):
        return []
    old_sigs = {o[0] for o in old}
    new_sigs = {n[0] for n in new}
    rects = [n[1] for n in new if n[0] not in old_sigs] + [o[1] for o in old if o[0] not in new_sigs]
    if not rects:  # same components in another order: draw the order again
        return None
    merged: list[Rect] = []
    for r in rects:
        x0, y0 = max(0, r.x), max(0, r.y)
        r = Rect(x0, y0, min(size[0], r.right) - x0, min(size[1], r.bottom) - y0)
        if r.w <= 0 or r.h <= 0:
            continue
        grown = True
        while grown:
            grown = False
            for k, q in enumerate(merged):
                if q.intersects(r):
                    x0, y0 = min(q.x, r.x), min(q.y, r.y)
                    r = Rect(x0, y0, max(q.right, r.right) - x0, max(q.bottom, r.bottom) - y0)
                    merged.pop(k)
                    grown = True
                    break
        merged.append(r)
    if sum(r.w * r.h for r in merged) > size[0] * size[1] * 0.6:
        return None
    return merged


def _ease(f: float) -> float:
    return 1 - (1 - f) ** 3


class Painter:
    """Draws scenes onto a pygame surface.

    Args:
        fonts: the :class:`Fonts` the scenes were measured with.
    """

    def __init__(self, fonts: Fonts) -> None:
        import pygame
        self.pg = pygame
        self.fonts = fonts
        self._cache: OrderedDict[tuple, Any] = OrderedDict()
        self._pixels = 0
        self._last: dict[str, Rect] = {}
        self._anims: dict[str, tuple[Rect, float]] = {}
        #: keys that fade in where they land instead of flying
        self._fading: set[str] = set()
        self._nodes: list[Node] = []
        self._seen_any = False
        self.animating = False

    # ------------------------------------------------------------ cache
    def forget_frame(self) -> None:
        """Forget the last frame drawn: the next :meth:`draw` paints the
        whole surface (call it when something else drew on the surface,
        e.g. the menu between two games)."""
        self.__dict__.pop("_prev", None)
        self._last = {}
        self._anims = {}
        self._fading = set()
        self.animating = False

    def clear(self) -> None:
        """Drop every cached surface now (their pixels are freed at once,
        not when the painter is collected) and forget the last frame."""
        self._cache.clear()
        self._pixels = 0
        self.forget_frame()

    def cache_size(self) -> tuple[int, int]:
        """``(surfaces, pixels)`` held by the cache; at most
        ``_CACHE_MAX`` surfaces and ``_CACHE_PIXELS`` pixels (the oldest
        used go first)."""
        return len(self._cache), self._pixels

    def _cached(self, key: tuple, make):
        s = self._cache.get(key)
        if s is None:
            s = make()
            self._cache[key] = s
            self._pixels += s.get_width() * s.get_height()
            while len(self._cache) > _CACHE_MAX or self._pixels > _CACHE_PIXELS:
                _, old = self._cache.popitem(last=False)
                self._pixels -= old.get_width() * old.get_height()
        else:
            self._cache.move_to_end(key)
        return s

    def _whole(self, s, node: Node, r: Rect, fn) -> None:
        """Draw ``node`` once into a surface of its size, cache it by kind,
        size and props, and blit it."""
        if r.w <= 0 or r.h <= 0:
            return
        key = (node.kind, r.w, r.h) + tuple(sorted(node.props.items()))

        def make():
            surf = self.pg.Surface((r.w, r.h), self.pg.SRCALPHA)
            fn(surf, node, Rect(0, 0, r.w, r.h))
            return surf
        s.blit(self._cached(key, make), (r.x, r.y))

    # ------------------------------------------------------------ scene
    def draw(self, surface, scene: Scene, now_ms: float | None = None) -> None:
        """Draw ``scene`` on ``surface`` (same size).  With ``now_ms`` (a
        monotonic clock, ms) keyed components animate from their previous
        places; without it everything is drawn where it ends.

        When the previous frame was drawn on the same surface and nothing
        moves, only the regions whose components changed are repainted (a
        group counts as one component)."""
        prev = self.__dict__.get("_prev")
        items = _items(scene, prev[2] if prev is not None and prev[0] == id(surface) else None)
        self._prev = (id(surface), surface.get_size(), items)
        if prev is not None and prev[0] == id(surface) and prev[1] == surface.get_size() \
                and not self._anims and not self.animating \
                and (now_ms is None or not any(self._will_move(n) for n in scene.nodes)):
            dirty = _dirty(prev[2], items, surface.get_size())
            if dirty is not None:
                self._repaint(surface, scene, items, dirty)
                return
        surface.fill(BG)
        current: dict[str, Rect] = {}
        animating = False
        flying: list[tuple[Node, Rect, Rect, float]] = []   # (node, where it is now, from, opacity)
        self._nodes = scene.nodes
        for node in scene.nodes:
            rect = node.rect
            if node.key is not None:
                current[node.key] = rect
                if now_ms is not None:
                    rect, moving = self._animate(node.key, rect, now_ms)
                    animating |= moving
                    if moving:
                        start, t0 = self._anims[node.key]
                        fade = node.key in self._fading
                        flying.append((node, node.rect if fade else rect, node.rect if fade else start,
                                       _ease(max(0.0, (now_ms - t0) / ANIM_MS)) if fade else 1.0))
                        continue
            self._paint(surface, node, rect)
        self._fly(surface, scene, flying)
        self._last = current
        self._seen_any = True
        self.animating = animating

    def _paint(self, surface, node: Node, rect: Rect) -> None:
        """Draw one component at ``rect``."""
        fn = getattr(self, "_" + node.kind, None)
        if fn is None:
            raise ValueError(f"the painter has no component {node.kind!r}")
        if node.kind in _WHOLE:
            self._whole(surface, node, rect, fn)
        else:
            fn(surface, node, rect)

    def _fly(self, surface, scene: Scene, flying: list[tuple[Node, Rect, Rect, float]]) -> None:
        """Draw the components in flight (or fading in, at ``opacity`` < 1),
        each beneath what it passes over: drawn, then every other
        component under it drawn again on top, clipped to it - but for the
        panels (and parts) it flies from or lands in, which stay beneath it."""
        if not flying:
            return
        pg = self.pg
        moving = {id(n) for n, _, _, _ in flying}
        for node, rect, start, opacity in flying:
            if opacity >= 1:
                self._paint(surface, node, rect)
            elif rect.w > 0 and rect.h > 0 and opacity > 0:
                layer = pg.Surface((rect.w, rect.h), pg.SRCALPHA)
                self._paint(layer, node, Rect(0, 0, rect.w, rect.h))
                layer.set_alpha(round(255 * opacity))
                surface.blit(layer, (rect.x, rect.y))
        for node, rect, start, _ in flying:
            if rect.w <= 0 or rect.h <= 0:
                continue
            surface.set_clip(pg.Rect(rect.x, rect.y, rect.w, rect.h))
            for other in scene.nodes:
                if id(other) in moving or not other.rect.intersects(rect):
                    continue
                home = other.kind in ("panel", "group") and (node.rect.inside(other.rect) or start.inside(other.rect))
                if not home:
                    self._paint(surface, other, other.rect)
            surface.set_clip(None)

    def _repaint(self, surface, scene: Scene, items: list, dirty: list[Rect]) -> None:
        """Repaint only the ``dirty`` rectangles: clear each and draw, clipped
        to it, every component that touches it (as :meth:`draw` would)."""
        pg = self.pg
        for d in dirty:
            surface.set_clip(pg.Rect(d.x, d.y, d.w, d.h))
            surface.fill(BG)
            for _sig, rect, node in items:
                if not rect.intersects(d):
                    continue
                fn = getattr(self, "_" + node.kind, None)
                if fn is None:
                    raise ValueError(f"the painter has no component {node.kind!r}")
                if node.kind in _WHOLE:
                    self._whole(surface, node, node.rect, fn)
                else:
                    fn(surface, node, node.rect)
        surface.set_clip(None)
        self._last = {n.key: n.rect for n in scene.nodes if n.key is not None}
        self._seen_any = True
        self.animating = False

    def _will_move(self, node: Node) -> bool:
        """True when a keyed component animates this frame (it moved, is
        new, or is still sliding)."""
        k = node.key
        if k is None:
            return False
        if k in self._anims:
            return True
        old = self._last.get(k)
        return old != node.rect if old is not None else self._seen_any

    def _animate(self, key: str, rect: Rect, now_ms: float) -> tuple[Rect, bool]:
        old = self._last.get(key)
        anim = self._anims.get(key)
        if anim is None or anim[0] is None and old is not None:
            if old is not None and old != rect:
                anim = (old, now_ms)
                if (old.w, old.h) != (rect.w, rect.h) or self._crosses(key, old, rect):
                    self._fading.add(key)
                else:
                    self._fading.discard(key)
            elif old is None and self._seen_any:
                cx, cy = rect.center
                anim = (Rect(cx - rect.w // 4, cy - rect.h // 4, rect.w // 2, rect.h // 2), now_ms)
            else:
                return rect, False
            self._anims[key] = anim
        elif old is not None and old != rect and anim[0] != old:
            anim = (old, now_ms)
            self._anims[key] = anim
            self._fading.add(key)           # moved again mid-way: it fades in where it lands
        start, t0 = anim
        f = (now_ms - t0) / ANIM_MS
        if f >= 1:
            self._anims.pop(key, None)
            self._fading.discard(key)
            return rect, False
        return start.lerp(rect, _ease(max(0.0, f))), True

    def _crosses(self, key: str, a: Rect, b: Rect) -> bool:
        """True when a component flying straight from ``a`` to ``b`` would
        pass over another card, die, figure or part (not one it lies in
        at either end, such as the part holding its row)."""
        x0, y0 = min(a.x, b.x), min(a.y, b.y)
        way = Rect(x0, y0, max(a.right, b.right) - x0, max(a.bottom, b.bottom) - y0)
        for n in self._nodes:
            if n.key == key or n.kind not in _FACES or not n.rect.intersects(way):
                continue
            if (a.inside(n.rect) or b.inside(n.rect)) and n.rect.w * n.rect.h >= 2 * max(a.w * a.h, b.w * b.h):
                continue            # a part holding it (its row, its table), not a card in its place
            return True
        return False

    # ------------------------------------------------------------ parts
    def _group(self, s, node: Node, r: Rect) -> None:
        """A group of components (:meth:`Scene.group`): drawn once into a
        surface of its size, cached by its content digest, then blitted."""
        bg = node.props.get("bg")

        def make():
            if bg is not None:  # an opaque part (Scene.part with bg): a faster blit
                surf = self.pg.Surface((max(1, r.w), max(1, r.h)))
                surf.fill(bg)
            else:
                surf = self.pg.Surface((max(1, r.w), max(1, r.h)), self.pg.SRCALPHA)
            ox, oy = node.rect.x, node.rect.y
            for child in node.props["children"]:
                cr = Rect(child.rect.x - ox, child.rect.y - oy, child.rect.w, child.rect.h)
                fn = getattr(self, "_" + child.kind)
                if child.kind in _WHOLE:
                    self._whole(surf, child, cr, fn)
                else:
                    fn(surf, child, cr)
            return surf
        s.blit(self._cached(("group", r.w, r.h, node.props["digest"], bg), make), (r.x, r.y))

    def _panel(self, s, node: Node, r: Rect) -> None:
        pg = self.pg
        p = node.props
        radius = p.get("radius", 8)
        pg.draw.rect(s, p.get("fill", PANEL), (r.x, r.y, r.w, r.h), border_radius=radius)
        if p.get("border"):  # a glowing panel (whose turn it is) has a thick edge
            pg.draw.rect(s, p["border"], (r.x, r.y, r.w, r.h), width=6 if p.get("glow") else 3,
                         border_radius=radius)

    def _text(self, s, node: Node, r: Rect) -> None:
        p = node.props
        img = self._cached(("text", p["text"], p["size"], p["colour"]),
                           lambda: self.fonts.font(p["size"]).render(p["text"], True, p["colour"]))
        w, h = img.get_size()
        if p.get("align") == "center":
            x = r.x + (r.w - w) // 2
        elif p.get("align") == "right":
            x = r.right - w
        else:
            x = r.x
        s.blit(img, (x, r.y + (r.h - h) // 2))

    def _die(self, s, node: Node, r: Rect) -> None:
        p = node.props
        sq = r.square()
        key = ("die", sq.w, p.get("value"), p.get("state", "read"), p.get("body"), p.get("pip"),
               p.get("ring"), p.get("dim"))
        img = self._cached(key, lambda: self._make_die(sq.w, p))
        s.blit(img, (sq.x, sq.y))

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
        """A coin, with its number when given."""
        pg = self.pg
        sq = r.square()
        p = node.props
        key = ("coin", sq.w, p.get("label"), p.get("spent"))

        def make():
            surf = pg.Surface((sq.w, sq.w), pg.SRCALPHA)
            c = sq.w // 2
            pg.draw.circle(surf, (150, 110, 20) if not p.get("spent") else (80, 80, 80), (c, c), c)
            pg.draw.circle(surf, GOLD if not p.get("spent") else (130, 130, 130), (c, c), c - max(2, c // 6))
            if p.get("label"):
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
        highlighted (gold edge), selected (thick gold) or claimed (the
        claiming seat's colour)."""
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
        if state == "claimed" and p.get("seat_colour"):
            edge = p["seat_colour"]
        width = 3 if state == "up" else max(5, min(r.w, r.h) // 18)
        pg.draw.rect(s, fill, (r.x, r.y, r.w, r.h), border_radius=rad)
        pg.draw.rect(s, edge, (r.x, r.y, r.w, r.h), width=width, border_radius=rad)
        if state == "claimed":
            veil = pg.Surface((r.w, r.h), pg.SRCALPHA)
            veil.fill((0, 0, 0, 70))
            s.blit(veil, (r.x, r.y))

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
        pg = self.pg
        name = p["name"]
        col = p.get("colour", FG)
        c = sq.center
        rad = sq.w // 2
        if name == "coin":
            self._coin(s, Node("coin", sq, {"label": p.get("label")}), sq)
        elif name == "comet":
            pg.draw.line(s, (140, 200, 255), (sq.x, sq.bottom), c, max(2, rad // 3))
            pg.draw.line(s, (100, 160, 240), (sq.x, c[1] + rad // 2), c, max(2, rad // 4))
            pg.draw.circle(s, (230, 240, 255), (c[0] + rad // 4, c[1] - rad // 4), rad // 2)
        elif name == "power":
            pts = [(c[0] + rad * 0.2, sq.y), (sq.x + rad * 0.4, c[1] + rad * 0.15), (c[0], c[1] + rad * 0.15),
                   (c[0] - rad * 0.2, sq.bottom), (sq.right - rad * 0.4, c[1] - rad * 0.15), (c[0], c[1] - rad * 0.15)]
            pg.draw.polygon(s, col if col != FG else (120, 230, 250), pts)
        elif name == "trophy":
            won = p.get("won")
            if p.get("lit"):  # the blast plan being chosen would take this trophy
                pg.draw.rect(s, GOLD, (sq.x, sq.y, sq.w, sq.h), width=max(2, sq.w // 10), border_radius=sq.w // 5)
            cc = GOLD if won else (90, 94, 110)
            cup = pg.Rect(sq.x + rad // 4, sq.y, sq.w - rad // 2, rad + rad // 3)
            pg.draw.rect(s, cc, cup, border_bottom_left_radius=rad // 2, border_bottom_right_radius=rad // 2)
            pg.draw.rect(s, cc, (c[0] - rad // 8, cup.bottom, rad // 4, rad // 3))
            pg.draw.rect(s, cc, (c[0] - rad // 2, sq.bottom - rad // 4, rad, rad // 4))
            if p.get("label"):
                f = self.fonts.font(max(8, int(cup.h * 0.8)))
                t = f.render(str(p["label"]), True, (30, 24, 0) if won else (210, 210, 220))
                s.blit(t, t.get_rect(center=(cup.centerx, cup.centery)))
        elif name == "star":
            pts = []
            for k in range(10):
                a = -math.pi / 2 + k * math.pi / 5
                rr = rad if k % 2 == 0 else rad * 0.45
                pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
            pg.draw.polygon(s, col if col != FG else GOLD, pts)
            if p.get("label") is not None:
                f = self.fonts.font(max(8, int(rad * 0.9)))
                t = f.render(str(p["label"]), True, (40, 30, 0))
                s.blit(t, t.get_rect(center=(c[0], c[1] + rad // 10)))
        elif name == "cup":
            body = pg.Rect(sq.x + rad // 3, sq.y + rad // 3, sq.w - rad, sq.h - rad // 2)
            pg.draw.rect(s, col, body, border_bottom_left_radius=rad // 2, border_bottom_right_radius=rad // 2)
            pg.draw.circle(s, col, (body.right, body.centery - rad // 6), rad // 3, max(2, rad // 6))
            for k in range(2):
                x = body.x + body.w * (k + 1) // 3
                pg.draw.line(s, DIM, (x, sq.y), (x + rad // 6, sq.y + rad // 4), 2)
        elif name == "hand":
            palm = pg.Rect(sq.x + rad // 3, c[1] - rad // 6, sq.w - rad * 2 // 3, rad + rad // 6)
            pg.draw.rect(s, col, palm, border_radius=rad // 3)
            fw = max(2, palm.w // 5)
            for k in range(4):
                x = palm.x + k * palm.w // 4 + 1
                pg.draw.rect(s, col, (x, sq.y + (k % 3 == 0) * rad // 4, fw, rad), border_radius=fw // 2)
            pg.draw.rect(s, col, (palm.x - rad // 4, c[1], rad // 3, rad // 2), border_radius=3)
        elif name == "deck":
            for k in range(3):
                off = k * max(2, rad // 8)
                pg.draw.rect(s, (70, 52, 110), (sq.x + off, sq.y + off, sq.w * 2 // 3, sq.h - 3 * max(2, rad // 8)),
                             border_radius=4)
                pg.draw.rect(s, (200, 190, 230), (sq.x + off, sq.y + off, sq.w * 2 // 3,
                                                  sq.h - 3 * max(2, rad // 8)), width=2, border_radius=4)
        elif name == "hourglass":
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
        elif name == "clock":
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
        else:
            raise ValueError(f"no icon named {name!r}")

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
        """A guest: ``gender`` girl / boy, ``joker``, ``dim``."""
        from firmware.ui.cafe_art import draw_guest
        p = node.props
        g, j, d = p["gender"], bool(p.get("joker")), bool(p.get("dim"))
        self._art(s, r, ("guest", g, j, d), lambda pg, surf, b: draw_guest(pg, surf, b, g, j, d))

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
                f = self.fonts.font(max(8, int(b.h * (0.42 if len(label) < 2 else 0.3))))
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
        from firmware.ui.cafe_art import draw_plate
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
        from firmware.ui.cafe_art import draw_arrange
        n = node.props["name"]
        self._art(s, r, ("arrange", n), lambda pg, surf, b: draw_arrange(pg, surf, b, n))
