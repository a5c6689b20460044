"""Ginza Retro Café component data: printed counts (2. Components, GR-2,
GR-3, GR-4) and clear errors naming file, card and count."""
from __future__ import annotations

import copy
import json

import pytest

from engines.base import ComponentDataError
from engines.ginza import components as comp_mod
from engines.ginza.components import RANK_COUNTS, components

C = components()


def raw(name):
    return json.loads((comp_mod.DATA_DIR / name).read_text(encoding="utf-8"))


def test_gr2_order_cards_counts():
    """GR-2: 42 order cards, ranks 18/18/6, subcategories of 9 and 5."""
    assert len(C.orders) == 42
    assert [sum(c.rank == r for c in C.orders.values()) for r in ("I", "II", "III")] == [18, 18, 6]
    for cat, subs in C.subcategories.items():
        assert sorted(sum(c.subcategory == s for c in C.orders.values()) for s in subs) == [5, 9]
    assert all((c.sum is not None) == (c.category == "Drink") for c in C.orders.values())


def test_gr3_customers_counts():
    """GR-3: 15 customers, 5 Morning, 5 Daytime, 5 Night."""
    assert len(C.customers) == 15
    for tod in ("Morning", "Daytime", "Night"):
        assert sum(c.time_of_day == tod for c in C.customers.values()) == 5


def test_gr4_eight_player_cards_yuko_printed():
    """GR-4: 8 player cards; Yuko starts with Change Dice Rolls Lv.2."""
    assert len(C.player_cards) == 8
    assert C.player_cards["yuko"].ability_value("arrange") == "change"


def test_twelve_bonus_cards_and_arrange_cards():
    """6. Scoring lists 12 bonus cards; 12 arrange cards (3 types x 4)."""
    assert len(C.bonus_cards) == 12
    assert sum(a.copies for a in C.arrange.values()) == 12
    assert {a.id: a.category for a in C.arrange.values()} == {"change": "Drink", "reroll": "Dessert", "add": "Food"}


def test_data_files_say_they_are_reconstructions():
    """Reconstructed data says so in its "_comment"."""
    for name in ("order_cards.json", "customers.json", "player_cards.json", "bonus_cards.json"):
        assert "econstruct" in raw(name)["_comment"]


def test_broken_rank_count_names_file_and_count():
    """A missing rank-III card is refused naming the file and the count."""
    data = raw("order_cards.json")
    data["cards"] = [c for c in data["cards"] if c["id"] != "OMUR-III-1"]
    with pytest.raises(ComponentDataError, match=r"order_cards.json.*42 order cards, found 41"):
        comp_mod.load_orders(data)


def test_broken_subcategory_split_named():
    """A 9/5 split broken by moving a card is refused naming the category."""
    data = raw("order_cards.json")
    card = next(c for c in data["cards"] if c["id"] == "OMUR-I-1")
    card["subcategory"] = "Napolitan"
    with pytest.raises(ComponentDataError, match=r"category Food.*9 and 5"):
        comp_mod.load_orders(data)


def test_drink_with_faces_refused_naming_card():
    """GR-2: a Drink condition is a sum."""
    data = raw("order_cards.json")
    card = next(c for c in data["cards"] if c["id"] == "COFF-I-1")
    del card["sum"]
    card["faces"] = [3, 4]
    with pytest.raises(ComponentDataError, match=r"order card COFF-I-1"):
        comp_mod.load_orders(data)


def test_customer_demand_must_fit_order_decks():
    """GR-3: customers never ask for more cards of a rank than exist."""
    data = raw("customers.json")
    for c in data["customers"]:
        c["order"] = ["III", "III"]
    with pytest.raises(ComponentDataError, match=r"customers.json: rank III"):
        comp_mod.load_customers(data, RANK_COUNTS)


def test_customer_time_of_day_count_named():
    data = raw("customers.json")
    data["customers"][0]["time_of_day"] = "Night"
    with pytest.raises(ComponentDataError, match=r"time of day (Morning|Night).*5 customer cards"):
        comp_mod.load_customers(data, RANK_COUNTS)


def test_bonus_card_wrong_vp_named():
    """The scoring section's VP per bonus kind is checked."""
    data = raw("bonus_cards.json")
    data["cards"][0]["vp"] = 5
    with pytest.raises(ComponentDataError, match=r"bonus card coffee-x2.*4 VP"):
        comp_mod.load_bonus_cards(data, C.subcategories)


def test_player_card_count_and_yuko_checked():
    data = raw("player_cards.json")
    with pytest.raises(ComponentDataError, match=r"8 player cards, found 7"):
        comp_mod.load_player_cards({"cards": data["cards"][1:]})
    broken = copy.deepcopy(data)
    broken["cards"][0]["ability"]["arrange"] = "add"
    with pytest.raises(ComponentDataError, match=r"Yuko"):
        comp_mod.load_player_cards(broken)


def test_components_are_frozen():
    with pytest.raises(AttributeError):
        C.orders["COFF-I-1"].vp = 99
