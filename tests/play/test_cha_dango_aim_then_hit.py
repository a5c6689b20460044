"""Cha dango in the window: an arrow pressed before the big button always
counts before the hit (issue 34: with the cursor on the panda a play-tester
pressed Right, then the button a few tens of ms later; the HDMI's highlight
went to the tanuki, a match, but the hit landed on the panda: "WRONG HIT
panda").

On the cabinet the arrows are read from the MCP23017 expander, polled
every ``[expander] poll_ms`` over the I2C bus the OLEDs share, while the
button's GPIO edge carries its own stamp: the read that sees an arrow
comes after it, up to a poll and a bus wait later.  The ``pi4`` twin
polls the expander as a Pi does (the ``instant`` twin reads it at the
key's instant); the arrow must count before a button pressed 0-40 ms after
it, whichever phase of the poll it fell in (ruling CD-12: the hit lands on
the customer under the cursor when the button went down; CAB-3: ordered by
stamps, never by arrival)."""
from __future__ import annotations

import pytest

from test_cha_dango_helpers import aimed, open_first_race, table_view

POLL_US = 5_000      # [expander] poll_ms's default


def _aim_then_hit(table, twin: str, gap_ms: float, phase_us: int) -> tuple[int, int, list[int]]:
    """Seat 1 in a race presses Right, then its button ``gap_ms`` later
    (0: both read in one go), Right ``phase_us`` after an expander poll:
    (the customer Right went to, where the cursor stands, the customers
    seat 1's hits named)."""
    t = table("cha-dango", players=2, seed=3, twin=twin)
    g = open_first_race(t)
    t.step(10, ms=50)
    dining = [c["id"] for c in g.view(None)["dining_area"]]
    want = dining[(dining.index(aimed(t, 0)) + 1) % len(dining)]
    right, button = t.key_code(0, "right"), t.key_code(0, "button")
    now = t.session.cabinet.factory.now_us
    to_phase = (POLL_US - now % POLL_US + phase_us) % POLL_US or POLL_US
    t.post(right, True)
    if gap_ms == 0:
        t.post(button, True)
    t.wait(to_phase / 1000)              # the loop reads the key(s) here
    if gap_ms:
        t.post(button, True)
        t.wait(gap_ms)
    t.step(3)
    t.post(right, False)
    t.post(button, False)
    t.step(3)
    assert table_view(t)["phase"] in ("race", "reveal", "place_vp")
    hits = [a["card"] for a in t.journal() if a.get("type") == "slap" and a.get("player") == 0]
    return want, aimed(t, 0), hits


@pytest.mark.parametrize("twin", ["instant", "pi4"])
@pytest.mark.parametrize("gap_ms,phase_us", [(0, 500), (0, 4_500), (1, 500), (2, 2_000), (4, 500),
                                             (10, 4_900), (40, 500)])
def test_cd12_an_arrow_pressed_before_the_button_counts_before_the_hit(table, twin, gap_ms, phase_us):
    want, cursor, hits = _aim_then_hit(table, twin, gap_ms, phase_us)
    assert cursor == want, "Right did not move the cursor on"
    assert hits == [want], (f"Right, then the button {gap_ms} ms later ({twin}): the hit named {hits}, "
                            f"not the customer Right went to ({want})")


def test_cd12_a_hit_waits_for_the_expanders_read_of_an_arrow_pressed_before_it(table):
    """On a Pi the expander's read waits for the bus (behind the OLEDs'
    frames, ~23 ms each at 400 kHz): a pass can take the button's edge
    before any read has seen the arrow pressed 20 ms before it.  The hit
    waits for that read (never longer than the runtime's cap) and lands on
    the customer Right went to, with the button's own stamp."""
    t = table("cha-dango", players=2, seed=3, twin="pi4")
    cab = t.session.cabinet
    polls = cab.poll_expander
    cab.poll_expander = lambda now_us: polls(now_us - 30_000)     # every read 30 ms behind (a busy bus)
    g = open_first_race(t)
    t.step(10, ms=50)
    dining = [c["id"] for c in g.view(None)["dining_area"]]
    want = dining[(dining.index(aimed(t, 0)) + 1) % len(dining)]
    right, button = t.key_code(0, "right"), t.key_code(0, "button")
    t.post(right, True)
    t.wait(1)
    pressed = cab.factory.now_us + 20_000
    t.post(button, True)
    t.wait(20)
    t.step(ms=5)                       # a pass before any read saw Right: the hit waits
    assert not [a for a in t.journal() if a.get("type") == "slap"], "the hit was taken before Right was read"
    t.step(4, ms=20)
    t.post(right, False)
    t.post(button, False)
    t.step(3)
    hits = [(a["card"], a["t_us"]) for a in t.journal() if a.get("type") == "slap" and a.get("player") == 0]
    assert hits == [(want, pressed)], f"the hit: {hits}; Right went to {want}, the button went down at {pressed}"
