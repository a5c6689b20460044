"""Cha dango: the real-time bot (seeing the match, slap or sip).

When an order is revealed the bot reads it and looks over the dining area
in its own view to see whether a customer matches (same value of the
ordered attribute).  Its answer then comes after its reaction time
(:data:`REACTION_MEDIAN_US`) plus the time it looks over the cards
(:func:`weigh_us`, :data:`LOOK_US`: longer the more customers there are):
with 5 to 9 customers about 1.6-2.2 s at easy, 1.1-1.5 s at normal and
0.7-0.9 s at hard.  It slaps if one matches and lifts its cup to sip if
none does, except that with the level's chance ``wrong`` it makes the other
choice (a person misreading the table).  The decision is made once per
order, and it acts once per order (one slap and its release, or one sip:
lift, then the cup down after the sip time), then waits.  Whatever the
engine offers (a race that names its kind, or a race where the seat must
choose between slap and sip) the bot acts through the same inputs.  A VP
card the rules make it place goes oldest first.
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


def look_median_us(level_name: str, cards: int) -> int:
    """Median time (us) a seat of level ``level_name`` takes to read the
    order and look over ``cards`` customer cards (at most
    :data:`LOOK_CARDS_MAX` count)."""
    base, per_card = LOOK_US.get(level_name, LOOK_US["normal"])
    return base + per_card * min(max(0, cards), LOOK_CARDS_MAX)


def weigh_us(view: dict, action: dict, level: Any, rng: random.Random) -> int:
    """The time (us) the seat looks over the dining area before ``action``
    when it is its answer to the order (a hit or a cup lift): log-normal
    around :func:`look_median_us` for the customers in ``view``, at most
    twice the median; 0 for every other press (reveal, release, cup down,
    a VP card to give).  The cabinet's runtime adds it to the reaction
    time (:meth:`bots.base.Bot.weigh_us`)."""
    if action.get("type") not in ("slap", "cup_lift"):
        return 0
    median = look_median_us(getattr(level, "name", "normal"), len(view.get("dining_area") or []))
    return int(min(2 * median, rng.lognormvariate(math.log(median), LOOK_SIGMA)))


def matches(view: dict) -> bool | None:
    """True if a dining-area customer matches the view's order, None when
    no order is shown."""
    order = view.get("order")
    if not order:
        return None
    attribute, value = order["attribute"], order["value"]
    return any(card.get(attribute) == value for card in view.get("dining_area", []))


def policy(view: dict, legal: list[dict], rng: random.Random, level: Any, memory: dict) -> dict | None:
    """Reveal when it is the seat's turn; in a race, slap or sip once per
    order (see the module doc) and then wait (``None``); a VP card owed is
    placed oldest first."""
    by_type = {a["type"]: a for a in legal}
    if "reveal" in by_type:
        return by_type["reveal"]
    if "place_vp" in by_type:
        return by_type["place_vp"]
    # one decision per race: a race restarted after a resume (CAB-8) is a new one
    key = (view.get("deck_count"), repr(view.get("order")), view.get("current"), (view.get("race") or {}).get("open_us"))
    if memory.get("order") != key:
        memory["order"] = key
        match = matches(view)
        wrong = level is not None and rng.random() < level.wrong
        memory["slap"] = bool(match) != wrong
        memory["acted"] = False
    press, finish = ("slap", "release") if memory["slap"] else ("cup_lift", "cup_down")
    if finish in by_type:
        return by_type[finish]
    me, race = view.get("player"), view.get("race") or {}
    if memory["acted"] and me is not None and (race.get("answers") or [0] * (me + 1))[me] is None:
        memory["acted"] = False     # its input came too soon after the order to count (CAB-7): answer again
    if press in by_type and not memory["acted"]:
        memory["acted"] = True
        return by_type[press]
    if press not in by_type and "cup_down" not in by_type and "release" not in by_type:
        return legal[0]      # an engine that names the race: its one input
    return None


def evaluate(game, seat: int) -> float:
    """Leaf value: VP cards."""
    return float(game.scores()[seat])
