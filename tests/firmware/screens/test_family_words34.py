"""Issue 34 (a fresh play-tester): words a family would not understand,
said instead in the rulebooks' words."""
from __future__ import annotations

from firmware.screens import cryptid_cafe_words as ccw
from firmware.screens import ginza_words as gw
from firmware.screens.ginza import todo_text


def test_ginza_wash_says_dishes_and_the_1s():
    """Before: "wash 0 ones" (rulebook: Wash Dishes with the "1" dice)."""
    assert gw.short_words({"type": "wash", "ones": 0}) == "wash dishes, no 1s"
    assert gw.short_words({"type": "wash", "ones": 2}) == "wash dishes: two 1s"
    from firmware.screens.ginza_oled import label       # play-test round 3: the OLED said "wash dishes: 1 ones"
    assert label({"type": "wash", "ones": 1}) == "wash dishes: one 1"


def test_cryptid_tip_takes_an_before_eight():
    """Play-test round 3: "gets a 8-coin tip"."""
    from engines.words import a_number
    assert a_number(8) == "an 8" and a_number(11) == "an 11" and a_number(18) == "an 18"
    assert a_number(3) == "a 3" and a_number(12) == "a 12" and a_number(80) == "an 80"


def test_ginza_roll_says_who_rolls_what():
    """Before: "Roll 5 red dice (+2)"; then (pt11 s10) "Roll 5 red dice,
    then 1 more roll", read as one seat rolling twice: the rulebook's
    set-up has each player roll their dice and the 3 common dice rolled."""
    view = {"phase": "play", "dice_requests": [{"player": 0, "count": 5, "colour": "red"},
                                               {"player": 1, "count": 5, "colour": "blue"},
                                               {"player": None, "count": 3, "colour": "purple"}]}
    assert todo_text(None, view).split("|")[0] == "Seats 1 and 2: each roll your 5 dice, then the 3 common dice"
    view["dice_requests"] = view["dice_requests"][:1] + view["dice_requests"][2:]
    assert todo_text(None, view).split("|")[0] == "Seat 1: roll your 5 red dice, then the 3 common dice"
    view["dice_requests"] = view["dice_requests"][1:]
    assert todo_text(None, view).split("|")[0] == "Roll the 3 common dice"


def test_cryptid_manager_names_the_customers_it_swaps():
    """Before: "Manager: swap 1 and 2"."""
    view = {"you": 0, "players": [{"track": [{"name": "Yeti", "tip_now": 7}, {"name": "Ropen", "tip_now": 4},
                                                None, None, None, None]}]}
    said = ccw.label({"type": "manager", "player": 0, "slots": [0, 1]}, view)
    assert "Yeti" in said and "Ropen" in said, said
