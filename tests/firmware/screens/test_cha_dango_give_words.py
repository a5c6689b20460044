"""Cha dango: the words of the VP card a seat chooses to give up (CD-10)
read whole (PT44, a fresh play-tester: the HDMI banner's "give 1/2?" read
as "give half?" (g3gb); the OLED cut a colour pair to "rabbit gre/tea"
(v123) where "fox green/teal" fitted)."""
from __future__ import annotations

import re

import pytest

from test_cha_dango_helpers import CARDS, T0, down, lift, reveal, table, tick

from firmware.runtime.controls import SeatControls
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame

from test_cha_dango_helpers import NOTHING, NOTHING2  # an order nothing matches (CD-9)
from test_cha_dango_helpers import NOTHING_R as R, NOTHING_REST as REST, NOTHING_TOP as TOP, NOTHING_USED as USED


def _choosing(players: int, pile: list[int]):
    """Seat 1 the slowest sipper with VP cards ``pile``: it chooses one to give."""
    g = table(players, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST)
    g.vp[0] = list(pile)
    reveal(g)
    for s in range(1, players):
        lift(g, s, T0 + 300_000 + 10_000 * s)
    for s in range(1, players):
        down(g, s, T0 + 1_400_000 + 10_000 * s)
    tick(g, T0 + 6_002_000)
    assert g.phase == "place_vp"
    ctl = [SeatControls(s) for s in range(players)]
    for c in ctl:
        c.refresh(g)
    return g, ctl, {"last_events": [], "banner": "", "now_us": g.now_us(), "controls": ctl}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_pt44_the_banner_names_the_vp_card_of_the_pile_never_a_fraction(players, size):
    pile = [c.id for c in CARDS if c.start and c.id not in USED][:2]
    g, _, ctx = _choosing(players, pile)
    texts = hdmi_screen(g, ctx, size=size, measure=default_measure()).texts()
    give = [t for t in texts if re.search(r"\d+ of \d+[?!]$", t) or re.search(r"\d+/\d+[?!]$", t)]
    assert give, texts
    assert all(re.search(r"card \d+ of 2[?!]$", t) for t in give), give


def test_pt44_the_oled_never_cuts_a_colour_of_the_vp_card_to_give():
    cut = re.compile(r"\b(gre|gree|tea|yel|yell|pur|purp|ora|oran|whi|whit|bro|brow|pin|blu|re)\b")
    for card in CARDS:
        if card.id in USED:
            continue
        g, ctl, ctx = _choosing(3, [card.id, next(c.id for c in CARDS if c.id not in USED | {card.id})])
        f = oled_frame(g, 0, ctl[0], ctx)
        said = " ".join(f.texts)
        assert card.dango in said and card.background in said, (card.describe(), f.texts)
        assert not cut.search(said), (card.describe(), f.texts)
        assert not f.overlaps(), f.overlaps()
