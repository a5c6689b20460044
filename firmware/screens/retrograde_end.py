"""Retrograde's HDMI parts at the end: the solo goal and the final scores
("5 - Game Over", RG-11), each seat's points in parts."""
from __future__ import annotations

from typing import Any

from firmware.ui.kit import DIM, GOLD, INFO, NEED, PANEL, Rect, Scene


#: The book's solo target: "try to achieve the ultimate high score: 49 points".
ULTIMATE = 49


def _solo_goal(scene: Scene, r: Rect, seat: dict[str, Any]) -> None:
    """Solo: the score so far against the ultimate high score (49)."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL)
    inner = r.inset(m.pad)
    line_h = scene.measure("Ag", m.medium)[1]
    head, num, bar, note = inner.rows(-line_h, -scene.measure("Ag", m.large)[1], -max(12, line_h // 2), 1,
                                      gap=m.pad)
    scene.text("Solo score", head, sizes=(m.medium, m.small), colour=GOLD)
    scene.text(f"{seat['score']} of {ULTIMATE} pts", num, sizes=(m.large, m.medium, m.small))
    scene.add("bar", bar, None, frac=min(1.0, seat["score"] / ULTIMATE), colour=GOLD)
    scene.lines([("The book's ultimate high score is 49", INFO)], note, size=m.small, colour=DIM)


def score_words(seat: dict[str, Any]) -> str:
    """A seat's points in parts ("5 - Game Over": droids 1, bosses 3,
    trophies 1 each and 3 more for all six) and its unspent coins (the
    tie-break, RG-11): "5 droids, 1 boss, 6 trophies (all: +3), 2 coins";
    ``seat`` is one of the view's ``seats``."""
    droids, bosses, troph = sum(seat["blasted"]), sum(seat["bosses"]), sum(seat["trophies"])
    coins = seat["coins_marked"] - seat["coins_spent"]
    parts = [f"{droids} droid{'s' if droids != 1 else ''}"]
    if bosses:
        parts.append(f"{bosses} boss{'es' if bosses != 1 else ''}")
    parts.append(f"{troph} troph{'ies' if troph != 1 else 'y'}" + (" (all: +3)" if troph == 6 else ""))
    parts.append(f"{coins} coin{'s' if coins != 1 else ''}")
    return ", ".join(parts)


def result_breakdown(view: dict[str, Any]) -> list[str]:
    """Each seat's points in parts for the result card (:func:`score_words`;
    issue 34: the card hid the final board's lines at 800x480); [] before
    the game is over."""
    if view.get("phase") != "over":
        return []
    return [score_words(s) for s in sorted(view["seats"], key=lambda s: s["seat"])]


def _final(scene: Scene, r: Rect, game, view: dict[str, Any]) -> None:
    """Game over ("5 - Game Over"): who won, ties broken by unspent coins
    (RG-11) or shared, and each seat's points: droids 1, bosses 3,
    trophies 1 each and 3 more for all six."""
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL, border=GOLD, radius=m.pad)
    inner = r.inset(m.pad)
    head_h = scene.measure("Ag", m.large)[1]
    head, rest = inner.rows(-head_h, 1, gap=m.pad // 2)
    from engines.results import game_result
    scene.text("Game over", head, sizes=(m.large, m.medium), colour=GOLD)
    result = game_result(game)
    lines = [(result.headline, NEED)]  # the one result the report and simulate give too
    lines += [(t, INFO) for t in result.place_ties]      # how ties below the winner were decided (PT12)
    for s in sorted(view["seats"], key=lambda s: -s["score"]):
        lines.append((f"Seat {s['seat'] + 1}: {s['score']} pts: " + score_words(s), INFO))
    scene.lines(lines, rest, size=m.small)
    scene.facts["final"] = [s["score"] for s in view["seats"]]
