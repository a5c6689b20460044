"""Tray zones: which seat's tray a die lies in.

Calibration is config ``[[vision.trays]]``: one ``seat`` and ``polygon``
(frame px, 3+ points) per tray.  With no trays configured the frame is
split evenly into vertical strips, one per seat.  A die belongs to the tray
whose polygon contains its centre; dice outside every tray are reported in
``outside`` and otherwise ignored.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.die import Die, VisionInputError


@dataclass(frozen=True)
class Assignment:
    """Dice per seat (``by_seat[seat]`` sorted by position) and the dice
    lying outside every tray."""

    by_seat: dict[int, list[Die]]
    outside: list[Die]


class TrayZones:
    """Seat polygons in frame px.  Raises :class:`VisionInputError` when a
    polygon has fewer than 3 points or a seat has two trays."""

    def __init__(self, trays: list[tuple[int, list[tuple[float, float]]]]):
        seen = set()
        self.trays: list[tuple[int, np.ndarray]] = []
        for seat, poly in trays:
            if len(poly) < 3:
                raise VisionInputError(f"tray of seat {seat}: polygon needs 3 or more [x, y] points, got {len(poly)}")
            if seat in seen:
                raise VisionInputError(f"seat {seat} has two trays")
            seen.add(seat)
            self.trays.append((seat, np.asarray(poly, np.float32).reshape(-1, 1, 2)))

    @classmethod
    def from_config(cls, vision_cfg: dict, frame_size: tuple[int, int], seats: int) -> "TrayZones":
        """Zones from config ``[vision]`` (its ``trays`` list of
        ``{"seat", "polygon"}``), or ``seats`` equal vertical strips of a
        ``frame_size`` = (width, height) px frame when none are configured."""
        trays = vision_cfg.get("trays", [])
        if trays:
            return cls([(int(t["seat"]), [tuple(p) for p in t["polygon"]]) for t in trays])
        return cls.strips(frame_size, seats)

    @classmethod
    def strips(cls, frame_size: tuple[int, int], seats: int) -> "TrayZones":
        """``seats`` equal vertical strips across a (width, height) px frame."""
        if seats < 1:
            raise VisionInputError(f"need at least one seat, got {seats}")
        w, h = frame_size
        return cls([(s, [(w * s / seats, 0), (w * (s + 1) / seats, 0), (w * (s + 1) / seats, h), (w * s / seats, h)])
                    for s in range(seats)])

    def seat_of(self, x: float, y: float) -> int | None:
        """Seat whose tray contains point (x, y) px (edges count as inside),
        or ``None``."""
        for seat, poly in self.trays:
            if cv2.pointPolygonTest(poly, (float(x), float(y)), False) >= 0:
                return seat
        return None

    def assign(self, dice: list[Die]) -> Assignment:
        """Set each die's ``seat`` and group them by seat."""
        by_seat: dict[int, list[Die]] = {seat: [] for seat, _ in self.trays}
        outside = []
        for d in dice:
            seat = self.seat_of(*d.center)
            if seat is None:
                outside.append(d)
            else:
                by_seat[seat].append(replace(d, seat=seat))
        return Assignment(by_seat, outside)
