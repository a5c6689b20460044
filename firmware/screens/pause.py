"""What the screens show while a game is paused (issue 38): every seat's
OLED says "paused", who paused it and how to go on; the HDMI shows the
board (page 0) or, as any person's arrows turn the pages, the game's
how-to-play pages (:mod:`firmware.screens.howto`)."""
from __future__ import annotations

from typing import Any

from firmware.ui.oled import OledFrame, oled_image


def paused_oled(seat: int, pause: Any) -> Any:
    """A seat's OLED frame while paused: "paused", by whom, how to go on
    and how to reach the pages (lines of at most 21 characters).

    Returns:
        a :class:`firmware.ui.oled.OledFrame` (``image`` 128 x 64, ``texts``).
    """
    by = f"by seat {pause.by + 1}" if pause.by is not None else ""
    if getattr(pause, "leaving", False):       # the window's Esc question holds the game (issue 34)
        lines = [f"Seat {seat + 1}: paused", "Esc: leave the game?", "Esc again: leave", "or wait: go on"]
    else:
        lines = [f"Seat {seat + 1}: paused", by, "hold both arrows 1 s", "to go on", "<moves   how to play>"]
    lines = [ln for ln in lines if ln]
    frame = OledFrame()
    frame.image = oled_image(lines, invert_first=True)
    frame.texts = lines
    return frame


def paused_scene(game_id: str, pause: Any, size: tuple[int, int], measure: Any, log: list[str] | None = None) -> Any:
    """The HDMI scene while paused: None on page 0 (the board stays,
    with the pause notice), else the how-to-play page turned to, its
    header saying the game is paused and how to go on; None for a game
    with no pages.  Left of the board (a negative page, with ``log``
    given: the moves in words, oldest first): the log's pages, the newest
    first (:func:`firmware.screens.log_scene.log_scene`)."""
    from firmware.screens.howto import PAGES, Pager
    from firmware.screens.howto_scene import howto_scene
    if log is not None and pause.page < 0:
        from firmware.screens.log_scene import log_scene
        return log_scene(log, -pause.page, size, measure, notice=pause.notice())
    if game_id not in PAGES:
        return None
    pager = Pager(game_id, board_first=True)
    pager.page = pause.page % pager.count
    if pager.showing_board:
        return None
    return howto_scene(pager, size, measure, title="Paused", notice=pause.notice())


#: The pause's stamp on the board's page: its words under "Paused".
PAUSED_HOW = "hold both arrows 1 s to go on \u00b7 the arrows turn to the rules"


def paused_stamp(scene: Any) -> Any:
    """Put a box "Paused" (the large size) and how to go on on the board's
    page of a pause (PT63: at a metre only the header's small note said
    the game was paused); returns the scene.  The box is drawn last, over
    the board: over the place the game's screen offers
    (``scene.facts["pause_at"]``, (x, y, w, h) px: Retrograde's phase box,
    its words frozen while paused; PT71, PT72: in the middle it covered
    seat 1's header and dice) when it fits there with how to go on in two
    lines, else in the middle of the screen."""
    from firmware.ui.kit import Rect
    from firmware.ui.palette import GOLD, OVERLAY
    from firmware.ui.text_rules import INFO
    m = scene.metrics
    big_h = scene.measure("Ag", m.large)[1]
    small_h = scene.measure("Ag", m.small)[1]
    how = [PAUSED_HOW]
    at = scene.facts.get("pause_at")
    halves = PAUSED_HOW.split(" \u00b7 ")
    if at is not None:
        w = max(scene.measure(t, m.small)[0] for t in halves) + 4 * m.pad
        h = big_h + 2 * small_h + 5 * m.pad
        ax, ay, aw, ah = at
        if w <= aw and h <= ah:
            # (at the foot of the place: the heading above it, "Stop!", still shows)
            how, box = halves, Rect(ax + (aw - w) // 2, ay + ah - h - m.pad // 2, w, h)
        else:
            at = None
    if at is None:
        w = min(scene.width - 4 * m.pad, max(scene.measure(PAUSED_HOW, m.small)[0], scene.width // 3) + 4 * m.pad)
        h = big_h + small_h + 5 * m.pad
        box = Rect((scene.width - w) // 2, (scene.height - h) // 2, w, h)
    scene.add("panel", box, None, fill=OVERLAY, border=GOLD, radius=m.pad * 2)
    inner = box.inset(2 * m.pad)
    top, foot = inner.rows(-big_h, 1, gap=m.pad)
    scene.text("Paused", top, sizes=(m.large,), colour=GOLD, align="center", priority=INFO)
    for i, text in enumerate(how):
        line = Rect(foot.x, foot.y + i * small_h, foot.w, small_h) if len(how) > 1 else foot
        if scene.text(text, line, sizes=(m.small,), align="center", priority=INFO) is None:
            scene.dropped.pop()      # (a narrow screen: "Paused" alone, the header says how to go on)
    return scene

