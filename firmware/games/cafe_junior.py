"""Café International Junior on the cabinet: the shared HDMI screen (the
growing 4 x 4 grid of tables with flags and seated guests, scores, pile
sizes) and each seat's OLED (its own hand, its current choice).

The shared screen is built from the public view only (no hand is in it);
guests at tables are shown by country code and g/b (girl/boy), jokers as
``J``; card ids are never drawn, so a hand's cards cannot leak by id.
Rulebook ``cafe-international-junior.txt``; rulings CI-2 (side flags), CI-3
(grid cells).
"""
from __future__ import annotations

from typing import Any

from firmware.controls import SeatControls
from firmware.screens import SEAT_COLOURS
from firmware.ui.model import Panel, ScreenModel
from firmware.ui.oled import wrap

TITLE = "Café International Junior"
GRID = 4
SIDES = ("top", "right", "bottom", "left")
#: Ruling CI-2: each side accepts the flags at its two ends.
SIDE_CORNERS = {"top": ("top_left", "top_right"), "right": ("top_right", "bottom_right"),
                "bottom": ("bottom_left", "bottom_right"), "left": ("top_left", "bottom_left")}
OLED_W = 21
#: Live tables per "Tables" panel before a second panel is used.
TABLES_PER_PANEL = 4


def guest_code(card: dict[str, Any] | None) -> str:
    """A guest card as 4 characters: country code + g/b (``"KENg"``); a
    joker as ``"J-g"``/``"J-b"``; ``"-"`` for an empty seat."""
    if card is None:
        return "-"
    g = "g" if card.get("gender") == "girl" else "b"
    if card.get("joker"):
        return f"J-{g}"
    return f"{card.get('country')}{g}"


def _cell(table: dict[str, Any]) -> str:
    """One grid cell: table id and guests seated (``T07:3``); ``T07*``
    once complete and turned over."""
    seated = sum(1 for s in SIDES if table["seats"].get(s) is not None)
    if table.get("turned"):
        return f"{table['table']}*"
    return f"{table['table']}:{seated}"


def grid_lines(view: dict[str, Any]) -> list[str]:
    """The 4 x 4 grid of tables (ruling CI-3) as 4 text rows; an empty
    cell is a dot."""
    by_id = {t["table"]: t for t in view.get("tables", [])}
    rows = []
    for row in view.get("grid", [])[:GRID]:
        cells = []
        for tid in row[:GRID]:
            cells.append(_cell(by_id[tid]) if tid in by_id else ".")
        rows.append(" | ".join(cells))
    return rows


def seat_text(table: dict[str, Any], side: str) -> str:
    """One side of a table: the seated guest (``ESPb``), or for a free seat
    the two flags it accepts (ruling CI-2), e.g. ``GER/USA``."""
    guest = table["seats"].get(side)
    if guest is not None:
        return guest_code(guest)
    a, b = SIDE_CORNERS[side]
    flags = table.get("flags", {})
    return f"{flags.get(a, '?')}/{flags.get(b, '?')}"


def table_lines(table: dict[str, Any]) -> list[str]:
    """A live table as two lines, sides by initial (t r b l = top right
    bottom left): ``T07 t:ESPb r:GER/USA`` and ``    b:ITA/USA l:J-g``."""
    t, r, b, l = (seat_text(table, side) for side in SIDES)
    return [f"{table['table']} t:{t} r:{r}", f"      b:{b} l:{l}"]


def _player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def screen(game: Any, view: dict[str, Any], context: dict[str, Any]) -> ScreenModel:
    """The shared screen of Café International Junior, from the public
    ``view`` only: grid of tables, live tables with seated guests and free
    seats' flags, scores and hand sizes, pile sizes.

    Args:
        game: the engine (not read: everything shown comes from ``view``).
        view: ``game.view(None)``.
        context: runtime facts (unused: seat prompts such as refusals go to
            the seat's own OLED, never to the shared screen).
    """
    n = len(view.get("scores", []))
    current = view.get("current_player")
    over = view.get("over", False)
    if over:
        status = "Game over" + (f": {view['end_reason']}" if view.get("end_reason") else "")
    else:
        status = f"Turn {view.get('turn_number', 0)} · {_player_name(current)} to play"
    grid = grid_lines(view) + ["", "T07:3 = 3 guests seated", "T07* = done, turned over"]
    panels = [Panel("Café tables (4 x 4)", grid, accent=(150, 110, 60))]
    live = [t for t in view.get("tables", []) if not t.get("turned")]
    legend = "t r b l = top right bottom left"
    chunks = [live[i:i + TABLES_PER_PANEL] for i in range(0, len(live), TABLES_PER_PANEL)] or [[]]
    for k, chunk in enumerate(chunks[:2]):
        lines = [x for t in chunk for x in table_lines(t)] or ["no open table"]
        if k == 0:
            lines.append(legend)
        more = sum(len(c) for c in chunks[2:])
        if k == 1 and more:
            lines.append(f"+ {more} more tables")
        panels.append(Panel("Open tables" if k == 0 else "Open tables (2)", lines, accent=(60, 130, 110)))
    score_lines, hi = [], set()
    for s in range(n):
        line = f"{_player_name(s)}: {view['scores'][s]:g} pts, {view['hand_sizes'][s]} cards"
        if over and view.get("penalties") and view["penalties"][s]:
            line += f" (jokers {view['penalties'][s]:+g})"
        score_lines.append(line)
        if s == current:
            hi.add(len(score_lines) - 1)
    top = view.get("discard_top")
    turn = view.get("turn", {})
    piles = ["", f"Guest pile: {view.get('guest_pile', 0)} cards",
             f"Discards: {view.get('discard_pile', 0)}" + (f" (top {guest_code(top)})" if top else ""),
             f"Table pile: {view.get('table_pile', 0)} tables",
             f"Free seats: {view.get('free_seats', 0)}"]
    if not over and turn:
        done = []
        if turn.get("placed"):
            done.append(f"placed {turn['placed']}")
        if turn.get("discarded"):
            done.append(f"discarded {turn['discarded']}")
        if turn.get("exchanged"):
            done.append(f"jokers swapped {turn['exchanged']}")
        piles.append("This turn: " + (", ".join(done) if done else "nothing yet"))
    panels.append(Panel("Scores and piles", score_lines + piles,
                        accent=SEAT_COLOURS[(current or 0) % 6], highlight=hi))
    return ScreenModel(TITLE, status, panels)


# ------------------------------------------------------------------ OLED
def label(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A short OLED label for a Café International Junior action, with the
    guest as country code + g/b (``"seat KENg T07 top"``)."""
    kind = action.get("type")
    card = _card_code(action.get("card"), view)
    if kind == "place":
        return f"seat {card} at {action.get('table')} {action.get('side')}"
    if kind == "exchange":
        return f"swap {card} for joker {action.get('table')} {action.get('side')}"
    if kind == "discard":
        cards = action.get("cards")
        if isinstance(cards, list):
            return "discard " + " ".join(_card_code(c, view) for c in cards)
        return f"discard {card}"
    if kind == "end_turn":
        return "end turn (draw to 6)"
    return str(kind).replace("_", " ")


def _card_code(cid: Any, view: dict[str, Any] | None) -> str:
    """Country code + g/b for a card id, from the seat's hand in ``view``
    (falls back to the id's own form ``KEN-g1``)."""
    for card in (view or {}).get("hand", []) or []:
        if card and card.get("id") == cid:
            return guest_code(card)
    if isinstance(cid, str) and "-" in cid:
        country, rest = cid.split("-", 1)
        return ("J-" if country == "JOKER" else country) + rest[:1]
    return str(cid)


def hand_lines(hand: list[dict[str, Any]], width: int = OLED_W, max_lines: int = 2) -> list[str]:
    """The hand as OLED lines of guest codes (``KENg J-b ...``)."""
    codes = [guest_code(c) for c in hand]
    lines, cur = [], ""
    for code in codes:
        if cur and len(cur) + 1 + len(code) > width:
            lines.append(cur)
            cur = code
        else:
            cur = f"{cur} {code}" if cur else code
    if cur:
        lines.append(cur)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][: width - 2] + ".."
    return lines or ["(no cards)"]


def _wrap(text: str, width: int = OLED_W, max_lines: int = 2) -> list[str]:
    return wrap(text, width, max_lines)


def oled(game: Any, seat: int, view: dict[str, Any], controls: SeatControls,
         context: dict[str, Any]) -> list[str]:
    """The seat's OLED (at most 5 lines of 21 characters): header with
    points, the seat's own hand (country code and g/b, jokers ``J-``), and
    on its turn the selected choice with cursor position; "press again:
    confirm" while a choice is armed."""
    score = view["scores"][seat]
    choices = controls.refresh(game)
    over = view.get("over", False)
    if over:
        return [f"P{seat + 1} final {score:g} pts", *hand_lines(view.get("hand", [])), "game over"][:5]
    if not choices:
        head = f"P{seat + 1} {score:g}pts wait"
        prompt = (context.get("prompts") or {}).get(seat)
        tail = [prompt[:OLED_W]] if prompt else [f"P{view['current_player'] + 1} is playing"]
        return [head, *hand_lines(view.get("hand", []), max_lines=3), *tail][:5]
    cursor = min(controls.cursor, len(choices) - 1)
    head = f"P{seat + 1} {score:g}pts <{cursor + 1}/{len(choices)}>"
    text = label(choices[cursor], view)
    choice = _wrap("> " + text, max_lines=2)
    tail = ["press again:confirm"] if controls.armed else []
    room = 5 - 1 - len(choice) - len(tail)
    prompt = (context.get("prompts") or {}).get(seat)
    info = [prompt[:OLED_W]] if prompt else []
    info += hand_lines(view.get("hand", []), max_lines=max(1, room - len(info)))
    return [head, *info[:max(0, room)], *choice, *tail][:5]
