"""Café International Junior's seated guests are big enough to read at a
metre (issue 34 round, fresh play-tester at 1920x1080: "the flags are about
25 px and the seated guest figures about 10 px; which guest sits on which
side was hard to read").  A seated guest's figure and its flag fill the gap
between the tables as far as it allows, and touch nothing else: no table,
no other guest, no row / column number, no cursor ring of another seat.

The figure is measured in drawn pixels (the painter's picture of the guest
node), not by its box, so a large box with a small child in it does not pass.
"""
from __future__ import annotations

import pytest

from firmware.app.gallery import STATES, context_for, find_state
from firmware.screens.draw import default_measure, hdmi_screen
from firmware.ui.kit import Scene

from screen_checks import scene_problems

#: size -> (least drawn figure height, least flag width), px.  Before the
#: mend: figures drawn 43-47 / 28-30 / 16-19 px tall, seated flags 34 / 21 / 13 px wide
#: (the least of each size).
LEAST = {(1920, 1080): (56, 56), (1280, 720): (35, 35), (800, 480): (20, 21)}


def _state(name: str):
    st = next(s for s in STATES["cafe-junior"] if s.name == name)
    game, events = find_state(st)
    ctx, _ = context_for(game, events, st)
    return game, ctx


@pytest.fixture(scope="module")
def busy():
    return _state("busy")


@pytest.fixture(scope="module")
def choose():
    return _state("choose")


def _seated(scene: Scene) -> list[tuple]:
    """``(figure node, flag node or None)`` of every guest seated on the
    board (a seated guest's flag is the flag node right after it)."""
    nodes = scene.all_nodes()
    out = []
    for i, n in enumerate(nodes):
        if n.kind == "guest" and (n.key or "").startswith("guest:"):
            nxt = nodes[i + 1] if i + 1 < len(nodes) else None
            out.append((n, nxt if nxt is not None and nxt.kind == "flag" else None))
    return out


def _drawn_height(renderer, node, size) -> int:
    """Height in px of what the painter draws for ``node`` alone."""
    pg = renderer.pg
    s = Scene(*size, renderer.scene_measure)
    s.add(node.kind, node.rect, None, **node.props)
    renderer.draw(s)
    bg = renderer.surface.get_at((0, 0))
    pad = 4
    box = pg.Rect(node.rect.x - pad, node.rect.y - pad, node.rect.w + 2 * pad, node.rect.h + 2 * pad)
    box = box.clip(renderer.surface.get_rect())
    mask = pg.mask.from_threshold(renderer.surface.subsurface(box), bg, (2, 2, 2, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    if not rects:
        return 0
    return max(r.bottom for r in rects) - min(r.top for r in rects)


@pytest.mark.parametrize("size", list(LEAST))
def test_seated_guests_and_flags_fill_the_room_between_tables(busy, size):
    from firmware.ui.hdmi import HdmiRenderer
    game, ctx = busy
    scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
    seated = _seated(scene)
    assert len(seated) > 30, "the busy café should seat many guests"
    least_fig, least_flag = LEAST[size]
    renderer = HdmiRenderer(*size, "headless")
    heights = {}
    for fig, flag in seated:
        if fig.props.get("joker"):
            continue
        kind = (fig.props["gender"], fig.rect.w, fig.rect.h)
        if kind not in heights:
            heights[kind] = _drawn_height(renderer, fig, size)
        assert flag is not None, f"a seated {fig.props['gender']} without its flag"
        assert flag.rect.w >= least_flag and flag.rect.h >= least_flag * 2 // 3, \
            f"flag {flag.rect.w}x{flag.rect.h} px at {size}, want {least_flag} px wide"
    assert heights and min(heights.values()) >= least_fig, f"figures drawn {heights} at {size}, want {least_fig} px"
    assert not scene_problems(scene), scene_problems(scene)


@pytest.mark.parametrize("size", list(LEAST))
def test_seated_guests_touch_no_table_no_other_guest_and_no_number(busy, size):
    game, ctx = busy
    scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
    tables = [n.rect for n in scene.of_kind("tabletop") if (n.key or "").startswith("table:")]
    labels = [r for _, r in scene.facts["grid_labels"]["rows"] + scene.facts["grid_labels"]["cols"]]
    seated = _seated(scene)
    bad = []
    for i, (fig, flag) in enumerate(seated):
        mine = [fig.rect] + ([flag.rect] if flag is not None else [])
        for r in mine:
            bad += [f"{fig.key} on table {t}" for t in tables if r.intersects(t)]
            bad += [f"{fig.key} on number {lab}" for lab in labels if r.intersects(lab)]
            for j, (ofig, oflag) in enumerate(seated):
                if j != i:
                    theirs = [ofig.rect] + ([oflag.rect] if oflag is not None else [])
                    bad += [f"{fig.key} on {ofig.key}" for o in theirs if r.intersects(o)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("size", list(LEAST))
def test_the_cursor_ring_touches_no_table_and_no_other_seat(choose, size):
    game, ctx = choose
    scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
    ring = next(n.rect for n in scene.of_kind("panel") if n.key == "chosen-seat")
    tables = [n.rect for n in scene.of_kind("tabletop") if (n.key or "").startswith("table:")]
    labels = [r for _, r in scene.facts["grid_labels"]["rows"] + scene.facts["grid_labels"]["cols"]]
    others = [r for fig, flag in _seated(scene) for r in ([fig.rect] + ([flag.rect] if flag else []))]
    bad = [f"ring {ring} on table {t}" for t in tables if ring.intersects(t)]
    bad += [f"ring {ring} on number {lab}" for lab in labels if ring.intersects(lab)]
    bad += [f"ring {ring} on guest {o}" for o in others if ring.intersects(o)]
    assert not bad, bad[:5]
    assert not scene_problems(scene), scene_problems(scene)
