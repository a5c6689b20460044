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
red: hit it, or sip?", CD-12), "HOLD IT UP", "PUT DOWN", "+1 VP card", "lost a VP
card" (CD-4..CD-7).

Both are cheap (no engine copies): they read the view dicts, the context's
event texts and, for the sip timing on the OLED, the seat's own legal
actions.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.cha_dango.game import order_words  # noqa: F401 - the order in players' words (CD-1), one definition
from engines.words import plural
from firmware.ui.kit import header_todo


from firmware.screens.cha_dango_words import (  # noqa: F401 - the result in words, one definition
    _result_lines, _seat_result, _short_names, _too_soon, keep_units, ms_text, race_events, result_lines, shorten_event)
from firmware.screens.cha_dango_presses import aim_changed, idle_press, late_press  # noqa: F401 - the runtime's hooks
from firmware.screens.cha_dango_timing import (  # noqa: F401 - choice_timeout: the session's hook (CAB-9)
    _choice_left, _hold_left, _tenths, choice_timeout, race_left_s)
from firmware.screens.choices import cursor_choices
from firmware.screens.round_summary import read_time_ms
from firmware.ui.kit import Rect, Scene, header, seat_banner, seat_colour
from firmware.ui.widgets import banner_row_size
from firmware.screens.cha_dango_words import first_round, walkthrough_words  # noqa: F401 - the first-game walkthrough's hooks
from firmware.screens.cha_dango_oled import _pause_left, aim_ahead, label, oled_frame  # noqa: F401 - OLED, label, aim hooks
from firmware.screens.cha_dango_parts import CARD_RATIO, customer_card  # noqa: F401 - the cards drawn
from firmware.screens.cha_dango_order import _race_open, order_column


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
    return {"reveal_grace_us": int(cfg["cabinet"]["early_press_grace_ms"]) * 1000,
            "restart_grace": True}      # CAB-15: a held race goes on as a new look


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


def held_log(lines: list[str], view: dict[str, Any]) -> list[str]:
    """The paused game's moves while a race is held (ruling CAB-15): the
    open race's order ("Order: panda! ...") said hidden until it goes on;
    every other line as it was."""
    if not _race_open(view):
        return lines
    last = max((i for i, t in enumerate(lines) if t.startswith("Order:")), default=None)
    if last is None:
        return lines
    return lines[:last] + ["Order: hidden until the race goes on"] + lines[last + 1:]


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


def result_notes(view: dict[str, Any]) -> list[str]:
    """Why the game ended, for the result card (PT21, issue 34: the card
    said no reason): "Sold out: the last card was revealed and could form
    no order" (rulebook "End of Game", ruling CD-2); [] before the end."""
    if view.get("phase") != "over":
        return []
    return ["Sold out: the last card was revealed and could form no order"]


def held_action(game) -> dict[str, Any] | None:
    """Rulings CAB-8 with CAB-9 (issue 34, PT21: a VP-card choice ran out
    under the pause): the action that moves a VP-card choice held by a
    pause or the Esc question on by the held span, so it keeps the time it
    had left; applied at once as the game goes on (the runtime fills
    ``t_us`` and ``paused_at_us``).  None when no choice is open."""
    if game.is_terminal() or game.view(None).get("phase") != "place_vp":
        return None
    return {"type": "resume_choice", "t_us": None, "paused_at_us": None}


def legend_words(game, seat: int) -> dict[str, str | None]:
    """What the seat's button, arrows and push do now, for the simulator's
    legend (None: nothing, left out): in a race the arrows aim at a
    customer and the button hits it (ruling CD-12); choosing a VP card to
    give (CD-10) the arrows choose it, the button confirms, the push
    cancels; on the seat's turn the button reveals the order; between
    races the arrows aim ahead at the customers on the table (CD-12), the
    revealer's too, and another seat's button chooses nothing now ("hit
    in race": the next one's)."""
    view = game.view(seat)     # short words: a longer legend line widens the window's column and moves the table
    if view["phase"] == "race":
        return {"button": "hit", "arrows": "aim", "push": None}
    if view["phase"] == "place_vp" and (view.get("must_place") or [0] * (seat + 1))[seat]:
        return {"button": "confirm", "arrows": "choose", "push": "cancel"}
    if view["phase"] == "reveal" and view["current"] == seat:
        return {"button": "reveal", "arrows": "aim" if aim_ahead(game, seat) else None, "push": None}
    # aim ahead (CD-12); a press now only says why it did nothing: the button hits in the race to come (PT44)
    return {"button": "hit in race", "arrows": "aim" if aim_ahead(game, seat) else None, "push": None}


# ------------------------------------------------------------------- HDMI
def _won(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Customers already won in the open race (public: the card has gone
    to the seat), as ``{"card", "player", "t_us"}``."""
    race = view.get("race") or {}
    return list(race.get("won") or [])


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


def _card_width(w: float, h: float, n: int, cols: int, pad: int) -> float:
    """A customer card's width, px, with ``n`` places in ``cols`` columns
    in ``w`` x ``h`` px, ``pad`` px apart (as wide as a column, as tall as a
    row allows)."""
    rows = -(-n // cols)
    return min((w - (cols - 1) * pad) / cols, (h - (rows - 1) * pad) / rows * CARD_RATIO)


@lru_cache(maxsize=64)     # (n**2 / 2 layouts tried; the screen is built up to 30 times a second)
def grid_columns(w: float, h: float, n: int, pad: int) -> int:
    """Columns of the dining area's grid for ``n`` places in ``w`` x ``h``
    px: the most columns any count up to ``n`` lays out best in (the
    largest cards), so the grid never goes back to fewer columns as the
    customers grow: it changes at 7, 9, 16 and 19 places in the cabinet's
    area instead of at 7, 9, 11, 13, 16 and 19, and each change moves
    every card (issue 34: a person remembers where a customer sits)."""
    most = 1
    for k in range(1, max(1, n) + 1):
        best = max(range(1, k + 1), key=lambda c: (_card_width(w, h, k, c, pad), -c))
        most = max(most, best)
    return most


def _dining_area(scene: Scene, r: Rect, view: dict[str, Any], aimed: dict[int, list[int]] | None = None,
                 hidden: bool = False) -> None:
    """The dining area (CD-1): every customer card at its place, laid out
    as large as the area allows, a served customer's place left empty
    until a new customer takes it (``dining_gaps``, issue 34: a person
    remembers where a customer sits); cards won in the open race leave with
    their winner; the customers under a person's cursor lit in its colour
    (``aimed``, CD-12).  ``hidden`` (a race held, ruling CAB-15): every
    customer face down at its place until the race goes on."""
    aimed = aimed or {}
    customers = view["dining_area"]
    gaps = set(view.get("dining_gaps") or ())
    spots = [i for i in range(len(customers) + len(gaps)) if i not in gaps]   # each customer's place
    won = {w["card"]: w["player"] for w in _won(view)}
    n = max(1, len(customers) + len(gaps))
    m = scene.metrics
    cols = grid_columns(r.w, r.h, n, m.pad)
    cw = _card_width(r.w, r.h, n, cols, m.pad)
    ch = int(cw / CARD_RATIO)
    cw = int(cw)
    for place, card in zip(spots, customers):
        rr, cc = divmod(place, cols)
        cr = Rect(r.x + cc * (cw + m.pad), r.y + rr * (ch + m.pad), cw, ch)
        if hidden:      # CAB-15: its place kept, its face shown at go
            scene.add("card", cr, None, state="down")
            continue
        customer_card(scene, cr, card, key=f"cust:{card['id']}",
                      ring=seat_colour(won[card["id"]]) if card["id"] in won else None, aimed=aimed.get(card["id"]))
    if hidden:
        scene.facts["held"] = True
    scene.facts["dining"] = [c["id"] for c in customers]
    if gaps:
        scene.facts["dining_gaps"] = sorted(gaps)
    if aimed:
        scene.facts["aimed"] = {c: list(s) for c, s in aimed.items()}


def _seat_row(scene: Scene, r: Rect, view: dict[str, Any], vp_cursors: dict | None = None,
              holding: dict[int, int] | None = None) -> None:
    """Every seat's banner: its VP cards (CD-8), and what it did in the
    race so far (hit in N ms, cup up, sipped in N ms): physical acts all
    seats see anyway; never whether they were right before the race is
    decided (CD-9); a seat choosing the VP card to give (CD-10): which
    card of its pile its cursor is on ("give VP card 2 of 4?", "...!" armed;
    short of room "card 2 of 4?";
    the face stays private)."""
    m = scene.metrics
    vp_cursors = vp_cursors or {}
    n = len(view["vp_counts"])
    race = view.get("race") or {}
    cols = 3 if n > 4 else n
    rows = -(-n // cols)
    cells = r.grid(n, cols, gap=m.pad)
    won = _won(view)
    rows_of = []
    for s, cell in enumerate(cells):
        vp = view["vp_counts"][s]
        active = view["phase"] == "reveal" and view["current"] == s
        doing = ""
        mine = [w for w in won if w["player"] == s]
        if active:
            doing = "reveals"
        elif not race and s in vp_cursors:
            k, count, armed = vp_cursors[s]
            mark = "!" if armed else "?"
            room = cell.w - cell.h - 4 * m.pad - scene.measure(f"Seat {s + 1} \u00b7 {plural(vp, 'VP card')}",
                                                               m.medium)[0]
            # a narrow banner: shorter forms, never "give 1/2?" (PT44: read as "give half?")
            forms = [f"give VP card {k} of {count}{mark}", f"give card {k} of {count}{mark}",
                     f"card {k} of {count}{mark}"]
            doing = next((w for w in forms if scene.measure(w, m.small)[0] <= room), forms[-1])
            scene.facts.setdefault("vp_cursor", {})[s] = k
        elif not race:
            doing = "chooses" if (view.get("must_place") or [0] * n)[s] else ""
        elif mine and race.get("open_us") is not None:
            doing = f"won in {ms_text(mine[0]['t_us'] - race['open_us'])}"
        elif (race.get("sipped_us") or [None] * n)[s] is not None:
            doing = f"sipped {ms_text(race['sipped_us'][s] - race['open_us'])}"
        elif ((race.get("answers") or [None] * n)[s] or {}).get("answer") == "slap":
            doing = f"hit {ms_text(race['answers'][s]['t_us'] - race['open_us'])}"
        elif view["buttons_down"][s] and s != view["current"]:   # the revealer's button, still down from its
            doing = "hit"                                            # reveal press, is no hit (CD-7; PT12 c30)
        elif s in (holding or {}):      # CD-6: the 1 s sip hold, counted down
            doing = f"sip {_tenths(holding[s])}"
        elif view["cups_up"][s]:
            doing = "cup up"
        # the rulebook's word: "count their own VP cards" (issue 34: the bars said "VP", the OLEDs "cards");
        # short of room the count shortens ("1 card", "1") so "Seat N" stays beside the race's act (PT12
        # c11: only the banner says "hit 1340 ms", "sip 0.8 s"); last of all "Seat N" goes (the token says it)
        # (last of all the count goes while the race is on: 800x480, four seats, "Seat 4" beside "hit 1340 ms")
        scores = [plural(vp, "VP card"), plural(vp, "card"), str(vp)] + ([""] if doing else [])
        rows_of.append((cell, s, scores, active, doing))
        scene.facts.setdefault("vp", {})[s] = vp
    size, form = banner_row_size(scene, [c for c, *_ in rows_of],
                           [[f"Seat {s + 1} \u00b7 {sc}" if sc else f"Seat {s + 1}" for sc in scores]
                            for _, s, scores, _, _ in rows_of],
                           [d for *_, d in rows_of])     # one size along the row (PT12 c01)
    for cell, s, scores, active, doing in rows_of:
        seat_banner(scene, cell, s, score=scores[min(form, len(scores) - 1):], active=active, doing=doing, key=f"seat:{s}",
                    seat_first=False, sizes=(size,))
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
        todo = "Get ready: the race shows again at go"
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
    dining_r = order_column(scene, main, game, view, events, context)   # widens between orders (issue 34)
    held = _race_open(view) and bool(context.get("race_held"))     # CAB-15: hidden until go
    _dining_area(scene, dining_r, view, None if held else aimed_at(game, context), hidden=held)
    owing = [s for s, k in enumerate(view.get("must_place") or []) if k]
    holding = {s: h for s in range(n) if (h := _hold_left(game, view, s, context)) is not None}
    _seat_row(scene, seats, view, _vp_cursors(game, context, owing) if view["phase"] == "place_vp" else None,
              holding)
    return scene


