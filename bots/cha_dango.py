"""Cha dango: the real-time bot (seeing the match, slap or sip).

When an order is revealed the bot looks at the dining area in its own view
and sees whether a customer matches the order (same value of the ordered
attribute).  It then, after a reaction time drawn around its level's median
(:data:`REACTION_MEDIAN_US`: 900 / 650 / 500 ms), slaps if one matches and lifts its cup to sip if none
does, except that with the level's chance ``wrong`` it makes the other
choice (a person misreading the table).  The decision is made once per
order, and it acts once per order (one slap and its release, or one sip:
lift, then the cup down after the sip time), then waits.  Whatever the
engine offers (a race that names its kind, or a race where the seat must
choose between slap and sip) the bot acts through the same inputs.  A VP
card the rules make it place goes oldest first.
"""
from __future__ import annotations

import random
from typing import Any

SEARCH = False

#: Median reaction time per level, us: the time to look at the order, find
#: (or not) the matching customer among the dining area and press (issue 34:
#: with the levels' generic 700 / 500 / 350 ms a normal bot hit in 285-800
#: ms and a person never won a race).  ``normal`` is a person who looks
#: (:data:`bots.cha_dango_race.SEEING_MEDIAN_US`, the 650 ms of ruling CD-9:
#: a simple reaction ~250 ms plus visual search over 5-8 cards); ``easy`` a
#: slow looker, ``hard`` a quick one.  Sources in bots/README.md.
REACTION_MEDIAN_US = {"easy": 900_000, "normal": 650_000, "hard": 500_000}


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
