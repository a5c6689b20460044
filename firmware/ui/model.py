"""What a screen shows, independent of pixels: a title, a status line and
panels of text lines.  Game screens build a :class:`ScreenModel` from an
engine's *public* view only (never from raw state), so the shared screen can
never show a hand."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Panel:
    """One box on the screen.

    Attributes:
        title: heading of the box.
        lines: text lines, drawn top to bottom, shrunk to fit the box.
        accent: RGB colour of the heading bar.
        weight: relative share of the screen area (1 = normal).
        highlight: indexes of lines drawn highlighted (a seat's selection).
    """
    title: str
    lines: list[str] = field(default_factory=list)
    accent: tuple[int, int, int] = (60, 110, 180)
    weight: float = 1.0
    highlight: set[int] = field(default_factory=set)


@dataclass
class ScreenModel:
    """A whole HDMI screen: header (title, status), panels, footer banner."""
    title: str
    status: str = ""
    panels: list[Panel] = field(default_factory=list)
    banner: str = ""

    def key(self) -> str:
        """A string that changes when anything shown changes (render only
        when something changed)."""
        parts = [self.title, self.status, self.banner]
        for p in self.panels:
            parts.append(p.title)
            parts.extend(p.lines)
            parts.append(",".join(map(str, sorted(p.highlight))))
        return "\x1f".join(parts)
