"""Seats' choices worked out once while the game holds still (issue 36:
a pass asked each seat's legal actions up to ten times: the refresh, the
presses, the HDMI's cursors, the seat's mat and its OLED).  Moved out of
:mod:`firmware.runtime.controls`, whose :class:`SeatControls` reads the
memo (``_STILL``), as before."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

_STILL = threading.local()


@contextmanager
def game_held_still(controls_too: bool = True) -> Iterator[None]:
    """While the game does not change (but through :func:`game_moved`),
    each seat's :meth:`SeatControls.selectable` is worked out once and then
    reused; with ``controls_too`` (a render: drawing never moves a cursor)
    each seat's :meth:`SeatControls.shown` too (issue 36: a pass asked
    each seat's legal actions up to ten times: the refresh, the presses,
    the HDMI's cursors, the seat's mat and its OLED).  A nested block
    shares the outer one's choices; the shown ones it kept end with it.
    The memo is this thread's."""
    outer = getattr(_STILL, "memo", None)
    outer_shown = getattr(_STILL, "shown", None)
    if outer is None:
        _STILL.memo = {}
    if controls_too and outer_shown is None:
        _STILL.shown = {}
    try:
        yield
    finally:
        if controls_too and outer_shown is None:
            _STILL.shown = None
        if outer is None:
            _STILL.memo = None


def game_moved() -> None:
    """The game changed (an action was applied): the choices worked out
    inside :func:`game_held_still` are forgotten."""
    if getattr(_STILL, "memo", None):
        _STILL.memo = {}
    if getattr(_STILL, "shown", None):
        _STILL.shown = {}
