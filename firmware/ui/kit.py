"""The drawing kit's scene: what a screen shows, as components in boxes.

A game's screen function turns an engine's *public* view into a
:class:`Scene`: a list of :class:`Node` s (a die, a card, a droid, a coin, a
seat banner, a text...) each with its rectangle in px and its state.  One
painter (:mod:`firmware.ui.paint`) draws any scene at any size.  Tests check
the scene (what is there, that every text fits its box, that nothing private
is in it) without looking at pixels.

Text is never shrunk below the smallest size of
:class:`~firmware.ui.geometry.Metrics` and never cut with an ellipsis: a
text that does not fit its box at the smallest size is *dropped* (recorded
in :attr:`Scene.dropped` with its priority), and layouts only give
droppable priorities to detail a player does not need to act (the event
feed, secondary counts).

The kit is this module with the parts it is built from, all importable
from here: boxes and sizes (:mod:`firmware.ui.geometry`), colours
(:mod:`firmware.ui.palette`), the rules of fitting text
(:mod:`firmware.ui.text_rules`) and the shared bars
(:mod:`firmware.ui.widgets`).
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

from firmware.ui.geometry import Metrics, Rect
from firmware.ui.palette import ALERT, BG, DIM, FG, GOLD, PANEL, PANEL_HI, SEAT_COLOURS, seat_colour
from firmware.ui.text_rules import FEED, INFO, NEED, LayoutError, Measure, wrap_words
from firmware.ui.widgets import header, header_todo, seat_banner

__all__ = ["ALERT", "BG", "DIM", "FEED", "FG", "GOLD", "INFO", "NEED", "PANEL", "PANEL_HI", "SEAT_COLOURS",
           "LayoutError", "Measure", "Metrics", "Node", "Rect", "Scene", "header", "header_todo", "seat_banner",
           "seat_colour", "wrap_words"]


@dataclass
class Node:
    """One drawn component.

    Attributes:
        kind: what it is (``"text"``, ``"panel"``, ``"die"``, ``"card"``,
            ``"droid"``, ``"coin"``, ``"token"``, ``"icon"``...; the
            painter's table lists them).
        rect: where, px.
        props: its state (a die's ``value`` and colours, a card's ``state``
            and ``seat``, a text's ``text``, ``size`` and ``colour``...).
        key: a stable name for animation (the same component in the next
            scene moves from its old place); ``None`` for decoration.
    """
    kind: str
    rect: Rect
    props: dict[str, Any] = field(default_factory=dict)
    key: str | None = None


@dataclass
class Scene:
    """A whole screen: nodes drawn in order, and the texts left out.

    Attributes:
        width, height: px.
        nodes: components, back to front.
        dropped: ``(priority, text)`` of texts that did not fit at the
            smallest size (only INFO / FEED priorities are ever dropped).
        facts: what the screen tells, for tests (e.g. ``{"dice": {0: [3,
            5]}, "cards": {...}}``): filled by the game's screen function
            from the same view it draws.
    """
    width: int
    height: int
    measure: Measure
    nodes: list[Node] = field(default_factory=list)
    dropped: list[tuple[int, str]] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def metrics(self) -> Metrics:
        return _metrics(self.width, self.height)

    @property
    def rect(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    def add(self, kind: str, rect: Rect, key: str | None = None, **props: Any) -> Node:
        """Append a component and return it."""
        node = Node(kind, rect, props, key)
        self.nodes.append(node)
        return node

    # ------------------------------------------------------------ text
    def fit(self, text: str, rect: Rect, sizes: Iterable[int] | None = None,
            least: int | None = None) -> int | None:
        """The largest size of ``sizes`` (default: :attr:`Metrics.sizes`)
        at which ``text`` fits ``rect`` on one line, or None; none below
        :attr:`Metrics.small`, or ``least`` where given (a name that
        shrinks rather than vanish)."""
        for size in (sizes or self.metrics.sizes):
            if size < (self.metrics.small if least is None else max(least, self.metrics.least)):
                continue
            w, h = self.measure(text, size)
            if w <= rect.w and h <= rect.h:
                return size
        return None

    def text(self, text: str, rect: Rect, *, sizes: Iterable[int] | None = None, colour=FG,
             align: str = "left", priority: int = NEED, key: str | None = None, bold: bool = True,
             least: int | None = None) -> Node | None:
        """Place one line of ``text`` in ``rect`` at the largest size that
        fits (never below :attr:`Metrics.small` or ``least``, never cut).

        Returns:
            The text node, or None when it did not fit and was dropped.

        Raises:
            LayoutError: a NEED text does not fit (a layout bug: the tests
                run every layout over many seeded states at both sizes).
        """
        if not text:
            return None
        size = self.fit(text, rect, sizes, least)
        if size is None:
            if priority == NEED:
                raise LayoutError(f"{text!r} does not fit {rect.w}x{rect.h} px at "
                                  f"{self.metrics.small} px ({self.width}x{self.height})")
            self.dropped.append((priority, text))
            return None
        w, h = self.measure(text, size)
        floor = {} if least is None else {"least": max(least, self.metrics.least)}   # a name allowed to shrink
        return self.add("text", rect, key, text=text, size=size, colour=colour, align=align,
                        text_w=w, text_h=h, bold=bold, **floor)

    def wrapped(self, text: str, rect: Rect, *, sizes: Iterable[int] | None = None, colour=FG,
                align: str = "left", priority: int = NEED, max_lines: int = 4) -> list[Node]:
        """Word-wrap ``text`` into ``rect`` at the largest size whose lines
        all fit (at most ``max_lines``); dropped like :meth:`text`."""
        for size in (sizes or self.metrics.sizes):
            if size < self.metrics.small:
                continue
            lines = wrap_words(text, rect.w, size, self.measure)
            if lines is None:
                continue
            line_h = self.measure("Ag", size)[1]
            if len(lines) > max_lines or len(lines) * line_h > rect.h:
                continue
            top = rect.y + (rect.h - len(lines) * line_h) // 2
            return [n for i, line in enumerate(lines) if (n := self.text(
                line, Rect(rect.x, top + i * line_h, rect.w, line_h), sizes=(size,), colour=colour,
                align=align, priority=priority)) is not None]
        if priority == NEED:
            raise LayoutError(f"{text!r} does not fit {rect.w}x{rect.h} px in {max_lines} lines "
                              f"({self.width}x{self.height})")
        self.dropped.append((priority, text))
        return []

    def lines(self, texts: list[tuple[str, int]], rect: Rect, size: int | None = None, colour=FG,
              newest_first: bool = False) -> list[Node]:
        """Stack ``(text, priority)`` entries from the top of ``rect`` at one
        size, each word-wrapped to the width; entries past the bottom are
        dropped, the highest priority numbers (the feed) first and the
        oldest of the feed first: the feed's first entries, or with
        ``newest_first`` (a feed listed newest first, Retrograde's) its
        last (PT72: the box kept a roll two rolls old); never a NEED entry.

        Raises:
            LayoutError: the NEED entries alone do not fit.
        """
        size = size or self.metrics.small
        line_h = self.measure("Ag", size)[1]
        room = max(0, rect.h // line_h)
        keep = []
        for t, prio in texts:
            wrapped = wrap_words(t, rect.w, size, self.measure)
            if wrapped is None:
                if prio == NEED:
                    raise LayoutError(f"a word of {t!r} is wider than {rect.w} px")
                self.dropped.append((prio, t))
                continue
            keep.append((t, prio, wrapped))
        order = {id(k): i for i, k in enumerate(keep)}
        out_of = []
        while sum(len(k[2]) for k in keep) > room:
            worst = max(range(len(keep)), key=lambda i: (keep[i][1], -i if keep[i][1] == FEED and not newest_first
                                                          else i))
            if keep[worst][1] == NEED:
                raise LayoutError(f"needed lines {[k[0] for k in keep]} do not fit {rect.w}x{rect.h} px")
            out_of.append(keep.pop(worst))
        for k in reversed(out_of):       # a shorter entry dropped after a long one comes back where it fits
            if sum(len(x[2]) for x in keep) + len(k[2]) <= room:   # (issue 34, g2l_04: the panel had room)
                keep.append(k)
                keep.sort(key=lambda x: order[id(x)])
            else:
                self.dropped.append((k[1], k[0]))
        out = []
        y = rect.y
        for t, prio, wrapped in keep:
            for line in wrapped:
                n = self.text(line, Rect(rect.x, y, rect.w, line_h), sizes=(size,), colour=colour, priority=prio)
                if n is not None:
                    out.append(n)
                y += line_h
        return out

    def group(self, start: int, rect: Rect, key: str | None = None) -> Node:
        """Fold the nodes added since index ``start`` into one ``group``
        node over ``rect``: the painter draws the group once, caches it by
        its content and blits it while nothing in it changes (a seat's
        sheet: a hundred droids become one blit).  The children keep their
        absolute rects; :meth:`all_nodes`, :meth:`texts` and
        :meth:`of_kind` see them."""
        children = tuple(self.nodes[start:])
        del self.nodes[start:]
        h = hashlib.blake2b(digest_size=12)
        for n in children:
            h.update(repr((n.kind, n.rect, sorted(n.props.items()))).encode())
        return self.add("group", rect, key, children=children, digest=h.hexdigest())

    def part(self, rect: Rect, digest: Any, build: Callable[["Scene"], None], bg=None,
             group: bool = True) -> Node | None:
        """Add a self-contained part of the screen (a seat's mat, a
        station, a table) built by ``build(scene)`` into ``rect``, as one
        ``group`` node (see :meth:`group`), reusing the nodes, facts and
        dropped texts built before for the same ``digest`` at this screen
        size: building a screen then costs only its changed parts.

        ``digest`` must stand for *every* input of ``build`` (the part's
        slice of the view, its rectangle, its state): equal digests must
        build equal parts.  With ``bg`` the painter draws the part opaque
        over that colour (clipped to ``rect``: a faster blit); without it,
        transparent like any group.  ``group=False`` adds the part's nodes
        one by one instead (its keyed components then animate when they
        move, e.g. servers pushed down a station) and returns None.
        """
        key = (self.width, self.height, id(getattr(self.measure, "__self__", self.measure)), digest)
        got = _PARTS.get(key)
        if got is None:
            sub = Scene(self.width, self.height, self.measure)
            build(sub)
            h = hashlib.blake2b(repr(key[:2] + key[3:]).encode(), digest_size=12)
            got = (tuple(sub.all_nodes()), sub.facts, sub.dropped, h.hexdigest())
            _PARTS[key] = got
            if len(_PARTS) > _PARTS_MAX:
                _PARTS.popitem(last=False)
        else:
            _PARTS.move_to_end(key)
        children, facts, dropped, hexdigest = got
        self.dropped.extend(dropped)
        for k, v in facts.items():
            have = self.facts.get(k)
            if isinstance(v, dict) and isinstance(have, dict):
                have.update(v)
            elif isinstance(v, list) and isinstance(have, list):
                have.extend(v)
            else:
                self.facts[k] = v.copy() if isinstance(v, (dict, list)) else v
        if not group:
            self.nodes.extend(children)
            return None
        props: dict[str, Any] = {"children": children, "digest": hexdigest}
        if bg is not None:
            props["bg"] = bg
        return self.add("group", rect, None, **props)

    # ------------------------------------------------------------ views
    def all_nodes(self) -> list[Node]:
        """Every node, groups opened (their children in place)."""
        out = []
        for n in self.nodes:
            if n.kind == "group":
                out.extend(n.props["children"])
            else:
                out.append(n)
        return out

    def texts(self) -> list[str]:
        """Every text drawn, in order."""
        return [n.props["text"] for n in self.all_nodes() if n.kind == "text"]

    def of_kind(self, kind: str) -> list[Node]:
        """The nodes of one kind (inside groups too)."""
        return [n for n in self.all_nodes() if n.kind == kind]

    def key(self) -> str:
        """A digest that changes when anything drawn changes (redraw only
        then)."""
        h = hashlib.blake2b(digest_size=16)
        for n in self.nodes:
            got = n.__dict__.get("_key_bytes")
            if got is None:     # kept on the node (a part's nodes are reused from scene to scene)
                props = n.props["digest"] if n.kind == "group" else props_repr(n)
                got = n.__dict__["_key_bytes"] = repr((n.kind, n.rect, n.key)).encode() + props.encode() + b"\0"
            h.update(got)
        return h.hexdigest()


def props_repr(n: Node) -> str:
    """The ``repr`` of a node's props sorted by name, kept on the node (a
    scene's nodes are not changed once built: :meth:`Scene.key` and the
    painter's signatures share it)."""
    got = n.__dict__.get("_props_repr")
    if got is None:
        got = n.__dict__["_props_repr"] = repr(sorted(n.props.items()))   # (names are unique: sorted by name)
    return got


@lru_cache(maxsize=64)
def _metrics(width: int, height: int) -> Metrics:
    """The :class:`Metrics` of a screen size (one per size: its sizes are
    worked out once)."""
    return Metrics(width, height)


_PARTS: "OrderedDict[tuple, tuple]" = OrderedDict()
_PARTS_MAX = 600
