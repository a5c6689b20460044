"""Ginza Retro Café rulings GR-8 and GR-9 (docs/rulings.md; issue 20,
item 4): the "most" bonus cards with ties and with no cards at all, and Add
Dice at the dice limit."""
from __future__ import annotations

from engines.ginza.components import components
from engines.ginza.scoring import bonus_achieved
from test_ginza_rules import illegal, me, started, turn_to

C = components()
ORDER = {cat: next(o for o in C.orders.values() if o.category == cat).id for cat in ("Drink", "Dessert", "Food")}


def ach(card, seat, orders):
    return bonus_achieved(C, C.bonus_cards[card], seat, orders)


def test_gr8_most_order_cards_tie_achieves_for_every_tied_seat():
    """GR-8: "You have the most Order cards": read like the Master cards'
    "(including ties)": every seat tied for the most achieves it."""
    d, s = ORDER["Drink"], ORDER["Dessert"]
    assert ach("most-orders", 0, [[d, s], [s, d]]) and ach("most-orders", 1, [[d, s], [s, d]])


def test_gr8_nobody_has_a_card_nobody_has_the_most():
    """GR-8: with no card of the kind anywhere, nobody "has the most": the
    Masters and the most-Order-cards bonus score for nobody."""
    for card in ("drink-master", "dessert-master", "food-master", "most-orders"):
        assert not any(ach(card, s, [[], [], []]) for s in range(3)), card
    f = ORDER["Food"]
    assert not ach("drink-master", 0, [[f], []])   # food cards do not make a drink master


def test_gr9_add_dice_at_the_dice_limit_is_not_offered_nor_allowed():
    """GR-9 ("provided that you do not exceed the maximum limit"): a seat
    already at its dice limit is not offered Add Dice, and an add is refused
    with the reason (the action token is not spent)."""
    g = started(2)
    turn_to(g, 0)
    p = me(g, 0)
    p["dice"] = [1, 2, 3, 4, 5][:p["limit"]] + [6] * max(0, p["limit"] - 5)
    assert len(p["dice"]) == p["limit"]
    assert not [a for a in g.legal_actions(0) if a["type"] == "add"]
    illegal(g, {"type": "add", "player": 0, "count": 1}, "dice limit")
    p["dice"] = p["dice"][:-1]
    assert [a["count"] for a in g.legal_actions(0) if a["type"] == "add"] == [1]
