"""Cha dango: a late hit that lands while "reveal the order" has just
appeared only shows it (issue 34, the fresh play-test: a hit meant for the
last race landed on the new "reveal the order" and revealed it, a choice
the seat never saw).  A reveal is no race: ruling CAB-12's look-first
guard holds it, counted from when the prompt appeared (the end of the
result's pause, CAB-7), not from when the engine offered it."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US

from .test_play_cha_dango import Person


def _to_own_reveal(t):
    """Play seat 1 as a person until a race is decided and seat 1 is the
    one to reveal the next order (its result still on screen); then run
    to the pass where the reveal prompt appears.  Returns the loop's clock
    (ms) at that pass."""
    s, g = t.session, t.session.game
    me = Person(t)
    for _ in range(3000):
        v = g.view(None)
        if v["phase"] == "reveal" and v["current"] == 0 and s.runtime.not_before.get("reveal", -1) > s.runtime.now_us:
            break
        me.act(ms=33)
    else:
        raise AssertionError("seat 1 never came to reveal after a race")
    for _, key in me.up:                      # let go of anything held
        t.post(key, False)
    at = s.runtime.not_before["reveal"] // 1000
    t.run_until(lambda t: s.runtime.now_us // 1000 >= at, max_passes=600)
    assert "press: reveal" in " ".join(t.oled_texts(0)) or "reveal" in " ".join(t.oled_texts(0))
    return t.t_ms


def test_a_press_200ms_after_the_reveal_prompt_only_shows_it(table):
    t = table("cha-dango", 2, bots={1}, seed=3)
    g = t.session.game
    shown = _to_own_reveal(t)
    t.step(ms=200 - 3 * t.pass_ms)            # the late hit lands 200 ms after the prompt appeared
    t.press(0, "button")
    assert g.view(None)["phase"] == "reveal", "a press 200 ms after the prompt revealed the order"
    texts = " ".join(t.oled_texts(0))
    assert "look first" in texts, texts
    t.run_until(lambda t: t.t_ms - shown >= LOOK_FIRST_US // 1000 + 50, max_passes=100)
    t.press(0, "button")                      # looked: now the press reveals
    t.step(2)
    assert g.view(None)["phase"] != "reveal", "a press after the guard must reveal"


def test_look_first_leaves_the_oled_once_the_reveal_may_be_pressed(table):
    """Play-test g1o_02: "look first" stayed above "REVEAL!" after the
    look-first time was over, when a press would reveal.  Once the guard
    ends, the line goes."""
    t = table("cha-dango", 2, bots={1}, seed=3)
    shown = _to_own_reveal(t)
    t.step(ms=200 - 3 * t.pass_ms)
    t.press(0, "button")
    assert "look first" in " ".join(t.oled_texts(0))
    t.run_until(lambda t: t.t_ms - shown >= LOOK_FIRST_US // 1000 + 50, max_passes=100)
    t.step()
    texts = " ".join(t.oled_texts(0))
    assert "look first" not in texts and "REVEAL" in texts, texts
