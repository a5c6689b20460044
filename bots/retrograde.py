"""Retrograde: the heuristic bot (real-time rolling, blast plans, unlocks).

Rolling: every face-up target card is valued with the exact blast planner
(:func:`engines.retrograde.planner.best_plans`) for the seat's dice: points
this round (droids, bosses, trophy), rows completed (power-up unlocks) and
the card's third spot (a coin, a power-up to keep).  The seat claims the
best card once its value reaches what it hopes a reroll would bring, a
hope that falls with every reroll (and with fewer cards left than seats
still rolling); otherwise it rerolls.  Blasting plays the planner's best
plan step by step.  Unlocking prefers the power-ups that add dice.

Levels: ``easy`` grabs sooner and sometimes (``level.wrong``) grabs a card
without weighing it; ``hard`` also counts rows and bosses it sets up, and
decides between claiming and rerolling by optimal stopping: the planner
values sampled fresh rolls, and the seat claims when the card in hand is
worth what the rerolls still to come are expected to bring.
"""
from __future__ import annotations

import math
import random
from typing import Any

from engines.retrograde.components import COLUMNS, ROWS, default_components
from engines.retrograde.planner import best_plans

COMP = default_components()
SEARCH = False
#: Value a seat hopes for before its first reroll, by level.
HOPE = {"easy": 3.5, "normal": 5.0, "hard": 5.5, "random": 0.0}
#: How much that hope falls per reroll already made this round.
HOPE_DECAY = {"easy": 1.2, "normal": 0.6, "hard": 0.4, "random": 0.0}
#: How long a seat weighs its dice against the face-up cards and its sheet
#: before it claims or rerolls, at the cabinet (median, us; log-normal with
#: :data:`WEIGH_SIGMA`), by level.  Issue 34: with only the reaction time
#: the default bots claimed 2 s after their dice were read, and a person
#: (who checks the dice, weighs four cards, turns the cursor) only ever got
#: the Stop claim.  A family player takes 3-6 s; ``hard`` is a quick one.
WEIGH_US = {"easy": 5_000_000, "normal": 3_500_000, "hard": 2_200_000, "random": 1_500_000}
WEIGH_SIGMA = 0.3
#: Unlock preference (higher first).
UNLOCK_ORDER = ("Cube Friend", "Snake Eye", "2 Wild", "Odd Eye", "Even Steven", "Frogger", "Super Coin",
                "Rolypoly")


def _powers(seat: dict, name: str) -> int:
    return seat["unlocked"].count(name)


def plan_for(seat: dict, card_id: str, dice: list[int], limit: int | None = 1):
    """The planner's best plans for ``seat`` (a view's seat dict) with
    ``card_id`` and ``dice``."""
    card = COMP.card(card_id)
    pc = lambda name: _powers(seat, name)  # noqa: E731
    return best_plans(seat["pips"], seat["blasted"], card.colours, dice,
                      coins=seat["coins_marked"] - seat["coins_spent"], super_coin=pc("Super Coin"),
                      comet=card.spot == "comet", frogger=pc("Frogger"), snake_eye=bool(pc("Snake Eye")),
                      two_wild=bool(pc("2 Wild")), odd_eye=pc("Odd Eye"), even_steven=pc("Even Steven"),
                      trophies=seat["trophies"], bosses=seat["bosses"], limit=limit)


def card_value(seat: dict, card_id: str, dice: list[int], level: str, memory: dict) -> float:
    """Value of claiming ``card_id`` with ``dice`` (about points)."""
    key = (tuple(sorted(dice)), card_id, tuple(seat["blasted"]), tuple(seat["trophies"]),
           seat["coins_marked"] - seat["coins_spent"], tuple(seat["unlocked"]))
    cache = memory.setdefault("values", {})
    if key in cache:
        return cache[key]
    plan = plan_for(seat, card_id, dice)[0]
    card = COMP.card(card_id)
    value = plan.points + 1.0 * plan.rows
    if card.spot == "coin":
        value += 0.6
    elif card.spot == "power-up":
        rows_done = sum(1 for r in ROWS if all(seat["blasted"][k] for k in r)) + plan.rows
        value += 1.2 if rows_done > len(seat["unlocked"]) + seat["hand_count"] else 0.4
    if level == "hard":
        # droids that bring a row or a column closer to completion
        after = set(plan.cells) | {k for k in range(25) if seat["blasted"][k]}
        for line in list(ROWS) + list(COLUMNS):
            left = sum(1 for k in line if k not in after)
            if 0 < left <= 2:
                value += 0.3 / left
        value -= 0.1 * plan.coins
    if len(cache) > 4000:
        cache.clear()
    cache[key] = value
    return value


def useful_dice(seat: dict, card_id: str, dice: list[int]) -> list[int]:
    """The values of ``dice`` that fit card ``card_id`` and still have a
    droid of their colour to blast on the seat's sheet (a die of a colour
    the sheet has no droid left of is no use to keep)."""
    colours = COMP.card(card_id).colours
    left = {seat["pips"][k] for k in range(25) if not seat["blasted"][k]}
    return [v for v in dice if v in colours and v in left]


def target(view: dict, seat: dict, level: Any, memory: dict) -> str | None:
    """The face-up card the seat aims for while it rolls: the one worth
    most with its dice now, each die that fits it and has a droid to blast
    counted half a point (it is half a pair); None when no card is face up."""
    cards = list(view.get("face_up_ids") or [])
    dice = seat["dice"] or []
    if not cards or not dice:
        return None
    name = getattr(level, "name", "normal")
    return max(cards, key=lambda c: card_value(seat, c, dice, name, memory) + 0.5 * len(useful_dice(seat, c, dice)))


def keep(view: dict, level: Any, memory: dict) -> list[int]:
    """The bot's keep choice when it rerolls (book, 2 - Roll Dice: "keep
    as many dice as you want and reroll the rest"): the dice that fit its
    target card (:func:`target`; the one its plan chose when it decided to
    reroll, while still face up) and have a droid to blast; the card is
    kept in ``memory["target"]``."""
    seat = view["seats"][view["me"]]
    dice = seat["dice"] or []
    aim = memory.get("target")
    if memory.get("target_of") != (view["round"], tuple(dice)) or aim not in (view.get("face_up_ids") or []):
        aim = target(view, seat, level, memory)
    memory["target"] = aim
    kept = useful_dice(seat, aim, dice) if aim else []
    return _roll_some(kept, len(dice))


def _roll_some(kept: list[int], count: int) -> list[int]:
    """A reroll throws at least one die: when every die would be kept, the
    odd ones out (a colour's die without its pair) are rolled; when all
    are in pairs, the last pair is."""
    if len(kept) < count:
        return kept
    pairs = []
    for v in sorted(set(kept), key=kept.index):
        pairs += [v] * (kept.count(v) // 2 * 2)
    return pairs if len(pairs) < count else pairs[:-2]


def policy(view: dict, legal: list[dict], rng: random.Random, level: Any, memory: dict) -> dict:
    """The heuristic choice among ``legal`` (see the module doc)."""
    me = view["me"]
    seat = view["seats"][me]
    kinds = {a["type"] for a in legal}
    if "unlock" in kinds or "keep" in kinds:
        unlocks = [a for a in legal if a["type"] == "unlock"]
        if not unlocks:
            return legal[0]
        rank = {name: i for i, name in enumerate(UNLOCK_ORDER)}
        return min(unlocks, key=lambda a: rank.get(COMP.card(a["card"]).power_up, 99))
    if "claim" in kinds or "reroll" in kinds:
        return _roll_choice(view, seat, legal, rng, level, memory)
    return _blast_choice(view, seat, legal, memory)


def _roll_choice(view: dict, seat: dict, legal: list[dict], rng, level, memory: dict) -> dict:
    claims = [a for a in legal if a["type"] == "claim"]
    reroll = next((a for a in legal if a["type"] == "reroll"), None)
    if not claims:
        return reroll or legal[0]
    if rng.random() < level.wrong:
        return rng.choice(claims)
    dice = seat["dice"]
    values = [(card_value(seat, a["card"], dice, level.name, memory), a) for a in claims]
    best_value, best = max(values, key=lambda x: x[0])
    if reroll is None:
        return best
    if level.name == "hard":
        return _planned(view, seat, level, memory,
                        _roll_choice_hard(view, seat, claims, reroll, best_value, best, rng, level, memory))
    rnd = view["round"]
    if memory.get("round") != rnd:
        memory["round"] = rnd
        memory["rerolls"] = 0
        memory["seen"] = None
    if memory.get("seen") != tuple(dice):
        # a new roll: count the reroll that produced it
        if memory.get("seen") is not None:
            memory["rerolls"] += 1
        memory["seen"] = tuple(dice)
    hope = HOPE.get(level.name, 5.0) - HOPE_DECAY.get(level.name, 1.0) * memory["rerolls"]
    still = sum(1 for s in view["seats"] if s["claim"] is None) - len(view.get("claims_pending", []))
    if view["phase"] == "stop":
        hope -= 1.0 if view["rerolls_left"] <= 1 else 0.0
    elif len(claims) <= still:
        hope -= 1.5      # cards run out: someone gets the leftovers
    if len(view["seats"]) == 1:
        hope += 0.5      # solo: only the hidden timer presses
    if best_value >= hope:
        return best
    return _planned(view, seat, level, memory, reroll)


def _planned(view: dict, seat: dict, level: Any, memory: dict, choice: dict) -> dict:
    """``choice``; a reroll with its keep choice in the plan: the card the
    seat aims for (``memory["target"]``, for these dice this round; its
    fitting dice are what :func:`keep` keeps)."""
    if choice.get("type") == "reroll":
        memory["target"] = target(view, seat, level, memory)
        memory["target_of"] = (view["round"], tuple(seat["dice"] or []))
    return choice


#: Fresh rolls sampled to value a reroll (``hard``).
ROLL_SAMPLES = 16
#: Rerolls a solo seat can make before the hidden 25 s timer (a throw
#: and a look take about 2 s).
SOLO_REROLLS = 12
#: Value a multi-player seat gives up by rerolling (the best card may go).
RIVAL_RISK = 0.3


def _fresh_roll_values(view: dict, seat: dict, claims: list[dict], rng, level, memory: dict) -> list[float]:
    """Best claim value of ``ROLL_SAMPLES`` fresh rolls of the seat's dice
    (sampled, valued with the planner), sorted; cached per table."""
    key = (view["round"], tuple(sorted(a["card"] for a in claims)), tuple(seat["blasted"]),
           tuple(seat["unlocked"]), seat["coins_marked"] - seat["coins_spent"])
    cache = memory.setdefault("fresh", {})
    if key not in cache:
        n = len(seat["dice"])
        sample = random.Random(repr(key))
        values = []
        for _ in range(ROLL_SAMPLES):
            dice = [sample.randint(1, 6) for _ in range(n)]
            values.append(max(card_value(seat, a["card"], dice, level.name, memory) for a in claims))
        if len(cache) > 64:
            cache.clear()
        cache[key] = sorted(values)
    return cache[key]


def _roll_choice_hard(view: dict, seat: dict, claims: list[dict], reroll: dict, best_value: float,
                      best: dict, rng, level, memory: dict) -> dict:
    """Optimal stopping with the planner: claim now if the best card is
    worth at least what the rerolls still to come are expected to bring
    (backward induction over sampled fresh rolls), less the risk of losing
    cards to the other seats while rolling."""
    rnd = view["round"]
    if memory.get("round") != rnd:
        memory["round"], memory["rerolls"], memory["seen"] = rnd, 0, None
    if memory.get("seen") != tuple(seat["dice"]):
        if memory.get("seen") is not None:
            memory["rerolls"] += 1
        memory["seen"] = tuple(seat["dice"])
    solo = len(view["seats"]) == 1
    if view["phase"] == "stop":
        left = view["rerolls_left"]
    elif solo:
        left = max(0, SOLO_REROLLS - memory["rerolls"])
    else:
        left = 2
    if left <= 0:
        return best
    xs = _fresh_roll_values(view, seat, claims, rng, level, memory)
    cont = sum(xs) / len(xs)           # value with one roll left
    for _ in range(left - 1):
        cont = sum(max(x, cont) for x in xs) / len(xs)
    if not solo and view["phase"] != "stop":
        cont -= RIVAL_RISK
    return best if best_value >= cont else reroll


def _blast_choice(view: dict, seat: dict, legal: list[dict], memory: dict) -> dict:
    """The next step of the planner's best plan for this blast turn (the
    plan is made at the turn's start, dropping any steps left from an
    earlier turn, and kept in ``memory["blast"]``).
    A step is matched to ``legal`` by what it does (:func:`_what`): the
    engine offers one canonical choice of dice per value combination,
    the plan may name other dice of the same values (issue 34, seed 11:
    matched by die numbers, a step not offered ended the turn early; a
    "done" left from the last round's plan ended the next turn at once)."""
    turn = view.get("turn") or {}
    pool = turn.get("pool") or []
    offered: dict[tuple, dict] = {}
    for a in legal:
        offered.setdefault(_what(a, pool), a)
    start = bool(turn) and len(pool) == len(seat["dice"] or []) and not any(turn["spent"])
    # a plan's last "done" may be left over: with "done" the only legal action the bot takes it
    # without asking this policy (bots/base.py), so the queue is dropped at each turn's start
    queue = None if start else memory.get("blast")
    if queue:
        step = offered.get(_what(queue[0], pool))
        if step is not None:
            queue.pop(0)
            return step
    memory["blast"] = None
    if start and seat["claim"]:
        plan = plan_for(seat, seat["claim"], pool)[0]
        steps = plan.actions(view["me"])
        first = offered.get(_what(steps[0], pool)) if steps else None
        if first is not None:
            memory["blast"] = steps[1:]
            return first
    done = [a for a in legal if a["type"] in ("done", "trophy")]
    return done[0] if done else legal[-1]


def _what(action: dict, pool: list[int]) -> tuple:
    """What a 3 - Blast Droids action does, whichever equal dice it names:
    its kind, droid and the values of its dice (``pool``: the turn's dice,
    virtual dice included, by index)."""
    def value(i: Any) -> Any:
        return pool[i] if isinstance(i, int) and 0 <= i < len(pool) else None
    kind = action.get("type")
    if kind in ("blast", "comet"):
        return kind, action.get("cell"), tuple(sorted(str(value(i)) for i in action.get("dice", [])))
    if kind in ("coin", "trophy"):
        return kind, value(action.get("die"))
    if kind in ("odd", "even"):
        return kind, action.get("value")
    return tuple(sorted((k, str(v)) for k, v in action.items() if k != "player"))


def evaluate(game, seat: int) -> float:
    """Leaf value: the score."""
    return float(game.scores()[seat])


def weigh_us(view: dict, action: dict, level: Any, rng: random.Random) -> int:
    """The time (us) a seat weighs its roll before ``action`` when it is a
    claim or a reroll in 2 - Roll Dice or Stop (:data:`WEIGH_US` by level,
    log-normal, at most twice the median); 0 for every other choice (the cabinet's ``bot_pace``
    spreads those out)."""
    if action.get("type") not in ("claim", "reroll"):
        return 0
    median = WEIGH_US.get(getattr(level, "name", "normal"), WEIGH_US["normal"])
    return int(min(2 * median, rng.lognormvariate(math.log(median), WEIGH_SIGMA)))
