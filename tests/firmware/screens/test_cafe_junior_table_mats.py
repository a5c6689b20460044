"""Café International Junior: each seated guest plainly belongs to its own
table (PT45, a fresh play-tester at a metre: the guests on the facing sides
of two neighbouring tables were drawn side by side in the same gap - two
Kenya boys between row 4 col 1 and row 4 col 2, two jokers between row 3
col 1 and row 4 col 1 - so nobody could count a table's girls and boys, the
game's whole puzzle).

Each table stands on a mat of its own that holds its tile and its four
seats, and two tables side by side or one above the other stand on mats of
different colours (a checkerboard), so the seam between two neighbouring
seats is where one table's colour ends and the other's begins."""
from __future__ import annotations

import pytest

from firmware.app.gallery import STATES, context_for, find_state
from firmware.screens.draw import default_measure, hdmi_screen

SIZES = [(1920, 1080), (1280, 720), (800, 480)]


@pytest.fixture(scope="module")
def busy():
    st = next(s for s in STATES["cafe-junior"] if s.name == "busy")
    game, events = find_state(st)
    ctx, _ = context_for(game, events, st)
    return game, ctx


def _seated(scene) -> dict[str, list]:
    """table id -> the rects of its seated guests (figure and flag)."""
    nodes = scene.all_nodes()
    out: dict[str, list] = {}
    table = None
    for i, n in enumerate(nodes):
        if n.kind == "tabletop" and (n.key or "").startswith("table:"):
            table = n.key.split(":", 1)[1]
        if n.kind == "guest" and (n.key or "").startswith("guest:"):
            out.setdefault(table, []).append(n.rect)
            nxt = nodes[i + 1] if i + 1 < len(nodes) else None
            if nxt is not None and nxt.kind == "flag":
                out[table].append(nxt.rect)
    return out


def _inside(inner, outer) -> bool:
    return (inner.x >= outer.x and inner.y >= outer.y and inner.right <= outer.right
            and inner.bottom <= outer.bottom)


@pytest.mark.parametrize("size", SIZES)
def test_every_table_stands_on_its_own_mat_holding_its_seated_guests(busy, size):
    game, ctx = busy
    scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
    mats = {n.key.split(":", 1)[1]: n for n in scene.of_kind("panel") if (n.key or "").startswith("mat:")}
    tables = scene.facts["tables"]
    assert set(mats) == set(tables), (sorted(mats), sorted(tables))
    seated = _seated(scene)
    bad = []
    for tid, rects in seated.items():
        for r in rects:
            if not _inside(r, mats[tid].rect):
                bad.append(f"a guest of {tid} off its mat: {r} not in {mats[tid].rect}")
            bad += [f"a guest of {tid} on the mat of {o}" for o, m in mats.items()
                    if o != tid and r.intersects(m.rect)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("size", SIZES)
def test_neighbouring_tables_stand_on_mats_of_different_colours(busy, size):
    game, ctx = busy
    scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
    mats = {n.key.split(":", 1)[1]: n for n in scene.of_kind("panel") if (n.key or "").startswith("mat:")}
    at = {tuple(t["cell"]): tid for tid, t in scene.facts["tables"].items()}
    pairs = [(a, at.get((r + dr, c + dc))) for (r, c), a in at.items() for dr, dc in ((0, 1), (1, 0))]
    pairs = [(a, b) for a, b in pairs if b is not None]
    assert len(pairs) >= 12, "the busy café should have many neighbouring tables"
    same = [(a, b) for a, b in pairs if mats[a].props["fill"] == mats[b].props["fill"]]
    assert not same, same
