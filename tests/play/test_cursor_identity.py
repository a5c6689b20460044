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
