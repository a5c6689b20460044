"""Determinised Monte Carlo search for the turn-based decisions.

The root's candidate actions are the heuristic bot's best ``ROOT_WIDTH``
(a game module constant).  The search then runs rounds of *sequential
halving* (the root policy of Gumbel MuZero, a bandit that spends its budget
on the actions still in contention): in each round a few fresh states are
sampled from the seat's knowledge (:func:`bots.determinise.determinise`:
other hands, deck orders and future dice drawn afresh), every surviving
action is played on each sampled state, followed by the heuristic bot for
every seat for ``ROLLOUT_PLIES`` decisions, and the leaf is scored with the
module's ``evaluate``: the seat's lead over the best other seat, in points
(the seat wants to lead by as much as it can, whatever the lead is now).  All actions of a round see the
same samples and the same dice (common random numbers), so they are
compared on equal luck.  The worse half is dropped after each round (down to
two actions, which share the rest of the budget); the samples per action
double each round.

Budget: ``level.search_ms`` wall time and ``level.search_iterations``
rollouts, whichever ends first; the first sample of every candidate is
always taken, so a decision costs at most one sample (``ROOT_WIDTH``
rollouts) more than its budget.  The choice is the best mean lead among the
actions still in contention (those that saw every sample), but the
heuristic's own first choice, while still in contention, is kept unless
another action beats it by ``MARGIN`` points (search as a careful second
opinion).
"""
from __future__ import annotations

import random
import time

from engines.base import Game

from .determinise import determinise, fast_clone
from .seat import answer_dice, seat_view

#: Samples per action in the first round of sequential halving (a game
#: module may set its own ``FIRST_SAMPLES``): enough that an action is not
#: dropped on one unlucky sample.
FIRST_SAMPLES = 3
#: Mean lead (points) by which another action must beat the heuristic's choice.
MARGIN = 0.5


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


def _leads(g: Game, module) -> list[float]:
    """Each seat's lead (module ``evaluate`` units, about points) over the
    best other seat; in a solo game its value less ``SOLO_PAR``."""
    n = g.num_players
    vals = [module.evaluate(g, s) for s in range(n)]
    if n == 1:
        return [vals[0] - getattr(module, "SOLO_PAR", 0.0)]
    return [vals[s] - max(vals[o] for o in range(n) if o != s) for s in range(n)]


def rollout(g: Game, module, level, rng: random.Random, plies: int) -> None:
    """Play the heuristic bot for every seat for ``plies`` decisions (dice
    from ``rng``), in place."""
    for _ in range(plies):
        who = _settle(g, rng)
        if who is None:
            return
        acts = g.legal_actions(who)
        if not acts or any("t_us" in a for a in acts):
            return
        g.apply(module.policy(seat_view(g, who), acts, rng, level, {}) if len(acts) > 1 else acts[0])


def root_candidates(module, view: dict, legal: list[dict], width: int) -> list[dict]:
    """The heuristic's best ``width`` actions, best first, the heuristic's
    own choice first.  When the module has ``candidate_key(action)``, only
    the best action of each key is a candidate (e.g. one way to pay for each
    dish), so the search compares different plans rather than variants of
    one."""
    if not hasattr(module, "score_action"):
        return list(legal)[:width]
    ranked = sorted(((module.score_action(view, a), i, a) for i, a in enumerate(legal)),
                    key=lambda x: (-x[0], x[1]))
    first = module.policy(view, legal, random.Random(0), None, {}) if hasattr(module, "policy") else None
    key = getattr(module, "candidate_key", None)
    out: list[dict] = [] if first is None else [first]
    seen = set() if key is None or first is None else {key(first)}
    for _, _, a in ranked:
        if len(out) >= width:
            break
        if a is first or a in out:
            continue
        if key is not None:
            k = key(a)
            if k in seen:
                continue
            seen.add(k)
        out.append(a)
    return out


def search(game: Game, seat: int, bot, legal: list[dict]) -> dict:
    """The action the search chooses for ``seat`` (one of ``legal``)."""
    module = bot.module
    level = bot.level
    rng = bot.rng
    plies = getattr(module, "ROLLOUT_PLIES", 12)
    width = getattr(module, "ROOT_WIDTH", 6)
    cands = root_candidates(module, seat_view(game, seat), legal, width)
    if len(cands) == 1:
        return cands[0]
    sums = [0.0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))
    deadline = time.perf_counter() + level.search_ms / 1000.0
    done = 0
    samples = getattr(module, "FIRST_SAMPLES", FIRST_SAMPLES)

    def mean(i: int) -> float:
        return sums[i] / max(1, counts[i])

    def spent() -> bool:
        return done >= level.search_iterations or time.perf_counter() >= deadline

    while True:
        for _ in range(samples):
            if done and spent():
                break
            base = determinise(game, seat, rng)
            luck = rng.getrandbits(64)
            for i in alive:
                g = fast_clone(base)
                g.apply(cands[i])
                rollout(g, module, level, random.Random(luck), plies)
                sums[i] += _leads(g, module)[seat]
                counts[i] += 1
                done += 1
        if spent():
            break
        if len(alive) > 2:
            alive.sort(key=lambda i: -mean(i))
            alive = alive[:(len(alive) + 1) // 2]
        samples *= 2
    # Only the survivors are compared: they all saw the same samples (an
    # action dropped early has fewer, noisier ones).
    best = max(alive, key=lambda i: (mean(i), -i))
    if best != 0 and 0 in alive and mean(best) < mean(0) + MARGIN:
        best = 0
    bot.memory["last_search_rollouts"] = done
    bot.memory["last_search"] = [(cands[i], mean(i), counts[i]) for i in range(len(cands))]
    return cands[best]
