"""The customer satisfaction track (rulebook "Player board layout",
"Phase 3", "Phase 4"; ruling CC-3).

A track is a list of 6 spaces (index 0 = leftmost green space); each space
holds ``None`` or a customer dict ``{"card": id, "order": {dish: n} or None,
"tip": coins or None, "copied_from": [seat, card] or None}``.  ``order`` and
``tip`` are set only by a Change My Order card (the copied order and the tip
of the copied customer's position); otherwise the card's own order and the
tip of the space's colour apply.
"""
from __future__ import annotations

from typing import Any

from .data import Components


def new_customer(card_id: str) -> dict[str, Any]:
    """A customer as placed from the deck."""
    return {"card": card_id, "order": None, "tip": None, "copied_from": None}


def order_of(comp: Components, customer: dict[str, Any]) -> dict[str, int]:
    """The customer's current order ``{dish: count}`` (copied or own)."""
    if customer["order"] is not None:
        return dict(customer["order"])
    return comp.customer(customer["card"]).order_dict()


def tip_at(comp: Components, track: list, space: int) -> int:
    """Tip in coins for serving the customer on ``space`` now (rulebook
    "Phase 3": the tip of the customer's current colour; a copied order
    pays the copied customer's tip, "Change My Order")."""
    customer = track[space]
    if customer["tip"] is not None:
        return customer["tip"]
    return comp.customer(customer["card"]).tip(comp.track[space])


def has_dishes(dishes: dict[str, int], order: dict[str, int]) -> bool:
    """True if ``dishes`` cover every count of ``order``."""
    return all(dishes.get(d, 0) >= n for d, n in order.items())


def occupied(track: list) -> list[int]:
    """Spaces holding a customer, left to right."""
    return [i for i, c in enumerate(track) if c is not None]


def move_customers(track: list, spaces: int) -> tuple[list, list[dict[str, Any]]]:
    """Move ALL customers ``spaces`` (1 or 2) to the right, keeping gaps
    (rulebook "Phase 4").  Customers pushed past the last space walk out.

    Returns:
        ``(new_track, walkouts)``.
    """
    size = len(track)
    new: list = [None] * size
    walkouts = []
    for i, customer in enumerate(track):
        if customer is None:
            continue
        if i + spaces >= size:
            walkouts.append(customer)
        else:
            new[i + spaces] = customer
    return new, walkouts


def green_spaces(comp: Components) -> list[int]:
    """Indices of the green spaces (new customers enter there, CC-3)."""
    return [i for i, colour in enumerate(comp.track) if colour == "green"]


def refill(comp: Components, track: list, deck: list[str]) -> tuple[list[str], list[str]]:
    """Fill the empty green spaces from ``deck`` (both mutated; rulebook
    "Phase 4").  An event card drawn is set aside and the player draws on,
    until every empty green space holds a customer or the deck is empty.

    Returns:
        ``(customers placed, event cards revealed)`` as card ids, in order.
    """
    placed, revealed = [], []
    for space in green_spaces(comp):
        if track[space] is not None:
            continue
        while deck:
            card = deck.pop(0)
            if comp.is_event(card):
                revealed.append(card)
                continue
            track[space] = new_customer(card)
            placed.append(card)
            break
    return placed, revealed
