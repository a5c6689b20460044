"""The drawing kit's scene: what a screen shows, as components in boxes.

A game's screen function turns an engine's *public* view into a
:class:`Scene`: a list of :class:`Node` s (a die, a card, a droid, a coin, a
seat banner, a text...) each with its rectangle in px and its state.  One
painter (:mod:`firmware.ui.paint`) draws any scene at any size.  Tests check
the scene (what is there, that every text fits its box, that nothing private
is in it) without looking at pixels.

Sizes.  The screen is 800 x 480 to 1920 x 1080 px.  :class:`Metrics` gives
the text sizes: the smallest text is 32 px (em) at 1080 px high and 24 px
at 480 px, so that lower-case words stand at least 18 px (1080p) and 14 px
(480p) tall, readable from a chair a metre away.  Text is never shrunk
below that and never cut with an ellipsis: a text that does not fit its box
at the smallest size is *dropped* (recorded in :attr:`Scene.dropped` with its
priority), and layouts only give droppable priorities to detail a player
does not need to act (the event feed, secondary counts).
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

#: measure(text, size_px) -> (width_px, height_px)
Measure = Callable[[str, int], tuple[int, int]]

#: Text priorities: NEED is what a player needs to act (never dropped: a
#: scene that cannot fit it raises :class:`LayoutError`); INFO and FEED may
#: be dropped, FEED first.
NEED, INFO, FEED = 0, 1, 2

#: Seat colours with a number on every token (never colour alone).
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (222, 72, 64), (64, 134, 230), (238, 196, 48), (80, 186, 104), (172, 104, 222), (242, 138, 52))

BG = (22, 24, 32)
PANEL = (38, 42, 56)
PANEL_HI = (58, 64, 84)
FG = (240, 240, 240)
DIM = (176, 182, 196)
GOLD = (250, 204, 64)
ALERT = (214, 64, 56)


class LayoutError(ValueError):
    """A text a player needs cannot fit its box even at the smallest size."""


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in px: left, top, width, height."""
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2

    def intersects(self, other: "Rect") -> bool:
        """True if the two rectangles share any pixel."""
        return not (self.right <= other.x or other.right <= self.x
                    or self.bottom <= other.y or other.bottom <= self.y)

    def inside(self, other: "Rect") -> bool:
        """True if this rectangle lies wholly inside ``other``."""
        return (self.x >= other.x and self.y >= other.y
                and self.right <= other.right and self.bottom <= other.bottom)

    def inset(self, d: int) -> "Rect":
        """The rectangle shrunk by ``d`` px on every side (never negative)."""
        return Rect(self.x + d, self.y + d, max(0, self.w - 2 * d), max(0, self.h - 2 * d))

    def rows(self, *weights: float, gap: int = 0) -> list["Rect"]:
        """Split top to bottom into boxes sized by ``weights``; a weight > 1
        with all others <= 1 is... just a weight: sizes are proportional.
        A negative weight is a fixed height in px."""
        return _split(self, weights, gap, vertical=True)

    def cols(self, *weights: float, gap: int = 0) -> list["Rect"]:
        """Split left to right (see :meth:`rows`)."""
        return _split(self, weights, gap, vertical=False)

    def grid(self, n: int, cols: int, gap: int = 0) -> list["Rect"]:
        """``n`` equal cells, ``cols`` per row, row-major."""
        cols = max(1, cols)
        nrows = max(1, -(-n // cols))
        out = []
        for r, row in enumerate(self.rows(*([1] * nrows), gap=gap)):
            for c, cell in enumerate(row.cols(*([1] * cols), gap=gap)):
                if r * cols + c < n:
                    out.append(cell)
        return out

    def square(self, align: str = "center") -> "Rect":
        """The largest square inside, centred (or ``"left"``)."""
        s = min(self.w, self.h)
        x = self.x if align == "left" else self.x + (self.w - s) // 2
        return Rect(x, self.y + (self.h - s) // 2, s, s)

    def lerp(self, other: "Rect", f: float) -> "Rect":
        """The rectangle a fraction ``f`` (0..1) of the way to ``other``."""
        return Rect(round(self.x + (other.x - self.x) * f), round(self.y + (other.y - self.y) * f),
                    round(self.w + (other.w - self.w) * f), round(self.h + (other.h - self.h) * f))


def _split(r: Rect, weights: Iterable[float], gap: int, vertical: bool) -> list[Rect]:
    weights = list(weights)
    total = r.h if vertical else r.w
    avail = total - gap * (len(weights) - 1) - sum(-w for w in weights if w < 0)
    flex = sum(w for w in weights if w > 0) or 1
    out, pos = [], (r.y if vertical else r.x)
    acc = 0.0
    for w in weights:
        if w < 0:
            size = int(-w)
        else:
            acc_next = acc + avail * w / flex
            size = int(round(acc_next)) - int(round(acc))
            acc = acc_next
        size = max(0, size)
        out.append(Rect(r.x, pos, r.w, size) if vertical else Rect(pos, r.y, size, r.h))
        pos += size + gap
    return out


@dataclass(frozen=True)
class Metrics:
    """Sizes for a ``width`` x ``height`` px screen.

    Attributes:
        small, medium, large: text sizes (em, px): 32 / 42 / 58 at 1080 px
            high, 24 / 30 / 40 at 480 px, linear in between.
        pad: spacing, px.
    """
    width: int
    height: int

    def _lerp(self, lo: float, hi: float) -> int:
        f = (min(1080, max(480, self.height)) - 480) / 600
        return int(round(lo + (hi - lo) * f))

    @property
    def small(self) -> int:
        return self._lerp(24, 32)

    @property
    def medium(self) -> int:
        return self._lerp(30, 42)

    @property
    def large(self) -> int:
        return self._lerp(40, 58)

    @property
    def least(self) -> int:
        """The least size a name may shrink to where ``small`` does not fit
        (a card's customer name, issue 34): the developers' guide's small
        words, 18 px at 1080 px high, 14 px at 480 px."""
        return self._lerp(14, 18)

    @property
    def pad(self) -> int:
        return self._lerp(6, 12)

    @property
    def sizes(self) -> tuple[int, ...]:
        """Text sizes a layout may pick from, largest first."""
        return (self.large, self.medium, self.small)


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
        return Metrics(self.width, self.height)

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

    def lines(self, texts: list[tuple[str, int]], rect: Rect, size: int | None = None, colour=FG) -> list[Node]:
        """Stack ``(text, priority)`` entries from the top of ``rect`` at one
        size, each word-wrapped to the width; entries past the bottom are
        dropped, the highest priority numbers (the feed) first and the
        latest of them first, never a NEED entry.

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
        while sum(len(k[2]) for k in keep) > room:
            worst = max(range(len(keep)), key=lambda i: (keep[i][1], -i if keep[i][1] == FEED else i))
            if keep[worst][1] == NEED:
                raise LayoutError(f"needed lines {[k[0] for k in keep]} do not fit {rect.w}x{rect.h} px")
            t, prio, _ = keep.pop(worst)
            self.dropped.append((prio, t))
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
            h.update(repr((n.kind, n.rect, sorted(n.props.items(), key=lambda kv: kv[0]))).encode())
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
            props = {"digest": n.props["digest"]} if n.kind == "group" else n.props
            h.update(repr((n.kind, n.rect, sorted(props.items(), key=lambda kv: kv[0]), n.key)).encode())
        return h.hexdigest()


_PARTS: "OrderedDict[tuple, tuple]" = OrderedDict()
_PARTS_MAX = 600


def wrap_words(text: str, width: int, size: int, measure: Measure) -> list[str] | None:
    """Greedy word wrap of ``text`` into lines at most ``width`` px wide at
    ``size``; None if a single word is wider than ``width``.  A no-break
    space (U+00A0) joins its neighbours into one word (a number and its unit)."""
    words = text.replace("\u00a0", "\0").split()
    words = [w.replace("\0", "\u00a0") for w in words]
    lines: list[str] = []
    cur = ""
    for word in words:
        if measure(word, size)[0] > width:
            return None
        trial = f"{cur} {word}" if cur else word
        if measure(trial, size)[0] <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of seat ``seat`` (0-based); seats beyond 6 cycle."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_banner(scene: Scene, rect: Rect, seat: int, *, score: str, name: str | None = None,
                active: bool = False, doing: str = "", key: str | None = None) -> Rect:
    """A seat banner: the seat's colour with its number (never colour
    alone), its name and score on the left, what the seat must do now on
    the right in gold, and a thick edge and lighter fill when it is this
    seat's turn.  Short of room, the name goes first (the token says the
    number), first shortened to "Seat N", then the doing; the score always
    stays.

    Returns:
        ``rect``.
    """
    m = scene.metrics
    scene.add("panel", rect, key, fill=PANEL_HI if active else PANEL, border=seat_colour(seat),
              glow=active, radius=m.pad)
    inner = rect.inset(max(2, m.pad // 2))
    token, rest = inner.cols(-inner.h, 1, gap=m.pad)
    scene.add("token", token, None, seat=seat, colour=seat_colour(seat), label=str(seat + 1))
    name = name or f"Seat {seat + 1}"
    # a size whose line also fits the banner's height (a short banner: the small one)
    sizes = [z for z in (m.medium, m.small) if scene.measure("Ag", z)[1] <= rest.h] or [m.small]
    # the name, else just "Seat N" (a long name such as "Seat 1 Shin (start)"), each at either size
    # (the seat named in the small size beats a bare score in the medium one), else the score
    lefts = list(dict.fromkeys((f"{name} \u00b7 {score}", f"Seat {seat + 1} \u00b7 {score}")))
    for left, size in [(lf, z) for lf in lefts for z in sizes] + [(score, z) for z in sizes]:
        lw = scene.measure(left, size)[0]
        dw = scene.measure(doing, m.small)[0] if doing else 0
        if lw + (dw + 2 * m.pad if doing else 0) <= rest.w:
            left_r, doing_r = rest.cols(-lw, 1, gap=m.pad)
            scene.text(left, left_r, sizes=(size,), colour=FG)
            if doing:
                scene.text(doing, doing_r, sizes=(m.small,), colour=GOLD, align="right")
            return rect
    # not even the score and the doing side by side: the score alone
    scene.text(score, rest, sizes=(m.medium, m.small), colour=FG)
    if doing:
        scene.dropped.append((INFO, doing))
    return rect


def header(scene: Scene, rect: Rect, title: str, status: str, todo: str = "") -> None:
    """The top bar: the game's name, where the game is (round, phase) and
    what the table must do now (Board Game Arena's status bar)."""
    m = scene.metrics
    scene.add("panel", rect, None, fill=(30, 33, 44), radius=0)
    inner = rect.inset(m.pad // 2)
    # keep clear of the screen's left and right edges (TV overscan)
    inner = Rect(inner.x + m.pad, inner.y, inner.w - 2 * m.pad, inner.h)
    title_w = scene.measure(title, m.medium)[0] + 2 * m.pad
    if todo and scene.measure(todo, m.small)[0] > inner.w - title_w - m.pad:
        # a long notice ("game paused: cannot save") takes the whole bar: it is what matters now
        scene.dropped += [(INFO, title), (INFO, status)]
        scene.text(todo, inner, sizes=(m.medium, m.small), align="center", colour=GOLD)
        return
    tr, rest = inner.cols(-title_w, 1, gap=m.pad)
    scene.text(title, tr, sizes=(m.medium, m.small), colour=GOLD)
    if todo:
        # what to do now comes first; where the game is gets what is left
        todo_size = m.medium if scene.measure(todo, m.medium)[0] <= rest.w * 3 // 4 else m.small
        todo_w = min(rest.w, scene.measure(todo, todo_size)[0] + m.pad)
        sr, dr = rest.cols(1, -todo_w, gap=m.pad)
        scene.text(todo, dr, sizes=(todo_size, m.small), align="right")
        scene.text(status, sr, sizes=(m.small,), colour=DIM, priority=INFO)
    else:
        scene.text(status, rest, sizes=(m.medium, m.small), align="right")


def header_todo(scene: Scene, rect: Rect, title: str, status: str, options: list[str]) -> str:
    """The first of ``options`` (longest first) that fits the "what to do
    now" room of :func:`header` drawn in ``rect`` with ``title`` at the
    smallest size (the last option when none does).  A layout passes its
    full sentence first and shorter forms after it; ``status`` gets what
    is left (and is dropped when nothing is)."""
    m = scene.metrics
    inner = rect.inset(m.pad // 2)
    title_w = scene.measure(title, m.medium)[0] + 2 * m.pad
    room = inner.w - title_w - m.pad - m.pad
    for opt in options:
        if scene.measure(opt, m.small)[0] <= room:
            return opt
    return options[-1]
