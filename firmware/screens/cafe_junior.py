"""Café International Junior on the cabinet, drawn: the shared HDMI table
and each seat's OLED.

HDMI (public view only): the café as the 4 x 4 grid it becomes (ruling
CI-3), each table drawn with its four corner flags (ruling CI-2: a side
takes the flags at its two ends) and the guests seated on its sides (girl /
boy with their country's flag, jokers in a jester hat), on a mat of its own
in a checkerboard of two colours (a guest's table is the one on its mat,
never its neighbour's across the gap, PT45); full tables turned
over; the seat the player to move is choosing (the action under its
cursor) lit on the table; the guest pile, the discard pile with its top
card, the table pile, free seats; each seat's points and how many cards it
holds (as card backs, never their faces).

The hand lives only on the seat's OLED, drawn as guests (girl / boy and
the country), with the cursor's guest marked.  Rulebook
``cafe-international-junior.txt``; rulings CI-1 .. CI-7.
"""
from __future__ import annotations

from typing import Any


from firmware.screens.cafe_junior_feed import JOKER_PENALTY, end_short, end_words, feed_lines, last_move_words
from firmware.ui.cafe_art import tight_width
from firmware.ui.kit import BG, DIM, FEED, FG, GOLD, INFO, PANEL, Rect, Scene, header, header_todo, seat_banner
from firmware.screens.cafe_junior_groups import (  # noqa: F401 - the choices a guest at a time (hooks)
    GROUP_WORDS, choice_group, choice_order, choice_twin, group_hint)
from firmware.screens.cafe_junior_words import first_round, walkthrough_words  # noqa: F401 - the first-game walkthrough's hooks
from firmware.screens.cafe_junior_oled import (  # noqa: F401 - the game's OLED and label hooks, found here
    SHORT, SHORT_NAMES, choice_short, country_words, ends_words, guest_words, label, oled_frame, private_words)


#: The moves in words for the replay and the pause's log (issue 38): ``(events, view, keep) -> lines``.
log_words = feed_lines

DRAWN = True
TITLE = "Café International Junior"
GRID = 4
SIDES = ("top", "right", "bottom", "left")
#: Ruling CI-2: each side accepts the flags at its two ends.
SIDE_CORNERS = {"top": ("top_left", "top_right"), "right": ("top_right", "bottom_right"),
                "bottom": ("bottom_left", "bottom_right"), "left": ("top_left", "bottom_left")}
CORNERS = ("top_left", "top_right", "bottom_left", "bottom_right")
GRID_BG = (44, 36, 32)
#: the grid's row and column numbers, light on the floor
GRID_NUMBER = (214, 196, 160)
#: Each table's mat, holding its tile and its four seats, in a
#: checkerboard of two colours: two neighbouring tables never share one, so
#: the seam between their facing guests shows whose each is (PT45: two Kenya
#: boys side by side in one gap could not be told apart by table).
MATS = ((92, 70, 50), (50, 74, 70))


def guest_code(card: dict[str, Any] | None) -> str:
    """A guest card as its country code and g/b (``KENg``, jokers ``J-g``)
    for the 128 px OLED only."""
    if card is None:
        return "-"
    g = "g" if card.get("gender") == "girl" else "b"
    return f"J-{g}" if card.get("joker") else f"{card.get('country')}{g}"


def chosen_seat(game, view: dict[str, Any], context: dict[str, Any]) -> tuple[str, str] | None:
    """``(table, side)`` of the place / exchange action under the cursor of
    the seat to move (from ``context["controls"]``; a person's seat, never
    one in ``context["bots"]``), or None.  Only the
    seat is drawn, never the guest card it would take."""
    seat = view.get("current_player")
    controls = context.get("controls")
    if seat is None or controls is None or seat in set(context.get("bots") or ()):
        return None     # a bot's seat: no cursor a person follows
    try:
        c = controls[seat]
    except (KeyError, IndexError, TypeError):
        return None
    act = c.shown(game).chosen
    if act is None:
        return None
    if act.get("type") in ("place", "exchange"):
        return act.get("table"), act.get("side")
    return None


# ------------------------------------------------------------ HDMI
#: px between a seat and its table, and kept free round a seat for the
#: cursor's ring (drawn 2 px outside the seat)
SEAT_GAP, RING = 1, 2


def _guest(scene: Scene, r: Rect, card: dict[str, Any], dim: bool = False, key: str | None = None) -> None:
    """A guest card's picture: the child (girl / boy / joker) with its
    country's flag on its corner."""
    joker = bool(card.get("joker"))
    scene.add("guest", r, key, gender=card["gender"], joker=joker, dim=dim)
    if not joker and card.get("country"):
        fw = max(8, r.w * 11 // 20)
        scene.add("flag", Rect(r.right - fw, r.bottom - fw * 2 // 3, fw, fw * 2 // 3), None, code=card["country"])


def seat_room(c: int) -> tuple[int, int, int]:
    """How a grid cell ``c`` px square shares out between its table and
    the four seats round it (issue 34 round: seated guests of about 10 px
    were hard to read at a metre): ``(tile, depth, flag)`` px: the table's
    side, the depth of a seat (the height of a seated child, as deep as the
    gap between two tables allows) and the width of its flag (as wide as the seat is deep).
    A seat on the left or right, the child above its flag, stays within its
    table's height, so the seats above and below may reach past the table's
    corners; the cursor's ring round a seat keeps off the table and the
    next cell."""
    margin = 2 * (SEAT_GAP + RING + 1)     # a ring reaches 1 px past its cell: the cells are 2 px apart
    for depth in range(c // 3, 3, -1):
        tile = c - 2 * depth - margin
        flag = depth
        side = depth + SEAT_GAP + flag * 2 // 3
        if side + 2 * (RING + 1) <= tile and tight_width(depth) + SEAT_GAP + flag <= c - 2 * RING:
            return tile, depth, flag
    return c // 2, max(1, c // 4 - 2), max(1, c // 5)


def _seat_places(tile: Rect, depth: int, flag: int) -> dict[str, tuple[Rect, Rect, Rect]]:
    """side -> ``(seat, child, flag)`` rects round ``tile``: above and
    below the table the child with its flag beside it, left and right the
    child above its flag; each seat as deep as ``depth``."""
    cx, cy = tile.center
    fig_w, fh = tight_width(depth), flag * 2 // 3
    out = {}
    wide = fig_w + SEAT_GAP + flag
    for side, y in (("top", tile.y - SEAT_GAP - RING - depth), ("bottom", tile.bottom + SEAT_GAP + RING)):
        seat = Rect(cx - wide // 2, y, wide, depth)
        out[side] = (seat, Rect(seat.x, y, fig_w, depth), Rect(seat.right - flag, y + (depth - fh) // 2, flag, fh))
    tall = depth + SEAT_GAP + fh
    for side, x in (("left", tile.x - SEAT_GAP - RING - depth), ("right", tile.right + SEAT_GAP + RING)):
        seat = Rect(x, cy - tall // 2, depth, tall)
        out[side] = (seat, Rect(x + (depth - fig_w) // 2, seat.y, fig_w, depth),
                     Rect(x + (depth - flag) // 2, seat.bottom - fh, flag, fh))
    return out


def _table(scene: Scene, cell: Rect, table: dict[str, Any], lit: str | None) -> None:
    """One table in its grid cell: tile with four corner flags, four seats
    around it (guests, each as large as the gap between tables allows, or
    empty chairs), turned over once full."""
    c = min(cell.w, cell.h)
    cx, cy = cell.center
    t, depth, seat_flag = seat_room(c)
    tile = Rect(cx - t // 2, cy - t // 2, t, t)
    turned = bool(table.get("turned"))
    row, col = (int(v) for v in table["cell"])
    scene.add("panel", cell, f"mat:{table['table']}", fill=MATS[(row + col) % 2], radius=max(4, c // 16))
    scene.add("tabletop", tile, f"table:{table['table']}", turned=turned)
    if not turned:
        m = max(2, tile.w // 20)
        fw = (tile.w - 3 * m) // 2
        fh = fw * 2 // 3
        pos = {"top_left": (tile.x + m, tile.y + m), "top_right": (tile.right - m - fw, tile.y + m),
               "bottom_left": (tile.x + m, tile.bottom - m - fh),
               "bottom_right": (tile.right - m - fw, tile.bottom - m - fh)}
        for corner in CORNERS:
            x, y = pos[corner]
            scene.add("flag", Rect(x, y, fw, fh), None, code=table["flags"][corner])
    places = _seat_places(tile, depth, seat_flag)
    for side in SIDES:
        seat, fig, flag = places[side]
        guest = table["seats"].get(side)
        if side == lit:
            scene.add("panel", seat.inset(-RING), "chosen-seat", fill=GOLD, radius=max(3, depth // 4),
                      border=(255, 255, 255))
        if guest is None:
            chair = seat.square().inset(max(2, depth // 8))
            scene.add("panel", chair, None, fill=(58, 50, 44), border=(120, 104, 90), radius=max(3, depth // 4))
            continue
        joker = bool(guest.get("joker"))
        if joker:       # no flag: the child in the middle of its seat
            fig = Rect(seat.x + (seat.w - fig.w) // 2, seat.y + (seat.h - fig.h) // 2, fig.w, fig.h)
        scene.add("guest", fig, f"guest:{guest['id']}", gender=guest["gender"], joker=joker, dim=turned,
                  tight=True)
        if not joker and guest.get("country"):
            scene.add("flag", flag, None, code=guest["country"])
    scene.facts.setdefault("tables", {})[table["table"]] = {
        "cell": list(table["cell"]), "flags": dict(table["flags"]), "turned": turned,
        "seats": {s: (None if g is None else {"country": g.get("country"), "gender": g["gender"],
                                              "joker": bool(g.get("joker"))}) for s, g in table["seats"].items()}}


def _grid_cells(scene: Scene, grid_r: Rect) -> tuple[list[Rect], dict[str, list[tuple[int, Rect]]]]:
    """The 4 x 4 grid's cells in ``grid_r`` (px, square) and the bands of
    its numbers: a column's number above it, a row's left of it, counted
    1-4 from the top left as the words say ("row 2 col 4", issue 34 PT13:
    the board had no numbers), at the medium text size (42 px at 1080).

    Returns:
        (16 cells, row-major; ``{"rows": [(1, rect), ...], "cols": [...]}``).
    """
    m = scene.metrics
    w, h = scene.measure("4", m.medium)
    band = max(w, h) + m.pad // 2
    inner = grid_r.inset(2)
    board = Rect(inner.x + band, inner.y + band, inner.w - band, inner.h - band)
    cells = board.grid(GRID * GRID, GRID, gap=max(2, board.w // 150))     # the floor between two mats
    rows = [(i + 1, Rect(inner.x, cells[i * GRID].y, band, cells[i * GRID].h)) for i in range(GRID)]
    cols = [(i + 1, Rect(cells[i].x, inner.y, cells[i].w, band)) for i in range(GRID)]
    return cells, {"rows": rows, "cols": cols}


def todo_text(view: dict[str, Any]) -> list[str]:
    """What the table must do now, longest first."""
    if view.get("over"):
        scores = view.get("scores", [])
        best = max(scores) if scores else 0
        win = [s for s, v in enumerate(scores) if v == best]
        names = " and ".join(f"Seat {s + 1}" for s in win)
        wins = f"{names} win{'s' if len(win) == 1 else ''} with {best:g} points"
        why = end_words(view)[0].removeprefix("Game over: ")
        short = end_short(view)
        return [f"{why[0].upper()}{why[1:]}: {wins}", *([f"{short}: {wins}", f"{short}: {names} win{'s' if len(win) == 1 else ''}"] if short else []),
                wins, f"{names}: {best:g} points"]
    cur = view.get("current_player")
    turn = view.get("turn") or {}
    who = f"Seat {cur + 1}"
    if turn.get("placed"):
        return [f"{who}: seat more guests or end the turn", f"{who}: seat guests or end", who]
    if turn.get("discarded"):
        return [f"{who}: discard more or end the turn", f"{who}: discard or end", who]
    return [f"{who}: seat guests or discard", f"{who} to play", who]


def doing_words(game, view: dict[str, Any], context: dict[str, Any]) -> dict[int, tuple[str, ...]]:
    """seat -> what the next press of the seat to move does, for its banner
    (a person's seat only, as in the other games' banners): "seat guest?"
    under the cursor ("fill table: +11?" for the 4th guest at a table),
    "press again to confirm" once armed, "press again: +11, your turn
    ends" for a press that ends the turn (longest first: the banner takes
    the first that leaves room for the seat's name)."""
    seat = view.get("current_player")
    controls = context.get("controls")
    if seat is None or view.get("over") or controls is None or seat in set(context.get("bots") or ()):
        return {}
    try:
        shown = controls[seat].shown(game)
    except (KeyError, IndexError, TypeError, AttributeError):
        return {}
    if shown.chosen is None:
        return {}
    own = game.view(seat)
    ends = ends_words(shown.chosen, own)       # PT45: the press that fills a table says so
    if shown.armed:
        return {seat: ((f"press again: {ends}", ends) if ends else ()) + ("press again to confirm", "press again!")}
    return {seat: tuple(f"{w}?" for w in choice_short(shown.chosen, own))}


def _person_hint(game, view: dict[str, Any], context: dict[str, Any]) -> str | None:
    """"Hold Right: next guest" while a person's seat chooses
    among more than one guest (:func:`group_hint`); None for a bot."""
    seat = view.get("current_player")
    controls = context.get("controls")
    if seat is None or controls is None or seat in set(context.get("bots") or ()):
        return None
    try:
        return group_hint(game, seat, controls[seat].shown(game))
    except (KeyError, IndexError, TypeError, AttributeError):
        return None


def _side(scene: Scene, r: Rect, view: dict[str, Any], doing: dict[int, tuple[str, ...]] | None = None,
          events: list[str] | None = None, hint: str | None = None) -> None:
    """Scores and hand sizes per seat, the piles, this turn, the last moves
    and what they scored (the feed, dropped first when short of room), at
    the end why the game ended and each joker penalty; each seat's banner,
    the piles and the turn's lines are parts of their own (a turn changes
    one or two of them)."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    n = len(view.get("scores", []))
    banner_h = scene.measure("Ag", m.medium)[1] + m.pad + 2
    if banner_h * n + m.pad * (n + 4) + 4 * line > r.h:
        banner_h = line + m.pad + 2
    rows = r.rows(*([-banner_h] * n), 1, gap=m.pad)
    over = bool(view.get("over"))
    for s in range(n):
        pen = (view.get("penalties") or [0] * n)[s]
        args = (s, rows[s], view["scores"][s], pen, view["hand_sizes"][s],
                s == view.get("current_player") and not over, over, (doing or {}).get(s, ()))
        g = min(4, m.pad // 2)
        scene.part(Rect(rows[s].x - g, rows[s].y - g, rows[s].w + 2 * g, rows[s].h + 2 * g), ("cj-banner",) + args,
                   lambda sc, args=args: _banner(sc, *args), bg=BG)
    box = rows[-1]
    scene.add("panel", box, None, fill=PANEL, radius=m.pad)
    rest = box.inset(m.pad // 2)
    pile_h = min(int(line * 2.6), rest.h // 2)
    piles_r, text_r = rest.rows(-(pile_h + 2 * line), 1, gap=m.pad // 2)
    piles = (view.get("guest_pile", 0), view.get("discard_pile", 0), view.get("table_pile", 0))
    top = view.get("discard_top")
    scene.part(piles_r, ("cj-piles", piles_r, piles, repr(top)), lambda sc: _piles(sc, piles_r, piles, top), bg=PANEL)
    turn = view.get("turn") or {}
    lines = [(f"Free seats: {view.get('free_seats', 0)}", INFO)]
    if not over and turn:
        done = []
        if turn.get("placed"):
            done.append(f"seated {turn['placed']}")
        if turn.get("discarded"):
            done.append(f"discarded {turn['discarded']}")
        if turn.get("exchanged"):
            done.append(f"jokers swapped {turn['exchanged']}")
        if done:
            lines.append(("This turn: " + ", ".join(done), INFO))
    if hint and not over:       # PT45: Right held jumps a guest at a time
        lines.append((hint, INFO))
    if over:
        lines = [(t, INFO) for t in end_words(view)] + lines
    else:
        lines += [(t, FEED) for t in feed_lines(list(events or []), view)]
    scene.part(text_r, ("cj-lines", text_r, repr(lines)),
               lambda sc: sc.lines(lines, text_r, size=m.small, colour=DIM), bg=PANEL)


def _banner(scene: Scene, s: int, row: Rect, score_v, pen, hand: int, active: bool, over: bool,
            doing: tuple[str, ...] = ()) -> None:
    """A seat's banner with its points, what its next press does (gold) and
    its cards in hand as backs."""
    m = scene.metrics
    jokers = int(round(-pen / JOKER_PENALTY)) if pen else 0
    score = f"{score_v:g} pt{'s' if score_v != 1 else ''}" + (f" ({pen:+g}: {jokers} joker{'s' if jokers != 1 else ''})" if over and pen else "")
    backs = min(hand, 8)
    bw = max(6, row.h * 2 // 5)
    back_w = bw + (backs - 1) * max(3, bw // 3) if backs else 0
    ban_r, cards_r = row.cols(1, -(back_w + m.pad), gap=m.pad // 2)
    room = ban_r.w - ban_r.h - 4 * m.pad - scene.measure(f"Seat {s + 1} \u00b7 {score}", m.medium)[0]
    said = next((d for d in doing if scene.measure(d, m.small)[0] <= room), doing[-1] if doing else "")
    seat_banner(scene, ban_r, s, score=score, active=active, doing=said, key=f"banner:{s}")
    for k in range(backs):
        scene.add("card", Rect(cards_r.x + k * max(3, bw // 3), cards_r.y + row.h // 6, bw, row.h * 2 // 3),
                  None, state="down")
    scene.facts.setdefault("scores", {})[s] = score_v
    scene.facts.setdefault("hand_sizes", {})[s] = hand


def _piles(scene: Scene, piles_r: Rect, piles: tuple, top: dict[str, Any] | None) -> None:
    """The guest pile, the discard pile (its top card face up), the table
    pile, each with its count."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    pile_h = piles_r.h - 2 * line
    for i, (col, name, count) in enumerate(zip(piles_r.cols(1, 1, 1, gap=m.pad), ("Guests", "Discards", "Tables"),
                                               piles)):
        pic, lab, num = col.rows(-pile_h, -line, -line)
        box = Rect(pic.x + (pic.w - pile_h * 3 // 4) // 2, pic.y, pile_h * 3 // 4, pile_h)
        if i == 1 and top is not None:
            scene.add("card", box, "discard-top", state="up", fill=(236, 230, 214))
            _guest(scene, box.inset(3), top)
        elif i == 2:
            scene.add("tabletop", Rect(pic.x + (pic.w - pile_h) // 2, pic.y, pile_h, pile_h), None, turned=True)
        else:
            scene.add("card", box, None, state="down" if count else "gone")
        scene.text(name, lab, sizes=(m.small,), align="center", colour=DIM, priority=INFO)
        scene.text(str(count), num, sizes=(m.small,), align="center", colour=FG if count else DIM)
    scene.facts["piles"] = {"guests": piles[0], "discards": piles[1], "tables": piles[2],
                            "discard_top": None if top is None else guest_words(top)}


def screen(game, view: dict[str, Any], context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
           measure=None) -> Scene:
    """The shared screen of Café International Junior, drawn from the
    public ``view`` (no hand is in it).

    Args:
        game: the engine (the cursor's choice of the seat to move).
        view: ``game.view(None)``.
        context: runtime facts: ``controls`` (the seat under the cursor of
            the player to move is lit on its table), ``notice``.
        size: the screen, px.
        measure: text measure ``(text, size_px) -> (w, h)``.

    Returns:
        A :class:`Scene`; ``scene.facts`` lists every table (cell, flags,
        seated guests, turned), scores, hand sizes and piles.
    """
    w, h = size
    scene = Scene(w, h, measure)
    m = scene.metrics
    header_h = scene.measure("Ag", m.medium)[1] + m.pad
    hdr, body = scene.rect.rows(-header_h, 1)
    turn_no = view.get("turn_number", 0)
    status = "Game over" if view.get("over") else f"Turn {turn_no}"
    opts = [context["notice"]] if context.get("notice") else todo_text(view)
    todo = header_todo(scene, hdr, TITLE, status, opts)
    header(scene, hdr, TITLE, status, todo)
    scene.facts["todo"] = todo
    body = body.inset(m.pad)
    side = min(body.h, body.w * 11 // 20)
    grid_r, side_r = body.cols(-side, 1, gap=m.pad)
    grid_r = Rect(grid_r.x, grid_r.y + (grid_r.h - side) // 2, side, side)
    by_id = {t["table"]: t for t in view.get("tables", [])}
    lit = chosen_seat(game, view, context)
    cells, labels = _grid_cells(scene, grid_r)
    scene.facts["grid_labels"] = labels
    scene.facts["grid"] = grid_r
    empty = tuple(k for k, tid in enumerate(t for row in view.get("grid", [])[:GRID] for t in row[:GRID])
                  if tid is None or tid not in by_id)

    def floor(sc):  # the café floor with the places still empty, its rows and columns numbered
        sc.add("panel", grid_r, None, fill=GRID_BG, radius=m.pad)
        for k in empty:
            cell = cells[k]
            sc.add("panel", cell.inset(cell.w // 5), None, fill=(50, 42, 38), radius=cell.w // 10)
        for number, r in labels["rows"] + labels["cols"]:
            sc.text(str(number), r, sizes=(m.medium, m.small), colour=GRID_NUMBER, align="center")
    scene.part(grid_r, ("cj-floor", grid_r, empty), floor, bg=BG)
    for r, row in enumerate(view.get("grid", [])[:GRID]):
        for c, tid in enumerate(row[:GRID]):
            cell = cells[r * GRID + c]
            if tid is None or tid not in by_id:
                continue
            side_lit = lit[1] if lit and lit[0] == tid else None
            scene.part(cell, ("cj-table", cell, repr(by_id[tid]), side_lit),
                       lambda sc, cell=cell, t=by_id[tid], sl=side_lit: _table(sc, cell, t, sl), bg=GRID_BG)
    if lit:
        scene.facts["chosen_seat"] = list(lit)
    _side(scene, side_r, view, doing_words(game, view, context), list(context.get("last_events") or []),
          _person_hint(game, view, context))
    return scene


def result_notes(view: dict[str, Any]) -> list[str]:
    """The result card's lines: why the game ended (book, "End of the
    Game": the last free place filled, or a player had to draw from an
    empty guest pile: "Seat 4 had to draw and the guest pile is empty"),
    then the move that filled the last place ("Last move: Seat 2 seats a
    boy from Kenya at row 4 col 1, right and fills the last table: +11"),
    then the jokers held at the end (5 points given up for each): "Seat 2:
    -5 for 1 joker in hand (each gives up 5 points)".  The final board
    says the same beside the card's place (issue 34: the card hid it)."""
    lines = end_words(view)
    if not lines:
        return []
    why = lines[0].removeprefix("Game over: ").removeprefix("Game over")
    last = last_move_words(view)
    return ([why[:1].upper() + why[1:]] if why else []) + ([last] if last else []) + lines[1:]


