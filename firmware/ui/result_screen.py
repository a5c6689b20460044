"""The result screen (issue 34 item 3, Board Game Arena's end of game): the
final board stays behind a veil, and over it a card names the winner with
a trophy, every seat's final score in ranking order, the tie-break that
decided a tie (or that the victory is shared), a solo game's opponent, and
what to press to go on.  Built from :func:`engines.results.game_result`
only; drawn by the painter like any scene.
"""
from __future__ import annotations

from typing import Any

from engines.results import Result
from firmware.ui.kit import DIM, FG, GOLD, NEED, PANEL, Measure, Rect, Scene, seat_colour

VEIL = (0, 0, 0, 150)
CARD = (34, 38, 52)


def _n(x: float) -> str:
    return f"{x:g}"


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def title_of(result: Result) -> str:
    """The card's title: ``"Seat 3 wins!"``, ``"Seats 1 and 3 share the
    victory"``, ``"AI Player 2 wins"``, ``"Solo score: 31 points"``."""
    if result.solo is not None or result.solo_best is not None:
        return result.lines[0] + ("!" if result.solo is not None and result.solo.won else "")
    if result.shared:
        return " ".join(result.lines[:2])
    return f"Seat {result.winners[0] + 1} wins!"


def detail_of(result: Result) -> str:
    """The line under the scores: the tie-break that decided a tie (``"Tied
    on points with seat 1: decided by most unspent coins: 5 to 3"``),
    a shared victory's tie-breaks, a solo game's rule, or ""."""
    if result.solo is not None:
        return "A tie goes to the AI: the seat needs more" if len(result.lines) > 3 else ""
    if result.solo_best is not None:
        return result.lines[1].capitalize() if len(result.lines) > 1 else ""
    if result.shared:
        return f"Still tied after {result.tie_break}" if result.tie_break else "The rules share a tie"
    if result.tie_break:
        tied = result.lines[2] if len(result.lines) > 2 else ""
        return f"{tied.capitalize()} on {result.unit}: decided by {result.tie_break}"
    return ""


def result_scene(game: Any, result: Result, base: "Scene | None", size: tuple[int, int],
                 measure: Measure, bots: Any = (), hint: str = "", notes: Any = ()) -> Scene:
    """The result screen at ``size`` px over ``base`` (the game's final
    screen, kept behind a veil when it is a drawn scene).

    Args:
        result: the finished game's result.
        bots: 0-based seats played by bots (named so on the card).
        hint: what to press to go on (shown at the card's foot).
        notes: what else decided the scores, one line each (Café
            International Junior: "Seat 2: -5, 1 joker in hand";
            :func:`firmware.screens.draw.result_notes`): the final board
            holding them is under the card (issue 34).

    Returns:
        A scene whose ``facts["result"]`` holds ``title``, ``winners``
        (1-based), ``rows`` (``(place, seat 1-based, score)``), ``detail``
        and ``hint``.

    Raises:
        LayoutError: the card cannot fit (a layout bug).
    """
    w, h = size
    scene = Scene(w, h, measure)
    if isinstance(base, Scene):
        scene.nodes.extend(base.nodes)
    scene.add("panel", scene.rect, None, fill=VEIL, radius=0)
    m = scene.metrics
    pad = m.pad
    title = title_of(result)
    detail = detail_of(result)
    rows: list[tuple[int, int, float]] = []
    place = 1
    for group in result.ranking:
        for seat in group:
            rows.append((place, seat, result.scores[seat]))
        place += len(group)
    row_h = measure("Ag", m.medium)[1] + pad
    title_h = measure("Ag", m.large)[1] + 2 * pad
    small_h = measure("Ag", m.small)[1]
    extra = 1 if result.solo is not None else 0
    notes = list(notes)
    card_h = title_h + (len(rows) + extra) * row_h + (2 * small_h if detail else 0) + small_h + 4 * pad \
        + len(notes) * small_h
    # the card is as wide as its widest line needs (the title, a score row, the hint), at least 3/5 of the screen
    names = [f"Seat {s + 1}" + (" (bot)" if s in bots else "") for _, s, _ in rows]
    scores = [f"{result.amount(sc)}" for _, _, sc in rows] + \
        ([f"{result.amount(result.solo.score)}"] if result.solo is not None else [])
    name_w = max(measure(t, m.medium)[0] for t in names + ([result.solo.name] if result.solo else []))
    score_w = max(measure(t, m.medium)[0] for t in scores)
    place_w = measure("4th", m.medium)[0]
    row_w = place_w + name_w + score_w + 2 * row_h + 6 * pad
    card_w = min(w - 4 * pad, max(w * 3 // 5, measure(title, m.large)[0] + 5 * pad + row_h, row_w + 4 * pad,
                                  measure(hint, m.small)[0] + 5 * pad,
                                  *(measure(t, m.small)[0] + 5 * pad for t in notes)))
    card_h = min(h - 2 * pad, card_h)
    card = Rect((w - card_w) // 2, (h - card_h) // 2, card_w, card_h)
    scene.add("panel", card, None, fill=CARD, border=GOLD, glow=True, radius=2 * pad)
    inner = card.inset(2 * pad)
    y = inner.y
    trophy = Rect(inner.x, y, title_h - 2 * pad, title_h - 2 * pad)
    scene.add("icon", trophy, None, name="trophy", won=bool(result.winners))
    scene.text(title, Rect(trophy.right + pad, y, inner.w - trophy.w - pad, trophy.h),
               sizes=(m.large, m.medium, m.small), colour=GOLD)
    y += title_h
    y = _score_rows(scene, inner, y, rows, result, bots, (place_w, score_w, row_h))
    if detail:
        scene.wrapped(detail, Rect(inner.x, y, inner.w, 2 * small_h), sizes=(m.small,), colour=FG, max_lines=2)
        y += 2 * small_h
    for note in notes:
        scene.text(note, Rect(inner.x, y, inner.w, small_h), sizes=(m.small,), colour=FG)
        y += small_h
    if hint:
        scene.text(hint, Rect(inner.x, inner.bottom - small_h, inner.w, small_h), sizes=(m.small,), colour=DIM,
                   align="center", priority=NEED)
    scene.facts["result"] = {"title": title, "winners": [s + 1 for s in result.winners], "detail": detail,
                             "rows": [(p, s + 1, sc) for p, s, sc in rows], "hint": hint, "notes": notes}
    return scene


def _score_rows(scene: Scene, inner: Rect, y: int, rows: list, result: Result, bots: Any,
                widths: tuple[int, int, int]) -> int:
    """Each seat's row on the result card from ``y`` (place, token, name,
    score, a trophy for a winner), then the solo opponent's; returns the y
    below them."""
    place_w, score_w, row_h = widths
    m = scene.metrics
    pad = m.pad
    for place_k, seat, score in rows:
        r = Rect(inner.x, y, inner.w, row_h - pad // 2)
        won = seat in result.winners
        scene.add("panel", r, None, fill=(58, 64, 84) if won else PANEL, border=seat_colour(seat) if won else None,
                  radius=pad)
        rin = r.inset(pad // 2)
        place_r, tok, name_r, score_r, cup = rin.cols(-place_w, -rin.h, 1, -min(score_w, rin.w // 3), -rin.h,
                                                       gap=pad)
        if result.solo is None and result.solo_best is None:     # a solo seat has no place to speak of
            scene.text(_ordinal(place_k), place_r, sizes=(m.medium, m.small), colour=GOLD if won else DIM)
        scene.add("token", tok, None, seat=seat, colour=seat_colour(seat), label=str(seat + 1))
        name = f"Seat {seat + 1}" + (" (bot)" if seat in bots else "")
        scene.text(name, name_r, sizes=(m.medium, m.small), colour=FG)
        scene.text(f"{result.amount(score)}", score_r, sizes=(m.medium, m.small), colour=FG, align="right")
        if won:
            scene.add("icon", cup, None, name="trophy", won=True)
        y += row_h
    if result.solo is not None:
        r = Rect(inner.x, y, inner.w, row_h - pad // 2)
        scene.add("panel", r, None, fill=PANEL, radius=pad)
        rin = r.inset(pad // 2)
        _, name_r, score_r, _ = rin.cols(-place_w - rin.h - pad, 1, -min(score_w, rin.w // 3), -rin.h, gap=pad)
        scene.text(result.solo.name, name_r, sizes=(m.medium, m.small), colour=FG)
        scene.text(f"{result.amount(result.solo.score)}", score_r, sizes=(m.medium, m.small), colour=FG,
                   align="right")
        y += row_h
    return y
