"""Where the dice reader cuts a found die's face windows and how it turns
them: the window methods of :class:`vision.reader.DiceReader`
(:class:`WindowCuts`, a base class of it), on :mod:`vision.window`'s cuts.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.detector import Candidate
from vision.window import WINDOW_LIMITS, WindowGeometry, die_window, die_windows


class WindowCuts:
    """The face-window methods of a :class:`vision.reader.DiceReader` (a
    base class of it: they read its ``window``, the calibrated
    :class:`vision.window.WindowGeometry`, and its ``settings``)."""

    def die_window(self, frame: np.ndarray, cand: Candidate, angle: float = 0.0, mirror: bool = False,
                   geometry: WindowGeometry | None = None) -> np.ndarray:
        """The face window of ``cand`` in ``frame`` (:func:`vision.netreader.die_window`)
        cut with ``geometry`` (None: :attr:`window`)."""
        return die_window(frame, cand, angle, mirror, geometry or self.window)

    def cut_windows(self, frame: np.ndarray, cands: list) -> tuple[list[np.ndarray], list[np.ndarray] | None]:
        """Each candidate's face window (:meth:`die_window`) and, where the
        settings have a ``check_turn``, the window the fast net's check
        reads (turned by it, mirrored, ``check_shift`` die sizes up): both
        from one area shrink of the frame around the die
        (:func:`vision.window.die_windows`).  ``(windows, check windows or
        None)``, FACE_PX x FACE_PX x 3 uint8 each."""
        st = self.settings
        if st.check_turn is None:
            return [self.die_window(frame, c) for c in cands], None
        cuts = [(0.0, False, self.window), (st.check_turn, True, self._check_geometry())]
        pairs = [die_windows(frame, c, cuts) for c in cands]
        return [p[0] for p in pairs], [p[1] for p in pairs]

    def _check_geometry(self) -> WindowGeometry:
        """Where the fast net's check window is cut: :attr:`window` moved
        ``check_shift`` die sizes up the frame (within its limits)."""
        g, shift = self.window, self.settings.check_shift
        return replace(g, dy=max(WINDOW_LIMITS["dy"][0], g.dy - shift)) if shift else g

    def turned_window(self, frame: np.ndarray, cand: Candidate, window: np.ndarray, angle: float) -> np.ndarray:
        """``window`` (``cand``'s face window as cut, FACE_PX x FACE_PX x 3
        uint8) turned by ``angle`` degrees, counter-clockwise as
        :func:`vision.window.face_window` turns: a quarter turn (0, 90, 180,
        270, ...) turns the pixels themselves (exact, and no new cut); any
        other angle is cut anew from ``frame``."""
        if angle % 90 == 0:
            k = int(angle // 90) % 4
            return window if k == 0 else np.ascontiguousarray(np.rot90(window, k))
        return self.die_window(frame, cand, angle=angle)

    def turned_windows(self, frame: np.ndarray, cands: list, windows: list[np.ndarray], rows: list[int],
                       angles: tuple[float, ...]) -> np.ndarray | list[np.ndarray]:
        """The windows of the candidates ``rows`` turned by each of
        ``angles`` (:meth:`turned_window`), angle by angle: len(angles) x
        len(rows) windows, the turns of ``rows[j]`` by ``angles[k]`` at
        k * len(rows) + j.  Quarter turns only: one array (len(angles) *
        len(rows)) x FACE_PX x FACE_PX x 3 uint8, each turn made once for
        all the windows (the same pixels as :meth:`turned_window`, without
        a copy per window); else a list of windows."""
        if not rows or any(a % 90 for a in angles):
            return [self.turned_window(frame, cands[i], windows[i], a) for a in angles for i in rows]
        stack = np.stack([windows[i] for i in rows])
        return np.concatenate([np.rot90(stack, int(a // 90) % 4, axes=(1, 2)) for a in angles])
