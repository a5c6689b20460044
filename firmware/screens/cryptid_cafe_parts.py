"""Cryptid Cafe's HDMI parts: the stations with their track, customers,
money, each seat's row."""
from __future__ import annotations


from typing import Any


from firmware.ui.kit import ALERT, DIM, FG, GOLD, INFO, PANEL, Rect, Scene, seat_colour
from firmware.screens.cryptid_cafe_words import STATIONS, dish, station_name


#: Track colours left to right (CC-3).
TRACK = ("green", "green", "yellow", "yellow", "orange", "red")


TRACK_RGB = {"green": (52, 120, 70), "yellow": (150, 130, 40), "orange": (156, 90, 40), "red": (140, 50, 48)}


AI_RGB = (150, 150, 156)




#: OLED row height, px (a text line, the tray, the specialty cards).
ROW = 12


#: Dishes left in a supply below which the board shows the count (CC-6).
LOW_SUPPLY = 10


# ------------------------------------------------------------ HDMI
def _station(scene: Scene, r: Rect, game, view: dict[str, Any], station: str, flat: bool = False,
             lit: tuple[int, int] | None = None) -> None:
    """One station: its dish and name, the ranks front first with their
    servers (top to bottom; ``flat``: left to right under their numbers,
    for short screens); closed: covered by its event; sharing: lit;
    ``lit`` = (rank, seat): the empty rank the seat's cursor would place
    its server on, outlined in gold with the seat's number (issue 34)."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    ranks = view["stations"][station]
    closed = view.get("closed_station") == station
    sharing = view.get("sharing_station") == station
    scene.add("panel", r, None, fill=(52, 40, 64) if not closed else (30, 30, 36),
              border=GOLD if sharing else (90, 70, 110), radius=m.pad, glow=sharing)
    inner = r.inset(max(3, m.pad // 2))
    head_h = line if flat else int(line * 1.3)
    head, body = inner.rows(-head_h, 1, gap=m.pad // 2 if not flat else 1)
    _station_head(scene, head, game, view, station)
    left = view.get("supply", {}).get(station, 0)
    locked = view.get("locked", {}).get(station)
    low = min((i + 1 for i, o in enumerate(ranks) if o is not None), default=0)
    if flat:
        nums_r, slots_r = body.rows(-line, 1, gap=1)
        cells = list(zip(nums_r.cols(*([1] * len(ranks)), gap=2), slots_r.cols(*([1] * len(ranks)), gap=2)))
    else:
        num_w = scene.measure("4", m.small)[0] + m.pad
        cells = [row.cols(-num_w, 1, gap=2) for row in body.rows(*([1] * len(ranks)), gap=2)]
    for k, (num_r, slot) in enumerate(cells):
        rank = len(ranks) - k
        who = ranks[rank - 1]
        scene.text(str(rank), num_r, sizes=(m.small,), colour=DIM, align="center")
        here = lit is not None and lit[0] == rank and who is None
        scene.add("panel", slot, None, fill=(66, 54, 80), radius=max(3, min(slot.w, slot.h) // 5),
                  border=GOLD if here else None)
        if here:   # where the seat's press would put its server
            for k, t in enumerate((f"Seat {lit[1] + 1}?",)):   # issue 34: not "1?"; narrow: the gold edge only
                if scene.text(t, slot, sizes=(m.small,), colour=GOLD, align="center", priority=INFO):
                    break
                scene.dropped.pop()
            scene.facts["lit_rank"] = {"station": station, "rank": rank, "seat": lit[1]}
        if who is not None:
            sz = min(slot.h, slot.w) - 2
            mr = Rect(slot.x + (slot.w - sz) // 2 if flat else slot.x + 2, slot.y + 1, sz, sz)
            ai = not isinstance(who, int)
            scene.add("meeple", mr, f"server:{who}:{station}", colour=AI_RGB if ai else seat_colour(who),
                      label=("AI" + str(who)[2:]) if ai else str(who + 1), ai=ai)
            if locked == who and rank == low:
                lk = max(8, sz // 2) if flat else slot.h * 3 // 4
                at = Rect(slot.right - lk, slot.bottom - lk, lk, lk) if flat else \
                    Rect(mr.right + 2, slot.y + slot.h // 4, lk, lk)
                scene.add("lock", at, None)
    if closed:
        scene.add("line", Rect(inner.x, body.y, inner.w, body.h), None, colour=ALERT, width=max(3, m.pad // 2))
        mid = Rect(inner.x, body.y + body.h // 2 - line // 2 - 2, inner.w, line + 4)
        scene.add("panel", mid, None, fill=ALERT, radius=4)
        scene.text("Closed", mid, sizes=(m.small,), align="center", colour=FG)
    scene.facts.setdefault("stations", {})[station] = {"ranks": list(ranks), "closed": closed, "left": left,
                                                       "sharing": sharing, "locked": locked}


def _station_head(scene: Scene, head: Rect, game, view: dict[str, Any], station: str) -> None:
    """A station's head: its dish and its name (issue 34, PT13 c17:
    "Kaputtc.", "Beuv'n.", "Waterz." read as cut words): the full name,
    shrunk down to the least size where needed, else its one short form
    (a whole word, "Baba", "Croque"); where neither fits beside the dish,
    the name across the whole head without the dish (800x480).  With few
    dishes left (CC-6) the count joins the name, alone where no room."""
    m = scene.metrics
    icon_r, name_r = head.cols(-head.h, 1, gap=m.pad // 2)
    left = view.get("supply", {}).get(station, 0)
    name = station_name(game, station)
    short = dish(station, short=True)
    options = [name, short]
    if left < LOW_SUPPLY:  # few dishes left (CC-6): the name and the count
        options = [f"{name}: {left} left", f"{short}: {left} left", f"{name} {left}", f"{short} {left}"]
    colour = ALERT if left < LOW_SUPPLY else FG
    if _first_fit(scene, options, name_r, colour=colour):
        scene.add("dish", icon_r, None, name=station)
    elif not _first_fit(scene, options, head, colour=colour):     # no room for a name: the dish says which
        scene.add("dish", icon_r, None, name=station)
        if left < LOW_SUPPLY:
            _first_fit(scene, [f"{left} left", str(left)], name_r, colour=colour)


def _customer(scene: Scene, r: Rect, c: dict[str, Any], key: str, lit: bool = False,
              number: tuple[str, str] | None = None) -> None:
    """A customer card on the track: cryptid type, the tip it pays now,
    its order as dishes with counts (painted on each dish); ``lit``: the
    customer a seat's next press would serve, swap or copy (a thick gold
    edge, as Ginza's order cards); ``number``: (text, key) of its track
    space's number, drawn left of the name where both fit."""
    m = scene.metrics
    scene.add("card", r, key, state="selected" if lit else "up", fill=(240, 232, 214))
    inner = r.inset(max(2, m.pad // 3))
    line = scene.measure("Ag", m.small)[1]
    names = [c.get("name", ""), c.get("short") or c.get("name", "")]
    ink = (40, 32, 28)
    if inner.h >= 3 * line:  # the cryptid's name on top (the type icons repeat: Yeti, Chupacabra)
        name_r, inner = inner.rows(-line, 1, gap=1)
        _card_name(scene, name_r, names, number, key, ink)
        top, bottom = inner.rows(1, 1, gap=1)
        t_r, tip_r = top.cols(1, 1, gap=2)
        scene.add("ctype", t_r.square(), None, name=c["type"])
    else:    # a short card: the name in the type icon's place, the icon where the name does not fit
        top, bottom = inner.rows(1, 1, gap=1)
        t_r, tip_r = top.cols(1, -top.h, gap=2)
        if not _card_name(scene, t_r, names, None, key, ink, align="left"):
            scene.add("ctype", t_r.square(), None, name=c["type"])
    scene.add("coin", tip_r.square(), None, label=str(c["tip_now"]))
    order = list(c.get("order", {}).items())
    cells = bottom.cols(*([1] * max(1, len(order))), gap=1)
    for (dish, k), cell in zip(order, cells):
        sq = cell.square()
        scene.add("dish", sq, None, name=dish)
        badge = Rect(sq.right - sq.w // 2, sq.bottom - sq.h // 2, sq.w // 2 + 2, sq.h // 2 + 2)
        scene.add("token", badge, None, colour=(250, 250, 250), label=str(k))


def _card_name(scene: Scene, r: Rect, names: list[str], number: tuple[str, str] | None, key: str,
               ink: tuple[int, int, int], align: str = "center") -> bool:
    """A customer's name in ``r`` (its card's top row), its space's
    ``number`` left of it where both fit: the full name before its short
    form wherever it fits, dropping the number, then shrinking down to
    :attr:`Metrics.least` ("Thunder" read as a name cut short, issue 34).
    True when a name was drawn."""
    m = scene.metrics
    rooms = [r]
    if number:      # beside the number first, then the whole row
        num_r, rest = r.cols(-(scene.measure(number[0], m.small)[0] + 2), 1, gap=2)
        rooms = [rest, r]
    smaller = tuple(range(m.small - 1, m.least - 1, -1))
    tries = [(room, sizes) for sizes in ((m.small,), smaller) if sizes for room in rooms]
    for name in dict.fromkeys(names):
        for room, sizes in tries:
            if scene.fit(name, room, sizes, least=m.least):
                if number and room is not r:
                    scene.text(number[0], num_r, sizes=(m.small,), colour=(150, 120, 60), key=number[1],
                               priority=INFO)
                scene.text(name, room, sizes=sizes, colour=ink, align=align, key=f"{key}:name",
                           priority=INFO, least=m.least)
                return True
    return False


def _first_fit(scene: Scene, options: list[str], r: Rect, **kw) -> bool:
    """Draw the first of ``options`` that fits ``r`` at the small size,
    else the first that fits shrunk down to :attr:`Metrics.least` (none
    dropped when one fits); True when one was drawn."""
    m = scene.metrics
    for t in dict.fromkeys(options):
        if scene.text(t, r, sizes=(m.small,), priority=INFO, **kw):
            return True
        scene.dropped.pop()
    smaller = tuple(range(m.small - 1, m.least - 1, -1))    # issue 34: shrink to the least size, never blank
    for t in dict.fromkeys(options):
        if smaller and scene.text(t, r, sizes=smaller, priority=INFO, least=m.least, **kw):
            return True
        if smaller:
            scene.dropped.pop()
    return False


def _money(scene: Scene, r: Rect, final: dict[str, Any] | None) -> None:
    """A coin (coins held), or a trophy at the end (the final score)."""
    if final:
        scene.add("icon", r, None, **final)
    else:
        scene.add("coin", r, None)


def _seat_row(scene: Scene, r: Rect, game, view: dict[str, Any], seat: int, active: bool,
              lit: frozenset = frozenset()) -> None:
    """One seat's board: token and coins, the satisfaction track (its
    spaces numbered 1-6 as the OLED counts them: "swap 1, 3", "serve
    space 2"; ``lit``: the spaces whose customer a seat's next press would
    serve, swap or copy), tray, served and walkouts."""
    m = scene.metrics
    p = view["players"][seat]
    line = scene.measure("Ag", m.small)[1]
    scene.add("panel", r, f"row:{seat}", fill=(46, 52, 68) if active else PANEL, border=seat_colour(seat),
              radius=m.pad, glow=active)
    inner = r.inset(max(3, m.pad // 2))
    over = view.get("phase") == "over"
    tall = inner.h >= 2 * line + 6
    who_w = 2 * line + scene.measure("999", m.medium if tall else m.small)[0] + 8
    pile_w = max(scene.measure("Walkouts 9", m.small)[0], scene.measure("Served 9", m.small)[0]) + m.pad
    tray_cell = line + scene.measure("99", m.small)[0] + 6
    two_line_tray = inner.h >= 2 * line + 4 and inner.w < 1400
    tray_w = (3 if two_line_tray else 5) * tray_cell + 8
    who_r, track_r, tray_r, pile_r = inner.cols(-who_w, 1, -tray_w, -pile_w, gap=m.pad)
    _seat_token(scene, who_r, p, seat, over, tall)
    _track(scene, track_r, p, seat, lit)
    _tray(scene, tray_r, p, seat, tray_cell, two_line_tray)
    _piles(scene, pile_r, p, seat, over)


def _seat_token(scene: Scene, who_r: Rect, p: dict[str, Any], seat: int, over: bool, tall: bool) -> None:
    """The seat's token and its coins (after the game, a trophy and its
    final score), on two lines when the row is ``tall``."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    coin_txt = f"{p.get('score', {}).get('total', 0)}" if over else f"{p['coins']}"
    money = {"name": "trophy", "won": True} if over else None
    if tall:
        tok_r, coin_r = who_r.rows(1, 1, gap=2)
        tok = Rect(tok_r.x, tok_r.y, min(tok_r.h, line + 8), min(tok_r.h, line + 8))
        scene.add("token", tok, None, colour=seat_colour(seat), label=str(seat + 1))
        cr_icon, cr_txt = coin_r.cols(-min(coin_r.h, line), 1, gap=4)
        _money(scene, cr_icon.square(), money)
        scene.text(coin_txt, cr_txt, sizes=(m.medium, m.small), colour=GOLD)
    else:
        tok_r, cr_icon, cr_txt = who_r.cols(-line, -line, 1, gap=2)
        scene.add("token", tok_r.square(), None, colour=seat_colour(seat), label=str(seat + 1))
        _money(scene, cr_icon.square(), money)
        scene.text(coin_txt, cr_txt, sizes=(m.small,), colour=GOLD)


def _track(scene: Scene, track_r: Rect, p: dict[str, Any], seat: int, lit: frozenset) -> None:
    """The satisfaction track (CC-3): six spaces green to red, numbered
    1-6, each with its mood face and the customer on it (its card lit when
    in ``lit``), or the space's mood alone when empty."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    track = p.get("track", [])
    for i, (space, colour) in enumerate(zip(track_r.cols(*([1] * len(TRACK)), gap=max(2, m.pad // 3)), TRACK)):
        scene.add("panel", space, None, fill=TRACK_RGB[colour], radius=max(3, m.pad // 2))
        c = track[i] if i < len(track) else None
        face = min(space.h // 3, space.w // 3, line)
        num_r = Rect(space.right - face - 2, space.y + 1, face + 1, max(face, line))
        if c is None:
            scene.add("mood", Rect(space.x + (space.w - face * 2) // 2, space.y + (space.h - face * 2) // 2,
                                   face * 2, face * 2), None, name=colour)
            scene.text(str(i + 1), num_r, sizes=(m.small,), colour=FG, align="center", priority=INFO,
                       key=f"space:{seat}:{i}")
            continue
        # the face and the space's number above the card, where the card keeps room for its name on top
        # (3 lines); else the card as before and the number on the card, left of its name
        top = max(face, min(line, space.h // 3)) + 3
        scene.add("mood", Rect(space.x + 2, space.y + 2, face, face), None, name=colour)
        inside = min(space.h - top - 6, int((space.w - 6) * 1.2)) < 3 * line + 2 * max(2, m.pad // 3) + 2
        if inside:        # no room above the card: the number goes left of the name on the card
            top = face // 2 + 3
        cw, ch = space.w - 6, space.h - top - 3
        ch2 = min(ch, int(cw * 1.2))
        _customer(scene, Rect(space.x + 3, space.y + top + (ch - ch2) // 2, cw, ch2), c,
                  f"cust:{seat}:{c['card']}", i in lit, (str(i + 1), f"space:{seat}:{i}") if inside else None)
        if not inside:
            scene.text(str(i + 1), Rect(num_r.x, num_r.y, num_r.w, top - 2), sizes=(m.small,), colour=FG,
                       align="center", priority=INFO, key=f"space:{seat}:{i}")
    if lit:
        scene.facts.setdefault("lit_customers", {})[seat] = sorted(lit)
    scene.facts.setdefault("tracks", {})[seat] = [None if c is None else {
        "card": c["card"], "type": c["type"], "order": dict(c.get("order", {})), "tip": c["tip_now"],
        "colour": TRACK[i]} for i, c in enumerate(track)]


def _tray(scene: Scene, tray_r: Rect, p: dict[str, Any], seat: int, tray_cell: int, two_lines: bool) -> None:
    """The seat's tray: each station's dish with how many it holds (dim at
    0), on one line or on two."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    dishes = p.get("dishes", {})
    rows = tray_r.rows(1, 1, gap=2) if two_lines else [tray_r]
    per = 3 if two_lines else 5
    for i, st in enumerate(STATIONS):
        row = rows[min(i // per, len(rows) - 1)]
        x = row.x + (i % per) * tray_cell
        yy = row.y + (row.h - line) // 2
        scene.add("dish", Rect(x, yy, line, line), None, name=st)
        k = dishes.get(st, 0)
        scene.text(str(k), Rect(x + line + 1, yy, tray_cell - line - 1, line), sizes=(m.small,),
                   colour=FG if k else DIM)
    scene.facts.setdefault("trays", {})[seat] = dict(dishes)


def _piles(scene: Scene, pile_r: Rect, p: dict[str, Any], seat: int, over: bool) -> None:
    """The customers the seat served and its walkouts ("Served 3",
    "Walkouts 1", the walkouts only where there are two lines)."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    served, lost = len(p.get("served", [])), len(p.get("lost", []))
    if pile_r.h >= 2 * line:
        a, b = pile_r.rows(1, 1)
        scene.text(f"Served {served}", a, sizes=(m.small,))
        scene.text(f"Walkouts {lost}", b, sizes=(m.small,), colour=ALERT if lost else DIM)
    else:
        scene.text(f"Served {served}", pile_r, sizes=(m.small,))
    scene.facts.setdefault("coins", {})[seat] = p["coins"]
    if over:
        scene.facts.setdefault("final", {})[seat] = p.get("score", {}).get("total", 0)
    scene.facts.setdefault("piles", {})[seat] = {"served": served, "walkouts": lost}
