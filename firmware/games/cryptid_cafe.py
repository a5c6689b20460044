"""Cryptid Cafe on the cabinet: the shared HDMI screen (Chef Kraken board
with ranks and servers, each seat's Customer Satisfaction Track, served
and walkouts, dish trays, the event of the round, the round tracker, the AI
players' moves) and each seat's OLED (coins, tray, specialty cards left,
its current choice).

Built from the public view only.  Cryptid Cafe has no hidden hand: the
customer decks' contents and order are hidden by the engine's view and are
never drawn.  Rulebook ``cryptid-cafe.txt``; rulings CC-1 (5-player ranks),
CC-3 (track colours).
"""
from __future__ import annotations

from typing import Any

from firmware.controls import SeatControls
from firmware.screens import SEAT_COLOURS
from firmware.ui.model import Panel, ScreenModel
from firmware.ui.oled import wrap

TITLE = "Cryptid Cafe"
OLED_W = 21
#: Dishes left in a supply below which the board shows the count (CC-6).
LOW_SUPPLY = 10
#: Short dish names for trays and orders.
DISH_SHORT = {"kaputtcino": "Kap", "baba_au_rhume": "Bab", "beuvnoire": "Beu",
              "croque_monsieur": "Cro", "waterzoeil": "Wat"}
PHASES = {"place": "Phase 1: send servers", "share": "Phase 2: share tips",
          "change_order": "Phase 3: change order?", "serve": "Phase 3: serve",
          "move": "Phase 4: cleanup", "over": "Final scoring"}
#: Dish names on the 21-character OLED tray line.
OLED_DISH = {"kaputtcino": "K", "baba_au_rhume": "Ba", "beuvnoire": "Be", "croque_monsieur": "C",
             "waterzoeil": "W"}
COLOUR_SHORT = {"green": "G", "yellow": "Y", "orange": "O", "red": "R"}
#: Station names on the board where the printed name is long.
BOARD_NAME = {"baba_au_rhume": "Baba", "croque_monsieur": "Croque-M."}


def seat_name(who: Any) -> str:
    """A station occupant as text: seat 0 -> ``P1``, ``"ai2"`` -> ``AI2``."""
    if who is None:
        return "-"
    if isinstance(who, int):
        return f"P{who + 1}"
    return str(who).upper()


def dish(station: str) -> str:
    """Short name of a dish / station (``Kap``, ``Bab``, ``Beu``, ``Cro``, ``Wat``)."""
    return DISH_SHORT.get(station, station[:3].capitalize())


def order_text(order: dict[str, int]) -> str:
    """A customer's order as ``Wat4 Bab1``."""
    return " ".join(f"{dish(k)}{v}" for k, v in order.items())


def tray_text(dishes: dict[str, int]) -> str:
    """A dish tray as ``Kap3 Bab0 Beu8 Cro9 Wat2``."""
    return " ".join(f"{dish(k)}{v}" for k, v in dishes.items())


def station_name(game: Any, station: str) -> str:
    """Display name of a station from the component data."""
    try:
        return game.comp.station_name(station)
    except (AttributeError, StopIteration):
        return station


def board_lines(game: Any, view: dict[str, Any]) -> list[str]:
    """The Chef Kraken board: one line per station, front rank first
    (``Kaputtcino 3:P2 2:AI3 1:-``), dishes left in the supply when few
    (CC-6), closed and locked marked."""
    lines = []
    closed = view.get("closed_station")
    locked = view.get("locked", {})
    sharing = view.get("sharing_station")
    for station, ranks in view.get("stations", {}).items():
        slots = " ".join(f"{r}:{seat_name(ranks[r - 1])}" for r in range(len(ranks), 0, -1))
        name = BOARD_NAME.get(station) or station_name(game, station)
        line = f"{name} {slots}"
        left = view.get("supply", {}).get(station, 0)
        if left < LOW_SUPPLY:
            line += f" ({left} left)"
        if station == closed:
            line = f"{name} CLOSED this round"
        elif station in locked:
            line += f" {seat_name(locked[station])} stuck"
        if station == sharing:
            line = "> " + line
        lines.append(line)
    return lines


def event_text(game: Any, view: dict[str, Any]) -> str:
    """The active event card of the round, in words."""
    ev = view.get("active_event")
    if not ev:
        return "no event this round"
    if ev.get("kind") == "closed_station":
        return f"event: {station_name(game, ev.get('station', ''))} closed"
    if ev.get("kind") == "move_two":
        return "event: customers move 2 spaces"
    return f"event: {ev.get('kind')}"


def track_lines(track: list[dict[str, Any] | None]) -> list[str]:
    """The Customer Satisfaction Track (6 spaces, CC-3): one line per
    customer: space and colour (G/Y/O/R), name, tip now (coins), order,
    e.g. ``"3Y Yeti 6c: Bab3"``."""
    out = []
    for i, c in enumerate(track):
        if c is None:
            continue
        copied = " (copied)" if c.get("copied_from") else ""
        out.append(f"{i + 1}{COLOUR_SHORT.get(c.get('colour'), c.get('colour'))} {c['name']} "
                   f"{c.get('tip_now')}c: {order_text(c.get('order', {}))}{copied}")
    return out or ["no customers"]


def specialty_text(p: dict[str, Any]) -> str:
    """Specialty cards left (rulebook "Specialty cards", once per game)."""
    left = [name for name, key in (("Manager", "manager_available"), ("Change Order", "change_order_available"))
            if p.get(key)]
    return "cards: " + (", ".join(left) if left else "none left")


def seat_panel(game: Any, view: dict[str, Any], seat: int) -> Panel:
    """One seat's board: track, served, walkouts, tray, coins, cards."""
    p = view["players"][seat]
    score = p.get("score", {})
    flags = []
    if view.get("placing") == seat:
        flags.append("placing")
    if p.get("done_serving") and view.get("phase") == "serve":
        flags.append("done")
    if p.get("move_chosen"):
        flags.append("moved")
    title = f"P{seat + 1} · {p['coins']} coins" + (f" ({', '.join(flags)})" if flags else "")
    lines = track_lines(p.get("track", []))
    lines.append(f"served {len(p.get('served', []))} · walkouts {len(p.get('lost', []))}")
    lines.append("tray " + (tray_text({k: v for k, v in p.get("dishes", {}).items() if v}) or "empty"))
    lines.append(specialty_text(p))
    lines.append(f"deck {p.get('deck_left', 0)} · score now {score.get('total', 0)}")
    return Panel(title, lines, accent=SEAT_COLOURS[seat % 6])


def ai_lines(view: dict[str, Any], events: list[str]) -> list[str]:
    """AI players' state and their last moves from the event texts, newest
    last (solo and 2-player rules: AI moves shown step by step)."""
    lines = []
    for ai in view.get("ai_players", {}).values():
        lines.append(f"{ai['name']}: {ai['cards_left']} cards, shared {ai['share_coins']}")
    if "ai2_score" in view:
        lines.append(f"AI Player 2 score: {view['ai2_score']}")
    moves = [e for e in events if e.startswith("AI Player")]
    lines.extend(moves[-5:])
    return lines


def screen(game: Any, view: dict[str, Any], context: dict[str, Any]) -> ScreenModel:
    """The shared Cryptid Cafe screen from the public ``view``.

    Status: round tracker and phase; panels: Chef Kraken board (with the
    round's event), one board per seat, and with AI players their moves.
    """
    n = len(view.get("players", []))
    phase = view.get("phase", "")
    status = f"Round {view.get('round')}/{view.get('rounds')} · {PHASES.get(phase, phase)}"
    board = board_lines(game, view)
    board.append(event_text(game, view))
    board.append(f"first player: P{view.get('first_player', 0) + 1}")
    if view.get("placing") is not None:
        board.append(f"{seat_name(view['placing'])} sends a server")
    panels = [Panel("Chef Kraken board", board,
                    accent=(150, 60, 120))]
    for seat in range(n):  # seat prompts (refusals) go to the seat's OLED only
        panels.append(seat_panel(game, view, seat))
    if view.get("ai_players"):
        panels.append(Panel("AI players", ai_lines(view, list(context.get("last_events") or [])),
                            accent=(120, 120, 120)))
    if phase == "over" and view.get("solo_won") is not None:
        status = "You win!" if view["solo_won"] else "AI Player 2 wins"
    elif phase == "over":  # ties broken by walkouts, wasted dishes, served (rulebook "Breaking ties")
        best = game.ranking()[0]
        status = "Legendary Server: " + ", ".join(f"P{s + 1}" for s in best)
    return ScreenModel(TITLE, status, panels)


# ------------------------------------------------------------------ OLED
def label(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A short OLED label for a Cryptid Cafe action (rulebook wording)."""
    kind = action.get("type")
    st = dish(str(action.get("station", "")))
    if kind == "place":
        return f"server to {st} rank {action.get('rank')}"
    if kind == "take_dish":
        return f"take 1 {st} dish"
    if kind == "no_dish":
        return "take no dish"
    if kind == "share_tips":
        k = action.get("ranks")
        return f"share {k} coin{'s' if k != 1 else ''}: {st} up {k}"
    if kind == "skip_share":
        return f"keep coins at {st}"
    if kind == "change_order":
        mine = _customer(view, None, action.get("slot"))
        theirs = _customer(view, action.get("target_player"), action.get("target_slot"))
        return f"{mine} copies P{int(action.get('target_player', 0)) + 1} {theirs}"
    if kind == "keep_order":
        return "no Change My Order"
    if kind == "serve":
        return f"serve {_customer(view, None, action.get('slot'), tip=True)}"
    if kind == "done_serving":
        return "done serving"
    if kind == "move_customers":
        k = action.get("spaces")
        return f"move customers {k} space{'s' if k != 1 else ''}"
    if kind == "manager":
        a, b = (action.get("slots") or [0, 0])[:2]
        return f"Manager: swap {int(a) + 1} and {int(b) + 1}"
    return str(kind).replace("_", " ")


def _customer(view: dict[str, Any] | None, seat: Any, slot: Any, tip: bool = False) -> str:
    """Name of the customer on ``slot`` of ``seat``'s track (``None`` = the
    viewer), with its tip now if asked."""
    try:
        s = view["you"] if seat is None else seat
        c = view["players"][s]["track"][slot]
        return f"{c['name']} ({c['tip_now']})" if tip else c["name"]
    except (TypeError, KeyError, IndexError):
        return f"slot {slot}"


def _wrap(text: str, width: int = OLED_W, max_lines: int = 2) -> list[str]:
    return wrap(text, width, max_lines)


def oled(game: Any, seat: int, view: dict[str, Any], controls: SeatControls,
         context: dict[str, Any]) -> list[str]:
    """The seat's OLED (at most 5 lines): coins and round, the specialty
    cards left (Manager, Change My Order: "M" / "C"), the dish tray, and
    the selected choice with cursor position; "press again:confirm" while
    armed."""
    p = view["players"][seat]
    cards = ("M" if p.get("manager_available") else "-") + ("C" if p.get("change_order_available") else "-")
    head = f"P{seat + 1} {p['coins']}c R{view.get('round')}/{view.get('rounds')} {cards}"
    tray_lines = [" ".join(f"{OLED_DISH.get(k, k[:2])}{v}" for k, v in p.get("dishes", {}).items())[:OLED_W]]
    if view.get("phase") == "over":
        return [f"P{seat + 1} final {p.get('score', {}).get('total', 0)}", *tray_lines, "game over"][:5]
    choices = controls.refresh(game)
    cards_line = "Manager " + ("yes" if p.get("manager_available") else "used") + \
                 " CMO " + ("yes" if p.get("change_order_available") else "used")
    if not choices:
        prompt = (context.get("prompts") or {}).get(seat)
        return [head, cards_line[:OLED_W], *tray_lines, (prompt or "waiting...")[:OLED_W]][:5]
    cursor = min(controls.cursor, len(choices) - 1)
    head = f"P{seat + 1} {p['coins']}c {cards} <{cursor + 1}/{len(choices)}>"
    choice = _wrap("> " + label(choices[cursor], view), max_lines=2)
    tail = ["press again:confirm"] if controls.armed else []
    room = 5 - 1 - len(choice) - len(tail)
    prompt = (context.get("prompts") or {}).get(seat)
    info = ([prompt[:OLED_W]] if prompt else []) + tray_lines + [cards_line[:OLED_W]]
    info = info[:max(0, room)]
    return [head, *info, *choice, *tail][:5]
