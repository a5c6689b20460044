"""Café International Junior's choices a guest at a time (PT45, a fresh
play-tester: every card-and-seat pair was one flat list of 46 stepped with
Left/Right; three Britain boys each listed all their seats).

The choices in the screen's order: the hand's guests in its order, each
guest's places (then its joker swaps) together, then the discards, then
ending the turn; two identical guests (the same country and gender, or two
jokers of one gender) give the same choices, so only the first guest's are
offered - the action it stands for is the engine's own, legal as it is.
Each choice's group is its guest ("Britain boy"), so Right held alone jumps
to the next guest (:mod:`firmware.runtime.group_jump`)."""
from __future__ import annotations

from typing import Any

#: What the seat's OLED says as Right held jumps to the next guest.
GROUP_WORDS = "hold right: next guest"
#: What the shared screen tells a person on its turn with guests to choose between.
GROUP_HINT = "Hold Right: next guest"

_KIND_RANK = {"place": 0, "exchange": 1, "discard": 2, "end_turn": 3}


def _guests(game: Any, seat: int) -> dict[str, tuple]:
    """card id -> (country, gender, joker) of each guest in ``seat``'s hand."""
    hand = game.view(seat).get("hand") or []
    return {c["id"]: (c.get("country"), c.get("gender"), bool(c.get("joker"))) for c in hand if c}


def _sig(action: dict[str, Any], guests: dict[str, tuple]) -> tuple:
    """What a choice does, whichever of identical guests it names."""
    g = guests.get(action.get("card"))
    return (action.get("type"), g if g is not None else action.get("card"), action.get("table"), action.get("side"))


def choice_twin(game: Any, seat: int, action: dict[str, Any], acts: list[dict[str, Any]]) -> int | None:
    """The index in ``acts`` (the choices offered) of the choice that does
    what ``action`` does with an identical guest (a bot's pick among the
    ones not offered); None when none does."""
    guests = _guests(game, seat)
    want = _sig(action, guests)
    return next((i for i, a in enumerate(acts) if _sig(a, guests) == want), None)


def choice_order(game: Any, seat: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``seat``'s choices a guest at a time (see the module), each
    identical guest's choices offered once."""
    guests = _guests(game, seat)
    first: dict[tuple, int] = {}           # a guest's kind -> its place in the hand (the first of its kind)
    for k, g in enumerate(guests.values()):
        first.setdefault(g, k)
    seen: set[tuple] = set()
    kept = []
    for a in acts:
        sig = _sig(a, guests)
        if sig in seen:
            continue
        seen.add(sig)
        kept.append(a)

    def key(a: dict[str, Any]) -> tuple:
        kind = _KIND_RANK.get(a.get("type"), len(_KIND_RANK))
        if kind < 2:          # a place or a joker swap: by its guest, the places first
            return (0, first.get(guests.get(a.get("card")), len(first)), kind)
        return (kind, 0, 0)
    return sorted(kept, key=key)          # stable: the engine's order inside a guest's places


def choice_group(action: dict[str, Any], game: Any = None) -> str:
    """A choice's group: its guest ("Britain boy", "joker girl") for a
    place or a joker swap, "discard", "end turn"."""
    kind = action.get("type")
    if kind in ("place", "exchange") and game is not None:
        for card in game.view(action.get("player")).get("hand") or []:
            if card and card.get("id") == action.get("card"):
                who = "joker" if card.get("joker") else card.get("country")
                return f"{who} {card.get('gender')}"
    return {"discard": "discard", "end_turn": "end turn"}.get(kind, str(kind))


def group_hint(game: Any, seat: int | None, shown: Any) -> str | None:
    """The shared screen's line for a person's ``seat`` whose choices
    (``shown``, its cursor's) stand in more than one guest's group:
    "Hold Right: next guest"; None otherwise."""
    if seat is None or shown is None or not shown.choices:
        return None
    groups = {choice_group(a, game) for a in shown.choices if a.get("type") in ("place", "exchange")}
    return GROUP_HINT if len(groups) > 1 else None
