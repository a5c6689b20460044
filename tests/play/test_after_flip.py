"""Issue 36: a pass does before the HDMI's flip only what the flip needs
(the pressing seat's OLED frame, the HDMI scene, its paint); the rest of
a render (the bots' questions, the other seats' OLED frames, the window's
seat panels) is owed and done between passes, a job at a time, so a
person's press never waits for six seats' frames; and a press that
comes while the pass's step works is taken before the pass draws."""
from __future__ import annotations

import time

from firmware.screens.draw import oled_frame


def _logged(t) -> list:
    """Log the HDMI's flips and the OLED frames handed to their writer."""
    s = t.session
    log: list = []
    flip, submit = s.renderer.present_hdmi, s.oled_writer.submit

    def logged_flip(*a, **k):
        log.append("flip")
        return flip(*a, **k)

    def logged_submit(seat, *a, **k):
        log.append(("oled", seat))
        return submit(seat, *a, **k)
    s.renderer.present_hdmi = logged_flip
    s.oled_writer.submit = logged_submit
    return log


def _every_frame_new(t) -> None:
    """Forget the frames shown: the next render sends every seat's frame."""
    s = t.session
    s._oled_shown = [None] * s.game.num_players
    s.window_dirty = True


def test_a_pass_flips_the_hdmi_before_the_other_seats_frames_which_are_built_between_passes(table):
    t = table("cha-dango", 4, bots={2, 3}, seed=3)
    t.step(3)
    s = t.session
    s.after_flip_later = True                 # as LiveLoop.run runs the loop
    log = _logged(t)
    _every_frame_new(t)
    t.post(t.key_code(0, "right"), True)      # seat 1 moves its cursor
    t.step()
    assert log[:2] == [("oled", 0), "flip"], f"the pressing seat's frame, then the flip: {log}"
    assert set(log) == {("oled", 0), "flip"}, f"no other seat's frame before the pass ended: {log}"
    assert s.owes_after_flip
    jobs = 0
    while s.work_after_flip():
        jobs += 1       # (seat 1's reveal is due: its screen is drawn ahead too, ~15 jobs)
        assert jobs < 60, "the owed work never ends"
    assert {e for e in log if e != "flip"} == {("oled", seat) for seat in range(4)}, log
    for seat in range(4):                     # each frame is the one a render now builds
        want = oled_frame(s.game, seat, s.runtime.controls[seat], s.context()).image
        assert s.oled_images[seat].tobytes() == want.tobytes(), f"seat {seat + 1}'s frame is stale"
    t.post(t.key_code(0, "right"), False)
    t.step()


def test_the_loop_does_the_owed_work_between_passes_but_a_press_goes_first(table):
    """LiveLoop.run: with no press the owed frames are all built before
    the next pass; a person's press starts its pass with frames still owed."""
    t = table("cha-dango", 4, bots={2, 3}, seed=3)
    t.step(3)
    s = t.session
    s.cfg["cabinet"]["fps"] = 4               # 250 ms a pass: time to spare between passes
    loop = s.live()                           # the loop on the real clock
    owed_at_start: list[bool] = []
    orig = loop.step
    key = t.key_code(0, "button")

    def step() -> bool:
        owed_at_start.append(s.owes_after_flip)
        if len(owed_at_start) in (1, 3):
            _every_frame_new(t)               # this pass sends every seat's frame
        alive = orig()
        if len(owed_at_start) == 3:
            t.post(key, True)                 # pressed as the third pass ends
        return alive and len(owed_at_start) < 4
    loop.step = step
    started = time.monotonic()
    loop.run()
    assert time.monotonic() - started < 5
    assert owed_at_start[1] is False, "the frames owed by the first pass were not built before the second"
    assert owed_at_start[3] is True, "the pass after a press waited for the other seats' frames"
    assert not s.owes_after_flip, "the loop's end left work owed"
    t.post(key, False)


def test_a_press_that_comes_while_the_step_works_is_taken_before_the_pass_draws(table):
    t = table("cha-dango", 3, bots={2}, seed=3)
    t.step(3)
    s = t.session
    rt = s.runtime
    handled: list = []
    log: list = []
    render = s.render

    def logged_render(*a, **k):
        log.append("render")
        return render(*a, **k)
    s.render = logged_render
    orig_step, orig_handle = rt.step, rt.handle_input
    key = t.key_code(0, "right")
    posted = []

    def step(t_us: int) -> None:
        orig_step(t_us)
        if not posted:
            posted.append(t.loop.passes)
            t.post(key, True)                 # seat 1 presses while the pass's step works
    rt.step = step

    def handle(ev) -> None:
        if ev.seat == 0 and ev.kind == "press":
            handled.append((t.loop.passes, len(log)))
        orig_handle(ev)
    rt.handle_input = handle
    t.step()
    assert handled, "the press was not handled in the pass it came in"
    assert handled[0][0] == posted[0]
    assert handled[0][1] == 0 and log, f"the pass drew before it took the press: {handled}, {log}"
    t.post(key, False)
    t.step(2)


def test_on_the_twin_a_bots_question_is_asked_after_the_step(table):
    """A bot's decision is asked on a copy of the game after the pass's
    step (after the flip, in the loop's work between passes), never in
    the step, so the copy and the thinking do not hold up the flip."""
    t = table("cha-dango", 3, bots={0, 1, 2}, seed=4, twin="pi4")
    rt = t.session.runtime
    assert rt.thinker is not None
    where: list[str] = []
    in_step = [False]
    orig_step, orig_submit = rt.step, rt.thinker.submit

    def step(t_us: int) -> None:
        in_step[0] = True
        try:
            orig_step(t_us)
        finally:
            in_step[0] = False
    rt.step = step

    def submit(job) -> None:
        where.append("step" if in_step[0] else "after")
        orig_submit(job)
    rt.thinker.submit = submit
    t.step(120, ms=50)
    assert where, "no bot was asked anything"
    assert set(where) == {"after"}, f"questions asked in the step: {where.count('step')} of {len(where)}"


import pytest  # noqa: E402


@pytest.mark.parametrize("game_id", ["ginza", "retrograde", "cha-dango"])
def test_a_render_asks_the_engine_for_each_seats_choices_once(table, game_id):
    """The HDMI's cursors, a seat's mat and its OLED frame all show the
    seat's choices: they are worked out once a render (they were two to
    three times, each at a Pi 4's speed)."""
    import collections
    t = table(game_id, 4, bots={1, 2, 3}, seed=2)
    t.step(5)
    s = t.session
    calls: collections.Counter = collections.Counter()
    orig = s.game.legal_actions

    def legal_actions(player):
        calls[player] += 1
        return orig(player)
    s.game.legal_actions = legal_actions
    most = 0
    for _ in range(150):                      # (Retrograde's claims come after ~8 s)
        calls.clear()
        s.window_dirty = True
        s.scenes.forget()                     # every scene built again
        s.render()
        most = max(most, max(calls.values(), default=0))
        t.step(ms=100)
    assert most == 1, f"a seat's legal actions were asked {most} times in one render"
