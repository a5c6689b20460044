"""What the games share for an outcome that must be read before play goes on
(rulings CAB-7, CAB-10, GR-10): how long it stays, and the round's summary
drawn in the board's place while the next round waits.  Used by Cha dango
(its race result), Retrograde, Cryptid Cafe and Ginza (their rounds)."""
from __future__ import annotations

from typing import Any

#: How long a result stays at least, and how much longer for each line of
#: it, ms (ruling CAB-7: read before play goes on).
READ_BASE_MS, READ_LINE_MS = 2000, 800
#: The longest a result holds the game, ms.
READ_MAX_MS = 15_000


def read_time_ms(lines: int, base_ms: int) -> int:
    """How long (ms) a result of ``lines`` lines stays: :data:`READ_BASE_MS`
    plus :data:`READ_LINE_MS` a line, never less than ``base_ms`` (the
    cabinet's ``race_result_ms`` / ``round_result_ms``), at most
    :data:`READ_MAX_MS`; 0 when ``base_ms`` is 0 (a cabinet set for no pause)."""
    if base_ms <= 0:
        return 0
    return min(READ_MAX_MS, max(base_ms, READ_BASE_MS + READ_LINE_MS * lines))


def draw_round_summary(scene: Any, r: Any, summary: dict[str, Any], banner: str, *, next_word: str = "round",
                       head_sizes: tuple[str, ...] = ("medium", "small"), lit_bests: bool = False,
                       pending: list[str] | tuple[str, ...] = ()) -> None:
    """The round's summary in the panel ``r`` (px): "Round 3 done · next
    round in 4 s" (``next_word``: "roll" for Retrograde; the seconds from
    the session's ``banner`` "next 4") in the first of ``head_sizes`` that
    fits, then a line a seat (the round's best seats lit when
    ``lit_bests``); under them, in gold, what a person's next press would
    do (``pending``).  Records ``scene.facts["round_summary"]``."""
    from firmware.ui.kit import GOLD, INFO, NEED, PANEL, Rect
    m = scene.metrics
    sizes = tuple(getattr(m, s) for s in head_sizes)
    scene.add("panel", r, None, fill=PANEL, border=GOLD, radius=m.pad)
    inner = r.inset(m.pad)
    head, rest = inner.rows(-scene.measure("Ag", sizes[0])[1], 1, gap=m.pad // 2)
    left = banner.split()[-1] if banner.startswith("next") else ""
    scene.text(f"Round {summary['round']} done" + (f" · next {next_word} in {left} s" if left else ""), head,
               sizes=sizes, colour=GOLD)
    bests = summary.get("bests", []) if lit_bests else []
    used = scene.lines([(line, NEED if i in bests else INFO) for i, line in enumerate(summary["seats"])], rest,
                       size=m.small)
    if pending:
        line_h = scene.measure("Ag", m.small)[1]
        below = Rect(rest.x, rest.y + len(used) * line_h, rest.w, max(0, rest.h - len(used) * line_h))
        scene.lines([(t, INFO) for t in pending], below, size=m.small, colour=GOLD)
    scene.facts["round_summary"] = summary


def summary_oled(seat: int, context: dict[str, Any], top: str | None = None) -> Any:
    """A seat's OLED while a round's summary stands (ruling CAB-13): the
    seat's choices are under the summary, so none is offered; "round 3
    done", "press: see the board" (or, once it pressed, whose press the
    summary waits for) and "next round in 4 s" (lines of at most 21
    characters; the context's ``round_summary``, ``summary_read``,
    ``banner`` and ``bots``); ``top``: the first line's words instead of
    "Seat 1: round 3 done" (the walkthrough's "first round done!").

    Returns:
        a :class:`firmware.ui.oled.OledFrame` (``image`` 128 x 64, ``texts``).
    """
    from firmware.ui.oled import OledFrame, oled_image
    summary = context["round_summary"]
    banner = context.get("banner") or ""
    read = set(context.get("summary_read") or ())
    lines = [top or f"Seat {seat + 1}: round {summary['round']} done", "summary: big screen"]
    if seat in read:
        players = len(context.get("controls") or ()) or seat + 1
        waiting = [s + 1 for s in range(players) if s not in read and s not in set(context.get("bots") or ())]
        lines.append("waiting for " + ("Seat " if len(waiting) == 1 else "Seats ")
                     + ", ".join(map(str, waiting[:3])) if waiting else "the board comes")
    else:
        lines.append("press: see the board")
    if banner.startswith("next"):
        lines.append(f"next round in {banner.split()[-1]} s")
    frame = OledFrame()
    frame.image = oled_image(lines, invert_first=True)
    frame.texts = lines
    return frame


def summary_fits(scene: Any, r: Any, summary: dict[str, Any] | None, finals: list[str],
                 pending: list[str] | tuple[str, ...] = (), head_size: str = "medium") -> bool:
    """True when the summary's (or the finals') heading (its row as high
    as the ``head_size`` text, the first of :func:`draw_round_summary`'s
    ``head_sizes``) and every line (and the ``pending`` ones),
    word-wrapped, fit the panel ``r`` (px) at the screen's small size."""
    from firmware.ui.kit import wrap_words
    m = scene.metrics
    inner = r.inset(m.pad)
    lines = [*(summary["seats"] if summary else finals[1:]), *pending]
    line_h = scene.measure("Ag", m.small)[1]
    need = sum(len(wrap_words(t, inner.w, m.small, scene.measure) or [t, t]) for t in lines)
    return need <= (inner.h - scene.measure("Ag", getattr(m, head_size))[1] - m.pad // 2) // line_h
