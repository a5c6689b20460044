"""Ginza Retro Café rules: setup, every action and level, upgrades, serving,
round end, bad input.  Test names cite the rulebook section or ruling."""
from __future__ import annotations

import json

import pytest

from engines.base import IllegalAction
from engines.ginza import ENGINE


def snap(g) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def answer_all(g, values=None):
    """Answer every pending dice request (values[player] or a default)."""
    events = []
    while g.chance_requests():
        req = g.chance_requests()[0]
        vals = (values or {}).get(req["player"])
        if vals is None:
            vals = [(i % 6) + 1 for i in range(req["count"])]
        events += g.apply({"type": "dice", "player": req["player"], "values": list(vals[:req["count"]]),
                           "colour": req["colour"]})
    return events


def started(n=2, seed=1, dice=None):
    """A game in the play phase, every seat using Yuko reset to plain Lv.1
    (a neutral card), its state ready to be arranged by the test."""
    g = ENGINE.new(n, seed)
    for s in range(n):
        g.apply({"type": "choose_card", "player": s, "card": g.legal_actions(s)[0]["card"]})
    answer_all(g, dice or {s: [2, 3, 4, 5, 6 - (s % 2)] for s in range(n)} | {None: [1, 2, 3]})
    for _ in range(2):
        for s in range(n):
            g.apply(g.legal_actions(s)[0])
    assert g.st["phase"] == "play"
    for p in g.st["players"]:
        p["card"] = "yuko"
        p["levels"] = {"change": 1, "reroll": 1, "add": 1}
    return g


def put_customer(g, slot, cid, orders, time=2, tokens=None):
    g.st["slots"][slot] = {"id": cid, "time": time,
                           "orders": [{"card": o, "token": (tokens or {}).get(o)} for o in orders]}


def me(g, seat):
    return g.st["players"][seat]


def turn_to(g, seat):
    g.st["turn"] = seat


def illegal(g, action, match):
    before = snap(g)
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert snap(g) == before


# ------------------------------------------------------------------ setup
def test_setup_tokens_three_or_four_with_two_players():
    """Personal Setup: 3 action tokens, 4 with 2 players."""
    assert [p["tokens"] for p in ENGINE.new(2, 1).st["players"]] == [4, 4]
    assert [p["tokens"] for p in ENGINE.new(3, 1).st["players"]] == [3, 3, 3]
    assert [p["tokens"] for p in ENGINE.new(4, 1).st["players"]] == [3] * 4


@pytest.mark.parametrize("n", [2, 3, 4])
def test_customer_deck_morning_over_daytime_over_night(n):
    """Customer Deck Setup: N Morning over N Daytime over N Night (GR-3)."""
    g = ENGINE.new(n, 5)
    tods = [g.comp.customers[c].time_of_day for c in g.st["customer_deck"]]
    assert tods == ["Morning"] * n + ["Daytime"] * n + ["Night"] * n


def test_player_card_choice_hidden_until_all_chose():
    """Choose the Player Card: the pick stays hidden until everyone chose."""
    g = ENGINE.new(3, 2)
    card = g.legal_actions(0)[0]["card"]
    g.apply({"type": "choose_card", "player": 0, "card": card})
    assert g.view(1)["players"][0]["card"] is None
    assert g.view(None)["players"][0]["card"] is None
    assert g.view(0)["players"][0]["card"] == card
    assert "dealt" not in g.view(1)["players"][0]
    illegal(g, {"type": "choose_card", "player": 1, "card": "no-such"}, "dealt player cards")
    for s in (1, 2):
        g.apply(g.legal_actions(s)[0])
    assert g.view(1)["players"][0]["card"] == card


def test_gr5_first_dice_and_common_dice_are_chance_requests():
    """GR-5: 5 dice per seat in its colour and 3 purple common dice."""
    g = ENGINE.new(2, 3)
    for s in range(2):
        g.apply(g.legal_actions(s)[0])
    reqs = {(r["player"], r["colour"], r["count"]) for r in g.chance_requests()}
    assert reqs == {(0, "red", 5), (1, "blue", 5), (None, "purple", 3)}
    assert g.active_players() == []
    illegal(g, {"type": "dice", "player": 0, "values": [1, 2, 3, 4, 7]}, "1..6")
    illegal(g, {"type": "dice", "player": 0, "values": [1, 2, 3]}, "5 die value")
    illegal(g, {"type": "dice", "player": 0, "values": [1] * 5, "colour": "green"}, "red")


def test_bonus_draft_keep_one_pass_two_left_keep_one():
    """Choose the Bonus cards: keep 1 of 3, pass 2 left, keep 1 of 2."""
    g = ENGINE.new(3, 4)
    for s in range(3):
        g.apply(g.legal_actions(s)[0])
    answer_all(g)
    dealt = [list(p["draft"]) for p in g.st["players"]]
    for s in range(3):
        g.apply({"type": "pick_bonus", "player": s, "card": dealt[s][0]})
    assert g.st["phase"] == "draft2"
    for s in range(3):
        assert sorted(g.st["players"][s]["draft"]) == sorted(dealt[(s - 1) % 3][1:])
        assert "draft" not in g.view((s + 1) % 3)["players"][s]
    for s in range(3):
        g.apply({"type": "pick_bonus", "player": s, "card": g.st["players"][s]["draft"][1]})
    for s in range(3):
        assert g.st["players"][s]["bonus"] == [dealt[s][0], dealt[(s - 1) % 3][2]]
        assert g.view(None)["players"][s]["bonus_count"] == 2
        assert "bonus" not in g.view((s + 1) % 3)["players"][s]


def test_start_player_lowest_dice_total():
    """Determine the Start Player: lowest total of the dice."""
    g = started(3, dice={0: [6] * 5, 1: [1] * 5, 2: [3] * 5, None: [1, 2, 3]})
    assert g.st["start_player"] == 1 and g.st["turn"] == 1
    assert all(s is not None and s["time"] == 2 for s in g.st["slots"])


def test_start_player_tie_broken_by_rng_and_logged():
    """Determine the Start Player: a tie is broken by the RNG and logged."""
    chosen = set()
    for seed in range(12):
        g = ENGINE.new(3, seed)
        for s in range(3):
            g.apply(g.legal_actions(s)[0])
        answer_all(g, {0: [2] * 5, 1: [2] * 5, 2: [6] * 5, None: [1, 1, 1]})
        events = []
        for _ in range(2):
            for s in range(3):
                events += g.apply(g.legal_actions(s)[0])
        tie = [e for e in events if e["type"] == "start_tie"]
        assert tie and tie[0]["seats"] == [0, 1]
        chosen.add(g.st["start_player"])
    assert chosen == {0, 1}


def test_yuko_starts_with_change_dice_rolls_lv2():
    """GR-4 / Use the Player's Special Ability: Yuko starts at Lv.2."""
    for seed in range(40):
        g = ENGINE.new(4, seed)
        seats = [s for s in range(4) if "yuko" in g.st["players"][s]["dealt"]]
        if seats:
            break
    s = seats[0]
    for t in range(4):
        g.apply({"type": "choose_card", "player": t,
                 "card": "yuko" if t == s else g.legal_actions(t)[0]["card"]})
    answer_all(g)
    for _ in range(2):
        for t in range(4):
            g.apply(g.legal_actions(t)[0])
    assert g.st["players"][s]["levels"]["change"] == 2


# ------------------------------------------------------- A-3 serve a dish
def test_serve_drink_sum_condition_coins_at_once():
    """Serve a Dish: a Drink "8+" needs dice adding up to 8 or more; the
    coins come at once, the card stays with the customer."""
    g = started()
    put_customer(g, 0, "M1", ["COFF-I-2", "PUDD-I-1"])
    turn_to(g, 0)
    me(g, 0)["dice"] = [1, 2, 3, 5, 6]
    illegal(g, {"type": "serve", "player": 0, "order": "COFF-I-2", "dice": [1, 2, 3], "common": None},
            "do not meet")
    g.apply({"type": "serve", "player": 0, "order": "COFF-I-2", "dice": [3, 5], "common": None})
    assert me(g, 0)["dice"] == [1, 2, 6] and me(g, 0)["coins"] == 1 and me(g, 0)["tokens"] == 3
    assert g.st["slots"][0]["orders"][0]["token"] == 0 and me(g, 0)["orders"] == []
    assert g.st["turn"] == 1


def test_serve_dessert_exact_faces():
    """Serve a Dish: a Dessert/Food condition needs exactly those faces."""
    g = started()
    put_customer(g, 0, "M1", ["PARF-II-1", "COFF-I-1"])
    turn_to(g, 0)
    me(g, 0)["dice"] = [5, 5, 6, 6]
    illegal(g, {"type": "serve", "player": 0, "order": "PARF-II-1", "dice": [5, 6, 6], "common": None},
            "do not meet")
    acts = [a for a in g.legal_actions(0) if a["type"] == "serve" and a["order"] == "PARF-II-1"]
    assert acts == [{"type": "serve", "player": 0, "order": "PARF-II-1", "dice": [5, 5, 6], "common": None}]
    g.apply(acts[0])
    assert me(g, 0)["dice"] == [6] and me(g, 0)["coins"] == 3


def test_serve_with_common_die_costs_three_yen():
    """Serve a Dish: 1 common die may be added for ¥3."""
    g = started()
    put_customer(g, 0, "M1", ["NAPO-II-2", "COFF-I-1"])
    g.st["common"] = [4, 6]
    turn_to(g, 0)
    me(g, 0)["dice"] = [3, 3]
    me(g, 0)["coins"] = 5
    illegal(g, {"type": "serve", "player": 0, "order": "NAPO-II-2", "dice": [3, 3], "common": 3},
            "no common die shows 3")
    g.st["common"] = [3, 4, 6]
    illegal(g, {"type": "serve", "player": 0, "order": "NAPO-II-2", "dice": [3, 3], "common": 6},
            "do not meet")
    g.st["common"] = [1, 3, 6]
    me(g, 0)["coins"] = 2
    illegal(g, {"type": "serve", "player": 0, "order": "NAPO-II-2", "dice": [3, 3], "common": 3},
            "costs ¥3")
    me(g, 0)["coins"] = 3
    g.apply({"type": "serve", "player": 0, "order": "NAPO-II-2", "dice": [3, 3], "common": 3})
    assert g.st["common"] == [1, 6] and me(g, 0)["coins"] == 2 and me(g, 0)["dice"] == []


def test_serve_rejects_dice_not_owned_and_token_already_there():
    """Bad input: dice the player does not have; an order card that already
    holds a token."""
    g = started()
    put_customer(g, 0, "M1", ["COFF-I-1", "COFF-I-2"], tokens={"COFF-I-1": 1})
    turn_to(g, 0)
    me(g, 0)["dice"] = [1, 2, 6]
    illegal(g, {"type": "serve", "player": 0, "order": "COFF-I-2", "dice": [6, 6], "common": None},
            "do not have the dice")
    illegal(g, {"type": "serve", "player": 0, "order": "COFF-I-1", "dice": [1, 6], "common": None},
            "already holds an action token")
    illegal(g, {"type": "serve", "player": 0, "order": "NOPE", "dice": [6], "common": None},
            "not in the customer area")
    illegal(g, {"type": "serve", "player": 1, "order": "COFF-I-2", "dice": [6, 6], "common": None},
            "may not act")


def test_successful_serve_returns_cards_tokens_and_y2_for_two_cards():
    """Successfully served (4-1, 4-2): each player takes their order cards
    and tokens back; ¥2 to a player with 2+ tokens on that customer; a new
    customer arrives (4-4)."""
    g = started(3)
    put_customer(g, 0, "M1", ["COFF-I-1", "COFF-I-2", "PUDD-I-1"], tokens={"COFF-I-1": 1, "COFF-I-2": 1})
    me(g, 1)["tokens"] = 1
    deck_top = g.st["customer_deck"][0]
    turn_to(g, 0)
    me(g, 0)["dice"] = [1, 2]
    events = g.apply({"type": "serve", "player": 0, "order": "PUDD-I-1", "dice": [1, 2], "common": None})
    assert me(g, 0)["orders"] == ["PUDD-I-1"] and me(g, 0)["tokens"] == 3
    assert sorted(me(g, 1)["orders"]) == ["COFF-I-1", "COFF-I-2"] and me(g, 1)["tokens"] == 3
    assert me(g, 1)["coins"] == 2 and me(g, 0)["coins"] == 1  # ¥2 only for 2+ tokens
    assert g.st["slots"][0]["id"] == deck_top and g.st["slots"][0]["time"] == 2
    assert any(e["type"] == "bonus_coins" and e["player"] == 1 for e in events)


def test_recovered_tokens_usable_again_same_round():
    """4-1: recovered action tokens can be used again in the same round."""
    g = started(2)
    for s in range(3):
        g.st["slots"][s] = None
    put_customer(g, 0, "M1", ["COFF-I-1"])
    put_customer(g, 1, "M2", ["COFF-I-2"])
    me(g, 0)["tokens"], me(g, 0)["arrange_tokens"] = 1, 3
    me(g, 1)["tokens"], me(g, 1)["arrange_tokens"] = 0, 4
    turn_to(g, 0)
    me(g, 0)["dice"] = [6, 6, 6, 6]
    g.apply({"type": "serve", "player": 0, "order": "COFF-I-1", "dice": [6, 6], "common": None})
    assert g.st["turn"] == 0 and me(g, 0)["tokens"] == 1 and g.st["round"] == 1


def test_game_ends_mid_round_when_last_customer_leaves():
    """4-5: no customer left -> scoring at once, the turn does not pass."""
    g = started(2)
    g.st["customer_deck"] = []
    g.st["slots"] = [None, None, None]
    put_customer(g, 1, "N1", ["COFF-I-1"])
    turn_to(g, 0)
    me(g, 0)["dice"] = [4, 4]
    events = g.apply({"type": "serve", "player": 0, "order": "COFF-I-1", "dice": [4, 4], "common": None})
    assert g.is_terminal() and events[-1]["type"] == "game_over"
    assert me(g, 1)["tokens"] == 4 and g.active_players() == [] and g.chance_requests() == []
    with pytest.raises(IllegalAction):
        g.apply({"type": "wash", "player": 1, "ones": 0})


# ---------------------------------------------------------------- arrange
def test_change_dice_rolls_lv1_one_change_never_past_1_or_6():
    """Change Dice Rolls Lv.1: one die +-1; never 1 -> 0 or 6 -> 7."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["dice"] = [1, 3, 6]
    illegal(g, {"type": "change", "player": 0, "steps": [[1, -1]]}, "never 1 to 0")
    illegal(g, {"type": "change", "player": 0, "steps": [[6, 1]]}, "never 1 to 0 or 6 to 7")
    illegal(g, {"type": "change", "player": 0, "steps": [[3, 2]]}, "by \\+1 or -1")
    illegal(g, {"type": "change", "player": 0, "steps": [[3, 1], [4, 1]]}, "Lv.1 allows 1..1")
    illegal(g, {"type": "change", "player": 0, "steps": [[2, 1]]}, "no die showing 2")
    g.apply({"type": "change", "player": 0, "steps": [[3, 1]]})
    assert me(g, 0)["dice"] == [1, 4, 6] and me(g, 0)["arrange_tokens"] == 1 and me(g, 0)["tokens"] == 3


def test_change_dice_rolls_lv2_twice_same_die():
    """Change Dice Rolls Lv.2: twice, the same die or different ones."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["levels"]["change"] = 2
    me(g, 0)["dice"] = [3, 5]
    acts = [a for a in g.legal_actions(0) if a["type"] == "change"]
    assert any(a["steps"] == [[3, 1], [4, 1]] for a in acts)
    g.apply({"type": "change", "player": 0, "steps": [[3, 1], [4, 1]]})
    assert me(g, 0)["dice"] == [5, 5] and g.st["turn"] == 1


def test_reroll_lv1_twice_with_narrowing_rule():
    """Reroll Dice Lv.1: reroll any dice, then only dice from that reroll;
    2 rerolls then the turn ends (each roll a GR-5 chance request)."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["dice"] = [1, 2, 3, 4, 5]
    g.apply({"type": "reroll", "player": 0, "dice": [1, 2, 3]})
    assert me(g, 0)["dice"] == [4, 5]
    assert g.chance_requests()[0]["count"] == 3 and g.chance_requests()[0]["colour"] == "red"
    g.apply({"type": "dice", "player": 0, "values": [6, 6, 1]})
    assert g.st["reroll"]["eligible"] == [1, 6, 6]
    illegal(g, {"type": "reroll", "player": 0, "dice": [4]}, "just rerolled")
    illegal(g, {"type": "wash", "player": 0, "ones": 0}, "you are rerolling")
    assert {tuple(a["dice"]) for a in g.legal_actions(0) if a["type"] == "reroll"} == {
        (1,), (6,), (6, 6), (1, 6), (1, 6, 6)}
    g.apply({"type": "reroll", "player": 0, "dice": [1]})
    g.apply({"type": "dice", "player": 0, "values": [2]})
    assert me(g, 0)["dice"] == [2, 4, 5, 6, 6] and g.st["reroll"] is None and g.st["turn"] == 1


def test_reroll_lv2_four_times_each_narrowing():
    """Reroll Dice Lv.2: 4 rerolls; the 3rd and later narrow like the 2nd."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["levels"]["reroll"] = 2
    me(g, 0)["dice"] = [1, 1, 1, 1]
    g.apply({"type": "reroll", "player": 0, "dice": [1, 1, 1]})
    g.apply({"type": "dice", "player": 0, "values": [2, 3, 4]})
    g.apply({"type": "reroll", "player": 0, "dice": [2, 3]})
    g.apply({"type": "dice", "player": 0, "values": [5, 6]})
    illegal(g, {"type": "reroll", "player": 0, "dice": [4]}, "just rerolled")
    g.apply({"type": "reroll", "player": 0, "dice": [6]})
    g.apply({"type": "dice", "player": 0, "values": [3]})
    assert g.st["reroll"]["remaining"] == 1 and g.st["turn"] == 0
    g.apply({"type": "reroll", "player": 0, "dice": [3]})
    g.apply({"type": "dice", "player": 0, "values": [4]})
    assert g.st["reroll"] is None and g.st["turn"] == 1
    assert me(g, 0)["dice"] == [1, 4, 4, 5]


def test_reroll_may_stop_early():
    """Reroll Dice: the later rerolls are optional ("you can")."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["dice"] = [2, 2]
    illegal(g, {"type": "stop", "player": 0}, "no reroll")
    illegal(g, {"type": "reroll", "player": 0, "dice": []}, "at least one")
    g.apply({"type": "reroll", "player": 0, "dice": [2]})
    g.apply({"type": "dice", "player": 0, "values": [5]})
    g.apply({"type": "stop", "player": 0})
    assert g.st["turn"] == 1 and me(g, 0)["dice"] == [2, 5] and me(g, 0)["arrange_tokens"] == 1


def test_add_dice_lv1_up_to_three_within_limit():
    """Add Dice Lv.1: up to 3 dice, never above the dice limit."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["dice"] = [3]
    illegal(g, {"type": "add", "player": 0, "count": 4}, "1..3")
    me(g, 0)["dice"] = [3, 3, 3]
    illegal(g, {"type": "add", "player": 0, "count": 3}, "1..2")
    g.apply({"type": "add", "player": 0, "count": 2})
    assert g.chance_requests() == [{"type": "dice", "player": 0, "count": 2, "colour": "red",
                                    "faces": 6, "reason": "add dice"}]
    g.apply({"type": "dice", "player": 0, "values": [6, 1]})
    assert me(g, 0)["dice"] == [1, 3, 3, 3, 6] and g.st["turn"] == 1


def test_add_dice_lv2_up_to_limit_and_refused_at_limit():
    """Add Dice Lv.2: up to the dice limit; none when at the limit."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["levels"]["add"] = 2
    me(g, 0)["limit"] = 7
    me(g, 0)["dice"] = [2]
    assert max(a["count"] for a in g.legal_actions(0) if a["type"] == "add") == 6
    g.apply({"type": "add", "player": 0, "count": 6})
    g.apply({"type": "dice", "player": 0, "values": [1, 2, 3, 4, 5, 6]})
    assert len(me(g, 0)["dice"]) == 7
    turn_to(g, 0)
    illegal(g, {"type": "add", "player": 0, "count": 1}, "dice limit")


@pytest.mark.parametrize("ones,coins", [(0, 1), (1, 3), (2, 5), (3, 7)])
def test_wash_dishes_table(ones, coins):
    """Wash Dishes: 0/1/2/3 dice showing 1 give ¥1/3/5/7."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["dice"] = [1, 1, 1, 1, 4]
    g.apply({"type": "wash", "player": 0, "ones": ones})
    assert me(g, 0)["coins"] == coins and me(g, 0)["dice"].count(1) == 4 - ones


def test_wash_dishes_rejects_missing_ones_and_more_than_three():
    """Wash Dishes: only dice showing 1 you have, at most 3."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["dice"] = [1, 1, 1, 1, 4]
    illegal(g, {"type": "wash", "player": 0, "ones": 4}, "0..3")
    me(g, 0)["dice"] = [1, 4]
    illegal(g, {"type": "wash", "player": 0, "ones": 2}, "only 1 dice")


# ------------------------------------------------------ A-2 ability upgrade
@pytest.mark.parametrize("arrange,cards", [("change", ["COFF-I-3", "COFF-I-4"]),
                                           ("reroll", ["PUDD-II-1", "PUDD-I-1"]),
                                           ("add", ["NAPO-I-1", "NAPO-II-2"])])
def test_raise_arrange_level_needs_4_vp_of_colour_and_3_yen(arrange, cards):
    """Raise the Arrange Lv.: 4+ VP of that colour's order cards (GR-1)
    and ¥3; the turn does not end."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["coins"] = 3
    me(g, 0)["orders"] = cards[:1] + ["PARF-III-1" if arrange != "reroll" else "OMUR-III-1"]
    illegal(g, {"type": "upgrade", "player": 0, "arrange": arrange}, "needs 4 VP")
    me(g, 0)["orders"] = list(cards)
    me(g, 0)["coins"] = 2
    illegal(g, {"type": "upgrade", "player": 0, "arrange": arrange}, "costs ¥3")
    me(g, 0)["coins"] = 3
    g.apply({"type": "upgrade", "player": 0, "arrange": arrange})
    assert me(g, 0)["levels"][arrange] == 2 and me(g, 0)["coins"] == 0 and g.st["turn"] == 0
    illegal(g, {"type": "upgrade", "player": 0, "arrange": arrange}, "already at Lv.2")


def test_dice_limit_steps_cost_4_4_6_6_and_give_a_rolled_die():
    """Increase your dice limit: 5->6 ¥4, 6->7 ¥4, 7->8 ¥6, 8->9 ¥6, one
    die rolled at once each time; the turn continues."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["dice"] = []
    for limit, cost in [(5, 4), (6, 4), (7, 6), (8, 6)]:
        me(g, 0)["coins"] = cost - 1
        assert g.limit_cost(0) == cost          # the price the screens show is the price charged
        illegal(g, {"type": "raise_limit", "player": 0}, f"costs ¥{cost}")
        me(g, 0)["coins"] = cost
        g.apply({"type": "raise_limit", "player": 0})
        assert me(g, 0)["limit"] == limit + 1 and me(g, 0)["coins"] == 0
        assert g.chance_requests()[0]["count"] == 1 and g.active_players() == []
        g.apply({"type": "dice", "player": 0, "values": [3]})
        assert g.st["turn"] == 0
    assert me(g, 0)["dice"] == [3, 3, 3, 3]
    me(g, 0)["coins"] = 20
    assert g.limit_cost(0) is None
    illegal(g, {"type": "raise_limit", "player": 0}, "already 9")


def test_goro_limit_discount_reconstructed_ability():
    """GR-4 reconstructed ability: each dice-limit step 1 yen cheaper."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["card"] = "goro"
    me(g, 0)["coins"] = 3
    assert g.limit_cost(0) == 3
    g.apply({"type": "raise_limit", "player": 0})
    assert me(g, 0)["coins"] == 0 and me(g, 0)["limit"] == 6


def test_mari_better_dishwashing_table_reconstructed_ability():
    """GR-4 reconstructed: Mari's dishwashing table gives ¥2/4/6/8."""
    g = started()
    turn_to(g, 0)
    me(g, 0)["card"] = "mari"
    me(g, 0)["dice"] = [1, 1, 5]
    g.apply({"type": "wash", "player": 0, "ones": 2})
    assert me(g, 0)["coins"] == 6


def test_serve_coin_ability_only_for_its_category():
    """GR-4 reconstructed: Shin gets ¥1 extra for a Drink, not a Food."""
    g = started()
    put_customer(g, 0, "M1", ["COFF-I-1", "NAPO-I-2"])
    me(g, 0)["card"] = "shin"
    me(g, 0)["dice"] = [2, 2, 6, 6]
    turn_to(g, 0)
    g.apply({"type": "serve", "player": 0, "order": "COFF-I-1", "dice": [6, 6], "common": None})
    assert me(g, 0)["coins"] == 1 + 1
    turn_to(g, 0)
    g.apply({"type": "serve", "player": 0, "order": "NAPO-I-2", "dice": [2, 2], "common": None})
    assert me(g, 0)["coins"] == 2 + 1 + 2  # no extra yen; ¥2 for both cards of M1 (4-2)


def test_seat_without_token_passes():
    """A-1: a seat without an action token passes its turn."""
    g = started(3)
    me(g, 1)["tokens"], me(g, 1)["arrange_tokens"] = 0, 3
    turn_to(g, 0)
    events = g.apply({"type": "wash", "player": 0, "ones": 0})
    assert g.st["turn"] == 2 and any(e["type"] == "pass" and e["player"] == 1 for e in events)


# --------------------------------------------------------- end of round
def _finish_round(g):
    """Every seat washes with 0 ones until the round ends."""
    r = g.st["round"]
    while g.st["round"] == r and not g.chance_requests() and not g.is_terminal():
        g.apply({"type": "wash", "player": g.st["turn"], "ones": 0})


def test_round_ends_when_all_tokens_used_and_time_markers_drop():
    """B-1: time markers 2 -> 1; B-2 tokens return from arrange cards and
    the dishwashing area; B-4/B-5 replenish dice, reroll common dice."""
    g = started(2)
    turn_to(g, g.st["start_player"])
    me(g, 0)["dice"] = [1]
    _finish_round(g)
    assert [s["time"] for s in g.st["slots"]] == [1, 1, 1]
    reqs = {(r["player"], r["count"], r["reason"]) for r in g.chance_requests()}
    assert (0, 4, "replenish") in reqs and (None, 3, "common dice") in reqs
    assert g.st["common"] == [] and all(p["tokens"] == 4 for p in g.st["players"])
    answer_all(g)
    assert g.st["round"] == 2 and len(me(g, 0)["dice"]) == 5 and len(g.st["common"]) == 3


def test_tokens_on_order_cards_do_not_return_at_round_end():
    """B-2: tokens on order cards stay; their owner starts with fewer."""
    g = started(2)
    put_customer(g, 0, "M1", ["COFF-I-1", "COFF-I-2"])
    turn_to(g, 0)
    me(g, 0)["dice"] = [6, 6, 6]
    g.apply({"type": "serve", "player": 0, "order": "COFF-I-1", "dice": [6, 6], "common": None})
    _finish_round(g)
    answer_all(g)
    assert me(g, 0)["tokens"] == 3 and me(g, 1)["tokens"] == 4
    assert g.st["slots"][0]["orders"][0]["token"] == 0


def test_failed_customer_returns_tokens_discards_orders_and_refills_every_space():
    """Failure to Serve: tokens back, order cards discarded, customers
    arrive for every empty space (here 3 spaces: 2 failures + 1 empty)."""
    g = started(3)
    put_customer(g, 0, "M1", ["COFF-I-1", "COFF-I-2"], time=1, tokens={"COFF-I-1": 2})
    put_customer(g, 1, "M2", ["PUDD-I-1"], time=1)
    g.st["slots"][2] = None
    me(g, 2)["tokens"] = 2
    deck = list(g.st["customer_deck"])
    turn_to(g, g.st["start_player"])
    _finish_round(g)
    assert [s["id"] for s in g.st["slots"]] == deck[:3]
    assert all(s["time"] == 2 for s in g.st["slots"])
    assert me(g, 2)["tokens"] == 3 and me(g, 2)["orders"] == []
    assert g.st["discarded_orders"] == 3


def test_game_ends_when_failed_customers_leave_an_empty_area():
    """B-1 step 5: no customer left after failures -> scoring."""
    g = started(2)
    g.st["customer_deck"] = []
    put_customer(g, 0, "M1", ["COFF-I-1"], time=1)
    g.st["slots"][1] = g.st["slots"][2] = None
    turn_to(g, g.st["start_player"])
    _finish_round(g)
    assert g.is_terminal() and g.chance_requests() == []


def test_gr6_next_start_player_most_dice_tie_keeps_current():
    """B-3 / GR-6: most dice starts; a tie including the current start
    player keeps them."""
    g = started(3)
    g.st["start_player"] = 1
    for s, n in enumerate([5, 5, 2]):
        me(g, s)["dice"] = [2] * n
        me(g, s)["tokens"] = 0
    me(g, 1)["tokens"] = 1
    turn_to(g, 1)
    me(g, 1)["dice"] = [2] * 5
    g.apply({"type": "wash", "player": 1, "ones": 0})
    assert g.st["start_player"] == 1


def test_gr6_tie_without_current_goes_clockwise_from_current():
    """B-3 / GR-6: tied seats not including the current start player:
    the one nearest clockwise (seat + 1 ...) from the current one."""
    g = started(4)
    g.st["start_player"] = 2
    for s, n in enumerate([6, 3, 1, 6]):
        me(g, s)["dice"] = [2] * n
        me(g, s)["tokens"] = 0
    me(g, 2)["tokens"] = 1
    turn_to(g, 2)
    g.apply({"type": "wash", "player": 2, "ones": 0})
    assert g.st["start_player"] == 3


def test_round_with_no_tokens_anywhere_ends_at_once():
    """A-1: a seat with no token passes; if nobody has one the round ends."""
    g = started(2)
    g.st["slots"] = [None, None, None]
    put_customer(g, 0, "M1", ["COFF-I-1", "COFF-I-2", "PUDD-I-1"], time=2)
    for s in range(2):
        me(g, s)["tokens"] = 1
    # all other tokens sit on order cards of another customer
    put_customer(g, 1, "M2", ["NAPO-I-1", "NAPO-I-2", "NAPO-I-3"], time=2,
                 tokens={"NAPO-I-1": 0, "NAPO-I-2": 1, "NAPO-I-3": 0})
    me(g, 0)["tokens"] = 1
    me(g, 1)["tokens"] = 0
    turn_to(g, 0)
    g.apply({"type": "wash", "player": 0, "ones": 0})
    assert g.chance_requests()  # round 1 ended
    answer_all(g)
    assert g.st["round"] == 2 and g.st["turn"] == 0  # seat 1 has no token


def test_unknown_action_and_wrong_phase_rejected():
    """Bad input is refused with a reason and changes nothing."""
    g = started()
    turn_to(g, 0)
    illegal(g, {"type": "fly", "player": 0}, "unknown action")
    illegal(g, {"type": "pick_bonus", "player": 0, "card": "x"}, "unknown action")
    illegal(g, {"type": "upgrade", "player": 0, "arrange": "sing"}, "arrange must be")
    illegal(g, {"type": "dice", "player": 0, "values": [1]}, "no dice are waiting")
