"""Retrograde: where a player looks, before the press, which dice a reroll
keeps and how to choose the card to keep them for (play-test, leftovers:
"no card: roll all 6" - the tester never found how to keep; ruling RG-16:
in the simulator a reroll keeps the dice that fit the card the cursor last
rested on)."""
from __future__ import annotations

from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
from firmware.screens.retrograde_words import fitting_dice
from firmware.screens.retrograde_plans import card_letters

from screen_checks import context


def _rolled(seed=1):
    """A 2-seat game in the roll phase, seat 1's dice read, and its controls."""
    g = new_game("retrograde", 2, seed)
    g.apply({"type": "dice", "player": 0, "values": [1, 2, 3, 4, 5, 6], "colour": None, "t_us": 1000})
    c = SeatControls(0)
    c.refresh(g)
    return g, c


def _ctx(g, c, target=None, simulated=True):
    return context(g, [], [c, SeatControls(1)], targets={0: target}, simulated_dice=simulated)


def _on(g, c, kind, card=None):
    acts = c.refresh(g)
    c.cursor = next(i for i, a in enumerate(acts) if a["type"] == kind and (card is None or a.get("card") == card))


def test_on_a_card_the_oled_says_what_a_reroll_would_keep_for_it():
    g, c = _rolled()
    view = g.view(0)
    card = next(a["card"] for a in c.refresh(g) if a["type"] == "claim")
    letter = card_letters(view)[card]
    vals = " ".join(map(str, sorted(fitting_dice(view["seats"][0]["dice"], card))))
    _on(g, c, "claim", card)
    for target in (None, card):      # the same before and after the cursor rested there (issue 34: "stay:")
        said = " ".join(oled_frame(g, 0, c, _ctx(g, c, target=target)).texts)
        assert (f"reroll keeps {vals}" if vals else f"none fit {letter}") in said, said


def test_the_hdmi_says_how_to_keep_and_what_the_reroll_keeps():
    g, c = _rolled()
    view = g.view(0)
    card = next(a["card"] for a in c.refresh(g) if a["type"] == "claim")
    fit = sorted(fitting_dice(view["seats"][0]["dice"], card))
    _on(g, c, "reroll")
    none = " ".join(hdmi_screen(g, _ctx(g, c), size=(1920, 1080), measure=default_measure()).texts())
    assert "point at a card, then reroll" in none.lower(), none       # how to choose
    assert "roll all 6" in none, none
    kept = hdmi_screen(g, _ctx(g, c, target=card), size=(1920, 1080), measure=default_measure())
    said = f"keep {' '.join(map(str, fit))}" if fit else "roll all 6"
    assert said in " ".join(kept.texts()), kept.texts()


def test_at_the_real_cabinet_the_dice_are_kept_by_hand():
    g, c = _rolled()
    _on(g, c, "reroll")
    said = " ".join(hdmi_screen(g, _ctx(g, c, simulated=False), size=(1920, 1080),
                                measure=default_measure()).texts())
    assert "point at a card" not in said.lower(), said
