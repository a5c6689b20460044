"""Cha dango screens: the shared HDMI table and each seat's OLED.

HDMI (built from the public view only, ruling CAB-1: the cards are virtual
and shown on the screen): the order as it forms (the attribute on the back
of the top ordering card before the reveal, attribute + value after it,
ruling CD-1), the dining area's customers (figure, dango colour, background;
never highlighted: whether and which customers match is for the players to
see until the race is decided, CD-9), the answers as they come in and the
decided race's results in milliseconds (CD-4, CD-6, CAB-3) and every seat's
VP count (CD-8).

OLED (built from the seat's own view): the seat's VP count and its prompt
now: "reveal!", "hit or sip?", "hold...", "put it down", "+1 VP", "lost a
VP card", "choose a VP card" (CD-4..CD-10); never whether the order matches
before the race is decided (CD-9).

Both are cheap (no engine copies): they read the view dicts, the context's
event texts and, for the sip timing on the OLED, the seat's own legal
actions.
"""
from __future__ import annotations

import re
from typing import Any

from firmware.controls import describe_action
from firmware.ui.model import Panel, ScreenModel
from firmware.ui.oled import wrap

ORDER_ACCENT = (230, 120, 150)
RACE_ACCENT = (200, 150, 60)
OLED_CHARS = 21
#: Customers per dining-area panel before two customers share a line.
PER_PANEL = 10
MAX_DINING_PANELS = 3

#: Words for the attribute an order asks for (ruling CD-1).
ATTRIBUTE_WORDS = {"figure": "figure", "dango": "dango colour", "background": "background colour"}

_SERVED = re.compile(r"^(Player \d+) served the customer \(([^,]+),[^)]*\) (.+?) after the order(?:, (.*))?$")
_PLACES = re.compile(r"^(Player \d+) (?:places|chooses) a VP card")


def seat_name(seat: int) -> str:
    """Seat 0 is "Player 1" (the engine's words)."""
    return f"Player {seat + 1}"


def order_words(attribute: str, value: str) -> str:
    """The order as players say it: "fox", "pink dango", "teal background"
    (ruling CD-1)."""
    if attribute == "dango":
        return f"{value} dango"
    if attribute == "background":
        return f"{value} background"
    return value


def customer_text(card: dict[str, Any]) -> str:
    """One customer on the screen, figure / dango colour / background
    (ruling CD-1): "fox  pink / teal"."""
    return f"{card['figure']}  {card['dango']} / {card['background']}"


def _short_customer(card: dict[str, Any]) -> str:
    return f"{card['figure']} {card['dango']}/{card['background']}"


def ms_text(us: int) -> str:
    """A duration in us as whole milliseconds, e.g. "224 ms"."""
    return f"{round(us / 1000)} ms"


def race_events(events: list[str]) -> list[str]:
    """The event texts of the latest order: from the last "Order:" text on
    (or all of them if no order is in the list)."""
    start = 0
    for i, text in enumerate(events):
        if text.startswith("Order:") or text.startswith("Order "):
            start = i
    return list(events[start:])


def shorten_event(text: str) -> list[str]:
    """A race event as short result lines (["P1 served fox: 224 ms",
    "  12 ms ahead of P3"]); other texts are only abbreviated."""
    m = _SERVED.match(text)
    if m:
        who, figure, after, margin = m.groups()
        out = [f"{who} served {figure}: {after}"]
        if margin:
            out.append("  " + margin)
        return [_short_names(t) for t in out]
    m = _PLACES.match(text)
    if m:
        return [_short_names(f"{m.group(1)} lost a VP card")]
    text = (text.replace(" was slowest to sip: ", " slowest: ").replace(" after the order", "")
            .replace("finished the sip ", "").replace(" after the next slowest", " behind"))
    if text.startswith("Tie"):
        text = text.split(";")[0].replace(" slapped within", " within").replace(" for slowest sip between", ":")
    return [_short_names(text)]


def _short_names(text: str) -> str:
    """"Player 3" -> "P3" for narrow panels."""
    text = re.sub(r"Players ([\d, ]+) and (\d)",
                  lambda m: "P" + ", P".join(re.findall(r"\d", m.group(1)) + [m.group(2)]), text)
    return re.sub(r"Player (\d)", r"P\1", text)


def _result_lines(events: list[str]) -> list[str]:
    """Race result lines (with milliseconds) of the latest order."""
    out = []
    for text in race_events(events):
        if text.startswith("Order:"):
            out.append(text.split("!")[0])
        elif " joins the dining area" in text:
            continue
        elif " ms" in text or "VP card" in text or text.startswith("Tie"):
            out.extend(shorten_event(text))
    return out if len(out) > 1 else []


# ------------------------------------------------------------------- HDMI
def _order_panel(view: dict[str, Any]) -> Panel:
    phase = view["phase"]
    if phase == "over":
        return _final_panel(view)
    if view.get("order"):
        order = view["order"]
        if phase == "race":   # CD-9: the players must see whether it matches
            call = "match? HIT - none? SIP"
        else:
            call = "choosing VP cards" if phase == "place_vp" else ""
        lines = [order_words(order["attribute"], order["value"]), call,
                 f"asked: {ATTRIBUTE_WORDS.get(order['attribute'], order['attribute'])}"]
        if view.get("revealed"):
            lines.append(f"card: {_short_customer(view['revealed'])}")
        return Panel("Order!", lines, accent=ORDER_ACCENT, highlight={0, 1})
    back = view.get("top_back")
    lines = [f"{seat_name(view['current'])} reveals"]
    if back:
        lines.append(f"asks: {ATTRIBUTE_WORDS.get(back, back)}")
    lines.append(f"{view['deck_count']} cards in the deck")
    return Panel("Next order", lines, accent=ORDER_ACCENT, highlight={0})


def _final_panel(view: dict[str, Any]) -> Panel:
    counts = view["vp_counts"]
    order = sorted(range(len(counts)), key=lambda s: -counts[s])
    lines, place, prev = [], 0, None
    for i, s in enumerate(order):
        if counts[s] != prev:
            place, prev = i + 1, counts[s]
        lines.append(f"{place}. {seat_name(s)}: {counts[s]} VP")
    best = max(counts) if counts else 0
    return Panel("Game over (CD-8)", lines, accent=ORDER_ACCENT,
                 highlight={i for i, s in enumerate(order) if counts[s] == best})


def _dining_panels(view: dict[str, Any]) -> list[Panel]:
    customers = view["dining_area"]
    n = len(customers)
    if n == 0:
        return [Panel("Dining area (empty)", ["no customers"])]
    pair = n > PER_PANEL * MAX_DINING_PANELS
    per_line = 2 if pair else 1
    entries: list[tuple[str, bool]] = []
    for i in range(0, n, per_line):
        group = customers[i:i + per_line]
        text = "  |  ".join(_short_customer(c) for c in group) if pair else customer_text(group[0])
        entries.append((text, False))   # CD-9: matching customers are never highlighted
    chunks = -(-len(entries) // PER_PANEL) if not pair else MAX_DINING_PANELS
    chunks = max(1, min(MAX_DINING_PANELS, chunks))
    size = -(-len(entries) // chunks)
    panels = []
    for k in range(chunks):
        part = entries[k * size:(k + 1) * size]
        if not part:
            break
        first, last = k * size * per_line + 1, min(n, (k * size + len(part)) * per_line)
        title = f"Dining area: {n}" if chunks == 1 else f"Dining {first}-{last} of {n}"
        panels.append(Panel(title, [t for t, _ in part], accent=(90, 160, 120),
                            highlight={j for j, (_, hit) in enumerate(part) if hit}))
    return panels


def _seat_state(view: dict[str, Any], seat: int) -> str:
    race = view.get("race")
    if race is None:
        if view["phase"] == "place_vp" and (view.get("must_place") or [0] * (seat + 1))[seat]:
            return "choosing VP"
        return "reveals" if view["phase"] == "reveal" and view["current"] == seat else ""
    answer = race["answers"][seat]
    sipped = race["sipped_us"][seat]
    if sipped is not None:
        return f"sip {ms_text(sipped - race['open_us'])}"
    if answer is not None and answer["answer"] == "slap":
        return f"hit {ms_text(answer['t_us'] - race['open_us'])}"
    return "cup up" if view["cups_up"][seat] else "-"


def _seats_panel(view: dict[str, Any]) -> Panel:
    lines, hi = [], set()
    race = view.get("race")
    for s, vp in enumerate(view["vp_counts"]):
        state = _seat_state(view, s)
        lines.append(f"P{s + 1}: {vp} VP" + (f"  {state}" if state else ""))
        if race is None and view["phase"] == "reveal" and view["current"] == s:
            hi.add(s)
    return Panel("Players - VP cards", lines, accent=(120, 160, 220), highlight=hi)


def _race_panel(view: dict[str, Any], events: list[str]) -> Panel | None:
    race = view.get("race")
    if race is not None:   # CD-9: answers only, never whether they are right
        hits = sorted((a["t_us"] - race["open_us"], s) for s, a in enumerate(race["answers"])
                      if a is not None and a["answer"] == "slap")
        lines = [f"P{s + 1} hit {ms_text(d)}" for d, s in hits]
        done = sorted((t - race["open_us"], s) for s, t in enumerate(race["sipped_us"]) if t is not None)
        lines += [f"P{s + 1} sipped {ms_text(d)}" for d, s in done]
        waiting = [s for s, a in enumerate(race["answers"]) if a is None]
        if waiting:
            lines.append("looking: " + ",".join(str(s + 1) for s in waiting))
        lines.append(f"time-out {(race['timeout_at_us'] - race['open_us']) / 1e6:g} s")
        return Panel("Hit or sip? (CD-9)", lines, accent=RACE_ACCENT)
    results = _result_lines(events)
    if results:
        return Panel("Last race", results, accent=RACE_ACCENT, highlight={1})
    return None


def screen(game, view: dict[str, Any], context: dict[str, Any]) -> ScreenModel:
    """The shared HDMI screen for Cha dango from the public ``view``.

    Args:
        game: the engine (only its display name is used).
        view: ``game.view(None)``.
        context: runtime facts; ``last_events`` (texts) give the finished
            race's results in milliseconds.

    Returns:
        A :class:`ScreenModel` with at most 6 panels (the runtime adds
        "What happened" and the banner).
    """
    events = list(context.get("last_events") or [])
    panels = [_order_panel(view)]
    race = _race_panel(view, events)
    if race is not None:
        panels.append(race)
    panels.append(_seats_panel(view))
    panels.extend(_dining_panels(view)[:7 - len(panels)])
    if view["phase"] == "over":
        status = "game over"
    else:
        status = f"deck {view['deck_count']} · {seat_name(view['current'])}'s turn"
    return ScreenModel(getattr(game, "display_name", "Cha dango"), status, panels)


# ------------------------------------------------------------------- OLED
def label(action: dict[str, Any]) -> str:
    """A short OLED label for a Cha dango action (at most 21 characters)."""
    words = {"reveal": "reveal the order", "slap": "hit", "release": "release button",
             "cup_lift": "lift your cup", "cup_down": "put the cup down"}
    if action.get("type") == "place_vp":   # CD-10: the face of the VP card to give up
        from engines.cha_dango.cards import load_cards
        card = load_cards().cards[action["card"]].to_view()
        return f"give {_short_customer(card)}"[:OLED_CHARS]
    return words.get(action.get("type"), describe_action(action))[:OLED_CHARS]


def _seat_result(events: list[str], seat: int) -> str | None:
    """"+1 VP" / "lost a VP card" for ``seat`` from the latest order's
    events (CD-4, CD-6)."""
    who = re.compile(rf"^{seat_name(seat)}\b")
    won = lost = 0
    slowest = wrong = False
    for text in race_events(events):
        if not who.match(text):
            continue
        if " served the customer" in text:
            won += 1
        elif " places a VP card" in text or " chooses a VP card" in text:
            lost += 1
        elif "a wrong hit" in text:
            wrong = True
        elif " was slowest to sip" in text:
            slowest = True
    if won:
        return f"+{won} VP"
    if lost:
        return f"wrong hit: -{lost} VP" if wrong else ("lost a VP card" if lost == 1 else f"lost {lost} VP cards")
    if wrong:
        return "wrong hit!"
    if slowest:
        return "slowest: no VP to lose"
    return None


def _wrap(text: str, width: int = OLED_CHARS) -> list[str]:
    return wrap(text, width, None)


def _prompt(game, seat: int, view: dict[str, Any], events: list[str], now_us: int | None) -> list[str]:
    phase = view["phase"]
    race = view.get("race")
    order = view.get("order")
    if phase == "over":
        counts = view["vp_counts"]
        best = max(counts)
        winners = [s for s, c in enumerate(counts) if c == best]
        if seat in winners:
            return ["you win!" if len(winners) == 1 else "shared victory!"]
        return [f"winner: P{winners[0] + 1} {best} VP"]
    if phase == "reveal":
        lines = []
        result = _seat_result(events, seat)
        if result:
            lines.append(result)
        if view["current"] == seat:
            lines.append("your turn: reveal!")
        else:
            lines.append(f"P{view['current'] + 1} reveals next")
        if view.get("top_back"):
            lines.append(f"asks: {ATTRIBUTE_WORDS.get(view['top_back'], view['top_back'])}")
        mine = view.get("my_vp_cards") or []
        if mine and len(lines) < 4:  # own, face-down VP cards: the one a slow sip loses (CD-6)
            lines.append(f"top VP {_short_customer(mine[-1])}")
        return lines
    what = order_words(order["attribute"], order["value"]).replace("background", "bg") if order else "?"
    if phase == "place_vp":   # CD-10
        owe = (view.get("must_place") or [0] * (seat + 1))[seat]
        lines = [ln for ln in [_seat_result(events, seat)] if ln]
        if owe:
            return lines + [f"give up {owe} VP card{'s' if owe > 1 else ''}:", "turn, press twice"]
        return lines + ["others choose VP cards"]
    # the race (CD-9): never say whether the order matches
    answer = race["answers"][seat] if race else None
    if answer is None and not view["cups_up"][seat]:
        return ["hit or sip?", f"order: {what}"]
    if answer is not None and answer["answer"] == "slap":
        return [f"hit {ms_text(answer['t_us'] - race['open_us'])}: wait...", f"order: {what}"]
    # sipping (CD-6, CD-7)
    sipped = race["sipped_us"][seat] if race else None
    if sipped is not None:
        return [f"sipped! {ms_text(sipped - race['open_us'])}", "wait for the others"]
    if view["cups_up"][seat]:
        cup_down = next((a for a in game.legal_actions(seat) if a.get("type") == "cup_down"), None)
        t_min = cup_down.get("t_min_us") if cup_down else None
        if t_min is None:
            return ["cup was up too early", "put it down, lift it"]  # CD-7
        if now_us is not None and now_us < t_min:
            return ["hold...", f"{(t_min - now_us) / 1e6:.1f} s more"]
        return ["put it down"]
    return ["cup down", f"order: {what}"]


def oled(game, seat: int, view: dict[str, Any], controls, context: dict[str, Any]) -> list[str]:
    """Up to 5 OLED lines (at most 21 characters each) for ``seat``.

    Line 1 is the seat and its VP count; then the runtime's prompt for the
    seat (e.g. a refused input), the seat's prompt in the race (CD-4..CD-7)
    or its last result ("+1 VP", "lost a VP card"), and the selected choice
    with the cursor when the seat has one to make ("press again: confirm"
    when armed).
    """
    vp = view["vp_counts"][seat]
    head = f"{seat_name(seat)}"
    tail = f"{vp} VP"
    lines = [head + " " * max(1, OLED_CHARS - len(head) - len(tail)) + tail]
    extra = (context.get("prompts") or {}).get(seat)
    if extra:
        lines.extend(_wrap(str(extra))[:2])
    lines.extend(_prompt(game, seat, view, list(context.get("last_events") or []), context.get("now_us")))
    choices = controls.refresh(game)
    if choices:
        chosen = label(choices[controls.cursor])
        if len(choices) > 1:
            chosen = f"{controls.cursor + 1}/{len(choices)} {chosen}"
        keep = 3 if controls.armed else 4
        lines = lines[:keep] + [f"> {chosen}"[:OLED_CHARS]]
        if controls.armed:
            lines.append("press again: confirm")
    return [ln[:OLED_CHARS] for ln in lines[:5]]
