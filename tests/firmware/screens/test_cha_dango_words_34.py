"""Issue #34 (played as people play), Cha dango's words: "1 VP cards",
"Seat 2wins" on the OLED, "6000 ms", "animal" on the card back where the
rulebook says "figure", "card 1/8?" on the VP choice, and an OLED that
said nothing of a wrong hit once its event text was gone."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, T0, find, lift, down, reveal, settle, slap, table, tick

from engines.results import Result
from firmware.runtime.controls import SeatControls
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
from firmware.ui.oled import OledFrame

from test_cha_dango_helpers import NOTHING, NOTHING2  # an order nothing matches (CD-9)
from test_cha_dango_helpers import NOTHING_R as R, NOTHING_REST as REST, NOTHING_TOP as TOP, NOTHING_USED as USED
VP = [c.id for c in CARDS if c.start and c.id not in USED][:3]


def _ctx(g, events=(), now_us=None):
    ctl = [SeatControls(s) for s in range(g.num_players)]
    for c in ctl:
        c.refresh(g)
    return ctl, {"last_events": list(events), "banner": "", "now_us": now_us or g.now_us(), "controls": ctl}


def test_one_vp_card_is_one_vp_card_on_the_end_card():
    r = Result("cha-dango", [1, 0], "VP cards", [[0], [1]], [0], False, None, None)
    assert r.headline == "Seat 1 wins with 1 VP card", r.headline
    assert "1 VP cards" not in " ".join(r.lines), r.lines
    assert r.amount(1) == "1 VP card" and r.amount(3) == "3 VP cards"


def test_the_big_oled_words_keep_a_visible_space():
    f = OledFrame()
    gap = f.width("Seat 2 wins", 16) - f.width("Seat 2wins", 16)
    assert gap >= 5, f"the space between 'Seat 2' and 'wins' is {gap} px: reads 'Seat 2wins'"


def test_the_sip_time_out_is_said_in_seconds():
    g = table(2, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST)
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in lift(g, 1, T0 + 300_000)]
    events += [e["text"] for e in down(g, 1, T0 + 1_400_000)]
    events += [e["text"] for e in tick(g, T0 + 6_100_000)]
    said = " ".join(events)
    assert "within 6 s" in said and "6000 ms" not in said, said


def test_the_card_back_says_figure_as_the_rulebook_does():
    g = table(2, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST)
    reveal(g)                                          # the next card's back shows during the race
    assert g.view(None)["top_back"] == "figure"
    _, ctx = _ctx(g)
    texts = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).texts()
    assert "figure" in texts and "animal" not in texts, texts


def test_the_vp_choice_on_the_shared_screen_says_it_gives_a_vp_card():
    g = table(2, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST)
    g.vp[0] = list(VP)
    reveal(g)
    lift(g, 1, T0 + 350_000)
    down(g, 1, T0 + 1_400_000)
    tick(g, T0 + 6_002_000)
    assert g.phase == "place_vp"
    _, ctx = _ctx(g)
    texts = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).texts()
    assert "give VP card 1 of 3?" in texts, texts


def test_a_wrong_hit_is_said_on_the_oled_once_decided_even_without_its_event_text():
    g = table(2, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST)
    g.vp[0] = list(VP) + list(REST[:2])
    reveal(g)
    slap(g, 0, T0 + 328_000)
    lift(g, 1, T0 + 400_000)
    down(g, 1, T0 + 1_500_000)
    while g.phase == "race":
        settle(g)
    ctl, ctx = _ctx(g, events=[])                      # after a resume: no event texts
    oled = " ".join(oled_frame(g, 0, ctl[0], ctx).texts)
    assert "wrong hit" in oled, oled
