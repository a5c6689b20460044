"""Cha dango's seat banners keep "Seat N" and one text size along the row
(issue 34, PT12 c11 and c0809: "(1) 1 VP card   hit 596 ms" beside "Seat 2
· 3 VP cards": the hit's time squeezed "Seat 1" out; c01: the revealer's
banner "Seat 1 · 0 VP cards  reveals" in a smaller size than its
neighbours')."""
from __future__ import annotations

import pytest

from firmware.screens.draw import hdmi_screen

from screen_checks import context
from test_cha_dango_helpers import T0, find, reveal, slap, table

DOINGS = ("hit", "sipped", "won")


def _race(players: int, vp: int):
    """A race open, seat 1 hit at 1340 ms; every seat holds ``vp`` VP cards."""
    a = find(figure="cat")
    g = table(players, dining=[a], deck=[5, 6, 7, 8, 9, 10, 11])
    for s in range(players):
        g.vp[s] = [100 + s * 10 + k for k in range(vp)]
    reveal(g)
    slap(g, 0, T0 + 1_340_000, a)
    return g


def _banners(scene, players):
    """The texts of each seat's banner (its panel's rect holds them), and their sizes."""
    panels = {n.key: n.rect for n in scene.all_nodes() if n.kind == "panel" and str(n.key).startswith("seat:")}
    out = {}
    for s in range(players):
        r = panels[f"seat:{s}"]
        out[s] = [(n.props["text"], n.props["size"]) for n in scene.all_nodes()
                  if n.kind == "text" and n.rect.inside(r)]
    return out


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("vp", [1, 12])
def test_cd12_every_banner_keeps_its_seat_beside_the_hits_time(size, players, vp):
    g = _race(players, vp)
    scene = hdmi_screen(g, context(g, []), size)
    banners = _banners(scene, players)
    for s, texts in banners.items():
        assert any(t.startswith(f"Seat {s + 1}") for t, _ in texts), (s, texts)
    assert any(t.startswith("hit 1340") for t, _ in banners[0]), banners[0]
    lefts = {z for texts in banners.values() for t, z in texts if t.startswith("Seat ")}
    assert len(lefts) == 1, banners                   # one size along the row


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
@pytest.mark.parametrize("players", [3, 6])
def test_the_revealers_banner_keeps_the_rows_size(size, players):
    g = table(players, dining=[find(figure="cat")], deck=[5, 6, 7, 8])
    scene = hdmi_screen(g, context(g, []), size)
    banners = _banners(scene, players)
    assert any(t == "reveals" for t, _ in banners[0]), banners[0]
    lefts = {z for texts in banners.values() for t, z in texts if t.startswith("Seat ")}
    assert len(lefts) == 1 and all(any(t.startswith(f"Seat {s + 1}") for t, _ in b) for s, b in banners.items()), \
        banners


def test_cd7_the_revealers_held_reveal_press_is_no_hit_on_its_banner():
    """PT12 c30, c33: just after a seat pressed to reveal, its banner said
    "hit" (its button still down from the reveal) though it only revealed;
    a button held from before the order wins nothing (CD-7)."""
    g = table(3, dining=[find(figure="cat")], deck=[5, 6, 7, 8])
    reveal(g, buttons_down=[0])
    scene = hdmi_screen(g, context(g, []), (1920, 1080))
    texts = [t for t, _ in _banners(scene, 3)[0]]
    assert "hit" not in texts and any(t.startswith("Seat 1") for t in texts), texts
