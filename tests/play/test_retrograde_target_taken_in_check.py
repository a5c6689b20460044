"""Retrograde: the card a seat aimed at, taken while its dice check was on
its OLED (PT41, a fresh play-tester on the simulated cabinet: seat 1's
cursor had rested on card A, it rerolled; during its dice check the bot
claimed A; after the check the planned Right + Space landed on "claim card
B" and claimed a card its dice did not fit, nothing said).  The seat's OLED
says its card was taken, and a press that follows an arrow onto another
card faster than a person reads it claims nothing."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US

from .test_retrograde_banner import answer_the_check

SECOND = 1000


def _all_rolled(t) -> bool:
    seats = t.session.game.view(None)["seats"]
    return all(s["dice"] is not None for s in seats) and not any(s["claim"] for s in seats)


def _chosen(t, seat: int) -> dict:
    s = t.session
    return s.runtime.controls[seat].shown(s.game).chosen


def _to_card(t, seat: int, card: str) -> None:
    for _ in range(8):
        c = _chosen(t, seat)
        if c and c.get("type") == "claim" and c.get("card") == card:
            return
        t.press(seat, "right")
        t.step(3)
    raise AssertionError(f"seat {seat + 1} never reached card {card}")


def _aimed_back_on_reroll(t) -> str:
    """Every seat has rolled; seat 1 answers its check, rests on the first
    card (its target) and walks back to "reroll".  Returns its target."""
    s = t.session
    t.run_until(_all_rolled, max_passes=3000)
    if 0 in s.dice.held:
        answer_the_check(t)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 2)
    while _chosen(t, 0)["type"] != "reroll":
        t.press(0, "left")
        t.step(3)
    t.press(0, "right")
    t.step(SECOND // t.pass_ms)                    # rests on the first card: its target
    card = _chosen(t, 0)["card"]
    assert s.runtime.target_of(0) == card
    t.press(0, "left")
    t.step(SECOND // t.pass_ms)
    assert _chosen(t, 0)["type"] == "reroll"
    return card


def _target_taken_during_check(t) -> str:
    """Seat 1 rests on the first card (its target), walks back to reroll,
    rerolls; while its check is up, seat 3 claims that card; seat 1 then
    answers its check.  Returns the card taken."""
    s = t.session
    card = _aimed_back_on_reroll(t)
    t.press(0, "button")                           # arms
    t.step(3)
    t.press(0, "button")                           # rerolls: its check comes
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    _to_card(t, 2, card)
    t.press(2, "button")                           # seat 3 takes seat 1's target
    t.run_until(lambda t: s.game.view(None)["seats"][2]["claim"] == card, max_passes=300)
    answer_the_check(t)
    return card


def test_a_target_taken_during_the_check_is_said_and_a_blind_right_space_claims_nothing(table):
    t = table("retrograde", 3, bots=set(), seed=7)
    s = t.session
    _target_taken_during_check(t)
    t.step(2)
    said = " ".join(t.oled_texts(0))
    assert "card A was taken" in said, t.oled_texts(0)
    t.press(0, "right")                            # the planned Right + Space: onto card A's place (PT61)
    said = " ".join(t.oled_texts(0))
    assert "card A taken" in said and "claim card" not in said, said
    t.press(0, "button")
    t.step(10)
    assert s.game.view(None)["seats"][0]["claim"] is None, "a blind press claimed a card the seat never chose"
    said = " ".join(t.oled_texts(0))
    assert "card A was taken" in said and "claim card" not in said, said
    t.press(0, "right")                            # on to card B, shown
    assert "claim card B" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.press(0, "button")                           # the card now shown: claimed
    t.run_until(lambda t: s.game.view(None)["seats"][0]["claim"] is not None, max_passes=300)


def test_after_its_target_was_taken_a_seat_that_looked_claims_with_one_press(table):
    t = table("retrograde", 3, bots=set(), seed=7)
    s = t.session
    _target_taken_during_check(t)
    t.step(2)
    t.press(0, "right")
    assert _chosen(t, 0)["type"] == "taken"        # card A's place (PT61)
    t.press(0, "right")
    shown = _chosen(t, 0)
    assert shown["type"] == "claim"
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 2)   # it reads "claim card B", then presses
    t.press(0, "button")
    t.run_until(lambda t: s.game.view(None)["seats"][0]["claim"] is not None, max_passes=300)
    assert s.game.view(None)["seats"][0]["claim"] == shown["card"]
