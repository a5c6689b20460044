"""Retrograde in the simulator: a card the cursor only passes on its way
back to "reroll" does not become the reroll's target (ruling RG-16; a fresh
play-test: "C 'reroll keeps 3 4 (C)' -> Left x3 -> 'keep 3 6 (A), roll 4'.
With A and D on the table a player can never reroll for B or C": a person
pressing one arrow a second, reading the OLED between presses, rested half
a second on every card passed).  Steps in one direction ending on "reroll"
keep the target the walk began with; a card rested on 2 s or more, or one
the cursor turns back on, is where a walk begins."""
from __future__ import annotations

from engines.retrograde.components import default_components

from .test_retrograde_keep_words import _dice_in, _texts

COMP = default_components()
SECOND = 1000


def _walk(t, arrow: str, n: int, rest_ms: int) -> None:
    """``n`` presses of ``arrow``, each followed by ``rest_ms`` of looking."""
    for _ in range(n):
        t.press(0, arrow)
        t.step(rest_ms // t.pass_ms)


def _on_c(t) -> tuple[list[int], list[str]]:
    """The seat's dice in, its cursor rested on card C (the third card):
    its target. The cards in the cursor's order."""
    s = t.session
    dice = _dice_in(t)
    order = s.runtime.controls[0].shown(s.game).choices
    assert order[0]["type"] == "reroll", order
    cards = [a["card"] for a in order if a["type"] == "claim"]
    assert len(cards) >= 4, cards
    _walk(t, "right", 3, SECOND)
    assert s.runtime.controls[0].shown(s.game).chosen["card"] == cards[2]
    assert s.runtime.target_of(0) == cards[2]
    return dice, cards


def _fits(dice: list[int], card: str) -> str:
    return " ".join(map(str, sorted(v for v in dice if v in COMP.card(card).colours)))


def _names(t, dice: list[int], card: str, letter: str) -> bool:
    """The OLED on "reroll" names the dice kept for ``card`` (the long form
    or the short one the line has room for)."""
    said = _texts(t)
    return f"keep {_fits(dice, card)} for {letter}" in said or f"keep {_fits(dice, card)} ({letter})" in said


def test_walking_back_from_c_to_reroll_one_step_a_second_keeps_c_as_the_target(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    dice, cards = _on_c(t)
    _walk(t, "left", 3, SECOND)                        # past B and A, a second on each
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"
    assert s.runtime.target_of(0) == cards[2], (cards, s.runtime.target_of(0))
    assert _names(t, dice, cards[2], "C"), _texts(t)


def test_a_card_rested_on_two_seconds_on_the_way_back_is_the_target(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    dice, cards = _on_c(t)
    _walk(t, "left", 1, 2200)                          # B, looked at for 2.2 s
    _walk(t, "left", 2, SECOND)                        # past A to "reroll"
    assert s.runtime.target_of(0) == cards[1]
    assert _names(t, dice, cards[1], "B"), _texts(t)


def test_turning_back_on_a_card_makes_it_the_target(table):
    """Rested on B, then a step away from "reroll" and straight back: B
    was where the walk back began."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    dice, cards = _on_c(t)
    _walk(t, "left", 1, SECOND)                        # B
    _walk(t, "right", 1, 200)                          # a glance at C
    _walk(t, "left", 3, 300)                           # straight back past B and A
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"
    assert s.runtime.target_of(0) == cards[1]
