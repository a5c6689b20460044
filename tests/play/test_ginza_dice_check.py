"""A person's dice check in Ginza lasts long enough to be made (ruling
CAB-6; play-test of Ginza seed 3, seat 1 a person against a bot: the
reading accepted itself 1-1.5 s after it appeared, before the seat could
compare its tray with the five dice drawn and hold its button), and the
common dice's check does not run out behind the seat's own."""
from __future__ import annotations

from firmware.runtime.dice_table import COMMON

#: What a person needs to check five dice: look down at the OLED, compare
#: each die with the tray (a look or two each), decide, press, ms.
PERSON_CHECK_MS = 3000


def _to_first_dice(t):
    """Seat 1 chooses its player card (arm, confirm) until its dice are asked."""
    s = t.session
    for i in range(400):
        t.step()
        if s.dice.held or s.dice.serving:
            return
        if i % 40 == 39:
            t.press(0, "button")
    raise AssertionError("no dice asked")


def test_ginza_a_persons_dice_check_stays_for_its_window_and_the_bar_matches(table):
    t = table("ginza", 2, bots={1}, seed=3)
    s = t.session
    _to_first_dice(t)
    t.run_until(lambda t: 0 in s.dice.held, max_passes=600)
    shown = t.t_ms
    window = s._readings()[0]["window_ms"]
    assert window >= PERSON_CHECK_MS, f"a {window} ms check cannot be made by a person"
    t.run_until(lambda t: t.t_ms - shown >= PERSON_CHECK_MS - 100 or 0 not in s.dice.held, max_passes=400)
    assert 0 in s.dice.held, f"accepted by itself {t.t_ms - shown} ms after it appeared"
    left = s._readings()[0]["left_ms"]
    assert abs(left - (window - (t.t_ms - shown))) <= 2 * t.pass_ms, (left, window, t.t_ms - shown)
    assert "press: dice ok" in " ".join(t.oled_texts(0))


def test_ginza_the_common_dice_check_waits_while_the_seats_own_is_shown(table):
    """Setup: the seat's five red dice and the three common dice are read
    together; its OLED shows its own reading first: the common reading's
    window starts only when the OLED shows it."""
    t = table("ginza", 2, bots={1}, seed=3)
    s = t.session
    _to_first_dice(t)
    t.run_until(lambda t: 0 in s.dice.held and COMMON in s.dice.held, max_passes=600)
    t.step(30)                                    # the seat looks at its own dice for a second
    assert 0 in s.dice.held and COMMON in s.dice.held
    t.press(0, "button")                          # dice ok
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=20)
    assert COMMON in s.dice.held, "the common dice were accepted unseen"
    t.step()
    state = s._readings()[COMMON]
    assert "common dice" in " ".join(t.oled_texts(0))
    assert state["left_ms"] >= state["window_ms"] - 5 * t.pass_ms, state     # (its window began as it showed)
