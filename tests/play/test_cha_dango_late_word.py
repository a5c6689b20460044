"""Cha dango in the window: a hit just after the race was decided is "too
late", never "look first" (issue 34, "Played as people play", item 2;
rulings CD-12, CAB-7, CAB-12)."""
from __future__ import annotations

from test_cha_dango_helpers import aim_at, open_first_race, order_matches, table_view


def test_cd12_a_press_just_after_the_decided_race_is_too_late_not_look_first(table):
    """shot184-187: seat 1 won at 702 ms; seat 2's press 40 ms later got
    "look first / reveal in 3 s" (seat 2 reveals next) instead of "too
    late: Seat 1 was first"."""
    t = table("cha-dango", players=2, seed=3)
    g = open_first_race(t)
    assert len(order_matches(g)) == 1, "the seed's first order should match one customer"
    t.step(10, ms=50)
    aim_at(t, 0, order_matches(g)[0])
    t.step(4, ms=50)
    one, two = t.key_code(0, "button"), t.key_code(1, "button")
    t.post(one, True)
    t.step(2, ms=20)                                       # seat 1 hits; the race is decided
    t.post(two, True)                                      # seat 2 presses 40 ms after
    t.step(ms=20)
    t.post(one, False)
    t.post(two, False)
    t.step(3, ms=30)
    assert table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 1
    assert table_view(t)["last_race"]["won"][0]["player"] == 0
    oled = " ".join(t.oled_texts(1))
    assert "look first" not in oled, oled
    assert "too late" in oled and "Seat 1" in oled, oled


def test_cd12_a_press_just_after_a_race_timed_out_is_too_late(table):
    """Play-test (issue 34, last rounds): nobody hit the matching customer,
    the race timed out, and a press a moment later said nothing, where a
    press after a decided race says "too late".  Each seat pressing just
    after the time-out is told "too late" on its OLED, by how much, and
    the press counts in no race: the revealer's reveals nothing."""
    t = table("cha-dango", players=2, seed=3)
    g = open_first_race(t)
    assert len(order_matches(g)) == 1, "the seed's first order should match one customer"
    timeout_us = table_view(t)["race"]["timeout_at_us"]
    rt = t.session.runtime
    t.run_until(lambda t: rt.now_us >= timeout_us - 20_000, max_passes=400, ms=20)
    one, two = t.key_code(0, "button"), t.key_code(1, "button")
    t.post(one, True)                                      # seat 1 presses in the pass the time-out passes in:
    t.step(ms=30)                                          # stamped a moment after it, read before its tick
    assert rt.now_us > timeout_us
    t.post(one, False)
    t.step(ms=100)
    t.post(two, True)                                      # seat 2 (it reveals next) 150 ms or so after it
    t.step(ms=20)
    t.post(two, False)
    t.step(3, ms=30)
    v = table_view(t)
    assert v["phase"] == "reveal" and v["current"] == 1, "the late press counted: the next order is out"
    assert v["last_race"]["won"] == [] and all(a is None for a in v["last_race"]["answers"])
    for seat in (0, 1):
        oled = " ".join(t.oled_texts(seat)).replace("\u00a0", " ")
        assert "too late" in oled and " ms" in oled, (seat, oled)
    shown = " ".join(t.scene().texts()).replace("\u00a0", " ")
    assert "after the time-out" in shown, shown
    t.press(0, "right", hold_passes=1)                     # aiming ahead, the words stay on its OLED
    t.press(1, "right", hold_passes=1)
    for seat in (0, 1):
        oled = " ".join(t.oled_texts(seat)).replace("\u00a0", " ")
        assert "too late" in oled and "/" in oled, (seat, oled)
