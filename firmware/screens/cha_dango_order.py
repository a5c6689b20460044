"""Cha dango's order panel on the HDMI (rulings CD-1, CD-9, CD-10, CAB-7,
CAB-8, CAB-9): the deck and the revealed card, the open order, the race's
result while the next order waits, the VP cards to give, the end; and how
wide the panel is beside the dining area (:func:`order_column`)."""
from __future__ import annotations

from typing import Any

from engines.cha_dango.game import order_words
from engines.words import plural
from firmware.screens.cha_dango_oled import _pause_left
from firmware.screens.cha_dango_parts import CARD_RATIO, _card_back, _value_picture, customer_card
from firmware.screens.cha_dango_timing import _choice_left, race_left_s
from firmware.screens.cha_dango_words import result_lines
from firmware.ui.kit import GOLD, INFO, NEED, PANEL, Rect, Scene, seat_colour

#: The order panel's share of the width beside the dining area, narrowest
#: first: between orders it widens (the customers drawn smaller) until the
#: last race's result shows whole at the small text size (issue 34: at
#: 800x480 the late hits were left out, and with a wrong sip and the
#: placing rule besides, still at 48 %); in a race it keeps the first.
SHARES = (0.3, 0.36, 0.42, 0.48, 0.55, 0.62)


def _race_open(view: dict[str, Any]) -> bool:
    return view.get("race") is not None


def order_column(scene: Scene, main: Rect, game, view: dict[str, Any], events: list[str],
                 context: dict[str, Any]) -> Rect:
    """Draw the order panel at the left of ``main`` and return the rect
    left for the dining area.  In a race (and at the end) the panel takes
    the first of :data:`SHARES` of the width, with its cards.  Between orders
    (CAB-7's result, CD-10's VP cards to give) it takes the first layout
    of these in which no line of the result is left out: the deck card
    drawn, then the deck's count as a line instead of its card, then the
    wider shares; the widest when none does."""
    m = scene.metrics
    tries = [(SHARES[0], True)]
    result = None
    if view.get("race") is None and view["phase"] in ("reveal", "place_vp"):
        tries += [(share, False) for share in SHARES]
        result = result_lines(view, events)     # the same for every try (a try costs mostly its text)
    for k, (share, deck) in enumerate(tries):
        order_r, dining_r = main.cols(share, 1 - share, gap=m.pad)
        if k < len(tries) - 1:
            trial = Scene(scene.width, scene.height, scene.measure)
            _order_area(trial, order_r, game, view, events, context, deck=deck, result=result)
            if trial.dropped:
                continue
        _order_area(scene, order_r, game, view, events, context, deck=deck, result=result)
        return dining_r
    raise AssertionError("unreachable: the last try is drawn")


def _order_area(scene: Scene, r: Rect, game, view: dict[str, Any], events: list[str],
                context: dict[str, Any] | None = None, deck: bool = True, result: list[str] | None = None) -> None:
    """The order forming (CD-1): the ordering deck with the back of its top
    card, the card just revealed, and the order itself as a picture; after
    a race, its result in milliseconds and, while the next order waits
    (CAB-7), "Next order in N s"; a race resumed from a save shows its
    countdown ("Get ready 3", CAB-8).  ``deck`` False (between orders,
    where the result needs the room): no cards drawn, the deck's count a
    line under the result ("45 order cards left").  ``result``: the
    last race's :func:`result_lines` when the caller has them."""
    context = context or {}
    banner = str(context.get("banner") or "")
    held = _race_open(view) and bool(context.get("race_held"))     # CAB-15: the order hidden until go
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL)
    inner = r.inset(m.pad)
    head_h = scene.measure("Ag", m.medium)[1]
    head, body = inner.rows(-head_h, 1, gap=m.pad // 2)
    order = view.get("order")
    tail = []
    if deck:
        cards_h = min(body.h * 11 // 20, int(body.w / 2 / CARD_RATIO))
        cards_r, text_r = body.rows(-cards_h, 1, gap=m.pad)
        card_w = int(cards_h * CARD_RATIO)
        deck_r = Rect(cards_r.x, cards_r.y, card_w, cards_h)
        rev_r = Rect(cards_r.right - card_w, cards_r.y, card_w, cards_h)
        # CD-1: the top card's back is the order's attribute only once the card above it is revealed;
        # between orders the deck is face down: "?" "on reveal" (issue 34)
        _card_back(scene, deck_r, view.get("top_back") if order and not held else None, view["deck_count"])
        if view.get("revealed") and held:
            scene.add("card", rev_r, None, state="down")
        elif view.get("revealed"):
            customer_card(scene, rev_r, view["revealed"], key=f"cust:{view['revealed']['id']}")
    else:       # (between orders the deck's back shows no attribute: its count is all it tells)
        text_r = body
        tail = [(f"{plural(view['deck_count'], 'order card')} left", INFO)]
        scene.facts["deck"] = view["deck_count"]
    if view["phase"] == "over":  # CD-2: the last card forms no order
        _sold_out(scene, head, text_r, game, view)
    elif order and held:     # CAB-15: hidden until go
        _held_order(scene, head, text_r, banner)
    elif order and _race_open(view) and banner.isdigit():   # CAB-8: the resumed race starts again after this
        scene.text(f"Get ready: {banner}", head, sizes=(m.medium, m.small), colour=GOLD)
        scene.lines([(f"The race starts again in {banner}", NEED),
                     (f"Order: {order_words(order['attribute'], order['value'])}", INFO),
                     ("Hands off buttons and cups; arrows aim", INFO)], text_r, size=m.small)
        scene.facts["countdown"] = banner
    elif order and _race_open(view):
        _open_order(scene, head, text_r, order, race_left_s(view, context))
    elif view["phase"] == "place_vp" and any(view.get("must_place") or []):  # CD-10: which VP cards go
        _vp_to_give(scene, head, text_r, view, result_lines(view, events) if result is None else result, context, tail)
    else:
        _next_reveal(scene, head, text_r, view, result_lines(view, events) if result is None else result, context, tail)


def _held_order(scene: Scene, head: Rect, text_r: Rect, banner: str) -> None:
    """A race held by a pause (or the Esc question), or waiting for its
    3-2-1's go (ruling CAB-15): the order and the customers are face down;
    they show at go, for every seat at once."""
    m = scene.metrics
    if banner.isdigit():
        scene.text(f"Get ready: {banner}", head, sizes=(m.medium, m.small), colour=GOLD)
        lines = [("The order and the customers show at go.", NEED),
                 ("Hands off: button, cup and arrows.", INFO)]
        scene.facts["countdown"] = banner
    else:
        scene.text("Race held", head, sizes=(m.medium, m.small), colour=GOLD)
        lines = [("The order and the customers are hidden.", NEED),
                 ("They show again at go, after a 3-2-1.", INFO)]
    scene.lines(lines, text_r, size=m.small)
    scene.facts["held"] = True


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
    lines += [(f"Seat {s + 1}: {plural(counts[s], 'VP card')}", INFO) for s in ranked if s not in winners]
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


def _vp_to_give(scene: Scene, head: Rect, text_r: Rect, view: dict[str, Any], result: list[str],
                context: dict[str, Any], tail: list[tuple[str, int]] = ()) -> None:
    """The seats choosing which VP cards to give up (CD-10): "VP card to
    give: 8 s" (the choice's seconds, CAB-9), who chooses and where, then
    the race's result (``result``: its :func:`result_lines`)."""
    m = scene.metrics
    owing = [s for s, k in enumerate(view.get("must_place") or []) if k]
    names = " and ".join(f"Seat {s + 1}" for s in owing)
    left = _choice_left(view, context)   # CAB-9: the choice's seconds, seen by everyone
    title = "VP card to give" if left is None else f"VP card to give: {left} s"
    if left is not None and scene.measure(title, m.small)[0] > head.w:
        title = f"Give a card: {left} s"
    scene.text(title, head, sizes=(m.medium, m.small), colour=GOLD)
    where = ("chooses" if len(owing) == 1 else "choose") if set(owing) <= set(context.get("bots") or ()) \
        else ": choose on your screen"    # a bot has no screen to look at
    lines = [(f"{names}{'' if where.startswith(':') else ' '}{where}" + ("" if left is None else f", {left} s left"),
              NEED)]
    lines += [(t, INFO) for t in result] + list(tail)
    scene.facts["choice_left"] = left
    scene.lines(lines, text_r, size=m.small)


def _next_reveal(scene: Scene, head: Rect, text_r: Rect, view: dict[str, Any], result: list[str],
                 context: dict[str, Any], tail: list[tuple[str, int]] = ()) -> None:
    """Between orders: who reveals next ("Seat 2 reveals", or "Next order
    in 3" while the last race's outcome stays, CAB-7) over that result, or
    "Press your button to reveal the next order".  ``result``: the last
    race's :func:`result_lines`."""
    m = scene.metrics
    who = view["current"]
    wait = _pause_left(context)
    lines = [(t, INFO) for t in result]
    if wait is not None:   # CAB-7: the outcome stays; the next order waits
        scene.text(f"Next order in {wait}", head, sizes=(m.medium, m.small), colour=GOLD)
        lines.insert(0, (f"Seat {who + 1} reveals it in {wait} s", NEED))
        scene.facts["pause"] = wait
    else:
        scene.text(f"Seat {who + 1} reveals", head, sizes=(m.medium, m.small), colour=seat_colour(who))
    if not lines:
        lines = [("Press your button to reveal the next order", NEED)]
    scene.lines(lines + list(tail), text_r, size=m.small)
