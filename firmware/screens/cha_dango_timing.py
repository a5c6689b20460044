"""Cha dango's clocks a seat sees (rulings CAB-9, CD-6): the seconds left of
a VP-card choice, the card under each person's cursor placed when that time
is up, and the 1 s sip hold's progress."""
from __future__ import annotations

from typing import Any


def choice_timeout(game, t_us: int, controls, bots) -> list[dict[str, Any]]:
    """Ruling CAB-9: once the VP-card choice's time is up (``t_us`` at or
    past ``vp_choice_deadline_us``), the ``place_vp`` actions (marked
    ``timed_out``) of the card under each person's cursor: the card its
    OLED showed goes, not another.  Bots and seats without a shown card
    are left to the engine's time-out (CD-10)."""
    view = game.view(None)
    deadline = view.get("vp_choice_deadline_us")
    if view.get("phase") != "place_vp" or deadline is None or t_us < deadline:
        return []
    out = []
    for seat, owe in enumerate(view.get("must_place") or []):
        if owe and seat not in bots:
            chosen = controls[seat].shown(game).chosen or {}
            if chosen.get("type") == "place_vp" and chosen.get("player") == seat:
                out.append({"type": "place_vp", "player": seat, "card": chosen["card"], "timed_out": True})
    return out


def _choice_left(view: dict[str, Any], context: dict[str, Any]) -> int | None:
    deadline = view.get("vp_choice_deadline_us")
    if view.get("phase") != "place_vp" or deadline is None:
        return None
    return _seconds_until(deadline, context)


def _seconds_until(deadline_us: int, context: dict[str, Any]) -> int | None:
    """Whole seconds (rounded up, at least 0) from ``context["now_us"]`` to
    ``deadline_us``; None without the clock.  The clock is read only here,
    when a time is shown (a scene that reads it is built every render)."""
    now = context.get("now_us")
    if now is None:
        return None
    return max(0, -(-(deadline_us - now) // 1_000_000))


def _hold_left(game, view: dict[str, Any], seat: int, context: dict[str, Any]) -> int | None:
    """CD-6: us left of the seat's 1 s sip hold (its cup up since a counted
    lift), or None when it is not holding; ``context["now_us"]`` is read
    only while a cup is up in a race (a scene that reads the clock is
    built again every render)."""
    if view.get("race") is None or not view["cups_up"][seat]:
        return None
    now_us = context.get("now_us")
    if now_us is None:
        return None
    cup_down = next((a for a in game.legal_actions(seat) if a.get("type") == "cup_down"), None)
    t_min = cup_down.get("t_min_us") if cup_down else None
    return None if t_min is None or now_us >= t_min else t_min - now_us


def _tenths(us: int) -> str:
    """Seconds with one decimal, rounded up ("0.8 s")."""
    return f"{-(-us // 100_000) / 10:.1f} s"


def race_left_s(view: dict[str, Any], context: dict[str, Any]) -> int | None:
    """Whole seconds (rounded up, at least 0) an open race still takes
    answers: until its ``timeout_at_us`` (CD-9's ``sip_timeout_us`` after
    the order); None when no race is open, the game is paused or the
    clock is not given.
    ``context["now_us"]`` is read only while a race is open (a scene that
    reads the clock is built again every render)."""
    race = view.get("race")
    if race is None or race.get("timeout_at_us") is None or context.get("paused"):
        return None         # paused: the race starts again afterwards, no second runs out meanwhile
    return _seconds_until(race["timeout_at_us"], context)
