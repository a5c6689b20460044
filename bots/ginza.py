"""Ginza Retro Café: the heuristic bot.

What a good player aims for (rulebook "A. Turn Procedure", "6. Scoring"):

* order cards are only won when the whole customer is served, so serve the
  dish that completes a customer first, then dishes of customers close to
  completion, and avoid starting a customer who leaves this round;
* dishes score VP and yen (4 yen = 1 VP); the common die costs 3 yen;
* bonus cards: dishes of the subcategories / categories the seat's bonus
  cards ask for are worth more;
* dice are the resource: spend few and cheap dice on a dish; raise the dice
  limit early; wash 1s for yen; add dice or reroll the useless ones when no
  dish can be served;
* the draft keeps the bonus card with most VP that the seat's player card
  helps with.
"""
from __future__ import annotations

import random
from typing import Any

from engines.ginza.components import components

COMP = components()
SEARCH = True
ROLLOUT_PLIES = 10
ROOT_WIDTH = 4


def _bonus_weight(view: dict, order_id: str) -> float:
    me = view["players"][view["me"]] if "me" in view else None
    bonus = me.get("bonus", []) if me else []
    card = COMP.orders[order_id]
    w = 0.0
    for b in bonus:
        bc = COMP.bonus_cards[b]
        if card.subcategory in bc.subcategories:
            w += bc.vp / 2.0
        elif bc.category == card.category or bc.kind == "all_categories_x2":
            w += bc.vp / 4.0
        elif bc.kind == "most_orders":
            w += bc.vp / 6.0
    return w


def _customer_of(view: dict, order_id: str) -> dict | None:
    for slot in view["customers"]:
        if slot and any(o["card"] == order_id for o in slot["orders"]):
            return slot
    return None


def score_action(view: dict, action: dict) -> float:
    """Heuristic value (about VP) of one action for the seat to move."""
    kind = action["type"]
    me = view["players"][view["me"]]
    rnd = view.get("round", 1) or 1
    if kind == "choose_card":
        return COMP.player_cards[action["card"]].dice_limit * 0.5
    if kind == "pick_bonus":
        bc = COMP.bonus_cards[action["card"]]
        easy = {"subcategory_x2": 1.0, "subcategories_each": 0.9, "most_category": 0.8,
                "all_categories_x2": 0.6}.get(bc.kind, 0.7)
        return bc.vp * easy
    if kind == "serve":
        card = COMP.orders[action["order"]]
        slot = _customer_of(view, action["order"])
        open_left = sum(1 for o in slot["orders"] if o["token"] is None) - 1
        mine = sum(1 for o in slot["orders"] if o["token"] == view["me"])
        value = card.vp + card.coins / 4.0 + _bonus_weight(view, action["order"])
        if open_left == 0:
            value *= 1.3
            value += 0.5 if mine >= 1 else 0.0    # two dishes of one customer: +2 yen
        else:
            risk = 0.45 if slot["time"] == 1 else 0.2
            value *= (1.0 - risk * open_left)
        if action.get("common") is not None:
            value -= 0.75
        value -= 0.12 * len(action["dice"]) + 0.01 * sum(action["dice"])
        return 3.0 + value
    if kind == "raise_limit":
        return 2.5 if me["dice_limit"] < 7 and rnd < 6 else 0.3
    if kind == "upgrade":
        return 2.0
    if kind == "wash":
        gain = 2 * action["ones"] + 1
        return 0.4 + gain / 4.0 - 0.1 * action["ones"]
    if kind == "add":
        return 0.9 + 0.25 * action["count"]
    if kind == "change":
        return 0.5
    if kind == "reroll":
        useful = _useful_faces(view)
        dice = action["dice"]
        bad = sum(1 for d in dice if d not in useful)
        return 0.3 + 0.2 * bad - 0.3 * (len(dice) - bad)
    if kind == "stop":
        return 0.35
    return 0.0


def _useful_faces(view: dict) -> set[int]:
    faces: set[int] = set()
    for slot in view["customers"]:
        if not slot:
            continue
        for o in slot["orders"]:
            if o["token"] is None:
                card = COMP.orders[o["card"]]
                faces.update(card.faces)
                if card.sum is not None:
                    faces.update((5, 6))
    return faces or {4, 5, 6}


def candidate_key(action: dict) -> tuple:
    """What makes two actions different plans for the search: the dish
    served (not which dice pay for it), the upgrade, or the kind of action
    (how many dice are added, washed or rerolled is left to the heuristic)."""
    kind = action["type"]
    if kind == "serve":
        return kind, action["order"]
    if kind == "upgrade":
        return kind, action["arrange"]
    if kind in ("choose_card", "pick_bonus"):
        return kind, action["card"]
    return (kind,)


def policy(view: dict, legal: list[dict], rng: random.Random, level: Any, memory: dict) -> dict:
    """The heuristic choice among ``legal`` (see the module doc)."""
    return max(legal, key=lambda a: (score_action(view, a), rng.random()))


#: Worth of one die in hand at a leaf (a die is the resource a dish is
#: paid with), VP.
DIE_VP = 0.35
#: Share of a dish's VP counted while its customer still waits.
PARTIAL = 0.6
#: Share of a bonus card's VP counted for the part of its condition met so
#: far (a card not yet achieved is worth nothing at the end, but progress
#: towards it is what the seat's next dishes can finish).
PROGRESS = 0.4


def bonus_progress(seat: int, bonus: list[str], orders: list[str]) -> float:
    """VP credited at a leaf for the seat's bonus cards not yet achieved:
    ``PROGRESS`` x VP x the share of the condition met ("6. Scoring":
    2 cards of a subcategory; 1 card of each named subcategory; 2 cards of
    each category).  "Most ..." cards get none here (they are counted by
    :func:`engines.ginza.scoring.bonus_points` when the seat leads)."""
    value = 0.0
    cards = [COMP.orders[o] for o in orders]
    for b in bonus:
        bc = COMP.bonus_cards[b]
        if bc.kind == "subcategory_x2":
            share = min(2, sum(1 for c in cards if c.subcategory == bc.subcategories[0])) / 2
        elif bc.kind == "subcategories_each":
            share = sum(1 for sc in bc.subcategories if any(c.subcategory == sc for c in cards)) / len(bc.subcategories)
        elif bc.kind == "all_categories_x2":
            cats = sorted({c.category for c in COMP.orders.values()})
            share = sum(min(2, sum(1 for c in cards if c.category == cat)) for cat in cats) / (2 * len(cats))
        else:
            continue
        if share < 1:
            value += PROGRESS * bc.vp * share
    return value


def evaluate(game, seat: int) -> float:
    """Search leaf value, about VP: order and bonus points now, progress
    towards the bonus cards not yet achieved, yen / 4 (not rounded down: the
    yen still count later), the dice in hand, and part of the VP of dishes
    served to customers still waiting."""
    from engines.ginza.scoring import bonus_points, order_points
    if game.is_terminal():
        return float(game.scores()[seat])
    st = game.st
    me = st["players"][seat]
    all_orders = [p["orders"] for p in st["players"]]
    value = (order_points(COMP, me["orders"]) + bonus_points(COMP, me["bonus"], seat, all_orders)
             + bonus_progress(seat, me["bonus"], me["orders"]) + me["coins"] / 4.0)
    for slot in st["slots"]:
        if not slot:
            continue
        for o in slot["orders"]:
            if o["token"] == seat:
                value += PARTIAL * COMP.orders[o["card"]].vp
    return value + DIE_VP * len(me["dice"])
