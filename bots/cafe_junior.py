"""Café International Junior: the heuristic bot.

What a good player aims for (rulebook "Scoring", rulings CI-4, CI-5):

* complete tables: the fourth guest scores +10, so seat the guest that
  completes a table before anything else;
* never leave a table one guest short for the next player unless it cannot
  be helped (the third guest at a table hands them the +10) - unless this
  turn completes it too;
* a table that can no longer be completed (its free sides need a gender
  that already has two guests there) is a dead end: only fill it for the
  single point when nothing better is left;
* keep jokers for the place that completes a table; exchange a joker out of
  a table when it comes back to hand for a completion, and do not end the
  game holding one (-5);
* when nothing fits, discard the guests with the fewest places to go.
"""
from __future__ import annotations

import random
from typing import Any

from engines.cafe_junior.components import SIDE_ORDER, load_components

COMP = load_components()
SEARCH = True
ROLLOUT_PLIES = 6
ROOT_WIDTH = 4


def _free(table: dict) -> list[str]:
    return [s for s in SIDE_ORDER if table["seats"][s] is None]


def _gender_count(table: dict, gender: str) -> int:
    return sum(1 for c in table["seats"].values() if c is not None and c["gender"] == gender)


def _fits(table: dict, side: str, card: dict) -> bool:
    if table["turned"] or table["seats"][side] is not None:
        return False
    if _gender_count(table, card["gender"]) >= 2:
        return False
    return card["joker"] or card["country"] in COMP.table(table["table"]).side_flags(side)


def _completable_by(table: dict, hand: list[dict]) -> bool:
    """True if the guests in ``hand`` can fill every free side of ``table``
    (greedy, small: at most 4 sides)."""
    free = _free(table)
    if not free:
        return False

    def fill(i: int, used: set[int], girls: int, boys: int) -> bool:
        if i == len(free):
            return True
        for k, card in enumerate(hand):
            if k in used:
                continue
            g = card["gender"]
            if (g == "girl" and girls >= 2) or (g == "boy" and boys >= 2):
                continue
            if card["joker"] or card["country"] in COMP.table(table["table"]).side_flags(free[i]):
                if fill(i + 1, used | {k}, girls + (g == "girl"), boys + (g == "boy")):
                    return True
        return False

    return fill(0, set(), _gender_count(table, "girl"), _gender_count(table, "boy"))


def _hand_after(hand: list[dict], card_id: str) -> list[dict]:
    out = list(hand)
    for i, c in enumerate(out):
        if c["id"] == card_id:
            del out[i]
            break
    return out


def _table_after(table: dict, side: str, card: dict) -> dict:
    t = dict(table)
    t["seats"] = dict(table["seats"])
    t["seats"][side] = card
    return t


def _dead(table: dict) -> bool:
    """No guest can ever fill the free sides (gender rule)."""
    free = len(_free(table))
    return free > (2 - _gender_count(table, "girl")) + (2 - _gender_count(table, "boy"))


def score_action(view: dict, action: dict) -> float:
    """Heuristic value of one atomic action for the seat to move (higher is
    better); uses the seat's view only."""
    kind = action["type"]
    hand = view["hand"]
    tables = view.get("_tables")
    if tables is None:
        tables = view["_tables"] = {t["table"]: t for t in view["tables"]}
    if kind == "end_turn":
        return 0.0
    card = next(c for c in hand if c["id"] == action["card"])
    if kind == "discard":
        places = sum(1 for t in tables.values() for s in SIDE_ORDER if _fits(t, s, card))
        value = -1.0 - 0.3 * places - (6.0 if card["joker"] else 0.0)
        # a discarding turn is only for cards that cannot be placed
        return value
    table = tables[action["table"]]
    side = action["side"]
    if kind == "exchange":
        # worth it when the joker, back in hand, completes another table
        joker = table["seats"][side]
        completes = any(not t["turned"] and t["table"] != table["table"] and len(_free(t)) == 1
                        and _completable_by(t, [joker]) for t in tables.values())
        return 11.9 if completes else 0.4
    after = _table_after(table, side, card)
    free_after = len(_free(after))
    value = 1.0
    if free_after == 0:
        value += 10.0 + (1.0 if not card["joker"] else -0.5)
        return value + 20.0
    rest = _hand_after(hand, card["id"])
    if card["joker"]:
        value -= 3.0           # a joker is worth keeping for a completion
    if _dead(after):
        value -= 0.5
    elif free_after == 1:
        if _completable_by(after, rest):
            value += 6.0       # we finish it ourselves this turn
        else:
            value -= 7.0       # hands the next player +10
    elif free_after == 2:
        value += 1.5 if _completable_by(after, rest) else 0.3
    else:
        value += 0.2
    return value


def policy(view: dict, legal: list[dict], rng: random.Random, level: Any, memory: dict) -> dict:
    """The heuristic choice among ``legal`` (see the module doc)."""
    scored = [(score_action(view, a), rng.random(), a) for a in legal]
    best = max(scored, key=lambda x: (x[0], x[1]))
    if best[2]["type"] != "end_turn" and best[0] < 0.0:
        # a negative move is worth making only when the turn must still
        # place or discard something
        turn = view["turn"]
        if turn["placed"] + turn["discarded"] > 0:
            return next(a for a in legal if a["type"] == "end_turn")
    return best[2]


def wants_search(view: dict, legal: list[dict]) -> bool:
    """Search unless the heuristic's best move completes a table (nothing
    beats +10 now)."""
    return max(score_action(view, a) for a in legal) < 20.0


def evaluate(game, seat: int) -> float:
    """Search leaf value: points, minus 5 per joker held near the end."""
    pts = game.scores()[seat]
    if not game.is_terminal():
        jokers = sum(1 for c in game.hands[seat] if COMP.card(c).is_joker)
        pts -= jokers * (5.0 if len(game.guest_pile) < 10 else 1.0)
    return pts
