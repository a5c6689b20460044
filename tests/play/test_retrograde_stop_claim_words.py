"""PT38 (a fresh play-tester, Retrograde seed 7, seat 1 at Stop): on a
card the OLED said "claims A, 1 left", read as one *card* left; it
meant one reroll left. Every form of the claim's words that counts what
is left says what it counts."""
from __future__ import annotations

import re

from tests.play.test_retrograde_last_reroll_aim import _at_stop_aimed, _chosen, _onto, _walk


def test_on_a_card_at_stop_the_words_say_rerolls_not_a_bare_count_left(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    target = _at_stop_aimed(t)
    assert s.game.view(None)["rerolls_left"] >= 1
    _onto(t, target)                         # onto a card
    assert _chosen(t)["type"] == "claim"
    words = t.oled_texts(0)[-1]
    assert "claim" in words, " | ".join(t.oled_texts(0))
    assert not re.search(r"\d left", words) or "reroll" in words, words
    # PT42 (the next fresh play-tester): "claims C; 2 rerolls" was read as "you claimed C"; PT43:
    # "claim C? 2 rerolls" as a question a second press would confirm, and lost its rerolls to one
    # press: a claim at Stop arms first (test_retrograde_stop_claim_arms_first), and the words say so
    assert words.startswith("press twice: claim "), words
