"""Issue 36: on the Pi 4 twin two presses still took 60-120 ms from the
press to the HDMI's flip, the new screen's parts drawn in the press's own
pass: Cha dango's reveal of the next order (a new card on the table, the
order's words: ~17 drawings made anew, a 6-16 ms paint here, x 4.5) and
the press that closes a Retrograde round's summary (the board behind it
drawn again).  Neither is a race, so between passes the window loop now
draws them ahead too (:mod:`firmware.app.session_ahead`): the reveal
applied to a copy of the game, and the board without the summary.  The
press finds its parts drawn; what it shows is pixel for pixel what it
shows without; the live game never sees it."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US

from .harness import cut_before
from .test_draw_ahead import _drain, _drain_ahead, _frames_both_ways, _live, _press_drawn
from .test_round_summary_first_press import _play_to_summary, _rg_round_2, _summary_up


def _reveal_due(table):
    """Cha dango, seat 1 a person: its turn to reveal the first order, the
    look-first guard over (its press reveals)."""
    t = table("cha-dango", 3, bots={1, 2}, seed=1)
    s = t.session
    t.run_until(lambda t: s.game.view(None)["phase"] == "reveal" and s.game.view(None)["current"] == 0)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 2)
    assert s.game.view(None)["phase"] == "reveal"
    return t


def _summary_standing(table, tmp_path):
    """Retrograde, seat 1 a person: round 1's summary on the HDMI (a press closes it)."""
    journal = cut_before(tmp_path, "retrograde", 2, 1, _rg_round_2, lead=3)
    t = table("retrograde", 2, bots={1}, journal=journal)
    _play_to_summary(t)
    t.step(3)
    assert _summary_up(t)
    return t


def _revealed(t) -> bool:
    return t.session.game.view(None)["phase"] != "reveal"


def _closed(t) -> bool:
    return not _summary_up(t)


def test_drawing_the_reveal_ahead_leaves_the_live_game_as_it_was(table):
    t = _reveal_due(table)
    s = t.session
    painter = s.renderer.painter
    before, drawn = _live(s), painter.drawn_new
    s.after_flip_later = True
    jobs = _drain(s)
    assert s.drawn_ahead is not None and s.drawn_ahead[0] == 0 and "reveal" in s.drawn_ahead[1], s.drawn_ahead
    assert painter.drawn_new >= drawn + 5 and jobs >= 3, (painter.drawn_new - drawn, jobs)
    assert _live(s) == before, "drawing the reveal ahead changed the live game or the runtime"
    assert not s.owes_after_flip and _drain(s) == 0, "the same screen drawn ahead again"


def test_the_reveal_press_finds_its_screen_drawn_ahead(table):
    without = _press_drawn(_reveal_due(table), "button", False, _revealed)
    drawn_ahead = _press_drawn(_reveal_due(table), "button", True, _revealed)
    assert without >= 5, without
    assert drawn_ahead <= without // 4, f"the reveal drew {drawn_ahead} anew after drawing ahead, {without} without"


def test_the_press_that_closes_a_round_summary_finds_the_board_drawn_ahead(table, tmp_path):
    without = _press_drawn(_summary_standing(table, tmp_path / "a"), "right", False, _closed)
    t = _drain_ahead(_summary_standing(table, tmp_path / "b"))
    assert t.session.drawn_ahead[0] == "summary"
    drawn_ahead = _press_drawn(t, "right", True, _closed)
    assert without >= 5, without
    assert drawn_ahead <= without // 4, f"the close drew {drawn_ahead} anew after drawing ahead, {without} without"


def test_the_screens_after_a_reveal_drawn_ahead_are_those_drawn_without(table, monkeypatch):
    tables = [_reveal_due(table), _reveal_due(table)]
    _frames_both_ways(tables, "button", monkeypatch)
    assert all(_revealed(t) for t in tables)


def test_the_board_after_a_summary_closed_drawn_ahead_is_the_one_drawn_without(table, tmp_path, monkeypatch):
    tables = [_summary_standing(table, tmp_path / "a"), _summary_standing(table, tmp_path / "b")]
    _frames_both_ways(tables, "right", monkeypatch)
    assert all(_closed(t) for t in tables)
