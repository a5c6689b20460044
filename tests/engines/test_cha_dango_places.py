"""Cha dango: every customer keeps its place in the dining area (issue 34,
c11 -> c13: a served customer's gap was closed and the others shifted).
A new customer takes the first gap in reading order, as a person puts a
card into the gap (engines/cha_dango/dining.py)."""
from __future__ import annotations

import pytest

from engines.cha_dango import ChaDango
from engines.cha_dango import dining as places
from test_cha_dango_helpers import CARDS, T0, find, release, reveal, settle, slap, table

R = 5   # cat, pink dango, blue background
A = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
B = find(exclude={R, A}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
X = find(exclude={R, A, B}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
Y = find(exclude={R, A, B, X}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
USED = {R, A, B, X, Y}
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in USED)
REST = [c.id for c in CARDS if not c.start and c.id not in USED | {TOP}][:5]


def deck(dining):
    """The ordering deck: the order, then every card not in ``dining`` (all
    55 cards accounted for, so a snapshot loads)."""
    return [R, TOP] + REST + [c.id for c in CARDS if c.id not in set(dining) | {R, TOP} | set(REST)]


def test_the_revealed_card_takes_the_served_customers_place():
    g = table(2, dining=[X, A, Y], deck=deck([X, A, Y]))
    reveal(g)
    slap(g, 0, T0 + 900_000, A)
    settle(g)
    assert g.phase == "reveal" and g.vp[0] == [A]
    assert g.dining == [X, R, Y] and g.gaps == [], "the cat's place went to the revealed card"


def test_two_served_leave_one_gap_which_the_next_customer_fills():
    g = table(3, dining=[A, X, B, Y], deck=deck([A, X, B, Y]))
    reveal(g)
    slap(g, 1, T0 + 900_000, B)
    release(g, 1, T0 + 980_000)
    slap(g, 2, T0 + 1_000_000, A)
    settle(g)
    assert sorted(g.vp[1] + g.vp[2]) == sorted([A, B])
    assert g.dining == [R, X, Y] and g.gaps == [2], "the revealed card into the first gap, the second stays"
    v = g.view(None)
    assert [c["id"] for c in v["dining_area"]] == [R, X, Y] and v["dining_gaps"] == [2]
    assert places.layout(g.dining, g.gaps) == [R, X, None, Y]
    again = ChaDango.from_json(g.to_json())
    assert again.dining == g.dining and again.gaps == g.gaps
    places.join(g.dining, g.gaps, TOP)
    assert places.layout(g.dining, g.gaps) == [R, X, TOP, Y]


def test_a_gap_at_the_end_is_no_gap():
    dining, gaps = [A, X, B], []
    places.leave(dining, gaps, B)
    assert (dining, gaps) == ([A, X], [])
    places.leave(dining, gaps, A)
    assert places.layout(dining, gaps) == [None, X]
    places.leave(dining, gaps, X)
    assert (dining, gaps) == ([], [])


def test_a_snapshot_from_before_places_loads_without_gaps():
    g = table(2, dining=[X, A, Y], deck=deck([X, A, Y]))
    data = g.to_json()
    del data["state"]["gaps"]
    again = ChaDango.from_json(data)
    assert again.gaps == [] and again.dining == [X, A, Y]


@pytest.mark.parametrize("gaps", [[3], [1, 1], [2, 0], [-1]])
def test_bad_gaps_are_refused(gaps):
    g = table(2, dining=[X, A, Y], deck=deck([X, A, Y]))
    data = g.to_json()
    data["state"]["gaps"] = gaps
    with pytest.raises(ValueError):
        ChaDango.from_json(data)
