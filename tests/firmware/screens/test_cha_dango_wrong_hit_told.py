"""Cha dango: a seat's own wrong hit is told on its OLED at once (issue 34,
PT12 c11: the order was yellow dango, seat 1 hit the green-dango cat, and
its OLED said "HIT 596 ms / 2nd match? aim, hit" until the race ended,
inviting a second hit that counts for nothing: ruling CD-12, a wrong hit
is the seat's last answer in the order).  The HDMI says nothing of it
before the race is decided (CD-9)."""
from __future__ import annotations

from firmware.runtime.controls import SeatControls
from firmware.screens.draw import hdmi_screen, oled_frame

from screen_checks import context
from test_cha_dango_helpers import CARDS, T0, find, reveal, slap, table

R = 5   # cat, pink dango, blue background; the deck top has a figure back: the order is "cat"
A = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
X = find(exclude={R}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in {R, A, X})
REST = [c.id for c in CARDS if not c.start and c.id not in {R, A, X, TOP}][:5]


def _hit(card):
    g = table(3, dining=[A, X], deck=[R, TOP] + REST)
    reveal(g)
    slap(g, 0, T0 + 596_000, card)
    assert g.phase == "race"
    return g


def _oled(g, seat=0):
    c = SeatControls(seat)
    c.refresh(g)
    ctrls = [SeatControls(s) for s in range(g.num_players)]
    ctrls[seat] = c
    f = oled_frame(g, seat, c, context(g, [], ctrls))
    assert f.overlaps() == [], f.overlaps()
    return " ".join(f.texts).replace("\u00a0", " ")


def test_cd12_a_wrong_hit_is_told_on_the_hitters_oled_at_once():
    said = _oled(_hit(X))
    figure = CARDS[X].figure
    assert "wrong hit" in said.lower(), said
    assert f"{figure} does not match" in said or f"{figure}: no match" in said, said
    assert "out of this order" in said, said
    assert "2nd" not in said, said


def test_cd12_a_right_hit_still_offers_a_2nd_match():
    said = _oled(_hit(A))
    assert "2nd match? aim, hit" in said and "wrong" not in said, said


def test_cd9_the_hdmi_and_the_other_seats_say_the_same_after_a_wrong_hit_as_after_a_right_one():
    wrong, right = _hit(X), _hit(A)
    for size in ((1920, 1080), (800, 480)):
        w = hdmi_screen(wrong, context(wrong, []), size).texts()
        r = hdmi_screen(right, context(right, []), size).texts()
        assert w == r, (size, set(w) ^ set(r))
    assert _oled(wrong, 1) == _oled(right, 1)
