"""Cha dango's HDMI draws every customer at its place (issue 34, c11 ->
c13): a served customer's place stays empty until a new customer takes
it; the others do not move."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, table

from firmware.screens.draw import default_measure, hdmi_screen

DINING = [c.id for c in CARDS if c.start][:4]
DECK = [c.id for c in CARDS if c.id not in DINING]


def _rects(g, size=(1920, 1080)):
    scene = hdmi_screen(g, {"last_events": [], "banner": ""}, size=size, measure=default_measure())
    return {int(n.key[5:]): n.rect for n in scene.nodes if n.key and n.key.startswith("cust:")}, scene


def test_a_served_customers_place_stays_empty_and_the_others_stay():
    g = table(2, dining=list(DINING), deck=list(DECK))
    before, _ = _rects(g)
    g.dining, g.gaps = [DINING[0], DINING[2], DINING[3]], [1]      # the second customer was served
    after, scene = _rects(g)
    assert {c: after[c] for c in g.dining} == {c: before[c] for c in g.dining}, "customers moved"
    assert scene.facts["dining_gaps"] == [1]


def test_the_grid_never_goes_back_to_fewer_columns_as_customers_come():
    """Each change of the grid's columns moves every card: as the dining
    area grows from 5 to 21 places at 1920x1080 and 800x480 the columns
    only grow (it went 5 -> 4 at 11 places, then 4 -> 5 at 13)."""
    for size in ((1920, 1080), (800, 480)):
        cols = []
        for n in range(5, 22):
            g = table(3, dining=[c.id for c in CARDS][:n], deck=[c.id for c in CARDS][n:])
            rects, _ = _rects(g, size)
            cols.append(len({r.x for r in rects.values()}))
        assert cols == sorted(cols), (size, cols)
        assert sum(a != b for a, b in zip(cols, cols[1:])) <= 4, (size, cols)
