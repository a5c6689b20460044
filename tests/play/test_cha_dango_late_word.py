"""Cha dango in the window: a hit just after the race was decided is "too
late", never "look first" (issue 34, "Played as people play", item 2;
rulings CD-12, CAB-7, CAB-12)."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, steps_to


def _view(t):
    return t.session.game.view(None)


def _matches(g):
    order = g.view(None)["order"]
    return [c["id"] for c in g.view(None)["dining_area"] if CARDS[c["id"]].value(order["attribute"]) == order["value"]]


def test_cd12_a_press_just_after_the_decided_race_is_too_late_not_look_first(table):
    """shot184-187: seat 1 won at 702 ms; seat 2's press 40 ms later got
    "look first / reveal in 3 s" (seat 2 reveals next) instead of "too
    late: Seat 1 was first"."""
    t = table("cha-dango", players=2, seed=3)
    t.run_until(lambda t: _view(t)["phase"] == "reveal" and _view(t)["current"] == 0)
    t.step(30, ms=50)
    t.press(0, "button")
    t.run_until(lambda t: _view(t)["phase"] == "race", max_passes=200)
    g = t.session.game
    assert len(_matches(g)) == 1, "the seed's first order should match one customer"
    steps = steps_to(g, t.session.runtime.controls[0], _matches(g)[0])
    t.step(10, ms=50)
    for _ in range(abs(steps)):
        t.press(0, "right" if steps > 0 else "left", hold_passes=1)
    t.step(4, ms=50)
    one, two = t.key_code(0, "button"), t.key_code(1, "button")
    t.post(one, True)
    t.step(2, ms=20)                                       # seat 1 hits; the race is decided
    t.post(two, True)                                      # seat 2 presses 40 ms after
    t.step(ms=20)
    t.post(one, False)
    t.post(two, False)
    t.step(3, ms=30)
    assert _view(t)["phase"] == "reveal" and _view(t)["current"] == 1
    assert _view(t)["last_race"]["won"][0]["player"] == 0
    oled = " ".join(t.oled_texts(1))
    assert "look first" not in oled, oled
    assert "too late" in oled and "Seat 1" in oled, oled
