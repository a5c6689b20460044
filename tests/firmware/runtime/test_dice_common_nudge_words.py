"""The simulator's words for the common dice it nudged or rerolled say
which dice (PT30, Ginza: "die nudged for you" on seat 1's OLED was about
the common dice, nobody's own), and still count as a nudge's words."""
from __future__ import annotations

from firmware.runtime.dice_readings import _sim_words, asks_nudge


def test_the_common_dice_nudged_for_the_table_say_common_dice():
    said = {_sim_words(u, 3, 3, r, common=True) for u in (1, 2) for r in (False, True)}
    assert said == {"common die nudged", "common dice nudged", "common dice rerolled"}, said
    assert all(asks_nudge(w) for w in said)
    assert _sim_words(1, 5, 5, False) == "die nudged for you"      # a seat's own dice: as before
