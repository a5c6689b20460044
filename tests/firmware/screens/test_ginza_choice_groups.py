"""Ginza Retro Café: a long choice list is grouped as a person reads the
table (play-test, leftovers: "1/81", washing dishes option 15 of 16).  The
choices come in the screen's order - the order cards as the HDMI lays them
out (customers left to right, each one's orders top down), then the
arrange actions, washing, the dice limit - each group whole; the OLED says
which group the cursor is in and where in it ("reroll 3 4" beside "3/17",
or "Coffee 13+ 2/4" above "1 3 6 +common 3")."""
from __future__ import annotations

from firmware.runtime.controls import SeatControls
from firmware.screens import ginza_oled
from firmware.screens.draw import oled_frame

from screen_checks import context, play_states


def _turns(limit=600):
    for game, events in play_states("ginza", 3, 1, every=2, limit=limit):
        view = game.view(None)
        if view["phase"] != "play" or view["dice_requests"]:
            continue
        seat = view["turn"]
        acts = SeatControls(seat).selectable(game)
        if len(acts) > 8:
            yield game, events, seat, acts


def test_the_choices_come_in_whole_groups_in_the_screens_order():
    seen = 0
    for game, _, seat, acts in _turns():
        groups = [ginza_oled.choice_group(a, game) for a in acts]
        runs = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
        assert len(runs) == len(set(runs)), runs            # each group whole
        orders = [o["card"] for c in game.view(None)["customers"] if c for o in c["orders"] if o]
        served = [a["order"] for a in acts if a["type"] == "serve"]
        assert served == sorted(served, key=orders.index)   # the order cards as laid out
        kinds = [a["type"] for a in acts]
        assert kinds == sorted(kinds, key=ginza_oled.KIND_ORDER.index), kinds
        seen += 1
    assert seen > 5


def test_the_oled_says_the_group_and_where_in_it_the_cursor_is():
    seen = 0
    for game, events, seat, acts in _turns(300):
        groups = [ginza_oled.choice_group(a, game) for a in acts]
        for cursor in (0, len(acts) // 2, len(acts) - 1):
            c = SeatControls(seat)
            c.refresh(game)
            c.cursor = cursor
            ctrls = [c if s == seat else SeatControls(s) for s in range(game.num_players)]
            f = oled_frame(game, seat, c, context(game, events, ctrls))
            members = [i for i, g in enumerate(groups) if g == groups[cursor]]
            place = f"{members.index(cursor) + 1}/{len(members)}" if len(members) > 1 else ""   # never "1/1"
            # the choice line names its group beside its place in it, or the group's line says both
            named = any(groups[cursor] in t for t in f.texts) and (not place or place in f.texts)
            assert named or f"{groups[cursor]} {place}".strip() in f.texts, (groups[cursor], place, f.texts)
            assert "1/1" not in f.texts
            assert len(members) == len(acts) or f"{cursor + 1}/{len(acts)}" not in f.texts     # no "37/81"
            seen += 1
    assert seen > 5


def test_an_order_cards_free_ways_come_before_those_that_pay_for_a_common_die():
    """PT22 (issue 34): Cream Soda 12+ offered "3 6 +common 3, pay 3 yen"
    at 1/4 and the free "serve 3 3 6" at 4/4, so two presses on the first
    choice paid ¥3 for nothing.  Inside an order card's group the ways
    served with the seat's own dice come first."""
    seen = 0
    for game, _, seat, acts in _turns():
        for order in {a["order"] for a in acts if a["type"] == "serve"}:
            ways = [a.get("common") is not None for a in acts if a["type"] == "serve" and a["order"] == order]
            assert ways == sorted(ways), (order, ways)
            seen += any(ways) and not all(ways)
    assert seen, "no order card could be served both ways"
