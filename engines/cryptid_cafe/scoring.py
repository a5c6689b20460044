"""Cryptid Cafe final scoring (rulebook "Bonuses and Final Scoring",
"Breaking ties", "Solo and 2-Player Rules: Final Scoring"; ruling CC-8)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from .data import Components


def set_bonus(types: list[str]) -> int:
    """Bonus coins for served cryptid types (rulebook "Bonuses"): each type
    served at least 3 times is a set worth 3 coins + 1 per customer beyond
    the third (4 Terrestrial + 2 Airborne + 3 Aquatic = 4 + 0 + 3 = 7)."""
    return sum(3 + (n - 3) for n in Counter(types).values() if n >= 3)


def dish_count(player: dict[str, Any]) -> int:
    """Unused dish tokens a player holds (all types)."""
    return sum(player["dishes"].values())


def breakdown(player: dict[str, Any], comp: Components, coins_per_two_dishes: int = 1) -> dict[str, int]:
    """One player's final score and its parts, coins.

    Args:
        player: the player's state (coins, dishes, served, lost).
        comp: the components (customer cards).
        coins_per_two_dishes: coins lost per 2 unused dishes: 1 normally,
            3 / 4 / 5 in solo Easy / Hard / Epic.

    Returns:
        ``{"tips", "lost_customers", "lost_value", "wasted_dishes",
        "dish_penalty", "set_bonus", "served", "total"}``: total = tips -
        lost value - floor(dishes / 2) x coins_per_two_dishes + set bonus.
    """
    dishes = dish_count(player)
    lost_value = sum(comp.customer(cid).lost for cid in player["lost"])
    bonus = set_bonus([comp.customer(s["card"]).type for s in player["served"]])
    penalty = (dishes // 2) * coins_per_two_dishes
    return {
        "tips": player["coins"],
        "lost_customers": len(player["lost"]),
        "lost_value": lost_value,
        "wasted_dishes": dishes,
        "dish_penalty": penalty,
        "set_bonus": bonus,
        "served": len(player["served"]),
        "total": player["coins"] - lost_value - penalty + bonus,
    }


def tie_break_key(parts: dict[str, int]) -> tuple[int, int, int, int]:
    """Sort key, higher is better (rulebook "Breaking ties"): most tips,
    then fewest lost customers, fewest wasted dishes, most served."""
    return (parts["total"], -parts["lost_customers"], -parts["wasted_dishes"], parts["served"])


def ai2_solo_score(ai2: dict[str, Any], dish_penalty: int) -> int:
    """AI Player 2's solo score, coins (ruling CC-8): coins from the
    player's tip-sharing + green tips of the customers the player lost + the
    coins the solo wasted-dish penalty takes from the player."""
    return ai2["share_coins"] + ai2["lost_coins"] + dish_penalty
