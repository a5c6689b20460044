"""Cha dango in the window: a seat that lifts its cup on an order a
customer matches (a wrong sip, ruling CD-9: no customer for it this order)
is told so at once on its own OLED, as a wrong hit is (CD-12,
``race.my_wrong_hit``); issue 34: it read only "sipped! 2111 ms", and the
log said "lifted the cup, but a customer matched".  No other seat is told
before the race is decided (CD-9)."""
from __future__ import annotations

from test_cha_dango_helpers import oled_words, open_first_race, order_matches, table_view


def test_cd9_a_wrong_sip_is_told_at_once_on_the_seats_own_oled_only(table):
    t = table("cha-dango", players=2, seed=3)
    g = open_first_race(t)
    assert order_matches(g), "seed 3's first order should match a customer"
    t.step(10, ms=50)
    cup = t.key_code(1, "cup")
    t.post(cup, True)                                 # seat 2 lifts its cup: "nothing matches"
    t.step(2, ms=30)
    said = oled_words(t, 1)
    assert "WRONG SIP" in said and "out of this order" in said, f"seat 2's OLED after the lift: {said}"
    other = oled_words(t, 0)
    assert "WRONG" not in other and "SIP" not in other.upper().replace("SIP?", ""), other
    t.step(30, ms=50)                                 # held up past the sip time
    t.post(cup, False)
    t.step(2, ms=30)
    assert table_view(t)["phase"] == "race", "seat 1 has not answered: the race goes on"
    said = oled_words(t, 1)
    assert "WRONG SIP" in said and "sipped!" not in said, f"after the sip: {said}"
