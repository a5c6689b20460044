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

import re
from collections import OrderedDict
from typing import Any

from engines.retrograde.components import default_components
from engines.words import plural
from firmware.screens.choices import cursor_choices, describe_action
from firmware.ui.oled import OledFrame
from firmware.screens.readings import banner_words, todo_words
from firmware.ui.kit import (ALERT, DIM, FEED, GOLD, INFO, NEED, PANEL, Rect, Scene, header, header_todo, seat_banner,
                             seat_colour)

PLAN_LIMIT = 5
DRAWN = True


_PLAN_CACHE: OrderedDict[tuple, list] = OrderedDict()
#: Seats' sheet groups by what they show (a sheet changes a few times a round).
_SHEETS: OrderedDict[tuple, tuple] = OrderedDict()
_CACHE_SIZE = 32


# ------------------------------------------------------------ helpers
def card_letters(view: dict[str, Any]) -> dict[str, str]:
    """Card id -> letter (A, B, C...) for the round's target cards.

    The round's cards are the face-up ones plus those claimed this round,
    lettered in card-id order, so a card keeps its letter when it is
    claimed (only the solo timer's discards, RG-10, can shift letters).
    """
    ids = set(view.get("face_up_ids") or [])
    ids.update(s["claim"] for s in view["seats"] if s.get("claim"))
    return {cid: chr(ord("A") + i) for i, cid in enumerate(sorted(ids))}


def cell_text(cell: int) -> str:
    """Row and column of a droid, 1-based: "r2c4"."""
    return f"r{cell // 5 + 1}c{cell % 5 + 1}"


# ------------------------------------------------------------ planner
def _turn_key(game, view: dict[str, Any]) -> tuple | None:
    turn = view.get("turn")
    if not turn:
        return None
    seat = view["seats"][turn["seat"]]
    start = tuple(b and k not in turn["cells"] for k, b in enumerate(seat["blasted"]))
    return (id(game), game.seed, view["round"], turn["seat"], tuple(seat["dice"] or ()), start)


def turn_plans(game, view: dict[str, Any]) -> list:
    """The blast planner's best plans (at most 5) for the seat whose 3 -
    Blast Droids turn it is, from the turn's start; ``[]`` outside the blast
    phase or when the turn was resumed mid-way (the planner only plans from
    a turn's start)."""
    key = _turn_key(game, view)
    if key is None:
        return []
    if key in _PLAN_CACHE:
        _PLAN_CACHE.move_to_end(key)
        return _PLAN_CACHE[key]
    plans = game.plans(view["turn"]["seat"], limit=PLAN_LIMIT)
    if plans:
        _PLAN_CACHE[key] = plans
        while len(_PLAN_CACHE) > _CACHE_SIZE:
            _PLAN_CACHE.popitem(last=False)
    return plans


def _step_key(action: dict[str, Any], pool: list[int]) -> tuple:
    """What an action does, independent of which equal die it names."""
    kind = action.get("type")
    if kind in ("blast", "comet"):
        return kind, action.get("cell"), tuple(sorted(pool[i] for i in action.get("dice", []) if i < len(pool)))
    if kind in ("coin", "trophy"):
        i = action.get("die")
        return kind, pool[i] if isinstance(i, int) and i < len(pool) else None
    if kind in ("odd", "even"):
        return kind, action.get("value")
    return (kind,)


def plan_of(plans: list, action: dict[str, Any] | None, pool: list[int], player: int,
            real: int | None = None, coin_copies: int = 1) -> int | None:
    """Index of the first plan that contains ``action`` (the seat's selected
    choice, whose die indices refer to the current ``pool``), or None.

    A plan's die indices count the ``real`` dice first, then the virtual
    dice the plan adds (Odd Eye, Even Steven, ``coin_copies`` per coin,
    RG-6), so each plan's pool is rebuilt step by step to compare values.
    """
    if action is None:
        return None
    want = _step_key(action, pool)
    base = list(pool[:real] if real is not None else pool)
    for i, plan in enumerate(plans):
        plan_pool = list(base)
        steps = plan.actions(player)
        if want == ("done",) and len(steps) > 1:
            continue  # "done" now belongs only to the plan that blasts nothing
        for step in steps:
            if _step_key(step, plan_pool) == want:
                return i
            if step["type"] in ("odd", "even"):
                plan_pool.append(step["value"])
            elif step["type"] == "coin" and step["die"] < len(plan_pool):
                plan_pool.extend([plan_pool[step["die"]]] * coin_copies)
    return None


def _plan_index(plans: list, action: dict[str, Any] | None, view: dict[str, Any]) -> int | None:
    if action is not None and action.get("type") == "plan":  # a whole-plan choice (plan k, 1-based)
        k = int(action.get("plan", 0)) - 1
        return k if 0 <= k < len(plans) else None
    turn = view["turn"]
    seat = view["seats"][turn["seat"]]
    copies = 1 + seat["unlocked"].count("Super Coin")
    return plan_of(plans, action, turn["pool"], turn["seat"], len(seat["dice"] or []), copies)


def _selected_action(game, seat: int, context: dict[str, Any]) -> dict[str, Any] | None:
    """The action under ``seat``'s cursor when the runtime passes the seat
    controls in ``context["controls"]`` (list or dict by seat)."""
    controls = context.get("controls")
    if controls is None:
        return None
    try:
        c = controls[seat]
    except (KeyError, IndexError, TypeError):
        return None
    return c.shown(game).chosen


def _step_count(game, seat: int, context: dict[str, Any]) -> str | None:
    """"3/9" when ``seat``'s cursor is on its 3rd of 9 single blast steps
    (after the plans), as its OLED counts them; None on a plan or with no
    plans offered, or for a bot's seat (a bot plays a plan step by step:
    the plan is what the table follows)."""
    controls = context.get("controls")
    if seat in set(context.get("bots") or ()):
        return None
    try:
        shown = controls[seat].shown(game)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    n_plans = sum(1 for a in shown.choices if a.get("type") == "plan")
    if not n_plans or shown.chosen is None or shown.chosen.get("type") == "plan":
        return None
    return f"{shown.cursor - n_plans + 1}/{len(shown.choices) - n_plans}"


# ------------------------------------------------------------ HDMI
PHASE_TODO = {"roll": "Roll! Claim a card with your button", "stop": "Stop! Last claim",
              "blast": "Blast droids", "unlock": "Unlock power-ups?", "over": "Game over"}


def _spot_words(card) -> str:
    """The third spot in the glossary's words (RG-2)."""
    return {"none": "", "coin": "Coin", "comet": "Comet"}.get(card.spot, card.power_up or "")


def _target_card(scene: Scene, r: Rect, cid: str, letter: str, owner: int | None, order: int | None,
                 pending: bool, first_game: bool = False, pointing: list[int] | None = None) -> None:
    """One target card (RG-2): its letter, the two droid colours as droids
    with their pips, the third spot as coin / comet / power-up icon with its
    name; claimed: the seat's colour, token and claim order; under a seat's
    cursor (``pointing``: those seats): a thick gold edge and the seats'
    numbers, so everyone sees what their press would claim."""
    m = scene.metrics
    card = default_components().card(cid)
    state = "claimed" if owner is not None else ("selected" if pointing else ("hi" if pending else "up"))
    scene.add("card", r, f"card:{cid}", state=state, seat_colour=seat_colour(owner) if owner is not None else None,
              fill=(232, 226, 210))
    inner = r.inset(max(3, m.pad // 2 + 2))
    spot = _spot_words(card) if not first_game else ""
    line_h = scene.measure("Ag", m.small)[1]
    one_line = not spot or scene.measure(spot, m.small)[0] + line_h + 2 <= inner.w
    spot_h = 0 if not spot else (line_h if one_line else 2 * line_h)
    top, droids, bottom = inner.rows(-line_h, 1, -spot_h)
    scene.text(letter, top.cols(1, 1)[0], sizes=(m.small,), colour=(30, 30, 36))
    if owner is None and pointing:   # the seats whose next press claims this card
        x = top.right
        for p in sorted(pointing, reverse=True):
            x -= top.h
            scene.add("token", Rect(x, top.y, top.h, top.h), None, seat=p, colour=seat_colour(p), label=str(p + 1))
            x -= 2
        scene.facts.setdefault("pointing", {})[letter] = sorted(pointing)
    if owner is not None:
        tok = Rect(top.right - top.h, top.y, top.h, top.h)
        scene.add("token", tok, None, seat=owner, colour=seat_colour(owner), label=str(owner + 1))
        if order is not None:
            scene.text({1: "1st", 2: "2nd", 3: "3rd"}.get(order, f"{order}th"),
                       Rect(tok.x - m.small * 2, top.y, m.small * 2 - 2, top.h),
                       sizes=(m.small,), colour=(30, 30, 36), align="right", priority=INFO)
    cells = droids.cols(1, 1, gap=m.pad // 2)
    for cell, pips in zip(cells, card.colours):
        scene.add("droid", cell.square().inset(1), None, pips=pips)
    if spot:
        icon = {"Coin": "coin", "Comet": "comet"}.get(spot, "power")
        if one_line:
            icon_r, name_r = bottom.cols(-bottom.h, 1, gap=2)
            scene.add("icon", icon_r, None, name=icon)
            scene.text(spot, name_r, sizes=(m.small,), colour=(30, 30, 36))
        else:  # a long power-up name: icon and first word, then the rest
            first, second = bottom.rows(1, 1)
            icon_r, name_r = first.cols(-first.h, 1, gap=2)
            scene.add("icon", icon_r, None, name=icon)
            words = spot.split()
            scene.text(words[0], name_r, sizes=(m.small,), colour=(30, 30, 36))
            if len(words) > 1:
                scene.text(" ".join(words[1:]), second, sizes=(m.small,), colour=(30, 30, 36), align="center")
    scene.facts.setdefault("cards", {})[cid] = {"letter": letter, "colours": list(card.colours),
                                                "spot": card.spot, "owner": owner}


def feed_text(text: str, letters: dict[str, str]) -> str:
    """An engine event as players say it: a card's id and description
    become its letter ("Seat 2 claims T19 yellow/red + coin" -> "Seat 2
    claims card C")."""
    for cid, letter in letters.items():
        if cid in text:
            desc = default_components().card(cid).describe()
            text = text.replace(desc, f"card {letter}").replace(cid, f"card {letter}")
    return re.sub(r"\s*\((?:RG|CAB)-\d+\)|,? ?\(?tie, coin flip, CAB-4\)?", lambda mt: " (tie: coin flip)"
                  if "tie" in mt.group(0) else "", text)


def _cards_fit(scene: Scene, r: Rect, view: dict[str, Any], letters: dict[str, str]) -> bool:
    """True when the face-up cards, their third spots' names included,
    fit ``r`` side by side at the smallest text size."""
    m = scene.metrics
    n = max(1, len(letters))
    widest = max((scene.measure(_spot_words(default_components().card(c)), m.small)[0] for c in letters), default=0)
    need = widest + 2 * (m.pad // 2 + 3) + scene.measure("Ag", m.small)[1] + 4
    deck_w = max(r.h * 2 // 5, scene.measure("99", m.small)[0] + m.pad)
    return (r.w - deck_w - m.pad) // n - m.pad >= need


def _cards_row(scene: Scene, r: Rect, view: dict[str, Any], letters: dict[str, str],
               pointing: dict[str, list[int]] | None = None) -> None:
    m = scene.metrics
    pointing = pointing or {}
    owner = {s["claim"]: s["seat"] for s in view["seats"] if s.get("claim")}
    order = {p: i + 1 for i, p in enumerate(view.get("claim_order") or [])}
    pending = set(view.get("claims_pending") or [])
    ids = sorted(letters, key=lambda c: letters[c])
    n = max(len(ids), 1)
    deck_w = max(r.h * 2 // 5, scene.measure("99", m.small)[0] + m.pad)
    cards_r, deck_r = r.cols(1, -deck_w, gap=m.pad)
    widest = max((max(scene.measure(w, m.small)[0] for w in (_spot_words(default_components().card(c)) or "-").split())
                  for c in ids), default=0)
    card_w = min(cards_r.w // n - m.pad, max(int(r.h * 0.9), widest + 2 * (m.pad // 2 + 3) + scene.measure("Ag", m.small)[1] + 4))
    x = cards_r.x
    for cid in ids:
        p = owner.get(cid)
        _target_card(scene, Rect(x, r.y, card_w, r.h), cid, letters[cid], p,
                     order.get(p) if p is not None else None, False, view.get("first_game", False),
                     pointing.get(cid))
        x += card_w + m.pad
    if not ids:
        scene.text("No cards face up", cards_r, sizes=(m.small,), colour=DIM)
    icon_r, count_r = deck_r.rows(1, -scene.measure("Ag", m.small)[1])
    scene.add("icon", icon_r.square(), None, name="deck")
    scene.text(str(view["deck_left"]), count_r, sizes=(m.small,), align="center", colour=DIM)
    if pending:
        scene.facts["pending"] = sorted(pending)


def seat_doing(view: dict[str, Any], seat: dict[str, Any], letters: dict[str, str], active: list[int],
               chosen: dict[str, Any] | None = None) -> str:
    """What a seat must do now, in a few words for its banner; with the
    choice under the seat's cursor (``chosen``), what its press would do
    ("claim C?", "reroll?")."""
    phase = view["phase"]
    p = seat["seat"]
    if phase in ("roll", "stop"):
        if seat.get("claim"):
            return f"card {letters.get(seat['claim'], '?')}"
        if p in (view.get("claims_pending") or []):
            return "grabs"
        if chosen is not None and chosen.get("type") == "claim":
            return f"claim {letters.get(chosen.get('card'), '?')}?"
        if chosen is not None and chosen.get("type") == "reroll":
            return "reroll?"
        if phase == "stop" and view.get("stop_seat") == p:
            return "last claim"
        return "roll" if seat["dice"] is None else "claim"
    if phase == "blast":
        return "blasts" if view["turn"]["seat"] == p else ""
    if phase == "unlock":
        if p in active and chosen is not None and chosen.get("type") == "unlock":
            return f"{label(chosen).removeprefix('unlock ')}?"
        if p in active and chosen is not None and chosen.get("type") == "keep":
            return "keep?"
        return "unlock?" if p in active else ""
    return ""


def _sheet_group(scene: Scene, r: Rect, view: dict[str, Any], seat: dict[str, Any], lit: set[int],
                 doing: str = "", lit_trophy: int = 0) -> tuple[Rect, int]:
    """The still part of a seat's sheet folded into one group (banner,
    bosses, droids, trophies, counts); returns the dice row and die size."""
    m = scene.metrics
    p = seat["seat"]
    turn = view.get("turn")
    mine = bool(turn and turn["seat"] == p)
    start = len(scene.nodes)
    line_h = scene.measure("Ag", m.medium)[1] + m.pad
    banner_r, rest = r.rows(-line_h, 1, gap=m.pad // 2)
    seat_banner(scene, banner_r, p, score=f"{seat['score']} pt{'s' if seat['score'] != 1 else ''}", active=mine, doing=doing,
                key=f"banner:{p}")
    scene.facts.setdefault("scores", {})[p] = seat["score"]
    body = rest.inset(m.pad // 2)
    dice_h = min(body.h // 6, body.w // 8)
    dice_r, grid_area = body.rows(-dice_h, 1, gap=m.pad // 2)
    # grid with bosses, and the side column: trophies, coins, power-ups
    small_h = scene.measure("Ag", m.small)[1]
    min_side = small_h * 2 + m.pad
    beside = max(8, min(grid_area.h // 6, (grid_area.w - min_side - m.pad) // 5))
    below_h = small_h * 2 + m.pad * 2
    under = max(8, min((grid_area.h - below_h) // 6, grid_area.w // 5))
    counts_w = small_h + scene.measure("99", m.small)[0] + 6
    tro_h = min(grid_area.w // 6, small_h * 4 // 3)
    hybrid = max(8, min((grid_area.h - tro_h - m.pad) // 6, (grid_area.w - counts_w - m.pad) // 5))
    beside_tro = min((grid_area.w - beside * 5 - m.pad) // 2, beside)
    layout = "under" if under > beside else ("hybrid" if beside_tro < small_h and hybrid >= beside - 2 else "beside")
    if layout == "hybrid":  # narrow sheet: trophies in a row under the grid, counts beside it
        cell = hybrid
        grid_r = Rect(grid_area.x, grid_area.y, cell * 5, cell * 6)
        side = Rect(grid_area.x, grid_r.bottom + m.pad // 2, grid_area.w, tro_h)
    elif layout == "under":  # tall sheet: trophies and counts go under the grid
        cell = under
        grid_r = Rect(grid_area.x, grid_area.y, cell * 5, cell * 6)
        side = Rect(grid_area.x, grid_r.bottom + m.pad, grid_area.w, grid_area.bottom - grid_r.bottom - m.pad)
    else:
        cell = beside
        grid_r = Rect(grid_area.x, grid_area.y, cell * 5, cell * 6)
        side = Rect(grid_r.right + m.pad, grid_area.y, grid_area.right - grid_r.right - m.pad, grid_r.h)
    now = set(turn["cells"]) if mine else set()
    for c in range(5):
        scene.add("boss", Rect(grid_r.x + c * cell, grid_r.y, cell, cell).inset(max(1, cell // 10)), None,
                  defeated=bool(seat["bosses"][c]))
    for k in range(25):
        rr, cc = divmod(k, 5)
        scene.add("droid", Rect(grid_r.x + cc * cell, grid_r.y + (rr + 1) * cell, cell, cell).inset(1),
                  None, pips=seat["pips"][k], blasted=bool(seat["blasted"][k]), recent=k in now,
                  lit=k in lit and not seat["blasted"][k])
    if layout == "hybrid":
        tcols, tro_cell = 6, min(side.w // 6, tro_h)
    elif layout == "under":
        tcols, tro_cell = 6, min(side.w // 6, small_h + m.pad)
    else:
        tcols = 3 if side.w >= 3 * small_h else 2
        tro_cell = min(side.w // tcols, cell)
    trows = -(-6 // tcols)
    tro_r, rest_side = side.rows(-(tro_cell * trows), 1, gap=m.pad // 2)
    for i in range(6):
        rr, cc = divmod(i, tcols)
        scene.add("icon", Rect(tro_r.x + cc * tro_cell, tro_r.y + rr * tro_cell, tro_cell, tro_cell).inset(1),
                  None, name="trophy", won=bool(seat["trophies"][i]), label=str(i + 1), lit=lit_trophy == i + 1)
    coins_left = seat["coins_marked"] - seat["coins_spent"]
    held = seat.get("hand_cards")
    n_hand = len(held) if held is not None else seat["hand_count"]
    counts = [("coin", coins_left, "coin", "coins"), ("deck", n_hand, "locked", "locked"),
              ("power", len(seat["unlocked"]), "unlocked", "unlocked")]
    spare = grid_area.bottom - grid_r.bottom - m.pad
    if layout == "hybrid":
        col = Rect(grid_r.right + m.pad, grid_area.y + cell, grid_area.right - grid_r.right - m.pad, cell * 5)
        rows = col.rows(*([-small_h] * len(counts)), 1, gap=m.pad)
    elif layout == "under":
        rows = rest_side.rows(-small_h, 1)[0].cols(1, 1, 1, gap=m.pad) + [Rect(0, 0, 0, 0)]
    elif spare >= small_h:  # room under the grid: the counts go there in a row
        row = Rect(grid_area.x, grid_r.bottom + m.pad, grid_area.w, small_h)
        rows = row.cols(1, 1, 1, gap=m.pad) + [rest_side]
    else:
        rows = rest_side.rows(*([-small_h] * len(counts)), 1, gap=m.pad // 2)
    for (icon, n, one, many), row in zip(counts, rows):
        if row.bottom > grid_area.bottom:
            break
        ir, tr = row.cols(-small_h, 1, gap=4)
        scene.add("icon", ir, None, name=icon)
        if scene.text(f"{n} {one if n == 1 else many}", tr, sizes=(m.small,), priority=INFO) is None:
            scene.dropped.pop()
            scene.text(str(n), tr, sizes=(m.small,))
    names = list(seat["unlocked"])
    if names and rows[-1].h > 0:
        scene.lines([(n, INFO) for n in names], rows[-1], size=m.small, colour=(120, 230, 250))
    scene.facts.setdefault("coins", {})[p] = coins_left
    scene.group(start, r, None)
    return dice_r, dice_h


def _sheet(scene: Scene, r: Rect, view: dict[str, Any], seat: dict[str, Any], lit: set[int],
           letters: dict[str, str], doing: str = "", lit_trophy: int = 0,
           held: list[int] | None = None) -> None:
    """One seat's sheet (RG-1): banner, dice as read (``held``: a reading
    the seat is checking, ruling CAB-6, drawn in a gold ring: not in
    the game yet), bosses above the 5
    columns, the 5 x 5 droids (blasted crossed off, this turn's in white,
    the chosen plan's lit), trophies 1-6, coins, power-ups.  The still part
    is memoised by what it shows (it changes a few times a round)."""
    p = seat["seat"]
    turn = view.get("turn")
    mine = bool(turn and turn["seat"] == p)
    memo_key = (r, scene.width, scene.height, id(getattr(scene.measure, "__self__", scene.measure)), repr(sorted(seat.items())),
                tuple(sorted(lit)), tuple(turn["cells"]) if mine else (), mine, doing, lit_trophy)
    hit = _SHEETS.get(memo_key)
    if hit is not None:
        _SHEETS.move_to_end(memo_key)
        group, dice_r, dice_h = hit
        scene.nodes.append(group)
        scene.facts.setdefault("scores", {})[p] = seat["score"]
        scene.facts.setdefault("coins", {})[p] = seat["coins_marked"] - seat["coins_spent"]
    else:
        dice_r, dice_h = _sheet_group(scene, r, view, seat, lit, doing, lit_trophy)
        _SHEETS[memo_key] = (scene.nodes[-1], dice_r, dice_h)
        while len(_SHEETS) > 64:
            _SHEETS.popitem(last=False)
    # the dice row stays outside the group: new readings animate in
    if mine:
        values, spent = turn["pool"], turn["spent"]
    else:
        values, spent = seat["dice"] or [], []
    shown_n = len(held[:9]) if held and view["phase"] in ("roll", "stop") else len(values[:9])
    step, dice_h = _dice_step(dice_r, dice_h, max(6, shown_n))
    if held and view["phase"] in ("roll", "stop"):
        # the reading the seat checks replaces its dice in the game (a reroll's old dice are gone)
        values, spent = [], []
        for i, v in enumerate(held[:9]):
            scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), f"held:{p}:{i}",
                      value=v, state="read", ring=GOLD, body=DIE_TINT.get(v))
        scene.facts.setdefault("held", {})[p] = list(held)
    elif seat["dice"] is None and not mine and view["phase"] in ("roll", "stop"):
        for i in range(6):
            scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), None,
                      value=None, state="reading", ring=None)
    for i, v in enumerate(values[:9]):
        scene.add("die", Rect(dice_r.x + i * step, dice_r.y, dice_h, dice_h), f"die:{p}:{i}",
                  value=v, state="read", dim=bool(spent and i < len(spent) and spent[i]), body=DIE_TINT.get(v))
    scene.facts.setdefault("dice", {})[p] = list(seat["dice"] or [])


def _dice_step(dice_r: Rect, dice_h: int, n: int) -> tuple[int, int]:
    """(step, size) in px of ``n`` dice side by side in the seat's dice row
    ``dice_r``: the row's height, smaller when ``n`` dice (a Cube Friend's
    7th, a coin's copies) would run past the sheet into the next seat's
    (issue 34: eight dice spilled over)."""
    gap = 3
    size = max(4, min(dice_h, (dice_r.w - gap * (n - 1)) // n))
    return size + gap, size


#: Dice drawn in a light tint of their droid's colour (RG-3), pips black,
#: so a seat's dice match the droids on its sheet at a glance.
DIE_TINT = {1: (250, 236, 150), 2: (250, 200, 150), 3: (248, 190, 222), 4: (186, 232, 180),
            5: (246, 168, 160), 6: (170, 200, 246)}

#: The book's solo target: "try to achieve the ultimate high score: 49 points".
ULTIMATE = 49


def _solo_goal(scene: Scene, r: Rect, seat: dict[str, Any]) -> None:
    """Solo: the score so far against the ultimate high score (49)."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL)
    inner = r.inset(m.pad)
    line_h = scene.measure("Ag", m.medium)[1]
    head, num, bar, note = inner.rows(-line_h, -scene.measure("Ag", m.large)[1], -max(12, line_h // 2), 1,
                                      gap=m.pad)
    scene.text("Solo score", head, sizes=(m.medium, m.small), colour=GOLD)
    scene.text(f"{seat['score']} of {ULTIMATE} pts", num, sizes=(m.large, m.medium, m.small))
    scene.add("bar", bar, None, frac=min(1.0, seat["score"] / ULTIMATE), colour=GOLD)
    scene.lines([("The book's ultimate high score is 49", INFO)], note, size=m.small, colour=DIM)


def _final(scene: Scene, r: Rect, game, view: dict[str, Any]) -> None:
    """Game over ("5 - Game Over"): who won, ties broken by unspent coins
    (RG-11) or shared, and each seat's points: droids 1, bosses 3,
    trophies 1 each and 3 more for all six."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL, border=GOLD, radius=m.pad)
    inner = r.inset(m.pad)
    head_h = scene.measure("Ag", m.large)[1]
    head, rest = inner.rows(-head_h, 1, gap=m.pad // 2)
    from engines.results import game_result
    scene.text("Game over", head, sizes=(m.large, m.medium), colour=GOLD)
    lines = [(game_result(game).headline, NEED)]  # the one result the report and simulate give too
    for s in sorted(view["seats"], key=lambda s: -s["score"]):
        droids, bosses, troph = sum(s["blasted"]), sum(s["bosses"]), sum(s["trophies"])
        coins = s["coins_marked"] - s["coins_spent"]
        parts = [f"{droids} droid{'s' if droids != 1 else ''}"]
        if bosses:
            parts.append(f"{bosses} boss{'es' if bosses != 1 else ''}")
        parts.append(f"{troph} troph{'ies' if troph != 1 else 'y'}" + (" (all: +3)" if troph == 6 else ""))
        parts.append(f"{coins} coin{'s' if coins != 1 else ''}")
        lines.append((f"Seat {s['seat'] + 1}: {s['score']} pts: " + ", ".join(parts), INFO))
    scene.lines(lines, rest, size=m.small)
    scene.facts["final"] = [s["score"] for s in view["seats"]]


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
        return info
    solo = len(view["seats"]) == 1
    if phase in ("roll", "stop"):
        if phase == "stop":
            s = view["stop_seat"]
            left = view["rerolls_left"]
            who = "" if solo else f"Seat {s + 1} claims last: "
            info.update(head="Time!" if solo else "Stop!", colour=ALERT,
                        lines=[(f"{who}{plural(left, 'reroll')} left", NEED)])
            if solo:
                info["lines"].append(("2 dice from the box removed cards", INFO))
        else:
            pend = view.get("claims_pending") or []
            # while claims wait out the settle window (RG-12) that is the news;
            # the standing prompt may then give way where there is no room
            lines = [("Press your button to claim a card", INFO if pend else NEED)]
            if pend:
                who = sorted(pend)
                lines.insert(0, ((f"Seat {who[0] + 1} grabs" if len(who) == 1 else
                                  "Seats " + ", ".join(str(p + 1) for p in who) + " grab"), NEED))
            info.update(head="Roll!", lines=lines)
        if solo:
            # RG-10: the book hides the timer: an hourglass says it runs, never how long is left
            info["clock"] = ("time", 1.0, ALERT) if phase == "stop" else ("running", 0.0, (120, 200, 250))
            if phase == "roll":
                info["lines"].append(("The hidden 25 s timer is running", INFO))
        return info
    if phase == "blast":
        turn = view["turn"]
        p = turn["seat"]
        plans = turn_plans(game, view)
        info.update(head=f"Seat {p + 1} blasts", colour=seat_colour(p))
        if not plans:
            info["lines"] = [("Choose droids on the seat screen", NEED)]
            return info
        chosen = _selected_action(game, p, context)
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
            if selected is None:    # a step in no plan ("done blasting"): nothing lit, as on the OLED
                return info
        if plan.cells:
            info["lines"].append(("lit on the sheet", INFO))
        info["lit"] = set(plan.cells)
        info["lit_trophy"] = plan.trophy or 0
        info["plan"] = {"seat": p, "index": shown, "cells": sorted(plan.cells), "points": plan.points}
        return info
    if phase == "unlock":
        who = ", ".join(f"Seat {p + 1}" for p in game.active_players())
        info.update(head="Power-ups", lines=[(f"{who}: unlock one or keep it", NEED)])
        return info
    if phase == "over":
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
        info.update(head="Game over", lines=lines)
    return info


def _place_phase(scene: Scene, r: Rect, info: dict[str, Any], feed: list[str], strip: bool) -> None:
    """Draw the phase information as a box beside the cards or, on a narrow
    screen, as a strip under them (same information, the feed dropped
    first)."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL)
    inner = r.inset(m.pad // 2 if strip else m.pad)
    lines = list(info["lines"]) + [(t, FEED) for t in feed]
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
    scene.lines(lines, rest, size=m.small)


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
    status = f"Round {max(1, view['round'])} of {view['rounds']}"
    todo = PHASE_TODO.get(view["phase"], "")
    if (context.get("banner") or "").isdigit():
        todo = "Get ready: roll when it says Roll!"
    contest = todo_words(context.get("readings"))
    if contest:   # ruling CAB-6: a seat rejected its reading, or enters it by hand
        todo = header_todo(scene, hdr, "Retrograde", status, [contest, todo_words(context.get("readings"), True)])
        scene.facts["contest"] = todo
    header(scene, hdr, "Retrograde", status, context.get("notice") or todo)
    body = body.inset(m.pad)
    info = _phase_info(game, view, context)
    cursors = cursor_choices(game, context) if view["phase"] in ("roll", "stop", "unlock") else {}
    feed = [feed_text(t, letters) for t in list(context.get("last_events") or [])[-3:]]
    top, sheets = body.rows(0.36, 0.64, gap=m.pad)
    if view["phase"] == "over":  # the result takes the cards' place (no dice to show now)
        top, sheets = body.rows(0.45, 0.55, gap=m.pad)
        _final(scene, top, game, view)
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
    lit = info["lit"]
    if "plan" in info:
        scene.facts["plan"] = info["plan"]
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
    for seat, col in zip(view["seats"], cols):
        doing = banner_words(context.get("readings"), seat["seat"], short=col.w < 12 * m.medium) \
            or seat_doing(view, seat, letters, active, cursors.get(seat["seat"]))
        mine = seat["seat"] == blaster
        reading = (context.get("readings") or {}).get(seat["seat"]) or {}
        _sheet(scene, col, view, seat, lit if mine else set(), letters, doing,
               info.get("lit_trophy", 0) if mine else 0,
               reading.get("values") if reading.get("state") == "check" else None)
        if doing:
            scene.facts.setdefault("doing", {})[seat["seat"]] = doing
    if info["countdown"]:  # the 3-2-1 over the sheets: nothing else happens until the roll
        glyph_h = min(sheets.h, scene.height // 3)
        over = Rect(sheets.x + sheets.w // 2 - glyph_h, sheets.y + (sheets.h - glyph_h) // 2, glyph_h * 2, glyph_h)
        scene.add("panel", over, None, fill=(30, 33, 44), border=GOLD, radius=m.pad * 2)
        scene.add("glyph", over, "countdown", text=info["countdown"], size=glyph_h * 9 // 10, colour=GOLD)
        scene.facts["countdown"] = info["countdown"]
    return scene


def countdown(game, view: dict[str, Any]) -> bool:
    """True at the moment a roll starts (2 - Roll Dice with no die read and
    no card claimed yet): the runtime shows the 3-2-1 countdown then."""
    if view.get("phase") != "roll":
        return False
    return (all(s.get("dice") is None and s.get("claim") is None for s in view["seats"])
            and not view.get("claims_pending"))


# ------------------------------------------------------------ OLED
def label(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A short OLED label (at most 21 characters) for a Retrograde action;
    with the view, claims name the card's letter and blasts the dice."""
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
    elif kind in ("blast", "comet"):
        cell = action.get("cell", 0)
        vals = "+".join(str(pool[i]) for i in action.get("dice", []) if i < len(pool))
        out = f"{kind} {cell_text(cell)} {vals}".strip()
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


def choice_order(game, seat: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's choices in the screen's order: the claims follow the
    cards' letters A, B, C, D as drawn (not the deck's order); every other
    choice keeps its place (issue 34)."""
    claims = [a for a in acts if a.get("type") == "claim"]
    if len(claims) < 2:
        return acts
    letters = card_letters(game.view(None))
    ordered = iter(sorted(claims, key=lambda a: letters.get(a.get("card"), "~")))
    return [next(ordered) if a.get("type") == "claim" else a for a in acts]


def _rank_text(view: dict[str, Any], seat: int) -> str:
    """"place 2 of 3" by points, then unspent coins (RG-11)."""
    mine = view["seats"][seat]
    key = (mine["score"], mine["coins_marked"] - mine["coins_spent"])
    better = sum(1 for s in view["seats"] if (s["score"], s["coins_marked"] - s["coins_spent"]) > key)
    return f"place {better + 1} of {len(view['seats'])}"


def _hand(frame: OledFrame, x: int, y: int, me: dict[str, Any]) -> None:
    """The seat's unspent coins and power-up cards (held, and unlocked),
    in words on one line."""
    coins = me["coins_marked"] - me["coins_spent"]
    held = len(me.get("hand") or [])
    parts = [f"{coins} coin{'s' if coins != 1 else ''}"]
    if held:
        parts.append(f"{held} held")
    if me["unlocked"]:
        parts.append(f"{len(me['unlocked'])} on")
    frame.best(x, y, [", ".join(parts), ", ".join(parts[:2]), parts[0]])


def plan_words(plan, coins: bool = False) -> str:
    """What a blast plan does (RG-9): "4 droids, 1 boss, trophy 3" (and
    the coins it spends with ``coins``); "nothing to blast" when empty."""
    bits = []
    if plan.cells:
        bits.append(f"{len(plan.cells)} droid{'s' if len(plan.cells) != 1 else ''}")
    if plan.bosses:
        bits.append(f"{plan.bosses} boss{'es' if plan.bosses != 1 else ''}")
    if plan.trophy:
        bits.append(f"{plan.trophy}-pip trophy")    # the book's words ("my 4-pip trophy"), never "trophy 1"
    if coins and plan.coins:
        bits.append(f"{plan.coins} coin{'s' if plan.coins != 1 else ''}")
    return ", ".join(bits) or "nothing to blast"


def _mini_sheet(frame: OledFrame, x: int, y: int, cell: int, me: dict[str, Any], lit: set[int]) -> None:
    """The seat's 5 x 5 sheet in miniature: blasted droids filled, the
    plan's droids as hollow squares with a dot, the rest as dots."""
    d = frame.draw
    d.rectangle((x - 2, y - 2, x + 5 * cell, y + 5 * cell), outline=1)
    for k in range(25):
        r, c = divmod(k, 5)
        x0, y0 = x + c * cell, y + r * cell
        if me["blasted"][k]:
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
    letters = card_letters(view)
    shown = controls.shown(game)
    choices = shown.choices
    prompt = (context.get("prompts") or {}).get(seat)
    body_bottom = f.H - 14 if choices else f.H
    if choices:
        text, pos = label(shown.chosen, view), None
        n_plans = sum(1 for a in choices if a.get("type") == "plan")
        if n_plans and shown.chosen.get("type") == "plan":   # the HDMI's words: "plan 2 of 5" (issue 34)
            text, pos = f"plan {shown.chosen.get('plan')} of {n_plans}", ""
        elif n_plans:                                        # a single step: counted among the steps
            pos = f"{shown.cursor - n_plans + 1}/{len(choices) - n_plans}"
        body_bottom = f.choice(text, shown.cursor, len(choices), shown.armed, pos=pos)
    y = 14
    if prompt:   # its gist on one line where the seat's dice must fit under it above the choice
        y = f.message(2, y, str(prompt), max_lines=1 if choices and phase in ("roll", "stop", "blast") else 2)
    banner = context.get("banner") or ""
    if phase == "over":
        f.glyph(0, y, f.W, "GAME OVER", size=16)
        f.text(2, y + 22, _rank_text(view, seat))
    elif phase in ("roll", "stop"):
        waiting = any(r.get("player") == seat for r in game.chance_requests())
        if banner.isdigit():
            f.glyph(0, y, f.W, banner, size=30)
        elif me.get("claim"):
            f.card(2, y, 22, 30, letters.get(me["claim"], "?"))
            f.text(28, y + 2, "claimed")
            f.text(28, y + 16, f"card {letters.get(me['claim'], '?')}")
        elif me["dice"] is None:
            f.glyph(0, y, f.W, "ROLL!", size=24)
        else:
            n = len(me["dice"][:9])
            size = min(19, (f.W - 4 - 2 * (n - 1)) // max(1, n))     # a Cube Friend's 7th and 8th fit too
            for i, v in enumerate(me["dice"][:9]):
                f.die(2 + i * (size + 2), y, size, v)
            word = ""
            if shown.armed and shown.chosen is not None and shown.chosen.get("type") == "reroll":
                word = "press again to reroll"       # ruling RG-15: a reroll arms first
            elif phase == "stop" and view["stop_seat"] == seat:
                word = f"{'Time!' if len(view['seats']) == 1 else 'Stop!'} {plural(view['rerolls_left'], 'reroll')}"
            elif seat in (view.get("claims_pending") or []):
                word = "claim pressed"
            elif waiting:
                word = "reroll or claim"
            if word and y + 34 <= body_bottom:
                f.best(2, y + 22, [word, word.replace(" to ", ": ")])
    elif phase == "blast":
        turn = view["turn"]
        if turn["seat"] != seat:
            f.text(2, y, f"Seat {turn['seat'] + 1} blasts")
            if me.get("claim"):
                f.text(2, y + 12, f"your card: {letters.get(me['claim'], '?')}")
            _hand(f, 2, y + 24, me)
        else:
            plans = turn_plans(game, view)
            chosen = shown.chosen
            k = _plan_index(plans, chosen, view) if plans else None
            lit = set(plans[k].cells) if k is not None else set()
            _mini_sheet(f, f.W - 31, y, 6, me, lit)
            # bottom up: the dice 2 px above the choice band (inverted when armed: white dice must not
            # run into it), then each line above them only where its ink ends above the dice
            dice_y = body_bottom - 13
            if shown.armed:   # the choice (its points in the band) waits for its confirm press
                if y + 8 < dice_y:
                    f.text(2, y - 1, "press again", room=f.W - 36)
                if y + 19 < dice_y:
                    f.text(2, y + 10, "to confirm", room=f.W - 36)
            elif k is not None:
                pts = plans[k].points
                if y + 13 < dice_y:
                    f.text(2, y - 1, f"+{pts} pt{'s' if pts != 1 else ''}", 13, room=f.W - 36)
                words = plan_words(plans[k])
                if y + 22 < dice_y:
                    f.best(2, y + 13, [words, words.split(",")[0], "nothing"], room=f.W - 36)
            elif y + 16 < dice_y:
                f.glyph(0, y, f.W - 34, "BLAST!", size=16)
            pool = turn["pool"]
            shown_dice = list(zip(pool, turn["spent"]))[:9]
            size = min(12, (f.W - 36 - 2 * (len(shown_dice) - 1)) // max(1, len(shown_dice)))
            for i, (v, spent) in enumerate(shown_dice):
                f.die(2 + i * (size + 2), dice_y, size, v, dim=spent)
    elif phase == "unlock":
        if seat in game.active_players():
            f.glyph(0, y, f.W, "UNLOCK?", size=16)
        else:
            f.text(2, y, "others unlock")
        _hand(f, 2, y + 24, me)
    return f
