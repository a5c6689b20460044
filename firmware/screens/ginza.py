"""Ginza Retro Café on the cabinet, drawn: the shared HDMI table and each
seat's OLED.

HDMI (public view only): the three customers with their time markers (2 /
1) and their order cards below them, each card showing its dish, its
condition as dice faces ("three 3s") or as a sum badge ("8+"), its yen and
VP, and the action token lying on it in its seat's colour with the seat
number; the purple common dice, the customer deck by time of day and the
three order decks; each seat's player mat: player card name and ability,
its dice in the seat's colour as the camera read them in the dice limit
track, arrange cards at Lv.1 / Lv.2, yen, action tokens left, order cards
won grouped by dish with their VP; the header says what the table must do
now (roll, choose on your screen, whose turn).

Bonus cards in hand, the draft and the player cards dealt are in seat
views only: they are drawn on the seat's OLED, never on the shared screen.
Rulebook ``ginza-retro-cafe.txt``; rulings GR-1 (arrange card <-> order
category), GR-5 (dice colours), GR-7 (Change Dice Rolls).
"""
from __future__ import annotations

import re
from typing import Any

from firmware.screens.choices import cursor_choices
from firmware.screens.ginza_words import bonus_met, cost_short, cost_words, feed, short_words
from firmware.screens.readings import COMMON, banner_words, todo_words
from firmware.ui.kit import (BG, DIM, FEED, FG, GOLD, INFO, PANEL, Rect, Scene, header, header_todo, seat_banner,
                             seat_colour)
from firmware.ui.oled import OledFrame

DRAWN = True
TITLE = "Ginza Retro Café"
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
    side_w = min(h * 8 // 5, int(w * 0.28)) if side_by_side else min(h * 2 // 3, int(w * 0.16))
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
    scene.add("coin", coin_r.square(), None, label=str(card.coins))
    scene.add("icon", vp_r.square(), None, name="star", label=str(card.vp))
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
    head, cards = r.rows(-(line + m.pad // 2), 1, gap=m.pad // 2)
    if slot is None:
        scene.add("panel", r, None, fill=(30, 33, 44), border=(60, 64, 80), radius=m.pad)
        scene.text("Empty table", r, sizes=(m.small,), align="center", colour=DIM, priority=INFO)
        scene.facts.setdefault("customers", []).append(None)
        return
    marker = head.cols(-head.h, 1)[0]
    hot = slot["time"] <= 1
    scene.add("token", marker, f"time:{slot['customer']}", colour=(240, 120, 60) if hot else (250, 250, 250),
              label=str(slot["time"]))
    name_r = Rect(marker.right + m.pad // 2, head.y, head.right - marker.right - m.pad // 2, head.h)
    full = f"{slot['name']} ({slot['time_of_day']})"
    if scene.text(full, name_r, sizes=(m.small,), colour=FG, priority=INFO) is None:
        scene.dropped.pop()
        scene.text(slot["name"], name_r, sizes=(m.small,), colour=FG, priority=INFO)
    orders = slot["orders"]
    n = max(3, len(orders))
    for o, cr in zip(orders, cards.rows(*([1] * n), gap=max(2, m.pad // 2))):
        _order_card(scene, cr, game, o, view, o["card"] == lit_order)
    scene.facts.setdefault("customers", []).append(
        {"name": slot["name"], "time": slot["time"], "orders": [o["card"] for o in orders]})


def _table(scene: Scene, r: Rect, view: dict[str, Any], held: list[int] | None = None,
           lit_common: int | None = None) -> None:
    """The common purple dice and the decks: customers by time of day and
    the three order decks (face-down cards with their rank and count);
    ``held``: a reading of the common dice being checked (CAB-6), drawn in
    a gold ring: not in the game yet."""
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
    if wait_common and held:   # a reading the seats are checking (CAB-6): not in the game yet
        vals = (list(held) + [None] * 3)[:3]
        scene.facts.setdefault("held", {})[COMMON] = list(held)
    lit_i = vals.index(lit_common) if lit_common is not None and lit_common in vals[:3] else None
    for i, v in enumerate(vals[:3]):
        scene.add("die", Rect(dice_r.x + i * (die + 4), dice_r.y, die, die), f"common:{i}", value=v,
                  state="read" if v is not None else "reading", body=DICE_RGB["purple"], pip=(250, 250, 250),
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


def mat_height(scene: Scene, wide: bool) -> int:
    """Height in px of a seat's mat: banner, (wide: ability text, two-line
    arrange cards), dice, arrange / yen / tokens, orders won."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    banner = scene.measure("Ag", m.medium if wide else m.small)[1] + m.pad + 2
    row = line + (6 if wide else 4)
    die = int(line * 1.35) if wide else line
    gap = m.pad // 2
    if wide:
        return banner + 2 * line + die + (2 * line + 6) + 2 * row + 5 * gap + 2 * max(3, m.pad // 2)
    return banner + die + 2 * row + 3 * gap + 2 * max(3, m.pad // 2)


def _mat(scene: Scene, r: Rect, game, view: dict[str, Any], seat: int, wide: bool, doing: str = "",
         held: list[int] | None = None, lit: list[int] | None = None) -> None:
    """One seat's player mat (``doing``: the banner's gold words, e.g.
    "rejected: rerolls", ruling CAB-6, or what the seat's cursor would do;
    ``held``: a reading the seat is checking, drawn in a gold ring in the
    requested dice's places: not in the game yet; ``lit``: the dice values
    the choice under the seat's cursor would take, ringed in gold)."""
    m = scene.metrics
    p = view["players"][seat]
    line = scene.measure("Ag", m.small)[1]
    gap = m.pad // 2
    active = view.get("phase") == "play" and view.get("turn") == seat
    pc = game.comp.player_cards.get(p["card"]) if p.get("card") else None
    name = f"Seat {seat + 1} {pc.name}" if pc else f"Seat {seat + 1}"
    if view.get("start_player") == seat:
        name += " (start)"
    banner_h = scene.measure("Ag", m.medium if wide else m.small)[1] + m.pad + 2
    scene.add("panel", r, None, fill=(34, 38, 50), border=dice_rgb(view, seat), radius=m.pad)
    inner = r.inset(max(3, m.pad // 2))
    row = line + (6 if wide else 4)
    die = int(line * 1.35) if wide else line
    die = min(die, (inner.w - 8 * 3) // 9)
    ability_h = 2 * line if wide else 0
    arr_h = 2 * line + 6 if wide else row
    banner_r, abil_r, dice_r, arr_r, econ_r, won_r = inner.rows(
        -banner_h, -ability_h, -die, -(arr_h if wide else 0), -row, -row, gap=gap)
    if not wide:
        arr_r = econ_r
    seat_banner(scene, banner_r, seat, score=f"{p['order_points']} VP", name=name, active=active, doing=doing,
                key=f"banner:{seat}")
    if ability_h and pc:
        scene.wrapped(pc.text, abil_r, sizes=(m.small,), colour=DIM, priority=INFO, max_lines=2)
    elif ability_h:
        scene.text("choosing a player card", abil_r, sizes=(m.small,), colour=DIM, priority=INFO)
    # dice in the seat's colour inside the dice limit track (9 spaces)
    body = dice_rgb(view, seat)
    pip = PIP_RGB.get(p["colour"], (250, 250, 250))
    req = next((q for q in view.get("dice_requests", []) if q.get("player") == seat), None)
    new = (list(held) + [None] * req["count"])[:req["count"]] if req and held else [None] * (req["count"] if req else 0)
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
            scene.add("die", cell, f"die:{seat}:{i}", value=v, state="read" if v is not None else "reading",
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
    # arrange cards (Lv.1 / Lv.2)
    lv_w = scene.measure("Lv.2", m.small)[0] + 10
    if wide:
        each = (arr_r.w - 2 * 4) // 3
        word = each >= scene.measure("Change", m.small)[0] + line + 12
        x = arr_r.x
        for kind in ("change", "reroll", "add"):
            _arrange(scene, Rect(x, arr_r.y, each, arr_r.h), kind, p["levels"].get(kind, 1), word)
            x += each + 4
        x = econ_r.x
    else:
        each = (row - 4) + scene.measure("Lv.2", m.small)[0] + 6  # icon, "Lv.2", the card's edges
        x = arr_r.x
        for kind in ("change", "reroll", "add"):
            _arrange(scene, Rect(x, arr_r.y, each, arr_r.h), kind, p["levels"].get(kind, 1), False)
            x += each + 3
        x += m.pad
    # yen, and the action tokens left (beside the dice on a narrow mat)
    coin_w = scene.measure(f"¥{p['coins']}", m.small)[0] + 4
    scene.add("coin", Rect(x, econ_r.y + (econ_r.h - line) // 2, line, line), None)
    scene.text(f"¥{p['coins']}", Rect(x + line + 4, econ_r.y, coin_w, econ_r.h), sizes=(m.small,), colour=GOLD)
    x += line + 4 + coin_w + m.pad
    tok_row = econ_r
    if not wide:
        x = dice_r.x + spaces * (die + 3) + m.pad
        tok_row = dice_r
    tok = min(line, tok_row.h)
    step = min(tok * 4 // 3, max(8, (tok_row.right - x) // max(1, p["tokens"])))
    for k in range(p["tokens"]):
        size = min(tok, step - 2)
        scene.add("token", Rect(x + k * step, tok_row.y + (tok_row.h - size) // 2, size, size),
                  f"left:{seat}:{k}", seat=seat, colour=body, label=str(seat + 1))
    scene.facts.setdefault("arrange", {})[seat] = dict(p["levels"])
    scene.facts.setdefault("coins", {})[seat] = p["coins"]
    scene.facts.setdefault("tokens", {})[seat] = p["tokens"]
    # order cards won, grouped by dish, with their VP
    groups: dict[str, list] = {}
    for cid in p["orders"]:
        c = game.comp.orders[cid]
        groups.setdefault(c.subcategory, []).append(c)
    x = won_r.x
    if not groups:
        scene.text("No orders won yet", won_r, sizes=(m.small,), colour=DIM, priority=INFO)
    order = sorted(groups, key=lambda sub: (groups[sub][0].category, sub))
    labels = [f"{len(groups[s])}x {sum(c.vp for c in groups[s])} VP" for s in order]
    total_w = sum(line + 2 + scene.measure(t, m.small)[0] + m.pad for t in labels)
    if total_w > won_r.w:  # short of room: the count only (the VP stand in the banner)
        labels = [f"{len(groups[s])}" for s in order]
    for sub, label in zip(order, labels):
        w = line + 2 + scene.measure(label, m.small)[0] + m.pad
        scene.add("plate", Rect(x, won_r.y + (won_r.h - line) // 2, line, line), None, name=sub)
        scene.text(label, Rect(x + line + 2, won_r.y, w - line - 2, won_r.h), sizes=(m.small,))
        x += w
    scene.facts.setdefault("won", {})[seat] = {s: [c.id for c in cs] for s, cs in groups.items()}


def _banner_fit(scene: Scene, cell: Rect, seat: int, view: dict[str, Any], doing: str) -> str:
    """The longest form of a banner's ``doing`` that leaves room for "Seat
    N · k VP" beside it: "serve 2 2, 1 token?" -> "serve 2 2?"; "press
    again to confirm" -> "press again!"."""
    m = scene.metrics
    left = scene.measure(f"Seat {seat + 1} \u00b7 {view['players'][seat]['order_points']} VP", m.small)[0]
    room = cell.w - 2 * max(3, m.pad // 2) - scene.measure("Ag", m.medium)[1] - 4 * m.pad - left
    options = [doing, re.sub(r", [^,?!]+([?!])$", r"\1", doing)]
    if doing.startswith("press again"):
        options.append("press again!")
    return next((o for o in options if scene.measure(o, m.small)[0] <= room), options[-1])


def board_words(game, seat: int, score: float) -> str:
    """A stopped game's report line for ``seat``: what its mat shows (VP of
    the order cards won, yen) and the engine's score labelled provisional
    ("6 VP, ¥9 on the board; provisional score 8 VP: orders + floor(yen /
    4), bonus cards count only at the end")."""
    p = game.view(None)["players"][seat]
    return (f"{p['order_points']} VP, ¥{p['coins']} on the board; provisional score {score:g} VP: "
            f"orders + floor(yen / 4), bonus cards count only at the end")


def _pending(game, view: dict[str, Any], cursor: dict[int, dict], context: dict[str, Any]) -> str:
    """The HDMI's words for what the turn seat's next press would do and
    what it costs ("Seat 1: Change to Lv.2, costs ¥3 - press again to
    confirm"); "" when no person's cursor is on a turn choice."""
    seat = view.get("turn")
    act = cursor.get(seat) if view.get("phase") == "play" else None
    if act is None:
        return ""
    pos = cursor_position(game, context, seat)
    words = f"Seat {seat + 1}: {short_words(act)}, {cost_words(game, seat, act)[0]}"
    return words + (" - press again to confirm" if pos and pos[2] else "?")


def _moves(scene: Scene, r: Rect, pending: str, moves: list[str], rows: int) -> None:
    """The strip under the customers: the turn seat's pending choice with
    its cost (gold, one line), then the latest moves, newest last."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    if pending:
        head, r = r.rows(-line, 1)
        if scene.text(pending, head, sizes=(m.small,), colour=GOLD, priority=INFO) is None:
            scene.dropped.pop()
            scene.text(pending.split(" - ")[0], head, sizes=(m.small,), colour=GOLD, priority=INFO)
    scene.lines([(t, FEED) for t in moves], r, size=m.small, colour=DIM)
    scene.facts["moves"] = list(moves)
    scene.facts["pending"] = pending


def todo_text(game, view: dict[str, Any]) -> str:
    """What the table must do now, in a few words."""
    phase = view.get("phase")
    reqs = view.get("dice_requests") or []
    if phase == "over":
        best = view.get("ranking", [[]])[0]
        scores = view.get("scores", [])
        if not best:
            return "Game over"
        names = " and ".join(f"Seat {s + 1}" for s in best)
        return f"{names} win{'s' if len(best) == 1 else ''}: {scores[best[0]]:g} VP|{names}: {scores[best[0]]:g} VP"
    if reqs:
        q = reqs[0]
        more = f" (+{len(reqs) - 1})" if len(reqs) > 1 else ""
        dice = "die" if q["count"] == 1 else "dice"
        return f"Roll {q['count']} {q['colour']} {dice}{more}|Roll {q['count']} {q['colour']}"
    if phase == "player_card":
        return "Choose your player card on your screen|Choose a player card"
    if phase in ("draft1", "draft2"):
        return "Keep a bonus card on your screen|Keep a bonus card"
    rr = view.get("reroll")
    if rr:
        return f"Seat {rr['player'] + 1}: reroll ({rr.get('remaining', 0)} left)|Seat {rr['player'] + 1}: reroll"
    turn = view.get("turn")
    if turn is not None:
        return f"Seat {turn + 1}: serve, arrange or wash|Seat {turn + 1}: your turn"
    return ""


def _final(scene: Scene, r: Rect, view: dict[str, Any]) -> None:
    """6. Scoring: each seat's VP from orders, yen and bonus cards, best
    first."""
    m = scene.metrics
    scores = view.get("scores", [])
    order = [s for g in view.get("ranking", [[i] for i in range(len(scores))]) for s in g]
    best = set(view.get("ranking", [[]])[0])
    scene.add("panel", r, None, fill=PANEL, radius=m.pad)
    inner = r.inset(m.pad)
    row_h = scene.measure("Ag", m.medium)[1] + m.pad + 2
    head_h = scene.measure("Ag", m.large)[1]
    if head_h + len(order) * (row_h + m.pad) > inner.h:
        head_h = 0
    head, rest = inner.rows(-head_h, 1, gap=m.pad if head_h else 0)
    if head_h:
        scene.text("Final scores", head, sizes=(m.large, m.medium), colour=GOLD, priority=INFO)
    for k, seat in enumerate(order):
        p = view["players"][seat]
        total = scores[seat]
        coins = p.get("coin_points", 0)
        bonus = total - p["order_points"] - coins
        row = Rect(rest.x, rest.y + k * (row_h + m.pad // 2), rest.w, row_h)
        left, right = row.cols(0.42, 0.58, gap=m.pad)
        seat_banner(scene, left, seat, score=f"{total:g} VP", active=seat in best, key=f"final:{seat}")
        words = f"orders {p['order_points']} + yen {coins} + bonus {bonus:g}"
        if scene.text(words, right, sizes=(m.medium, m.small), priority=INFO) is None:
            scene.dropped.pop()  # two lines, or only the total in the banner
            scene.wrapped(words, right, sizes=(m.small,), priority=INFO, max_lines=2)
        scene.facts.setdefault("final", {})[seat] = {"total": total, "orders": p["order_points"], "yen": coins,
                                                     "bonus": bonus}


def screen(game, view: dict[str, Any], context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
           measure=None) -> Scene:
    """The shared Ginza Retro Café screen, drawn from the public ``view``.

    Args:
        game: the engine (component data: order cards, player cards).
        view: ``game.view(None)``.
        context: runtime facts (``notice``).
        size: the screen, px.
        measure: text measure ``(text, size_px) -> (w, h)``.

    Returns:
        A :class:`Scene`; ``scene.facts`` lists the customers, each order
        card's condition, yen, VP and token, each seat's dice, arrange
        levels, yen, tokens and orders won, the common dice and decks.
    """
    w, h = size
    scene = Scene(w, h, measure)
    m = scene.metrics
    header_h = scene.measure("Ag", m.medium)[1] + m.pad
    hdr, body = scene.rect.rows(-header_h, 1)
    status = f"Round {view['round']}" if view.get("round") else "Setup"
    readings = context.get("readings") or {}

    def held_of(key):
        r = readings.get(key) or {}
        return r.get("values") if r.get("state") == "check" else None
    contest = todo_words(readings)      # ruling CAB-6: a rejected reading, a hand entry
    options = [contest, todo_words(readings, True)] if contest and not context.get("notice") else \
        (context.get("notice") or todo_text(game, view)).split("|")
    cursor = cursor_choices(game, context)
    turn_act = cursor.get(view.get("turn")) if view.get("phase") == "play" else None
    lit_order = turn_act.get("order") if turn_act and turn_act.get("type") == "serve" else None
    lit_common = turn_act.get("common") if turn_act and turn_act.get("type") == "serve" else None
    todo = header_todo(scene, hdr, TITLE, status, options)
    header(scene, hdr, TITLE, status, todo)
    scene.facts["todo"] = todo
    body = body.inset(m.pad)
    n = len(view["players"])
    line = scene.measure("Ag", m.small)[1]
    per_row = n if body.w / n >= 12 * line else 2
    mat_rows = -(-n // per_row)
    wide = mat_rows == 1 and body.h >= 24 * line
    mat_h = mat_height(scene, wide)
    top, mats = body.rows(1, -(mat_h * mat_rows + m.pad * (mat_rows - 1)), gap=m.pad)
    table_w = max(scene.measure("Common dice", m.small)[0], scene.measure("Daytime 4", m.small)[0]) + m.pad
    cust_r, table_r = top.cols(1, -table_w, gap=m.pad)
    if view.get("phase") != "over" and h >= 700:   # the turn's choice with its cost, the latest moves in words
        feed_n = 3
        cust_r, moves_r = cust_r.rows(1, -(feed_n * line + m.pad // 2), gap=m.pad // 2)
        # clear of the table column and the mats by more than the painter's dirty margin, so a new
        # move does not merge their regions into a full repaint
        moves_r = Rect(moves_r.x, moves_r.y, moves_r.w - m.pad, moves_r.h - m.pad // 2)
        pending = _pending(game, view, cursor, context)
        moves = feed(list(context.get("last_events") or []), view, keep=feed_n)
        scene.part(moves_r, ("gz-moves", moves_r, pending, repr(moves)),
                   lambda sc: _moves(sc, moves_r, pending, moves, feed_n), bg=BG)
    colours = tuple(p["colour"] for p in view["players"])
    if view.get("phase") == "over":
        scene.part(cust_r, ("gz-final", cust_r, repr(view.get("scores")), repr(view.get("ranking")),
                            repr(view["players"])), lambda sc: _final(sc, cust_r, view), bg=BG)
    else:
        for i, cr in enumerate(cust_r.cols(*([1] * CUSTOMER_SPACES), gap=m.pad)):
            mine = lit_order if view["customers"][i] and any(
                o["card"] == lit_order for o in view["customers"][i]["orders"]) else None
            scene.part(cr, ("gz-customer", i, cr, repr(view["customers"][i]), colours, mine),
                       lambda sc, cr=cr, i=i, mine=mine: _customer(sc, cr, game, view, i, mine), bg=BG)
    scene.part(table_r, ("gz-table", table_r, n, repr(view.get("common_dice")), repr(view.get("dice_requests")),
                         view.get("customer_deck"), repr(view.get("order_decks")), repr(held_of(COMMON)), lit_common),
               lambda sc: _table(sc, table_r, view, held_of(COMMON), lit_common), bg=BG)
    cells = []
    for rr in mats.rows(*([1] * mat_rows), gap=m.pad):
        cells.extend(rr.cols(*([1] * per_row), gap=m.pad))
    for seat, cell in zip(range(n), cells):
        req = [q for q in view.get("dice_requests", []) if q.get("player") == seat]
        doing = banner_words(readings, seat, short=cell.w < 14 * m.medium) or cursor_words(
            view, cursor.get(seat), cursor_position(game, context, seat), game)
        lit = lit_dice(cursor.get(seat)) if view.get("phase") == "play" and seat == view.get("turn") else None
        doing = _banner_fit(scene, cell, seat, view, doing)
        if doing:
            scene.facts.setdefault("doing", {})[seat] = doing
        digest = ("gz-mat", seat, cell, wide, repr(view["players"][seat]), view.get("phase"), view.get("turn"),
                  view.get("start_player"), repr(req), doing, repr(held_of(seat)), repr(lit))
        scene.part(cell, digest, lambda sc, cell=cell, seat=seat, doing=doing, lit=lit: _mat(
            sc, cell, game, view, seat, wide, doing, held_of(seat), lit), bg=BG)
    return scene


# ------------------------------------------------------------ cursors
#: Hidden choices (player card, bonus cards): the HDMI shows only where the
#: cursor is among them, never the card.
PRIVATE_CHOICES = ("choose_card", "pick_bonus")


def cursor_position(game, context: dict[str, Any], seat: int) -> tuple[int, int, bool] | None:
    """``(position 1-based, choices, armed)`` of the seat's cursor, or None."""
    try:
        shown = context["controls"][seat].shown(game)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    return (shown.cursor + 1, len(shown.choices), shown.armed) if shown.choices else None


def cursor_words(view: dict[str, Any], action: dict[str, Any] | None, pos: tuple[int, int, bool] | None,
                 game=None) -> str:
    """A seat banner's words for what its next press would do: "serve 3 5,
    1 token?" (the turn's choice and, given ``game``, what it costs),
    "press again to confirm" once armed, "card 2/3?" for a hidden choice
    (player card, bonus card: which card stays private)."""
    if action is None or pos is None:
        return ""
    mark = "!" if pos[2] else "?"
    if pos[2]:
        return "press again to confirm"
    if action.get("type") in PRIVATE_CHOICES:
        return f"card {pos[0]}/{pos[1]}{mark}"
    if view.get("phase") == "play" and action.get("player") == view.get("turn") or action.get("type") == "stop":
        cost = f", {cost_short(game, action['player'], action)}" if game is not None else ""
        return _short(action, None) + cost + mark
    return ""


def lit_dice(action: dict[str, Any] | None) -> list[int] | None:
    """The seat's dice values the choice would take: a serve's dice, a
    reroll's dice, the faces a change turns."""
    if action is None:
        return None
    kind = action.get("type")
    if kind in ("serve", "reroll"):
        return list(action.get("dice") or [])
    if kind == "change":
        return [f for f, _ in action.get("steps") or []]
    return None


# ------------------------------------------------------------------ OLED
def label(action: dict[str, Any], game: Any = None) -> str:
    """A short label for a Ginza action, with card names from the
    component data (``keep Drink Master 5VP``, ``serve Blend Coffee with
    5,6``)."""
    kind = action.get("type")
    comp = getattr(game, "comp", None)
    if kind == "choose_card":
        pc = comp.player_cards.get(action.get("card")) if comp else None
        return f"play {pc.name}: {pc.text}" if pc else f"play {action.get('card')}"
    if kind == "pick_bonus":
        bc = comp.bonus_cards.get(action.get("card")) if comp else None
        return f"keep {bc.name} {bc.vp}VP" if bc else f"keep {action.get('card')}"
    if kind == "serve":
        oc = comp.orders.get(action.get("order")) if comp else None
        name = oc.item if oc else action.get("order")
        text = f"serve {name} with {','.join(map(str, action.get('dice') or []))}"
        if action.get("common") is not None:
            text += f" +purple {action['common']} ¥3"
        return text
    if kind == "change":
        steps = action.get("steps") or []
        return "change " + ", ".join(f"{f} to {f + d}" for f, d in steps)
    if kind == "reroll":
        return f"reroll {','.join(map(str, action.get('dice') or []))}"
    if kind == "stop":
        return "stop rerolling"
    if kind == "add":
        k = action.get("count")
        return f"add {k} di{'c' if k != 1 else ''}e"
    if kind == "wash":
        return f"wash dishes: {action.get('ones')} ones"
    if kind == "upgrade":
        arr = comp.arrange.get(action.get("arrange")) if comp else None
        return f"{arr.name if arr else action.get('arrange')} to Lv.2"
    if kind == "raise_limit":
        return "raise dice limit"
    return str(kind).replace("_", " ")


def _oled_words(text: str) -> str:
    """The OLED font has no yen sign: ``¥3`` is written ``3 yen``."""
    return " ".join(f"{w[1:]} yen" if w.startswith("¥") else w for w in text.split(" "))


#: a player card's ability as the OLED says it (the card's own words
#: shortened, so it fits the two lines beside and under the card icon)
_ABILITY_SHORT = [(re.compile(r"^Start the game with (.+) at (Lv\.\d)\.?$"), r"\1 \2 from the start"),
                  (re.compile(r"^Get (\d+) extra yen each time you serve an? (\w+)\.?$"),
                   r"+\1 yen each time you serve a \2"),
                  (re.compile(r"^Each dice limit step costs (\d+) yen less\.?$"), r"dice limit steps cost \1 yen less"),
                  (re.compile(r"^Better dishwashing table: (\S+) ones give (\S+) yen\.?$"),
                   r"\1 ones wash for \2 yen")]


def ability_lines(f: OledFrame, text: str) -> list[tuple[int, str]]:
    """A card's ability (or bonus condition) on the OLED as (x, line): the
    first line beside the 14 px card icon (x 20), the second under it,
    full width (x 2); the card's words shortened (:data:`_ABILITY_SHORT`;
    a list of dishes without spaces) when they need more than these two lines.  Raises ValueError when even
    the short words do not fit (a text no player could read whole)."""
    short = [rx.sub(to, text) for rx, to in _ABILITY_SHORT if rx.match(text)]
    for words in (text, *short, text.replace(", ", ",")):     # a list of dishes: "A,B,C"
        first = _wrap_px(f, words, f.W - 22)
        if len(first) == 1:
            return [(20, first[0])]
        rest = " ".join(words.split()[len(first[0].split()):])
        if f.fits(rest, f.W - 4):
            return [(20, first[0]), (2, rest)]
    raise ValueError(f"ability text {text!r} does not fit the OLED in two lines")


def _wrap_px(frame: OledFrame, text: str, room: int, size: int = 10) -> list[str]:
    """Word-wrap ``text`` to lines at most ``room`` px wide (a word wider
    than the room is split)."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        while not frame.fits(word, room, size):
            k = len(word)
            while k > 1 and not frame.fits(word[:k], room, size):
                k -= 1
            if cur:
                lines.append(cur)
                cur = ""
            lines.append(word[:k])
            word = word[k:]
        trial = f"{cur} {word}" if cur else word
        if frame.fits(trial, room, size):
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


def oled_frame(game, seat: int, view: dict[str, Any], controls, context: dict[str, Any]) -> OledFrame:
    """The seat's OLED (its own view): header with seat, yen and action
    tokens left; while choosing a player card or drafting, the card under
    the cursor with its text; otherwise its dice drawn with pips and its
    bonus cards in hand as card icons with their VP (private: only here);
    the choice under the cursor at the bottom, inverted when armed.

    The bottom line (the choice, one or two lines, or whose turn it is)
    is placed first; the prompt and the body go above it, each line only
    when it fits whole above the bottom line (nothing is drawn over
    anything: :meth:`OledFrame.overlaps`)."""
    f = OledFrame()
    p = view["players"][seat]
    tokens = f"{p['tokens']} token{'s' if p['tokens'] != 1 else ''}"
    _header(f, [f"Seat {seat + 1}  {p['coins']} yen", f"Seat {seat + 1} {p['coins']} yen", f"{p['coins']} yen"],
            tokens)
    shown = controls.shown(game)
    choices, cursor = shown.choices, shown.cursor
    prompt = (context.get("prompts") or {}).get(seat)
    phase = view.get("phase")
    comp = game.comp
    if phase == "over":
        y = f.message(2, 14, _oled_words(str(prompt)), max_lines=1) if prompt else 14
        score = view.get("scores", [0] * (seat + 1))[seat]
        f.glyph(0, y, f.W, "GAME OVER", size=16)
        f.text(2, y + 20, f"{score:g} VP, bonus {len(p.get('bonus_achieved', []))} met")
        return f
    carding = bool(choices) and phase in ("player_card", "draft1", "draft2")
    if carding:
        _card_choice(f, game, phase, shown, prompt)
        return f
    # the bottom line first: the choice (its short label), or whose turn it is
    full = short = ""
    if choices:
        full = _oled_words(label(choices[cursor], game))
        short = full if f.fits(full, f.W - 44) else _short(choices[cursor], game)
        bottom = f.choice(short, cursor, len(choices), shown.armed)
        # above it: what the choice costs (before the confirming press), and once armed "press again"
        bottom = _cost_lines(f, game, seat, choices[cursor], shown.armed, bottom)
    else:
        turn = view.get("turn")
        f.text(2, f.H - 12, "your turn" if turn == seat else (f"Seat {turn + 1} plays" if turn is not None
                                                              else "waiting"))
        bottom = f.H - 13
    y = 14
    if prompt:
        y = f.message(2, y, _oled_words(str(prompt)), max_lines=max(1, min(2, (bottom - y) // 12)))
    # dice as read, then bonus cards in hand (or the long choice in full)
    dice = p.get("dice") or []
    size = 13 if not choices else 12    # a turn: room for the cost line and a bonus card
    if y + size <= bottom:
        for i, v in enumerate(dice[:9]):
            f.die(2 + i * (size + 1), y, size, v)
        if not dice:
            f.text(2, y, "no dice" if phase == "play" else "roll your dice")
        y += size + 2
    detail = _wrap_px(f, full, f.W - 4) if short != full else []
    # lines 11 px apart whose ink (y+1 .. y+9) ends above the bottom line's first row
    rows = (bottom - y - 10) // 11 + 1 if bottom - y >= 10 else 0
    if detail and len(detail) <= min(2, rows):
        for i, ln in enumerate(detail):
            f.text(2, y + i * 11, ln)
    else:
        bonus = p.get("bonus") or []
        for i, b in enumerate(bonus[:min(2, rows)]):
            bc = comp.bonus_cards[b]
            _check_box(f, 2, y + i * 11, bonus_met(game, seat, b, view))
            f.best(12, y + i * 11, [f"{bc.name} {bc.vp}VP", f"{bc.name} {bc.vp}", bc.name, f"{bc.vp}VP"])
        if not bonus and rows:
            f.text(2, y, "no bonus cards")
    return f


def _cost_lines(f: OledFrame, game, seat: int, action: dict[str, Any], armed: bool, bottom: int) -> int:
    """Above the choice line (which starts at ``bottom``): what the choice
    costs ("costs 1 token, 3 yen"), and once armed "press again to
    confirm" above that, each only where it fits whole.  Returns the new
    top of the bottom area."""
    lines = [cost_words(game, seat, action, sign="yen")]
    if armed:
        lines.append(["press again to confirm", "press again: confirm", "press again"])
    for options in lines:
        if bottom - 11 < 14:
            break
        words = next((w for w in options if f.fits(w, f.W - 4)), None)
        if words is None:
            break
        f.text(2, bottom - 10, words, room=f.W - 4)
        bottom -= 11
    return bottom


def _check_box(f: OledFrame, x: int, y: int, met: bool) -> None:
    """A bonus card's 8 x 10 box, ticked when the seat meets the card now
    ("6. Scoring"; a "most" card can still be lost)."""
    d = f.draw
    f.boxes.append(("bonus met" if met else "bonus not met", (x, y, x + 7, y + 9)))
    d.rectangle((x, y, x + 7, y + 9), outline=1, fill=0)
    if met:
        d.line((x + 1, y + 5, x + 3, y + 7), fill=1, width=2)
        d.line((x + 3, y + 7, x + 7, y + 1), fill=1, width=2)


def _card_choice(f: OledFrame, game, phase: str, shown, prompt: str | None) -> None:
    """The OLED while a seat chooses a player card or drafts a bonus card:
    the card under the cursor (icon, title, ability) above the choice
    line; a prompt takes one line on top, and the ability's lines that no
    longer fit above the choice line are left out (never drawn over it)."""
    choices, cursor = shown.choices, shown.cursor
    act = choices[cursor]
    if phase == "player_card":
        pc = game.comp.player_cards[act["card"]]
        title, text = pc.name, pc.text
    else:
        bc = game.comp.bonus_cards[act["card"]]
        title, text = f"{bc.name} {bc.vp}VP", _bonus_text(bc)
    word = "keep" if phase != "player_card" else "play"
    chosen = f"{word} {cursor + 1} of {len(choices)}"
    if not f.fits(title, f.W - 20) and phase != "player_card":     # "Today's Specials 6VP": VP below
        title, chosen = bc.name, f"keep: {bc.vp}VP"
    bottom = f.choice(chosen, cursor, len(choices), shown.armed)
    if shown.armed:               # the choice waits for its confirm press: say so
        f.text(2, bottom - 10, "press again to confirm" if f.fits("press again to confirm", f.W - 4)
               else "press again: confirm", room=f.W - 4)
        bottom -= 11
    y = f.message(2, 14, _oled_words(str(prompt)), max_lines=1) if prompt else 14
    lines = ability_lines(f, text)
    if y + 20 <= bottom:
        f.card(2, y, 14, 20, label="P" if phase == "player_card" else "B")
    f.text(20, y, title)
    for i, (x, ln) in enumerate(lines):
        top = y + 12 + i * 11
        if top + 10 > bottom or (x < 18 and top < y + 20 and y + 20 <= bottom):
            break
        f.text(x, top, ln)


def _bonus_text(bc) -> str:
    """A bonus card's condition in words (6. Scoring)."""
    if bc.kind == "subcategory_x2":
        return f"2+ {bc.subcategories[0]}"
    if bc.kind == "subcategories_each":
        return "1+ each: " + ", ".join(bc.subcategories)
    if bc.kind == "most_category":
        return f"most {bc.category} orders"
    if bc.kind == "most_orders":
        return "most order cards"
    if bc.kind == "all_categories_x2":
        return "2+ Drink, Dessert, Food"
    return bc.kind.replace("_", " ")


def _short(action: dict[str, Any], game) -> str:
    """A label short enough for the OLED's choice line, in whole words
    (:func:`firmware.screens.ginza_words.short_words`)."""
    return short_words(action)


def _header(f: OledFrame, lefts: list[str], right: str) -> None:
    """The OLED's top bar with the first of ``lefts`` that fits beside
    ``right`` (the last one otherwise)."""
    room = f.W - (f.width(right) if right else 0) - 6
    f.header(next((t for t in lefts if f.fits(t, room)), lefts[-1]), right)
