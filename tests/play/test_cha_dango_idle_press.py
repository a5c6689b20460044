"""Cha dango in the window: every press between races shows what it did
(issue 34, "Played as people play" again, L2_01-L2_03: a press during the
result, more than a second after the race was decided, showed nothing on
the seat's OLED, which stayed on "Seat 3 reveals").  A press that hits
nothing and reveals nothing says why: "next order in N s" while the
result stays (ruling CAB-7), "wait: Seat 2 reveals" once it may be
revealed, "reveal in N s" for the revealer; it never counts in the next
race (rulings CD-12, CAB-7)."""
from __future__ import annotations

from harness import differs
from test_cha_dango_helpers import oled_words, open_first_race, table_view


def _press_told(t, seat):
    """``seat`` presses its button; returns its OLED's words before and
    after (the frame drawn in the window must change)."""
    before, shot = oled_words(t, seat), t.window_oled(seat)
    t.press(seat, "button")
    t.step(2, ms=30)
    after = oled_words(t, seat)
    assert differs(shot, t.window_oled(seat)), f"seat {seat + 1}'s press showed nothing: {after}"
    return before, after


def test_cd12_a_press_in_the_result_window_says_what_it_did(table):
    t = table("cha-dango", players=2, seed=3)
    rt = t.session.runtime
    open_first_race(t)                                     # seat 1 reveals; nobody answers
    timeout_us = table_view(t)["race"]["timeout_at_us"]
    t.run_until(lambda t: table_view(t)["phase"] == "reveal", max_passes=400, ms=50)
    t.run_until(lambda t: rt.now_us >= timeout_us + 2_300_000, max_passes=400, ms=50)  # past "too late"
    held = rt.not_before.get("reveal", -1)
    assert rt.now_us < held - 300_000, "the result's pause should still run"
    _, after = _press_told(t, 0)                           # seat 1 (seat 2 reveals next)
    assert "next order in" in after and "too late" not in after, after
    _, after = _press_told(t, 1)                           # seat 2, the revealer, before it may reveal
    assert "wait: reveal in" in after and "look first" not in after and table_view(t)["phase"] == "reveal", after
    t.run_until(lambda t: rt.now_us >= held + 2_500_000, max_passes=400, ms=50)   # the pause is over
    t.step(30, ms=50)                                      # (a notice said before has gone)
    _, after = _press_told(t, 0)
    assert "wait: Seat 2 reveals" in after, after
    t.step(20, ms=50)
    t.press(1, "button")                                   # seat 2 reveals
    t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=200)
    t.step(4, ms=30)
    assert table_view(t)["race"]["answers"][0] is None, "a press between races counted in the next race"


def test_cd10_a_press_while_another_seat_chooses_its_vp_card_says_who():
    """Between races a seat that owes no VP card presses while another
    chooses (ruling CD-10): "wait: Seat 1 chooses"; the chooser's own
    press chooses (no words here)."""
    from test_cha_dango_helpers import CARDS, wrong_hit_then_sips
    from firmware.screens.cha_dango import idle_press
    vp = [c.id for c in CARDS if c.start][:2]
    g, _ = wrong_hit_then_sips(3, hitter_vp=vp)
    assert g.phase == "place_vp" and g.owed[0] == 1
    assert idle_press(g, 1, g.now_us(), {}) == "wait: Seat 1 chooses"
    assert idle_press(g, 0, g.now_us(), {}) is None
