"""Cha dango: the real-time bot (seeing the match, hit or sip).

When an order is revealed the bot reads it and looks over the dining area
in its own view to see whether a customer matches (same value of the
ordered attribute).  Its answer then comes after its reaction time
(:data:`REACTION_MEDIAN_US`) plus the time it looks over the cards
(:func:`weigh_us`, :data:`LOOK_US`: longer the more customers there are):
with 5 to 9 customers about 1.6-2.2 s at easy, 1.1-1.5 s at normal and
0.7-0.9 s at hard.  A hit names a customer (ruling CD-12): the bot's
cursor stands on a customer of the dining area, as a seat's does, and
moves one customer a press of its arrows (:data:`STEP_US` a step, at a
person's pace); it hits the matching customer nearest its cursor, and the
steps to it are part of its answer time.  It lifts its cup to sip if none
matches, except that with the level's chance ``wrong`` it makes the other
choice (a person misreading the table: a hit on the customer under its
cursor when none matches, a sip when one does).  The decision is made once
per order: one hit and its release, or one sip (lift, then the cup down
after the sip time).  After a hit, while the seat is still in the race, it
goes for the next matching customer it has not hit (book 2A: "he may hit
the 2nd card"; PT31), then waits.  A VP card
the rules make it place goes oldest first.
"""
from __future__ import annotations

import math
import random
from typing import Any

SEARCH = False

#: Median reaction time per level, us: a press the seat already knows it
#: will make (reveal the order, let go, put the cup down after the sip); its
#: answer to an order adds the time it looks (:data:`LOOK_US`).
REACTION_MEDIAN_US = {"easy": 450_000, "normal": 350_000, "hard": 250_000}
#: The time to read the order and look over the dining area before
#: answering, by level: ``(base, per customer card)``, us, the median of a
#: log-normal (:data:`LOOK_SIGMA`).  With the reaction time a median answer
#: of 1.65 / 1.1 / 0.7 s with 5 customers and 2.2 / 1.5 / 0.9 s with 9 at
#: easy / normal / hard: a play-tester who read the order and then searched
#: 5-9 cards never won a race against bots answering in 0.3-0.8 s (sources
#: and the reasoning in bots/README.md).
LOOK_US = {"easy": (500_000, 130_000), "normal": (250_000, 95_000), "hard": (200_000, 50_000)}
#: Log-normal sigma of the looking time (its spread grows with its median,
#: so with the number of cards).
LOOK_SIGMA = 0.3
#: Customers counted at most: past a dozen cards a person's eye settles on
#: rows and the answer stays inside the race's time-out.
LOOK_CARDS_MAX = 12
#: Median time of one step of the seat's cursor (a press of an arrow and
#: seeing the cursor land), per level, us; log-normal with
#: :data:`STEP_SIGMA` (ruling CD-12: a hit names the customer under the
#: cursor, so reaching it takes a person's presses).
STEP_US = {"easy": 250_000, "normal": 200_000, "hard": 150_000}
STEP_SIGMA = 0.2


def cursor_steps(start: int, target: int, customers: int) -> int:
    """Presses of the arrows from customer ``start`` to ``target`` (0-based
    positions in the dining area of ``customers`` cards; the cursor wraps
    round at either end, as a seat's does)."""
    if customers <= 0:
        return 0
    d = abs(target - start) % customers
    return min(d, customers - d)


def cursor_at(view: dict, memory: dict) -> int:
    """Where the seat's cursor stands in the view's dining area: on the
    customer it last aimed at while that one is still there, else at the
    same place (clamped), as the cabinet keeps a seat's cursor; 0 at
    first."""
    ids = [c["id"] for c in view.get("dining_area") or []]
    card, index = memory.get("cursor", (None, 0))
    if card in ids:
        return ids.index(card)
    return min(index, max(0, len(ids) - 1))


def steps_us(level_name: str, steps: int, rng: random.Random) -> int:
    """The time (us) ``steps`` presses of the arrows take at the level's
    pace (:data:`STEP_US`, each log-normal)."""
    median = STEP_US.get(level_name, STEP_US["normal"])
    return sum(int(rng.lognormvariate(math.log(median), STEP_SIGMA)) for _ in range(max(0, steps)))


def look_median_us(level_name: str, cards: int) -> int:
    """Median time (us) a seat of level ``level_name`` takes to read the
    order and look over ``cards`` customer cards (at most
    :data:`LOOK_CARDS_MAX` count)."""
    base, per_card = LOOK_US.get(level_name, LOOK_US["normal"])
    return base + per_card * min(max(0, cards), LOOK_CARDS_MAX)


def weigh_us(view: dict, action: dict, level: Any, rng: random.Random, memory: dict | None = None) -> int:
    """The time (us) the seat looks over the dining area before ``action``
    when it is its answer to the order (a hit or a cup lift): log-normal
    around :func:`look_median_us` for the customers in ``view``, at most
    twice the median; for a hit, plus the presses that move its cursor from
    where it stood (``memory["aim_from"]``, set by :func:`policy`) to the
    customer hit (:func:`steps_us`, ruling CD-12).  0 for every other press
    (reveal, release, cup down, a VP card to give).  The cabinet's runtime
    adds it to the reaction time (:meth:`bots.base.Bot.weigh_us`)."""
    if action.get("type") not in ("slap", "cup_lift"):
        return 0
    name = getattr(level, "name", "normal")
    customers = view.get("dining_area") or []
    median = look_median_us(name, len(customers))
    look = int(min(2 * median, rng.lognormvariate(math.log(median), LOOK_SIGMA)))
    if action.get("type") != "slap":
        return look
    ids = [c["id"] for c in customers]
    target = ids.index(action["card"]) if action.get("card") in ids else 0
    start = (memory or {}).get("aim_from", 0)
    return look + steps_us(name, cursor_steps(start, target, len(ids)), rng)


def matching(view: dict) -> list[int]:
    """Ids of the dining-area customers that match the view's order (what
    a player sees by looking, ruling CD-1); [] when none or no order."""
    order = view.get("order")
    if not order:
        return []
    attribute, value = order["attribute"], order["value"]
    return [card.get("id") for card in view.get("dining_area", []) if card.get(attribute) == value]


def matches(view: dict) -> bool | None:
    """True if a dining-area customer matches the view's order, None when
    no order is shown."""
    if not view.get("order"):
        return None
    return bool(matching(view))


def _aim(view: dict, rng: random.Random, level: Any, memory: dict) -> int | None:
    """The customer the bot will hit in this order, or None to sip (CD-9,
    CD-12): the matching customer nearest its cursor; with the level's
    ``wrong`` chance the other call (a sip when one matches, the customer
    under its cursor when none does).  Moves the bot's cursor there
    (``memory["cursor"]``) and keeps where it stood (``memory["aim_from"]``)."""
    ids = [c["id"] for c in view.get("dining_area") or []]
    here = cursor_at(view, memory)
    found = matching(view)
    wrong = level is not None and rng.random() < level.wrong
    if bool(found) == wrong or not ids:
        return None
    target = min(found, key=lambda c: cursor_steps(here, ids.index(c), len(ids))) if found else ids[here]
    memory["aim_from"] = here
    memory["cursor"] = (target, ids.index(target))
    return target


def _next_match(view: dict, memory: dict, hit: int) -> int | None:
    """After its hit on ``hit`` (released, the seat still in the race), the
    matching customer the bot goes for next: the nearest to its cursor that
    it has not hit in this order (PT31: bots kept to the customer another
    seat had served, "too late by 678 ms", and left the other match);
    ``hit`` again (nothing to press: it waits) when none is left.  Resets
    ``memory["acted"]`` and keeps where its cursor stood (``aim_from``)
    for the steps (:func:`weigh_us`)."""
    tried = memory.setdefault("tried", [])
    if hit not in tried:
        tried.append(hit)
    ids = [c["id"] for c in view.get("dining_area") or []]
    left = [c for c in matching(view) if c not in tried]
    if not left or not ids:
        return hit
    here = cursor_at(view, memory)
    target = min(left, key=lambda c: cursor_steps(here, ids.index(c), len(ids)))
    memory["aim_from"] = here
    memory["cursor"] = (target, ids.index(target))
    memory["aim"], memory["acted"] = target, False
    return target


def policy(view: dict, legal: list[dict], rng: random.Random, level: Any, memory: dict) -> dict | None:
    """Reveal when it is the seat's turn; in a race, hit a customer or sip
    once per order (see the module doc) and then wait (``None``); a VP card
    owed is placed oldest first."""
    by_type = {a["type"]: a for a in legal}
    if "reveal" in by_type:
        return by_type["reveal"]
    if "place_vp" in by_type:
        return by_type["place_vp"]
    # one decision per race: a race restarted after a resume (CAB-8) is a new one
    key = (view.get("deck_count"), repr(view.get("order")), view.get("current"), (view.get("race") or {}).get("open_us"))
    if memory.get("order") != key:
        memory["order"] = key
        memory["aim"] = _aim(view, rng, level, memory)
        memory["acted"] = False
        memory["tried"] = []
    aim = memory["aim"]
    finish = "release" if aim is not None else "cup_down"
    if finish in by_type:
        return by_type[finish]
    me, race = view.get("player"), view.get("race") or {}
    if memory["acted"] and me is not None and (race.get("answers") or [0] * (me + 1))[me] is None:
        memory["acted"] = False     # its input came too soon after the order to count (CAB-7): answer again
    elif memory["acted"] and aim is not None and race and not race.get("my_wrong_hit"):
        aim = _next_match(view, memory, aim)     # book 2A: "he may hit the 2nd card" (PT31)
    press = by_type.get("cup_lift") if aim is None else \
        next((a for a in legal if a["type"] == "slap" and a.get("card") == aim), None)
    if press is not None and not memory["acted"]:
        memory["acted"] = True
        return press
    if not {"slap", "cup_lift", "cup_down", "release"} & set(by_type):
        return legal[0]      # an engine that names the race: its one input
    return None


def evaluate(game, seat: int) -> float:
    """Leaf value: VP cards."""
    return float(game.scores()[seat])
