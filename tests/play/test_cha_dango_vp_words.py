"""Cha dango in the window: one word for the points (issue 34, "Played as
people play" again: the seat bars said "VP" while the seat's screen said
"cards" for the same thing).  The rulebook counts "VP cards" ("all players
count their own VP cards. The player with the most cards wins"): the
bars, the OLEDs and the result all say "VP card(s)"."""
from __future__ import annotations

import re

from test_cha_dango_helpers import CARDS, aim_at, open_first_race, order_matches, steps_to, table_view

#: a count or a change of it said as bare "VP" ("1 VP", "+1 VP", "-2 VP"), not "VP card(s)"
BARE = re.compile(r"[+-]?\d+\s?VP(?! card)")


def test_the_bars_the_oleds_and_the_result_say_vp_cards(table):
    t = table("cha-dango", players=2, seed=3)
    g = open_first_race(t)
    t.step(10, ms=50)
    aim_at(t, 0, order_matches(g)[0])
    t.press(0, "button")                                   # seat 1 serves the customer
    t.run_until(lambda t: table_view(t)["phase"] == "reveal", max_passes=200)
    t.step(2, ms=30)
    shown = [s.replace("\u00a0", " ") for s in t.scene().texts()]
    said = [s.replace("\u00a0", " ") for s in t.oled_texts(0) + t.oled_texts(1)]
    bare = [s for s in shown + said if BARE.search(s)]
    assert not bare, f"bare 'VP' beside 'VP cards': {bare}"
    assert "Seat 1 \u00b7 1 VP card" in shown and "Seat 2 \u00b7 0 VP cards" in shown, shown
    assert "1 VP card" in said and "+1 VP card" in said, said
