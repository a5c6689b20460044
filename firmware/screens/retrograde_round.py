"""Retrograde: the end of a round, seen (issue 34 item 1, ruling CAB-10):
the hooks that hold the next round's countdown while the round's summary
stands on the HDMI, and the summary itself."""
from __future__ import annotations

from typing import Any

from engines.words import plural
from firmware.screens.retrograde_words import ALL_TROPHIES_WORDS


def result_pause(game, view: dict[str, Any]) -> tuple | None:
    """Ruling CAB-10: at the start of round 2 and later (nothing rolled or
    claimed yet), a key naming the round just ended: the runtime holds the
    next roll's countdown for ``cabinet.round_result_ms`` once per key;
    None otherwise (round 1, or the round is under way)."""
    if view.get("phase") != "roll" or view.get("round", 0) < 2:
        return None
    if view.get("claims_pending") or any(s.get("dice") is not None or s.get("claim") for s in view["seats"]):
        return None
    return ("round", view["round"] - 1)


def round_summary(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What each seat did in the round that ended, from the public views at
    its start (``before``) and at the next round's start (``after``).

    Returns:
        ``{"round": r, "seats": [str], "bests": [int]}``: one line a seat,
        "Seat 2: +7 pts · 4 droids, 1 boss, 4-pip trophy, +1 coin, power-up
        Snake Eye kept" (the trophy that completes the six adds "all 6
        trophies +3", the plan's words; "nothing blasted" when nothing
        changed); ``bests``
        the seats that gained most points.
    """
    lines, gains = [], []
    for b, a in zip(before["seats"], after["seats"]):
        bits = []
        droids = sum(1 for x, y in zip(b["blasted"], a["blasted"]) if y and not x)
        bosses = sum(1 for x, y in zip(b["bosses"], a["bosses"]) if y and not x)
        if droids:
            bits.append(plural(droids, "droid"))
        if bosses:
            bits.append(f"{bosses} boss{'es' if bosses != 1 else ''}")
        bits += [f"{i + 1}-pip trophy" for i, (x, y) in enumerate(zip(b["trophies"], a["trophies"])) if y and not x]
        if all(a["trophies"]) and not all(b["trophies"]):     # "+3 for all six": the parts add up (PT38)
            bits.append(ALL_TROPHIES_WORDS)
        coins = a["coins_marked"] - b["coins_marked"]
        spent = a["coins_spent"] - b["coins_spent"]
        if coins:
            bits.append(f"+{plural(coins, 'coin')}")
        if spent:
            bits.append(f"{plural(spent, 'coin')} spent")
        kept = len(a.get("hand") or []) + len(a["unlocked"]) - len(b.get("hand") or []) - len(b["unlocked"])
        if kept > 0:
            bits.append(f"+{plural(kept, 'power-up')}")
        bits += [f"{name} unlocked" for name in a["unlocked"][len(b["unlocked"]):]]
        gain = a["score"] - b["score"]
        gains.append(gain)
        lines.append(f"Seat {a['seat'] + 1}: +{gain} pt{'s' if gain != 1 else ''} · "
                     + (", ".join(bits) or "nothing blasted"))
    top = max(gains, default=0)
    return {"round": after["round"] - 1, "seats": lines,
            "bests": [i for i, g in enumerate(gains) if g == top and top > 0]}


def result_notes(view: dict[str, Any]) -> list[str]:
    """Why the game ended, for the result card: "The 8th round is over:
    the card deck is empty" (rulebook "Game Over": "The game ends at the
    end of the 8th round, the round when the card deck is empty"; PT17,
    issue 34: the game went from a blast to "Game over" unexplained);
    [] before the game is over."""
    if view.get("phase") != "over":
        return []
    n = view.get("rounds") or 8
    return [f"The {n}th round is over: the card deck is empty"]
