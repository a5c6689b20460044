"""Ginza Retro Café's HDMI parts: order cards, customers, the dice table,
the arrange cards, each seat's mat; the colours and words they share."""
from __future__ import annotations

import re
from typing import Any


from firmware.screens.readings import COMMON
from firmware.ui.kit import DIM, FG, GOLD, INFO, PANEL, Rect, Scene, seat_banner, seat_colour


CUSTOMER_SPACES = 3


#: Dice body colours by the engine's colour names (GR-5), and pip colours.
DICE_RGB = {"red": (214, 58, 52), "blue": (52, 110, 214), "yellow": (240, 200, 40), "green": (56, 160, 84),
            "purple": (128, 72, 176)}


PIP_RGB = {"yellow": (30, 30, 30)}


#: Seat colour of a seat = its dice colour (the action tokens are that colour too).
ARRANGE_WORD = {"change": "Change", "reroll": "Reroll", "add": "Add"}


CARD_FILL = (244, 236, 220)


CARD_INK = (40, 34, 30)


TIMES = ("Morning", "Daytime", "Night")


# ------------------------------------------------------------ helpers
def seat_label(seat: int | None) -> str:
    """Seat number as players see it (1-based); ``None`` is the common dice."""
    return "common" if seat is None else f"Seat {seat + 1}"


def dice_text(dice: list[int]) -> str:
    """Die faces as ``1 2 3 3 6`` (``-`` when none)."""
    return " ".join(str(d) for d in dice) if dice else "-"


def dice_rgb(view: dict[str, Any], seat: int) -> tuple[int, int, int]:
    """The body colour of ``seat``'s dice and action tokens (GR-5)."""
    return DICE_RGB.get(view["players"][seat]["colour"], seat_colour(seat))


def deck_by_time(left: int, players: int) -> dict[str, int]:
    """Customers left in the deck by time of day: the deck is Morning, then
    Daytime, then Night cards, ``players`` of each (3. Game Setup), so the
    last ``left`` cards are known by count alone."""
    out = {}
    for i, t in enumerate(reversed(TIMES)):
        out[t] = max(0, min(players, left - i * players))
    return {t: out[t] for t in TIMES}


def condition_words(card) -> str:
    """The order's condition as a player says it: "8 or more" or "3, 3, 3"."""
    return f"{card.sum} or more" if card.sum is not None else ", ".join(map(str, card.faces))


# ------------------------------------------------------------ HDMI parts
def _order_card(scene: Scene, r: Rect, game, order: dict[str, Any], view: dict[str, Any], lit: bool = False) -> None:
    """One order card as a strip: dish, condition (dice faces or a sum
    badge), yen and VP, and the action token on it; ``lit``: the order the
    seat's cursor would serve (a thick gold edge)."""
    m = scene.metrics
    card = game.comp.orders[order["card"]]
    token = order.get("token")
    scene.add("card", r, f"order:{order['card']}", state="selected" if lit else "up", fill=CARD_FILL)
    if lit:
        scene.facts["lit_order"] = order["card"]
    inner = r.inset(max(3, m.pad // 2))
    h, w = inner.h, inner.w
    side_by_side = h < 2 * scene.measure("Ag", m.small)[1]  # a short card: yen and VP beside each other
    # the coin and the star wide enough for their numbers to stand a player's least words tall (the
    # gallery's OCR, 2026-12-06: 7-9 px at 800 x 480)
    icon = min(h, -(-m.least * 5 // 3))
    side_w = (min(max(h * 8 // 5, 2 * icon + 1), int(w * 0.28)) if side_by_side
              else min(max(h * 2 // 3, icon), int(w * 0.16)))
    plate_w = min(h, int(w * (0.18 if side_by_side else 0.24)))
    plate_r, cond_r, money_r, tok_r = inner.cols(-plate_w, 1, -side_w, -min(int(h * 0.8), int(w * 0.16)),
                                                 gap=max(2, m.pad // 2))
    scene.add("plate", plate_r, None, name=card.subcategory)
    if card.sum is not None:
        inset = max(0, min(cond_r.h // 8, (cond_r.h - scene.measure("Ag", m.small)[1] - 2) // 2))
        badge_w = min(cond_r.w, max(int(h * 1.6), scene.measure("14+", m.small)[0] + h // 2))
        badge = Rect(cond_r.x, cond_r.y + inset, badge_w,
                     cond_r.h - 2 * inset)
        scene.add("panel", badge, None, fill=(250, 250, 250), border=(120, 70, 160), radius=badge.h // 2)
        scene.text(f"{card.sum}+", badge, sizes=m.sizes, align="center", colour=CARD_INK)
    else:
        n = len(card.faces)
        size = min(cond_r.h, (cond_r.w - (n - 1) * 3) // max(1, n))
        rows = 1
        if size < min(cond_r.h * 0.55, m.small):  # long conditions go on two rows
            rows = 2
            per = -(-n // 2)
            size = min(cond_r.h // 2 - 1, (cond_r.w - (per - 1) * 3) // per)
        per = -(-n // rows)
        top = cond_r.y + (cond_r.h - rows * size - (rows - 1) * 2) // 2
        for i, f in enumerate(card.faces):
            rr, cc = divmod(i, per)
            scene.add("die", Rect(cond_r.x + cc * (size + 3), top + rr * (size + 2), size, size), None,
                      value=f, state="read")
    coin_r, vp_r = money_r.cols(1, 1, gap=1) if side_by_side else money_r.rows(1, 1, gap=1)
    scene.add("coin", coin_r.square(), None, label=str(card.coins), label_px=m.least)
    scene.add("icon", vp_r.square(), None, name="star", label=str(card.vp), label_px=m.least)
    spot = tok_r.square()
    if token is None:
        scene.add("panel", spot.inset(2), None, fill=(226, 218, 200), border=(170, 160, 140), radius=spot.w // 2)
    else:
        scene.add("token", spot, f"token:{order['card']}", seat=token, colour=dice_rgb(view, token),
                  label=str(token + 1))
    facts = scene.facts.setdefault("orders", {})
    facts[order["card"]] = {"dish": card.subcategory, "sum": card.sum, "faces": list(card.faces),
                            "coins": card.coins, "vp": card.vp, "token": token}


def _customer(scene: Scene, r: Rect, game, view: dict[str, Any], index: int, lit_order: str | None = None) -> None:
    """A customer space: time marker, name and time of day, the order
    cards under it (or an empty space)."""
    m = scene.metrics
    slot = view["customers"][index]
    line = scene.measure("Ag", m.small)[1]
    head_h = line + m.pad // 2
    if slot is not None and not _one_line_name(scene, r.w - head_h - m.pad // 2, head_h, slot):
        head_h = max(head_h, 2 * scene.measure("Ag", m.caps_least)[1])    # the name over its time of day
    head, cards = r.rows(-head_h, 1, gap=m.pad // 2)
    if slot is None:
        scene.add("panel", r, None, fill=(30, 33, 44), border=(60, 64, 80), radius=m.pad)
        scene.text("Empty table", r, sizes=(m.small,), align="center", colour=DIM, priority=INFO)
        scene.facts.setdefault("customers", []).append(None)
        return
    side = line + m.pad // 2
    marker = Rect(head.x, head.y + (head.h - side) // 2, side, side)
    hot = slot["time"] <= 1
    scene.add("token", marker, f"time:{slot['customer']}", colour=(240, 120, 60) if hot else (250, 250, 250),
              label=str(slot["time"]))
    name_r = Rect(marker.right + m.pad // 2, head.y, head.right - marker.right - m.pad // 2, head.h)
    _customer_name(scene, name_r, slot["name"], slot["time_of_day"])
    orders = slot["orders"]
    n = max(3, len(orders))
    for o, cr in zip(orders, cards.rows(*([1] * n), gap=max(2, m.pad // 2))):
        _order_card(scene, cr, game, o, view, o["card"] == lit_order)
    scene.facts.setdefault("customers", []).append(
        {"name": slot["name"], "time": slot["time"], "orders": [o["card"] for o in orders]})


def _one_line_name(scene: Scene, w: int, h: int, slot: dict[str, Any]) -> bool:
    """Whether "Office Worker (Morning)" fits one ``w`` x ``h`` px line at
    a size down to :attr:`Metrics.caps_least`."""
    m = scene.metrics
    words = f"{slot['name']} ({slot['time_of_day']})"
    return scene.fit(words, Rect(0, 0, w, h), range(m.small, m.caps_least - 1, -1), least=m.caps_least) is not None


def _customer_name(scene: Scene, r: Rect, name: str, time_of_day: str) -> None:
    """A customer's name and its time of day ("Office Worker (Morning)")
    on one line, shrunk down to :attr:`Metrics.caps_least` where it does
    not fit at the small size, else the name over the time of day, each
    line shrunk down to :attr:`Metrics.least` only where a long name
    ("Newspaper Reader") does not fit at ``caps_least`` (issue 34:
    "(Morning)" went missing from the lit customer on a narrower screen;
    gallery OCR, 2026-12-06: two lines of :attr:`Metrics.least` stood 11 px tall at 800 x 480)."""
    m = scene.metrics
    one = f"{name} ({time_of_day})"
    if scene.fit(one, r, range(m.small, m.caps_least - 1, -1), least=m.caps_least):
        scene.text(one, r, sizes=range(m.small, m.caps_least - 1, -1), colour=FG, priority=INFO,
                   least=m.caps_least)
        return
    sizes = tuple(range(m.small, m.least - 1, -1))
    top, bottom = r.rows(1, 1)
    scene.text(name, top, sizes=sizes, colour=FG, priority=INFO, least=m.least)
    scene.text(f"({time_of_day})", bottom, sizes=sizes, colour=FG, priority=INFO, least=m.least)


def _table(scene: Scene, r: Rect, view: dict[str, Any], held: list[int] | None = None,
           lit_common: int | None = None, so_far: list | None = None) -> None:
    """The common purple dice and the decks: customers by time of day and
    the three order decks (face-down cards with their rank and count);
    ``held``: a reading of the common dice being checked (CAB-6), drawn in
    a gold ring: not in the game yet; ``so_far``: their reading so far
    while the table nudged them (CAB-5), an unread die a "?" (PT30)."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    scene.add("panel", r, None, fill=PANEL, radius=m.pad)
    inner = r.inset(m.pad // 2)
    common = view.get("common_dice") or []
    wait_common = any(q.get("player") is None for q in view.get("dice_requests", []))
    die = min(int(line * 1.4), (inner.w - 2 * 4) // 3)
    n = len(view["players"])
    by_time = deck_by_time(view.get("customer_deck", 0), n)
    deck_h = min(int(line * 2.2), inner.w // 3 * 4 // 3)
    label_r, dice_r, times_r, decks_r = inner.rows(-line, -die, 1, -(deck_h + line), gap=m.pad // 2)
    scene.text("Common dice", label_r, sizes=(m.small,), colour=DIM, priority=INFO)
    vals = list(common) + [None] * (3 - len(common)) if wait_common else list(common)
    again = bool(wait_common and not held and so_far)
    if wait_common and (held or again):   # a reading checked (CAB-6: not in the game yet), or read again
        vals = (list(held or so_far) + [None] * 3)[:3]
        scene.facts.setdefault("held" if held else "reading", {})[COMMON] = list(held or so_far)
    lit_i = vals.index(lit_common) if lit_common is not None and lit_common in vals[:3] else None
    for i, v in enumerate(vals[:3]):
        scene.add("die", Rect(dice_r.x + i * (die + 4), dice_r.y, die, die), f"common:{i}", value=v,
                  state="read" if v is not None else "unread" if again else "reading", body=DICE_RGB["purple"],
                  pip=(250, 250, 250),
                  ring=GOLD if (held and wait_common and v is not None) or i == lit_i else None)
    if lit_i is not None:
        scene.facts["lit_common"] = lit_common
    if not vals:
        scene.text("none", dice_r, sizes=(m.small,), colour=DIM, priority=INFO)
    scene.facts["common_dice"] = list(common)
    scene.lines([(f"{t} {k}", INFO) for t, k in by_time.items()], times_r, size=m.small, colour=DIM)
    decks = view.get("order_decks", {})
    cards_r, counts_r = decks_r.rows(-deck_h, -line)
    for (rank, left), cr, nr in zip(decks.items(), cards_r.cols(1, 1, 1, gap=4), counts_r.cols(1, 1, 1, gap=4)):
        card = Rect(cr.x, cr.y, cr.w, cr.h)
        scene.add("card", card, None, state="down")
        scene.text(rank, card.inset(3), sizes=(m.medium, m.small), align="center", colour=(250, 250, 250))
        scene.text(str(left), nr, sizes=(m.small,), align="center", colour=DIM)
    scene.facts["decks"] = {"customers": by_time, "orders": dict(decks)}


def _arrange(scene: Scene, r: Rect, kind: str, level: int, word: bool) -> None:
    """An arrange card at its level: its pictogram, its name when there
    is room (on a line of its own), and "Lv.1" / "Lv.2"."""
    m = scene.metrics
    scene.add("card", r, None, state="hi" if level >= 2 else "up", fill=(226, 220, 240) if level >= 2 else CARD_FILL)
    inner = r.inset(2)
    if word:
        top, bottom = inner.rows(1, 1)
        icon_r, name_r = top.cols(-top.h, 1, gap=2)
        scene.add("arrange", icon_r, None, name=kind)
        scene.text(ARRANGE_WORD[kind], name_r, sizes=(m.small,), colour=CARD_INK)
        scene.text(f"Lv.{level}", bottom, sizes=(m.small,), align="center", colour=CARD_INK)
    else:
        lv_w = scene.measure(f"Lv.{level}", m.small)[0]
        icon_r, lv_r = inner.cols(-max(4, min(inner.h, inner.w - lv_w - 2)), 1, gap=2)
        scene.add("arrange", icon_r, None, name=kind)
        scene.text(f"Lv.{level}", lv_r, sizes=(m.small,), align="center", colour=CARD_INK)


def mat_die(line: int, wide: bool, short: bool = False) -> int:
    """A mat's die, px, from the small text's line height: half as tall
    again as a line (play-tester: at a line's height the pips of 1, 2 and
    3 were misread at a metre), more on a wide mat; a quarter more on a
    ``short`` screen (800x480: the order cards keep their room)."""
    return int(line * (1.25 if short else 1.8 if wide else 1.5))


def mat_height(scene: Scene, wide: bool) -> int:
    """Height in px of a seat's mat: banner, (wide: ability text, two-line
    arrange cards), dice, arrange / yen / tokens, orders won."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    banner = scene.measure("Ag", m.medium if wide else m.small)[1] + m.pad + 2
    row = line + (6 if wide else 4)
    die = mat_die(line, wide, scene.height < 600)
    gap = m.pad // 2
    if wide:
        return banner + 2 * line + die + (2 * line + 6) + 2 * row + 5 * gap + 2 * max(3, m.pad // 2)
    return banner + die + 2 * row + 3 * gap + 2 * max(3, m.pad // 2)


def start_levels(game, view: dict[str, Any], seat: int) -> dict[str, int]:
    """The seat's arrange levels as the game will start them: a played
    player card that starts an arrange card at Lv.2 ("Use the Player's
    Special Ability", applied by the engine when play begins) shows Lv.2
    from the moment it is played (play-tester: Kenta's mat read Lv.1)."""
    p = view["players"][seat]
    levels = dict(p.get("levels") or {})
    card = p.get("card")
    if card and view.get("phase") in ("player_card", "draft1", "draft2"):
        try:
            pc = game.comp.player_cards[card]
        except (AttributeError, KeyError):
            return levels
        if pc.ability_kind() == "start_arrange_lv2":
            levels[pc.ability_value("arrange")] = 2
    return levels


def _mat(scene: Scene, r: Rect, game, view: dict[str, Any], seat: int, wide: bool, doing: str = "",
         held: list[int] | None = None, lit: list[int] | None = None, so_far: list | None = None) -> None:
    """One seat's player mat (``doing``: the banner's gold words, e.g.
    "rejected: nudges", ruling CAB-6, or what the seat's cursor would do;
    ``held``: a reading the seat is checking, drawn in a gold ring in the
    requested dice's places: not in the game yet; ``lit``: the dice values
    the choice under the seat's cursor would take, ringed in gold;
    ``so_far``: the reading so far of dice read again after a nudge, an
    unread die (None) drawn as "?")."""
    m = scene.metrics
    p = dict(view["players"][seat], levels=start_levels(game, view, seat))
    scene.facts.setdefault("arrange", {})[seat] = dict(p["levels"])
    line = scene.measure("Ag", m.small)[1]
    gap = m.pad // 2
    banner_h = scene.measure("Ag", m.medium if wide else m.small)[1] + m.pad + 2
    scene.add("panel", r, None, fill=(34, 38, 50), border=dice_rgb(view, seat), radius=m.pad)
    inner = r.inset(max(3, m.pad // 2))
    row = line + (6 if wide else 4)
    die = min(mat_die(line, wide, scene.height < 600), (inner.w - 8 * 3) // 9)
    ability_h = 2 * line if wide else 0
    arr_h = 2 * line + 6 if wide else row
    banner_r, abil_r, dice_r, arr_r, econ_r, won_r = inner.rows(
        -banner_h, -ability_h, -die, -(arr_h if wide else 0), -row, -row, gap=gap)
    if not wide:
        arr_r = econ_r
    _mat_banner(scene, banner_r, abil_r if ability_h else None, game, view, seat, doing)
    track_end = _mat_dice(scene, dice_r, view, seat, die, held, lit, so_far)
    x = _mat_arrange_cards(scene, arr_r, econ_r, p, wide, row)
    if not wide:      # the action tokens go beside the dice on a narrow mat
        _mat_purse(scene, econ_r, Rect(track_end + m.pad, dice_r.y, dice_r.right - track_end - m.pad, dice_r.h),
                   x, view, seat)
    else:
        _mat_purse(scene, econ_r, None, x, view, seat)
    _mat_orders_won(scene, won_r, game, p, seat)


def mat_name(game, view: dict[str, Any], seat: int) -> str:
    """The name on a seat's mat: "Seat 2 Barista (start)" (its player card
    once chosen; the start player marked)."""
    p = view["players"][seat]
    pc = game.comp.player_cards.get(p["card"]) if p.get("card") else None
    name = f"Seat {seat + 1} {pc.name}" if pc else f"Seat {seat + 1}"
    return name + (" (start)" if view.get("start_player") == seat else "")


def _mat_banner(scene: Scene, banner_r: Rect, abil_r: Rect | None, game, view: dict[str, Any], seat: int,
                doing: str) -> None:
    """The mat's banner: "Seat 2 Barista (start)", its VP, lit on its turn,
    with ``doing`` in gold; on a wide mat (``abil_r``) the player card's
    ability under it, or "choosing a player card" while the draft runs."""
    m = scene.metrics
    p = view["players"][seat]
    active = view.get("phase") == "play" and view.get("turn") == seat
    pc = game.comp.player_cards.get(p["card"]) if p.get("card") else None
    name = mat_name(game, view, seat)
    seat_banner(scene, banner_r, seat, score=f"{p['order_points']} VP", name=name, active=active, doing=doing,
                key=f"banner:{seat}")
    if abil_r is not None and pc:
        scene.wrapped(pc.text, abil_r, sizes=(m.small,), colour=DIM, priority=INFO, max_lines=2)
    elif abil_r is not None:
        scene.text("choosing a player card", abil_r, sizes=(m.small,), colour=DIM, priority=INFO)


def _mat_dice(scene: Scene, dice_r: Rect, view: dict[str, Any], seat: int, die: int,
              held: list[int] | None, lit: list[int] | None, so_far: list | None = None) -> int:
    """The seat's dice in its colour inside the dice limit track (9
    spaces): its dice, then the dice asked for (a reading being checked
    in a gold ring; the reading ``so_far`` of dice read again after a
    nudge, its unread die a "?"; else a camera: being read), the open
    spaces, and while the limit can still be raised the next (closed)
    space; the dice ``lit`` names ringed in gold.  Returns the x just
    right of the track, px."""
    m = scene.metrics
    p = view["players"][seat]
    body = dice_rgb(view, seat)
    pip = PIP_RGB.get(p["colour"], (250, 250, 250))
    req = next((q for q in view.get("dice_requests", []) if q.get("player") == seat), None)
    count = req["count"] if req else 0
    again = bool(req and not held and so_far and len(so_far) == count)     # read again after a nudge (PT30)
    new = (list(held) + [None] * count)[:count] if req and held else list(so_far) if again else [None] * count
    if again:
        scene.facts.setdefault("reading", {})[seat] = list(so_far)
    shown: list[int | None] = list(p["dice"]) + new
    want, lit_idx = list(lit or []), set()
    for i, v in enumerate(p["dice"]):     # the first dice of each value the choice names
        if v in want:
            want.remove(v)
            lit_idx.add(i)
    if lit_idx:
        scene.facts.setdefault("lit_dice", {})[seat] = sorted(p["dice"][i] for i in lit_idx)
    # the limit track: its open spaces and, while it can still be raised, the next (closed) one
    spaces = min(9, max(p["dice_limit"], len(shown)) + (1 if p["dice_limit"] < 9 else 0))
    for i in range(spaces):
        cell = Rect(dice_r.x + i * (die + 3), dice_r.y, die, die)
        if i < len(shown):
            v = shown[i]
            state = "read" if v is not None else "unread" if again and i >= len(p["dice"]) else "reading"
            scene.add("die", cell, f"die:{seat}:{i}", value=v, state=state,
                      body=body, pip=pip,
                      ring=GOLD if (i >= len(p["dice"]) and v is not None) or i in lit_idx else None)
        elif i < p["dice_limit"]:
            scene.add("panel", cell.inset(2), None, fill=(44, 48, 62), border=(90, 96, 116), radius=die // 6)
        else:
            scene.add("panel", cell.inset(die // 4), None, fill=(20, 22, 28), radius=die // 8)
    scene.facts.setdefault("dice", {})[seat] = list(p["dice"])
    if req and held:
        scene.facts.setdefault("held", {})[seat] = [v for v in new if v is not None]
    scene.facts.setdefault("dice_limit", {})[seat] = p["dice_limit"]
    return dice_r.x + spaces * (die + 3)


def _mat_arrange_cards(scene: Scene, arr_r: Rect, econ_r: Rect, p: dict[str, Any], wide: bool, row: int) -> int:
    """The seat's three arrange cards (Change, Reroll, Add) at Lv.1 / Lv.2:
    on a wide mat in a row of their own, named; on a narrow one as
    pictograms at the start of the yen row.  Returns the x where the yen
    go, px."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    if wide:
        each = (arr_r.w - 2 * 4) // 3
        word = each >= scene.measure("Change", m.small)[0] + line + 12
        x = arr_r.x
        for kind in ("change", "reroll", "add"):
            _arrange(scene, Rect(x, arr_r.y, each, arr_r.h), kind, p["levels"].get(kind, 1), word)
            x += each + 4
        return econ_r.x
    each = (row - 4) + scene.measure("Lv.2", m.small)[0] + 6  # icon, "Lv.2", the card's edges
    x = arr_r.x
    for kind in ("change", "reroll", "add"):
        _arrange(scene, Rect(x, arr_r.y, each, arr_r.h), kind, p["levels"].get(kind, 1), False)
        x += each + 3
    return x + m.pad


def _mat_purse(scene: Scene, econ_r: Rect, beside_dice: Rect | None, x: int, view: dict[str, Any],
               seat: int) -> None:
    """The seat's yen (a coin and "¥12" from ``x``) and its action tokens
    left in its colour, numbered with the seat: after the yen, or in
    ``beside_dice`` (right of the dice limit track) on a narrow mat, or
    after the yen where the track leaves too little room (a high dice
    limit); where neither row has room for each token at two thirds of
    the small text's height, one token and the count ("x3", "3" where
    that is too wide; left out, never a failed screen, where even that
    is: the seat's OLED counts its tokens too)."""
    m = scene.metrics
    p = view["players"][seat]
    line = scene.measure("Ag", m.small)[1]
    coin_w = scene.measure(f"¥{p['coins']}", m.small)[0] + 4
    scene.add("coin", Rect(x, econ_r.y + (econ_r.h - line) // 2, line, line), None)
    scene.text(f"¥{p['coins']}", Rect(x + line + 4, econ_r.y, coin_w, econ_r.h), sizes=(m.small,), colour=GOLD)
    x += line + 4 + coin_w + m.pad
    n, least = p["tokens"], line * 2 // 3        # a token smaller than this is a dot (PT24, PT25)
    rows = [(x, econ_r)] if beside_dice is None else [(beside_dice.x, beside_dice), (x, econ_r)]
    fits = [(tx, r) for tx, r in rows if min(line, r.h, (r.right - tx) // max(1, n) - 2) >= least]
    tx, tok_row = fits[0] if fits else max(rows, key=lambda c: c[1].right - c[0])
    tok = min(line, tok_row.h)
    if not fits and n > 1:     # no room for each: one token and the count ("x3")
        size = least
        scene.add("token", Rect(tx, tok_row.y + (tok_row.h - size) // 2, size, size), f"left:{seat}:0",
                  seat=seat, colour=dice_rgb(view, seat), label=str(seat + 1))
        count_r = Rect(tx + size + 2, tok_row.y, max(0, tok_row.right - tx - size - 2), tok_row.h)
        count = f"x{n}" if scene.measure(f"x{n}", m.small)[0] <= count_r.w else str(n)   # PT30: "x3" in 23 px
        scene.text(count, count_r, sizes=(m.small,), colour=FG, priority=INFO)
        n = 0
    step = min(tok * 4 // 3, max(8, (tok_row.right - tx) // max(1, n)))
    for k in range(n):
        size = min(tok, step - 2)
        scene.add("token", Rect(tx + k * step, tok_row.y + (tok_row.h - size) // 2, size, size),
                  f"left:{seat}:{k}", seat=seat, colour=dice_rgb(view, seat), label=str(seat + 1))
    scene.facts.setdefault("coins", {})[seat] = p["coins"]
    scene.facts.setdefault("tokens", {})[seat] = p["tokens"]


def _mat_orders_won(scene: Scene, won_r: Rect, game, p: dict[str, Any], seat: int) -> None:
    """The order cards the seat has won, grouped by dish: each dish's plate
    with "2 cards, 7 VP" (the count alone when the row is short of room),
    or "No orders won yet"."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    groups: dict[str, list] = {}
    for cid in p["orders"]:
        c = game.comp.orders[cid]
        groups.setdefault(c.subcategory, []).append(c)
    x = won_r.x
    if not groups:
        scene.text("No orders won yet", won_r, sizes=(m.small,), colour=DIM, priority=INFO)
    order = sorted(groups, key=lambda sub: (groups[sub][0].category, sub))
    labels = [f"{len(groups[s])} card{'s' if len(groups[s]) != 1 else ''}, {sum(c.vp for c in groups[s])} VP"
              for s in order]      # issue 34: "2x 7 VP" read as 14
    total_w = sum(line + 2 + scene.measure(t, m.small)[0] + m.pad for t in labels)
    if total_w > won_r.w:  # short of room: the count only (the VP stand in the banner)
        labels = [f"{len(groups[s])}" for s in order]
    for sub, label in zip(order, labels):
        w = line + 2 + scene.measure(label, m.small)[0] + m.pad
        scene.add("plate", Rect(x, won_r.y + (won_r.h - line) // 2, line, line), None, name=sub)
        scene.text(label, Rect(x + line + 2, won_r.y, w - line - 2, won_r.h), sizes=(m.small,))
        x += w
    scene.facts.setdefault("won", {})[seat] = {s: [c.id for c in cs] for s, cs in groups.items()}


def _banner_fit(scene: Scene, cell: Rect, seat: int, view: dict[str, Any], doing: str, name: str = "") -> str:
    """The longest form of a banner's ``doing`` that leaves room for the
    mat's ``name`` and VP beside it ("Seat 1 Kenta · 0 VP"; issue 34, pt11
    s17: the player card's name went for "card 1/2?"), else for "Seat N · k
    VP": "serve 2 2, 1 token?" -> "serve 2 2?"; "press again to confirm" ->
    "press again!"; "card 1/2?" -> "1/2?", else nothing (the name stays)."""
    m = scene.metrics
    vp = view['players'][seat]['order_points']
    room = cell.w - 2 * max(3, m.pad // 2) - scene.measure("Ag", m.medium)[1] - 4 * m.pad
    options = [doing, re.sub(r", [^,?!]+([?!])$", r"\1", doing)]
    if doing.startswith("press again"):
        options.append("press again!")
    private = re.match(r"card \d+/\d+[?!]$", doing) is not None
    if private:
        options.append(doing[len("card "):])
    for left in dict.fromkeys(x for x in (name, f"Seat {seat + 1}") if x):
        if private and left != name:
            return ""       # a hidden card's place goes before the name (its OLED shows the card)
        left_w = scene.measure(f"{left} \u00b7 {vp} VP", m.small)[0]
        fit = next((o for o in options if scene.measure(o, m.small)[0] <= room - left_w), None)
        if fit is not None:
            return fit
    return options[-1]
