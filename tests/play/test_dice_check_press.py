"""The press that answers a dice check is the check's, never also a
choice (ruling CAB-6; the play-test of Retrograde seed 1: the seat saw
"press: dice ok" with the window's bar nearly empty, pressed, the window
had just run out and the same press rerolled its dice)."""
from __future__ import annotations

import json

from firmware.rulings import LATE_OK_US, LOOK_FIRST_US


def _journal(t) -> list[dict]:
    return [json.loads(line) for line in (t.session.writer.path).read_text().splitlines()[1:]]


def _rerolls(t, seat: int) -> int:
    return sum(1 for a in _journal(t) if a.get("type") == "reroll" and a.get("player") == seat)


def test_a_press_just_after_the_check_window_ran_out_does_not_reroll(table):
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=200)     # nobody pressed: accepted
    dice = list(s.game.view(0)["seats"][0]["dice"])
    assert _rerolls(t, 0) == 0
    t.press(0, "button")                   # the "dice ok" press, a moment late
    t.step(5)
    assert _rerolls(t, 0) == 0 and s.game.view(0)["seats"][0]["dice"] == dice
    assert "dice ok" in " ".join(t.oled_texts(0))
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    assert "dice ok" not in " ".join(t.oled_texts(0)), "a word in passing, not kept over the game's frame"
    t.press(0, "button")                   # later, the button is the seat's again: its reroll arms
    t.step(5)
    assert _rerolls(t, 0) == 0
    t.press(0, "button")                   # and the second press rerolls (ruling RG-15)
    t.step(5)
    assert _rerolls(t, 0) == 1


def _reroll_held(t):
    """Seat 1 checks a reroll: its earlier dice are in the game, the new
    reading is held."""
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)        # looked at the dice (CAB-12)
    t.press(0, "button")                                  # dice ok
    t.run_until(lambda t: 0 not in s.dice.held and s.game.view(0)["seats"][0]["dice"] is not None,
                max_passes=100)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    t.press(0, "button")                                  # the cursor is on "reroll": armed,
    t.press(0, "button")                                  # and rerolled (ruling RG-15)
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    return list(s.game.view(0)["seats"][0]["dice"]), list(s.dice.held[0]["values"])


def test_the_shared_screen_shows_the_reading_under_check_not_the_old_dice(table):
    t = table("retrograde", 3, bots={1, 2})
    old, held = _reroll_held(t)
    scene = t.scene()
    assert scene.facts.get("held", {}).get(0) == held
    drawn = sorted((n.key, n.props.get("value")) for n in scene.nodes if n.key
                   and str(n.key).startswith(("die:0:", "held:0:")))
    assert [k.split(":")[0] for k, _ in drawn] == ["held"] * len(held), (old, drawn)
    assert [v for _, v in drawn] == held
