"""A paused game says so in large letters on the board (PT63, a fresh
play-tester: on the board page of the pause the only sign was the small
header note; "Roll! Press your button" stayed the largest words).  The
board's page of a pause carries a box "Paused" and how to go on; going
on takes it away."""
from __future__ import annotations

from .test_cha_dango_pause import _hold_pause


def _drawn(t):
    """The HDMI scene the session draws now (the pause's pages included)."""
    return t.session._hdmi_scene(t.session.context())


def _paused_texts(t) -> list:
    return [n for n in _drawn(t).nodes if n.kind == "text" and n.props.get("text") == "Paused"]


def test_the_board_page_of_a_pause_says_paused_in_large_letters(table):
    t = table("retrograde", 3, bots={1, 2}, seed=3)
    s = t.session
    t.run_until(lambda t: all(x["dice"] is not None for x in s.game.view(None)["seats"][1:]), max_passes=3000)
    assert not _paused_texts(t)
    _hold_pause(t, 0)
    assert s.runtime.pause.paused and s.runtime.pause.page == 0
    t.step(3)
    big = _paused_texts(t)
    assert big, [n.props.get("text") for n in _drawn(t).nodes if n.kind == "text"]
    scene = _drawn(t)
    assert big[0].props.get("size", 0) >= scene.metrics.large, big[0].props
    _hold_pause(t, 0)
    t.step(3)
    assert not _paused_texts(t)
