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

import types

import pytest

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


def _closing_painted(t, close) -> tuple[float, int]:
    """The summary standing on ``t`` (drawn ahead between passes), ``close(t)``
    closes it; for the pass that shows the board again: (the share of the
    screen the painter painted, the frames drawn ahead it copied)."""
    s = t.session
    painter = s.renderer.painter
    boxes_fn, boxes = painter._moving_boxes, []

    def boxed(*a):
        boxes.append(boxes_fn(*a))
        return boxes[-1]
    painter._moving_boxes = boxed
    draw, got = s._draw_hdmi, []

    def counted(model, key):
        boxes.clear()
        shown = painter.frames_ahead_shown
        draw(model, key)
        if not got and not _summary_up(t):
            w, h = s.renderer.surface.get_size()
            share = 1.0 if not boxes or boxes[-1] is None else sum(r.w * r.h for r in boxes[-1]) / (w * h)
            got.append((share, painter.frames_ahead_shown - shown))
    s._draw_hdmi = counted
    close(t)
    s._draw_hdmi = draw
    del painter._moving_boxes
    assert got, "the summary did not close"
    return got[0]


@pytest.mark.parametrize("how", ["press", "timer"])
def test_the_summarys_close_copies_the_board_drawn_ahead_and_paints_only_what_comes_in(table, tmp_path, how,
                                                                                        monkeypatch):
    """Issue 36: the board the summary's close shows animates (its seats'
    top rows and the 3-2-1 grow in), so its pass repainted the whole
    screen, though the board at rest was composed ahead (Retrograde's
    slowest presses on the Pi 4 twin).  Now that frame is copied and only
    where what comes in is drawn, and lands, is painted."""
    import firmware.app.session as session_mod
    t = _summary_standing(table, tmp_path)
    monkeypatch.setattr(session_mod, "time", types.SimpleNamespace(monotonic=lambda: t.t_ms / 1000))
    t.step()                    # (the clock the animations run on from here)
    _drain_ahead(t)
    assert t.session.drawn_ahead[0] == "summary"
    s = t.session

    def close(t):
        if how == "press":
            t.press(0, "right")
            return
        for _ in range(2000):
            if not _summary_up(t):
                return
            t.step()
            s.after_flip_later = True
            _drain(s)
            s.after_flip_later = False
    share, copied = _closing_painted(t, close)
    assert copied == 1, "the close did not copy the board drawn ahead"
    assert share <= 0.5, f"the close painted {share:.0%} of the screen"


def test_the_summarys_close_copied_and_painted_in_boxes_is_the_whole_repaint(table, tmp_path, monkeypatch):
    """The close's frames (the board drawn ahead copied, then only the
    growing rows' and the 3-2-1's places painted, frame after frame) are
    pixel for pixel those of whole repaints, nothing drawn ahead."""
    import pygame

    import firmware.app.session as session_mod
    import firmware.ui.paint as paint
    tables = [_summary_standing(table, tmp_path / "a"), _summary_standing(table, tmp_path / "b")]
    clock = types.SimpleNamespace(table=None)
    clock.monotonic = lambda: clock.table.t_ms / 1000
    monkeypatch.setattr(session_mod, "time", clock)
    frames: list[list[bytes]] = [[], []]
    for k, clip in enumerate((False, True)):
        t = tables[k]
        s = t.session
        clock.table = t
        monkeypatch.setattr(paint, "CLIP_ANIMATIONS", clip)
        t.step()
        if clip:
            _drain_ahead(t)
        key = t.key_code(0, "right")
        for n in range(16):
            if n in (0, 3):
                t.post(key, n == 0)
            t.step()
            if clip:
                s.after_flip_later = True
                _drain(s)
                s.after_flip_later = False
            frames[k].append(pygame.image.tobytes(s.renderer.surface, "RGB"))
    assert len(set(frames[0])) >= 5, "the close did not animate"
    for n, (a, b) in enumerate(zip(*frames)):
        assert a == b, f"frame {n} of the close differs from the whole repaint's"
