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

SEARCH = True
ROLLOUT_PLIES = 10
REWARD_SCALE = 4.0
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


def score_action(view: dict, action: dict) -> float:
    """Heuristic value (about coins) of one action for the seat to move."""
    kind = action["type"]
    me = view["players"][view["me"]]
    if kind == "place":
        need = _needs(me).get(action["station"], 0.0)
        others = sum(_needs(p).get(action["station"], 0.0) for q, p in enumerate(view["players"])
                     if q != view["me"])
        rank = action["rank"]
        station = view["stations"][action["station"]]
        # servers placed above push this one down when they share tips
        above = sum(1 for occ in station[rank:] if occ is not None)
        return rank * (min(need, 6.0) * 0.5 + 0.1) + 0.05 * rank * min(others, 6.0) - 0.2 * above
    if kind == "take_dish":
        return 0.3 * _needs(me).get(action["station"], 0.0)
    if kind == "no_dish":
        return 0.0
    if kind == "share_tips":
        need = _needs(me).get(action["station"], 0.0)
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
                colour = view_colour(track, i + action["spaces"])
                tip_loss += c["tip_now"] - c["tips"].get(colour, c["tip_now"])
        room = 1.5 * (action["spaces"] - 1) * (view["rounds"] - view["round"] > 1) if me["deck_left"] else 0
        return -3.0 * lost - 0.5 * tip_loss + room
    if kind == "manager":
        return -2.0
    return 0.0


_TRACK = ("green", "green", "yellow", "yellow", "orange", "red")


def view_colour(track: list, space: int) -> str:
    """Colour of a satisfaction-track space (the track's colours)."""
    for c in track:
        if c is not None and "colour" in c:
            pass
    return _TRACK[min(space, len(_TRACK) - 1)]


def policy(view: dict, legal: list[dict], rng: random.Random, level: Any, memory: dict) -> dict:
    """The heuristic choice among ``legal`` (see the module doc)."""
    return max(legal, key=lambda a: (score_action(view, a), rng.random()))


def evaluate(game, seat: int) -> float:
    """Search leaf value: the score now plus part of the tips the seat's
    dishes can already pay."""
    b = game.score_breakdown(seat)
    value = float(b["total"])
    if not game.is_terminal():
        value += 0.4 * sum(game.players[seat]["dishes"].values()) * (1 + game.waste_coins()) / 2
    if game.num_players == 1:
        value -= game.ai2_score()
    return value
