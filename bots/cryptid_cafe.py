"""Cryptid Cafe: the heuristic bot.

What a good player aims for (rulebook phases 1-4, "Bonuses and Final
Scoring"):

* send servers where the seat's customers need dishes, to the front ranks
  (rank 3 collects 3 dishes), weighted by how much those customers tip now
  and how close they are to walking out; a front rank another seat needs
  too is worth a little more (it is denied to them);
* share tips (one coin per rank) only for dishes the seat will use;
* serve the customers that tip most first; Change My Order copies another
  seat's customer when the seat's dishes meet that order and it tips more;
* at cleanup move customers two spaces only when it loses nobody and there
  is room to gain; never waste dishes (1 coin per 2 left at the end, 3-5 in
  solo).
"""
from __future__ import annotations

import random
from typing import Any

from engines.cryptid_cafe.data import components
from engines.cryptid_cafe.track import order_of, tip_at

SEARCH = True
ROLLOUT_PLIES = 10
ROOT_WIDTH = 4
SOLO_PAR = 0.0


def _needs(player: dict) -> dict[str, float]:
    """Dish need of one seat: dishes its customers ask for beyond those it
    holds, weighted by the tip now and by urgency (later spaces)."""
    need: dict[str, float] = {}
    track = player["track"]
    for i, cust in enumerate(track):
        if cust is None:
            continue
        urgency = 1.0 + 0.25 * i
        w = (cust["tip_now"] + cust["lost_value"] * 0.5) / max(1, sum(cust["order"].values())) * urgency
        for dish, n in cust["order"].items():
            need[dish] = need.get(dish, 0.0) + n * w
    have = player["dishes"]
    for dish in list(need):
        total = sum(c["order"].get(dish, 0) for c in track if c)
        if total:
            need[dish] *= max(0.0, 1.0 - have.get(dish, 0) / total)
    return need


def _can_serve(dishes: dict, order: dict) -> bool:
    return all(dishes.get(d, 0) >= n for d, n in order.items())


def _all_needs(view: dict) -> list[dict[str, float]]:
    """:func:`_needs` of every seat, worked out once per view."""
    if "_needs" not in view:
        view["_needs"] = [_needs(p) for p in view["players"]]
    return view["_needs"]


def score_action(view: dict, action: dict) -> float:
    """Heuristic value (about coins) of one action for the seat to move."""
    kind = action["type"]
    me = view["players"][view["me"]]
    needs = _all_needs(view)
    if kind == "place":
        need = needs[view["me"]].get(action["station"], 0.0)
        others = sum(n.get(action["station"], 0.0) for q, n in enumerate(needs) if q != view["me"])
        rank = action["rank"]
        station = view["stations"][action["station"]]
        # servers placed above push this one down when they share tips
        above = sum(1 for occ in station[rank:] if occ is not None)
        return rank * (min(need, 6.0) * 0.5 + 0.1) + 0.05 * rank * min(others, 6.0) - 0.2 * above
    if kind == "take_dish":
        return 0.3 * needs[view["me"]].get(action["station"], 0.0)
    if kind == "no_dish":
        return 0.0
    if kind == "share_tips":
        need = needs[view["me"]].get(action["station"], 0.0)
        return action["ranks"] * (min(need, 4.0) * 0.35 - 1.0)
    if kind == "skip_share":
        return 0.0
    if kind == "change_order":
        mine = me["track"][action["slot"]]
        target = view["players"][action["target_player"]]["track"][action["target_slot"]]
        if target is None or mine is None or not _can_serve(me["dishes"], target["order"]):
            return -1.0
        own = mine["tip_now"] if _can_serve(me["dishes"], mine["order"]) else 0
        return target["tip_now"] - own - 1.0
    if kind == "keep_order":
        return 0.0
    if kind == "serve":
        cust = me["track"][action["slot"]]
        return 5.0 + cust["tip_now"] + 0.3 * action["slot"]
    if kind == "done_serving":
        return 0.0
    if kind == "move_customers":
        track = me["track"]
        n = len(track)
        lost = sum(c["lost_value"] for i, c in enumerate(track) if c and i + action["spaces"] >= n)
        tip_loss = 0.0
        for i, c in enumerate(track):
            if c and i + action["spaces"] < n:
                colour = _TRACK[min(i + action["spaces"], len(_TRACK) - 1)]
                tip_loss += c["tip_now"] - c["tips"].get(colour, c["tip_now"])
        room = 1.5 * (action["spaces"] - 1) * (view["rounds"] - view["round"] > 1) if me["deck_left"] else 0
        return -3.0 * lost - 0.5 * tip_loss + room
    if kind == "manager":
        return -2.0
    return 0.0


#: Colours of the satisfaction track spaces, left to right (component data).
_TRACK = components().track


def policy(view: dict, legal: list[dict], rng: random.Random, level: Any, memory: dict) -> dict:
    """The heuristic choice among ``legal`` (see the module doc)."""
    return max(legal, key=lambda a: (score_action(view, a), rng.random()))


def wants_search(view: dict, legal: list[dict]) -> bool:
    """Search the placements, tip sharing, order changes and moves; serving
    the best tip first needs no search."""
    return not all(a["type"] in ("serve", "done_serving", "manager") for a in legal)


def evaluate(game, seat: int) -> float:
    """Search leaf value, coins: the score now, but before the end the
    unused-dish penalty is replaced by the tips the dishes go towards (each
    customer on the track weighted by the share of its order the dishes
    already cover) and customers near the end of the track count part of
    their walk-out value against the seat."""
    b = game.score_breakdown(seat)
    value = float(b["total"])
    if not game.is_terminal():
        pl = game.players[seat]
        value += b["dish_penalty"]
        dishes = dict(pl["dishes"])
        track = pl["track"]
        n = len(track)
        for i in sorted((i for i, c in enumerate(track) if c is not None), reverse=True):
            order = order_of(game.comp, track[i])
            need = sum(order.values())
            got = 0
            for d, k in order.items():
                take = min(k, dishes.get(d, 0))
                dishes[d] = dishes.get(d, 0) - take
                got += take
            value += 0.7 * tip_at(game.comp, track, i) * got / max(1, need)
            if i >= n - 2:
                value -= 0.3 * game.comp.customer(track[i]["card"]).lost
        left = sum(dishes.values())
        value -= 0.5 * left * game.waste_coins() / 2
    if game.num_players == 1:
        value -= game.ai2_score()
    return value
