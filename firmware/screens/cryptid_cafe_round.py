"""Cryptid Cafe: the end of a round, seen (play-test, leftovers: a round
ended with no word of who scored what).  The same hooks as Retrograde's
round summary and Cha dango's race result (``result_pause``,
``round_summary``, ``result_pause_ms``; the session holds the summary on
the HDMI for them), and the summary drawn in the board's place while the
next round waits; at the end, each seat's final score explained."""
from __future__ import annotations

from collections import Counter
from typing import Any

from engines.cryptid_cafe.data import components
from engines.words import plural

from firmware.screens.cryptid_cafe_words import ai_role
from firmware.screens.round_summary import read_time_ms


def result_pause(game, view: dict[str, Any]) -> tuple | None:
    """At the start of round 2 and later, before any server is sent, a key
    naming the round just ended: the session keeps that round's summary on
    the HDMI for :func:`result_pause_ms` once per key; None otherwise."""
    if view.get("phase") != "place" or view.get("round", 0) < 2:
        return None
    if any(who is not None for ranks in (view.get("stations") or {}).values() for who in ranks):
        return None
    return ("round", view["round"] - 1)


def held_actions() -> tuple[str, ...]:
    """The action types no seat (person or bot) may make while a round's
    summary is read: a new round opens with placing servers.  (Cha dango's
    result holds only its next "reveal", the session's default.)"""
    return ("place",)


def result_pause_ms(view: dict[str, Any], events: list[str], base_ms: int) -> int:
    """How long (ms) the round's summary stays: :func:`~firmware.screens.round_summary.read_time_ms`
    of its lines (a heading and a line a
    seat), never less than ``base_ms`` (``cabinet.round_result_ms``); 0
    when ``base_ms`` is 0 (a cabinet set for no pause).  At most 15 s."""
    return read_time_ms(1 + len(view.get("players") or []) + (view.get("ai2_coins") is not None), base_ms)


def _name(card_id: str) -> str:
    """A customer's name from the component data ("Yeti"); the id if unknown."""
    try:
        return components().customer(card_id).name
    except (KeyError, StopIteration):
        return str(card_id)


def _moved(before: list, after: list) -> int | None:
    """How many spaces a seat's customers moved at the cleanup: the shift
    most of those on the track at both ends of the round made (a Manager's
    swap moves two others); None when none stayed."""
    where = {c["card"]: i for i, c in enumerate(before) if c}
    shifts = Counter(i - where[c["card"]] for i, c in enumerate(after) if c and c["card"] in where)
    shifts.pop(0, None)
    return shifts.most_common(1)[0][0] if shifts else None


def round_summary(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What each seat got in the round that ended, from the public views at
    its start (``before``) and at the next round's start (``after``).

    Returns:
        ``{"round": r, "seats": [str], "bests": [int]}``: a line a seat,
        "Seat 2: +9 coins · served Yeti 6, Kappa 3 · Champ walked out (-3)
        · customers moved 2"; ``bests`` the seats that gained most coins.
    """
    lines, gains = [], []
    for seat, (b, a) in enumerate(zip(before["players"], after["players"])):
        gain = a["coins"] - b["coins"]
        gains.append(gain)
        bits = [f"{gain:+d} coin{'s' if abs(gain) != 1 else ''}"]
        served = a["served"][len(b["served"]):]
        if served:
            bits.append("served " + ", ".join(f"{_name(s['card'])} {s['tip']}" for s in served))
        lost = a["lost"][len(b["lost"]):]
        if lost:
            value = (a.get("score") or {}).get("lost_value", 0) - (b.get("score") or {}).get("lost_value", 0)
            names = ", ".join(_name(c) for c in lost)
            bits.append(f"{names} walked out" + (f" (-{value})" if value else ""))
        moved = _moved(b.get("track") or [], a.get("track") or [])
        bits.append(f"customers moved {moved}" if moved else "no customers left to move")
        lines.append(f"Seat {seat + 1}: " + " · ".join(bits))
    ai = _ai2_line(before, after)
    top = max(gains, default=0)
    return {"round": after["round"] - 1, "seats": lines + ([ai] if ai else []),
            "bests": [i for i, g in enumerate(gains) if g == top and top > 0]}


def _ai2_line(before: dict[str, Any], after: dict[str, Any]) -> str:
    """A solo round's line for AI Player 2 (issue 34, pt11 ccy6a: the
    summary gave only the seat's coins): "AI Player 2: +3 coins (shared
    tips 2, lost customers 1) · 8 coins"; "" outside solo games."""
    if after.get("ai2_coins") is None:
        return ""
    b, a = (v.get("ai_players", {}).get("ai2") or {} for v in (before, after))
    shared = a.get("share_coins", 0) - b.get("share_coins", 0)
    lost = a.get("lost_coins", 0) - b.get("lost_coins", 0)
    parts = [f"{w} {n}" for w, n in (("shared tips", shared), ("lost customers", lost)) if n]
    gain = shared + lost
    return (f"{a.get('name', 'AI Player 2')}: {gain:+d} coin{'s' if abs(gain) != 1 else ''}"
            + (f" ({', '.join(parts)})" if parts else "") + f" · {plural(after['ai2_coins'], 'coin')}")




def final_lines(view: dict[str, Any], notes: list[str]) -> list[str]:
    """The end's explanation for the board's place (the live result card's
    notes, so a replay's last step says it too): "Final scores" and a line
    a seat, "Seat 1: 60 tips +13 sets -3 walkouts -7 dishes = 63"; in solo
    the scoring AI's coins.  Drawn over the board and the side panel, never
    over the seats' rows (their customers and piles stay seen)."""
    if view.get("phase") != "over":
        return []
    ai = [f"{a['name']}: {view['ai2_score']} coins" if k == "ai2" and "ai2_score" in view
          else ai_role(a["name"])      # the side panel's AI lines, covered here
          for k, a in (view.get("ai_players") or {}).items()
          if not any(n.startswith(f"{a['name']}: ") for n in notes)]      # its parts already said
    return ["Final scores", *notes, *ai]


def finals_layout(scene, r, lines: list[str], view: dict[str, Any] | None = None):
    """How the final scores fit the panel ``r`` (px): ``(title, notes,
    columns)`` - the full words in one column, else two; else the parts
    named once in the heading and each seat's numbers (:func:`compact_finals`,
    needs ``view``) in two or three columns; None when none of these fits."""
    m = scene.metrics
    inner = r.inset(m.pad)
    _, rest = inner.rows(-scene.measure("Ag", m.medium)[1], 1, gap=m.pad // 2)
    one, two, three = [rest], list(rest.cols(1, 1, gap=m.pad)), list(rest.cols(1, 1, 1, gap=m.pad))
    for cols in (one, two):
        if _fits(scene, cols, lines[1:]):
            return lines[0], lines[1:], cols
    if view is not None:
        title, notes = compact_finals(view)
        for cols in (two, three):
            if _fits(scene, cols, notes):
                return title, notes, cols
    return None


def draw_finals(scene, r, lines: list[str], view: dict[str, Any] | None = None) -> None:
    """The final scores explained in the panel ``r`` (:func:`final_lines`,
    laid out by :func:`finals_layout`; one column, the lines that do not
    fit left out, when none fits)."""
    from firmware.ui.kit import GOLD, INFO, PANEL
    m = scene.metrics
    scene.add("panel", r, None, fill=PANEL, border=GOLD, radius=m.pad)
    inner = r.inset(m.pad)
    head, rest = inner.rows(-scene.measure("Ag", m.medium)[1], 1, gap=m.pad // 2)
    title, notes, cols = finals_layout(scene, r, lines, view) or (lines[0], lines[1:], [rest])
    scene.text(title, head, sizes=(m.medium, m.small), colour=GOLD)
    per = -(-len(notes) // len(cols))
    for k, col in enumerate(cols):     # the seats in order down the first column, then the next
        scene.lines([(line, INFO) for line in notes[k * per:(k + 1) * per]], col, size=m.small)
    scene.facts["final_notes"] = notes


def _fits(scene, cols: list, notes: list[str]) -> bool:
    """True when ``notes``, split in order over the columns ``cols`` (px
    rects), fit them whole, word-wrapped at the small size."""
    from firmware.ui.kit import wrap_words
    m = scene.metrics
    line_h = scene.measure("Ag", m.small)[1]
    per = -(-len(notes) // len(cols))
    for k, col in enumerate(cols):
        wrapped = [wrap_words(t, col.w, m.small, scene.measure) for t in notes[k * per:(k + 1) * per]]
        if any(w is None for w in wrapped) or sum(len(w) for w in wrapped) > col.h // line_h:
            return False
    return True


def compact_finals(view: dict[str, Any]) -> tuple[str, list[str]]:
    """The final scores for a short screen: a heading naming the parts
    once, "Final: tips +sets -walkouts -dishes", and a line a seat with
    every part, "Seat 1: 41 +10 -13 -10 = 28"; the AI players' lines
    as :func:`final_lines` says them."""
    out = []
    for s, p in enumerate(view.get("players") or []):
        sc = p.get("score") or {}
        out.append(f"Seat {s + 1}: {sc.get('tips', p.get('coins', 0))} +{sc.get('set_bonus', 0)} "
                   f"-{sc.get('lost_value', 0)} -{sc.get('dish_penalty', 0)} = {sc.get('total', p.get('coins', 0))}")
    ai = [t for t in final_lines(view, []) if t.startswith("AI")]
    return "Final: tips +sets -walkouts -dishes", out + ai
