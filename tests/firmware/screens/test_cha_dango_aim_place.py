"""PT31 item 4 (c34): with a served customer's place still empty (CD-13)
the seat's OLED said "6/7" under the cursor on the cat drawn at the 7th
place.  The number is the customer's place on the screen, counted in the
same reading order as the grid, the empty place too ("7/8")."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, T0, find, reveal, table

from firmware.runtime.controls import SeatControls
from firmware.screens import cha_dango as screens

R = 5   # cat, pink dango, blue background
OTHERS = [c.id for c in CARDS if c.start and c.id != R][:3]
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id != R)
REST = [c.id for c in CARDS if not c.start and c.id not in {R, TOP} and c.id not in OTHERS][:5]


def test_pt31_the_cursors_number_is_the_customers_place_on_the_screen():
    g = table(2, dining=list(OTHERS), deck=[R, TOP] + REST)
    reveal(g)
    g.dining, g.gaps = [OTHERS[0], OTHERS[2], R], [1]     # place 2 empty; the customers at places 1, 3, 4
    c = SeatControls(1)
    c.refresh(g)
    c.nav(g, -1)                                           # Left from the first: the last customer
    assert c.shown(g).chosen["card"] == R
    ctx = {"last_events": [], "now_us": T0 + 100, "controls": [SeatControls(0), c]}
    texts = screens.oled_frame(g, 1, g.view(1), c, ctx).texts
    assert "4/4" in texts and "3/3" not in texts, texts
    c.nav(g, -1)                                           # the customer at place 3
    texts = screens.oled_frame(g, 1, g.view(1), c, ctx).texts
    assert "3/4" in texts, texts
