"""Issue 36: on the Pi 4 twin Retrograde's slowest presses (p99 59 ms
against 50) were those of a pass that ended a round: the round's last
blast step (a person's confirm, or a bot's landing in the pass of a
person's press) shows the round's summary over the whole board, every
seat's sheet and banner drawn anew (~10-16 drawings).  The screen a
person's armed choice would show was drawn ahead between passes, but a
blast plan (its steps applied by the runtime one by one) was refused on
the game's copy, the summary the timers then show was not in it, and a
bot's armed choice was not drawn ahead at all.  Now the plan's steps are
applied to the copy, a round's end drawn ahead with its summary, and a
bot's armed choice (its confirm comes at the pace people follow) drawn
ahead too.  What the screen shows is pixel for pixel what it shows
without; the live game never sees it."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US

from .harness import cut_before
from .test_draw_ahead import _drain, _drain_ahead, _frames_both_ways, _live, _press_drawn


def _last_blast(game) -> bool:
    """Seat 1's blast turn starts, the round's last."""
    st = game.s
    return (st["phase"] == "blast" and st["turn"] is not None and st["turn"]["seat"] == 0
            and st["blast_order"][-1] == 0 and not st["turn"]["cells"])


def _summary_up(t) -> bool:
    return t.session.summary_shown() is not None


def _last_plan_armed(table, tmp_path):
    """Retrograde, 2 seats, seat 1 a person: the round's last blast turn,
    seat 1's best plan (its trophy ends the turn) armed."""
    t = table("retrograde", 2, bots={1}, journal=cut_before(tmp_path, "retrograde", 2, 1, _last_blast))
    s = t.session
    t.run_until(lambda t: t.has_choice(0), max_passes=400)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    armed = s.runtime.controls[0].armed
    assert armed is not None and "plan" in armed, armed
    assert not _summary_up(t)
    return t


def test_the_last_blast_plans_press_finds_the_rounds_summary_drawn_ahead(table, tmp_path):
    without = _press_drawn(_last_plan_armed(table, tmp_path / "a"), "button", False, _summary_up)
    t = _drain_ahead(_last_plan_armed(table, tmp_path / "b"))
    assert t.session.drawn_ahead[0] == 0 and "plan" in t.session.drawn_ahead[1]
    drawn_ahead = _press_drawn(t, "button", True, _summary_up)
    assert without >= 5, without
    assert drawn_ahead <= without // 4, f"the last blast drew {drawn_ahead} anew after drawing ahead, {without} without"


def test_the_rounds_summary_after_a_plan_drawn_ahead_is_the_one_drawn_without(table, tmp_path, monkeypatch):
    tables = [_last_plan_armed(table, tmp_path / "a"), _last_plan_armed(table, tmp_path / "b")]
    _frames_both_ways(tables, "button", monkeypatch)
    assert all(_summary_up(t) for t in tables)


def _bot_armed(table, tmp_path):
    """Retrograde, 2 seats, seat 2 a bot, seat 1 a person: the round's last
    blast turn, the bot's, its trophy (the turn's and the round's end)
    armed, its confirm to come."""
    def bots_turn(game) -> bool:
        st = game.s
        return (st["phase"] == "blast" and st["turn"] is not None and st["turn"]["seat"] == 1
                and st["blast_order"][-1] == 1)
    t = table("retrograde", 2, bots={1}, journal=cut_before(tmp_path, "retrograde", 2, 2, bots_turn))
    st = t.session.game.s
    for _ in range(30):         # (seat 1 ends its own turn first: the cut is before the action that does)
        if st["turn"] is not None and st["turn"]["seat"] == 1:
            break
        if t.has_choice(0):
            t.confirm(0)
        else:
            t.step()
    t.run_until(lambda t: "trophy" in str(t.session.runtime.controls[1].armed), max_passes=900)
    return t


def test_a_bots_armed_choice_is_drawn_ahead_and_its_confirm_finds_it(table, tmp_path):
    counts = []
    for k, ahead in enumerate((False, True)):
        t = _bot_armed(table, tmp_path / str(k))
        s = t.session
        armed, actions = s.runtime.controls[1].armed, s.runtime.stats.actions
        if ahead:
            before = _live(s)
            s.after_flip_later = True
            _drain(s)
            s.after_flip_later = False
            assert s.drawn_ahead == (1, armed, actions), s.drawn_ahead
            assert _live(s) == before, "drawing the bot's choice ahead changed the live game or the runtime"
        painter = s.renderer.painter
        drawn = painter.drawn_new
        t.run_until(lambda t: s.runtime.stats.actions > actions, max_passes=200)
        counts.append(painter.drawn_new - drawn)
        assert _summary_up(t), "the bot's trophy did not end the round"
    without, drawn_ahead = counts
    assert without >= 5, without
    assert drawn_ahead <= without // 4, \
        f"the bot's confirm drew {drawn_ahead} anew after drawing ahead, {without} without"



def _bot_claim_drawn(table, monkeypatch, ahead: bool) -> int:
    """Retrograde, 4 seats, seats 2-4 bots, seat 1 a person who does not
    press: the first roll played in the window loop (its after-flip work
    done between passes) until a bot's claim is settled, the bots' claims
    drawn ahead or not; the drawings the HDMI's paint made anew in the
    passes that applied an action (the dice read, rerolls, the claim and
    its settling)."""
    import firmware.app.session_ahead as ahead_mod
    if not ahead:
        monkeypatch.setattr(ahead_mod, "BOT_PRESSES_AHEAD", ())
    t = table("retrograde", 4, bots={1, 2, 3}, seed=3)
    s = t.session
    s.after_flip_later = True
    painter = s.renderer.painter
    new = [0]
    draw = s._draw_hdmi

    def claims():
        view = s.game.view(None)
        return repr(view.get("claims_pending")), [v.get("claim") for v in view["seats"]]

    def counted(*a, **k):
        before = painter.drawn_new
        draw(*a, **k)
        if claims() != counted.claims:         # the pass of the claim, or of its settling
            new[0] += painter.drawn_new - before
        counted.claims = claims()
    counted.claims = claims()
    s._draw_hdmi = counted

    def claimed():
        view = s.game.view(None)
        got = [p for p in (1, 2, 3) if view["seats"][p].get("claim")]
        return got[0] if got and not view.get("claims_pending") else None
    seen = set()
    for _ in range(900):
        t.step()
        _drain(s)
        seen.add(s.drawn_ahead)
        if claimed() is not None:
            break
    else:
        raise AssertionError("the bot never claimed")
    s._draw_hdmi = draw
    if ahead:
        assert any(w is not None and str(w[1]).startswith("bot press ") and "claim" in w[1] for w in seen), seen
    return new[0]


def test_a_bots_claim_on_its_way_is_drawn_ahead_settled_and_finds_it(table, monkeypatch):
    without = _bot_claim_drawn(table, monkeypatch, False)
    monkeypatch.undo()
    drawn_ahead = _bot_claim_drawn(table, monkeypatch, True)
    assert without >= 5, without
    assert drawn_ahead <= without // 3, \
        f"the bot's claim drew {drawn_ahead} anew after drawing ahead, {without} without"


def test_the_rounds_end_press_copies_its_frame_drawn_ahead_and_paints_no_component(table, tmp_path, monkeypatch):
    """Issue 36: the press that ends a round (its summary over most of the
    screen) repainted the whole screen in its pass (~5 ms at 1080p here,
    x4.5 on the Pi 4 twin), its parts drawn ahead but every one blitted
    again.  Now the whole frame is composed ahead too, between passes: the
    press's pass copies it and paints no component (the frames are those
    drawn without: the test above)."""
    looked = []
    counts = []
    for k, ahead in enumerate((False, True)):
        t = _last_plan_armed(table, tmp_path / str(k))
        painter = t.session.renderer.painter
        fn, draw, drawing = painter._fn, painter.draw, []

        def drawn(*a, draw=draw, **k):      # (the HDMI's draws only: not the drawing ahead between passes)
            drawing.append(1)
            try:
                draw(*a, **k)
            finally:
                drawing.pop()
        monkeypatch.setattr(painter, "draw", drawn)
        monkeypatch.setattr(painter, "_fn", lambda kind, fn=fn: (drawing and looked.append(kind), fn(kind))[1])
        del looked[:]
        _press_drawn(t, "button", ahead, _summary_up)
        counts.append(len(looked))
    without, drawn_ahead = counts
    assert without >= 20, without
    assert drawn_ahead == 0, f"the round's end painted {drawn_ahead} components after drawing ahead, {without} without"
