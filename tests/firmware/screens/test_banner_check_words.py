"""PT57 (Retrograde, two seats, 800x480): while seat 1 checked its dice
its banner drew "Seat 1 · 10 pts" in the small size beside "checks dice",
next to "Seat 2 · 10 pts" in the medium one: the banner kept the long
words at the small size before trying the short ones ("checks") at the
medium size.  A check's banner words, like a reroll's, come with their
short forms."""
from __future__ import annotations

from firmware.screens.readings import SHORT_WORDS, STATE_WORDS
from firmware.screens.retrograde_sheet import doing_forms


def test_a_checks_banner_words_come_with_their_short_form():
    for state, words in STATE_WORDS.items():
        assert doing_forms(words) == (words, SHORT_WORDS[state]), words
    assert doing_forms("reroll: keep 2 2 5?") == ("reroll: keep 2 2 5?", "keep 2 2 5?", "reroll?")
    assert doing_forms("claim C?") == ("claim C?",)
