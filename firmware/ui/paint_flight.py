"""The painter's components in flight (:class:`firmware.ui.paint.Painter`'s
base): a keyed component sliding to its new place or growing in is drawn
beneath what it passes over, and one whose way would cross another card's
face fades in where it lands instead (issue 34)."""
from __future__ import annotations

from typing import Any

from firmware.ui.kit import Node, Rect, Scene

#: Kinds a flying component must not cross: it fades in where it lands instead
_FACES = {"card", "group", "die", "droid", "figure", "dango", "back", "meeple", "token"}


class FlightPainter:
    """Draws the components in flight (a base of the painter: it reads the
    painter's ``pg``, ``_nodes`` and ``_paint``)."""

    pg: Any
    _nodes: list[Node]

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
        nodes = scene.nodes
        rects, odd = self._fly_rects(scene)
        for node, rect, start, _ in flying:
            if rect.w <= 0 or rect.h <= 0:
                continue
            clip = pg.Rect(rect.x, rect.y, rect.w, rect.h)
            surface.set_clip(clip.clip(outer))
            # the components under it, in the scene's order (pygame finds them: issue 36, a row of
            # dice growing in asked every component of the screen of each die, in Python)
            under = clip.collidelistall(rects)
            if odd:
                under = sorted([i for i in under if i not in odd] + [i for i in odd if nodes[i].rect.intersects(rect)])
            for i in under:
                other = nodes[i]
                if id(other) in moving:
                    continue
                home = other.kind in ("panel", "group") and (node.rect.inside(other.rect) or start.inside(other.rect))
                if not home:
                    self._paint(surface, other, other.rect)
            surface.set_clip(outer)

    def _fly_rects(self, scene: Scene) -> tuple[list, set[int]]:
        """The scene's components' rects as pygame rects (made once a
        frame), and the indices of those with no area (pygame's collision
        never counts them: asked with :meth:`Rect.intersects`)."""
        got = self.__dict__.get("_fly_scene")
        if got is not None and got[0] is scene:
            return got[1], got[2]
        pg = self.pg
        rects = [pg.Rect(n.rect) for n in scene.nodes]
        odd = {i for i, n in enumerate(scene.nodes) if n.rect.w <= 0 or n.rect.h <= 0}
        self._fly_scene = (scene, rects, odd)
        return rects, odd

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
