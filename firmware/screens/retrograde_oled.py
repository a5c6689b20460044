"""Retrograde on a seat's OLED: its choices in words and in the screen's
order, its rank, hand, plan and mini sheet (ruling CAB-1: the sheets are
virtual)."""
from __future__ import annotations


from typing import Any

from engines.retrograde.components import default_components
from engines.words import plural
from firmware.screens.choices import describe_action
from firmware.ui.oled import OledFrame

from firmware.screens.retrograde_plans import _plan_index, card_letters, step_forms, turn_plans
from firmware.screens.retrograde_words import (ALL_TROPHIES_WORDS, armed_forms, card_keep_words, no_race, one_line,
                                               reroll_forms, stop_forms)
from firmware.screens.choices import TAKEN, press_count


# ------------------------------------------------------------ OLED
def label(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A short OLED label (at most 21 characters) for a Retrograde action;
    with the view, claims name the card's letter and blasts the Droid's
    colour and the dice ("blast Yellow 1+1", :func:`step_forms`)."""
    kind = action.get("type")
    letters = card_letters(view) if view else {}
    pool = (view or {}).get("turn", {}).get("pool", []) if view else []
    out = None
    if kind == "plan":
        pts = action["steps"].points if "steps" in action else None
        out = f"plan {action.get('plan')}: +{pts} pt{'s' if pts != 1 else ''}" if pts is not None else "plan"
    elif kind == "reroll":
        out = "reroll"
    elif kind == "claim":
        out = f"claim card {letters.get(action.get('card'), action.get('card'))}"
    elif kind == TAKEN:         # another seat took it: its place kept (PT61)
        out = f"card {letters.get(action.get('card'), '?')} taken"
    elif kind in ("blast", "comet"):      # "blast Yellow 1+1": the Droid's colour and the dice spent
        out = step_forms(action, view)[0]
    elif kind == "coin":
        i = action.get("die")
        out = f"coin: copy a {pool[i]}" if isinstance(i, int) and i < len(pool) else f"coin: die {i}"
    elif kind in ("odd", "even"):
        out = f"{'Odd Eye' if kind == 'odd' else 'Even Steven'} +{action.get('value')}"
    elif kind == "trophy":
        i = action.get("die")
        out = f"{pool[i]}-pip trophy" if isinstance(i, int) and i < len(pool) else f"trophy: die {i + 1}"
    elif kind == "done":
        out = "done blasting"
    elif kind == "unlock":
        try:
            out = f"unlock {default_components().card(action.get('card')).power_up}"
        except KeyError:
            out = None
    elif kind == "keep":
        out = "keep for later"
    return out or describe_action(action)


def unlock_forms(action: dict[str, Any] | None) -> list[str]:
    """An unlock choice (4 - End the Round, RG-6: a row completed) in
    words, longest first: "unlock Cube Friend", then the power-up's name
    alone where the counter leaves less room (PT46: "unlock Cube Friend"
    wrapped over the line above; the screen's "UNLOCK?" says the verb);
    ``[]`` for another action."""
    if (action or {}).get("type") != "unlock":
        return []
    try:
        name = default_components().card(action.get("card")).power_up
    except KeyError:
        return []
    return [f"unlock {name}", name] if name else []


def choice_order(game, seat: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's choices in the screen's order: the claims follow the
    cards' letters A, B, C, D as drawn (not the deck's order; issue 34),
    and a card another seat took this round keeps its place among them
    as a :data:`~firmware.screens.choices.TAKEN` place (PT61: card B taken
    between a seat's arrow presses, its Right x 3 meant for C landed on
    D); every other choice keeps its place."""
    claims = [a for a in acts if a.get("type") == "claim"]
    if not claims:
        return acts
    letters = card_letters(game.view(None))
    offered = {a.get("card") for a in claims}
    row = claims + [{"type": TAKEN, "player": seat, "card": cid} for cid in letters if cid not in offered]
    ordered = iter(sorted(row, key=lambda a: letters.get(a.get("card"), "~")))
    out: list[dict[str, Any]] = []
    for a in acts:
        if a.get("type") != "claim":
            out.append(a)
        elif a is claims[0]:             # the whole row where the first claim stood
            out.extend(ordered)
    return out


def _rank_text(view: dict[str, Any], seat: int) -> str:
    """"place 2 of 3" by points, then unspent coins (RG-11)."""
    mine = view["seats"][seat]
    key = (mine["score"], mine["coins_marked"] - mine["coins_spent"])
    better = sum(1 for s in view["seats"] if (s["score"], s["coins_marked"] - s["coins_spent"]) > key)
    return f"place {better + 1} of {len(view['seats'])}"


def _hand(frame: OledFrame, x: int, y: int, me: dict[str, Any]) -> None:
    """The seat's unspent coins and power-up cards (kept beside its
    sheet, and unlocked), in words on one line: "1 coin, 2 kept, 1
    unlocked" or as much of it as fits."""
    coins = me["coins_marked"] - me["coins_spent"]
    held = len(me.get("hand") or [])
    parts = [f"{coins} coin{'s' if coins != 1 else ''}"]
    if held:
        parts.append(f"{held} kept")          # the HDMI's words: kept beside the sheet, then unlocked (issue 34)
    if me["unlocked"]:
        parts.append(f"{len(me['unlocked'])} unlocked")
    frame.best(x, y, [", ".join(parts), ", ".join(parts[:2]), parts[0]])


def _plan_bits(plan) -> tuple[str, str, str, str, str]:
    """A plan's parts in words: droids, bosses, trophy, the +3 for all six
    trophies (when its points hold it), coins spent; "" for each it lacks."""
    droids = len(plan.cells)
    trophy_pts = plan.points - droids - 3 * plan.bosses
    return (f"{droids} droid{'s' if droids != 1 else ''}" if droids else "",
            f"{plan.bosses} boss{'es' if plan.bosses != 1 else ''}" if plan.bosses else "",
            f"{plan.trophy}-pip trophy" if plan.trophy else "",   # the book's words ("my 4-pip trophy")
            ALL_TROPHIES_WORDS if plan.trophy and trophy_pts >= 4 else "",
            f"{plan.coins} coin{'s' if plan.coins != 1 else ''} spent" if plan.coins else "")


#: A plan's words for the Droid it blasts with the card's Comet (the book's
#: "Using Comets": 3 matching dice blast any colour of Droid; PT42/PT43 saw a
#: Droid of a colour not on the card lit, and nothing said why)
COMET_WORDS = "1 with the Comet (3 dice, any colour)"


def plan_words(plan, coins: bool = False) -> str:
    """What a blast plan does (RG-9): "4 droids, 1 with the Comet (3 dice,
    any colour), 1 boss, 3-pip trophy, all 6 trophies +3" (and "1 coin
    spent" with ``coins``); "nothing to blast" when empty."""
    droids, bosses, trophy, bonus, spent = _plan_bits(plan)
    comet = COMET_WORDS if getattr(plan, "comet_cell", None) is not None else ""
    bits = [droids, comet, bosses, trophy, bonus] + ([spent] if coins else [])
    return ", ".join(b for b in bits if b) or "nothing to blast"


def oled_plan_line(frame: OledFrame, plan, room: int) -> str:
    """The one line of a plan the seat's OLED has room for beside its mini
    sheet (which lights the droids): the trophy, its +3 and the coin spent
    first, then the droids (issue 34); the first that fits ``room`` px."""
    droids, bosses, trophy, bonus, spent = _plan_bits(plan)
    short = trophy.replace(" trophy", "") + (" +3" if bonus else "")    # "4-pip +3"
    minus = f"-{plan.coins} coin{'s' if plan.coins != 1 else ''}" if plan.coins else ""
    options = [", ".join(b for b in bits if b) for bits in (
        (trophy, bonus, spent), (trophy, spent), (short, minus), (short,), (trophy,), (spent,), (minus,),
        (droids, bosses), (droids,))]
    options = [o for o in options if o] + ["nothing"]
    return next((o for o in options if frame.fits(o, room, 10)), "nothing")


def _mini_sheet(frame: OledFrame, x: int, y: int, cell: int, me: dict[str, Any], lit: set[int],
                step: int | None = None) -> None:
    """The seat's 5 x 5 sheet in miniature: blasted droids filled, the
    plan's droids as hollow squares with a dot, the rest as dots; the
    Droid of the single step under the cursor (``step``) crossed off, an X
    framed in the gaps between the cells (the book: "blast (cross off)"),
    so two steps with the same words ("Yellow 1+1") show which Droid each
    blasts.  Its box is kept as "mini sheet" (nothing may be drawn over
    it: the step counter was, under a prompt)."""
    d = frame.draw
    d.rectangle((x - 2, y - 2, x + 5 * cell, y + 5 * cell), outline=1)
    frame.boxes.append(("mini sheet", (x - 2, y - 2, x + 5 * cell, y + 5 * cell)))
    for k in range(25):
        r, c = divmod(k, 5)
        x0, y0 = x + c * cell, y + r * cell
        if k == step and not me["blasted"][k]:
            x1, y1 = x0 + cell - 2, y0 + cell - 2
            d.line((x0, y0, x1, y1), fill=1)
            d.line((x0, y1, x1, y0), fill=1)
            d.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), outline=1)   # in the gaps: no neighbour touched
        elif me["blasted"][k]:
            d.rectangle((x0, y0, x0 + cell - 2, y0 + cell - 2), fill=1)
        elif k in lit:
            d.rectangle((x0, y0, x0 + cell - 2, y0 + cell - 2), outline=1)
            d.point((x0 + cell // 2 - 1, y0 + cell // 2 - 1), fill=1)
        else:
            d.point((x0 + cell // 2 - 1, y0 + cell // 2 - 1), fill=1)


def oled_frame(game, seat: int, view: dict[str, Any], controls, context: dict[str, Any]) -> OledFrame:
    """The seat's OLED (its own view): header with seat, points and round;
    a big "ROLL!" / "3" / "STOP" when the seat must act; its dice as the
    camera read them, drawn with pips; its claimed card's letter; while it
    blasts, the plan under its cursor lit on a miniature sheet with the
    plan's points, the planner's choices cycling with the navigation; its
    coins and power-up cards held; the choice under the cursor at the
    bottom, inverted when armed (press again to confirm)."""
    f = OledFrame()
    me = view["seats"][seat]
    left = f"Seat {seat + 1}  {me['score']} pt{'s' if me['score'] != 1 else ''}"
    right = f"round {max(1, view['round'])}/{view['rounds']}"
    if f.width(left) + f.width(right) + 8 > f.W:
        right = f"{max(1, view['round'])}/{view['rounds']}"
    f.header(left, right)
    phase = view["phase"]
    shown = controls.shown(game)
    choices = shown.choices
    prompt = (context.get("prompts") or {}).get(seat)
    if (context.get("banner") or "").startswith("next"):   # CAB-10: no roll is asked for while the round is summed up
        prompt = None
    body_bottom = _choice_band(f, shown, view) if choices else f.H
    y = 14
    own_blast = phase == "blast" and view["turn"]["seat"] == seat
    if prompt and own_blast:   # beside the mini sheet, which keeps its place clear of the step counter
        y = f.message(2, y, str(prompt), max_lines=2 if y + 23 <= body_bottom - 13 else 1, room=f.W - 36)
    elif prompt:   # its gist on one line where the seat's dice must fit under it above the choice
        # (or its reroll's kept dice and "reading your dice": "keep 5 6", not two lines, PT33)
        one = (choices and phase in ("roll", "stop", "blast")) or (context.get("dice_kept") or {}).get(seat)
        y = f.message(2, y, str(prompt), max_lines=1 if one else 2)
    banner = context.get("banner") or ""
    if phase == "over":
        f.glyph(0, y, f.W, "GAME OVER", size=16)
        f.text(2, y + 22, _rank_text(view, seat))
    elif phase in ("roll", "stop"):
        _roll(f, y, body_bottom, game, view, seat, shown, banner, context)
    elif phase == "blast" and view["turn"]["seat"] != seat:
        f.text(2, y, f"Seat {view['turn']['seat'] + 1} blasts")
        if me.get("claim"):
            f.text(2, y + 12, f"your card: {card_letters(view).get(me['claim'], '?')}")
        _hand(f, 2, y + 24, me)
    elif phase == "blast":
        _blast(f, y, body_bottom, game, view, seat, shown)
    elif phase == "unlock":
        if seat in game.active_players():
            f.glyph(0, y, f.W, "UNLOCK?", size=16)
        else:
            f.text(2, y, "others unlock")
        _hand(f, 2, y + 24, me)
    return f


def _choice_band(f: OledFrame, shown, view: dict[str, Any]) -> int:
    """The choice under the seat's cursor at the bottom: a plan as "plan 2
    of 5" (the HDMI's words, issue 34), a single step counted among the
    steps; returns the y above the band."""
    choices = shown.choices
    text, pos = label(shown.chosen, view), None
    n_plans = sum(1 for a in choices if a.get("type") == "plan")
    if n_plans and shown.chosen.get("type") == "plan":   # the HDMI's words: "plan 2 of 5" (issue 34)
        text, pos = f"plan {shown.chosen.get('plan')} of {n_plans}", ""
    elif n_plans:                                        # a single step: counted among the steps
        pos = f"{shown.cursor - n_plans + 1}/{len(choices) - n_plans}"
    forms = step_forms(shown.chosen, view) or unlock_forms(shown.chosen)
    if forms and len(choices) > 1:   # one line beside the counter: "blast Yellow 1+1", else "Yellow 1+1"
        room = f.W - f.width(pos if pos is not None else f"{shown.cursor + 1}/{len(choices)}") - 18
        text = next((t for t in forms if f.fits(t, room)), forms[-1])
    if shown.guard_words:     # not aimed since its card went: no claim promised (issue 34, r05-r07)
        top = f.H - 25        # "card A was taken" over "press to see, or aim", the width of the screen
        for i, line in enumerate(shown.guard_words):
            f.text(2, top + 12 * i, line, room=f.W - 4)
        return top - 1
    if shown.armed and shown.chosen.get("type") == "reroll":    # the band says what the next press does (PT61:
        text = "again: reroll"                                  # "reroll" armed read as done, nothing rolled)
    presses = 2 if no_race(view, shown.chosen) else press_count(shown.chosen, len(choices))   # (at Stop, PT43)
    return f.choice(text, shown.cursor, len(choices), shown.armed, pos=pos, presses=presses, wraps=False)  # (PT61)


def _roll(f: OledFrame, y: int, body_bottom: int, game, view: dict[str, Any], seat: int, shown,
          banner: str, context: dict[str, Any]) -> None:
    """1 - Roll Dice and Stop (RG-8): the 3-2-1 countdown, "round 2 done:
    next round in 5 s" (CAB-10), the card the seat claimed, "ROLL!", or its
    dice with what it may do now ("reroll or claim", "Stop! 2 rerolls")."""
    me = view["seats"][seat]
    letters = card_letters(view)
    if banner.isdigit():
        f.glyph(0, y, f.W, banner, size=30)
    elif banner.startswith("next"):   # CAB-10: the round's summary is on the HDMI
        f.text(2, y, f"round {max(1, view['round'] - 1)} done")
        f.text(2, y + 14, f"next round in {banner.split()[-1]} s")
    elif me.get("claim"):
        f.card(2, y, 22, 30, letters.get(me["claim"], "?"))
        f.text(28, y + 2, "claimed")
        f.text(28, y + 16, f"card {letters.get(me['claim'], '?')}")
    elif me["dice"] is None and not (context.get("dice_awaited") or {}).get(seat):
        # (a first roll read again after a nudge shows the reading so far below, not "ROLL!": PT49)
        f.glyph(0, y, f.W, "ROLL!", size=24)
    elif shown.guard_words:   # the guard's two lines take the dice's room: what may be done now stays
        words = _roll_words(game, view, seat, shown, context)
        if words:
            f.best(2, y, words)
    else:
        awaited = context.get("dice_awaited") or {}
        # its dice read again (a reroll, a nudge, CAB-5): the reading so far, the unread die a "?",
        # or "reading your dice", never the roll before's pips as if they were the new ones
        dice = awaited[seat] if seat in awaited else me["dice"]
        # a reroll being read: the dice it kept in their places, the others hollow (PT32)
        kept = (context.get("dice_kept") or {}).get(seat) if dice is None else None
        if kept:
            dice = kept
        elif dice is None:
            f.text(2, y + 4, "reading your dice")
            dice = []
        n = len(dice[:9])
        size = min(19, (f.W - 4 - 2 * (n - 1)) // max(1, n))     # a Cube Friend's 7th and 8th fit too
        for i, v in enumerate(dice[:9]):
            f.die(2 + i * (size + 2), y, size, v, rolling=bool(kept))
        # (while it is read, only that: PT33 saw "reroll or claim" under "reading your dice"; PT49 under
        # a first roll's reading so far, the die nudged for it a "?")
        again = kept or awaited.get(seat) is not None
        words = ["reading your dice"] if again else _roll_words(game, view, seat, shown, context)
        if words and y + 34 <= body_bottom:
            forms = [form for w in words for form in [w, w.replace(" to ", ": ")] + one_line(w)]
            fits = [t for t in forms if f.fits(t, f.W - 2)]
            if fits:
                f.text(2, y + 22, fits[0])
            else:       # its gist, whole words
                f.message(2, y + 22, words[0])


def _roll_words(game, view: dict[str, Any], seat: int, shown, context: dict[str, Any]) -> list[str]:
    """What the seat may do with the dice it rolled, in words for one line
    (the longest first, the shorter ones where it has no room): "press
    again to reroll" at the real cabinet (a reroll arms first, RG-15); with the cursor on
    "reroll", which dice stay (ruling RG-16, book: "keep as many dice as
    you want and reroll the rest"; the simulator: "keep 2 2 5 for B, roll
    3"), at Stop with the rerolls left ("2 rerolls, keep 2 2 5", "keep 2 2
    5 5, 2 left"); with the cursor on a card in the simulator (not at Stop:
    that is the news), the dice a reroll would keep for it ("reroll keeps 2
    2 5 for B"); armed, the dice its arming fixed ("press again: keep 2 2
    5, roll the other 3", :func:`armed_forms`); "Stop! 2 rerolls" ("Time!" solo), "claim pressed",
    "reroll or claim"; [] when none of these."""
    on_reroll = shown.chosen is not None and shown.chosen.get("type") == "reroll"
    stop = view["phase"] == "stop" and view["stop_seat"] == seat
    if shown.chosen is not None and shown.chosen.get("type") == TAKEN:    # its place kept (PT61): a press takes nothing
        news = [f"Stop! {plural(view['rerolls_left'], 'reroll')}"] if stop and view["rerolls_left"] else []
        return news + ["another seat has it", "pick another card"]
    left = plural(view["rerolls_left"], "reroll")
    rolling = any(r.get("player") == seat for r in game.chance_requests())    # its dice being read
    if shown.armed and on_reroll:      # ruling RG-15: a reroll arms first; RG-16: what it keeps, fixed then
        fixed = (context.get("armed_keeps") or {}).get(seat) if context.get("simulated_dice") else None
        return armed_forms(view, seat, fixed, (context.get("targets") or {}).get(seat))
    if on_reroll and not rolling:
        target, simulated = (context.get("targets") or {}).get(seat), bool(context.get("simulated_dice"))
        if stop:     # the rerolls left and the dice kept, the card named (PT29), on one line
            return stop_forms(view, seat, shown.chosen, target, simulated)
        return reroll_forms(view, seat, target, simulated)
    on_card = shown.chosen is not None and shown.chosen.get("type") == "claim"
    if on_card and stop and view["rerolls_left"] and view["seats"][seat]["dice"] and not shown.guard_words \
            and not rolling:
        # the press claims (not while guarded: it only shows where the cursor is, issue 34)
        return stop_forms(view, seat, shown.chosen, None, bool(context.get("simulated_dice")), bool(shown.armed))
    if on_card and not stop and context.get("simulated_dice") and view["seats"][seat]["dice"] and not rolling:
        return card_keep_words(view, seat, shown.chosen.get("card"), guarded=bool(shown.guard_words))
    if stop and on_card and shown.armed and not view["rerolls_left"]:   # armed: the next press claims (PT46)
        return stop_forms(view, seat, shown.chosen, None, False, armed=True)
    if stop:          # none left: the next press claims (PT28: "Stop! 0 rerolls")
        return [f"{'Time!' if len(view['seats']) == 1 else 'Stop!'} {left}"] if view["rerolls_left"] else \
            ["no rerolls left"]    # (the choice below says "press 2x": a claim at Stop arms first, PT43)
    if seat in (view.get("claims_pending") or []):
        return ["claim pressed"]
    if rolling:
        return ["reroll or claim"]
    return []


def _blast(f: OledFrame, y: int, body_bottom: int, game, view: dict[str, Any], seat: int, shown) -> None:
    """The seat's own 3 - Blast Droids (RG-9): the plan under its cursor
    lit on the miniature sheet (at the top right, y 14, whatever the
    prompt: below, it ran into the step counter), a single step's Droid
    crossed off on it, its points and its trophy and coin in words
    ("press again to confirm" when armed, "step by step" on a single
    step, "BLAST!" on no plan), and the pool's dice above the choice band,
    the spent ones dimmed."""
    me = view["seats"][seat]
    turn = view["turn"]
    plans = turn_plans(game, view)
    chosen = shown.chosen
    k = _plan_index(plans, chosen, view) if plans else None
    lit = set(plans[k].cells) if k is not None else set()
    step = chosen.get("cell") if chosen is not None and chosen.get("type") in ("blast", "comet") else None
    _mini_sheet(f, f.W - 31, 14, 6, me, lit, step)
    # bottom up: the dice 2 px above the choice band (inverted when armed: white dice must not
    # run into it), then each line above them only where its ink ends above the dice
    dice_y = body_bottom - 13
    if shown.armed:   # the choice (its points in the band) waits for its confirm press
        if y + 8 < dice_y:
            f.text(2, y - 1, "press again", room=f.W - 36)
        if y + 19 < dice_y:
            f.text(2, y + 10, "to confirm", room=f.W - 36)
    elif step is not None:      # one Droid a press, past the ready-made plans (PT72: "BLAST!" did not say so)
        if y + 8 < dice_y:
            f.text(2, y - 1, "step by step", room=f.W - 36)
        if k is not None and y + 19 < dice_y:      # (the step begins a plan: what that plan makes)
            f.text(2, y + 10, oled_plan_line(f, plans[k], f.W - 36), room=f.W - 36)
    elif k is not None:
        pts = plans[k].points
        if y + 13 < dice_y:
            f.text(2, y - 1, f"+{pts} pt{'s' if pts != 1 else ''}", 13, room=f.W - 36)
        if y + 22 < dice_y:   # the droids are lit on the mini sheet: the trophy and coin in words
            f.text(2, y + 13, oled_plan_line(f, plans[k], f.W - 36), room=f.W - 36)
    elif y + 16 < dice_y:
        f.glyph(0, y, f.W - 34, "BLAST!", size=16)
    pool = turn["pool"]
    shown_dice = list(zip(pool, turn["spent"]))[:9]
    size = min(12, (f.W - 36 - 2 * (len(shown_dice) - 1)) // max(1, len(shown_dice)))
    for i, (v, spent) in enumerate(shown_dice):
        f.die(2 + i * (size + 2), dice_y, size, v, dim=spent)
