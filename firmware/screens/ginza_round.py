"""Ginza Retro Café: the end of a round, and of the game, seen (play-test
of seed 3: the round passed with no summary, the bot played on in round 2
within ~1.6 s; at the end, the customers who left unserved and the order
cards discarded were never said).  The hooks Cryptid Cafe and Retrograde
use (``result_pause``, ``result_pause_ms``, ``round_summary``,
``held_actions``, ``summary_round``; the session holds the summary on the
HDMI for them, from the round's end: the next round's dice wait for it),
the summary drawn in the board's place while the next round waits, and the
game's result notes: why it ended.

Rulebook ``ginza-retro-cafe.txt``, "B. End of the Round" (time markers,
customers leaving unserved, the start player) and "6. Scoring"."""
from __future__ import annotations

from typing import Any

from engines.ginza.components import components
from engines.words import plural

from firmware.screens.round_summary import read_time_ms

#: Every action of a round's play: none is taken (by a person or a bot)
#: while the round's summary is read.
PLAY_ACTIONS = ("serve", "change", "reroll", "add", "upgrade", "raise_limit", "wash", "stop")


#: The dice a round's end asks for ("B-4" replenish, "B-5" the common
#: dice): while any of them waits, the round has ended and the next has
#: not begun.
ROUND_END_ROLLS = ("replenish", "common dice")


def held_actions() -> tuple[str, ...]:
    """The action types held while a round's summary is read: every move
    of the round's play (:data:`PLAY_ACTIONS`) and the next round's dice
    (``"dice"``: none is asked for or read, ruling GR-10)."""
    return (*PLAY_ACTIONS, "dice")


def round_ended(view: dict[str, Any]) -> bool:
    """True between a round's end and the next round's start: the public
    ``view`` is in play and the engine waits for a round's-end roll
    (:data:`ROUND_END_ROLLS`)."""
    return view.get("phase") == "play" and any(r.get("reason") in ROUND_END_ROLLS
                                               for r in view.get("dice_requests") or [])


def summary_round(view: dict[str, Any]) -> int:
    """The round a summary counts ``view`` in: its round, or the next one
    once its round has ended (:func:`round_ended`), so the session sums a
    round up at its end, before the next round's dice (ruling GR-10)."""
    return (view.get("round") or 0) + (1 if round_ended(view) else 0)


def result_pause(game, view: dict[str, Any]) -> tuple | None:
    """A key naming the round just ended (``("round", r)``), from round
    1's end on (:func:`summary_round` 2 or more): the session keeps that
    round's summary on the HDMI for :func:`result_pause_ms` once per key,
    and holds the next round's dice and play meanwhile; None before and
    once the game is over (the final screen says the end)."""
    if view.get("phase") != "play" or summary_round(view) < 2:
        return None
    return ("round", summary_round(view) - 1)


def _lines_of(view: dict[str, Any]) -> int:
    """How many lines a summary of the round that ended before ``view``
    has: one a seat, the customers, those waiting, who starts."""
    return len(view.get("players") or []) + 3


def result_pause_ms(view: dict[str, Any], events: list[str], base_ms: int) -> int:
    """How long (ms) the round's summary stays: :func:`~firmware.screens.round_summary.read_time_ms`
    of its lines (its heading and :func:`round_summary`'s
    lines), never less than ``base_ms`` (``cabinet.round_result_ms``); 0
    when ``base_ms`` is 0 (a cabinet set for no pause).  At most 15 s."""
    return read_time_ms(1 + _lines_of(view), base_ms)


def customer_names(ids: list[str]) -> list[str]:
    """Customers' names from the component data ("Couple"); an unknown id
    as it is."""
    comp = components()
    return [comp.customers[c].name if c in comp.customers else str(c) for c in ids]


def _served_words(cards: list[str], waiting: int, lost: int = 0) -> str:
    """ "served Coffee 3 VP, Pudding 2 VP" for the order cards won, then
    "1 dish served, its customer waits" for the dishes served whose
    customer still waits for others (their cards come when it is served,
    rulebook "Serve a Dish" 4-1), then "1 dish lost when its customer
    left" (rulebook "B-1": the order cards discarded); "served nothing"
    for none of them."""
    comp = components()
    bits = []
    if cards:
        bits.append("served " + ", ".join(f"{comp.orders[c].item} {comp.orders[c].vp} VP" if c in comp.orders else c
                                          for c in cards))
    if waiting:
        bits.append(f"{waiting} dish served, its customer waits" if waiting == 1
                    else f"{waiting} dishes served, their customers wait")
    if lost:
        bits.append(f"{lost} dish lost when its customer left" if lost == 1
                    else f"{lost} dishes lost when their customers left")
    return " · ".join(bits) or "served nothing"


def _tokens(view: dict[str, Any], seat: int) -> set[str]:
    """The order cards on the table under ``seat``'s action token."""
    return {o["card"] for c in view.get("customers") or [] if c for o in c["orders"] if o["token"] == seat}


def round_summary(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What the round that ended did, from the public views at its start
    (``before``) and at the next round's start (``after``).

    Returns:
        ``{"round": r, "seats": [str], "bests": [int]}``: a line a seat,
        "Seat 1: +5 VP this round · served Coffee 3 VP, Pudding 2 VP · ¥9
        (+4)" (with
        "· 1 dish served, its customer waits" for a dish whose order card
        is still on the table); the
        customers who left, "Customers: Couple served and left · Novelist
        left unserved (2 order cards discarded)"; those waiting with their
        time markers, "Waiting: Student 1 round left, Salaryman 2 rounds
        left"; "Seat 2 starts round 3" (the seat with the most dice).
        ``bests``: the seats that won the most VP in the round.  ``after``
        may be the view at the round's end, its next round's dice not yet
        read (:func:`summary_round`).
    """
    nxt = summary_round(after)
    lines, gains = [], []
    for seat, (b, a) in enumerate(zip(before["players"], after["players"])):
        won = a["orders"][len(b["orders"]):]
        vp = a["order_points"] - b["order_points"]
        yen = a["coins"] - b["coins"]
        gains.append(vp)
        waiting = len(_tokens(after, seat) - _tokens(before, seat))
        lost = a.get("lost_dishes", 0) - b.get("lost_dishes", 0)
        # the round's VP first, apart from a waiting dish's words (PT22 read "waits (+4 VP)" as its worth)
        lines.append(f"Seat {seat + 1}: +{vp} VP this round · {_served_words(won, waiting, lost)} · "
                     f"¥{a['coins']} ({yen:+d})")
    served = customer_names(after.get("served_customers", [])[len(before.get("served_customers", [])):])
    gone = customer_names(after.get("unserved_customers", [])[len(before.get("unserved_customers", [])):])
    discarded = after.get("discarded_orders", 0) - before.get("discarded_orders", 0)
    bits = []
    if served:
        bits.append(f"{', '.join(served)} served and left")
    if gone:
        bits.append(f"{', '.join(gone)} left unserved ({plural(discarded, 'order card')} discarded)")
    lines.append("Customers: " + (" · ".join(bits) if bits else "none left this round"))
    waiting = [f"{c['name']} {plural(c['time'], 'round')} left" for c in after.get("customers") or [] if c]
    lines.append("Waiting: " + (", ".join(waiting) if waiting else "no customers"))
    if after.get("start_player") is not None:
        lines.append(f"Seat {after['start_player'] + 1} starts round {nxt}")
    top = max(gains, default=0)
    return {"round": nxt - 1, "seats": lines,
            "bests": [i for i, g in enumerate(gains) if g == top and top > 0]}


def result_notes(view: dict[str, Any]) -> list[str]:
    """Why the game ended and what left the table, for the end card and
    the final screen: "The last customers left unserved: Couple,
    Novelist" (or, the last customer served and no one left to arrive,
    "Every customer served" when none ever left, else "The last customer
    was served; no more came"), then "5 customers served, 2 left
    unserved, 4 order cards discarded".  [] before the game is over."""
    if view.get("phase") != "over":
        return []
    last = customer_names(view.get("last_unserved") or [])
    if len(last) > 1:
        why = f"The last customers left unserved: {', '.join(last)}"
    elif last:
        why = f"The last customer left unserved: {last[0]}"
    served, gone = len(view.get("served_customers") or []), len(view.get("unserved_customers") or [])
    if not last:    # the last customer was served and none was left to come (others may have left before)
        why = "Every customer served" if not gone else "The last customer was served; no more came"
    discarded = view.get("discarded_orders", 0)
    cards = f"{plural(discarded, 'order card')} discarded" if discarded else "no order card discarded"
    return [why, f"{plural(served, 'customer')} served, {gone} left unserved, {cards}"]
