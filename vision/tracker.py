"""At-rest detection for live video, per seat tray.

Feed :meth:`AtRestTracker.update` every frame's reading with its capture
time ``t_us`` (int microseconds).  Per seat the tracker says ``moving``
while the tray's reading keeps changing (dice appear, vanish, shift more
than a fraction of a die, or a value changes) and ``settled`` once the
reading has been unchanged for ``settle_ms`` (config ``[vision].settle_ms``).
Only a settled reading is ever reported as stable (a reading taken during
motion never is); rolls are counted as moving -> settled transitions, which
the runtime uses for Retrograde rerolls (ruling RG-8).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from vision.die import Die, VisionInputError


def _signature(dice: list[Die]) -> list[tuple[float, float, int | None]]:
    return sorted((d.center[0], d.center[1], d.value) for d in dice)


def _same(a: list[tuple[float, float, int | None]], b: list[tuple[float, float, int | None]], tol_px: float) -> bool:
    if len(a) != len(b):
        return False
    left = list(b)
    for x, y, v in a:
        hit = next((i for i, (x2, y2, v2) in enumerate(left)
                    if v2 == v and (x - x2) ** 2 + (y - y2) ** 2 <= tol_px ** 2), None)
        if hit is None:
            return False
        left.pop(hit)
    return True


@dataclass
class SeatState:
    """What the tracker knows of one seat: ``moving``; ``stable`` (the last
    settled reading, values in position order, or ``None`` before the first
    settle); ``stable_dice``; ``since_us`` (when the current reading began);
    ``rolls`` (moving -> settled transitions counted)."""

    moving: bool = True
    stable: list[int | None] | None = None
    stable_dice: list[Die] = field(default_factory=list)
    since_us: int = 0
    rolls: int = 0
    _sig: list = field(default_factory=list)
    _dice: list[Die] = field(default_factory=list)


class AtRestTracker:
    """Per-seat motion / settle tracker.  ``settle_ms``: how long (ms) a
    reading must stay unchanged to count as settled; ``tol_px``: how far (px)
    a die centre may jitter and still count as unchanged."""

    def __init__(self, seats: list[int], settle_ms: int = 400, tol_px: float = 4.0):
        if settle_ms <= 0:
            raise VisionInputError(f"settle_ms must be positive, got {settle_ms}")
        self.settle_us = settle_ms * 1000
        self.tol_px = tol_px
        self.seats: dict[int, SeatState] = {s: SeatState() for s in seats}
        self.last_t_us: int | None = None

    def update(self, t_us: int, by_seat: dict[int, list[Die]]) -> list[dict]:
        """Feed one frame's dice per seat (e.g. ``TrayZones.assign(...)
        .by_seat``) taken at ``t_us``.  Returns events, each a dict with
        ``type`` (``"moving"`` or ``"settled"``), ``seat``, ``t_us`` and for
        settled the ``values``.  Raises :class:`VisionInputError` when time
        runs backwards."""
        if not isinstance(t_us, int) or isinstance(t_us, bool):
            raise VisionInputError(f"t_us must be int microseconds, got {t_us!r}")
        if self.last_t_us is not None and t_us < self.last_t_us:
            raise VisionInputError(f"frame time {t_us} us is before the previous frame ({self.last_t_us} us)")
        self.last_t_us = t_us
        events = []
        for seat, st in self.seats.items():
            dice = by_seat.get(seat, [])
            sig = _signature(dice)
            if not _same(sig, st._sig, self.tol_px):
                st._sig, st._dice, st.since_us = sig, list(dice), t_us
                if not st.moving:
                    st.moving = True
                    events.append({"type": "moving", "seat": seat, "t_us": t_us})
                continue
            st._sig, st._dice = sig, list(dice)  # follow slow drift within tolerance
            if st.moving and t_us - st.since_us >= self.settle_us:
                st.moving = False
                st.rolls += 1
                st.stable_dice = sorted(dice, key=lambda d: (d.center[1], d.center[0]))
                st.stable = [d.value for d in st.stable_dice]
                events.append({"type": "settled", "seat": seat, "t_us": t_us, "values": list(st.stable)})
        return events

    def stable(self, seat: int) -> list[int | None] | None:
        """The seat's stable reading (``None`` while never settled, and
        ``None`` while its dice are moving)."""
        st = self.seats[seat]
        return None if st.moving else st.stable
