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


def _overlaps(a, b) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def test_the_paused_box_covers_no_seats_header(table):
    """PT71, PT72 (fresh play-testers, Retrograde): the box "Paused" in the
    middle of the board covered seat 1's header and dice.  It stands over
    the phase box ("Roll! Press your button...", frozen while paused)."""
    for size in ((1920, 1080), (1280, 720)):
        t = table("retrograde", 2, bots={1}, seed=3, size=size)
        s = t.session
        t.run_until(lambda t: all(x["dice"] is not None for x in s.game.view(None)["seats"]), max_passes=3000)
        _hold_pause(t, 0)
        t.step(3)
        scene = _drawn(t)
        box = next(n for n in reversed(scene.nodes) if n.kind == "panel")
        assert any(n.props.get("text") == "Paused" and _overlaps(n.rect, box.rect) for n in scene.nodes)
        every = [c for n in scene.nodes for c in (n, *n.props.get("children", ()))]
        heads = [n for n in every if str(n.key).startswith("banner:")]
        assert len(heads) == 2, [(n.kind, n.key) for n in scene.nodes]
        covered = [n.key for n in heads if _overlaps(n.rect, box.rect)]
        assert not covered, (size, covered, box.rect)
        covered = [n.kind for n in every if n.kind in ("die", "card", "droid") and _overlaps(n.rect, box.rect)]
        assert not covered, (size, covered)
