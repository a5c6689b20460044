"""The result screen (issue 34 item 3, Board Game Arena's end of game): the
final board stays behind a veil, and over it a card names the winner with
a trophy, every seat's final score in ranking order (a shared place "2nd="),
the tie-break that decided a tie (or that the victory is shared) and how
each tie on score below it was decided, a solo game's opponent, and what
to press to go on.  Built from :func:`engines.results.game_result`
only; drawn by the painter like any scene.
"""
from __future__ import annotations

from typing import Any

from engines.results import Result
from firmware.ui.kit import DIM, FG, GOLD, NEED, PANEL, Measure, Rect, Scene, seat_colour, wrap_words

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
                 measure: Measure, bots: Any = (), hint: str = "", notes: Any = (), breakdown: Any = ()) -> Scene:
    """The result screen at ``size`` px over ``base`` (the game's final
    screen, kept behind a veil when it is a drawn scene).

    Args:
        result: the finished game's result.
        bots: 0-based seats played by bots (named so on the card).
        hint: what to press to go on (shown at the card's foot).
        notes: why the game ended and what else decided the scores, one
            entry each, word-wrapped (Café International Junior: "Seat 2:
            -5 for 1 joker in hand"; :func:`firmware.screens.draw.result_notes`):
            the final board holding them is under the card (issue 34).
            They follow the result's own ties below the winners
            (:attr:`~engines.results.Result.place_ties`, PT12).
        breakdown: each seat's score in parts (index = 0-based seat, "" for
            none; Ginza "orders 20, yen 2, bonus 0"), drawn in the seat's
            row where it fits, else on a line under it; an entry may be a
            list of forms, longest first (the first that fits its room is
            drawn: Ginza's bonus cards by name, else by their first word).

    Returns:
        A scene whose ``facts["result"]`` holds ``title``, ``winners``
        (1-based), ``rows`` (``(place, seat 1-based, score)``), ``detail``,
        ``hint``, ``notes``, ``breakdown`` and ``card`` (its Rect).

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
    # places tied on score below the winners: how each tie was decided, or the place shared (PT12)
    notes = list(result.place_ties) + [t for t in notes if t]
    forms = {s: _forms(breakdown[s] if s < len(breakdown) else "") for _, s, _ in rows}
    parts = {s: f[0] for s, f in forms.items()}
    card_w, (place_w, name_w, score_w), in_row = _card_width(scene, result, rows, bots, parts,
                                                             [title, hint, *notes])
    text_w = card_w - 4 * pad
    note_lines = [wrap_words(t, text_w, m.small, measure) or [t] for t in notes]
    under = sum(1 for t in parts.values() if t) if parts and not in_row else 0
    card_h = title_h + (len(rows) + extra) * row_h + under * small_h + (2 * small_h if detail else 0) \
        + small_h + 4 * pad + sum(len(lines) for lines in note_lines) * small_h
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
    y = _score_rows(scene, inner, y, rows, result, bots, (place_w, score_w, row_h),
                    (forms, name_w if in_row else 0), parts)
    if detail:
        scene.wrapped(detail, Rect(inner.x, y, inner.w, 2 * small_h), sizes=(m.small,), colour=FG, max_lines=2)
        y += 2 * small_h
    for lines in note_lines:
        for line in lines:
            scene.text(line, Rect(inner.x, y, inner.w, small_h), sizes=(m.small,), colour=FG)
            y += small_h
    if hint:
        scene.text(hint, Rect(inner.x, inner.bottom - small_h, inner.w, small_h), sizes=(m.small,), colour=DIM,
                   align="center", priority=NEED)
    scene.facts["result"] = {"title": title, "winners": [s + 1 for s in result.winners], "detail": detail,
                             "rows": [(p, s + 1, sc) for p, s, sc in rows], "hint": hint, "notes": notes,
                             "breakdown": {s + 1: t for s, t in parts.items() if t}, "card": card}
    return scene


def _forms(entry: Any) -> list[str]:
    """A breakdown entry's forms, longest first (a plain string: one)."""
    return [str(t) for t in entry] if isinstance(entry, (list, tuple)) and entry else [str(entry or "")]


def _fitting(scene: Scene, forms: list[str], width: int) -> str:
    """The first of ``forms`` that fits ``width`` px at the small size (the last when none does)."""
    small = scene.metrics.small
    return next((t for t in forms if scene.measure(t, small)[0] <= width), forms[-1])


def _card_width(scene: Scene, result: Result, rows: list, bots: Any, parts: dict[int, str],
                texts: list[str]) -> tuple[int, tuple[int, int, int], bool]:
    """The card's width, px: as wide as its widest line needs (``texts``:
    the title, the hint, the notes; a score row with each seat's parts
    beside its name, or under it where they do not fit the screen), at
    least 3/5 of the screen.  Returns ``(width, (place, name, score column
    widths), parts in the rows)``."""
    m, measure, w = scene.metrics, scene.measure, scene.width
    pad, row_h = m.pad, measure("Ag", m.medium)[1] + m.pad
    names = [f"Seat {s + 1}" + (" (bot)" if s in bots else "") for _, s, _ in rows]
    scores = [f"{result.amount(sc)}" for _, _, sc in rows] + \
        ([f"{result.amount(result.solo.score)}"] if result.solo is not None else [])
    name_w = max(measure(t, m.medium)[0] for t in names + ([result.solo.name] if result.solo else []))
    score_w = max(measure(t, m.medium)[0] for t in scores)
    place_w = measure("4th=", m.medium)[0]
    row_w = place_w + name_w + score_w + 2 * row_h + 6 * pad
    part_w = max([measure(t, m.small)[0] for t in parts.values() if t] or [0])
    widest = w - 4 * pad
    in_row = bool(part_w) and row_w + part_w + pad + 4 * pad <= widest     # each seat's parts beside its name
    title, hint, *notes = texts
    card_w = min(widest, max(w * 3 // 5, measure(title, m.large)[0] + 5 * pad + row_h,
                             row_w + 4 * pad + ((part_w + pad) if in_row else 0),
                             (place_w + part_w + 8 * pad) if part_w and not in_row else 0,
                             measure(hint, m.small)[0] + 5 * pad,
                             *(measure(t, m.small)[0] + 5 * pad for t in notes)))
    return card_w, (place_w, name_w, score_w), in_row


def _score_rows(scene: Scene, inner: Rect, y: int, rows: list, result: Result, bots: Any,
                widths: tuple[int, int, int], parts: tuple[dict, int] = ({}, 0),
                drawn: dict[int, str] | None = None) -> int:
    """Each seat's row on the result card from ``y`` (place, token, name,
    its score's parts, score, a trophy for a winner; the parts on a line
    under the row when ``parts[1]``, the names' width, is 0; each the first
    of its forms that fits, recorded in ``drawn``), then the solo
    opponent's; returns the y below them."""
    drawn = {} if drawn is None else drawn
    place_w, score_w, row_h = widths
    breakdown, name_w = parts
    m = scene.metrics
    pad = m.pad
    shared = {s for group in result.ranking if len(group) > 1 for s in group}
    for place_k, seat, score in rows:
        r = Rect(inner.x, y, inner.w, row_h - pad // 2)
        won = seat in result.winners
        scene.add("panel", r, None, fill=(58, 64, 84) if won else PANEL, border=seat_colour(seat) if won else None,
                  radius=pad)
        rin = r.inset(pad // 2)
        place_r, tok, name_r, score_r, cup = rin.cols(-place_w, -rin.h, 1, -min(score_w, rin.w // 3), -rin.h,
                                                       gap=pad)
        forms = breakdown.get(seat) or [""]
        words = forms[0]
        if words and name_w:
            name_r, part_r = name_r.cols(-name_w, 1, gap=pad)
            drawn[seat] = words = _fitting(scene, forms, part_r.w)
            scene.text(words, part_r, sizes=(m.small,), colour=DIM)
        if result.solo is None and result.solo_best is None:     # a solo seat has no place to speak of
            scene.text(_ordinal(place_k) + ("=" if seat in shared else ""), place_r, sizes=(m.medium, m.small),
                       colour=GOLD if won else DIM)
        scene.add("token", tok, None, seat=seat, colour=seat_colour(seat), label=str(seat + 1))
        name = f"Seat {seat + 1}" + (" (bot)" if seat in bots else "")
        scene.text(name, name_r, sizes=(m.medium, m.small), colour=FG)
        scene.text(f"{result.amount(score)}", score_r, sizes=(m.medium, m.small), colour=FG, align="right")
        if won:
            scene.add("icon", cup, None, name="trophy", won=True)
        y += row_h
        if words and not name_w:
            small_h = scene.measure("Ag", m.small)[1]
            drawn[seat] = words = _fitting(scene, forms, inner.right - tok.x)
            scene.text(words, Rect(tok.x, y - pad // 2, inner.right - tok.x, small_h), sizes=(m.small,),
                       colour=DIM)
            y += small_h
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
