"""Ginza Retro Café "6. Scoring": order card points, the 12 bonus cards
(with "most" ties), coin points, and the order-VP tie-break."""
from __future__ import annotations

import pytest

from engines.ginza import ENGINE
from engines.ginza.components import components
from engines.ginza.scoring import bonus_achieved, bonus_points, coin_points, order_points, totals

C = components()
# handy cards by subcategory
COF, COF2, CRE = "COFF-I-1", "COFF-I-2", "CREA-I-1"
PUD, PUD2, PAR = "PUDD-I-1", "PUDD-I-2", "PARF-I-1"
NAP, NAP2, OMU = "NAPO-I-1", "NAPO-I-2", "OMUR-I-1"


def ach(card_id, seat, all_orders):
    return bonus_achieved(C, C.bonus_cards[card_id], seat, all_orders)


def test_order_card_points_sum_vp():
    """Order Card Points: the VP of the acquired order cards."""
    assert order_points(C, ["COFF-II-1", "COFF-III-1", "PUDD-II-1", "OMUR-III-1"]) == 3 + 6 + 3 + 7


@pytest.mark.parametrize("coins,points", [(0, 0), (3, 0), (4, 1), (7, 1), (8, 2), (17, 4)])
def test_coin_points_one_per_four_yen(coins, points):
    """Coin Points: 1 point per ¥4."""
    assert coin_points(coins) == points


@pytest.mark.parametrize("card,sub,other", [("coffee-x2", COF, COF2), ("pudding-x2", PUD, PUD2),
                                            ("napolitan-x2", NAP, NAP2)])
def test_bonus_two_of_one_subcategory_4vp(card, sub, other):
    """Bonus "x2+" (4 VP): 2 or more order cards of that subcategory."""
    assert C.bonus_cards[card].vp == 4
    assert not ach(card, 0, [[sub, CRE, PAR], []])
    assert ach(card, 0, [[sub, other], []])


@pytest.mark.parametrize("card,a,b", [("set-a", COF, PUD), ("set-b", CRE, OMU), ("set-c", PAR, NAP)])
def test_bonus_one_each_of_two_subcategories_5vp(card, a, b):
    """Bonus (5 VP): 1 or more order cards of each of the 2 subcategories."""
    assert C.bonus_cards[card].vp == 5
    assert not ach(card, 0, [[a, a], []])
    assert not ach(card, 0, [[b], []])
    assert ach(card, 0, [[a, b], []])


def test_bonus_one_each_of_three_subcategories_6vp():
    """Bonus (6 VP): 1 or more order cards of each of 3 subcategories."""
    assert C.bonus_cards["specials"].vp == 6
    assert not ach("specials", 0, [[CRE, PAR], []])
    assert ach("specials", 0, [[CRE, PAR, OMU], []])


def test_bonus_two_of_each_category_8vp():
    """Bonus (8 VP): 2 or more of all of Drink, Dessert and Food."""
    assert C.bonus_cards["full-course"].vp == 8
    assert not ach("full-course", 0, [[COF, CRE, PUD, PAR, NAP], []])
    assert ach("full-course", 0, [[COF, CRE, PUD, PAR, NAP, OMU], []])


@pytest.mark.parametrize("card,x,y", [("drink-master", COF, CRE), ("dessert-master", PUD, PAR),
                                      ("food-master", NAP, OMU)])
def test_bonus_master_most_of_category_ties_count(card, x, y):
    """Master cards (5 VP): the most cards of that category, ties included."""
    assert C.bonus_cards[card].vp == 5
    assert ach(card, 0, [[x, y], [x]])
    assert not ach(card, 1, [[x, y], [x]])
    assert ach(card, 0, [[x], [y]]) and ach(card, 1, [[x], [y]])  # tie: both achieve
    assert not ach(card, 0, [[], []])  # nobody has one: nobody "has the most"


def test_bonus_most_order_cards_ties_count():
    """Bonus (5 VP): the most order cards overall, ties included."""
    assert C.bonus_cards["most-orders"].vp == 5
    assert ach("most-orders", 0, [[COF, PUD], [NAP], [OMU, CRE]])
    assert ach("most-orders", 2, [[COF, PUD], [NAP], [OMU, CRE]])
    assert not ach("most-orders", 1, [[COF, PUD], [NAP], [OMU, CRE]])


def test_bonus_points_count_only_achieved_cards_in_hand():
    """Bonus Card Points: only the achieved cards of the hand score."""
    orders = [[COF, COF2, PUD], [NAP]]
    assert bonus_points(C, ["coffee-x2", "set-a"], 0, orders) == 4 + 5
    assert bonus_points(C, ["coffee-x2", "full-course"], 0, orders) == 4
    assert totals(C, orders, [["coffee-x2"], ["food-master"]], [9, 3]) == [1 + 1 + 1 + 4 + 2, 1 + 5 + 0]


def _game_with(orders, hands, coins):
    g = ENGINE.new(len(orders), 7)
    for s, p in enumerate(g.st["players"]):
        p["orders"], p["bonus"], p["coins"] = list(orders[s]), list(hands[s]), coins[s]
    return g


def test_ranking_tie_broken_by_higher_order_points():
    """6. Scoring: a VP tie goes to the higher order card points."""
    # seat 0: 2 VP orders + 8 yen (2) = 4; seat 1: 4 VP orders = 4
    g = _game_with([["COFF-I-3"], ["COFF-II-3"]], [[], []], [8, 0])
    assert g.scores() == [4.0, 4.0]
    assert g.ranking() == [[1], [0]]


def test_ranking_full_tie_is_shared():
    """6. Scoring: same VP and same order points -> shared victory."""
    g = _game_with([["COFF-I-3"], ["PUDD-I-3"], ["NAPO-I-1"]], [[], [], []], [0, 1, 4])
    assert g.ranking() == [[0, 1], [2]]
