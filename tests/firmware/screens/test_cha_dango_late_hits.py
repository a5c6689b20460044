"""Cha dango: every seat that hit is told its outcome (issue 34, "Played
as people play", item 2; rulings CD-12, CAB-7): a hit on a customer another
seat served first is "too late", with its time, on the seat's OLED and in
the HDMI's result; two customers alike are told apart (item 4)."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, T0, find, reveal, settle, slap, table

from firmware.screens import cha_dango as cd_screen

R = 5  # revealed card: cat, pink dango, blue background (the order: cat, its top card asks the figure)
CAT1 = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
CAT2 = find(exclude={R, CAT1}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
OTHER = find(exclude={R, CAT1, CAT2}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
USED = {R, CAT1, CAT2, OTHER}
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in USED)
REST = [c.id for c in CARDS if not c.start and c.id not in USED | {TOP}][:5]


def _two_cats():
    g = table(3, dining=[CAT1, OTHER, CAT2], deck=[R, TOP] + REST)
    reveal(g)
    return g


def _texts(g):
    got = [e["text"] for e in g.__dict__.get("_test_log", [])]
    while g.view(None)["phase"] == "race":
        got += [e["text"] for e in settle(g)]
    return got


def test_cd12_the_loser_of_a_close_race_is_told_too_late_with_its_time():
    """shot172-175: seat 2 hit at 899 ms, seat 1 at 1005 ms on the same
    customer; both OLEDs said "HIT ... wait", the result only named seat 2.
    Now seat 1's OLED says it was too late, by how much, and the HDMI's
    result lists its hit with its time."""
    g = _two_cats()
    slap(g, 1, T0 + 899_000, CAT1)
    slap(g, 0, T0 + 1_005_000, CAT1)
    events = _texts(g)
    lines = " | ".join(cd_screen.result_lines(g.view(None), events)).replace("\u00a0", " ")
    assert "Seat 2 served" in lines and "899 ms" in lines, lines
    assert "Seat 1" in lines and "1005 ms" in lines and "too late" in lines, lines
    mine = cd_screen._seat_result(events, 0)
    assert mine is not None and "too late" in mine and "Seat 2" in mine and "106" in mine, mine


def test_cd12_a_bots_hit_on_a_served_customer_appears_in_the_result():
    """shot102-110: seat 3's "hit 2124 ms" in a two-tanuki race appeared
    nowhere in the result."""
    g = _two_cats()
    slap(g, 0, T0 + 700_000, CAT2)
    slap(g, 2, T0 + 2_124_000, CAT2)
    events = _texts(g)
    lines = " | ".join(cd_screen.result_lines(g.view(None), events)).replace("\u00a0", " ")
    assert "Seat 3" in lines and "2124 ms" in lines, lines


def test_cd12_two_customers_alike_are_told_apart_in_the_result():
    """shot193: "Seat 1 served rabbit ... Nobody served the rabbit".  The
    result names which one (its colours), so the two lines do not clash."""
    g = _two_cats()
    slap(g, 0, T0 + 700_000, CAT1)
    events = _texts(g)
    lines = cd_screen.result_lines(g.view(None), events)
    served = next(t for t in lines if "served" in t and not t.startswith("Nobody"))
    nobody = next(t for t in lines if t.startswith("Nobody served"))
    c1, c2 = CARDS[CAT1], CARDS[CAT2]
    assert c1.dango in served or c1.background in served, served
    assert c2.dango in nobody or c2.background in nobody, nobody
    assert served.split(":")[0].split("served ")[1] != nobody.split(":")[0].split("served the ")[1]


def test_cd12_a_wrong_hit_on_a_customer_alike_names_its_colours():
    """Play-test of this fix: "Seat 1: wrong hit, the panda did not match"
    beside "Seat 3 served panda" (two pandas, one matched).  The wrong
    hit's customer is named with its colours when another shares its
    figure."""
    twin = find(exclude=USED, figure=CARDS[OTHER].figure, dango=("not", "pink", CARDS[OTHER].dango),
                background=("not", "blue"))
    g = table(3, dining=[CAT1, OTHER, twin], deck=[R, TOP] + REST)
    reveal(g)
    slap(g, 1, T0 + 600_000, OTHER)
    slap(g, 0, T0 + 700_000, CAT1)
    lines = cd_screen.result_lines(g.view(None), _texts(g))
    wrong = next(t for t in lines if "wrong hit" in t)
    assert CARDS[OTHER].dango in wrong or CARDS[OTHER].background in wrong, wrong


def test_cd12_the_loser_of_a_single_customer_race_is_told_by_how_much():
    """Play-test g2b/g2d: a press after a one-customer race was decided
    said only "too late: Seat 1 was first"; only the two-customers race
    said "+170 ms".  Every race's loser is told by how much, on one OLED
    line."""
    from firmware.ui.oled import OledFrame
    events = ["Order: figure cat", "Player 1 served the customer (cat, red dango, blue background) 702 ms after "
              "the order", "Player 2's hit came 40 ms after Player 1's: too late, the race was decided"]
    mine = cd_screen._seat_result(events, 1)
    assert mine is not None and "too late" in mine and "Seat 1" in mine and "+40 ms" in mine, mine
    f = OledFrame()
    longest = mine.replace("40", "1999")    # two OLED lines at most (as _result_text draws it), never cut
    lines = f.wrap_px(longest, f.W - 4, 10)
    assert len(lines) <= 2 and all(f.fits(t, f.W - 4) for t in lines) and "+1999 ms" in lines[-1], lines


def test_cd12_the_hdmi_result_shows_every_line_that_fits():
    """Play-test g2l_04, g3_00: seat 3's too-late hit (3939 ms) and
    "Nobody served the cat" were only in the moves log, though the panel
    had room under the result (the window's HDMI, about 1190x680).  Every
    line shows there."""
    from firmware.runtime.controls import SeatControls
    from firmware.screens.draw import default_measure, hdmi_screen
    g = _two_cats()
    slap(g, 0, T0 + 2_182_000, CAT1)
    slap(g, 1, T0 + 2_352_000, CAT1)
    slap(g, 2, T0 + 3_939_000, CAT1)
    ctx = {"last_events": _texts(g), "banner": "next 5", "controls": [SeatControls(s) for s in range(3)]}
    scene = hdmi_screen(g, ctx, size=(1190, 680), measure=default_measure())
    texts = " ".join(scene.texts()).replace("\u00a0", " ")
    assert "3939 ms" in texts and "Nobody served" in texts, (texts, scene.dropped)


def _late_result(dining):
    """A race on the cat with ``dining`` customers: seat 1 serves one cat,
    seats 2 and 3 hit it too late; the result lines as the events say."""
    g = table(3, dining=dining, deck=[R, TOP] + REST)
    reveal(g)
    slap(g, 0, T0 + 2_182_000, CAT1)
    slap(g, 1, T0 + 2_352_000, CAT1)
    slap(g, 2, T0 + 3_939_000, CAT1)
    return g, _texts(g)


def test_cd12_the_late_hits_fit_the_small_hdmi_result():
    """Play-test at 800x480 (the small HDMI profile): the result dropped
    its late-hit lines ("Seat 2: 2352 ms, too late", "+N ms"), with three
    customers and with seven.  Every result line shows, at the small text
    size (never smaller), none cut."""
    from firmware.runtime.controls import SeatControls
    from firmware.screens.draw import default_measure, hdmi_screen
    more = [find(exclude=USED | set(REST) | {TOP}, figure=f, dango=("not", "pink"), background=("not", "blue"))
            for f in ("panda", "fox", "tanuki", "rabbit")]
    for dining in ([CAT1, OTHER, CAT2], [CAT1, OTHER, CAT2, *more]):
        g, events = _late_result(dining)
        ctx = {"last_events": events, "banner": "next 5", "controls": [SeatControls(s) for s in range(3)]}
        scene = hdmi_screen(g, ctx, size=(800, 480), measure=default_measure())
        texts = " ".join(scene.texts()).replace("\u00a0", " ")
        want = [t.replace("\u00a0", " ") for t in cd_screen.result_lines(g.view(None), events)]
        assert "2352 ms, too late" in " ".join(want) and "170 ms ahead" in " ".join(want), want
        for line in want:     # each line whole (wrapped lines joined by a space)
            assert all(w in texts for w in line.split()), (len(dining), line, scene.dropped)
        dropped = [t for _, t in scene.dropped if t.replace("\u00a0", " ") in want]
        assert not dropped, (len(dining), dropped)
        bars = [n.rect for n in scene.all_nodes() if n.kind == "panel" and str(n.key).startswith("seat:")]
        sizes = {n.props.get("size") for n in scene.all_nodes() if n.kind == "text"
                 and not any(n.rect.inside(b) for b in bars)      # (a seat bar's "Seat 2" is no result line)
                 and any(n.props.get("text", "").replace("\u00a0", " ") in line for line in want)}
        assert sizes and min(sizes) >= scene.metrics.small, sizes


def test_cd12_every_result_line_shows_in_the_galleries_small_hdmi():
    """Noticed after round 8 (issue 34): at 800x480 the gallery's "late"
    and "result" states still dropped their last result lines ("Seat 2
    sipped, but a customer matched", "Each match needs its own hit", the
    order cards left), though the panel had widened to its widest share.
    Every result line shows, at the small text size; only the rule's
    reminder ("Hit each match; after a win, ..."), last by design, may
    give way."""
    from firmware.app.gallery import STATES, context_for, find_state
    from firmware.screens.draw import default_measure, hdmi_screen
    for state in STATES["cha-dango"]:
        if state.name not in ("late", "result"):
            continue
        g, events = find_state(state)
        ctx, _ = context_for(g, events, state)
        scene = hdmi_screen(g, ctx, size=(800, 480), measure=default_measure())
        want = [t.replace("\u00a0", " ") for t in cd_screen.result_lines(g.view(None), events)]
        dropped = [t for _, t in scene.dropped if t.replace("\u00a0", " ") in want and not t.startswith("Hit each match")]
        assert want and not dropped, (state.name, dropped)
        bars = [n.rect for n in scene.all_nodes() if n.kind == "panel" and str(n.key).startswith("seat:")]
        sizes = {n.props.get("size") for n in scene.all_nodes() if n.kind == "text"
                 and not any(n.rect.inside(b) for b in bars)      # (a seat bar's "Seat 2" is no result line)
                 and any(n.props.get("text", "").replace("\u00a0", " ") in line for line in want)}
        assert sizes and min(sizes) >= scene.metrics.small, sizes
