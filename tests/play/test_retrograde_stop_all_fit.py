"""Retrograde at Stop: every state says what the seat's next press does
(PT29, a fresh play-tester as seat 1 with camera dice: "with one reroll
left the OLED/HDMI said only 'Stop! 1 reroll' when all six dice already
fit card C", so the seat could not see what its press would do).

With every die fitting its target card a reroll would keep them all and
throw none: the OLED and the HDMI say so and name the card to claim; on
the card the OLED says the press claims it; never "Stop! 1 reroll"
alone."""
from __future__ import annotations

from engines.retrograde.components import default_components

from tests.play.test_retrograde_last_reroll_aim import _at_stop_aimed, _check_ok, _chosen, _onto, _walk

COMP = default_components()


def _words(t) -> str:
    """The OLED's words line (under the dice, above the choice band)."""
    return t.oled_texts(0)[-1]


def _lucky_reroll(t, target: str) -> list[int]:
    """Seat 1 rerolls and every die lands on a colour of ``target`` (the
    simulated table's throw is replaced before the camera looks)."""
    s = t.session
    a, b = COMP.card(target).colours
    lucky = [a, b, a, b, a, b]
    t.press(0, "button")                       # arms
    t.step(3)
    key = t.key_code(0, "button")
    t.post(key, True)
    t.step(1)
    t.post(key, False)
    t.step(1)                                  # the confirm: the table throws
    tray = s.dice.table.trays[0]
    tray.values = list(lucky)
    tray.image = tray.pending = None
    _check_ok(t)
    assert sorted(s.game.view(None)["seats"][0]["dice"]) == sorted(lucky)
    return lucky


def test_at_stop_with_all_dice_fitting_the_target_the_words_name_the_card_to_claim(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    target = _at_stop_aimed(t)
    letter = "C"
    _lucky_reroll(t, target)
    assert s.game.view(None)["rerolls_left"] == 1
    assert _chosen(t)["type"] == "reroll"
    said = " | ".join(t.oled_texts(0))
    assert _words(t) != "Stop! 1 reroll", said
    assert f"fit {letter}" in _words(t), said
    hdmi = " ".join(t.scene().texts())
    assert f"fit card {letter}: point at it, press twice to claim" in hdmi, hdmi      # (PT43: it arms first)
    _onto(t, target)                         # onto card C
    assert _chosen(t)["card"] == target
    said = " | ".join(t.oled_texts(0))
    assert _words(t) != "Stop! 1 reroll" and letter in _words(t) and "claim" in _words(t), said


def test_at_stop_on_a_card_with_rerolls_left_the_words_say_the_press_claims_it(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    target = _at_stop_aimed(t)
    assert s.game.view(None)["rerolls_left"] == 2
    _onto(t, target)                         # onto card C, dice that do not all fit
    said = " | ".join(t.oled_texts(0))
    assert "Stop!" not in _words(t) and "claim" in _words(t) and "C" in _words(t), said


def test_an_armed_reroll_that_keeps_every_die_says_it_throws_none(table):
    """All six fit the target and the seat presses "reroll" anyway: the
    arming words say the confirm throws no die, not "press again to
    reroll"."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    target = _at_stop_aimed(t)
    _lucky_reroll(t, target)
    assert _chosen(t)["type"] == "reroll"
    t.step(30)                                        # past the look-first guard of the new choice
    t.press(0, "button")                              # arms
    t.step(2)
    said = " | ".join(t.oled_texts(0))
    assert "roll 0" in _words(t) or "no die" in _words(t), said
