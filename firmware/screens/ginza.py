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

from typing import Any

from engines.results import game_result

from firmware.screens.choices import cursor_choices
from firmware.screens.ginza_words import band_moves, cost_words, feed, short_words  # noqa: F401 - band_moves: a hook
from firmware.screens.readings import COMMON, banner_words, todo_words
from firmware.ui.kit import (BG, DIM, FEED, GOLD, INFO, PANEL, Rect, Scene, header, header_todo, seat_banner,
                             wrap_words)
from firmware.screens.ginza_words import first_round, walkthrough_words  # noqa: F401 - the first-game walkthrough's hooks
from firmware.screens.ginza_oled import (  # noqa: F401 - the game's OLED and label hooks, found here
    cursor_position, cursor_words, label, lit_dice, oled_frame)
from firmware.screens.ginza_groups import choice_group, choice_order  # noqa: F401 - the choices in the screen's order, their groups
from firmware.screens.ginza_parts import (CUSTOMER_SPACES, _banner_fit, _customer, _mat, _table, mat_height,
                                         mat_name)
from firmware.screens.ginza_round import (  # noqa: F401 - the round's summary and the end's notes: the game's hooks
    customer_names, held_actions, result_notes, result_pause, result_pause_ms, round_summary, summary_round)
from firmware.screens.round_summary import draw_round_summary, summary_fits

#: The moves in words for the replay and the pause's log (issue 38): ``(events, view, keep) -> lines``.
log_words = feed

DRAWN = True
TITLE = "Ginza Retro Café"


def board_words(game, seat: int, score: float) -> str:
    """A stopped game's report line for ``seat``: what its mat shows (VP of
    the order cards won, yen) and the engine's score labelled provisional
    ("6 VP, ¥9 on the board; provisional score 8 VP: the orders' VP and
    1 VP for each ¥4, bonus cards count only at the end")."""
    p = game.view(None)["players"][seat]
    return (f"{p['order_points']} VP, ¥{p['coins']} on the board; provisional score {score:g} VP: "
            f"the orders' VP and 1 VP for each ¥4, bonus cards count only at the end")


def _pending(game, view: dict[str, Any], cursor: dict[int, dict], context: dict[str, Any]) -> str:
    """The HDMI's words for what the turn seat's next press would do and
    what it costs ("Seat 1: Change to Lv.2, costs ¥3 - press again to
    confirm"); "" when no person's cursor is on a turn choice."""
    seat = view.get("turn")
    act = cursor.get(seat) if view.get("phase") == "play" else None
    if act is None:
        return ""
    pos = cursor_position(game, context, seat)
    words = f"Seat {seat + 1}: {short_words(act, game)}, {cost_words(game, seat, act)[0]}"
    return words + (" - press again to confirm" if pos and pos[2] else "?")


def _moves(scene: Scene, r: Rect, pending: str, moves: list[str], rows: int) -> None:
    """The strip under the customers: the turn seat's pending choice with
    its cost (gold, one line), then the latest moves, newest first."""
    m = scene.metrics
    line = scene.measure("Ag", m.small)[1]
    if pending:
        head, r = r.rows(-line, 1)
        if scene.text(pending, head, sizes=(m.small,), colour=GOLD, priority=INFO) is None:
            scene.dropped.pop()
            scene.text(pending.split(" - ")[0], head, sizes=(m.small,), colour=GOLD, priority=INFO)
    # newest first; past the bottom the oldest go (INFO: the kit drops the last of equals first)
    scene.lines([(t, INFO) for t in reversed(moves)], r, size=m.small, colour=DIM)
    scene.facts["moves"] = list(moves)
    scene.facts["pending"] = pending


def read_again_words(reqs: list[dict[str, Any]], again: Any, simulated: bool,
                     said_to: dict[int, str] | None = None) -> str | None:
    """The header while seats' dice are read again after a nudge (CAB-5;
    PT30: "Seat 1: roll your 5 red dice" stood over "nothing to do"),
    "full|shorter|short": "Seat 1: dice read again (nudged by the table);
    Seat 2: roll your 5 blue dice, then the 3 common dice", "Seat 1: read
    again; Seat 2: roll 5 blue" (at the cabinet "Seat 1: nudge the ? die");
    None when no seat's dice are read again.  ``said_to``: seat -> what
    its OLED says of its dice now (the simulator's "die rerolled for you",
    the cabinet's "reroll the unread die"): a seat told to reroll is said
    to reroll (ruling CAB-17; PT53: "nudged by the table" stood over "die
    rerolled for you")."""
    redo = [q for q in reqs if q.get("player") is not None and q["player"] in again]
    if not redo:
        return None
    groups: dict[str, list[int]] = {}
    for q in redo:
        kind = "reroll" if "reroll" in (said_to or {}).get(q["player"], "") else "nudge"
        groups.setdefault(kind, []).append(q["player"])
    parts, shorts = [], []
    for kind, seats in groups.items():
        who = " and ".join(f"Seat {p + 1}" for p in seats)
        done = "rerolled" if kind == "reroll" else "nudged"
        parts.append(f"{who}: dice read again ({done} by the table)" if simulated else f"{who}: {kind} the ? die")
        shorts.append(f"{who}: read again" if simulated else f"{who}: {kind}")
    said, short = "; ".join(parts), "; ".join(shorts)
    rest = [q for q in reqs if q not in redo]
    if not rest:
        return f"{said}|{short}"
    full, brief = roll_words(rest).split("|")
    return f"{said}; {full}|{short}; {brief}|{short}"


def roll_words(reqs: list[dict[str, Any]]) -> str:
    """The header while dice wait for the camera, "full|short", said as the
    rulebook's set-up does (each player rolls the dice they receive, and
    the 3 common dice are rolled; issue 34, pt11 s10: "Roll 5 red dice,
    then 1 more roll" read as one seat rolling twice): "Seat 1: roll your
    5 red dice, then the 3 common dice", "Seats 1 and 3: roll your dice,
    then the 3 common dice", "Roll the 3 common dice"."""
    seats = [q for q in reqs if q.get("player") is not None]
    common = sum(q["count"] for q in reqs if q.get("player") is None)
    common_words = f"the {common} common {'die' if common == 1 else 'dice'}" if common else ""
    if not seats:
        return f"Roll {common_words}|Roll common dice"
    who = sorted({q["player"] for q in seats})
    if len(who) == 1:
        n = sum(q["count"] for q in seats)
        mine = f"roll your {n} {seats[0]['colour']} {'die' if n == 1 else 'dice'}"
        short = f"Seat {who[0] + 1}: roll {n} {seats[0]['colour']}"
    else:
        names = ", ".join(str(s + 1) for s in who[:-1]) + f" and {who[-1] + 1}"
        counts = {q["count"] for q in seats}
        mine = f"each roll your {counts.pop()} dice" if len(counts) == 1 else "roll your dice"
        who_words = f"Seats {names}"
        return f"{who_words}: {mine}" + (f", then {common_words}" if common else "") + f"|{who_words}: roll"
    return f"Seat {who[0] + 1}: {mine}" + (f", then {common_words}" if common else "") + f"|{short}"


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
        return roll_words(reqs)
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


def score_parts(view: dict[str, Any], seat: int) -> dict[str, float]:
    """Seat ``seat``'s final VP in the parts of "6. Scoring": ``orders``
    (the VP of its order cards), ``yen`` (its coin points, :func:`engines.ginza.scoring.coin_points`), ``bonus`` (its
    bonus cards: the rest of the total) and ``total``."""
    p = view["players"][seat]
    total = view.get("scores", [0] * len(view["players"]))[seat]
    yen = p.get("coin_points", 0)
    return {"orders": p["order_points"], "yen": yen, "bonus": total - p["order_points"] - yen, "total": total}


def breakdown_words(view: dict[str, Any], seat: int) -> str:
    """"orders 20, yen 2 (¥12), bonus 0": a seat's VP in parts, its yen's
    VP with the yen it had (PT62: "yen 1" read as ¥1 where ¥7 gave 1 VP);
    commas, as Retrograde's end card says its parts (the gallery's OCR,
    2026-12-06, read the "+" signs as the smallest marks on the 800 x 480
    card)."""
    parts = score_parts(view, seat)
    had = view["players"][seat].get("coins")
    yen = f"yen {parts['yen']:g}" + (f" (\u00a5{had:g})" if isinstance(had, (int, float)) else "")
    return f"orders {parts['orders']:g}, {yen}, bonus {parts['bonus']:g}"


def result_breakdown(view: dict[str, Any]) -> list[str | list[str]]:
    """Each seat's final VP in parts for the result card (issue 34: the
    card hid seat 3's line on the final board), with the bonus cards that
    scored named (PT13 ww30): its forms, longest first, the card drawing
    the first that fits: "orders 10, yen 0, bonus 9 (Morning Set, Drink
    Master)", "... (Morning, Drink)" (each card's first word, as the OLED
    shortens them), "orders 10, yen 0, bonus 9"; [] before the end."""
    if view.get("phase") != "over":
        return []
    from engines.ginza.components import components
    cards = components().bonus_cards
    out: list[str | list[str]] = []
    for s, p in enumerate(view["players"]):
        words = breakdown_words(view, s)
        names = [cards[b].name if b in cards else str(b) for b in p.get("bonus_achieved") or []]
        if not names:
            out.append(words)
            continue
        out.append([f"{words} ({', '.join(names)})", f"{words} ({', '.join(n.split()[0] for n in names)})", words])
    return out


def _final(scene: Scene, r: Rect, view: dict[str, Any], headline: str = "") -> None:
    """6. Scoring: who won (``headline``, the game's result as the report
    gives it: "Seat 3 wins with 26 VP"; PT30 saw only "Final scores"),
    each seat's VP from orders, yen and bonus cards, best first; under
    them why the game ended (:func:`result_notes`)."""
    m = scene.metrics
    notes = result_notes(view)
    if notes:
        line = scene.measure("Ag", m.small)[1]
        r, notes_r = r.rows(1, -(_note_lines(scene, notes, r.w - m.pad) * line + m.pad // 2), gap=m.pad // 2)
        notes_r = Rect(notes_r.x + m.pad // 2, notes_r.y, notes_r.w - m.pad, notes_r.h)
        scene.lines([(t, INFO) for t in notes], notes_r, size=m.small, colour=GOLD)
        scene.facts["final_notes"] = notes
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
    if head_h:      # who won, its tie-break left out where it does not fit, else "Final scores"
        heads = [t for t in (headline, headline.split(" (")[0]) if t] + ["Final scores"]
        title = next((t for t in heads if scene.measure(t, m.medium)[0] <= head.w), heads[-1])
        scene.text(title, head, sizes=(m.large, m.medium), colour=GOLD, priority=INFO)
    for k, seat in enumerate(order):
        parts = score_parts(view, seat)
        total = scores[seat]
        row = Rect(rest.x, rest.y + k * (row_h + m.pad // 2), rest.w, row_h)
        left, right = row.cols(0.42, 0.58, gap=m.pad)
        seat_banner(scene, left, seat, score=f"{total:g} VP", active=seat in best, key=f"final:{seat}")
        words = breakdown_words(view, seat)
        if scene.text(words, right, sizes=(m.medium, m.small), priority=INFO) is None:
            scene.dropped.pop()  # two lines, or only the total in the banner
            scene.wrapped(words, right, sizes=(m.small,), priority=INFO, max_lines=2)
        scene.facts.setdefault("final", {})[seat] = {"total": total, "orders": parts["orders"], "yen": parts["yen"],
                                                     "bonus": parts["bonus"]}


def _note_lines(scene: Scene, notes: list[str], width: int) -> int:
    """How many lines ``notes`` take word-wrapped to ``width`` px at the
    small size."""
    m = scene.metrics
    return sum(len(wrap_words(t, width, m.small, scene.measure) or [t, t]) for t in notes)


def _final_need(scene: Scene, view: dict[str, Any], width: int) -> int:
    """The height (px) :func:`_final` needs in a panel ``width`` px wide
    for every seat's row and the result notes, without its heading."""
    m = scene.metrics
    row_h = scene.measure("Ag", m.medium)[1] + m.pad + 2
    line = scene.measure("Ag", m.small)[1]
    notes = result_notes(view)
    return (2 * m.pad + len(view["players"]) * (row_h + m.pad // 2)
            + (_note_lines(scene, notes, width - m.pad) * line + m.pad if notes else 0))


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
    readings = context.get("readings") or {}
    cursor = cursor_choices(game, context)
    summary = context.get("round_summary") if (context.get("banner") or "").startswith("next") else None
    if view.get("phase") == "over":
        summary = None
    _header(scene, hdr, game, view, context, readings, summary)
    body = body.inset(m.pad)
    n = len(view["players"])
    line = scene.measure("Ag", m.small)[1]
    per_row = n if body.w / n >= 12 * line else 2
    mat_rows = -(-n // per_row)
    wide = mat_rows == 1 and body.h >= 24 * line
    mat_h = mat_height(scene, wide)
    top, mats = body.rows(1, -(mat_h * mat_rows + m.pad * (mat_rows - 1)), gap=m.pad)
    table_w = max(scene.measure("Common dice", m.small)[0], scene.measure("Daytime 4", m.small)[0]) + m.pad
    if summary:
        # the round that ended in the board's place while the next waits (over the mats if it needs them)
        panel_r = top if summary_fits(scene, top, summary, []) else body
        scene.part(panel_r, ("gz-summary", panel_r, repr(summary), context.get("banner")),
                   lambda sc: draw_round_summary(sc, panel_r, summary, context.get("banner") or ""), bg=BG)
        if panel_r is top:
            _mats_part(scene, mats, game, view, context, cursor, (mat_rows, per_row, wide))
        return scene
    cust_r, table_r = top.cols(1, -table_w, gap=m.pad)
    if view.get("phase") == "over" and _final_need(scene, view, cust_r.w) > cust_r.h:
        # a short screen: the final scores and why the game ended over the mats too, whole
        scene.part(body, ("gz-final", body, repr(view.get("scores")), repr(view.get("ranking")),
                          repr(view["players"])), lambda sc: _final(sc, body, view, game_result(game).headline), bg=BG)
        return scene
    if view.get("phase") != "over" and h >= 700:   # the turn's choice with its cost, the latest moves in words
        cust_r = _moves_part(scene, cust_r, game, view, cursor, context)
    lit_order, lit_common = _lit_serve(view, cursor)
    _customers_part(scene, cust_r, game, view, lit_order)
    held = _held(readings, COMMON)
    so_far = (context.get("dice_awaited") or {}).get(COMMON)     # nudged by the table: the "?" (PT30)
    scene.part(table_r, ("gz-table", table_r, n, repr(view.get("common_dice")), repr(view.get("dice_requests")),
                         view.get("customer_deck"), repr(view.get("order_decks")), repr(held), lit_common,
                         repr(so_far)),
               lambda sc: _table(sc, table_r, view, held, lit_common, so_far), bg=BG)
    _mats_part(scene, mats, game, view, context, cursor, (mat_rows, per_row, wide))
    return scene


def _held(readings: dict, key) -> list[int] | None:
    """The reading the seats are checking for ``key`` (a seat, or the
    common dice), ruling CAB-6: its values while in the "check" state."""
    r = readings.get(key) or {}
    return r.get("values") if r.get("state") == "check" else None


def _lit_serve(view: dict[str, Any], cursor: dict[int, dict]) -> tuple[str | None, int | None]:
    """The order card and the common die the turn seat's cursor would
    serve with (both lit in gold), or None each."""
    turn_act = cursor.get(view.get("turn")) if view.get("phase") == "play" else None
    lit_order = turn_act.get("order") if turn_act and turn_act.get("type") == "serve" else None
    lit_common = turn_act.get("common") if turn_act and turn_act.get("type") == "serve" else None
    return lit_order, lit_common


def _header(scene: Scene, hdr: Rect, game, view: dict[str, Any], context: dict[str, Any], readings: dict,
            summary: dict[str, Any] | None = None) -> None:
    """The header: the title, the round ("Round 3" or "Setup") and what the
    table must do now: the notice, a rejected reading or a hand entry
    (ruling CAB-6), while a round's ``summary`` stands that its next
    round's dice come after it (GR-10: nobody rolls yet), or whose turn and
    what to do."""
    # while a round's summary stands, the round it sums up; after it, the round the dice are for (GR-10)
    status = (f"Round {summary['round'] if summary else summary_round(view)}" if view.get("round") else "Setup")
    contest = todo_words(readings)      # ruling CAB-6: a rejected reading, a hand entry
    nxt = summary["round"] + 1 if summary else None
    if contest and not context.get("notice"):
        options = [contest, todo_words(readings, True)]
    elif summary and not context.get("notice"):
        options = [f"Read round {summary['round']}; then roll for round {nxt}", f"Then roll for round {nxt}"]
    else:
        said_to = {**(context.get("prompts") or {}), **(context.get("dice_notes") or {})}
        again = read_again_words(view.get("dice_requests") or [], context.get("dice_rereading") or (),
                                 bool(context.get("simulated_dice")), said_to)
        options = (context.get("notice") or again or todo_text(game, view)).split("|")
    todo = header_todo(scene, hdr, TITLE, status, options)
    header(scene, hdr, TITLE, status, todo)
    scene.facts["todo"] = todo


def _moves_part(scene: Scene, cust_r: Rect, game, view: dict[str, Any], cursor: dict[int, dict],
                context: dict[str, Any]) -> Rect:
    """The latest moves in words under the customers, with the turn's
    pending choice and its cost on a line of its own; returns the room
    left to the customers."""
    m = scene.metrics
    n = len(view["players"])
    line = scene.measure("Ag", m.small)[1]
    # issue 34: every move since a seat's last turn (one per seat and a spare), more where the
    # customers' three card rows keep >= 2.4 lines each; the pending choice has its own line
    fit = int((cust_r.h - line - m.pad - 3 * 2.4 * line) // line) - 1
    feed_n = max(3, min(fit, n + 3))
    cust_r, moves_r = cust_r.rows(1, -((feed_n + 1) * line + m.pad // 2), gap=m.pad // 2)
    # clear of the table column and the mats by more than the painter's dirty margin, so a new
    # move does not merge their regions into a full repaint
    moves_r = Rect(moves_r.x, moves_r.y, moves_r.w - m.pad, moves_r.h - m.pad // 2)
    pending = _pending(game, view, cursor, context)
    moves = feed(list(context.get("last_events") or []), view, keep=feed_n)
    scene.part(moves_r, ("gz-moves", moves_r, pending, repr(moves)),
               lambda sc: _moves(sc, moves_r, pending, moves, feed_n), bg=BG)
    return cust_r


def _customers_part(scene: Scene, cust_r: Rect, game, view: dict[str, Any], lit_order: str | None) -> None:
    """The three customer spaces with their order cards (the card the turn
    seat's cursor would serve lit), or after the game the final scores."""
    m = scene.metrics
    colours = tuple(p["colour"] for p in view["players"])
    if view.get("phase") == "over":
        scene.part(cust_r, ("gz-final", cust_r, repr(view.get("scores")), repr(view.get("ranking")),
                            repr(view["players"])), lambda sc: _final(sc, cust_r, view, game_result(game).headline),
                   bg=BG)
        return
    for i, cr in enumerate(cust_r.cols(*([1] * CUSTOMER_SPACES), gap=m.pad)):
        mine = lit_order if view["customers"][i] and any(
            o["card"] == lit_order for o in view["customers"][i]["orders"]) else None
        scene.part(cr, ("gz-customer", i, cr, repr(view["customers"][i]), colours, mine),
                   lambda sc, cr=cr, i=i, mine=mine: _customer(sc, cr, game, view, i, mine), bg=BG)


def _mats_part(scene: Scene, mats: Rect, game, view: dict[str, Any], context: dict[str, Any],
               cursor: dict[int, dict], grid: tuple[int, int, bool]) -> None:
    """Each seat's player mat in ``grid`` (rows, mats per row, wide), its
    banner's gold words: a reading being checked (CAB-6) or what the seat's
    cursor would do, fitted beside its VP; the dice the turn's choice
    would take lit."""
    m = scene.metrics
    mat_rows, per_row, wide = grid
    readings = context.get("readings") or {}
    cells = []
    for rr in mats.rows(*([1] * mat_rows), gap=m.pad):
        cells.extend(rr.cols(*([1] * per_row), gap=m.pad))
    for seat, cell in zip(range(len(view["players"])), cells):
        req = [q for q in view.get("dice_requests", []) if q.get("player") == seat]
        doing = banner_words(readings, seat, short=cell.w < 14 * m.medium) or cursor_words(
            view, cursor.get(seat), cursor_position(game, context, seat), game)
        lit = lit_dice(cursor.get(seat)) if view.get("phase") == "play" and seat == view.get("turn") else None
        doing = _banner_fit(scene, cell, seat, view, doing, mat_name(game, view, seat))
        if doing:
            scene.facts.setdefault("doing", {})[seat] = doing
        # (the mat shows whether it is the seat's turn and whether it started, not whose: a turn
        # passing from seat 2 to 3 builds and paints those two mats again, not all four)
        # its dice read again after a nudge (CAB-5): the reading so far, the unread die a "?" (PT30)
        so_far = (context.get("dice_awaited") or {}).get(seat) \
            if seat in (context.get("dice_rereading") or ()) else None
        digest = ("gz-mat", seat, cell, wide, repr(view["players"][seat]), view.get("phase"),
                  view.get("turn") == seat, view.get("start_player") == seat, repr(req), doing,
                  repr(_held(readings, seat)), repr(lit), repr(so_far))
        scene.part(cell, digest, lambda sc, cell=cell, seat=seat, doing=doing, lit=lit, so_far=so_far: _mat(
            sc, cell, game, view, seat, wide, doing, _held(readings, seat), lit, so_far), bg=BG)
