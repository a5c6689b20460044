"""Ginza Retro Café on the cabinet: the shared HDMI screen (customers with
time markers and their order cards with action tokens, each seat's dice as
read by the camera with the seat's colour, arrange levels, coins, tokens,
the common purple dice) and each seat's OLED (its bonus cards in hand, the
hidden player card choice and bonus draft, its current choice).

The shared screen is built from the public view only: bonus cards in hand,
draft hands and dealt player cards are in seat views only, so the hidden
choices happen on the OLEDs (issue: "never on the shared screen").
Rulebook ``ginza-retro-cafe.txt``; rulings GR-1 (arrange card <-> order
category), GR-5 (dice colours), GR-7 (Change Dice Rolls).
"""
from __future__ import annotations

from typing import Any

from firmware.controls import SeatControls
from firmware.screens import SEAT_COLOURS
from firmware.ui.model import Panel, ScreenModel
from firmware.ui.oled import wrap

TITLE = "Ginza Retro Café"
OLED_W = 21
CUSTOMER_SPACES = 3
ARRANGE_SHORT = {"change": "Change", "reroll": "Reroll", "add": "Add"}
PHASES = {"player_card": "choose player cards (on your screen)",
          "draft1": "bonus draft: keep 1 of 3 (on your screen)",
          "draft2": "bonus draft: keep 1 of 2 (on your screen)"}


def seat_label(seat: int | None) -> str:
    """Seat number as players see it (1-based)."""
    return "common" if seat is None else f"Seat {seat + 1}"


def dice_text(dice: list[int]) -> str:
    """Die faces as ``1 2 3 3 6`` (``-`` when none)."""
    return " ".join(str(d) for d in dice) if dice else "-"


def order_lines(game: Any, order: dict[str, Any], colours: list[str]) -> list[str]:
    """One order card as two short lines: item and condition, then yen, VP
    and whose action token lies on it (``Blend Coffee 7+`` /
    ``  ¥1 · 1VP · token red``; ``open`` without a token)."""
    card = game.comp.orders.get(order["card"]) if hasattr(game, "comp") else None
    if card is None:
        first, second = f"{order['card']} {order.get('condition', '')}", "  "
    else:
        first, second = f"{card.item} {card.condition_text()}", f"  ¥{card.coins} · {card.vp}VP · "
    token = order.get("token")
    if token is None:
        second += "open"
    else:
        who = colours[token] if isinstance(token, int) and 0 <= token < len(colours) else str(token)
        second += f"token {who}"
    return [first, second]


def customer_panel(game: Any, view: dict[str, Any], index: int) -> Panel:
    """One space of the customer area: customer, time of day, time marker
    and the order cards with tokens."""
    slot = view.get("customers", [None] * CUSTOMER_SPACES)[index]
    colours = [p["colour"] for p in view.get("players", [])]
    if slot is None:
        left = view.get("customer_deck", 0)
        return Panel(f"Customer space {index + 1}", ["empty", f"customer deck: {left}"], accent=(90, 90, 90))
    lines = [f"{slot['time_of_day']} · time marker {slot['time']}"]
    lines += [x for o in slot.get("orders", []) for x in order_lines(game, o, colours)]
    hi = {0} if slot.get("time", 9) <= 1 else set()
    return Panel(f"{index + 1}. {slot['name']}", lines, accent=(170, 120, 60), highlight=hi)


def seat_lines(game: Any, view: dict[str, Any], seat: int) -> list[str]:
    """A seat's public board: dice (its colour), limit, yen, tokens, arrange
    levels, order cards and their VP, and the number (never the names) of
    bonus cards in hand (the revealed player card is in the panel title)."""
    p = view["players"][seat]
    lines = [f"{p['colour']} dice: {dice_text(p['dice'])} (limit {p['dice_limit']})"]
    rr = view.get("reroll")
    if rr and rr.get("player") == seat:
        lines.append(f"rerolling: {rr.get('remaining', 0)} left, may reroll {dice_text(rr.get('eligible', []))}")
    for req in view.get("dice_requests", []):
        if req.get("player") == seat:
            lines.append(f"roll {req['count']} {req['colour']} dice ({req.get('reason', '')})")
    lines.append(f"¥{p['coins']} · tokens {p['tokens']} ({p['tokens_on_arrange']} used)")
    lines.append("Lv " + " ".join(f"{ARRANGE_SHORT.get(k, k)}{v}" for k, v in p["levels"].items()))
    lines.append(f"orders {len(p['orders'])} · {p['order_points']} VP")
    lines.append(f"bonus cards: {p['bonus_count']} (hidden)")
    if not p.get("card") and view.get("phase") == "player_card":
        lines.append("player card: " + ("chosen" if p.get("chosen") else "choosing..."))
    if view.get("phase") in ("draft1", "draft2"):
        lines.append("bonus draft: " + ("kept a card" if p.get("picked") else "choosing..."))
    if "coin_points" in p:
        lines.append(f"coins {p['coin_points']} VP · bonus {len(p.get('bonus_achieved', []))} met")
    return lines


def final_panel(view: dict[str, Any]) -> Panel:
    """Final scoring ("6. Scoring"): each seat's VP from order cards, yen
    and bonus cards (bonus VP = total - orders - coins), best first."""
    scores = view.get("scores", [])
    lines, hi = [], set()
    order = [s for group in view.get("ranking", [[i] for i in range(len(scores))]) for s in group]
    best = view.get("ranking", [[]])[0]
    for seat in order:
        p = view["players"][seat]
        total = scores[seat]
        coins = p.get("coin_points", 0)
        bonus = total - p["order_points"] - coins
        lines.append(f"{seat_label(seat)} {p['colour']}: {total:g} VP")
        lines.append(f"  orders {p['order_points']} · yen {coins} · bonus {bonus:g}")
        if seat in best:
            hi.add(len(lines) - 2)
    return Panel("Final scores", lines, accent=(200, 160, 60), highlight=hi)


def screen(game: Any, view: dict[str, Any], context: dict[str, Any]) -> ScreenModel:
    """The shared Ginza Retro Café screen from the public ``view``: status
    (round, whose turn, common dice), one panel per customer space and per
    seat; with fewer than 4 seats a "Table" panel with decks and dice."""
    n = len(view.get("players", []))
    phase = view.get("phase")
    common = dice_text(view.get("common_dice", []))
    turn = view.get("turn")
    rolling = [str(r.get("colour")) for r in view.get("dice_requests", [])]
    if rolling and phase != "over":
        status = "waiting for dice: " + ", ".join(rolling)
    elif phase in PHASES:
        status = PHASES[phase]
    elif phase == "over":
        scores = view.get("scores", [])
        best = max(scores) if scores else 0
        status = "Game over · " + ", ".join(f"{seat_label(s)} {v:g}" for s, v in enumerate(scores)
                                             if v == best) + " VP"
    else:
        status = f"Round {view.get('round')} · {seat_label(turn)} · common {common}"
    if phase == "over":
        panels = [final_panel(view)]
    else:
        panels = [customer_panel(game, view, i) for i in range(len(view.get("customers", [])))]
    for seat in range(n):
        title = f"{seat_label(seat)} {view['players'][seat]['colour']}"
        card = view["players"][seat].get("card")
        if card:  # only in the public view once every player card is revealed
            pc = game.comp.player_cards.get(card)
            title += f" · {pc.name if pc else card}"
        if phase == "play" and seat == turn:
            title = "> " + title
        if view.get("start_player") == seat:
            title += " (start)"
        panels.append(Panel(title, seat_lines(game, view, seat),
                            accent=SEAT_COLOURS[seat % 6], highlight={0} if phase == "play" and seat == turn else set()))
    table = [f"common purple dice: {common}", f"customer deck: {view.get('customer_deck', 0)}",
             "order decks: " + " ".join(f"{k} {v}" for k, v in view.get("order_decks", {}).items())]
    for req in view.get("dice_requests", []):
        if req.get("player") is None:
            table.append(f"roll {req['count']} purple dice ({req.get('reason', '')})")
    stats = context.get("dice") or {}
    if stats.get("dice_read"):
        table.append(f"camera: {stats['dice_read']} dice read")
    if n < 4:
        panels.append(Panel("Table", table, accent=(130, 80, 170)))
    return ScreenModel(f"{TITLE} · round {view.get('round')}" if view.get("round") else TITLE, status, panels)


# ------------------------------------------------------------------ OLED
def label(action: dict[str, Any], game: Any = None) -> str:
    """A short OLED label for a Ginza action, with card names from the
    component data (``keep Drink Master 5VP``, ``serve Blend Coffee 5,6``)."""
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
        return "change " + ", ".join(f"{f}->{f + d}" for f, d in steps)
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


def _wrap(text: str, width: int = OLED_W, max_lines: int = 2) -> list[str]:
    return wrap(text, width, max_lines)


def bonus_lines(game: Any, ids: list[str], max_lines: int = 2, width: int = OLED_W) -> list[str]:
    """Bonus cards in hand by name (``B: Drink Master,`` ``Full Course``),
    wrapped to ``max_lines`` lines (the last one cut with ``..``)."""
    comp = getattr(game, "comp", None)
    names = [comp.bonus_cards[b].name if comp and b in comp.bonus_cards else b for b in ids]
    text = "B: " + (", ".join(names) if names else "no bonus cards")
    lines = _wrap(text, width, max_lines=99)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][: width - 2] + ".."
    return lines[:max(0, max_lines)]


def oled(game: Any, seat: int, view: dict[str, Any], controls: SeatControls,
         context: dict[str, Any]) -> list[str]:
    """The seat's OLED (at most 5 lines of 21 characters): yen, tokens and
    dice; the bonus cards in hand; in the hidden choices (player card,
    bonus draft) the card under the cursor with its text; otherwise the
    selected action with cursor position; "press again:confirm" when
    armed."""
    p = view["players"][seat]
    head = f"S{seat + 1} {p['colour']} {p['coins']}Y tok{p['tokens']}"
    dice = f"dice {dice_text(p['dice'])}"[:OLED_W]
    bonus = bonus_lines(game, p.get("bonus", []))
    if view.get("phase") == "over":
        return _oled_safe([f"S{seat + 1} final {view.get('scores', [0] * (seat + 1))[seat]:g} VP", *bonus,
                           "game over"])
    choices = controls.refresh(game)
    prompt = (context.get("prompts") or {}).get(seat)
    if not choices:
        pc = game.comp.player_cards.get(p["card"]) if p.get("card") else None
        lines = [(head + (f" {pc.name}" if pc else ""))[:OLED_W], dice, *bonus]
        lines.append((prompt or "waiting...")[:OLED_W])
        return _oled_safe(lines)
    cursor = min(controls.cursor, len(choices) - 1)
    count = f"<{cursor + 1}/{len(choices)}>"
    tail = ["press again:confirm"] if controls.armed else []
    if view.get("phase") in ("player_card", "draft1", "draft2"):
        what = "player card" if view["phase"] == "player_card" else "keep bonus"
        first = f"{what} {count}"
        extra = bonus[:1] if p.get("bonus") else []
        body = _wrap(label(choices[cursor], game), max_lines=4 - len(tail) - len(extra))
        return _oled_safe([first, *body, *extra, *tail])
    head = f"S{seat + 1} {p['coins']}Y tok{p['tokens']} {count}"
    choice = _wrap("> " + label(choices[cursor], game), max_lines=3)
    room = 5 - 1 - len(choice) - len(tail)
    info = ([prompt] if prompt else []) + bonus_lines(game, p.get("bonus", []), max_lines=2) + [dice]
    info = info[:max(0, room)]
    return _oled_safe([head, *info, *choice, *tail])


def _oled_safe(lines: list[str]) -> list[str]:
    """At most 5 lines of 21 characters in the OLED font (which has no yen
    sign: ``¥3`` is written ``3Y``)."""
    out = []
    for line in lines[:5]:
        words = [f"{w[1:]}Y" if w.startswith("¥") else w for w in line.split(" ")]
        out.append(" ".join(words)[:OLED_W])
    return out
