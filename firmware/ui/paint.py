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

from collections import OrderedDict
from pathlib import Path
from typing import Any

from firmware.ui.kit import BG, PANEL, Node, Rect, Scene
from firmware.ui.paint_parts import PartPainter

#: How long a change animates, ms.
ANIM_MS = 300
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
#: A frame of an animation repaints only the box around what changes and
#: what moves (:meth:`Painter._moving_box`); False: the whole surface.
CLIP_ANIMATIONS = True


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


class Painter(PartPainter):
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
        #: the rectangles the last :meth:`draw` repainted ([] = none), None = the whole surface
        self.last_dirty: list[Rect] | None = None

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
                self.last_dirty = dirty
                return
        box = None
        if CLIP_ANIMATIONS and now_ms is not None and prev is not None and prev[0] == id(surface) \
                and prev[1] == surface.get_size():
            box = self._moving_box(scene, prev[2], items, surface.get_size())
        self.last_dirty = None if box is None else [box]
        if box is not None:
            surface.set_clip(self.pg.Rect(box.x, box.y, box.w, box.h))
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
        surface.set_clip(None)
        self._last = current
        self._seen_any = True
        self.animating = animating

    def _moving_box(self, scene: Scene, old: list[tuple], new: list[tuple], size: tuple[int, int]) -> Rect | None:
        """The box an animation frame repaints: around the components that
        changed since the last frame (:func:`_dirty`) and the whole way
        (from, last frame's place, to) of each keyed component in flight,
        setting off, landing or gone; None when it is much of the screen."""
        changed = _dirty(old, new, size)
        if changed is None:
            return None
        rects = list(changed)
        here = set()
        for n in scene.nodes:
            if n.key is None:
                continue
            here.add(n.key)
            anim = self._anims.get(n.key)
            if anim is not None or self._will_move(n):
                rects += [r for r in (n.rect, self._last.get(n.key), anim[0] if anim else None) if r is not None]
        for k, (start, _t0) in self._anims.items():        # in flight last frame, gone now
            rects += [r for r in (start, self._last.get(k)) if r is not None and k not in here]
        if not rects:
            return None
        m = _DIRTY_MARGIN
        x0, y0 = max(0, min(r.x for r in rects) - m), max(0, min(r.y for r in rects) - m)
        x1 = min(size[0], max(r.right for r in rects) + m)
        y1 = min(size[1], max(r.bottom for r in rects) + m)
        if x1 <= x0 or y1 <= y0 or (x1 - x0) * (y1 - y0) > size[0] * size[1] * 0.6:
            return None
        return Rect(x0, y0, x1 - x0, y1 - y0)

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
        outer = surface.get_clip()      # (an animation frame repaints a box: stay inside it)
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
            surface.set_clip(pg.Rect(rect.x, rect.y, rect.w, rect.h).clip(outer))
            for other in scene.nodes:
                if id(other) in moving or not other.rect.intersects(rect):
                    continue
                home = other.kind in ("panel", "group") and (node.rect.inside(other.rect) or start.inside(other.rect))
                if not home:
                    self._paint(surface, other, other.rect)
            surface.set_clip(outer)

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
