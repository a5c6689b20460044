"""Determinised Monte Carlo tree search (single-observer information-set
MCTS) for the turn-based decisions.

Each iteration samples a full state from the seat's knowledge
(:func:`bots.determinise.determinise`), walks an open-loop tree of player
actions (children keyed by the action, chosen by UCB1 with availability
counts, so an action that is legal only in some samples is judged by the
samples where it was), answers dice from the sample's own RNG, then plays
the heuristic bot for every seat for a few plies (``ROLLOUT_PLIES`` of the
game's module) and scores the leaf with the module's ``evaluate``: each
seat's reward is a logistic of its lead over the best other seat, or 1 / 0.5
/ 0 at the end of the game.

Budget: ``level.search_ms`` of wall time and ``level.search_iterations``
iterations, whichever ends first (at least a few iterations, each a few ms,
so a decision never holds the game much past its budget).  The root keeps at
most ``ROOT_WIDTH`` actions: the heuristic's best ones.
"""
from __future__ import annotations

import json
import math
import random
import time

from engines.base import Game

from .determinise import determinise
from .match import answer_dice

#: UCB1 exploration constant (rewards in 0..1).
EXPLORE = 0.7
#: Tree depth in player decisions below the root.
TREE_DEPTH = 4
MIN_ITERATIONS = 4


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


class _Node:
    __slots__ = ("actor", "children", "visits", "avail", "reward")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.children: dict[str, "_Node"] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def _settle(g: Game, rng: random.Random) -> int | None:
    """Answer dice and ticks until a seat must decide; that seat, or None
    at the end or at a real-time moment (not searched)."""
    for _ in range(200):
        if g.is_terminal():
            return None
        req = g.chance_requests()
        if req:
            g.apply(answer_dice(req[0], rng, g.now_us()))
            continue
        active = g.active_players()
        if active:
            return active[0]
        d = g.deadline_us()
        if d is None:
            return None
        g.apply({"type": "tick", "t_us": max(d, g.now_us())})
    return None


def _rewards(g: Game, module, scale: float) -> list[float]:
    n = g.num_players
    if g.is_terminal():
        best = g.ranking()[0]
        return [(1.0 if len(best) == 1 else 0.5) if s in best else 0.0 for s in range(n)]
    vals = [module.evaluate(g, s) for s in range(n)]
    if n == 1:
        return [1.0 / (1.0 + math.exp(-(vals[0] - getattr(module, "SOLO_PAR", 0.0)) / scale))]
    out = []
    for s in range(n):
        lead = vals[s] - max(vals[o] for o in range(n) if o != s)
        out.append(1.0 / (1.0 + math.exp(-lead / scale)))
    return out


def root_candidates(module, view: dict, legal: list[dict], width: int) -> list[dict]:
    """The heuristic's best ``width`` actions (all if fewer)."""
    if len(legal) <= width or not hasattr(module, "score_action"):
        return list(legal)
    scored = sorted(legal, key=lambda a: module.score_action(view, a), reverse=True)
    return scored[:width]


def search(game: Game, seat: int, bot, legal: list[dict]) -> dict:
    """The action the search chooses for ``seat`` (one of ``legal``)."""
    module = bot.module
    level = bot.level
    rng = bot.rng
    plies = getattr(module, "ROLLOUT_PLIES", 12)
    scale = getattr(module, "REWARD_SCALE", 4.0)
    width = getattr(module, "ROOT_WIDTH", 10)
    root_acts = root_candidates(module, game.view(seat), legal, width)
    if len(root_acts) == 1:
        return root_acts[0]
    root_keys = {_key(a): a for a in root_acts}
    root = _Node(seat)
    deadline = time.perf_counter() + level.search_ms / 1000.0
    it = 0
    while it < level.search_iterations and (it < MIN_ITERATIONS or time.perf_counter() < deadline):
        it += 1
        g = determinise(game, seat, rng)
        node = root
        path = []
        depth = 0
        actor = seat
        while True:
            if node is root:
                acts = root_acts
            else:
                acts = g.legal_actions(actor)
            if not acts or any("t_us" in a for a in acts):
                break
            keyed = [(_key(a), a) for a in acts]
            for k, _ in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            untried = [(k, a) for k, a in keyed if k not in node.children]
            if untried:
                k, a = untried[rng.randrange(len(untried))]
                child = node.children[k] = _Node(actor)
                child.avail = 1
                g.apply(a)
                path.append(child)
                break
            best = None
            for k, a in keyed:
                c = node.children[k]
                u = c.reward / c.visits + EXPLORE * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
                if best is None or u > best[0]:
                    best = (u, c, a)
            _, node, a = best
            g.apply(a)
            path.append(node)
            depth += 1
            if depth >= TREE_DEPTH:
                break
            nxt = _settle(g, rng)
            if nxt is None:
                break
            actor = nxt
        # rollout with the heuristic bot
        for _ in range(plies):
            who = _settle(g, rng)
            if who is None:
                break
            acts = g.legal_actions(who)
            if not acts or any("t_us" in a for a in acts):
                break
            g.apply(module.policy(g.view(who), acts, rng, level, {}) if len(acts) > 1 else acts[0])
        rewards = _rewards(g, module, scale)
        for n in path:
            n.visits += 1
            n.reward += rewards[n.actor]
        root.visits += 1
    best = max(root_keys, key=lambda k: (root.children[k].visits if k in root.children else -1,
                                         root.children[k].reward if k in root.children else 0))
    bot.memory["last_search_iterations"] = it
    return root_keys[best]
