"""Tester1 (the turn-based games at the window): the seats' cursors follow
the choice, not its index.  Played at the real window loop with keys."""
from __future__ import annotations

import pytest

from engines.registry import is_available

needs_rg = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


def _both_rolled(t) -> bool:
    seats = t.session.game.view(None)["seats"]
    return all(seats[k]["dice"] is not None for k in (0, 1)) and not any(s["claim"] for s in seats)


@needs_rg
def test_retrograde_a_card_taken_under_your_cursor_is_not_swapped_for_another(table):
    """Round 6: Left showed "claim card D"; seat 2 took D; Space about
    1.5 s later claimed card B.  Now the OLED says "card D was taken" as
    soon as D goes, the press claims nothing (and says so), and only the
    next press claims the card then shown."""
    from firmware.screens.retrograde import card_letters
    t = table("retrograde", 3, bots={2})
    t.run_until(_both_rolled, max_passes=3000)
    game = t.session.game
    t.press(0, "left")
    assert any(x.endswith("claim card D") or x == "claim card D" for x in t.oled_texts(0)), t.oled_texts(0)
    d = t.session.runtime.controls[0].shown(game).chosen["card"]
    t.press(1, "left")
    t.press(1, "button")                          # seat 2 claims D
    t.run_until(lambda t: t.session.game.view(None)["seats"][1]["claim"] == d, max_passes=300)
    t.step(3)
    assert "card D was taken" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.step(45)                                    # ~1.5 s later, Space
    t.press(0, "button")
    t.step(30)
    seats = t.session.game.view(None)["seats"]
    assert seats[0]["claim"] is None, "the press claimed a card the seat did not pick"
    assert "card D was taken" in " ".join(t.oled_texts(0))
    t.press(0, "button")                          # the card now shown: claimed
    t.run_until(lambda t: t.session.game.view(None)["seats"][0]["claim"] is not None, max_passes=300)
    assert card_letters(t.session.game.view(None))[t.session.game.view(None)["seats"][0]["claim"]] != "D"


def _all_rolled(t) -> bool:
    seats = t.session.game.view(None)["seats"]
    return all(s["dice"] is not None for s in seats) and not any(s["claim"] for s in seats)


@needs_rg
def test_retrograde_a_taken_card_still_guards_the_press_when_stop_begins(table):
    """Play-test (issue 34, shot049 -> shot050): seat 3 took card B from
    under seat 1's cursor ("card B was taken", the choice line "claim card
    C"); seat 2 then claimed and Stop began for seat 1, which dropped the
    note, and seat 1's next press claimed C, a card it never aimed at.
    Now that press only says "card B was taken" again and lights where the
    cursor is; the press after it (or an arrow) aims as always."""
    t = table("retrograde", 3, bots=set())
    t.run_until(_all_rolled, max_passes=3000)
    game = t.session.game
    controls = t.session.runtime.controls
    t.press(0, "left")
    d = controls[0].shown(game).chosen["card"]
    t.press(2, "left")
    assert controls[2].shown(game).chosen["card"] == d
    t.press(2, "button")                          # seat 3 takes seat 1's card
    t.run_until(lambda t: t.session.game.view(None)["seats"][2]["claim"] == d, max_passes=300)
    t.step(3)
    assert "was taken" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    shown = controls[0].shown(game).chosen
    assert shown["type"] == "claim" and shown["card"] != d
    t.press(1, "right")
    t.step(25)
    if controls[1].shown(game).chosen.get("type") != "claim":
        t.press(1, "right")
        t.step(25)
    t.press(1, "button")                          # seat 2 claims another card: Stop, seat 1 last
    t.run_until(lambda t: t.session.game.view(None)["phase"] == "stop", max_passes=300)
    t.step(30)
    assert t.session.game.view(None)["stop_seat"] == 0
    guarded = " ".join(t.oled_texts(0))          # issue 34 (r05-r07): the OLED promised "claim card B"
    assert "was taken" in guarded and "press to see, or aim" in guarded, t.oled_texts(0)
    assert "claim card" not in guarded, t.oled_texts(0)
    t.press(0, "button")
    t.step(10)
    assert t.session.game.view(None)["seats"][0]["claim"] is None, "the press claimed a card the seat never aimed at"
    assert "was taken" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    from firmware.screens.choices import cursor_choices
    aimed = cursor_choices(game, t.session.context()).get(0)
    assert aimed is not None, "the HDMI lights where the cursor is now"
    t.press(0, "right")
    t.press(0, "left")                            # an arrow aims as always; the note has been read
    assert "was taken" not in " ".join(t.oled_texts(0)), t.oled_texts(0)
    assert controls[0].shown(game).chosen == aimed
    t.press(0, "button")                          # the card now shown: at Stop a claim arms first (PT43)
    assert t.session.game.view(None)["seats"][0]["claim"] is None and controls[0].shown(game).armed
    t.press(0, "button")                          # and the second press claims it
    t.run_until(lambda t: t.session.game.view(None)["seats"][0]["claim"] is not None, max_passes=300)
