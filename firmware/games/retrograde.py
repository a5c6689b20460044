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

from collections import OrderedDict
from typing import Any

from engines.retrograde.components import LETTERS, colour_of, default_components
from firmware.controls import describe_action
from firmware.ui.model import Panel, ScreenModel

SEAT_COLOURS = [(220, 80, 70), (70, 140, 230), (240, 200, 60), (90, 190, 110)]
CARD_ACCENT = (200, 150, 60)
PLAN_ACCENT = (230, 120, 150)
OLED_CHARS = 21
PLAN_LIMIT = 5
PHASE_WORDS = {"roll": "2 - Roll Dice", "stop": "2 - Roll Dice: Stop!", "blast": "3 - Blast Droids",
               "unlock": "4 - End the Round", "over": "Game over"}

#: Power-up names short enough for an OLED line (Power-Up Glossary).
SHORT_POWER = {"Super Coin": "SCoin", "Rolypoly": "Roly", "Cube Friend": "Cube", "Frogger": "Frog",
               "Snake Eye": "Snake", "2 Wild": "2Wild", "Odd Eye": "Odd", "Even Steven": "Even"}

_PLAN_CACHE: OrderedDict[tuple, list] = OrderedDict()
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


def card_text(card_id: str) -> str:
    """A target card's colour pair and third spot, e.g. "pink/blue +coin"
    (ruling RG-2)."""
    card = default_components().card(card_id)
    names = "/".join(colour_of(p) for p in card.colours)
    extra = {"none": "", "coin": " +coin", "comet": " +comet"}.get(card.spot, f" +{card.power_up}")
    return names + extra


def seat_name(seat: int) -> str:
    """Seat 0 is "Seat 1" (the engine's words)."""
    return f"Seat {seat + 1}"


def dice_text(values: list[int] | None) -> str:
    """"3 3 5 5 6 1" or "-" before the first reading."""
    return " ".join(str(v) for v in values) if values else "-"


def cell_text(cell: int) -> str:
    """Row and column of a droid, 1-based: "r2c4"."""
    return f"r{cell // 5 + 1}c{cell % 5 + 1}"


def sheet_rows(seat: dict[str, Any], turn_cells: list[int] | None = None) -> list[str]:
    """The 5 x 5 droids as colour letters (Y O P G R B, ruling RG-3); a
    droid blasted in an earlier round is "x", one blasted this turn "*"."""
    rows = []
    now = set(turn_cells or [])
    for r in range(5):
        cells = []
        for c in range(5):
            k = r * 5 + c
            if seat["blasted"][k]:
                cells.append("*" if k in now else "x")
            else:
                cells.append(LETTERS[seat["pips"][k] - 1])
        rows.append(" ".join(cells))
    return rows


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
    turn = view["turn"]
    seat = view["seats"][turn["seat"]]
    copies = 1 + seat["unlocked"].count("Super Coin")
    return plan_of(plans, action, turn["pool"], turn["seat"], len(seat["dice"] or []), copies)


def plan_text(plan) -> str:
    """"+7 VP 4 dr T5" / "+2 VP r1c4 T1" style summary of a plan: points,
    droids (their cells when at most 2), bosses, trophy pips (T), coins
    spent (c)."""
    parts = [f"+{plan.points} VP"]
    if 0 < len(plan.cells) <= 2:
        parts.append(" ".join(cell_text(c) for c in plan.cells))
    elif plan.cells:
        parts.append(f"{plan.droids} dr")
    if plan.bosses:
        parts.append(f"{plan.bosses} boss")
    if plan.trophy:
        parts.append(f"T{plan.trophy}")
    if plan.coins:
        parts.append(f"{plan.coins}c")
    return " ".join(parts)


def plan_detail(plan) -> list[str]:
    """The droids (row/column) and extras of one plan, for the screen."""
    lines = []
    cells = [cell_text(c) + ("*" if c == plan.comet_cell else "") for c in plan.cells]
    for i in range(0, len(cells), 4):
        lines.append(("droids " if i == 0 else "  ") + " ".join(cells[i:i + 4]))
    extra = []
    if plan.trophy:
        extra.append(f"trophy {plan.trophy}")
    if plan.coins:
        extra.append(f"{plan.coins} coin{'s' if plan.coins > 1 else ''}")
    if plan.rows:
        extra.append(f"{plan.rows} row{'s' if plan.rows > 1 else ''}")
    if extra:
        lines.append(", ".join(extra))
    return lines or ["nothing to blast: done"]


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
    acts = c.refresh(game)
    return acts[c.cursor] if acts else None


# ------------------------------------------------------------ HDMI
def _cards_panel(view: dict[str, Any], letters: dict[str, str], dice: dict[str, Any] | None = None) -> Panel:
    """Face-up and claimed target cards (RG-2, RG-7): letter, claimer,
    colour pair and third spot; a long power-up name gets its own line."""
    owner = {s["claim"]: s["seat"] for s in view["seats"] if s.get("claim")}
    pending = set(view.get("claims_pending") or [])
    lines, hi = [], set()
    texts = {cid: (f"{letter} P{owner[cid] + 1} {card_text(cid)}" if cid in owner
                   else f"{letter}  {card_text(cid)}") for cid, letter in letters.items()}
    long = [cid for cid, t in texts.items() if len(t) > 20 and default_components().card(cid).spot == "power-up"]
    room = len(letters) + len(long) + bool(pending) <= 6  # split long lines only while all fit
    for cid, letter in sorted(letters.items(), key=lambda kv: kv[1]):
        text = texts[cid]
        rows = [text]
        if room and cid in long:
            head, tail = text.rsplit(" +", 1)
            rows = [head, f"     +{tail}"]
        if cid in owner:
            hi.update(range(len(lines), len(lines) + len(rows)))
        lines.extend(rows)
    if pending:
        lines.append("grabbing: " + ", ".join(f"P{p + 1}" for p in sorted(pending)))
    if not lines:
        lines.append("none face up")
    if len(lines) < 6:
        lines.append(f"deck: {view['deck_left']} cards")
    if dice and dice.get("dice_read") is not None and dice.get("requests"):
        lines.append(f"dice read {dice['dice_read']}, misread {dice.get('misread', 0)}")
    return Panel("Target cards", lines, accent=CARD_ACCENT, highlight=hi)


def _seat_panel(view: dict[str, Any], seat: dict[str, Any], letters: dict[str, str]) -> Panel:
    """One seat's sheet (RG-1): dice, bosses, the 5 x 5 droids with the
    card, coins, trophies and power-ups beside the rows."""
    p = seat["seat"]
    turn = view.get("turn")
    mine = bool(turn and turn["seat"] == p)
    rows = sheet_rows(seat, turn["cells"] if mine else None)
    coins_left = seat["coins_marked"] - seat["coins_spent"]
    trophies = "".join(str(i + 1) for i, t in enumerate(seat["trophies"]) if t) or "-"
    if mine:  # spent dice shown as "_"
        dice = " ".join("_" if spent else str(v) for v, spent in zip(turn["pool"], turn["spent"]))
    else:
        dice = dice_text(seat["dice"])
    claim = letters.get(seat["claim"], "-") if seat.get("claim") else "-"
    side = [f"card {claim}", f"coins {coins_left}/{seat['coins_marked']}", f"troph {trophies}",
            f"power {len(seat['unlocked'])}", f"hand {seat['hand_count']}"]
    lines = [f"dice {dice}", " ".join("B" if b else "." for b in seat["bosses"]) + "  bosses"]
    lines += [f"{r}  {x}" for r, x in zip(rows, side)]
    if seat["unlocked"]:
        lines.append(", ".join(seat["unlocked"]))
    return Panel(f"Seat {p + 1}: {seat['score']} pts", lines, accent=SEAT_COLOURS[p % len(SEAT_COLOURS)],
                 highlight={0} if mine else set())


def _phase_panel(game, view: dict[str, Any], context: dict[str, Any]) -> Panel | None:
    phase = view["phase"]
    if phase == "blast":
        turn = view["turn"]
        p = turn["seat"]
        plans = turn_plans(game, view)
        if not plans:
            return Panel("Blast planner", [f"{seat_name(p)} blasts", "(turn resumed: no plan)"],
                         accent=PLAN_ACCENT)
        selected = _plan_index(plans, _selected_action(game, p, context), view)
        shown = 0 if selected is None else selected
        lines = [f"{seat_name(p)} blasts: " + ("best first" if selected is None else "cursor plan")]
        lines += [f"{i + 1}. {plan_text(plan)}" for i, plan in enumerate(plans)]
        lines += plan_detail(plans[shown])
        return Panel(f"Plan {shown + 1}/{len(plans)}", lines, accent=PLAN_ACCENT, highlight={shown + 1})
    if phase == "stop":
        s = view["stop_seat"]
        if len(view["seats"]) == 1:  # solo: the hidden timer ran out (RG-10)
            return Panel("Time! (RG-10)", ["the timer ran out", f"{view['rerolls_left']} rerolls left",
                                           "then claim a card"], accent=PLAN_ACCENT, highlight={0})
        return Panel("Stop! (RG-8)", [f"{seat_name(s)} claims last", f"{view['rerolls_left']} rerolls left"],
                     accent=PLAN_ACCENT, highlight={0})
    if phase == "unlock":
        seats = ", ".join(f"P{p + 1}" for p in game.active_players())
        lines = [f"{seats}: unlock a power-up", "(completed rows)", "or keep it for later"]
        return Panel("Power-ups", lines, accent=PLAN_ACCENT)
    if phase == "over":
        ranked = sorted(view["seats"], key=lambda s: (-s["score"], -(s["coins_marked"] - s["coins_spent"])))
        lines = [f"{i + 1}. {seat_name(s['seat'])}: {s['score']} pts" for i, s in enumerate(ranked)]
        return Panel("Final scores", lines, accent=PLAN_ACCENT, highlight={0})
    return None


def screen(game, view: dict[str, Any], context: dict[str, Any]) -> ScreenModel:
    """The shared HDMI screen for Retrograde from the public ``view``.

    Args:
        game: the engine (used for the blast planner, :meth:`plans`).
        view: ``game.view(None)``.
        context: runtime facts; ``controls`` (optional: the seats'
            :class:`~firmware.controls.SeatControls`) lets the planner panel
            show the plan the blasting seat's cursor is on; ``dice`` (the
            dice station's counts) adds the camera's reads and misreads.

    Returns:
        A :class:`ScreenModel` with at most 6 panels (cards, planner or
        phase, up to 4 sheets); the runtime adds "What happened".
    """
    letters = card_letters(view)
    panels = [_cards_panel(view, letters, context.get("dice"))]
    extra = _phase_panel(game, view, context)
    if extra is not None:
        panels.append(extra)
    panels.extend(_seat_panel(view, s, letters) for s in view["seats"])
    status = f"round {max(1, view['round'])} of {view['rounds']} · {PHASE_WORDS.get(view['phase'], view['phase'])}"
    scores = " ".join(f"P{s['seat'] + 1}:{s['score']}" for s in view["seats"])
    return ScreenModel(f"Retrograde  {scores}", status, panels)


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
    if kind == "reroll":
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
        out = f"trophy {pool[i]}" if isinstance(i, int) and i < len(pool) else f"trophy die {i}"
    elif kind == "done":
        out = "done blasting"
    elif kind == "unlock":
        try:
            out = f"unlock {default_components().card(action.get('card')).power_up}"
        except KeyError:
            out = None
    elif kind == "keep":
        out = "keep for later"
    return (out or describe_action(action))[:OLED_CHARS]


def _rank_text(view: dict[str, Any], seat: int) -> str:
    mine = view["seats"][seat]
    key = (mine["score"], mine["coins_marked"] - mine["coins_spent"])
    better = sum(1 for s in view["seats"] if (s["score"], s["coins_marked"] - s["coins_spent"]) > key)
    return f"place {better + 1} of {len(view['seats'])}"


def _own_text(me: dict[str, Any]) -> str:
    """The seat's own coins and power-up cards in hand (hidden from the
    others' OLEDs; the shared screen shows only how many)."""
    hand = me.get("hand")
    names = ",".join(sorted({SHORT_POWER.get(default_components().card(c).power_up, "?") for c in hand})) \
        if hand else ""
    return f"coins {me['coins_marked'] - me['coins_spent']}" + (f": {names}" if names else "")


def _prompt(game, seat: int, view: dict[str, Any], controls, context: dict[str, Any]) -> list[str]:
    me = view["seats"][seat]
    phase = view["phase"]
    letters = card_letters(view)
    if phase == "over":
        return ["game over", _rank_text(view, seat)]
    if phase in ("roll", "stop"):
        lines = []
        waiting = any(r.get("player") == seat for r in game.chance_requests())
        if me.get("claim"):
            lines.append(f"claimed card {letters.get(me['claim'], '?')}")
        elif seat in (view.get("claims_pending") or []):
            lines.append("claim pressed...")
        elif waiting:
            lines.append("roll!" if me["dice"] is None else "reroll!")
        if me["dice"] is not None and not (waiting and me["dice"] is None):
            lines.append(f"dice: {dice_text(me['dice'])}")
        if phase == "stop" and view["stop_seat"] == seat:  # RG-8; solo: the timer ran out, RG-10
            word = "Time!" if len(view["seats"]) == 1 else "Stop!"
            lines.append(f"{word} {view['rerolls_left']} rerolls left")
        return lines
    if phase == "blast":
        turn = view["turn"]
        claim = f"card {letters.get(me['claim'], '?')}" if me.get("claim") else ""
        if turn["seat"] != seat:
            return [f"P{turn['seat'] + 1} blasts", claim, _own_text(me)]
        plans = turn_plans(game, view)
        acts = controls.refresh(game)
        chosen = acts[controls.cursor] if acts else None
        k = _plan_index(plans, chosen, view)
        dice = " ".join("_" if spent else str(v) for v, spent in zip(turn["pool"], turn["spent"]))
        if k is not None:
            return [f"blast: plan {k + 1}/{len(plans)} +{plans[k].points} VP", f"dice {dice}"]
        return [f"blast! {claim}" + (" no plan" if plans else ""), f"dice {dice}"]
    if phase == "unlock":
        if seat in game.active_players():
            return ["unlock a power-up?", _own_text(me)]
        return ["others unlock...", _own_text(me)]
    return []


def oled(game, seat: int, view: dict[str, Any], controls, context: dict[str, Any]) -> list[str]:
    """Up to 5 OLED lines (at most 21 characters each) for ``seat``.

    Line 1: seat, points and round.  Then the runtime's prompt for the seat
    (a refused input, a die to nudge, CAB-5), the seat's own state and
    prompt ("roll!", "dice: ...", "claimed card B", "blast: plan 2/5 +7
    VP"), and the selected choice with the cursor position ("press again:
    confirm" when armed).
    """
    me = view["seats"][seat]
    lines = [f"Seat {seat + 1} {me['score']}pt R{max(1, view['round'])}/{view['rounds']}"]
    extra = (context.get("prompts") or {}).get(seat)
    if extra:
        lines.append(str(extra)[:OLED_CHARS])
    lines.extend(x for x in _prompt(game, seat, view, controls, context) if x)
    choices = controls.refresh(game)
    if choices:
        chosen = label(choices[controls.cursor], view)
        pos = f"{controls.cursor + 1}/{len(choices)}"
        lines = lines[:3] + [f"{pos} {chosen}"]
        if controls.armed:
            lines.append("press again: confirm")
    return [ln[:OLED_CHARS] for ln in lines[:5]]
