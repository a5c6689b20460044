"""The HDMI header while a seat's dice are read again (CAB-5, ruling
CAB-17): it says what was done to them, as the seat's OLED does (PT53,
Ginza's setup: "Seat 1: dice read again (nudged by the table)" stood over
"die rerolled for you" on the seat's OLED)."""
from __future__ import annotations

from firmware.screens.ginza import read_again_words

REQS = [{"player": 0, "count": 5, "colour": "red"}]


def test_the_header_says_rerolled_when_the_table_rerolled_the_die():
    words = read_again_words(REQS, [0], True, {0: "die rerolled for you"})
    assert words.split("|")[0] == "Seat 1: dice read again (rerolled by the table)"
    assert read_again_words(REQS, [0], True, {0: "die nudged for you"}).split("|")[0] == \
        "Seat 1: dice read again (nudged by the table)"
    assert read_again_words(REQS, [0], True).split("|")[0] == "Seat 1: dice read again (nudged by the table)"


def test_at_the_cabinet_the_header_asks_for_what_the_oled_asks():
    assert read_again_words(REQS, [0], False, {0: "reroll the unread die"}).split("|")[0] == \
        "Seat 1: reroll the ? die"
    assert read_again_words(REQS, [0], False, {0: "nudge 1 unread die"}).split("|")[0] == "Seat 1: nudge the ? die"
    two = REQS + [{"player": 1, "count": 5, "colour": "blue"}]
    said = read_again_words(two, [0, 1], False, {0: "reroll the unread die", 1: "nudge 1 unread die"})
    assert said.split("|")[0] == "Seat 1: reroll the ? die; Seat 2: nudge the ? die"
