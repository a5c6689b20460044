"""Issue 34 (fresh play-tester PT23, Retrograde round 2): one Esc let lapse
during the claim race, and about 1 s after the question went the screen was
back at "Roll! Claim a card" with no 3-2-1, where the README promises the
game goes on "as after a pause (a race after a 3-2-1)": the bots could claim
while the person's hands were still off the buttons.  Going on after a hold
(the Esc question or the two-arrow pause) while Retrograde's claim race is
open, the 3-2-1 runs first: no claim (bot or person) lands in it, the
banner counts it, and the race goes on after it (ruling CAB-8)."""
from __future__ import annotations


def _claim_race_open(t):
    g = t.session.game
    rt = t.session.runtime

    def ready(t):
        v = g.view(None)
        return (v["phase"] == "roll" and 0 in g.active_players() and rt.hold_until_us <= rt.now_us
                and not any(s.get("claim") is not None for s in v["seats"]))
    t.run_until(ready, max_passes=2000, ms=50)
    return g, rt


def _moves(t):
    """The actions applied so far (claims, rerolls, dice read)."""
    return t.session.runtime.stats.actions


def test_after_the_esc_question_the_claim_race_goes_on_after_a_3_2_1(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    g, rt = _claim_race_open(t)
    rt.hold_for_question(rt.now_us, True)       # the window's "Esc again within 4 s to leave"
    t.step(40, ms=50)
    moves = _moves(t)
    rt.hold_for_question(rt.now_us, False)      # let lapse: the game goes on
    t.step(2, ms=50)
    assert str(t.session.countdown) in ("3", "2"), t.session.countdown
    said = " ".join(t.session.hdmi_model.texts())
    assert "roll when it says" not in said and "race goes on" in said, said   # the dice are on the table
    t.press(0, "button")                        # hands on too soon: no claim
    for _ in range(40):                         # 2 s of the 3-2-1: nobody claims or rerolls
        t.step(ms=50)
        assert _moves(t) == moves, "the race went on in the 3-2-1"
    t.run_until(lambda t: _moves(t) > moves, max_passes=400, ms=50)   # then the race goes on


def test_after_a_pause_the_claim_race_goes_on_after_a_3_2_1(table):
    from .test_cha_dango_pause import _hold_pause
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    g, rt = _claim_race_open(t)
    _hold_pause(t, 0)
    assert rt.pause.paused
    t.step(20, ms=50)
    moves = _moves(t)
    _hold_pause(t, 0)
    assert not rt.pause.paused
    assert str(t.session.countdown).isdigit(), t.session.countdown
    for _ in range(30):
        t.step(ms=50)
        assert _moves(t) == moves, "the race went on in the 3-2-1"
