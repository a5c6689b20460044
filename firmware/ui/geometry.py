"""Where things go on a screen, in px: :class:`Rect` (a box, split into
rows, columns and grids) and :class:`Metrics` (the kit's text sizes and
spacing for a screen's height).

Sizes.  The screen is 800 x 480 to 1920 x 1080 px.  :class:`Metrics` gives
the text sizes: the smallest text is 32 px (em) at 1080 px high and 24 px
at 480 px, so that lower-case words stand at least 18 px (1080p) and 14 px
(480p) tall, readable from a chair a metre away.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, NamedTuple


class Rect(NamedTuple):
    """An axis-aligned rectangle in px: left, top, width, height.  A named
    tuple (issue 36: a screen builds and compares thousands of them a
    frame; a tuple is made, hashed and compared in C, twice to three times
    as fast as the frozen dataclass it was, with the same ``repr``)."""
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
        x, y, w, h = self
        ox, oy, ow, oh = other
        return x < ox + ow and ox < x + w and y < oy + oh and oy < y + h

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

    # (worked out once per Metrics: a layout asks for them thousands of times a frame)
    @cached_property
    def small(self) -> int:
        return self._lerp(24, 32)

    @cached_property
    def medium(self) -> int:
        return self._lerp(30, 42)

    @cached_property
    def large(self) -> int:
        return self._lerp(40, 58)

    @cached_property
    def least(self) -> int:
        """The least size a name may shrink to where ``small`` does not fit
        (a card's customer name, issue 34): the developers' guide's small
        words, 18 px at 1080 px high, 14 px at 480 px."""
        return self._lerp(14, 18)

    @cached_property
    def caps_least(self) -> int:
        """The least size (em, px) whose capitals stand :attr:`least` px
        tall (FreeSans Bold's capitals are about 3/4 of its em): 19 px at
        480 px high, 25 px at 1080, for words a player must read where the
        small size does not fit (gallery OCR, 2026-12-06: a Ginza customer's name at 800 x 480)."""
        return self._lerp(19, 25)

    @cached_property
    def pad(self) -> int:
        return self._lerp(6, 12)

    @cached_property
    def sizes(self) -> tuple[int, ...]:
        """Text sizes a layout may pick from, largest first."""
        return (self.large, self.medium, self.small)
