"""Retrograde: when a seat's rerolls run out, its cursor stays on the card
it aimed at (PT28, a fresh play-tester on the simulated cabinet: at Stop,
after the last reroll the cursor jumped to the first card left, "claim
card A", and a quick press claimed a card the seat never aimed at).  The
seat's target (the card its cursor last rested on, ruling RG-16; a walk
back to "reroll" keeps the target it began with) is where the cursor
stands once "reroll" is gone; and the shared screen says what the next
press does instead of "Point at a card, then reroll"."""
from __future__ import annotations

from firmware.rulings import LATE_OK_US

from .test_retrograde_banner import answer_the_check

SECOND = 1000


def _check_ok(t) -> None:
    """Seat 1 answers its dice check, and its "dice accepted" goes."""
    answer_the_check(t)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)


def _chosen(t) -> dict:
    s = t.session
    return s.runtime.controls[0].shown(s.game).chosen


def _walk(t, arrow: str, n: int, rest_ms: int) -> None:
    for _ in range(n):
        t.press(0, arrow)
        t.step(rest_ms // t.pass_ms)


def _onto(t, card: str, rest_ms: int = SECOND) -> None:
    """Seat 1 walks right from where it stands to ``card`` and rests on it
    (the arrows stop at the row's ends, and a taken card keeps its place:
    PT61)."""
    while _chosen(t).get("card") != card:
        _walk(t, "right", 1, 300)
    t.step(rest_ms // t.pass_ms)


def _at_stop_aimed(t) -> str:
    """Seat 1 waits for the bots' claims (it is the Stop seat), rests on
    the last card left, then walks back to "reroll": that card is its
    target."""
    s = t.session
    _check_ok(t)
    t.run_until(lambda t: s.game.view(None)["phase"] == "stop", max_passes=4000)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    order = s.runtime.controls[0].shown(s.game).choices
    cards = [a["card"] for a in order if a["type"] == "claim"]
    assert len(cards) >= 2, order
    while _chosen(t)["type"] != "reroll":
        _walk(t, "left", 1, 300)
    while _chosen(t).get("card") != cards[-1]:       # over the cards (and taken cards' places, PT61)
        _walk(t, "right", 1, 300)
    t.step(SECOND // t.pass_ms)                       # rests on the last card: its target
    target = _chosen(t)["card"]
    assert target == cards[-1] and s.runtime.target_of(0) == target
    while _chosen(t)["type"] != "reroll":             # back to "reroll" (the arrows stop at the ends, PT61)
        _walk(t, "left", 1, 300)
    return target


def _reroll(t) -> None:
    t.press(0, "button")
    t.step(3)
    t.press(0, "button")
    _check_ok(t)


def test_when_the_rerolls_run_out_the_cursor_stays_on_the_target_card(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    target = _at_stop_aimed(t)
    while s.game.view(None)["rerolls_left"]:
        _reroll(t)
        if s.game.view(None)["rerolls_left"]:
            assert _chosen(t)["type"] == "reroll"                   # RG-15: after a roll, on "reroll"
    assert _chosen(t)["type"] == "claim" and _chosen(t)["card"] == target, (_chosen(t), target)
    said = " | ".join(t.oled_texts(0))
    assert "claim card C" in said and "0 rerolls" not in said, said       # the OLED: what the press does
    assert "no rerolls" in said, said


def test_with_no_rerolls_left_the_shared_screen_says_the_next_press_claims(table):
    """PT28 at Stop with 0 rerolls: the HDMI still said "Point at a card,
    then reroll: the dice that fit it stay" (and "0 rerolls left")."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    _at_stop_aimed(t)
    texts = " ".join(t.scene().texts())
    assert "Point at a card, then reroll" in texts, texts         # rerolls left: how a reroll keeps dice
    while s.game.view(None)["rerolls_left"]:
        _reroll(t)
    texts = " ".join(t.scene().texts())
    assert "then reroll" not in texts and "0 rerolls" not in texts, texts
    assert "no rerolls left" in texts, texts
    assert "press twice to claim the card you point at" in texts.lower(), texts    # (PT43: it arms first)
