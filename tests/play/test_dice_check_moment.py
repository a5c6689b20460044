"""A person's press around the moment the dice check appears always shows
something (issue 34, the fresh play-test of Ginza seed 3: a press just
before the check appeared did nothing visible), and the check's time grows
with the dice to read, its seconds shown (ruling CAB-6)."""
from __future__ import annotations

from firmware.runtime.dice_table import COMMON

ROLLING = "dice still rolling"


def _to_rolling(t):
    """Seat 1 plays its player card (arm, confirm) until its dice roll."""
    s = t.session
    for i in range(400):
        t.step()
        if 0 in s.dice.serving and 0 not in s.dice.held:
            return
        if i % 40 == 39:
            t.press(0, "button")
    raise AssertionError("no dice asked")


def _checking(t) -> int | None:
    """The tray whose check seat 1's OLED shows (its own, or the common dice)."""
    return t.session.dice.tray_of(0, t.session.runtime.bots)


def _held_at(table) -> int:
    """When (the loop's clock, ms) seat 1's first check shows in a fresh
    Ginza seed 3 (the table's clock is the test's: the same each run)."""
    t = table("ginza", 3, bots={1, 2}, seed=3)
    _to_rolling(t)
    t.run_until(lambda t: _checking(t) is not None, max_passes=600)
    at = t.t_ms
    t.close()
    return at


def test_a_press_while_the_dice_roll_says_so(table):
    t = table("ginza", 3, bots={1, 2}, seed=3)
    s = t.session
    _to_rolling(t)
    assert 0 in s.dice.serving and 0 not in s.dice.held and COMMON not in s.dice.held
    t.press(0, "button")
    texts = " ".join(t.oled_texts(0))
    assert ROLLING in texts, texts
    t.step(40)                                   # a word in passing
    assert ROLLING not in " ".join(t.oled_texts(0))


def test_a_press_just_before_the_check_appeared_says_why_it_took_nothing(table):
    """The play-test's moment: the press is read 5 ms before the pass that
    shows the first check (the common dice, in seed 3); it was made on
    "roll your dice", so it accepts nothing, and the check that appears
    with it says so instead of "press: dice ok" for a moment."""
    at = _held_at(table)
    t = table("ginza", 3, bots={1, 2}, seed=3)
    s = t.session
    _to_rolling(t)
    t.run_until(lambda t: t.t_ms >= at - t.pass_ms, max_passes=600)
    assert _checking(t) is None
    key = t.key_code(0, "button")
    t.post(key, True)
    t.wait(t.pass_ms - 5)                         # read 5 ms before the pass that shows the check
    t.step(ms=5)
    tray = _checking(t)
    assert tray is not None, "the check shows in this pass"
    t.step(2)
    t.post(key, False)
    t.step(2)
    assert tray in s.dice.held, "a press made before the check was shown accepted it"
    texts = " ".join(t.oled_texts(0))
    assert "too soon" in texts, texts
    t.step(60)                                    # later the check is as ever
    texts = " ".join(t.oled_texts(0))
    assert "too soon" not in texts and "press: dice ok" in texts, texts
    shown = _checking(t)
    t.press(0, "button")
    t.step(2)
    assert shown not in s.dice.held               # a press on the check shown: dice ok


def test_the_check_of_five_dice_is_longer_and_shows_its_seconds(table):
    from firmware.rulings import check_window_us
    assert check_window_us(4000, 2) == 4_000_000 and check_window_us(4000, 5) == 5_500_000
    assert check_window_us(0, 5) == 0, "0 turns the check off"
    t = table("ginza", 3, bots={1, 2}, seed=3)
    s = t.session
    _to_rolling(t)
    t.run_until(lambda t: 0 in s.dice.held, max_passes=600)
    state = s._readings()[0]
    assert len(state["values"]) == 5 and state["window_ms"] == 5500, state
    texts = " ".join(t.oled_texts(0))
    assert "6 s" in texts, texts                  # 5.5 s left, whole seconds rounded up
    t.step(ms=2000)
    assert "4 s" in " ".join(t.oled_texts(0))
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=400)
    assert t.t_ms >= 5400, "the window ran out early"
