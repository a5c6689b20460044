"""Cryptid Cafe on the cabinet, drawn: the shared HDMI table and each
seat's OLED.

HDMI (public view only): the Chef Kraken board with its five stations
(Kaputtcino, Baba au Rhume, Beuv'noire, Croque-Monsieur, Waterzoeil, each
with a dish of its own), ranks 3 / 2 / 1 front first (4 / 3 / 2 / 1 with
five players, CC-1), servers as meeples in seat colours with the seat
number (AI servers grey and square-headed), a padlock on a server pushed
down that cannot move this round (CC-4), a closed station covered by its
event (CC-5), the station sharing tips lit; each seat's row: coins, the
Customer Satisfaction Track from green to red (CC-3, each space with its
face) with the customer cards on it (cryptid type, order as dishes with
counts, the tip it pays now), the dishes on the tray, served and walkout
piles; the round, the phase and what the table must do; in solo and
2-player games the AI players' last move with the AI die's face (CC-7).

Cryptid Cafe has no hidden hand: customer decks (contents and order) and
the AI decks are hidden by the engine's view and never drawn.  Rulebook
``cryptid-cafe.txt``; rulings CC-1 .. CC-8.
"""
from __future__ import annotations

import re
from typing import Any

from firmware.screens.choices import cursor_choices

from firmware.screens.choices import SeatCursor
from firmware.ui.kit import (ALERT, BG, DIM, FEED, FG, GOLD, INFO, PANEL, Rect, Scene, header, header_todo, seat_colour)
from firmware.ui.oled import OledFrame
from engines.cryptid_cafe.data import components

DRAWN = True
TITLE = "Cryptid Cafe"
STATIONS = ("kaputtcino", "baba_au_rhume", "beuvnoire", "croque_monsieur", "waterzoeil")
#: Track colours left to right (CC-3).
TRACK = ("green", "green", "yellow", "yellow", "orange", "red")
TRACK_RGB = {"green": (52, 120, 70), "yellow": (150, 130, 40), "orange": (156, 90, 40), "red": (140, 50, 48)}
AI_RGB = (150, 150, 156)
PHASE_WORDS = {"place": "Send servers", "share": "Share tips", "change_order": "Change My Order?",
               "serve": "Serve customers", "move": "Cleanup", "over": "Final scoring"}
SYMBOLS = {"blank": 0, "one symbol": 1, "two symbols": 2}
#: OLED row height, px (a text line, the tray, the specialty cards).
ROW = 12
#: Dishes left in a supply below which the board shows the count (CC-6).
LOW_SUPPLY = 10


def seat_name(who: Any) -> str:
    """A station occupant as players say it: seat 0 -> ``Seat 1``,
    ``"ai2"`` -> ``AI 2``."""
    if who is None:
        return "-"
    if isinstance(who, int):
        return f"Seat {who + 1}"
    return "AI " + str(who)[2:]


def dish(station: Any, short: bool = False) -> str:
    """A station's (= its dish's) name from the one table of names (the
    component data): ``short`` gives its one short form (OLED, narrow
    board columns); an unknown id is returned as given."""
    try:
        comp = components()
        return comp.station_short(str(station)) if short else comp.station_name(str(station))
    except StopIteration:
        return str(station)


def station_name(game: Any, station: str) -> str:
    """Display name of a station from the component data."""
    try:
        return game.comp.station_name(station)
    except (AttributeError, StopIteration, KeyError):
        return station


def todo_text(game, view: dict[str, Any]) -> str:
    """What the table must do now."""
    phase = view.get("phase")
    if phase == "over":
        if view.get("solo_won") is not None:
            return "You win!" if view["solo_won"] else "AI Player 2 wins"
        best = game.ranking()[0]
        return "Legendary Server: " + " and ".join(f"Seat {s + 1}" for s in best)
    active = game.active_players()
    who = " and ".join(f"Seat {s + 1}" for s in active) if len(active) <= 2 else "Everyone"
    if phase == "place":
        who = seat_name(view.get("placing"))     # the rank: how many dishes the server collects (rulebook)
        return f"{who} sends a server; rank = dishes it collects|{who} sends a server"
    if phase == "share":
        st = view.get("sharing_station")
        return f"{who}: share tips at {station_name(game, st)}|{who}: share tips" if st else "Share tips"
    if phase == "change_order":
        return f"{who}: Change My Order?|{who}: change order?"
    if phase == "serve":
        return f"{who}: serve customers"
    if phase == "move":
        return f"{who}: move customers 1 or 2|{who}: move customers"
    return PHASE_WORDS.get(phase, "")


def ai_last(events: list[str]) -> tuple[str, int | None] | None:
    """The AI players' latest move among the event texts and, when it was
    a roll, the AI die's face (0-2 symbols)."""
    moves = [e for e in events if e.startswith("AI Player") and not e.startswith("AI Player 2's score")]
    if not moves:
        return None
    text = moves[-1]
    die = None
    for e in reversed(moves):
        mt = re.search(r"rolls the AI die(?: at [^:]+)?: (blank|one symbol|two symbols)", e)
        if mt:
            die = SYMBOLS[mt.group(1)]
            break
    return text, die


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
    icon_r, name_r = head.cols(-head.h, 1, gap=m.pad // 2)
    scene.add("dish", icon_r, None, name=station)
    left = view.get("supply", {}).get(station, 0)
    name = station_name(game, station)
    short = dish(station, short=True)
    options = [name, short]
    if left < LOW_SUPPLY:  # few dishes left (CC-6): the name and the count, the count alone where no room
        options = [f"{name}: {left} left", f"{short}: {left} left", f"{short} {left}", f"{left} left"]
    for k, t in enumerate(options):
        if scene.text(t, name_r, sizes=(m.small,), priority=INFO, colour=ALERT if left < LOW_SUPPLY else FG):
            break
        if k < len(options) - 1:
            scene.dropped.pop()
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
            for k, t in enumerate((f"{lit[1] + 1}?", str(lit[1] + 1))):   # a narrow slot: the number, or the edge only
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
        if number:
            num_w = scene.measure(number[0], m.small)[0] + 2
            num_r, rest = name_r.cols(-num_w, 1, gap=2)
            if any(scene.fit(t, rest, (m.small,)) for t in names):
                scene.text(number[0], num_r, sizes=(m.small,), colour=(150, 120, 60), key=number[1],
                           priority=INFO)
                name_r = rest
        _first_fit(scene, names, name_r, colour=ink, align="center", key=f"{key}:name")
        top, bottom = inner.rows(1, 1, gap=1)
        t_r, tip_r = top.cols(1, 1, gap=2)
        scene.add("ctype", t_r.square(), None, name=c["type"])
    else:    # a short card: the name in the type icon's place, the icon where the name does not fit
        top, bottom = inner.rows(1, 1, gap=1)
        t_r, tip_r = top.cols(1, -top.h, gap=2)
        if not _first_fit(scene, names, t_r, colour=ink, key=f"{key}:name"):
            scene.add("ctype", t_r.square(), None, name=c["type"])
    scene.add("coin", tip_r.square(), None, label=str(c["tip_now"]))
    order = list(c.get("order", {}).items())
    cells = bottom.cols(*([1] * max(1, len(order))), gap=1)
    for (dish, k), cell in zip(order, cells):
        sq = cell.square()
        scene.add("dish", sq, None, name=dish)
        badge = Rect(sq.right - sq.w // 2, sq.bottom - sq.h // 2, sq.w // 2 + 2, sq.h // 2 + 2)
        scene.add("token", badge, None, colour=(250, 250, 250), label=str(k))


def _first_fit(scene: Scene, options: list[str], r: Rect, **kw) -> bool:
    """Draw the first of ``options`` that fits ``r`` at the small size
    (none dropped when one fits); True when one was drawn."""
    for t in dict.fromkeys(options):
        if scene.text(t, r, sizes=(scene.metrics.small,), priority=INFO, **kw):
            return True
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
    coin_txt = f"{p.get('score', {}).get('total', 0)}" if over else f"{p['coins']}"
    money = {"name": "trophy", "won": True} if over else None
    tall = inner.h >= 2 * line + 6
    who_w = 2 * line + scene.measure("999", m.medium if tall else m.small)[0] + 8
    pile_w = max(scene.measure("Walkouts 9", m.small)[0], scene.measure("Served 9", m.small)[0]) + m.pad
    tray_cell = line + scene.measure("99", m.small)[0] + 6
    two_line_tray = inner.h >= 2 * line + 4 and inner.w < 1400
    tray_w = (3 if two_line_tray else 5) * tray_cell + 8
    who_r, track_r, tray_r, pile_r = inner.cols(-who_w, 1, -tray_w, -pile_w, gap=m.pad)
    # token and coins
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
    # satisfaction track
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
    # tray
    dishes = p.get("dishes", {})
    rows = tray_r.rows(1, 1, gap=2) if two_line_tray else [tray_r]
    per = 3 if two_line_tray else 5
    for i, st in enumerate(STATIONS):
        row = rows[min(i // per, len(rows) - 1)]
        x = row.x + (i % per) * tray_cell
        yy = row.y + (row.h - line) // 2
        scene.add("dish", Rect(x, yy, line, line), None, name=st)
        k = dishes.get(st, 0)
        scene.text(str(k), Rect(x + line + 1, yy, tray_cell - line - 1, line), sizes=(m.small,),
                   colour=FG if k else DIM)
    scene.facts.setdefault("trays", {})[seat] = dict(dishes)
    # served and walkouts
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


def _side(scene: Scene, r: Rect, game, view: dict[str, Any], context: dict[str, Any],
          pending: list[str] | None = None) -> None:
    """The round tracker, the event of the round, the AI players (their
    last move and the AI die) and the event feed."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    scene.add("panel", r, None, fill=PANEL, radius=m.pad)
    inner = r.inset(m.pad // 2)
    ev = view.get("active_event")
    lines: list[tuple[str, int]] = []
    if ev and ev.get("kind") == "closed_station":
        lines.append((f"Event: {station_name(game, ev.get('station', ''))} closed", INFO))
    elif ev and ev.get("kind") == "move_two":
        lines.append(("Customers move 2", 0))
    first = view.get("first_player", 0)
    lines.append((f"First player: Seat {first + 1}", INFO))
    scene.facts["event"] = ev
    ai = view.get("ai_players") or {}
    last = ai_last(list(context.get("last_events") or []))
    die_r = None
    if ai:
        for k, a in ai.items():
            k_left = a["cards_left"]
            lines.append((f"{a['name']}: {k_left} card{'s' if k_left != 1 else ''} left", INFO))
            # each AI's score: AI Player 2 scores in solo only (rulebook), the other never
            score = f"{view['ai2_score']} coins" if k == "ai2" and "ai2_score" in view else "no score"
            lines.append((f"{a['name']}: {score}", 0 if score != "no score" else INFO))
        if last is not None:
            lines.append((last[0], INFO))
            scene.facts["ai_move"] = last[0]
            if last[1] is not None:
                size = min(inner.w // 3, int(line * 1.6))
                die_r, inner = inner.rows(-size, 1, gap=m.pad // 2)
                scene.add("aidie", die_r.cols(-size, 1)[0], "aidie", symbols=last[1])
                words = {0: "AI die: blank", 1: "AI die: one", 2: "AI die: two"}[last[1]]
                scene.text(words, die_r.cols(-size, 1, gap=m.pad)[1], sizes=(m.small,), priority=INFO)
                scene.facts["ai_die"] = last[1]
    lines += [(t, FEED) for t in list(context.get("last_events") or [])[-3:] if not t.startswith("AI Player")]
    # what the table must know (customers move 2), what a person's next press would do (gold, left out
    # short of room), the event, the first player and the AI players, then the latest moves
    for part, colour in (([x for x in lines if x[1] < INFO], FG), ([(t, INFO) for t in pending or []], GOLD),
                         ([x for x in lines if x[1] == INFO], FG), ([x for x in lines if x[1] == FEED], FG)):
        used = len(scene.lines(part, inner, size=m.small, colour=colour)) * line if part else 0
        inner = Rect(inner.x, inner.y + used, inner.w, max(0, inner.h - used))


def _feed(scene: Scene, r: Rect, feed: list[tuple[str, int]]) -> None:
    """What a person's next press would do (gold, the entries of priority
    0), then the latest moves (the AI players' one by one), newest last."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL, radius=m.pad)
    inner = r.inset(m.pad)
    line = scene.measure("Ag", m.small)[1]
    pending = [(t, INFO) for t, prio in feed if prio == 0]
    feed = [(t, prio) for t, prio in feed if prio != 0]
    if pending:    # then a gap before the header
        used = len(scene.lines(pending, inner, size=m.small, colour=GOLD)) * line + m.pad
        inner = Rect(inner.x, inner.y + used, inner.w, max(0, inner.h - used))
    head, rest = inner.rows(-line, 1, gap=m.pad // 2)
    scene.text("Latest moves", head, sizes=(m.small,), colour=GOLD, priority=INFO)
    room = rest.h // line
    scene.lines(feed[-max(0, room):], rest, size=m.small, colour=DIM)


def screen(game, view: dict[str, Any], context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
           measure=None) -> Scene:
    """The shared Cryptid Cafe screen, drawn from the public ``view``.

    Args:
        game: the engine (station names, ranking at the end).
        view: ``game.view(None)``.
        context: runtime facts: ``last_events`` (the AI players' moves and
            the feed), ``notice``.
        size: the screen, px.
        measure: text measure ``(text, size_px) -> (w, h)``.

    Returns:
        A :class:`Scene`; ``scene.facts`` lists each station's ranks, each
        seat's track (customers, orders, tips), tray, coins and piles.
    """
    w, h = size
    scene = Scene(w, h, measure)
    m = scene.metrics
    header_h = scene.measure("Ag", m.medium)[1] + m.pad
    hdr, body = scene.rect.rows(-header_h, 1)
    status = f"Round {view['round']} of {view['rounds']}"
    todo = header_todo(scene, hdr, TITLE, status, (context.get("notice") or todo_text(game, view)).split("|"))
    header(scene, hdr, TITLE, status, todo)
    scene.facts["todo"] = todo
    body = body.inset(m.pad)
    n = len(view["players"])
    line = scene.measure("Ag", m.small)[1]
    ranks = len(next(iter(view["stations"].values())))
    board_h = int(line * 1.3) + ranks * int(line * (1.25 if h >= 700 else 1.05)) + m.pad * 2
    if view.get("ai_players"):
        board_h += 2 * line
    board_h = min(board_h, body.h // 2 if n > 2 else body.h * 3 // 5)
    row_need = 2 * line + 4 + 2 * max(3, m.pad // 2)  # two lines per seat: tray and piles stacked
    flat = (body.h - board_h - m.pad) // n < row_need + m.pad // 2
    if flat:  # short screen: ranks side by side under their numbers, the seats get two lines each
        board_h = max(3 * line + m.pad + 2 * max(3, m.pad // 2) + int(line * 0.3),
                      body.h - m.pad - n * row_need - (n - 1) * (m.pad // 2))
    board_r, seats_r = body.rows(-board_h, 1, gap=m.pad)
    side_w = body.w // 5 if flat else max(body.w // 4, scene.measure("AI Player 2: 99", m.small)[0])
    st_r, side_r = board_r.cols(1, -side_w, gap=m.pad)
    lit = _placing(game, context)
    for st, cell in zip(STATIONS, st_r.cols(*([1] * len(STATIONS)), gap=m.pad // 2)):
        digest = ("cc-station", st, cell, repr(view["stations"][st]), view.get("closed_station") == st,
                  view.get("sharing_station") == st, view.get("supply", {}).get(st),
                  view.get("locked", {}).get(st), flat, lit.get(st))
        # not a group: the servers (keyed meeples) slide when tip sharing moves them up and pushes others down
        scene.part(cell, digest, lambda sc, cell=cell, st=st: _station(sc, cell, game, view, st, flat, lit.get(st)),
                   group=False)
    events = list(context.get("last_events") or [])[-8:]
    pending = pending_words(game, view, context) if view.get("phase") != "over" else []
    row_max = 6 * line
    has_feed = seats_r.h > n * row_max + 4 * line
    side_pending = [] if has_feed else pending      # where there is a feed panel, it goes on top of it
    side_digest = ("cc-side", side_r, repr(view.get("active_event")), view.get("first_player"),
                   repr(view.get("ai_players")), view.get("ai2_score"), repr(events), repr(side_pending))
    scene.part(side_r, side_digest, lambda sc: _side(sc, side_r, game, view, context, side_pending), bg=BG)
    active = set(game.active_players()) if view.get("phase") != "over" else set()
    if has_feed:  # few seats: rows of a readable height, the latest moves below
        rows_h = n * row_max + (n - 1) * (m.pad // 2)
        seats_r, feed_r = seats_r.rows(-rows_h, 1, gap=m.pad)
        feed = [(t, 0) for t in pending] + [(t, INFO) for t in list(context.get("last_events") or [])[-8:]]
        scene.part(feed_r, ("cc-feed", feed_r, repr(feed)), lambda sc: _feed(sc, feed_r, feed), bg=BG)
    targets = _targets(game, context)
    for seat, row in zip(range(n), seats_r.rows(*([1] * n), gap=m.pad // 2)):
        mine = frozenset(targets.get(seat, ()))
        digest = ("cc-seat", seat, row, repr(view["players"][seat]), seat in active, tuple(sorted(mine)))
        scene.part(row, digest, lambda sc, row=row, seat=seat, mine=mine: _seat_row(
            sc, row, game, view, seat, seat in active, mine), bg=BG)
    return scene


def board_words(game, seat: int, score: float) -> str:
    """A stopped game's report line for ``seat``: the coins on its board
    and the engine's score labelled provisional ("50 coins on the board;
    provisional score 45: tips - lost customers - unused dishes + sets")."""
    coins = game.view(None)["players"][seat]["coins"]
    if score == coins:
        return f"{coins} coins on the board"
    return (f"{coins} coins on the board; provisional score {score:g}: tips - lost customers - unused dishes "
            f"+ sets (final scoring)")


def _targets(game, context: dict[str, Any]) -> dict[int, set[int]]:
    """seat -> the track spaces (0-based) whose customers the next press
    of a seat a person plays would serve (CC "Phase 3"), swap (the
    Manager) or copy and change (Change My Order: the seat's own customer
    and the other seat's), read without moving any cursor."""
    out: dict[int, set[int]] = {}
    for seat, chosen in cursor_choices(game, context).items():
        kind = chosen.get("type")
        if kind == "serve":
            out.setdefault(seat, set()).add(int(chosen["slot"]))
        elif kind == "manager":
            out.setdefault(seat, set()).update(int(k) for k in chosen.get("slots") or [])
        elif kind == "change_order":
            out.setdefault(seat, set()).add(int(chosen["slot"]))
            out.setdefault(int(chosen["target_player"]), set()).add(int(chosen["target_slot"]))
    return out


def _placing(game, context: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """station -> (rank, seat) for each seat a person plays whose cursor
    is on placing a server (CC-2), read without moving the cursor."""
    return {chosen["station"]: (int(chosen["rank"]), seat)
            for seat, chosen in cursor_choices(game, context).items() if chosen.get("type") == "place"}


# ------------------------------------------------------------------ OLED
def label(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A short label for a Cryptid Cafe action (rulebook wording)."""
    kind = action.get("type")
    st = dish(action.get("station", ""))
    if kind == "place":
        return f"server to {st} rank {action.get('rank')}"
    if kind == "take_dish":
        return f"take 1 {st} dish"
    if kind == "no_dish":
        return "take no dish"
    if kind == "share_tips":
        k = action.get("ranks")
        return f"share {k} coin{'s' if k != 1 else ''}: up {k} rank{'s' if k != 1 else ''}"
    if kind == "skip_share":
        return f"keep coins at {st}"
    if kind == "change_order":
        mine = _customer_name(view, None, action.get("slot"))
        theirs = _customer_name(view, action.get("target_player"), action.get("target_slot"))
        return f"{mine} copies Seat {int(action.get('target_player', 0)) + 1}'s {theirs}"
    if kind == "keep_order":
        return "no Change My Order"
    if kind == "serve":
        return f"serve {_customer_name(view, None, action.get('slot'), tip=True)}"
    if kind == "done_serving":
        return "done serving"
    if kind == "move_customers":
        k = action.get("spaces")
        return f"move customers {k} space{'s' if k != 1 else ''}"
    if kind == "manager":
        a, b = (action.get("slots") or [0, 0])[:2]
        return f"Manager: swap {int(a) + 1} and {int(b) + 1}"
    return str(kind).replace("_", " ")


def _customer_name(view: dict[str, Any] | None, seat: Any, slot: Any, tip: bool = False) -> str:
    """Name of the customer on ``slot`` of ``seat``'s track (``None`` = the
    viewer), with its tip now if asked."""
    try:
        s = view["you"] if seat is None else seat
        c = view["players"][s]["track"][slot]
        return f"{c['name']} ({c['tip_now']})" if tip else c["name"]
    except (TypeError, KeyError, IndexError):
        return f"space {slot}"


def _wrap_px(frame: OledFrame, text: str, room: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}" if cur else word
        if frame.fits(trial, room) or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


def _oled_dish(f: OledFrame, x: int, y: int, station: str) -> None:
    """A 10 x 10 one-bit dish: a cup (Kaputtcino), a domed cake (Baba au
    Rhume), a tall mug with foam (Beuv'noire), a sandwich (Croque-Monsieur),
    a bowl (Waterzoeil)."""
    d = f.draw
    if station == "kaputtcino":
        d.rectangle((x + 1, y + 3, x + 6, y + 8), fill=1)
        d.rectangle((x + 7, y + 4, x + 9, y + 6), outline=1)
        d.line((x, y + 9, x + 8, y + 9), fill=1)
    elif station == "baba_au_rhume":
        d.pieslice((x, y + 1, x + 9, y + 11), 180, 360, fill=1)
        d.rectangle((x + 1, y + 6, x + 8, y + 9), outline=1)
        d.point((x + 5, y), fill=1)
    elif station == "beuvnoire":
        d.rectangle((x + 1, y + 2, x + 6, y + 9), fill=1)
        d.line((x + 1, y, x + 6, y), fill=1)
        d.rectangle((x + 7, y + 4, x + 9, y + 7), outline=1)
    elif station == "croque_monsieur":
        d.polygon([(x, y + 9), (x + 9, y + 9), (x + 9, y + 1)], fill=1)
        d.line((x + 1, y + 7, x + 8, y + 2), fill=0)
    else:
        d.pieslice((x, y - 1, x + 9, y + 9), 0, 180, fill=1)
        d.line((x + 3, y, x + 3, y + 2), fill=1)
        d.line((x + 6, y, x + 6, y + 2), fill=1)


def oled_frame(game, seat: int, view: dict[str, Any], controls: SeatCursor, context: dict[str, Any]) -> OledFrame:
    """The seat's OLED: header with seat, coins and round; the specialty
    cards left (Manager, Change My Order) as cards; the dish tray; the
    choice under the cursor (in full above the choice line when long),
    inverted when armed."""
    f = OledFrame()
    p = view["players"][seat]
    _header(f, [f"Seat {seat + 1}  {p['coins']} coins", f"Seat {seat + 1} {p['coins']} coins",
                f"{p['coins']} coins"], f"R{view.get('round')}/{view.get('rounds')}")
    prompt = (context.get("prompts") or {}).get(seat)
    if view.get("phase") == "over":
        y = f.message(2, 14, str(prompt), max_lines=1) if prompt else 14
        f.glyph(0, y, f.W, "GAME OVER", size=16)
        f.text(2, y + 20, f"final {p.get('score', {}).get('total', 0)} coins")
        return f
    # the bottom line first: the choice (its short form when long), or "waiting"
    shown = controls.shown(game)
    choices = shown.choices
    full = short = ""
    if choices:
        full = label(choices[shown.cursor], view)
        short = full if f.fits(full, f.W - 44) else _short(choices[shown.cursor], view)
        bottom = f.choice(short, shown.cursor, len(choices), shown.armed)
        # above it: what a rank gives (rulebook), and once armed "press again to confirm"
        extra = [rank_words(choices[shown.cursor]) if choices[shown.cursor].get("type") == "place" else []]
        if shown.armed:
            extra.append(["press again to confirm", "press again: confirm", "press again"])
        for options in extra:
            words = next((w for w in options if f.fits(w, f.W - 4)), None)
            if words is None or bottom - 11 < 14:
                continue
            f.text(2, bottom - 10, words, room=f.W - 4)
            bottom -= 11
    else:
        f.text(2, f.H - 12, "waiting")
        bottom = f.H - 13
    # above it, 12 px rows while they fit whole: the prompt, the long
    # choice in full, the tray, the specialty cards (in that priority)
    rows = max(0, (bottom - 14 - 11) // ROW + 1) if bottom - 14 >= 11 else 0
    p_lines = min(len(f.wrap_px(str(prompt), f.W - 4)), 2, rows) if prompt else 0
    rows -= p_lines
    detail = f.wrap_px(full, f.W - 4) if short != full else []
    if len(detail) > rows:
        detail = []
    rows -= len(detail)
    tray, cards = rows >= 1, rows >= 2
    y = 14
    if p_lines:
        y = f.message(2, y, str(prompt), max_lines=p_lines, gap=ROW)
    if tray:   # five dishes as little pictures with their counts
        x = 1
        for st in STATIONS:
            _oled_dish(f, x, y, st)
            x += 11
            x += f.text(x, y, str(p.get("dishes", {}).get(st, 0)), room=f.W - x) + 4
        y += ROW
    if cards:  # the specialty cards left
        f.card(2, y, 9, 11, "", face_down=not p.get("manager_available"))
        f.text(13, y, "Mgr" if p.get("manager_available") else "used", room=34)
        f.card(50, y, 9, 11, "", face_down=not p.get("change_order_available"))
        f.best(61, y, ["Change order", "Change"] if p.get("change_order_available") else ["used"], room=f.W - 62)
        y += ROW
    for i, ln in enumerate(detail):
        f.text(2, y + i * ROW, ln, room=f.W - 4)
    return f


def rank_words(action: dict[str, Any]) -> list[str]:
    """What the rank of a placing gives, longest first ("rank 2: collects
    2 dishes"; rulebook: the ranks "indicate the quantity of dishes your
    server can collect when occupying that rank"); a tip share's ranks ("up 2 ranks for 2 coins"); [] for
    other choices."""
    kind = action.get("type")
    if kind == "place":
        k = int(action.get("rank", 0))
        d = f"{k} dish{'es' if k != 1 else ''}"
        return [f"rank {k}: collects {d}", f"rank {k}: {d}", f"rank {k} = {d}"]
    if kind == "share_tips":
        k = int(action.get("ranks", 0))
        r, c = f"{k} rank{'s' if k != 1 else ''}", f"{k} coin{'s' if k != 1 else ''}"
        return [f"up {r} for {c}", f"up {r}: {c}"]
    return []


def pending_words(game, view: dict[str, Any], context: dict[str, Any]) -> list[str]:
    """The HDMI's lines for what each person's next press would do
    ("Seat 1: Kaputt rank 2 = 2 dishes?", "Seat 1: share 1 (up 1 rank:
    1 coin)?", "... - press again to confirm" once armed)."""
    controls = context.get("controls")
    out = []
    for seat, chosen in cursor_choices(game, context).items():
        try:
            armed = controls[seat].shown(game).armed
        except (KeyError, IndexError, TypeError, AttributeError):
            armed = False
        view_s = game.view(seat)
        words = _short(chosen, view_s) if chosen.get("type") in ("place", "share_tips") else label(chosen, view_s)
        why = rank_words(chosen)
        if armed:
            words = _short(chosen, view_s)
        elif chosen.get("type") == "place":
            words += f" = {why[-1].split(' = ')[-1]}"
        elif why:
            words = f"{words} ({why[-1]})"
        out.append(f"Seat {seat + 1}: {words}" + (" - press again to confirm" if armed else "?"))
    return out


def _short(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """The choice line's short form of an action."""
    kind = action.get("type")
    st = dish(action.get("station", ""), short=True)
    if kind == "place":
        return f"{st} rank {action.get('rank')}"
    if kind == "change_order":
        theirs = _customer_name(view, action.get("target_player"), action.get("target_slot"))
        return f"copy Seat {int(action.get('target_player', 0)) + 1}'s {theirs}"
    if kind == "serve":
        return f"serve space {int(action.get('slot', 0)) + 1}"
    if kind == "skip_share":
        return "keep coins"
    if kind == "share_tips":
        return f"share {action.get('ranks')}"
    if kind == "move_customers":
        return f"move {action.get('spaces')}"
    if kind == "manager":
        a, b = (action.get("slots") or [0, 0])[:2]
        return f"swap {int(a) + 1}, {int(b) + 1}"
    return str(kind).replace("_", " ")[:14]


def _header(f: OledFrame, lefts: list[str], right: str) -> None:
    """The OLED's top bar with the first of ``lefts`` that fits beside
    ``right`` (the last one otherwise)."""
    room = f.W - (f.width(right) if right else 0) - 6
    f.header(next((t for t in lefts if f.fits(t, room)), lefts[-1]), right)
