"""Cryptid Cafe on a seat's OLED: its choice in words, the dish drawn."""
from __future__ import annotations


from typing import Any


from firmware.screens.choices import SeatCursor
from firmware.ui.oled import OledFrame
from firmware.screens.cryptid_cafe_parts import ROW
from firmware.screens.cryptid_cafe_words import STATIONS, dish, label, rank_words, short_forms
from firmware.screens.choices import press_count


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
    inverted when armed, the top bar then asking for the press again."""
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
        room = f.W - f.width(f"{shown.cursor + 1}/{len(choices)}") - 18     # the choice line beside its count
        forms = [full] + short_forms(choices[shown.cursor], view)
        short = next((w for w in forms if f.fits(w, room)), forms[-1])
        if len(choices) == 1:       # a lone choice keeps its "press:" (the full words stand above it)
            act = choices[0]
            fits = [w for w in (short, short.replace(". ", " "), f"rank {act.get('rank')}" if act.get(
                "type") == "place" else short) if f.fits(f"press: {w}", f.W - 4)]
            short = fits[0] if fits else short
        bottom = f.choice(short, shown.cursor, len(choices), shown.armed,
                          presses=press_count(shown.chosen, len(choices)))
        # above it: what a rank gives (rulebook); once armed the top bar says "press again"
        for options in [rank_words(choices[shown.cursor]) if choices[shown.cursor].get("type") == "place" else []]:
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
    detail = []
    if short != full:       # the label in full, else (a placing) the station's full name: "server to Croque-Monsieur"
        act = choices[shown.cursor]
        longs = [full] + ([f"server to {dish(act.get('station', ''))}", dish(act.get("station", ""))]
                          if act.get("type") == "place" else [])
        detail = next((ln for ln in (f.wrap_px(w, f.W - 4) for w in longs if w not in short)
                       if len(ln) <= rows), [])
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
        # the rulebook's names (issue 34: "Mgr" was not a word a player knows)
        f.text(13, y, "Manager" if p.get("manager_available") else "used", room=44)
        f.card(58, y, 9, 11, "", face_down=not p.get("change_order_available"))
        f.best(69, y, ["Change order", "Change"] if p.get("change_order_available") else ["used"], room=f.W - 70)
        y += ROW
    for i, ln in enumerate(detail):
        f.text(2, y + i * ROW, ln, room=f.W - 4)
    from firmware.screens.walkthrough import press_again_bar
    return press_again_bar(f, bool(choices) and shown.armed)      # issue 34, PT13: the lines under it stay


def _header(f: OledFrame, lefts: list[str], right: str) -> None:
    """The OLED's top bar with the first of ``lefts`` that fits beside
    ``right`` (the last one otherwise)."""
    room = f.W - (f.width(right) if right else 0) - 10      # issue 34: "12 coinsR3/9" ran together
    f.header(next((t for t in lefts if f.fits(t, room)), lefts[-1]), right)
