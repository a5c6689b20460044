"""Cha dango's HDMI draws every customer at its place (issue 34, c11 ->
c13): a served customer's place stays empty until a new customer takes
it; the others do not move."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, table

from firmware.screens.draw import default_measure, hdmi_screen

DINING = [c.id for c in CARDS if c.start][:4]
DECK = [c.id for c in CARDS if c.id not in DINING]


def _rects(g):
    scene = hdmi_screen(g, {"last_events": [], "banner": ""}, size=(1920, 1080), measure=default_measure())
    return {int(n.key[5:]): n.rect for n in scene.nodes if n.key and n.key.startswith("cust:")}, scene


def test_a_served_customers_place_stays_empty_and_the_others_stay():
    g = table(2, dining=list(DINING), deck=list(DECK))
    before, _ = _rects(g)
    g.dining, g.gaps = [DINING[0], DINING[2], DINING[3]], [1]      # the second customer was served
    after, scene = _rects(g)
    assert {c: after[c] for c in g.dining} == {c: before[c] for c in g.dining}, "customers moved"
    assert scene.facts["dining_gaps"] == [1]
