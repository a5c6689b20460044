"""Retrograde's blast plans as the screens show them: the cards' letters, the
planner's plans for a blast turn (cached by the turn's starting position),
the plan or step under a seat's cursor."""
from __future__ import annotations


from collections import OrderedDict
from typing import Any

from engines.retrograde.components import colour_of



PLAN_LIMIT = 5


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


def step_forms(action: dict[str, Any] | None, view: dict[str, Any] | None) -> list[str]:
    """A single blast step in the book's words, longest first: the Droid's
    colour (its pips: Yellow = 1 ... Blue = 6, ruling RG-3) and the dice
    spent, "blast Yellow 1+1" / "comet Blue 3+3+3", then without the verb
    ("Yellow 1+1") where the step counter leaves less room; the seat's mini
    sheet marks which Droid (never a code id such as "r1c1").  ``[]`` for
    another kind of action or none."""
    kind = (action or {}).get("type")
    if kind not in ("blast", "comet"):
        return []
    view = view or {}
    pool = (view.get("turn") or {}).get("pool", [])
    vals = "+".join(str(pool[i]) for i in action.get("dice", []) if i < len(pool))
    seats = view.get("seats") or []
    player, cell = action.get("player"), action.get("cell")
    try:
        droid = colour_of(seats[player]["pips"][cell]).capitalize()
    except (IndexError, KeyError, TypeError):
        droid = "Droid"
    return [f"{kind} {droid} {vals}".strip(), f"{droid} {vals}".strip()]


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


def _person_shown(game, seat: int, context: dict[str, Any]):
    """What a person's ``seat`` is shown now (its controls' ``Shown``), or
    None for a bot's seat (a bot plays a plan step by step: the plan is
    what the table follows) or without the seat's controls."""
    if seat in set(context.get("bots") or ()):
        return None
    try:
        return context.get("controls")[seat].shown(game)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None


def plans_offered(game, seat: int, context: dict[str, Any]) -> bool | None:
    """Whether a person's ``seat`` is offered the blast plans now (False
    once it took a step of its turn: the planner plans from a turn's
    start); None for a bot's seat or without the seat's controls
    (:func:`_person_shown`)."""
    shown = _person_shown(game, seat, context)
    return None if shown is None else any(a.get("type") == "plan" for a in shown.choices)


def _step_count(game, seat: int, context: dict[str, Any]) -> str | None:
    """"3/9" when ``seat``'s cursor is on its 3rd of 9 single blast steps
    (after the plans), as its OLED counts them; None on a plan or with no
    plans offered, or for a bot's seat (:func:`_person_shown`)."""
    shown = _person_shown(game, seat, context)
    if shown is None:
        return None
    n_plans = sum(1 for a in shown.choices if a.get("type") == "plan")
    if not n_plans or shown.chosen is None or shown.chosen.get("type") == "plan":
        return None
    return f"{shown.cursor - n_plans + 1}/{len(shown.choices) - n_plans}"
