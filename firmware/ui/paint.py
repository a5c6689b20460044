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

from pathlib import Path
from typing import Any

from firmware.ui.kit import BG, PANEL, Node, Rect, Scene
from firmware.ui.paint_cache import SurfaceCache
from firmware.ui.paint_dirty import _DIRTY_MARGIN, _dirty, _group_key, _items, _merged, _near
from firmware.ui.paint_flight import FlightPainter
from firmware.ui.paint_parts import PartPainter

#: How long a change animates, ms.
ANIM_MS = 300
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


#: A frame of an animation repaints only the box around what changes and
#: what moves (:meth:`Painter._moving_boxes`); False: the whole surface.
CLIP_ANIMATIONS = True


def _ease(f: float) -> float:
    return 1 - (1 - f) ** 3


class Painter(SurfaceCache, FlightPainter, PartPainter):
    """Draws scenes onto a pygame surface.

    Args:
        fonts: the :class:`Fonts` the scenes were measured with.
    """

    def __init__(self, fonts: Fonts) -> None:
        import pygame
        self.pg = pygame
        self.fonts = fonts
        self._fns: dict[str, Any] = {}
        self._init_cache()
        self._last: dict[str, Rect] = {}
        #: where the last frame drew each keyed component (in flight: where it was then)
        self._drawn: dict[str, Rect] = {}
        self._anims: dict[str, tuple[Rect, float]] = {}
        #: keys that fade in where they land instead of flying
        self._fading: set[str] = set()
        self._nodes: list[Node] = []
        self._seen_any = False
        self.animating = False
        #: the rectangles the last :meth:`draw` repainted ([] = none), None = the whole surface
        self.last_dirty: list[Rect] | None = None
        #: a group's cache key -> (last frame's group at its place, the rects where they differ)
        self._groups: dict[tuple, tuple[Node, list[Rect]]] = {}

    # ------------------------------------------------------------ cache
    def forget_frame(self) -> None:
        """Forget the last frame drawn: the next :meth:`draw` paints the
        whole surface (call it when something else drew on the surface,
        e.g. the menu between two games)."""
        self.__dict__.pop("_prev", None)
        self._last = {}
        self._drawn = {}
        self._anims = {}
        self._fading = set()
        self.animating = False

    def clear(self) -> None:
        """Drop every cached surface now (their pixels are freed at once,
        not when the painter is collected) and forget the last frame."""
        self._init_cache()
        self.forget_frame()

    def _fn(self, kind: str):
        """The painter's drawing of a component ``kind`` (looked up once).

        Raises:
            ValueError: the painter has no such component.
        """
        fn = self._fns.get(kind)
        if fn is None:
            fn = getattr(self, "_" + kind, None)
            if fn is None:
                raise ValueError(f"the painter has no component {kind!r}")
            self._fns[kind] = fn
        return fn

    def _whole(self, s, node: Node, r: Rect, fn) -> None:
        """Draw ``node`` once into a surface of its size, cache it by kind,
        size and props, and blit it."""
        if r.w <= 0 or r.h <= 0:
            return
        props = node.__dict__.get("_props_key")
        if props is None:       # kept on the node (a scene's nodes are not changed once built)
            props = node.__dict__["_props_key"] = tuple(sorted(node.props.items()))
        key = (node.kind, r.w, r.h) + props

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
        self._groups = {}
        self._frame_scaled = {}         # (the dice scaled for the last frame's animation let go)
        self._fly_scene = None
        items = _items(scene, prev[2] if prev is not None and prev[0] == id(surface) else None)
        self._prev = (id(surface), surface.get_size(), items)
        same = prev is not None and prev[0] == id(surface) and prev[1] == surface.get_size()
        dirty = _dirty(prev[2], items, surface.get_size(), self._groups) if same else None
        self._screen = surface
        if same and not self._anims and not self.animating \
                and (now_ms is None or not any(self._will_move(n) for n in scene.nodes)):
            if dirty != [] and self._show_frame_ahead(surface, items, dirty):  # (its frame composed ahead)
                self._at_rest(scene)
                self.last_dirty = dirty
                return
            if dirty is not None:
                self._repaint(surface, scene, items, dirty)
                self.last_dirty = dirty
                return
        current: dict[str, Rect] = {}
        animating = False
        flying: list[tuple[Node, Rect, Rect, float]] = []   # (node, where it is now, from, opacity)
        still: list[tuple[Node, Rect]] = []
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
            still.append((node, rect))
        boxes, copied = None, False
        if CLIP_ANIMATIONS and now_ms is not None and dirty is not None:
            boxes = self._moving_boxes(dirty, self._drawn, flying, still, surface.get_size())
        elif CLIP_ANIMATIONS and now_ms is not None and self._frame_ahead_is(surface, items):
            # much changed and it animates (issue 36: a round's summary closed, the board back, its seats'
            # rows and the 3-2-1 coming in): the frame composed ahead is this scene at rest, which outside
            # the flights is what the whole repaint draws; it is copied, and only where the flights are
            # drawn now and where they stand at rest is painted (each box as the whole repaint draws it)
            boxes = self._moving_boxes([], current, flying, still, surface.get_size())
            copied = boxes is not None
            if copied:
                self._copy_frame_ahead(surface, None)
        self.last_dirty = None if copied else boxes
        m = _DIRTY_MARGIN
        for box in ([None] if boxes is None else boxes):    # each box as the whole repaint draws it there
            if box is not None:
                surface.set_clip(self.pg.Rect(box.x, box.y, box.w, box.h))
            surface.fill(BG)
            for node, rect in still:
                if box is None or _near(*rect, m, box):
                    self._paint(surface, node, rect)
            self._fly(surface, scene, flying if box is None else
                      [f for f in flying if _near(*f[1], m, box)])
        surface.set_clip(None)
        self._last = current
        self._drawn = {n.key: r for n, r in still if n.key is not None}
        self._drawn.update((f[0].key, f[1]) for f in flying)
        self._seen_any = True
        self.animating = animating

    def _moving_boxes(self, changed: list[Rect], before: dict[str, Rect], flying: list[tuple],
                      still: list[tuple[Node, Rect]], size: tuple[int, int]) -> list[Rect] | None:
        """The boxes an animation frame repaints: the components that
        changed since the last frame (``changed``, :func:`_dirty`) and,
        for each keyed component in flight (``flying``, fading in included),
        landing, setting off or gone, where the surface shows it now
        (``before``: the last frame's, key -> rect drawn), where this
        frame draws it and where it lands, each with the margin, merged where they overlap
        (:func:`_merged`); None when that is much of the screen.  (A frame
        of cards sliding repaints these places of each, not the box
        around their ways: issue 36, a round's summary closing.)"""
        rects = list(changed)
        m = _DIRTY_MARGIN

        def add(r: Rect) -> None:
            rects.append(Rect(r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m))
        now = {n.key: r for n, r in still if n.key is not None}
        moving = {n.key for n, _r, _start, _opacity in flying}
        for n, r, _start, _opacity in flying:
            now[n.key] = r
            add(r)                  # (drawn again even where it was: a fading one's opacity grows)
            if r != n.rect:         # and where it lands: what a part draws about its centre (the 3-2-1's
                add(n.rect)         # glyph) may stand out of the part growing in, never out of that
        for k, r in now.items():
            b = before.get(k)
            if b != r and b is not None:
                add(b)
            if b != r and k not in moving:
                add(r)
        for k, b in before.items():         # drawn last frame, gone now
            if k not in now:
                add(b)
        if not rects:
            return None
        return _merged(rects, size)

    def _paint(self, surface, node: Node, rect: Rect) -> None:
        """Draw one component at ``rect``."""
        fn = self._fn(node.kind)
        if node.kind in _WHOLE:
            self._whole(surface, node, rect, fn)
        else:
            fn(surface, node, rect)

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
                fn = self._fn(node.kind)
                if node.kind in _WHOLE:
                    self._whole(surface, node, node.rect, fn)
                else:
                    fn(surface, node, node.rect)
        surface.set_clip(None)
        self._at_rest(scene)

    def _at_rest(self, scene: Scene) -> None:
        """``scene`` is shown with nothing in flight (its keyed components where they are)."""
        self._last = {n.key: n.rect for n in scene.nodes if n.key is not None}
        self._drawn = dict(self._last)
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

    # ------------------------------------------------------------ parts
    def _group(self, s, node: Node, r: Rect) -> None:
        """A group of components (:meth:`Scene.group`): drawn once into a
        surface of its size, cached by its content digest, then blitted.
        A group that changed a few children since the last frame at its
        place is drawn over that one's surface in place (that group is
        no longer cached), only the changed children's rects drawn again
        (each as a whole drawing draws it there)."""
        bg = node.props.get("bg")
        key = ("group", r.w, r.h, node.props["digest"], bg)
        ox, oy = node.rect.x, node.rect.y

        def draw_children(surf, clip: Rect | None) -> None:
            m = _DIRTY_MARGIN
            for child in node.props["children"]:
                cx, cy, cw, ch = child.rect
                cx, cy = cx - ox, cy - oy
                if clip is not None and not _near(cx, cy, cw, ch, m, clip):
                    continue
                cr = Rect(cx, cy, cw, ch)
                fn = self._fn(child.kind)
                if child.kind in _WHOLE:
                    self._whole(surf, child, cr, fn)
                else:
                    fn(surf, child, cr)

        def make():
            hint = self._groups.pop(key, None)
            was = None if hint is None or (r.w, r.h) != (node.rect.w, node.rect.h) else _group_key(hint[0])
            surf = self._take_part(was) if was is not None else None
            if surf is not None:
                # the last frame's group at this place (gone from the screen): its changed rects drawn
                # again in place (no new surface: no memory to fault in and copy into)
                for d in hint[1]:
                    clip = Rect(d.x - ox, d.y - oy, d.w, d.h)
                    surf.set_clip(self.pg.Rect(clip.x, clip.y, clip.w, clip.h))
                    surf.fill(bg if bg is not None else (0, 0, 0, 0))
                    draw_children(surf, clip)
                surf.set_clip(None)
                return surf
            # an opaque part (Scene.part with bg): a faster blit
            surf = self._blank(max(1, r.w), max(1, r.h), bg is None, (0, 0, 0, 0) if bg is None else bg)
            draw_children(surf, None)
            return surf
        s.blit(self._cached_part(key, (node.rect.x, node.rect.y, r.w, r.h), make), (r.x, r.y))

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
