"""Retrograde words (issue 34 item 4): the OLED and the HDMI name a seat's
power-up cards with the same words ("kept" beside the sheet until the
seat unlocks it, the rulebook's "keep" and "unlock"; "locked" until the
fresh play-test of seed 11); the HDMI's phase information is
drawn the same way in every round."""
from __future__ import annotations

from firmware.screens.retrograde_oled import _hand
from firmware.ui.oled import OledFrame


def test_the_oled_says_kept_and_unlocked_as_the_hdmi_does():
    """The play-tester read "2 held" on the OLED and "2 locked" on the HDMI."""
    f = OledFrame()
    _hand(f, 2, 40, {"coins_marked": 1, "coins_spent": 0, "hand": ["a", "b"], "unlocked": ["Frogger"]})
    words = " ".join(f.texts)
    assert "2 kept" in words and "held" not in words and "locked" not in words.replace("unlocked", ""), words
    assert " on" not in words, words


def test_the_phase_box_or_strip_does_not_change_from_deal_to_deal():
    """The play-tester saw a big message box in one round and a one-line
    strip in the next: whether the cards leave room for the box beside
    them depended on the round's cards' words; now on the screen and the
    seat count alone."""
    from engines import new_game
    from firmware.screens.draw import default_measure
    from firmware.screens.retrograde_plans import card_letters
    from firmware.screens.retrograde_sheet import _cards_fit
    from firmware.ui.kit import Scene
    measure = default_measure()
    for size, players in (((1920, 1080), 4), ((1280, 720), 3), ((1024, 600), 2)):
        seen = set()
        for seed in range(30):
            view = new_game("retrograde", players, seed, None).view(None)
            s = Scene(*size, measure)
            m = s.metrics
            _, body = s.rect.rows(-(s.measure("Ag", m.medium)[1] + m.pad), 1)
            top, _ = body.inset(m.pad).rows(0.36, 0.64, gap=m.pad)
            cards_r, _ = top.cols(0.64, 0.36, gap=m.pad)
            seen.add(_cards_fit(s, cards_r, view, card_letters(view)))
        assert len(seen) == 1, (size, players, "box in some deals, strip in others")
