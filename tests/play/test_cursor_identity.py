"""Tester1 (the turn-based games at the window): the seats' cursors follow
the choice, not its index.  Played at the real window loop with keys."""
from __future__ import annotations

import pytest

from engines.registry import is_available

needs_rg = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


def _both_rolled(t) -> bool:
    seats = t.session.game.view(None)["seats"]
    return all(seats[k]["dice"] is not None for k in (0, 1)) and not any(s["claim"] for s in seats)


def _to_last_card(t, seat: int) -> str:
    """``seat`` walks right to the row's last card (the arrows stop at the
    ends: PT61) and returns its id."""
    controls, game = t.session.runtime.controls, t.session.game
    for _ in range(8):
        t.press(seat, "right")
    chosen = controls[seat].shown(game).chosen
    assert chosen["type"] == "claim", chosen
    return chosen["card"]


@needs_rg
def test_retrograde_a_card_taken_under_your_cursor_is_not_swapped_for_another(table):
    """Round 6: the OLED showed "claim card D"; seat 2 took D; Space about
    1.5 s later claimed card B.  Now the OLED says "card D was taken" as
    soon as D goes, the cursor stays on D's place (PT61: the row keeps its
    places), presses there claim nothing (and say so), and the seat claims
    the card it moves to."""
    from firmware.screens.retrograde import card_letters
    t = table("retrograde", 3, bots={2})
    t.run_until(_both_rolled, max_passes=3000)
    d = _to_last_card(t, 0)
    assert any(x.endswith("claim card D") or x == "claim card D" for x in t.oled_texts(0)), t.oled_texts(0)
    assert _to_last_card(t, 1) == d
    t.press(1, "button")                          # seat 2 claims D
    t.run_until(lambda t: t.session.game.view(None)["seats"][1]["claim"] == d, max_passes=300)
    t.step(3)
    assert "card D was taken" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.step(45)                                    # ~1.5 s later, Space
    for _ in range(2):
        t.press(0, "button")
        t.step(30)
        assert t.session.game.view(None)["seats"][0]["claim"] is None, "a press claimed a card the seat did not pick"
        assert "card D was taken" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.press(0, "left")                            # to card C, seen
    t.step(30)
    t.press(0, "button")                          # the card now shown: claimed
    t.run_until(lambda t: t.session.game.view(None)["seats"][0]["claim"] is not None, max_passes=300)
    assert card_letters(t.session.game.view(None))[t.session.game.view(None)["seats"][0]["claim"]] == "C"


def _all_rolled(t) -> bool:
    seats = t.session.game.view(None)["seats"]
    return all(s["dice"] is not None for s in seats) and not any(s["claim"] for s in seats)


@needs_rg
def test_retrograde_a_taken_card_still_guards_the_press_when_stop_begins(table):
    """Play-test (issue 34, shot049 -> shot050): seat 3 took card D from
    under seat 1's cursor; seat 2 then claimed and Stop began for seat 1,
    which dropped the note, and seat 1's next press claimed a card it never
    aimed at.  Now its cursor stays on D's place (PT61), a press there only
    says "card D was taken", and the HDMI lights no card for it; an arrow
    aims as always, and at Stop a claim arms first."""
    t = table("retrograde", 3, bots=set())
    t.run_until(_all_rolled, max_passes=3000)
    game = t.session.game
    controls = t.session.runtime.controls
    d = _to_last_card(t, 0)
    assert _to_last_card(t, 2) == d
    t.press(2, "button")                          # seat 3 takes seat 1's card
    t.run_until(lambda t: t.session.game.view(None)["seats"][2]["claim"] == d, max_passes=300)
    t.step(3)
    assert "was taken" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    shown = controls[0].shown(game).chosen
    assert shown["type"] == "taken" and shown["card"] == d
    t.press(1, "right")
    t.step(25)
    t.press(1, "button")                          # seat 2 claims card A: Stop, seat 1 last
    t.run_until(lambda t: t.session.game.view(None)["phase"] == "stop", max_passes=300)
    t.step(30)
    assert t.session.game.view(None)["stop_seat"] == 0
    assert "claim card" not in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.press(0, "button")
    t.step(10)
    assert t.session.game.view(None)["seats"][0]["claim"] is None, "the press claimed a card the seat never aimed at"
    assert "was taken" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    from firmware.screens.choices import cursor_choices
    lit = cursor_choices(game, t.session.context()).get(0)
    assert lit is None or lit.get("type") != "claim", "the HDMI lights no card for a press that takes none"
    t.press(0, "left")                            # an arrow aims as always
    aimed = controls[0].shown(game).chosen
    assert aimed["type"] == "claim", aimed
    assert "was taken" not in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.step(30)
    t.press(0, "button")                          # the card now shown: at Stop a claim arms first (PT43)
    assert t.session.game.view(None)["seats"][0]["claim"] is None and controls[0].shown(game).armed
    t.press(0, "button")                          # and the second press claims it
    t.run_until(lambda t: t.session.game.view(None)["seats"][0]["claim"] is not None, max_passes=300)
    assert t.session.game.view(None)["seats"][0]["claim"] == aimed["card"]
