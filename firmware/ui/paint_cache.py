"""The painter's cached surfaces (:class:`firmware.ui.paint.Painter`'s
base): each component's drawing by kind, size and state; each part's
(group's) drawing by its content, at most a few a place; the free
surfaces parts are drawn into again (issue 36: a new surface is fresh
memory the kernel faults in page by page, in the pass that shows it); and
the whole frame of the scene drawn ahead, copied by the draw that shows
it (issue 36: a round's summary appearing or closing repainted the whole
screen in the press's pass)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from firmware.ui.kit import Node
from firmware.ui.paint_dirty import _group_key, _sig

#: Components' drawings cached at most (the oldest used go first) ...
_CACHE_MAX = 3000
#: ... and at most this many pixels (about 56 MB; with the parts' and the
#: free surfaces' below, 30 MP in all, about 120 MB, the cache's bound
#: before parts had their own).
_CACHE_PIXELS = 14_000_000
#: Drawn parts (groups) may hold at most this many pixels (about 48 MB,
#: some six 1080p screens of parts) ...
_GROUP_PIXELS = 12_000_000
#: ... and at most this many drawings at one place (a seat's mat, the
#: moves): the one shown and the one before (a cursor going back); past it
#: the oldest used there is let go and the next part of its size is drawn
#: into it (a part that changed a little is drawn over in place anyway).
_PART_VERSIONS = 2
#: Surfaces of parts let go, kept to draw new parts of the same size into
#: (at most this many pixels, about 16 MB): a new surface is fresh memory,
#: each of its pages faulted in and zeroed by the kernel on first touch
#: (a 1080p screen of parts is ~1,500 page faults: 3-4 ms of CPU here,
#: more than drawing them; issue 36).
_POOL_PIXELS = 4_000_000
#: A scene painted ahead is then composed whole, in this many bands of the
#: screen, one a call (a whole 1080p screen is ~5 ms here, ~20 ms on a
#: Pi 4: a press waits for one band at most).
_AHEAD_BANDS = 4


class SurfaceCache:
    """The cached and free surfaces of a painter (a base: it reads the
    painter's ``pg`` and its last frame, ``_prev``; :meth:`paint_ahead`
    draws with the painter's ``_paint`` and sets its in-place hints,
    ``_groups``, aside)."""

    pg: Any
    _groups: dict

    def _init_cache(self) -> None:
        """Empty caches (every surface let go at once)."""
        self._cache: OrderedDict[tuple, Any] = OrderedDict()
        self._pixels = 0
        #: the parts' (groups') surfaces by cache key, oldest used first: key -> (surface, place)
        self._parts: OrderedDict[tuple, tuple[Any, tuple]] = OrderedDict()
        self._part_pixels = 0
        #: the parts' cache keys by place (x, y, w, h), oldest used first
        self._places: dict[tuple, OrderedDict[tuple, None]] = {}
        #: surfaces of parts let go, by (w, h, per-pixel alpha), to draw new parts into
        self._free: dict[tuple[int, int, bool], list[Any]] = {}
        self._free_pixels = 0
        #: how many parts were drawn into a free surface (not new memory)
        self.reused = getattr(self, "reused", 0)
        #: True when :meth:`provision` may have spare surfaces to make
        self.spares_wanted = False
        #: how many drawings (components' and parts') were made anew: cache misses
        self.drawn_new = getattr(self, "drawn_new", 0)
        #: parts' cache keys never let go (while :meth:`paint_ahead` draws: those on the screen)
        self._keep: frozenset[tuple] | set[tuple] = frozenset()
        #: the frame drawn ahead: (its scene's components' signatures, None while it is composed; the
        #: surface, the screen's size and format, kept to compose the next one into)
        self._frame_ahead: tuple[tuple | None, Any] | None = None
        #: how many draws showed the frame drawn ahead (copied it, painting nothing)
        self.frames_ahead_shown = getattr(self, "frames_ahead_shown", 0)

    def cache_size(self) -> tuple[int, int]:
        """``(surfaces, pixels)`` held by the cache: the components'
        drawings (at most ``_CACHE_MAX`` surfaces and ``_CACHE_PIXELS``
        pixels), the parts' (at most ``_GROUP_PIXELS``) and the free
        surfaces kept to draw new parts into (at most ``_POOL_PIXELS``);
        the oldest used go first."""
        free = sum(len(v) for v in self._free.values())
        return (len(self._cache) + len(self._parts) + free,
                self._pixels + self._part_pixels + self._free_pixels)

    def _blank(self, w: int, h: int, alpha: bool, fill: Any = (0, 0, 0, 0)):
        """A ``w`` x ``h`` surface (with per-pixel alpha or opaque) filled
        with ``fill`` (None: its pixels left as they are, for a caller that
        covers them all): a free one of that size when the pool has it,
        else a new one."""
        self.spares_wanted = True
        free = self._free.get((w, h, alpha))
        if free:
            surf = free.pop()
            self._free_pixels -= w * h
            self.reused += 1
            if fill is not None:
                surf.fill(fill)
            return surf
        surf = self.pg.Surface((w, h), self.pg.SRCALPHA) if alpha else self.pg.Surface((w, h))
        if fill is not None and fill != (0, 0, 0, 0):   # (a new surface is zeros)
            surf.fill(fill)
        return surf

    def provision(self) -> bool:
        """Make one spare surface for the free pool, of the size of a part
        on the screen drawn last, while the pool has fewer of that size
        than the screen has such parts: the next part drawn anew there
        (one not drawn over in place) is drawn into it, its memory faulted
        in here, not in the pass that shows it (the window loop calls this
        between passes, after the flip).  True when more spares are wanted."""
        prev = self.__dict__.get("_prev")
        shown: dict[tuple[int, int, bool], int] = {}
        for _key, _rect, n in (prev[2] if prev is not None else ()):
            if n.kind == "group" and n.rect.w > 0 and n.rect.h > 0:
                cls = (n.rect.w, n.rect.h, n.props.get("bg") is None)
                shown[cls] = shown.get(cls, 0) + 1
        for (w, h, alpha), count in shown.items():
            if len(self._free.get((w, h, alpha), ())) >= count:
                continue
            for cls in [c for c in self._free if c not in shown]:    # room: drop spares of sizes not shown
                if self._free_pixels + w * h <= _POOL_PIXELS:
                    break
                self._free_pixels -= cls[0] * cls[1] * len(self._free.pop(cls))
            if self._free_pixels + w * h > _POOL_PIXELS:
                continue
            surf = self.pg.Surface((w, h), self.pg.SRCALPHA) if alpha else self.pg.Surface((w, h))
            surf.fill((0, 0, 0, 0))         # (every page touched: faulted in now)
            self._free.setdefault((w, h, alpha), []).append(surf)
            self._free_pixels += w * h
            return True
        self.spares_wanted = False
        return False

    def paint_ahead(self, scene: Any, start: int = 0, max_new: int = 2) -> int | None:
        """Draw ``scene``'s components from ``scene.nodes[start]`` on into
        the caches only, as :meth:`draw` would draw them (issue 36: the
        screen a confirming press would show, drawn between passes, so its
        pass finds its parts drawn): nothing is drawn on a screen, and the
        painter's last frame (what :meth:`draw` compares against, the
        animations, the parts to draw over in place) is left as it is.
        Stops after the component with which ``max_new`` components drew
        something anew; the parts on the screen now are never let go for
        it (the caches' bounds hold otherwise).  Once every component is
        drawn, the calls go on composing the scene's whole frame, a band a
        call (:meth:`_compose_ahead`), which the draw that shows the scene
        at rest copies instead of painting.  Returns the index to go on
        from (past the components: the next band), or None when the whole
        scene is drawn and its frame composed."""
        nodes = scene.nodes
        if start >= len(nodes):
            return self._compose_ahead(scene, start - len(nodes))
        scratch = self.__dict__.get("_scratch")
        if scratch is None:      # (a 1 x 1 surface: every blit into it is clipped away)
            scratch = self._scratch = self.pg.Surface((1, 1))
        groups, self._groups, self._keep = self._groups, {}, self._on_screen()
        made, at = 0, start
        try:
            while at < len(nodes) and made < max_new:
                node = nodes[at]
                at += 1
                drawn = self.drawn_new
                self._paint(scratch, node, node.rect)
                made += self.drawn_new > drawn
        finally:
            self._groups, self._keep = groups, frozenset()
        return at       # (at its end: its frame composed next)

    def _on_screen(self) -> set[tuple]:
        """The cache keys of the parts on the screen now (the last frame's)."""
        prev = self.__dict__.get("_prev")
        keep: set[tuple] = set()
        stack = [n for _key, _rect, n in (prev[2] if prev is not None else ())]
        while stack:
            n = stack.pop()
            if n.kind == "group":
                keep.add(_group_key(n))
                stack.extend(n.props["children"])
        return keep

    def _compose_ahead(self, scene: Any, band: int) -> int | None:
        """Band ``band`` (of :data:`_AHEAD_BANDS`) of ``scene``'s whole
        frame composed into the frame ahead, as :meth:`draw` paints the
        whole screen there: the background, then every component clipped
        to the band (its parts drawn ahead already).  Returns
        :meth:`paint_ahead`'s index of the next band, or None when the
        frame is whole (or there is no opaque screen to compose for)."""
        from firmware.ui.kit import BG
        screen = self.__dict__.get("_screen")
        if screen is None or screen.get_flags() & self.pg.SRCALPHA:
            return None
        w, h = screen.get_size()
        frame = self._frame_ahead
        surf = frame[1] if frame is not None and frame[1].get_size() == (w, h) else None
        if band == 0 or surf is None:
            if surf is None:    # (kept: the next frame is composed into it, no new memory)
                surf = self.pg.Surface((w, h), 0, screen)
            band = 0
        elif frame[0] is not None:      # (composed whole already)
            return None
        self._frame_ahead = (None, surf)
        y0, y1 = h * band // _AHEAD_BANDS, h * (band + 1) // _AHEAD_BANDS
        groups, self._groups, self._keep = self._groups, {}, self._on_screen()
        try:
            surf.set_clip(self.pg.Rect(0, y0, w, y1 - y0))
            surf.fill(BG)
            for node in scene.nodes:
                self._paint(surf, node, node.rect)
        finally:
            surf.set_clip(None)
            self._groups, self._keep = groups, frozenset()
        if band + 1 < _AHEAD_BANDS:
            return len(scene.nodes) + band + 1
        self._frame_ahead = (tuple(_sig(n) for n in scene.nodes), surf)
        return None

    def _frame_ahead_is(self, surface: Any, items: list[tuple]) -> bool:
        """True when the frame composed ahead is whole and is ``items``'
        (a scene's components, :func:`~firmware.ui.paint_dirty._items`) at
        rest, for an opaque ``surface`` of its size."""
        frame = self._frame_ahead
        return not (frame is None or frame[0] is None or frame[1].get_size() != surface.get_size()
                    or surface.get_flags() & self.pg.SRCALPHA or len(frame[0]) != len(items)
                    or any(a != b[0] for a, b in zip(frame[0], items)))

    def _show_frame_ahead(self, surface: Any, items: list[tuple], dirty: Any) -> bool:
        """When ``items`` (the scene :meth:`draw` shows, at rest) are those
        of the frame composed ahead: its ``dirty`` rectangles (None: all of
        it) copied onto ``surface``, pixel for pixel what painting them
        draws, and True; else False (nothing done)."""
        if not self._frame_ahead_is(surface, items):
            return False
        self._copy_frame_ahead(surface, dirty)
        return True

    def _copy_frame_ahead(self, surface: Any, dirty: Any) -> None:
        """The frame composed ahead's ``dirty`` rectangles (None: all of it)
        copied onto ``surface``; the caller has checked it is the scene's
        (:meth:`_frame_ahead_is`)."""
        frame = self._frame_ahead
        if dirty is None:
            surface.blit(frame[1], (0, 0))
        else:
            for d in dirty:
                surface.blit(frame[1], (d.x, d.y), (d.x, d.y, d.w, d.h))
        self.frames_ahead_shown += 1

    def _let_go(self, surf) -> None:
        """Keep a part's surface no longer cached in the free pool (while
        it has room) to draw a new part of its size into."""
        w, h = surf.get_size()
        if self._free_pixels + w * h > _POOL_PIXELS:
            return
        surf.set_clip(None)
        self._free.setdefault((w, h, bool(surf.get_flags() & self.pg.SRCALPHA)), []).append(surf)
        self._free_pixels += w * h

    def _cached_part(self, key: tuple, place: tuple, make):
        """A part's (group's) surface by ``key``, made by ``make()`` when
        not cached; then past ``_PART_VERSIONS`` drawings at its ``place``
        (its ``(x, y, w, h)``) the oldest used there are let go, and past
        ``_GROUP_PIXELS`` in all the oldest used (never the one just made)."""
        got = self._parts.get(key)
        if got is not None:
            self._parts.move_to_end(key)
            self._places[got[1]].move_to_end(key)
            return got[0]
        s = make()      # (it may take the part drawn here last frame out, to draw over it)
        self.drawn_new += 1
        self._parts[key] = (s, place)
        here = self._places.setdefault(place, OrderedDict())
        here[key] = None
        self._part_pixels += s.get_width() * s.get_height()
        keep = self._keep
        while len(here) > _PART_VERSIONS:
            old = next((k for k in here if k not in keep and k != key), None)
            if old is None:
                break
            self._let_go(self._take_part(old))
        while self._part_pixels > _GROUP_PIXELS and len(self._parts) > 1:
            old = next((k for k in self._parts if k not in keep and k != key), None)
            if old is None:
                break
            self._let_go(self._take_part(old))
        return s

    def _take_part(self, key: tuple):
        """Take a part's surface out of the cache (None when not cached)."""
        got = self._parts.pop(key, None)
        if got is None:
            return None
        surf, place = got
        here = self._places[place]
        del here[key]
        if not here:
            del self._places[place]
        self._part_pixels -= surf.get_width() * surf.get_height()
        return surf

    def _cached(self, key: tuple, make):
        s = self._cache.get(key)
        if s is None:
            s = make()
            self.drawn_new += 1
            self._cache[key] = s
            self._pixels += s.get_width() * s.get_height()
            while len(self._cache) > _CACHE_MAX or self._pixels > _CACHE_PIXELS:
                _, old = self._cache.popitem(last=False)
                self._pixels -= old.get_width() * old.get_height()
        else:
            self._cache.move_to_end(key)
        return s
