"""PT43 (a fresh play-tester, Retrograde 3 seats, seat 1 the Stop seat):
one press on a card at Stop claimed it at once and threw away the seat's
two rerolls, twice in one game.  At Stop the Stop seat is the only one
without a card and no timer runs (RG-8), so its claim is no race: like
every choice that is no race it arms first (ruling CAB-2), and only a
second press on the same card claims it."""
from __future__ import annotations

from tests.play.test_retrograde_last_reroll_aim import _at_stop_aimed, _chosen, _onto, _walk


def test_one_press_on_a_card_at_stop_arms_it_and_keeps_the_rerolls(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    target = _at_stop_aimed(t)
    left = s.game.view(None)["rerolls_left"]
    assert left >= 1
    _onto(t, target)                         # onto a card
    card = _chosen(t)
    assert card["type"] == "claim"
    said = " | ".join(t.oled_texts(0))
    assert "twice" in said or "2x" in said or "2 presses" in said, said   # the OLED says it takes two
    t.press(0, "button")
    t.step(3)
    view = s.game.view(None)
    assert view["seats"][0]["claim"] is None and view["rerolls_left"] == left    # nothing claimed yet
    assert s.runtime.controls[0].shown(s.game).armed, t.oled_texts(0)
    assert "press again: claim " in " | ".join(t.oled_texts(0)), t.oled_texts(0)   # what the next press does
    t.press(0, "button")                              # the second press claims the armed card
    t.run_until(lambda t: s.game.view(None)["seats"][0]["claim"] is not None, max_passes=300)
    assert s.game.view(None)["seats"][0]["claim"] == card["card"]


def test_with_no_rerolls_left_the_armed_claim_says_press_again(table):
    """PT46: at Stop with no rerolls left, the first press on a card lit
    the choice as armed but the line above still read "no rerolls left":
    nothing said that the next press claims."""
    from tests.play.test_retrograde_last_reroll_aim import _reroll
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    target = _at_stop_aimed(t)
    while s.game.view(None)["rerolls_left"]:
        _reroll(t)
    assert _chosen(t)["type"] == "claim"
    t.press(0, "button")
    t.step(3)
    assert s.runtime.controls[0].shown(s.game).armed and s.game.view(None)["seats"][0]["claim"] is None
    said = " | ".join(t.oled_texts(0))
    assert "press again: claim " in said, said
