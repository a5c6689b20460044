"""Ginza Retro Café scoring ("6. Scoring"): order card points + achieved
bonus cards + coin points; ties go to the higher order card points, then are
shared."""
from __future__ import annotations

from .components import CATEGORIES, BonusCard, Components

#: "1 Coin point per ¥4 coins you have."
YEN_PER_COIN_POINT = 4


def order_points(comp: Components, orders: list[str]) -> int:
    """Sum of the VP of the acquired order cards ("Order Card Points")."""
    return sum(comp.orders[o].vp for o in orders)


def coin_points(coins: int) -> int:
    """1 point per full ¥4 ("Coin Points"), in VP."""
    return coins // YEN_PER_COIN_POINT


def _count(comp: Components, orders: list[str], *, category: str | None = None,
           subcategory: str | None = None) -> int:
    return sum(1 for o in orders
               if (category is None or comp.orders[o].category == category)
               and (subcategory is None or comp.orders[o].subcategory == subcategory))


def bonus_achieved(comp: Components, card: BonusCard, seat: int, all_orders: list[list[str]]) -> bool:
    """True if ``seat`` fulfils ``card`` ("Bonus Card Points").

    "Most" cards count ties as achieved (rulebook: "including ties", printed
    on the Master cards; ruling GR-8 reads the most-Order-cards bonus the
    same way); a player with no card of the kind does not "have the most"
    (GR-8: at least 1 card is needed, so nobody scores a Master card for a
    category nobody served, nor the most-Order-cards bonus when nobody
    served anything).
    """
    mine = all_orders[seat]
    if card.kind == "subcategory_x2":
        return _count(comp, mine, subcategory=card.subcategories[0]) >= 2
    if card.kind == "subcategories_each":
        return all(_count(comp, mine, subcategory=s) >= 1 for s in card.subcategories)
    if card.kind == "all_categories_x2":
        return all(_count(comp, mine, category=c) >= 2 for c in CATEGORIES)
    if card.kind == "most_category":
        counts = [_count(comp, o, category=card.category) for o in all_orders]
    else:  # most_orders
        counts = [len(o) for o in all_orders]
    return counts[seat] >= 1 and counts[seat] == max(counts)


def bonus_points(comp: Components, hand: list[str], seat: int, all_orders: list[list[str]]) -> int:
    """VP of the achieved bonus cards in ``hand``."""
    return sum(comp.bonus_cards[b].vp for b in hand
               if bonus_achieved(comp, comp.bonus_cards[b], seat, all_orders))


def totals(comp: Components, all_orders: list[list[str]], hands: list[list[str]],
           coins: list[int]) -> list[int]:
    """Final VP of each seat: order points + bonus points + coin points."""
    return [order_points(comp, all_orders[s]) + bonus_points(comp, hands[s], s, all_orders)
            + coin_points(coins[s]) for s in range(len(all_orders))]
