"""Cha dango on a seat's OLED: what to do now, its VP-card choice counted
down, the sip hold, the last race's outcome for the seat."""
from __future__ import annotations

import re
from typing import Any

from engines.cha_dango.game import order_words  # noqa: F401 - the order in players' words (CD-1), one definition
from engines.words import plural
from firmware.screens.choices import choice_key, describe_action
from firmware.screens.cha_dango_words import (  # noqa: F401 - the result in words, one definition
    _result_lines, _seat_result, _short_names, _too_soon, keep_units, margin_text, ms_text, race_events, record_result, result_lines,
    seat_name, shorten_event)
from firmware.screens.cha_dango_timing import (  # noqa: F401 - choice_timeout: the session's hook (CAB-9)
    _choice_left, _hold_left, _tenths, choice_timeout)

from firmware.rulings import AIM_AT_GO_WORDS, BEFORE_GO_WORDS
from firmware.ui.oled import OledFrame
from firmware.screens.choices import press_count

#: A moment's notice the runtime says on the seat's OLED, drawn as the aim's
#: hint: a press before "go" (CAB-8), the customer under the cursor changed
_NOTICE = re.compile(rf"^(?:{re.escape(BEFORE_GO_WORDS)}|{re.escape(AIM_AT_GO_WORDS)}|\w+ (?:left|moved): now \w+)$")
#: What a press between races that did nothing says (:func:`idle_press`, issue 34), drawn in place
#: of the seat's line of what goes on ("Seat 2 reveals"), its seconds counted on
_IDLE = re.compile(r"^(?:(next order in|wait: reveal in) \d+ s|wait: .+)$")


def _pause_left(context: dict[str, Any]) -> int | None:
    """Seconds before the next order may be revealed (CAB-7), from the
    session's banner "next N", or None."""
    banner = str(context.get("banner") or "")
    if banner.startswith("next ") and banner[5:].isdigit():
        return int(banner[5:])
    return None


# ------------------------------------------------------------------- OLED
def label(action: dict[str, Any]) -> str:
    """A short OLED label for a Cha dango action: "hit fox pink/teal" for a
    hit on that customer (ruling CD-12), "give ..." for a VP card to give
    up (CD-10)."""
    words = {"reveal": "reveal the order", "slap": "hit", "release": "release button",
             "cup_lift": "lift your cup", "cup_down": "put the cup down"}
    if action.get("type") in ("place_vp", "slap") and action.get("card") is not None:
        from engines.cha_dango.cards import load_cards
        card = load_cards().cards[action["card"]]
        verb = "give" if action["type"] == "place_vp" else "hit"
        return f"{verb} {card.figure} {card.dango}/{card.background}"
    return words.get(action.get("type"), describe_action(action))


def aim_ahead(game, seat: int) -> list[dict[str, Any]]:
    """Ruling CD-12 between races (issue 34, c28-c30): the customers on
    the table ``seat`` may aim at while another seat reveals, while others
    choose their VP cards, and while it is the one to reveal (its button
    reveals, its arrows aim: issue 34's last rounds), as the hits the next
    race will offer in their order; [] while a race is open, the game is
    over, or the seat chooses a VP card to give (its arrows choose it)."""
    view = game.view(None)
    if view["phase"] not in ("reveal", "place_vp"):
        return []
    if view["phase"] == "place_vp" and (view.get("must_place") or [0] * (seat + 1))[seat]:
        return []
    return [{"type": "slap", "player": seat, "card": c["id"], "t_us": None} for c in view["dining_area"]]


def _ahead_hint(view: dict[str, Any], seat: int, context: dict[str, Any], late: bool = True) -> list[str]:
    """What goes on while a seat aims between races, longest form first:
    its press just after the last race was too late ("too late: +340 ms",
    issue 34; not when ``late`` is False: its result is drawn apart), else
    "Seat 2 reveals", "reveal in 3 s", "press: reveal the order" (the
    revealer once its press reveals: that first), "others choose"."""
    wait = _pause_left(context)
    if view["phase"] == "reveal" and view["current"] == seat and wait is None:
        return ["press: reveal the order", "press: reveal"]    # its button reveals now (CAB-7)
    late = (_seat_result(list(context.get("last_events") or []), seat) or "") if late else ""
    if late.startswith("too late"):
        return [late, "too late, " + late.rsplit(" ", 2)[-2] + " ms" if late.endswith(" ms") else "too late"]
    if view["phase"] == "place_vp":
        return ["others choose"]
    if view["current"] == seat:
        return [f"reveal in {wait} s"]
    return [f"Seat {view['current'] + 1} reveals"]


def oled_frame(game, seat: int, view: dict[str, Any], controls, context: dict[str, Any]) -> OledFrame:
    """The seat's OLED (its own view): seat and VP count; "REVEAL!" on its
    turn; while an order is open a hand and a cup (slap if a customer
    matches, sip if none does: the seat must see which), then what it did
    ("slapped", "hold...", "put it down", "sipped 412 ms"); after the race
    its result ("+1 VP card", "lost a VP card"); its own VP cards face down;
    the choice under the cursor (e.g. which VP card to give up)."""
    f = OledFrame()
    vp = view["vp_counts"][seat]
    f.header(f"Seat {seat + 1}", plural(vp, "VP card"))     # the rulebook's word, as on the HDMI
    events = list(context.get("last_events") or [])
    shown = controls.shown(game)
    choices = shown.choices
    bottom = f.H
    aim = None
    if choices and shown.chosen.get("type") == "slap":    # CD-12: the customer the next press hits (or the
        aim, choices = _aim_place(view, shown.chosen["card"], shown.cursor, len(choices)), []   # (aim ahead)
    if view["phase"] == "reveal" and view["current"] == seat and _pause_left(context) is not None:
        choices = []      # CAB-7/CAB-9: a press reveals nothing yet: no "press: reveal the order"
    if choices:     # the first form that fits beside its count: the whole card (PT19: "give panda" at
        # 1/7, 2/7 and 6/7 could not be told apart): "give fox green/teal", "fox green/teal", else "give
        # rabbit" under its colours, "green dango, teal", on a line of their own: never cut (PT44: "rabbit gre/tea")
        room = f.W - f.width(f"{shown.cursor + 1}/{len(choices)}") - 18
        full = label(shown.chosen)
        forms, above = [full], None
        if shown.chosen.get("card") is not None:
            verb, fig, colours = full.split(" ", 2)
            forms.append(f"{fig} {colours}")
            if not any(f.fits(w, room) for w in forms):
                dango, _, back = colours.partition("/")
                forms, above = [f"{verb} {fig}"], [f"{dango} dango, {back}", colours]
        bottom = f.choice(next((w for w in forms if f.fits(w, room)), forms[-1]), shown.cursor, len(choices),
                          shown.armed, presses=press_count(shown.chosen, len(choices)))
        if above:
            bottom -= 12
            f.best(2, bottom + 1, above, room=f.W - 4)
    y = 14
    prompt = (context.get("prompts") or {}).get(seat)
    notice = idle = None
    if prompt and _IDLE.match(str(prompt)):   # a press between races told (issue 34): gone once an order is up
        idle = _idle_now(str(prompt), view, seat, context) if view.get("race") is None else None
        notice, prompt = (idle if aim is not None else None), None
    if prompt and aim is not None and _NOTICE.match(str(prompt)):   # said where the aim's hint is (room)
        notice, prompt = str(prompt), None
    if prompt:
        gist = ["look first"] if str(prompt).endswith("look first") else []   # CAB-12's gist (a reveal too)
        f.best(2, y, [str(prompt), *gist, "see the screen"])
        y += 12
    banner = str(context.get("banner") or "")
    if view["phase"] == "over":
        _game_over(f, y, view, seat)
    elif view.get("race") is None and aim is not None:     # CD-12: the aim between races, with the seat's result
        owe = (view.get("must_place") or [0] * (seat + 1))[seat]
        result = _seat_result(events, seat, owe) or record_result(view, seat)
        if result and not prompt:
            _aim_result(f, y, aim, result, notice or _ahead_hint(view, seat, context, late=False))
        else:
            _aim(f, y, aim, notice or _ahead_hint(view, seat, context))
    elif view.get("race") is None:
        _between_races(f, y, bottom, view, seat, context, events, idle, armed=shown.armed)
    elif context.get("race_held"):     # CAB-15: hidden until go (a pause held down, its 3-2-1), the aim as it was
        size = max(10, min(26, bottom - y - 14))
        f.glyph(0, y, f.W, banner if banner.isdigit() else "held", size=size)
        f.best(0, y + size + 2, [notice or "look at go", "look at go"], room=f.W, align="center")
    elif banner.isdigit() and aim is not None and seat not in set(context.get("bots") or ()):
        _aim(f, y, aim, notice or f"aim now: go in {banner}")   # CAB-8: hands off, but the arrows aim in the 3-2-1
    elif banner.isdigit():      # CAB-8: a resumed race starts again after the countdown
        f.glyph(0, y, f.W, banner, size=min(30, bottom - y - 2))
    else:   # a seat that hit and moved its cursor on (CD-12: it may hit a 2nd match) sees its aim again
        hit = getattr(controls, "last_pressed", None)
        moved = aim is not None and hit is not None and hit != choice_key(shown.chosen)
        _race(f, y, bottom, game, view, seat, context, events, aim, notice, moved)
    return f


def _game_over(f: OledFrame, y: int, view: dict[str, Any], seat: int) -> None:
    """The end of the game for the seat: "YOU WIN!", "SHARED WIN!" or
    "Seat 2 wins" (most VP cards, CD-8)."""
    counts = view["vp_counts"]
    best = max(counts)
    winners = [s for s, c in enumerate(counts) if c == best]
    word = ("YOU WIN!" if len(winners) == 1 else "SHARED WIN!") if seat in winners else f"Seat {winners[0] + 1} wins"
    f.glyph(0, y, f.W, word, size=16)


def _idle_now(prompt: str, view: dict[str, Any], seat: int, context: dict[str, Any]) -> str | None:
    """The words of a press between races that did nothing (``prompt``,
    :func:`idle_press`) as they stand now: the seconds of "next order in
    3 s" / "wait: reveal in 3 s" counted on with the result's pause
    (CAB-7); once it is over, "wait: Seat 2 reveals" (None for the
    revealer: its line says "press: reveal")."""
    m = _IDLE.match(prompt)
    if m is None or m.group(1) is None:
        return prompt
    wait = _pause_left(context)
    if wait is not None:
        return f"{m.group(1)} {wait} s"
    return None if view["current"] == seat else f"wait: Seat {view['current'] + 1} reveals"


def _between_races(f: OledFrame, y: int, bottom: int, view: dict[str, Any], seat: int, context: dict[str, Any],
                   events: list[str], idle: str | None = None, armed: bool = False) -> None:
    """No order open: the seat's last result with the VP cards it must give
    up and the seconds left to choose them (CD-10, CAB-9), "others choose";
    "REVEAL!" on its turn or "reveal in 3 s" while the result stays a
    moment (CAB-7); else "Seat 2 reveals" over its result.  ``idle``: what
    the seat's press that did nothing said ("next order in 2 s", "wait:
    Seat 2 reveals", issue 34), in place of that line."""
    owe = (view.get("must_place") or [0] * (seat + 1))[seat]
    result = _seat_result(events, seat, owe) or record_result(view, seat)   # issue 34: said even without its text
    if view["phase"] == "place_vp":  # CD-10: choose which VP card goes to the dining area
        if owe:     # the result may take two lines ("slowest: give 1 VP / card"): the seconds go under it
            under = _owed_result(f, y, bottom, result)
            left = _choice_left(view, context)   # CAB-9: the seconds left to choose
            secs = "" if left is None else f": {left} s"
            if armed:   # PT21: the armed card was only inverted; the press it waits for is said
                f.best(2, under, [f"press again to give{secs}", f"press again{secs}"])
            elif left is None:
                f.text(2, under, f"give up {plural(owe, 'VP card')}:")
            else:
                f.best(2, under, [f"give up {plural(owe, 'VP card')}: {left} s", f"choose: {left} s left",
                                   f"{left} s left"])
        else:
            f.text(2, y, idle or "others choose", room=f.W - 4)
            if result:
                _result_text(f, y + 13, result)
        return
    wait = _pause_left(context)
    if view["current"] == seat and wait is not None:   # CAB-7: the result stays a moment
        if result:
            y = _result_text(f, y, result)
        f.text(2, y + 2, idle or f"reveal in {wait} s")
    elif view["current"] == seat:
        f.glyph(0, y, f.W, "REVEAL!", size=22 if bottom - y >= 26 else 16)
    else:
        f.text(2, y, idle or f"Seat {view['current'] + 1} reveals")
        if result:
            _result_text(f, y + 13, result)


def _owed_result(f: OledFrame, y: int, bottom: int, result: str | None) -> int:
    """The result of a seat choosing the VP card it gives (CD-10) at ``y``,
    above the seconds left and its choice (from ``bottom``): on two lines
    where they fit ("slowest: give 1 VP / card"), under a prompt its gist
    on one; small on one line, or its gist ("give 1 VP card"), where only
    that fits (the card to give under its colours, PT44), else left out,
    never cut.  Returns the y under it."""
    if result and y + 2 * 12 + 11 <= bottom:
        return _result_text(f, y, result, 2)
    if result and y + 14 + 11 <= bottom:
        return _result_text(f, y, result, 1)        # under a prompt: its gist on one line
    one = next((c for c in (result, result.split(": ", 1)[-1]) if f.fits(c, f.W - 4)), None) if result else None
    if one and y + 12 + 11 <= bottom:
        f.text(2, y, one, room=f.W - 4)
        return y + 12
    return y + 14 if y + 14 + 11 <= bottom else y


def _soon_after_go(events: list[str], seat: int) -> bool:
    """True when ``seat``'s last refused input was too soon after a held
    race went on (ruling CAB-15), not after a reveal (PT31 c14)."""
    said = [t for t in race_events(events) if t.startswith(f"{seat_name(seat)}'s ") and "too soon" in t]
    return bool(said) and "after the race went on" in said[-1]


def _race(f: OledFrame, y: int, bottom: int, game, view: dict[str, Any], seat: int, context: dict[str, Any],
          events: list[str], aim: tuple[int, int, int] | None = None, notice: str | None = None,
          moved: bool = False) -> None:
    """An order open: the revealer's own double tap "TOO SOON" (CAB-7);
    "+1 VP card" for a customer won, "HIT" and its time over "2nd match? aim,
    hit" (book 2A, CD-12: a 2nd match takes a hit of its own, the winner's
    too once it placed its card; a hit not told wrong may still lose the
    race, CD-9), and once the seat ``moved`` its cursor on from the customer it
    hit, that customer (``aim``) under "hit 764 ms: 2nd? hit" (issue 34:
    "only the first match gets served"); "sipped!" and its time, the
    cup's state while it is up (:func:`_cup_up`); else the customer the
    next press hits (``aim``: card, cursor, customers; ruling CD-12,
    :func:`_aim`), or a hand "or" a cup: hit or sip?"""
    race = view["race"]
    mine = (race.get("answers") or [None] * len(view["vp_counts"]))[seat]
    soon = mine is None and _too_soon(events, seat)
    if soon and _soon_after_go(events, seat):    # CAB-15: the race held went on; nobody had seen it yet
        f.glyph(0, y, f.W, "TOO SOON", size=16)
        f.text(0, y + 18, "after go:", room=f.W, align="center")
        f.text(0, y + 30, f"look, then {soon}", room=f.W, align="center")
        return
    if soon and view["current"] == seat:   # CAB-7: the revealer's own double tap, told at once
        f.glyph(0, y, f.W, "TOO SOON", size=16)
        f.text(0, y + 18, "after your reveal:", room=f.W, align="center")
        f.text(0, y + 30, f"look, then {soon}", room=f.W, align="center")
        return
    won = [w for w in (race.get("won") or []) if w["player"] == seat]
    sipped = (race.get("sipped_us") or [None] * len(view["vp_counts"]))[seat]
    answer = (race.get("answers") or [None] * len(view["vp_counts"]))[seat]
    wrong = race.get("my_wrong_hit")     # in the seat's own view only (CD-12)
    late = race.get("my_late_hit")       # likewise (issue 34, PT15: lost by 0.174 ms, told nothing)
    if won:
        gain = f"+{plural(len(won), 'VP card')}"
        f.glyph(0, y, f.W, gain, size=22 if f.fits(gain, f.W, 22) else 16)
    elif wrong is not None:    # issue 34, PT12 c11: "2nd match? aim, hit" invited a hit that counted for nothing
        _wrong_hit(f, y, bottom, wrong, race)
    elif race.get("my_wrong_sip") is not None:    # issue 34: "sipped! 2111 ms" hid that the sip was wrong
        _wrong_sip(f, y, bottom, race["my_wrong_sip"], race)
    elif late is not None and moved:    # on to a 2nd match after a hit too late (CD-12)
        by = margin_text(late["by_us"])
        _aim(f, y, aim, notice or [f"too late +{by}: 2nd? hit", f"late +{by}: 2nd? hit", "2nd match? hit it"])
    elif late is not None:
        _late_hit(f, y, bottom, late)
    elif answer is not None and answer.get("answer") == "slap" and moved:   # on to a 2nd match (CD-12)
        after = ms_text(answer["t_us"] - race["open_us"])
        _aim(f, y, aim, notice or [f"hit {after}: 2nd? hit", "2nd match? hit it"])
    elif answer is not None and answer.get("answer") == "slap":  # CD-9: the first answer stands
        f.glyph(0, y, f.W, "HIT", size=22)
        f.text(0, y + 24, ms_text(answer["t_us"] - race["open_us"]), room=f.W, align="center")
        if y + 46 <= bottom:
            f.best(0, y + 36, ["2nd match? aim, hit", "2nd? aim, hit"], room=f.W, align="center")
    elif sipped is not None:
        f.text(2, y, "sipped!", 13)
        f.text(2, y + 16, ms_text(sipped - race["open_us"]))
    elif view["cups_up"][seat]:
        _cup_up(f, y, game, seat, context)
    elif aim is not None:
        _aim(f, y, aim, notice or ("too soon: again!" if soon else "hit it, or sip?"))
    else:   # a button still down from before the order (the revealer's reveal press) is no hit (CD-7)
        size = min(26, bottom - y - 14)
        x0 = (f.W - (2 * size + 28)) // 2
        f.hand(x0, y, size)
        f.text(x0 + size + 5, y + size // 2 - 6, "or", 13, room=20)
        f.cup(x0 + size + 28, y, size)
        # CAB-7: its hit came too soon after the order to count: it may answer now
        held = view["buttons_down"][seat] and view["current"] != seat
        f.text(0, y + size + 2, "too soon: again!" if soon else "let go, then hit" if held else "hit or sip?",
               room=f.W, align="center")


def _wrong_hit(f: OledFrame, y: int, bottom: int, wrong: dict[str, Any], race: dict[str, Any]) -> None:
    """Ruling CD-12: the seat's own hit (``wrong``: its view's
    ``my_wrong_hit``) named a customer that does not match: it wins
    nothing and is out of this order, told at once on its own OLED
    ("WRONG HIT", "the cat does not match", "out of this order", its
    time); the shared screen says nothing of it until the race is decided
    (CD-9)."""
    from engines.cha_dango.cards import load_cards
    card = load_cards().cards[wrong["card"]]
    f.glyph(0, y, f.W, "WRONG HIT", size=16)
    f.best(0, y + 18, [f"the {card.figure} does not match", f"{card.figure}: no match"], room=f.W, align="center")
    f.text(0, y + 30, "out of this order", room=f.W, align="center")
    if y + 52 <= bottom:
        f.text(0, y + 42, f"hit {ms_text(wrong['t_us'] - race['open_us'])}", room=f.W, align="center")


def _wrong_sip(f: OledFrame, y: int, bottom: int, wrong: dict[str, Any], race: dict[str, Any]) -> None:
    """Ruling CD-9: the seat's first answer was its cup (``wrong``: its
    view's ``my_wrong_sip``, the lift's stamp) while a customer matches: a
    wrong sip, no customer for it this order, told at once on its own OLED
    ("WRONG SIP", "a customer matches", "out of this order", its time) as
    a wrong hit is (issue 34: it said "sipped! 2111 ms" as for a right
    sip); the shared screen says nothing of it until the race is decided."""
    f.glyph(0, y, f.W, "WRONG SIP", size=16)
    f.best(0, y + 18, ["a customer matches", "a match is there"], room=f.W, align="center")
    f.text(0, y + 30, "out of this order", room=f.W, align="center")
    if y + 52 <= bottom:
        f.text(0, y + 42, f"lift {ms_text(wrong['t_us'] - race['open_us'])}", room=f.W, align="center")


def _late_hit(f: OledFrame, y: int, bottom: int, late: dict[str, Any]) -> None:
    """Ruling CD-12: the engine decided that the seat's own hit (``late``:
    its view's ``my_late_hit``) came after another seat served that
    customer: it wins nothing, and a 2nd match may still take its hit;
    told on its own OLED with the margin, however small ("TOO LATE",
    "Seat 1 was first, +0.2 ms", "2nd match? aim, hit"; issue 34, PT15)."""
    by = margin_text(late["by_us"])
    who = f"Seat {late['winner'] + 1}"
    f.glyph(0, y, f.W, "TOO LATE", size=16)
    f.best(0, y + 18, [f"{who} was first, +{by}", f"{who} first, +{by}", f"+{by}"], room=f.W, align="center")
    if y + 42 <= bottom:
        f.best(0, y + 30, ["2nd match? aim, hit", "2nd? aim, hit"], room=f.W, align="center")


def _aim_place(view: dict[str, Any], card: int, cursor: int, count: int) -> tuple[int, int, int]:
    """The aimed customer ``card`` as ``(card, place, places)``: its place
    on the HDMI's grid (0-based, in reading order) and the places there,
    a served customer's empty place counted (CD-13; PT31 c34: "6/7" under
    the cat drawn at the 7th place); ``(card, cursor, count)`` when the
    view's dining area is not the cursor's list."""
    ids = [c["id"] for c in view.get("dining_area") or []]
    gaps = set(view.get("dining_gaps") or ())
    if card not in ids or len(ids) != count:
        return card, cursor, count
    spots = [i for i in range(len(ids) + len(gaps)) if i not in gaps]
    return card, spots[ids.index(card)], len(ids) + len(gaps)


def _aim(f: OledFrame, y: int, aim: tuple[int, int, int], hint: str | list[str]) -> None:
    """Ruling CD-12: the customer under the seat's cursor, which its next
    press hits: a hand and the figure large, its place on the screen
    ("2/5", the arrows move it; :func:`_aim_place`), its dango and background
    colours, and ``hint`` under them (of a list of forms, the first that
    fits)."""
    from engines.cha_dango.cards import load_cards
    card = load_cards().cards[aim[0]]
    pos = f"{aim[1] + 1}/{aim[2]}"
    pw = f.width(pos)
    f.hand(2, y, 16)
    f.text(22, y + 1, card.figure, 16, room=f.W - 26 - pw)
    f.text(f.W - pw - 2, y + 4, pos)
    colours = f"{card.dango} dango, {card.background}"
    f.text(0, y + 20, colours if f.fits(colours, f.W) else f"{card.dango}/{card.background}", room=f.W,
           align="center")
    forms = [hint, hint.replace(": now ", ": ")] if isinstance(hint, str) else list(hint)
    f.best(0, y + 34, forms, room=f.W, align="center")


def _aim_result(f: OledFrame, y: int, aim: tuple[int, int, int], result: str, hint: str | list[str]) -> None:
    """Ruling CD-12 between races, the seat having a result to read (PT44:
    the aim was hidden between orders): the customer its cursor stays on
    on one small line ("fox white/teal", its place "2/7" at the right; its
    colours on a line of their own where they do not fit beside it, left
    out over a result of two lines),
    its result under it (:func:`_result_text`, up to two lines: "too late:
    Seat 2 was first, +106 ms"), then ``hint`` (what goes on: "Seat 2
    reveals", "reveal in 3 s") where room is left."""
    from engines.cha_dango.cards import load_cards
    card = load_cards().cards[aim[0]]
    pos = f"{aim[1] + 1}/{aim[2]}"
    pw = f.width(pos)
    f.hand(2, y, 10)
    whole = f"{card.figure} {card.dango}/{card.background}"
    one = f.fits(whole, f.W - 18 - pw)      # else the colours on a line of their own, never cut (PT44)
    f.text(14, y, whole if one else card.figure, room=f.W - 18 - pw)
    f.text(f.W - pw - 2, y, pos)
    long = not f.fits(result, f.W - 4, 13) and not f.fits(result, f.W - 4)     # the result takes two lines
    if not one and not long:    # (with a long result the figure alone, its token on the HDMI: the hint keeps its line)
        y += 12
        f.best(2, y, [f"{card.dango} dango, {card.background}", f"{card.dango}/{card.background}"], room=f.W - 4)
    under = _result_text(f, y + 12, result)
    if under + 11 <= f.H:
        forms = [hint, hint.replace(": now ", ": ")] if isinstance(hint, str) else list(hint)
        f.best(2, under, forms, room=f.W - 4)


def _cup_up(f: OledFrame, y: int, game, seat: int, context: dict[str, Any]) -> None:
    """The seat's cup is up: "cup up too early: put it down, lift it"
    (CD-7); "HOLD IT UP" with the 1 s hold's progress bar and the tenths left
    (CD-6); then "PUT DOWN"."""
    cup_down = next((a for a in game.legal_actions(seat) if a.get("type") == "cup_down"), None)
    t_min = cup_down.get("t_min_us") if cup_down else None
    now_us = context.get("now_us")
    if t_min is None:  # CD-7: lifted too early
        f.text(2, y, "cup up too early:", room=f.W - 4)
        f.text(2, y + 12, "put it down, lift it")
    elif now_us is not None and now_us < t_min:   # CD-6: the 1 s hold, its progress drawn
        f.glyph(0, y, f.W, "HOLD IT UP", size=16)
        left = t_min - now_us
        done = 1 - left / max(1, game.options["sip_us"])
        f.draw.rectangle((4, y + 20, f.W - 5, y + 27), outline=1)
        f.draw.rectangle((4, y + 20, 4 + int((f.W - 9) * max(0.0, min(1.0, done))), y + 27), fill=1)
        f.text(0, y + 30, f"{_tenths(left)} left", room=f.W, align="center")
    else:
        f.glyph(0, y, f.W, "PUT DOWN", size=16)


def _result_text(f: OledFrame, y: int, result: str, max_lines: int = 2) -> int:
    """The seat's own result at ``y`` on its OLED, large when it fits, else
    small on up to ``max_lines`` lines (never cut: "time up: gave tanuki
    red/blue"; on one line its gist after the ": ", "give 1 VP card");
    returns the y under it."""
    if f.fits(result, f.W - 4, 13):
        f.text(2, y, result, 13, room=f.W - 4)
        return y + 14
    return f.message(2, y, result, max_lines=max_lines, room=f.W - 4)
