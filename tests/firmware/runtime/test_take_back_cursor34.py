"""Issue 34 (fresh play-testers): after a take-back (Left held 1 s) the
seat's cursor stood where it had stood before the hold's Left press, on
one of the choices that came after the choice taken back, so the seat did
not see what it had taken back.  The cursor now stands on the choice just
undone: the seat sees it and may pick again (or step on)."""
from __future__ import annotations

from firmware.screens.choices import choice_key
from firmware.runtime.takeback import TAKE_BACK_HOLD_US

from test_take_back_runtime import hold_left, run_to, seat_one_places_a_guest, session


def test_after_a_take_back_the_cursor_stands_on_the_choice_taken_back(tmp_path):
    s = session(tmp_path)
    rt = s.runtime
    try:
        game = rt.game
        placed = next(a for a in game.legal_actions(0) if a["type"] == "place")
        seat_one_places_a_guest(rt)
        rt.nav(0, 2)                          # the seat looks at another of its next choices first
        run_to(rt, rt.now_us + 300_000)
        assert choice_key(rt.controls[0].shown(game).chosen) != choice_key(placed)
        hold_left(rt, TAKE_BACK_HOLD_US + 100_000)
        assert not game.can_take_back(0), "the placement was not taken back"
        shown = rt.controls[0].shown(game)
        assert choice_key(shown.chosen) == choice_key(placed), (shown.chosen, placed)
        assert s.context()["controls"][0].shown(game).chosen == shown.chosen    # as the screens see it
    finally:
        s.close()
