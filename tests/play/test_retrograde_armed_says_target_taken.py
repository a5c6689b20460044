"""PT71 (a fresh play-tester, Retrograde seed 23, seat 1 against a bot):
seat 1's cursor had rested on card B and stood on "reroll" ("keep 1 1 4
for B"); the bot claimed B, which began Stop; seat 1's press armed the
reroll, and the OLED said "roll all 6 / again: reroll" without saying why
the keep was gone.  The tester's next press rerolled all six dice.  When
the card a seat's reroll kept dice for was taken, its OLED names it on
the armed reroll's own line ("B taken: roll all 6"), as the note "card B
was taken" did before the press."""
from __future__ import annotations

from firmware.screens.retrograde_plans import card_letters

from .test_retrograde_target_taken_in_check import _aimed_back_on_reroll, _to_card

SECOND = 1000


def _target_taken(t) -> str:
    """Seat 1 rests on a card (its target) and goes back to "reroll";
    seat 2 claims another card, seat 3 then takes seat 1's.  Returns the
    letter of seat 1's target."""
    s = t.session
    card = _aimed_back_on_reroll(t)
    letter = card_letters(s.game.view(None))[card]
    other = next(a["card"] for a in s.runtime.controls[1].refresh(s.game)
                 if a.get("type") == "claim" and a.get("card") != card)
    _to_card(t, 1, other)
    t.press(1, "button")
    t.run_until(lambda t: s.game.view(None)["seats"][1]["claim"] == other, max_passes=300)
    _to_card(t, 2, card)
    t.step(SECOND // t.pass_ms)
    t.press(2, "button")                           # seat 3 takes seat 1's target
    t.run_until(lambda t: s.game.view(None)["seats"][2]["claim"] == card, max_passes=300)
    t.step(3 * SECOND // t.pass_ms)                # the note had its time; the cursor stays on "reroll"
    return letter


def test_the_reroll_line_names_the_card_taken(table):
    t = table("retrograde", 3, bots=set(), seed=7)
    letter = _target_taken(t)
    said = " | ".join(t.oled_texts(0))
    assert f"card {letter} was taken" in said, said     # (the note stays until the seat moves on)


def test_an_armed_reroll_names_the_card_taken(table):
    t = table("retrograde", 3, bots=set(), seed=7)
    s = t.session
    letter = _target_taken(t)
    t.press(0, "button")                           # arms: its keep is gone
    t.step(SECOND // t.pass_ms)
    assert s.runtime.controls[0].shown(s.game).armed
    said = " | ".join(t.oled_texts(0))
    assert f"{letter} taken" in said and "roll all" in said, said
