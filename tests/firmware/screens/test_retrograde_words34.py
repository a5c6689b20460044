"""Retrograde words (issue 34 item 4): the OLED and the HDMI name a seat's
power-up cards with the same words ("locked" beside the sheet until the
seat unlocks it, the rulebook's "unlock"); the HDMI's phase information is
drawn the same way in every round."""
from __future__ import annotations

from firmware.screens.retrograde_oled import _hand
from firmware.ui.oled import OledFrame


def test_the_oled_says_locked_and_unlocked_as_the_hdmi_does():
    """The play-tester read "2 held" on the OLED and "2 locked" on the HDMI."""
    f = OledFrame()
    _hand(f, 2, 40, {"coins_marked": 1, "coins_spent": 0, "hand": ["a", "b"], "unlocked": ["Frogger"]})
    words = " ".join(f.texts)
    assert "2 locked" in words and "held" not in words, words
    assert " on" not in words, words
