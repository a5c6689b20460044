"""Cha dango screens: the shared HDMI table and each seat's OLED.

HDMI (built from the public view only, ruling CAB-1: the cards are virtual
and shown on the screen): the order as it forms (the attribute on the back
of the top ordering card before the reveal, attribute + value after it,
ruling CD-1), the dining area's customers (figure, dango colour, background;
during a race the customer under each person's cursor edged in the seat's
colour with its number, CD-12; never which customers match, CD-9), the
race as it runs and its results in milliseconds (CD-4, CD-6, CAB-3) and
every seat's VP count (CD-8).

OLED (built from the seat's own view): the seat's VP count and its prompt
now: "REVEAL!", the customer its next press hits ("cat 2/5 pink dango,
red: hit it, or sip?", CD-12), "HOLD IT UP", "PUT DOWN", "+1 VP", "lost a VP
card" (CD-4..CD-7).

Both are cheap (no engine copies): they read the view dicts, the context's
event texts and, for the sip timing on the OLED, the seat's own legal
actions.
"""
from __future__ import annotations

from typing import Any

from engines.cha_dango.game import order_words  # noqa: F401 - the order in players' words (CD-1), one definition
from engines.words import plural
from firmware.ui.kit import header_todo


from firmware.screens.cha_dango_words import (  # noqa: F401 - the result in words, one definition
    _result_lines, _seat_result, _short_names, _too_soon, aim_changed, keep_units, late_press, ms_text, race_events,
    result_lines, shorten_event)
from firmware.screens.cha_dango_timing import (  # noqa: F401 - choice_timeout: the session's hook (CAB-9)
    _choice_left, _hold_left, _tenths, choice_timeout, race_left_s)
from firmware.screens.choices import cursor_choices
from firmware.screens.round_summary import read_time_ms
from firmware.ui.kit import FG, GOLD, INFO, NEED, PANEL, Rect, Scene, header, seat_banner, seat_colour
from firmware.screens.cha_dango_words import first_round, walkthrough_words  # noqa: F401 - the first-game walkthrough's hooks
from firmware.screens.cha_dango_oled import _pause_left, aim_ahead, label, oled_frame  # noqa: F401 - OLED, label, aim hooks


DRAWN = True

#: Words for the attribute an order asks for (ruling CD-1).
ATTRIBUTE_WORDS = {"figure": "figure", "dango": "dango colour", "background": "background colour"}


def seat_name(seat: int) -> str:
    """Seat 0 is "Player 1" (the engine's words)."""
    return f"Player {seat + 1}"


def customer_text(card: dict[str, Any]) -> str:
    """One customer on the screen, figure / dango colour / background
    (ruling CD-1): "fox  pink / teal"."""
    return f"{card['figure']}  {card['dango']} / {card['background']}"


def _short_customer(card: dict[str, Any]) -> str:
    return f"{card['figure']} {card['dango']}/{card['background']}"


# ------------------------------------------------------------- runtime
def cabinet_options(cfg: dict[str, Any]) -> dict[str, Any]:
    """The engine options the cabinet sets for a new game from its config:
    ``reveal_grace_us`` from ``cabinet.early_press_grace_ms`` (ruling CAB-7)."""
    return {"reveal_grace_us": int(cfg["cabinet"]["early_press_grace_ms"]) * 1000}


def result_pause(game, view: dict[str, Any]) -> tuple | None:
    """Ruling CAB-7: while the next order waits to be revealed after a
    decided race, a key naming that race (the runtime holds the reveal for
    ``cabinet.race_result_ms`` once per key); None otherwise."""
    last = view.get("last_race")
    if view.get("phase") != "reveal" or not last:
        return None
    return view["deck_count"], last.get("open_us")


#: The hint that the result can be read again (the paused game's moves).
READ_AGAIN = "Hold both arrows 1 s to read the moves again"


def result_pause_ms(view: dict[str, Any], events: list[str], base_ms: int) -> int:
    """Ruling CAB-7: how long (ms) the decided race's result stays before
    the next order: :func:`~firmware.screens.round_summary.read_time_ms` of
    the lines of :func:`result_lines`, never less than ``base_ms``
    (``cabinet.race_result_ms``); 0 when ``base_ms`` is 0 (a cabinet set
    for no pause).  At most 15 s."""
    return read_time_ms(len(result_lines(view, events)), base_ms)


def log_words(events: list[str], view: dict[str, Any], keep: int) -> list[str]:
    """The moves in the table's words for the paused game's log and the
    replay: the engine's texts with every "Player 2" and "Players 1 and 2"
    said "Seat 2", "Seats 1 and 2" (the last ``keep``)."""
    return [_short_names(t) for t in events][-keep:]


def resume_action(game) -> dict[str, Any] | None:
    """Ruling CAB-8: a race paused (or resumed from a save) goes on after
    the countdown: the action to apply then (the runtime fills the stamp,
    the button and cup levels and, for a pause, ``paused_at_us``: what was
    done before it stands; resumed from a save, the key is dropped and the
    race starts again); None when no race is open."""
    if game.is_terminal() or game.view(None).get("race") is None:
        return None
    return {"type": "restart_race", "t_us": None, "buttons_down": [], "cups_up": [], "paused_at_us": None}


def legend_words(game, seat: int) -> dict[str, str | None]:
    """What the seat's button, arrows and push do now, for the simulator's
    legend (None: nothing, left out): in a race the arrows aim at a
    customer and the button hits it (ruling CD-12); choosing a VP card to
    give (CD-10) the arrows choose it, the button confirms, the push
    cancels; on the seat's turn the button reveals the order; between
    races the arrows aim ahead at the customers on the table (CD-12), the
    revealer's too, and another seat's button chooses nothing."""
    view = game.view(seat)     # short words: a longer legend line widens the window's column and moves the table
    if view["phase"] == "race":
        return {"button": "hit", "arrows": "aim", "push": None}
    if view["phase"] == "place_vp" and (view.get("must_place") or [0] * (seat + 1))[seat]:
        return {"button": "confirm", "arrows": "choose", "push": "cancel"}
    if view["phase"] == "reveal" and view["current"] == seat:
        return {"button": "reveal", "arrows": "aim" if aim_ahead(game, seat) else None, "push": None}
    return {"button": "button", "arrows": "aim" if aim_ahead(game, seat) else None, "push": None}   # aim ahead (CD-12)


# ------------------------------------------------------------------- HDMI
#: Card proportions (width / height) of a customer card.
CARD_RATIO = 0.78


def _race_open(view: dict[str, Any]) -> bool:
    return view.get("race") is not None


def _won(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Customers already won in the open race (public: the card has gone
    to the seat), as ``{"card", "player", "t_us"}``."""
    race = view.get("race") or {}
    return list(race.get("won") or [])


def customer_card(scene: Scene, r: Rect, card: dict[str, Any], key: str | None = None, *,
                  ring: tuple[int, int, int] | None = None, aimed: list[int] | None = None) -> None:
    """A customer card drawn as its three attributes (CD-1): the
    background colour (with its pattern) as the card, the figure's
    silhouette, the dango on its skewer; ``ring`` edges it in a seat's
    colour (won); ``aimed``: the seats a person plays whose cursor is on it
    (ruling CD-12: their next press hits it): a thick edge in the first
    one's colour and a numbered token of each seat's colour over the card."""
    start = len(scene.nodes)
    state = "claimed" if ring is not None else "aimed" if aimed else "up"
    colour = ring if ring is not None else seat_colour(aimed[0]) if aimed else None
    scene.add("card", r, None, state=state, seat_colour=colour, fill=(240, 236, 226))
    inner = r.inset(max(3, min(r.w, r.h) // 14))
    scene.add("swatch", inner, None, name=card["background"], radius=max(3, inner.w // 10))
    fig_r, dango_r = inner.cols(0.7, 0.3)
    scene.add("figure", fig_r.inset(max(1, fig_r.w // 14)), None, name=card["figure"])
    scene.add("dango", dango_r.inset(max(1, dango_r.w // 8)), None, name=card["dango"])
    if aimed and ring is None:   # CD-12: who would hit this customer with the next press
        tok = max(8, min(max(12, min(r.w, r.h) // 7), r.w * 3 // 5 // len(aimed) - 2))   # left of the skewer
        x = r.x + max(3, r.w // 20)
        for seat in aimed:
            scene.add("token", Rect(x, r.y + max(3, r.h // 30), tok, tok), None, seat=seat,
                      colour=seat_colour(seat), label=str(seat + 1))
            x += tok + 2
    scene.group(start, r, key)  # one cached picture per card


def _card_back(scene: Scene, r: Rect, attribute: str | None, count: int) -> None:
    """The top ordering card, face down: its back shows the attribute the
    next order asks for (CD-1) as a grey picture: a head, a dango, a
    patterned field."""
    m = scene.metrics
    scene.add("card", r, "deck", state="down")
    if attribute:  # the back names an attribute, never a value: a grey picture of the kind
        pic = r.inset(max(4, r.w // 6))
        pic = Rect(pic.x, pic.y, pic.w, pic.h * 2 // 3).square()
        scene.add("panel", pic.inset(-4), None, fill=(235, 230, 245), radius=6)
        scene.add("back", pic, None, attribute=attribute)
        words = {"figure": "figure", "dango": "dango", "background": "background"}[attribute]   # the order's words
        word_r = Rect(r.x, pic.bottom + 4, r.w, scene.measure("Ag", m.small)[1])
        if word_r.bottom <= r.bottom - scene.measure("Ag", m.small)[1] - 4:
            scene.text(words, word_r, sizes=(m.small,), align="center", priority=INFO)
        scene.facts["asks"] = attribute
    else:
        mid = Rect(r.x, r.y + r.h // 2 - scene.measure("Ag", m.small)[1], r.w, scene.measure("Ag", m.small)[1])
        scene.text("next", mid, sizes=(m.small,), align="center", colour=FG)
    label_r = Rect(r.x, r.bottom - scene.measure("Ag", m.small)[1] - 4, r.w, scene.measure("Ag", m.small)[1])
    if scene.text(f"{count} left", label_r, sizes=(m.small,), align="center", colour=FG, priority=INFO) is None:
        scene.dropped.pop()
        scene.text(str(count), label_r, sizes=(m.small,), align="center", colour=FG)
    scene.facts["deck"] = count


def _value_picture(scene: Scene, r: Rect, attribute: str, value: str) -> None:
    """The order's value as a picture: the figure, the dango, or the
    background colour field."""
    if attribute == "figure":
        scene.add("figure", r.square(), None, name=value)
    elif attribute == "dango":
        scene.add("dango", r.square().inset(r.h // 10), None, name=value)
    else:
        scene.add("swatch", r.square(), None, name=value, radius=8)


def _order_area(scene: Scene, r: Rect, game, view: dict[str, Any], events: list[str],
                context: dict[str, Any] | None = None) -> None:
    """The order forming (CD-1): the ordering deck with the back of its top
    card, the card just revealed, and the order itself as a picture; after
    a race, its result in milliseconds and, while the next order waits
    (CAB-7), "Next order in N s"; a race resumed from a save shows its
    countdown ("Get ready 3", CAB-8)."""
    context = context or {}
    banner = str(context.get("banner") or "")
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL)
    inner = r.inset(m.pad)
    head_h = scene.measure("Ag", m.medium)[1]
    head, body = inner.rows(-head_h, 1, gap=m.pad // 2)
    order = view.get("order")
    cards_h = min(body.h * 11 // 20, int(body.w / 2 / CARD_RATIO))
    cards_r, text_r = body.rows(-cards_h, 1, gap=m.pad)
    card_w = int(cards_h * CARD_RATIO)
    deck_r = Rect(cards_r.x, cards_r.y, card_w, cards_h)
    rev_r = Rect(cards_r.right - card_w, cards_r.y, card_w, cards_h)
    # CD-1: the top card's back is the order's attribute only once the card above it is revealed;
    # between orders the deck is face down and asks for nothing yet (issue 34)
    _card_back(scene, deck_r, view.get("top_back") if order else None, view["deck_count"])
    if view.get("revealed"):
        customer_card(scene, rev_r, view["revealed"], key=f"cust:{view['revealed']['id']}")
    if view["phase"] == "over":  # CD-2: the last card forms no order
        _sold_out(scene, head, text_r, game, view)
    elif order and _race_open(view) and banner.isdigit():   # CAB-8: the resumed race starts again after this
        scene.text(f"Get ready: {banner}", head, sizes=(m.medium, m.small), colour=GOLD)
        scene.lines([(f"The race starts again in {banner}", NEED),
                     (f"Order: {order_words(order['attribute'], order['value'])}", INFO),
                     ("Hands off buttons and cups; arrows aim", INFO)], text_r, size=m.small)
        scene.facts["countdown"] = banner
    elif order and _race_open(view):
        _open_order(scene, head, text_r, order, race_left_s(view, context))
    elif view["phase"] == "place_vp" and any(view.get("must_place") or []):  # CD-10: which VP cards go
        _vp_to_give(scene, head, text_r, view, events, context)
    else:
        _next_reveal(scene, head, text_r, view, events, context)


def _sold_out(scene: Scene, head: Rect, text_r: Rect, game, view: dict[str, Any]) -> None:
    """The end of the game: "Sold out!" (CD-2: the last card forms no
    order), who won (ties share the victory, CD-8) and the others' VP."""
    m = scene.metrics
    scene.text("Sold out!", head, sizes=(m.medium, m.small), colour=GOLD)
    from engines.results import game_result
    counts = view["vp_counts"]
    result = game_result(game)
    winners = list(result.winners)
    lines = [(result.headline, NEED)]  # CD-8: ties share the victory
    ranked = sorted(range(len(counts)), key=lambda s: -counts[s])
    lines += [(f"Seat {s + 1}: {counts[s]} VP", INFO) for s in ranked if s not in winners]
    scene.lines(lines, text_r, size=m.small)
    scene.facts["winners"] = winners


def _open_order(scene: Scene, head: Rect, text_r: Rect, order: dict[str, Any], left_s: int | None = None) -> None:
    """The open order: "Order!", its value as a picture when there is room,
    the order in words, "A match? Aim, hit. None? Sip" (CD-4, CD-12) and, with the
    clock, the seconds left to answer (``left_s``: CD-9's time-out)."""
    m = scene.metrics
    scene.text("Order!", head, sizes=(m.medium, m.small), colour=GOLD)
    pic_h = min(text_r.h - scene.measure("Ag", m.small)[1] - m.pad, text_r.w // 3)
    pic_r, words_r = text_r.rows(-max(0, pic_h), 1, gap=m.pad // 2)
    if pic_h > 16:
        _value_picture(scene, pic_r, order["attribute"], order["value"])
    lines = [(f"Order: {order_words(order['attribute'], order['value'])}", NEED), ("A match? Aim, hit. None? Sip", INFO)]
    if left_s is not None:      # play-test: a race closed unseen ("Nobody served the fox ... in time")
        lines.insert(1, (f"{left_s} s to answer", INFO))   # (dropped before the order where there is no room)
    scene.lines(lines, words_r, size=m.small)
    scene.facts["order"] = dict(order)
    scene.facts["left_s"] = left_s


def _vp_to_give(scene: Scene, head: Rect, text_r: Rect, view: dict[str, Any], events: list[str],
                context: dict[str, Any]) -> None:
    """The seats choosing which VP cards to give up (CD-10): "VP card to
    give: 8 s" (the choice's seconds, CAB-9), who chooses and where, then
    the race's result."""
    m = scene.metrics
    owing = [s for s, k in enumerate(view.get("must_place") or []) if k]
    names = " and ".join(f"Seat {s + 1}" for s in owing)
    left = _choice_left(view, context)   # CAB-9: the choice's seconds, seen by everyone
    title = "VP card to give" if left is None else f"VP card to give: {left} s"
    if left is not None and scene.measure(title, m.small)[0] > head.w:
        title = f"Give VP: {left} s"
    scene.text(title, head, sizes=(m.medium, m.small), colour=GOLD)
    where = ("chooses" if len(owing) == 1 else "choose") if set(owing) <= set(context.get("bots") or ()) \
        else ": choose on your screen"    # a bot has no screen to look at
    lines = [(f"{names}{'' if where.startswith(':') else ' '}{where}" + ("" if left is None else f", {left} s left"),
              NEED)]
    lines += [(t, INFO) for t in result_lines(view, events)]
    scene.facts["choice_left"] = left
    scene.lines(lines, text_r, size=m.small)


def _next_reveal(scene: Scene, head: Rect, text_r: Rect, view: dict[str, Any], events: list[str],
                 context: dict[str, Any]) -> None:
    """Between orders: who reveals next ("Seat 2 reveals", or "Next order
    in 3" while the last race's outcome stays, CAB-7) over that result, or
    "Press your button to reveal the next order"."""
    m = scene.metrics
    who = view["current"]
    wait = _pause_left(context)
    lines = [(t, INFO) for t in result_lines(view, events)]
    if wait is not None:   # CAB-7: the outcome stays; the next order waits
        scene.text(f"Next order in {wait}", head, sizes=(m.medium, m.small), colour=GOLD)
        lines.insert(0, (f"Seat {who + 1} reveals it in {wait} s", NEED))
        scene.facts["pause"] = wait
    else:
        scene.text(f"Seat {who + 1} reveals", head, sizes=(m.medium, m.small), colour=seat_colour(who))
    if not lines:
        lines = [("Press your button to reveal the next order", NEED)]
    scene.lines(lines, text_r, size=m.small)


def _vp_cursors(game, context: dict[str, Any], seats: list[int]) -> dict[int, tuple[int, int, bool]]:
    """CD-10: for each seat a person plays that chooses a VP card to give,
    ``(position under its cursor 1-based, choices, armed)``, read without
    moving the cursor (issue 34: the HDMI follows every navigation step)."""
    controls = context.get("controls")
    bots = set(context.get("bots") or ())
    out = {}
    for s in seats:
        if controls is None or s in bots:
            continue
        try:
            shown = controls[s].shown(game)
        except (KeyError, IndexError, TypeError, AttributeError):
            continue
        if shown.choices and shown.chosen.get("type") == "place_vp":
            out[s] = (shown.cursor + 1, len(shown.choices), shown.armed)
    return out


def aimed_at(game, context: dict[str, Any]) -> dict[int, list[int]]:
    """Ruling CD-12: customer card id -> the seats a person plays whose
    cursor is on it (their next press hits it), read without moving any
    cursor; bots' cursors are not shown (as in the other games)."""
    out: dict[int, list[int]] = {}
    for seat, chosen in sorted(cursor_choices(game, context).items()):
        if chosen.get("type") == "slap":
            out.setdefault(chosen["card"], []).append(seat)
    return out


def _dining_area(scene: Scene, r: Rect, view: dict[str, Any], aimed: dict[int, list[int]] | None = None) -> None:
    """The dining area (CD-1): every customer card, laid out as large as
    the area allows; cards won in the open race leave with their winner;
    the customers under a person's cursor lit in its colour (``aimed``,
    CD-12)."""
    aimed = aimed or {}
    customers = view["dining_area"]
    won = {w["card"]: w["player"] for w in _won(view)}
    n = max(1, len(customers))
    m = scene.metrics
    best = None
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        w = (r.w - (cols - 1) * m.pad) / cols
        h = (r.h - (rows - 1) * m.pad) / rows
        cw = min(w, h * CARD_RATIO)
        if best is None or cw > best[0]:
            best = (cw, cols)
    cw, cols = best
    ch = int(cw / CARD_RATIO)
    cw = int(cw)
    for i, card in enumerate(customers):
        rr, cc = divmod(i, cols)
        cr = Rect(r.x + cc * (cw + m.pad), r.y + rr * (ch + m.pad), cw, ch)
        customer_card(scene, cr, card, key=f"cust:{card['id']}",
                      ring=seat_colour(won[card["id"]]) if card["id"] in won else None, aimed=aimed.get(card["id"]))
    scene.facts["dining"] = [c["id"] for c in customers]
    if aimed:
        scene.facts["aimed"] = {c: list(s) for c, s in aimed.items()}


def _seat_row(scene: Scene, r: Rect, view: dict[str, Any], vp_cursors: dict | None = None,
              holding: dict[int, int] | None = None) -> None:
    """Every seat's banner: its VP cards (CD-8), and what it did in the
    race so far (hit in N ms, cup up, sipped in N ms): physical acts all
    seats see anyway; never whether they were right before the race is
    decided (CD-9); a seat choosing the VP card to give (CD-10): which
    card of its pile its cursor is on ("give VP card 2/4?", "...!" armed;
    the face stays private)."""
    m = scene.metrics
    vp_cursors = vp_cursors or {}
    n = len(view["vp_counts"])
    race = view.get("race") or {}
    cols = 3 if n > 4 else n
    rows = -(-n // cols)
    cells = r.grid(n, cols, gap=m.pad)
    won = _won(view)
    for s, cell in enumerate(cells):
        vp = view["vp_counts"][s]
        active = view["phase"] == "reveal" and view["current"] == s
        doing = ""
        mine = [w for w in won if w["player"] == s]
        if active:
            doing = "reveals"
        elif not race and s in vp_cursors:
            k, count, armed = vp_cursors[s]
            doing = f"give VP card {k}/{count}{'!' if armed else '?'}"
            room = cell.w - cell.h - 4 * m.pad - scene.measure(f"Seat {s + 1} \u00b7 {vp} VP", m.medium)[0]
            if scene.measure(doing, m.small)[0] > room:     # a narrow banner: the short form
                doing = doing.replace("VP card", "VP")
            scene.facts.setdefault("vp_cursor", {})[s] = k
        elif not race:
            doing = "chooses" if (view.get("must_place") or [0] * n)[s] else ""
        elif mine and race.get("open_us") is not None:
            doing = f"won in {ms_text(mine[0]['t_us'] - race['open_us'])}"
        elif (race.get("sipped_us") or [None] * n)[s] is not None:
            doing = f"sipped {ms_text(race['sipped_us'][s] - race['open_us'])}"
        elif ((race.get("answers") or [None] * n)[s] or {}).get("answer") == "slap":
            doing = f"hit {ms_text(race['answers'][s]['t_us'] - race['open_us'])}"
        elif view["buttons_down"][s]:
            doing = "hit"
        elif s in (holding or {}):      # CD-6: the 1 s sip hold, counted down
            doing = f"sip {_tenths(holding[s])}"
        elif view["cups_up"][s]:
            doing = "cup up"
        seat_banner(scene, cell, s, score=f"{vp} VP", active=active, doing=doing, key=f"seat:{s}")
        scene.facts.setdefault("vp", {})[s] = vp
    del rows


def screen(game, view: dict[str, Any], context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
           measure=None) -> Scene:
    """The shared HDMI screen for Cha dango, drawn from the public ``view``.

    Shows the order forming (the back of the top ordering card, then the
    revealed card and the order as a picture, CD-1), the dining area as
    customer cards (figure, dango colour, background as pictures), every
    seat's VP count and race acts, and after a race its result in
    milliseconds (CD-4, CD-6, CAB-3).  While a race is open nothing on it
    says whether the order matches or which customers do: spotting the
    match is the game.

    Args:
        game: the engine (unused: the view is enough).
        view: ``game.view(None)``.
        context: ``last_events`` (the finished race's results), ``notice``.
        size: the screen, px.
        measure: text measure ``(text, size_px) -> (w, h)``.

    Returns:
        A :class:`Scene`; ``scene.facts`` lists the order, dining area and
        VP counts shown.
    """
    w, h = size
    scene = Scene(w, h, measure)
    m = scene.metrics
    events = list(context.get("last_events") or [])
    header_h = scene.measure("Ag", m.medium)[1] + m.pad
    hdr, body = scene.rect.rows(-header_h, 1)
    if view["phase"] == "over":
        todo = "Game over"
    elif _race_open(view) and str(context.get("banner") or "").isdigit():
        todo = "Get ready: the race starts again"
    elif _race_open(view):
        todo = "A match? Aim at it and hit. None? Sip tea"
    elif view["phase"] == "place_vp":
        todo = "Choose the VP card to give up"
    elif _pause_left(context) is not None:   # the result can be read again in the paused game's moves
        todo = header_todo(scene, hdr, "Cha dango", "", [f"The last race's result \u00b7 {READ_AGAIN}",
                                                          READ_AGAIN, "Hold both arrows: the moves"])
    else:
        todo = f"Seat {view['current'] + 1}: reveal the order"
    header(scene, hdr, "Cha dango", plural(len(view["dining_area"]), "customer"), context.get("notice") or todo)
    body = body.inset(m.pad)
    n = len(view["vp_counts"])
    banner_h = scene.measure("Ag", m.medium)[1] + m.pad
    seat_rows = -(-n // (3 if n > 4 else n))
    main, seats = body.rows(1, -(banner_h * seat_rows + m.pad * (seat_rows - 1)), gap=m.pad)
    order_r, dining_r = main.cols(0.3, 0.7, gap=m.pad)
    _order_area(scene, order_r, game, view, events, context)
    _dining_area(scene, dining_r, view, aimed_at(game, context))   # in a race, and aiming ahead between races
    owing = [s for s, k in enumerate(view.get("must_place") or []) if k]
    holding = {s: h for s in range(n) if (h := _hold_left(game, view, s, context)) is not None}
    _seat_row(scene, seats, view, _vp_cursors(game, context, owing) if view["phase"] == "place_vp" else None,
              holding)
    return scene


