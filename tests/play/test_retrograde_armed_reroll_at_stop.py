"""Retrograde: an armed reroll does not carry over into Stop, nor past the
loss of the card it keeps dice for (PT31, a fresh play-tester as seat 1
against bots with camera dice: seat 1 armed "reroll" in the race, "again:
keep 1 1 1 5"; seat 3's claim began Stop; seat 1's next press 1.6 s later
still rerolled, keeping dice for a card that was gone, and Stop said "1
reroll left").

When Stop begins (the race's free rerolls become Stop's two counted ones,
ruling RG-8) or the card the armed reroll keeps dice for is taken, the
reroll is disarmed (rulings RG-15, RG-16, CAB-12: nothing is chosen on a
choice the seat has not seen): the OLED says so and the next press only
arms again."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US

from tests.play.test_retrograde_armed_keep import _aim_and_back, _all_dice_in
from tests.play.test_retrograde_hold_across_stop import _aimed, _texts


def _claim(t, seat: int, card: str) -> None:
    """``seat`` turns to ``card`` and claims it (one press, a race)."""
    s = t.session
    _aimed(t, seat, card)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(seat, "button")
    t.run_until(lambda t: card not in s.game.view(None)["face_up_ids"], max_passes=200)


def _rerolls(t) -> list[dict]:
    return [a for a in t.journal() if a.get("type") == "reroll" and a.get("player") == 0]


def test_an_armed_reroll_is_disarmed_when_stop_begins_and_the_next_press_only_arms(table):
    t = table("retrograde", 3, bots=set(), seed=11)
    s = t.session
    _all_dice_in(t, 3)
    target, _, _ = _aim_and_back(t)
    t.press(0, "button")                                     # arms: "again: keep ..."
    assert s.runtime.controls[0].shown(s.game).armed
    others = [c for c in s.game.view(None)["face_up_ids"] if c != target]
    _claim(t, 1, others[0])
    _claim(t, 2, others[1])                                  # the last claim but seat 1's: Stop
    t.run_until(lambda t: s.game.view(None)["phase"] == "stop", max_passes=200)
    t.step(3)
    assert not s.runtime.controls[0].shown(s.game).armed, "Stop disarms the race's armed reroll"
    assert 0 not in s.runtime.armed_keeps_now()
    said = _texts(t)
    assert "again:" not in said and "press again" not in said and "Stop: arm it again" in said, said
    left = s.game.view(None)["rerolls_left"]
    t.step(48)                                               # 1.6 s later, as PT31
    t.press(0, "button")
    t.step(3)
    assert not _rerolls(t), "the press after Stop began only arms"
    assert s.game.view(None)["rerolls_left"] == left
    assert s.runtime.controls[0].shown(s.game).armed, "it arms Stop's reroll, seen"
    t.press(0, "button")                                     # the confirm: a Stop reroll
    t.run_until(lambda t: _rerolls(t), max_passes=50)


def test_an_armed_reroll_is_disarmed_when_its_target_card_is_taken(table):
    t = table("retrograde", 3, bots=set(), seed=11)
    s = t.session
    _all_dice_in(t, 3)
    target, _, letter = _aim_and_back(t)
    t.press(0, "button")                                     # arms: keeps the dice that fit the target
    assert s.runtime.controls[0].shown(s.game).armed
    _claim(t, 1, target)                                     # seat 2 takes it
    t.step(3)
    assert not s.runtime.controls[0].shown(s.game).armed, "its card is gone: the reroll is disarmed"
    said = _texts(t)
    assert "again" not in said and "taken" in said, said
    t.press(0, "button")
    t.step(3)
    assert not _rerolls(t), "the next press only arms again"
    assert s.runtime.controls[0].shown(s.game).armed
