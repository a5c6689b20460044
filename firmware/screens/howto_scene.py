"""The how-to-play pages drawn on the kit (issue 38, Build 2): a header
(the game, the page, how to turn it), the page's title and two or three
tiles side by side, each a picture of the game's components with a short
caption under it, and a row of page dots.  Content: :mod:`firmware.screens.howto`.
"""
from __future__ import annotations

from typing import Any

from firmware.ui.kit import (BG, DIM, FG, GOLD, INFO, NEED, PANEL, Measure, Rect, Scene, header, header_todo, seat_colour,
                  wrap_words)
from firmware.ui.scaled import new_scene

KEY_GREY = (88, 94, 112)


def _art_item(scene: Scene, r: Rect, kind: str, props: dict[str, Any]) -> None:
    """One art item in the square ``r``."""
    m = scene.metrics
    if kind == "sign":
        scene.text(props["text"], r, sizes=(m.large, m.medium, m.small), colour=GOLD, align="center")
    elif kind == "target":          # a Retrograde target card: its two droids
        card = Rect(r.x + r.w // 6, r.y, r.w * 2 // 3, r.h)
        scene.add("card", card, None, state="up")
        a, b = card.inset(max(3, card.w // 10)).rows(1, 1, gap=2)
        scene.add("droid", a, None, pips=props["pips"][0])
        scene.add("droid", b, None, pips=props["pips"][1])
    elif kind == "keys":            # a seat's two arrows and its big button
        left, btn, right = r.cols(1, 2, 1, gap=max(2, r.w // 20))
        for box, glyph in ((left, "<"), (right, ">")):
            sq = box.square()
            sq = Rect(sq.x, r.y + (r.h - sq.h) // 2, sq.w, sq.h)
            scene.add("panel", sq, None, fill=KEY_GREY, radius=max(3, sq.w // 5))
            scene.text(glyph, sq, sizes=(m.medium, m.small), colour=FG, align="center", priority=INFO)
        sq = btn.square()
        if props.get("lit"):
            scene.add("panel", sq, None, fill=(90, 70, 20), border=GOLD, glow=True, radius=sq.w // 2)
        scene.add("token", sq.inset(max(3, sq.w // 10)), None, seat=0,
                  colour=GOLD if props.get("lit") else (150, 60, 56), label="!" if props.get("blink") else "")
    elif kind == "order":           # a Cryptid Cafe dish with how many are ordered (as on a customer card)
        _order(scene, r, props["dish"], props["count"])
    elif kind == "customer":        # a Cryptid Cafe customer card: name, type, tip now, order
        _customer(scene, r, props)
    elif kind == "chacard":         # a Cha dango card: background, figure, dango
        card = Rect(r.x + r.w // 8, r.y, r.w * 3 // 4, r.h)
        scene.add("card", card, None, state="up", fill=(240, 236, 226))
        inner = card.inset(max(3, card.w // 14))
        scene.add("swatch", inner, None, name=props["background"], radius=max(3, inner.w // 10))
        fig_r, dango_r = inner.cols(0.7, 0.3)
        scene.add("figure", fig_r.inset(max(1, fig_r.w // 14)).square(), None, name=props["figure"])
        scene.add("dango", dango_r.inset(max(1, dango_r.w // 8)), None, name=props["dango"])
    elif kind == "back":            # a Cha dango card's back on a light ground, as the board shows it
        scene.add("panel", r.inset(max(2, r.w // 12)), None, fill=(235, 230, 245), radius=max(3, r.w // 10))
        scene.add("back", r.inset(max(3, r.w // 6)), None, attribute=props["attribute"])
    elif kind == "meeple":
        if props.get("ai"):          # a Cryptid Cafe AI player's server: grey, as on the board
            scene.add("meeple", r, None, colour=(150, 150, 156), label=props.get("label", ""), ai=True)
        else:
            scene.add("meeple", r, None, colour=seat_colour(props.get("seat", 0)), label=props.get("label", ""))
    elif kind == "token":
        seat = props.get("seat", 0)
        scene.add("token", r.inset(r.w // 8), None, seat=seat, colour=seat_colour(seat),
                  label=props.get("label", str(seat + 1)))
    else:
        scene.add(kind, r, None, **props)


def _order(scene: Scene, r: Rect, dish: str, count: int) -> None:
    """A dish with its count on a badge at its lower right (how a Cryptid
    Cafe customer card shows an order)."""
    sq = r.square()
    scene.add("dish", sq, None, name=dish)
    badge = Rect(sq.right - sq.w // 2, sq.bottom - sq.h // 2, sq.w // 2, sq.h // 2)
    scene.add("token", badge, None, colour=(250, 250, 250), label=str(count))


def _customer(scene: Scene, r: Rect, props: dict[str, Any]) -> None:
    """A Cryptid Cafe customer card as the board draws one: its name on
    top, its type (left) and tip now (a coin, right), its order under them
    (``props``: ``name``, ``type``, ``tip``, ``order`` as (dish, count) pairs)."""
    card = Rect(r.x, r.y + r.h // 10, r.w, r.h * 4 // 5)
    scene.add("card", card, None, state="up", fill=(240, 232, 214))
    inner = card.inset(max(2, card.w // 16))
    name_r, top, bottom = inner.rows(1, 1.2, 1.2, gap=1)
    scene.text(props["name"], name_r, sizes=(scene.metrics.small,), colour=(40, 32, 28), align="center",
               priority=INFO)
    type_r, tip_r = top.cols(1, 1, gap=2)
    scene.add("ctype", type_r.square(), None, name=props["type"])
    scene.add("coin", tip_r.square(), None, label=str(props["tip"]))
    order = props["order"]
    for (dish, count), cell in zip(order, bottom.cols(*([1] * len(order)), gap=1)):
        _order(scene, cell, dish, count)


def _captions(scene: Scene, page: Any, cells: list[Rect], height: int) -> tuple[int, list[list[str]]]:
    """The largest text size (medium, else small) at which every caption
    of ``page`` wraps into its tile in at most 4 lines leaving its
    picture at least 3 lines high; the lines per tile.

    Raises:
        LayoutError: not even at the small size.
    """
    from firmware.ui.kit import LayoutError
    m = scene.metrics
    for size in (m.medium, m.small):
        line_h = scene.measure("Ag", size)[1]
        wraps = [wrap_words(t.caption, c.w - 2 * m.pad, size, scene.measure) for t, c in zip(page.tiles, cells)]
        if any(w is None or len(w) > 4 for w in wraps):
            continue
        if height - 3 * m.pad - max(len(w) for w in wraps) * line_h >= 3 * line_h:
            return size, wraps
    raise LayoutError(f"the captions of {page.title!r} do not fit their tiles ({scene.width}x{scene.height})")


def _first_fit_title(scene: Scene, options: list[str], width: int) -> str:
    m = scene.metrics
    return next((o for o in options if scene.measure(o, m.medium)[0] <= width), options[-1])


def art_row(scene: Scene, rect: Rect, art: tuple) -> None:
    """The items of ``art`` side by side in ``rect``, each in a square as
    large as fits, centred."""
    n = max(1, len(art))
    gap = max(2, scene.metrics.pad // 2)
    side = max(8, min(rect.h, (rect.w - gap * (n - 1)) // n))
    total = n * side + gap * (n - 1)
    x = rect.x + (rect.w - total) // 2
    y = rect.y + (rect.h - side) // 2
    for kind, props in art:
        _art_item(scene, Rect(x, y, side, side), kind, props)
        x += side + gap


def howto_scene(pager: Any, size: tuple[int, int], measure: Measure, *, text_size: str = "normal",
                hint: str = "", title: str | None = None, notice: str = "") -> Scene:
    """The page ``pager`` shows, at ``size`` px.

    Args:
        pager: a :class:`firmware.screens.howto.Pager` on a how-to page.
        hint: how to turn the pages (the header says it).
        title: the header's title (default "How to play: GAME").
        notice: a line that takes the whole header (e.g. the pause's
            "paused by seat 1: hold both arrows 1 s to go on").

    Raises:
        LayoutError: a caption does not fit (tests draw every page of every
            game at both sizes and both text sizes).
    """
    from engines import GAMES
    scene = new_scene(size, measure, text_size)
    m = scene.metrics
    page = pager.current
    scene.add("panel", scene.rect, None, fill=BG, radius=0)
    head_h = scene.measure("Ag", m.medium)[1] + m.pad
    head, body = scene.rect.rows(-head_h, 1)
    name = GAMES[pager.game_id].name if pager.game_id in GAMES else pager.game_id
    where = f"page {pager.page + 1} of {pager.count}"
    if notice:
        header(scene, head, title or "How to play", "", notice)
    else:
        title = title or _first_fit_title(scene, [f"How to play: {name}", name], head.w // 2)
        todo = header_todo(scene, head, title, where, [hint, "page: < >"]) if hint else ""
        header(scene, head, title, where, todo)
    body = body.inset(m.pad)
    line_h = scene.measure("Ag", m.small)[1]
    title_h = scene.measure("Ag", m.medium)[1]
    dots_h = max(10, line_h // 2)
    title_r, tiles_r, dots_r = body.rows(-title_h, 1, -dots_h, gap=m.pad)
    scene.text(f"{page.title}  ({where})" if notice else page.title, title_r, sizes=(m.medium, m.small),
               colour=GOLD)
    cells = tiles_r.cols(*([1] * len(page.tiles)), gap=m.pad)
    size, wraps = _captions(scene, page, cells, tiles_r.h)
    line_h = scene.measure("Ag", size)[1]
    cap_h = max(len(w) for w in wraps) * line_h
    inners = [cell.inset(m.pad) for cell in cells]
    # one band for every tile's picture, its captions under it: the tiles line up
    band = max(min(inner.h - cap_h - m.pad, (inner.w - max(2, m.pad // 2) * (len(t.art) - 1)) // max(1, len(t.art)))
               for t, inner in zip(page.tiles, inners))
    for tile, cell, inner, lines in zip(page.tiles, cells, inners, wraps):
        scene.add("panel", cell, None, fill=PANEL, radius=m.pad)
        top = inner.y + (inner.h - band - m.pad - cap_h) // 2
        art_row(scene, Rect(inner.x, top, inner.w, band), tile.art)
        cap_y = top + band + m.pad
        for i, line in enumerate(lines):
            scene.text(line, Rect(inner.x, cap_y + i * line_h, inner.w, line_h), sizes=(size,),
                       colour=FG, align="center", priority=NEED)
    n = pager.count
    dot = dots_h
    total = n * dot + (n - 1) * dot
    x = dots_r.x + (dots_r.w - total) // 2
    for k in range(n):
        scene.add("panel", Rect(x, dots_r.y, dot, dot), None, fill=GOLD if k == pager.page else DIM, radius=dot // 2)
        x += 2 * dot
    scene.facts["howto"] = {"game": pager.game_id, "page": pager.page, "title": page.title,
                            "captions": [t.caption for t in page.tiles]}
    return scene
