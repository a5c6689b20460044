"""Retrograde screens: the shared HDMI table and each seat's OLED.

HDMI (public view only; ruling CAB-1: target cards and sheets are virtual):
the round (x of 8) and phase, the face-up target cards lettered A, B, C...
with their colour pair and third spot and who claimed or is grabbing them
(RG-2, RG-7), each seat's sheet (the 5 x 5 droids as colour letters with the
blasted droids crossed out, bosses, trophies, coins, power-ups; RG-1, RG-3),
the dice as read, Stop (RG-8), and during 3 - Blast Droids the blast
planner's best plans for the blasting seat with the plan the seat's cursor
is on highlighted.

OLED (the seat's own view): "roll!", "dice: 3 3 5 5 6 1", "claimed card B",
"blast: plan 2/5 +7 VP", the selected choice with its cursor position and
"press again: confirm" when armed.

:func:`countdown` tells the runtime when a roll starts (the 3-2-1 banner).

Cheap on every state change: the planner runs once per blast turn (when the
turn starts, through :meth:`Retrograde.plans`) and its plans are cached by
the turn's starting position.
"""
from __future__ import annotations


from typing import Any


from engines.words import plural
from firmware.screens.choices import cursor_choices
from firmware.screens.readings import banner_words, todo_words
from firmware.ui.kit import ALERT, FEED, GOLD, INFO, NEED, PANEL, Rect, Scene, header, header_todo, seat_colour
from firmware.ui.palette import OVERLAY
from firmware.screens.retrograde_words import (  # noqa: F401 - hooks: the walkthrough's; a reroll keeps dice
    KEEP_HOW, all_fit_letter, dice_words, first_round, keep_short, kept_dice, no_race, walkthrough_words)
from firmware.screens.retrograde_oled import (  # noqa: F401 - the game's OLED and choice hooks, found here
    choice_order, label, oled_frame, plan_words)
from firmware.screens.retrograde_round import result_notes, result_pause, round_summary  # noqa: F401 - hooks (CAB-10)
from firmware.screens.round_summary import draw_round_summary, summary_fits
from firmware.screens.retrograde_plans import (_plan_index, _selected_action, _step_count, card_letters, plans_offered,
                                             turn_plans)
from firmware.screens.retrograde_end import _final, _solo_goal
from firmware.screens.retrograde_end import result_breakdown  # noqa: F401 - the result card's hook, found here
from firmware.screens.retrograde_sheet import READ_AGAIN, _cards_fit, _cards_row, _sheet, feed_lines, seat_doing

DRAWN = True


# ------------------------------------------------------------ HDMI
PHASE_WORDS = {"roll": "Roll! Claim a card with your button", "stop": "Stop! Last claim",
              "blast": "Blast droids", "unlock": "Unlock power-ups?", "over": "Game over"}
#: The header when no seat is a person (``cabinet resume --bots all``, PT12 r64): what happens, not
#: an instruction to nobody.
BOTS_PHASE_WORDS = {"roll": "Bots roll and claim", "unlock": "Power-ups: the bots choose"}


def _only_bots(view: dict[str, Any], context: dict[str, Any]) -> bool:
    """True when every seat is a bot (``context["bots"]``): nobody at the
    table is asked to press."""
    return set(range(len(view["seats"]))) <= set(context.get("bots") or ())


def _phase_info(game, view: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
    """What is happening now, as a heading, lines ``(text, priority)`` and
    extras: the 3-2-1 countdown, the roll, Stop (RG-8), the solo timer
    (RG-10), the blast plan being chosen (RG-9, ``lit`` droids), the unlock
    step (RG-6), the final result (RG-11)."""
    phase = view["phase"]
    banner = context.get("banner") or ""
    info: dict[str, Any] = {"head": "", "colour": GOLD, "lines": [], "lit": set(), "clock": None,
                            "countdown": None}
    if banner and banner.isdigit():
        info.update(head="Get ready", countdown=banner)
    elif phase in ("roll", "stop"):
        people = [p for p in range(len(view["seats"])) if p not in set(context.get("bots") or ())]
        _roll_info(info, view, _only_bots(view, context), view["stop_seat"] in people)
        fit = _stop_all_fit(view, context, people)
        if fit:        # PT29: every die of the Stop seat fits its target: a reroll would throw none
            info["lines"].append((fit, NEED))
        # RG-16: how a person keeps dice on a reroll, while one may still reroll (PT28: not at Stop
        # with no rerolls left, where the next press claims)
        elif context.get("simulated_dice") and (phase == "roll" or view["rerolls_left"] > 0) \
                and any(view["seats"][p]["dice"] and not view["seats"][p].get("claim") for p in people):
            info["lines"].append((KEEP_HOW, INFO))
    elif phase == "blast":
        _blast_info(info, game, view, context)
    elif phase == "unlock":
        who = ", ".join(f"Seat {p + 1}" for p in game.active_players())
        info.update(head="Power-ups", lines=[(f"{who}: unlock one or keep it", NEED)])
    elif phase == "over":
        info.update(head="Game over", lines=_result_lines(view))
    return info


def _stop_all_fit(view: dict[str, Any], context: dict[str, Any], people: list[int]) -> str:
    """At Stop (RG-8) with rerolls left, a person the Stop seat and every
    one of its dice fitting its target card (the simulator's, RG-16): what
    its presses do, "All its dice fit card C: point at it, press twice to
    claim" (a claim at Stop arms first, PT43), after "Seat 1 claims last: 1 reroll left" (PT29: only that was
    said); else ""."""
    s = view.get("stop_seat")
    if view["phase"] != "stop" or s not in people or not view["rerolls_left"] or view["seats"][s].get("claim") \
            or not context.get("simulated_dice"):
        return ""
    letter = all_fit_letter(view, s, (context.get("targets") or {}).get(s))
    return f"All its dice fit card {letter}: point at it, press twice to claim" if letter else ""


def _roll_info(info: dict[str, Any], view: dict[str, Any], nobody: bool = False, person: bool = False) -> None:
    """1 - Roll Dice: "Roll!" and the seats grabbing a card (RG-12); Stop
    (RG-8): "Stop!" ("Time!" solo) and the rerolls left; with none left
    and a person (``person``) claiming last, what its next press does
    (PT28); solo, the hourglass of the hidden timer (RG-10), never how
    long is left.  ``nobody``: every seat is a bot, so nobody is asked to
    press."""
    solo = len(view["seats"]) == 1
    if view["phase"] == "stop":
        s = view["stop_seat"]
        left = view["rerolls_left"]
        who = "" if solo else f"Seat {s + 1} claims last: "
        lines = [(f"{who}{plural(left, 'reroll')} left" if left else f"{who}no rerolls left", NEED)]
        if not left and person:
            # (small screens: room; a claim at Stop arms first, no_race: PT43)
            lines.append(("Press twice to claim the card you point at", INFO))
        info.update(head="Time!" if solo else "Stop!", colour=ALERT, lines=lines)
        if solo:
            info["lines"].append(("2 dice from the box removed cards", INFO))
    else:
        pend = view.get("claims_pending") or []
        # while claims wait out the settle window (RG-12) that is the news;
        # the standing prompt may then give way where there is no room
        ask = "The bots roll, then claim a card" if nobody else "Press your button to claim a card"
        lines = [(ask, INFO if pend else NEED)]
        if pend:
            who = sorted(pend)
            lines.insert(0, ((f"Seat {who[0] + 1} grabs" if len(who) == 1 else
                              "Seats " + ", ".join(str(p + 1) for p in who) + " grab"), NEED))
        info.update(head="Roll!", lines=lines)
    if solo:
        # RG-10: the book hides the timer: an hourglass says it runs, never how long is left
        info["clock"] = ("time", 1.0, ALERT) if view["phase"] == "stop" else ("running", 0.0, (120, 200, 250))
        if view["phase"] == "roll":
            info["lines"].append(("The hidden 25 s timer is running", INFO))


def _blast_info(info: dict[str, Any], game, view: dict[str, Any], context: dict[str, Any]) -> None:
    """3 - Blast Droids (RG-9): "Seat 2 blasts", the plan under its cursor
    ("Plan 2 of 5: +7 pts" and what it blasts) or the single step being
    chosen; the plan's droids and trophy lit on the seat's sheet (a single
    blast step: its own droid)."""
    turn = view["turn"]
    p = turn["seat"]
    plans = turn_plans(game, view)
    # the phase's start names the same seat in other words: the heading says it (PT12 r26)
    info.update(head=f"Seat {p + 1} blasts", colour=seat_colour(p), said={f"Blast Droids! Seat {p + 1} starts"})
    chosen = _selected_action(game, p, context)
    if chosen is not None and plans_offered(game, p, context) is False:
        # a step taken: the turn's plans are behind it (PT46: the band kept plan 1 and its droids
        # lit while the OLED went through "coin: copy a 4" ... "done blasting")
        info["lines"] = [(f"Next: {label(chosen, game.view(p))}", NEED)]
        _light_step(info, chosen)
        return
    if not plans:
        info["lines"] = [("Choose droids on the seat screen", NEED)]
        return
    selected = _plan_index(plans, chosen, view)
    shown = 0 if selected is None else selected
    plan = plans[shown]
    pts = f"+{plan.points} pt{'s' if plan.points != 1 else ''}"
    info["lines"] = [(f"Plan {shown + 1} of {len(plans)}: {pts}", NEED), (plan_words(plan, coins=True), INFO)]
    step = _step_count(game, p, context)
    if step is not None and chosen is not None:   # a single step: counted as the OLED counts it
        info["lines"] = [(f"Step {step}: {label(chosen, game.view(p))}", NEED)]
        if selected is not None:
            info["lines"].append((f"in plan {shown + 1} of {len(plans)}: {pts}, {plan_words(plan, coins=True)}", INFO))
        if _light_step(info, chosen):
            return
        if selected is None:    # a step in no plan ("done blasting"): nothing lit, as on the OLED
            return
    if plan.cells:
        info["lines"].append(("lit on the sheet", INFO))
    info["lit"] = set(plan.cells)
    info["lit_trophy"] = plan.trophy or 0
    info["plan"] = {"seat": p, "index": shown, "cells": sorted(plan.cells), "points": plan.points}


def _light_step(info: dict[str, Any], chosen: dict[str, Any]) -> bool:
    """A single blast (or comet) step under the cursor: its own droid lit
    on the sheet, and only it, "lit on the sheet" said (PT46: a step in no
    plan lit nothing, and three "comet Yellow 3+3+3" steps for three droids
    read alike), as the OLED's map marks it; True when it was one."""
    if chosen.get("type") not in ("blast", "comet") or chosen.get("cell") is None:
        return False
    info["lines"].append(("lit on the sheet", INFO))
    info["lit"], info["lit_trophy"] = {chosen["cell"]}, 0
    return True


def _result_lines(view: dict[str, Any]) -> list[tuple[str, int]]:
    """The final result (RG-11): the winner and points, or the seats that
    share the win (tied on points and unspent coins), the coins breaking a
    tie on points, then the others in order."""
    def coins(seat):
        return seat["coins_marked"] - seat["coins_spent"]
    ranked = sorted(view["seats"], key=lambda s: (-s["score"], -coins(s)))
    best = ranked[0]
    winners = [s for s in ranked if s["score"] == best["score"] and coins(s) == coins(best)]
    if len(winners) > 1:  # RG-11: still tied on coins = shared
        names = " and ".join(f"Seat {s['seat'] + 1}" for s in winners)
        lines = [(f"{names} share the win: {best['score']} pts, {coins(best)} coins", NEED)]
    else:
        lines = [(f"Seat {best['seat'] + 1} wins with {best['score']} pts", NEED)]
        if len(ranked) > 1 and ranked[1]["score"] == best["score"]:
            lines.append((f"Tied on points: most unspent coins wins ({coins(best)})", NEED))
    for i, s in enumerate(ranked[len(winners):], start=len(winners) + 1):
        lines.append((f"{i}. Seat {s['seat'] + 1}: {s['score']} pts", INFO))
    return lines


def _place_phase(scene: Scene, r: Rect, info: dict[str, Any], feed: list[str], strip: bool) -> None:
    """Draw the phase information as a box beside the cards or, on a narrow
    screen, as a strip under them (same information, the feed dropped
    first; a feed line the heading or a phase line says is left out)."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL)
    inner = r.inset(m.pad // 2 if strip else m.pad)
    # an event that the heading or a phase line already says is not said again
    # (PT12 r26: "Seat 1 blasts  Plan 2 of 5: ... · Seat 1 blasts")
    said = {info["head"]} | {t for t, _ in info["lines"]} | set(info.get("said") or ())
    lines = list(info["lines"]) + [(t, FEED) for t in feed if t not in said]
    if info["clock"] is not None:
        state, frac, colour = info["clock"]
        clock_r, inner = inner.cols(-min(inner.h, inner.w // 3), 1, gap=m.pad)
        scene.add("icon", clock_r.square(), "solo-clock", name="hourglass", frac=frac, colour=colour)
        scene.facts["solo_clock"] = state
    if strip:
        head_w = scene.measure(info["head"], m.medium)[0] + m.pad if info["head"] else 0
        head_r, rest = inner.cols(-min(head_w, inner.w // 2), 1, gap=m.pad)
        if info["head"]:
            scene.text(info["head"], head_r, sizes=(m.medium, m.small), colour=info["colour"])
        texts = [t for t, _ in lines]
        for k in range(len(texts), 0, -1):
            joined = " · ".join(texts[:k])
            if scene.fit(joined, rest, (m.small,)) is not None:
                scene.text(joined, rest, sizes=(m.small,))
                break
            if k > 1 or lines[0][1] != NEED:
                scene.dropped.append((lines[k - 1][1], texts[k - 1]))
                continue
            # the one needed line is longer than the room beside the heading: it takes the strip
            if info["head"]:
                scene.nodes.pop()
                scene.dropped.append((INFO, info["head"]))
            scene.text(joined, inner, sizes=(m.small,))
        return
    head_h = scene.measure("Ag", m.large)[1]
    head_r, rest = inner.rows(-head_h, 1, gap=m.pad // 2)
    if info["head"]:
        scene.text(info["head"], head_r, sizes=(m.large, m.medium, m.small), colour=info["colour"])
    scene.lines(lines, rest, size=m.small, newest_first=True)     # (the feed is newest first, issue 34)


def screen(game, view: dict[str, Any], context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
           measure=None) -> Scene:
    """The shared HDMI screen for Retrograde, drawn from the public ``view``.

    Args:
        game: the engine (the blast planner, :meth:`plans`).
        view: ``game.view(None)``.
        context: runtime facts: ``banner`` ("3", "2", "1", "roll!"),
            ``controls`` (the seats' :class:`~firmware.runtime.controls.SeatControls`:
            the plan under the blasting seat's cursor is lit on its sheet),
            ``last_events`` (the feed), ``now_us``.
        size: the screen, px.
        measure: text measure ``(text, size_px) -> (w, h)``.

    Returns:
        A :class:`Scene`; ``scene.facts`` lists the cards, dice, scores and
        plan shown.
    """
    w, h = size
    scene = Scene(w, h, measure)
    m = scene.metrics
    letters = card_letters(view)
    header_h = scene.measure("Ag", m.medium)[1] + m.pad
    hdr, body = scene.rect.rows(-header_h, 1)
    _header(scene, hdr, view, context)
    body = body.inset(m.pad)
    info = _phase_info(game, view, context)
    cursors = cursor_choices(game, context) if view["phase"] in ("roll", "stop", "unlock") else {}
    sheets = _top(scene, body, game, view, context, info, cursors, letters)
    if "plan" in info:
        scene.facts["plan"] = info["plan"]
    _sheets(scene, sheets, game, view, context, info, cursors, letters)
    if info["countdown"]:  # the 3-2-1 over the sheets: nothing else happens until the roll
        glyph_h = min(sheets.h, scene.height // 3)
        over = Rect(sheets.x + sheets.w // 2 - glyph_h, sheets.y + (sheets.h - glyph_h) // 2, glyph_h * 2, glyph_h)
        scene.add("panel", over, None, fill=OVERLAY, border=GOLD, radius=m.pad * 2)
        # no key: a keyed part animates in, and a flight is drawn beneath what it passes over (the
        # sheets coming back after a pause covered the "3", PT61); the box and its digit lie on top
        scene.add("glyph", over, None, text=info["countdown"], size=glyph_h * 9 // 10, colour=GOLD)
        scene.facts["countdown"] = info["countdown"]
    return scene


def _header(scene: Scene, hdr: Rect, view: dict[str, Any], context: dict[str, Any]) -> None:
    """The header: "Round 3 of 8" and what the table must do now (the
    phase's words, "Get ready", the round done, a rejected reading or a
    hand entry, ruling CAB-6), or the notice."""
    status = f"Round {max(1, view['round'])} of {view['rounds']}"
    doing = PHASE_WORDS.get(view["phase"], "")
    nobody = _only_bots(view, context)
    if nobody and view["phase"] in BOTS_PHASE_WORDS:   # PT12 r64: no seat is a person: say what the bots do
        doing = BOTS_PHASE_WORDS[view["phase"]]
    banner = context.get("banner") or ""
    summary = context.get("round_summary")
    if banner.isdigit() and any(s.get("dice") for s in view["seats"]):   # a held claim race (CAB-8)
        doing = "Get ready: the race goes on"
    elif banner.isdigit():
        doing = "Get ready: the bots roll at Roll!" if nobody else "Get ready: roll when it says Roll!"
    elif banner.startswith("next"):
        # CAB-10: while a round's summary stands the header names that round (PT12 r53_8c: "Round 4
        # of 8" over "Round 3 done"); the next round is named as the next
        done = summary["round"] if summary else max(1, view["round"] - 1)
        status = f"Round {done} of {view['rounds']}"
        doing = f"Round {done} done, round {done + 1} next" if done < view["rounds"] else f"Round {done} done"
    contest = todo_words(context.get("readings"))
    if contest:   # ruling CAB-6: a seat rejected its reading, or enters it by hand
        doing = header_todo(scene, hdr, "Retrograde", status, [contest, todo_words(context.get("readings"), True)])
        scene.facts["contest"] = doing
    header(scene, hdr, "Retrograde", status, context.get("notice") or doing)


def _summary_room(scene: Scene, body: Rect, summary: dict[str, Any]) -> tuple[Rect, Rect, tuple[str, ...]]:
    """The round's summary panel, the sheets' room under it and the
    heading's sizes: the cards' share of ``body`` (px) with a large
    heading where every seat's line fits, else a medium heading, else a
    larger share for the summary (four seats tied for the round's best,
    each line lit, at 800 x 480: the lines did not fit and the summary was
    never drawn)."""
    m = scene.metrics
    for share in (0.36, 0.45, 0.55, 0.7):
        top, sheets = body.rows(share, 1 - share, gap=m.pad)
        for heads in (("large", "medium", "small"), ("medium", "small")):
            if summary_fits(scene, top, summary, [], head_size=heads[0]):
                return top, sheets, heads
    return top, sheets, ("small",)


def _top(scene: Scene, body: Rect, game, view: dict[str, Any], context: dict[str, Any], info: dict[str, Any],
         cursors: dict[int, dict], letters: dict[str, str]) -> Rect:
    """The upper part: the final scores after the game, the round's
    summary while the next round waits (CAB-10), else the target cards
    lettered A, B, C... (with the seats pointing at them) and the phase box
    beside them, or a strip under them on a narrow screen.  Returns the
    room left for the sheets."""
    m = scene.metrics
    feed = feed_lines(list(context.get("last_events") or []), letters, view["phase"])
    top, sheets = body.rows(0.36, 0.64, gap=m.pad)
    if view["phase"] == "over":  # the result takes the cards' place (no dice to show now)
        top, sheets = body.rows(0.45, 0.55, gap=m.pad)
        _final(scene, top, game, view)
    elif context.get("round_summary") and (context.get("banner") or "").startswith("next"):
        top, sheets, heads = _summary_room(scene, body, context["round_summary"])
        draw_round_summary(scene, top, context["round_summary"], context["banner"], next_word="roll",   # CAB-10
                           head_sizes=heads, lit_bests=True)
    else:
        cards_r, phase_r = top.cols(0.64, 0.36, gap=m.pad)
        strip = not _cards_fit(scene, cards_r, view, letters)
        if strip:  # narrow screen: the cards take the whole width, the phase a strip under them
            strip_h = scene.measure("Ag", m.medium)[1] + m.pad
            cards_r, phase_r, sheets = body.rows(0.33, -strip_h, 0.67, gap=m.pad)
        pointing: dict[str, list[int]] = {}
        for p, act in cursors.items():
            if act.get("type") == "claim":
                pointing.setdefault(act.get("card"), []).append(p)
        _cards_row(scene, cards_r, view, letters, pointing)
        _place_phase(scene, phase_r, info, feed, strip)
        if not strip:      # a pause's box stands there, over words frozen while paused (PT71, PT72)
            scene.facts["pause_at"] = (phase_r.x, phase_r.y, phase_r.w, phase_r.h)
    return sheets


def _sheets(scene: Scene, sheets: Rect, game, view: dict[str, Any], context: dict[str, Any], info: dict[str, Any],
            cursors: dict[int, dict], letters: dict[str, str]) -> None:
    """Each seat's sheet in equal columns (solo: the sheet and beside it
    the score against the book's ultimate 49), its banner saying what the
    seat does now; the blasting seat's plan lit on its sheet; a reading
    being checked (CAB-6) in its dice row."""
    m = scene.metrics
    lit = info["lit"]
    n = len(view["seats"])
    if n > 1:  # equal widths, so every sheet gets the same layout
        col_w = (sheets.w - m.pad * (n - 1)) // n
        cols = [Rect(sheets.x + i * (col_w + m.pad), sheets.y, col_w, sheets.h) for i in range(n)]
    else:  # solo: the sheet, and beside it the score against the book's ultimate 49
        sheet_r, goal_r = sheets.cols(-min(sheets.w * 2 // 3, int(sheets.h * 1.1)), 1, gap=m.pad)
        cols = [sheet_r]
        _solo_goal(scene, goal_r, view["seats"][0])
    blaster = view["turn"]["seat"] if view.get("turn") else None
    active = game.active_players() if view["phase"] == "unlock" else []
    # dice asked for again (a reroll, RG-15; a nudge): not the roll before's dice as current (play-test)
    # (a seat asked for dice the game holds none of yet is a round's first roll: drawn as before)
    asked = {r["player"]: r.get("count") or 6 for r in game.chance_requests()
             if r.get("type") == "dice" and game.seat_dice(r["player"]) is not None}
    for seat, col in zip(view["seats"], cols):
        reading = (context.get("readings") or {}).get(seat["seat"]) or {}
        # a reading checked, or entered by hand after two rejections (CAB-6; PT34: "rolling" over
        # the dice being entered): its values, in a gold ring, not yet in the game
        held = reading.get("values") if reading.get("state") in ("check", "entry") else None
        rolling = asked.get(seat["seat"]) if seat["dice"] is not None and held is None else None
        keeps = keep_short(view, seat["seat"], (context.get("targets") or {}).get(seat["seat"]),
                           bool(context.get("simulated_dice")),
                           (context.get("armed_keeps") or {}).get(seat["seat"])) if seat["dice"] else ""
        doing = banner_words(context.get("readings"), seat["seat"], short=col.w < 12 * m.medium) \
            or seat_doing(view, seat, letters, active, cursors.get(seat["seat"]), keeps)
        if "round_summary" in scene.facts:   # CAB-10: nobody rolls yet
            doing = ""
        mine = seat["seat"] == blaster
        _sheet(scene, col, view, seat, lit if mine else set(), letters, doing,
               info.get("lit_trophy", 0) if mine else 0,
               held, rolling,
               (context.get("dice_kept") or {}).get(seat["seat"]) if rolling else None,
               READ_AGAIN if reading.get("state") == "rejected" else None)
        if doing:
            scene.facts.setdefault("doing", {})[seat["seat"]] = doing


def race_on(game) -> bool:
    """True while the claim race is open ("2 - Roll Dice": some seat's
    dice are read and it may claim): a game held by a pause or the Esc
    question goes on after a 3-2-1 then, hands off, as a Cha dango race
    does (ruling CAB-8; PT23, issue 34: the bots could claim ~1 s after a
    lapsed Esc, with no 3-2-1)."""
    return not game.is_terminal() and game.view(None).get("phase") == "roll" and bool(game.active_players())


def countdown(game, view: dict[str, Any]) -> bool:
    """True at the moment a roll starts (2 - Roll Dice with no die read and
    no card claimed yet): the runtime shows the 3-2-1 countdown then."""
    if view.get("phase") != "roll":
        return False
    return (all(s.get("dice") is None and s.get("claim") is None for s in view["seats"])
            and not view.get("claims_pending"))


def log_words(events: list[str], view: dict[str, Any], keep: int) -> list[str]:
    """The moves in words for the replay and the pause's log (issue 38):
    the engine's texts with seats as "Seat N" and the target cards by their
    colours and spot, not their catalogue number ("Seat 2 claims
    yellow/green + comet"); the last ``keep``."""
    import re

    from firmware.screens.cafe_junior_feed import seat_words
    return [re.sub(r"\bT\d+ ", "", seat_words(t)) for t in events][-keep:]
