"""The result type of the dice reader: one :class:`Die` per die found."""
from __future__ import annotations

from dataclasses import dataclass, field

#: Colour names the reader reports (the Ginza Retro Café dice colours plus
#: white/black and ``other`` for brown, marbled or unclassifiable bodies).
COLOURS = ("red", "blue", "yellow", "green", "purple", "white", "black", "other")


class VisionInputError(ValueError):
    """A frame or image the reader cannot use (wrong type, dtype, shape,
    too small, unreadable file); the message says what is wrong."""


@dataclass(frozen=True)
class Die:
    """One die seen from above.

    value: pips on the top face 1..6, or ``None`` when the die is unreadable
    (tilted, cocked, stacked, blurred: never guessed, ruling CAB-5).
    colour: one of :data:`COLOURS` (body colour after white balance).
    center: ``(x, y)`` px in the input frame.  box: ``(x0, y0, x1, y1)`` px,
    axis-aligned, inclusive-exclusive.  confidence: 0..1 that ``value`` is
    right (0 for unreadable dice).  seat: tray the die lies in, ``None``
    until :func:`vision.trays.TrayZones.assign` sets it.
    """

    value: int | None
    colour: str
    center: tuple[float, float]
    box: tuple[int, int, int, int]
    confidence: float
    seat: int | None = None
    pips: tuple[tuple[float, float], ...] = field(default=(), compare=False)

    def to_json(self) -> dict:
        """The CLI/runtime JSON form: value, color, center, box, confidence
        (and seat when assigned)."""
        d = {"value": self.value, "color": self.colour,
             "center": [round(self.center[0], 1), round(self.center[1], 1)],
             "box": list(self.box), "confidence": round(self.confidence, 3)}
        if self.seat is not None:
            d["seat"] = self.seat
        return d
