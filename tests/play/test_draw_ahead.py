"""Issue 36: on the Pi 4 twin Ginza's confirming presses that draw a whole
new screen (the player card, the draft's last bonus card) took 75-130 ms
from the press to the HDMI's flip: the new screen's scene built and its
parts drawn in the press's own pass.  Between passes, while a person's
choice is armed ("press again to confirm"), the window loop now builds
the screen the confirm would show on a copy of the game and draws its
parts into the painter's caches (:mod:`firmware.app.session_ahead`): the
live game never sees it, the confirming press finds its parts drawn, and
what it shows is pixel for pixel what it shows without."""
from __future__ import annotations

import json
import types

import pygame

from firmware.rulings import LOOK_FIRST_US


def _armed(table, seed: int = 1):
    """Ginza, seat 1 a person, the bots' player cards chosen: seat 1's card
    armed (its first press), the confirm to come reveals every card."""
    t = table("ginza", 4, bots={1, 2, 3}, seed=seed)
    s = t.session
    t.run_until(lambda t: t.has_choice(0))
    t.run_until(lambda t: all(p["card"] is not None for p in s.game.st["players"][1:]), ms=100)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    assert s.runtime.controls[0].armed is not None and s.game.st["players"][0]["card"] is None
    return t


def _drain(s) -> int:
    """The work owed after the flip, a job at a time (as the window loop does
    between passes); the jobs it took."""
    jobs = 0
    while s.work_after_flip():
        jobs += 1
        assert jobs < 200, "the owed work never ends"
    return jobs


def _live(s) -> tuple:
    rt = s.runtime
    return (json.dumps(s.game.to_json(), sort_keys=True), len(s.writer.path.read_text().splitlines()),
            list(rt.events), list(rt.log), list(rt.new_events), rt.stats.actions, repr(rt.controls),
            dict(rt.prompts), rt.dirty, len(s.sounds.captions.shown(rt.now_us)) if s.sounds else None)


def _drain_ahead(t):
    """Let ``t``'s session draw ahead as the window loop does between
    passes (its owed work drained) and check that the live game and the
    runtime are as they were; returns ``t``."""
    before = _live(t.session)
    t.session.after_flip_later = True
    _drain(t.session)
    assert _live(t.session) == before, "drawing ahead changed the live game or the runtime"
    return t


def test_drawing_ahead_leaves_the_live_game_as_it_was(table):
    t = _armed(table)
    s = t.session
    painter = s.renderer.painter
    drawn = painter.drawn_new
    s.finish_after_flip()                       # outside the window loop's run: nothing drawn ahead
    assert painter.drawn_new == drawn and not s.owes_after_flip
    before = _live(s)
    s.after_flip_later = True                   # as LiveLoop.run runs the loop
    jobs = _drain(s)
    assert s.drawn_ahead == (0, s.runtime.controls[0].armed, s.runtime.stats.actions)
    assert painter.drawn_new >= drawn + 10, f"{painter.drawn_new - drawn} drawings made ahead in {jobs} jobs"
    assert jobs >= 3, "the screen ahead was built and drawn in one job: a press would wait for all of it"
    assert _live(s) == before, "drawing ahead changed the live game or the runtime"
    assert not s.owes_after_flip and _drain(s) == 0, "the same screen drawn ahead again"


def _press_drawn(t, control: str, ahead: bool, done) -> int:
    """Seat 1 presses ``control`` (the screen ahead drawn first when
    ``ahead``), and ``done(t)`` holds after it; the drawings the HDMI's
    paint made anew in the passes of the press."""
    s = t.session
    if ahead:
        s.after_flip_later = True
        _drain(s)
        s.after_flip_later = False
    painter = s.renderer.painter
    new = [0]
    draw = s._draw_hdmi

    def counted(*a, **k):
        before = painter.drawn_new
        draw(*a, **k)
        new[0] += painter.drawn_new - before
    s._draw_hdmi = counted
    t.press(0, control)
    s._draw_hdmi = draw
    assert done(t), "the press did not do what it should"
    return new[0]


def _confirm_drawn(t, ahead: bool) -> int:
    """Seat 1 confirms its armed card (the screen drawn ahead first when
    ``ahead``); the drawings the HDMI's paint made anew in the press."""
    s = t.session
    actions = s.runtime.stats.actions
    return _press_drawn(t, "button", ahead,
                        lambda t: s.game.st["players"][0]["card"] is not None and s.runtime.stats.actions > actions)


def test_the_confirming_press_finds_the_screen_drawn_ahead(table):
    without = _confirm_drawn(_armed(table), ahead=False)
    drawn_ahead = _confirm_drawn(_armed(table), ahead=True)
    assert without >= 10, without
    assert drawn_ahead <= without // 4, f"the confirm drew {drawn_ahead} anew after drawing ahead, {without} without"


def _frames_both_ways(tables, control: str, monkeypatch) -> list[list[bytes]]:
    """The HDMI's frames of the two tables (the second drawing ahead
    between passes) from before seat 1's press of ``control`` to 24 passes
    after it, the animations on the loop's clock."""
    import firmware.app.session as session_mod
    clock = types.SimpleNamespace(table=None)
    clock.monotonic = lambda: clock.table.t_ms / 1000
    monkeypatch.setattr(session_mod, "time", clock)
    frames: list[list[bytes]] = [[], []]
    for k, t in enumerate(tables):
        s = t.session
        clock.table = t
        s.after_flip_later = k == 1
        if k == 1:
            _drain(s)
        key = t.key_code(0, control)
        frames[k].append(pygame.image.tobytes(s.renderer.surface, "RGB"))
        for n in range(24):
            if n in (0, 3):
                t.post(key, n == 0)
            t.step()
            if k == 1:
                _drain(s)
            frames[k].append(pygame.image.tobytes(s.renderer.surface, "RGB"))
    assert tables[1].session.drawn_ahead is not None
    for n, (a, b) in enumerate(zip(*frames)):
        assert a == b, f"frame {n} after the press differs when drawn ahead"
    assert len(set(frames[0])) >= 2, "the press did not change the screen"
    return frames


def test_the_screens_after_a_confirm_drawn_ahead_are_those_drawn_without(table, monkeypatch):
    tables = [_armed(table), _armed(table)]
    _frames_both_ways(tables, "button", monkeypatch)
    assert all(t.session.game.st["players"][0]["card"] is not None for t in tables)


