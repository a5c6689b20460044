"""Cha dango: the last race's result says in words what happened (play-test
report 2): a matching order nobody served, a resume's pause, ties and their
reason, numbers kept with their units, the revealer's own early hit
(rulings CD-9, CAB-7, CAB-8 in docs/rulings.md)."""
from __future__ import annotations

import re

from test_cha_dango_helpers import CARDS, T0, find, lift, release, reveal, settle, slap, table

from firmware.runtime.controls import SeatControls
from firmware.screens import cha_dango as cd_screen
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
from firmware.ui.kit import wrap_words

R = 5  # revealed card: cat, pink dango, blue background
MATCH = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
NOTHING = find(exclude={R, MATCH}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
USED = {R, MATCH, NOTHING}
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in USED)
REST = [c.id for c in CARDS if not c.start and c.id not in USED | {TOP}][:5]


def _play_out(g):
    """Settle the race; keep every event text for :func:`_events`."""
    got = []
    while g.view(None)["phase"] == "race":
        got += settle(g)
    g.__dict__["_test_log"] = got + g.__dict__.get("_test_log", [])


def _pause_texts(g, events, banner="next 2"):
    ctx = {"last_events": events, "banner": banner, "controls": [SeatControls(s) for s in range(g.num_players)]}
    return hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).texts()


def _events(g):
    got = [e["text"] for e in g.__dict__.pop("_test_log", [])]
    g.__dict__["_kept"] = got
    return got


def _events_kept(g):
    return g.__dict__.get("_kept", [])


def test_both_cups_lifted_on_a_matching_order_the_result_says_nobody_served_the_cat():
    """The tester's seed-7 case: 'Order: cat' with a cat at the table, seat
    1 and seat 2 lift their cups.  The race is decided at once (CD-9: every
    seat answered, nobody can serve any more; the 1 s hold is the sip race's
    only), and the result panel says so instead of standing empty."""
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    lift(g, 0, T0 + 700_000)
    lift(g, 1, T0 + 900_000)
    _play_out(g)
    assert g.view(None)["phase"] == "reveal"
    texts = " | ".join(_pause_texts(g, _events(g)))
    assert "Nobody served the cat" in texts, texts
    assert "Seat 1 sipped, but a customer" in texts and "Seat 2 sipped, but a customer" in texts, texts
    ctx = {"last_events": [e for e in _events_kept(g)], "banner": "next 2",
           "controls": [SeatControls(s) for s in range(2)]}
    for seat in (0, 1):     # each seat's OLED says its sip was wrong
        assert "sipped: it matched" in oled_frame(g, seat, ctx["controls"][seat], ctx).texts


def test_a_matching_order_nobody_answered_says_nobody_served_it():
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    _play_out(g)
    texts = " | ".join(_pause_texts(g, _events(g)))
    assert "Nobody served the cat" in texts, texts


def test_after_a_resume_the_pause_shows_the_last_race_from_the_save():
    """After 'cabinet resume' the runtime has no event texts of the last race:
    the panel is rebuilt from the game's record of it (last_race), never a
    heading over nothing."""
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    slap(g, 1, T0 + 450_000)
    _play_out(g)
    texts = " | ".join(_pause_texts(g, []))
    assert "The last race's result" in texts
    assert "Last order: cat" in texts and "Seat 2 served cat: 450\u00a0ms" in texts, texts


def test_a_sip_tie_says_a_coin_flip_decided_it():
    g = table(2, dining=[NOTHING], deck=[R, TOP] + REST)
    g.vp[0], g.vp[1] = [MATCH], [REST[-1]]
    reveal(g)
    lift(g, 0, T0 + 500_000)
    lift(g, 1, T0 + 500_000)
    from test_cha_dango_helpers import down
    down(g, 0, T0 + 1_600_000)
    down(g, 1, T0 + 1_600_000)
    _play_out(g)
    lines = cd_screen._result_lines(_events(g))
    tie = [t for t in lines if "coin flip" in t]       # told with the VP card it cost
    assert tie and all("tie with" in t or t.startswith("Tie") for t in tie), lines


def test_result_lines_keep_each_number_with_its_unit():
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    slap(g, 1, T0 + 222_000)
    _play_out(g)
    lines = cd_screen._result_lines(_events(g))
    assert lines and not any(re.search(r"\d ms\b", t) for t in lines), lines
    measure = default_measure()
    for t in lines:
        for width in range(80, 400, 7):
            wrapped = wrap_words(t, width, 20, measure) or []
            assert not any(w.startswith("ms") for w in wrapped), (t, width, wrapped)


def test_the_revealers_own_early_hit_is_told_at_once_in_its_words():
    """Ruling CAB-7: the revealer double-taps (reveal, hit 150 ms later).
    It is not exempt (nobody, the revealer included, has seen the order
    yet), but its OLED says at once why and what to do."""
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST, reveal_grace_us=200_000)
    revealer = g.current
    events = [e["text"] for e in reveal(g)]
    evs = slap(g, revealer, T0 + 150_000)
    events += [e["text"] for e in evs]
    assert any("after revealing" in e["text"] for e in evs if e["type"] == "press_too_soon"), evs
    ctx = {"last_events": events, "controls": [SeatControls(s) for s in range(2)]}
    held = " ".join(oled_frame(g, revealer, ctx["controls"][revealer], ctx).texts)
    assert "look, then hit" in held, held       # told while the button is still down
    events += [e["text"] for e in release(g, revealer, T0 + 230_000)]
    ctx["last_events"] = events
    let_go = " ".join(oled_frame(g, revealer, ctx["controls"][revealer], ctx).texts)
    assert "look, then hit" in let_go, let_go


def test_the_revealers_oled_leaves_too_soon_once_it_answers():
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST, reveal_grace_us=200_000)
    revealer = g.current
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in slap(g, revealer, T0 + 150_000)]
    events += [e["text"] for e in release(g, revealer, T0 + 230_000)]
    events += [e["text"] for e in slap(g, revealer, T0 + 700_000)]
    ctx = {"last_events": events, "controls": [SeatControls(s) for s in range(2)]}
    texts = " ".join(oled_frame(g, revealer, ctx["controls"][revealer], ctx).texts)
    assert "look, then hit" not in texts and "HIT" in texts, texts


def test_the_revealers_early_cup_lift_is_told_to_look_then_lift():
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST, reveal_grace_us=200_000)
    revealer = g.current
    events = [e["text"] for e in reveal(g)] + [e["text"] for e in lift(g, revealer, T0 + 120_000)]
    ctx = {"last_events": events, "controls": [SeatControls(s) for s in range(2)]}
    texts = " ".join(oled_frame(g, revealer, ctx["controls"][revealer], ctx).texts)
    assert "look, then lift" in texts, texts


def test_a_hit_tie_says_a_coin_flip_decided_it():
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    slap(g, 0, T0 + 400_000)
    slap(g, 1, T0 + 400_001)
    _play_out(g)
    lines = cd_screen._result_lines(_events(g))
    tie = [t for t in lines if t.startswith("Tie")]
    assert tie and all("coin flip" in t for t in tie), lines
