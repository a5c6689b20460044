"""Cha dango as a fresh play-tester met it (issue 34, "Played as people
play", the Cha dango list): the VP-card choice seen and timed (ruling
CAB-9), a tie on an order with two matching customers (CD-4), and the
smaller things a seat reads: the revealer's press is not a "HIT", three
VP cards lost are three (and why), the 1 s sip hold shows its progress,
the deck between orders asks for nothing yet."""
from __future__ import annotations

from collections import deque

from test_cha_dango_helpers import CARDS, T0, down, find, lift, release, reveal, settle, slap, table, tick

from firmware.runtime.controls import SeatControls
from firmware.screens import cha_dango as cd_screen
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame

R = 5  # revealed card: cat, pink dango, blue background
MATCH = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
MATCH2 = find(exclude={R, MATCH}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
NOTHING = find(exclude={R, MATCH, MATCH2}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
NOTHING2 = find(exclude={R, MATCH, MATCH2, NOTHING}, figure=("not", "cat"), dango=("not", "pink"),
                background=("not", "blue"))
USED = {R, MATCH, MATCH2, NOTHING, NOTHING2}
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in USED)
REST = [c.id for c in CARDS if not c.start and c.id not in USED | {TOP}][:5]
VP = [c.id for c in CARDS if c.start and c.id not in USED][:3]


def _texts(g, events, now_us, banner=""):
    """(OLED texts per seat, HDMI texts) for the runtime's last 8 event
    texts (the runtime keeps 8), at ``now_us``."""
    ctl = [SeatControls(s) for s in range(g.num_players)]
    ctx = {"last_events": list(deque(events, maxlen=8)), "banner": banner, "now_us": now_us, "controls": ctl}
    for c in ctl:
        c.refresh(g)
    oleds = [" | ".join(oled_frame(g, s, ctl[s], ctx).texts) for s in range(g.num_players)]
    hdmi = hdmi_screen(g, ctx, size=(1280, 720), measure=default_measure())
    return oleds, hdmi


def _shown(scene) -> str:
    """The HDMI's texts as one line (wrapped lines joined, no-break spaces
    as spaces)."""
    return " ".join(" ".join(scene.texts()).replace("\u00a0", " ").split())


def _slowest_owes_a_choice():
    """Seat 1 (index 0) holds 3 VP cards and never sips on an order that
    matches nobody: at the time-out it is the slowest and chooses 1 of 3."""
    g = table(2, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST)
    g.vp[0] = list(VP)
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in lift(g, 1, T0 + 350_000)]
    events += [e["text"] for e in down(g, 1, T0 + 1_400_000)]
    events += [e["text"] for e in tick(g, T0 + 6_002_000)]
    assert g.phase == "place_vp" and g.active_players() == [0]
    return g, events


def test_cab9_the_vp_choice_shows_its_seconds_left_on_the_oled_and_the_hdmi():
    """Play test: "the give-up-a-VP-card choice runs out after 10 s with NO
    countdown on the OLED or the HDMI".  3 s into it both say 7 s left."""
    g, events = _slowest_owes_a_choice()
    now = g.view(None)["vp_choice_deadline_us"] - 7_000_000
    oleds, hdmi = _texts(g, events, now)
    assert "7 s" in oleds[0], oleds[0]
    assert "Seat 1: choose on your screen, 7 s left" in _shown(hdmi), _shown(hdmi)


def test_cab9_a_timed_out_vp_choice_says_which_card_went():
    """Play test: at the time-out a card was given "without saying which".
    The OLED and the HDMI name it, and say the time was up."""
    g, events = _slowest_owes_a_choice()
    gone = g.vp[0][-1]
    events += [e["text"] for e in tick(g, g.view(None)["vp_choice_deadline_us"])]
    assert g.phase == "reveal" and gone in g.dining
    figure = CARDS[gone].figure
    oleds, hdmi = _texts(g, events, g.now_us() + 100_000, banner="next 3")
    assert "time up" in oleds[0] and figure in oleds[0], oleds[0]
    assert f"Time up: Seat 1 gave {figure}" in _shown(hdmi), _shown(hdmi)


def test_cab9_while_the_next_order_waits_the_revealers_oled_offers_no_reveal():
    """Ruling CAB-9 (with CAB-7): during the result pause a press of the
    revealer reveals nothing, so its OLED says when it may (not "press:
    reveal the order"), the seconds left readable."""
    g, events = _slowest_owes_a_choice()
    events += [e["text"] for e in tick(g, g.view(None)["vp_choice_deadline_us"])]
    assert g.current == 1
    g.current = 0            # seat 1 reveals next (as in the play test)
    oleds, _ = _texts(g, events, g.now_us() + 100_000, banner="next 3")
    assert "reveal in 3 s" in oleds[0] and "reveal the order" not in oleds[0], oleds[0]


def test_cd12_a_tie_on_one_customer_is_a_coin_flip_and_the_other_seat_hits_the_2nd():
    """Play test: "Nobody served the tanuki" after two seats hit together
    on an order two customers matched.  Rulebook, How to Play 2A: the
    fastest wins the customer; "if there are more than one matching
    cards, player who wins the former card MUST place the card in front of
    himself first, and then he may hit the 2nd card".  A hit names its
    customer (ruling CD-12, which replaces CD-11's hand-over): the coin
    flip gives the customer both hit to one seat; the other hit a matching
    customer, only not first, so it loses nothing and hits the 2nd one."""
    for seed in range(6):
        g = table(2, dining=[MATCH, NOTHING, MATCH2], deck=[R, TOP] + REST, seed=seed)
        reveal(g)
        slap(g, 0, T0 + 400_000, MATCH)
        slap(g, 1, T0 + 400_002, MATCH)    # within the 5 us tie resolution
        release(g, 0, T0 + 480_000)
        release(g, 1, T0 + 480_000)
        (_, first, _), = g.race["won"]
        slap(g, 1 - first, T0 + 900_000, MATCH2)
        events = []
        while g.phase == "race":
            events += settle(g)
        won = sorted((e["card"], e["player"]) for e in events if e["type"] == "customer_won")
        assert won == sorted([(MATCH, first), (MATCH2, 1 - first)]), won
        assert not [e for e in events if e["type"] in ("not_served", "wrong_hit")]
        assert sorted(len(v) for v in g.vp) == [1, 1]


def test_the_revealers_reveal_press_is_not_shown_as_a_hit():
    """Play test: "the revealer's OLED flashes HIT for ~0.1 s on a reveal"
    (its button is still down from the reveal: no answer)."""
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST, reveal_grace_us=200_000)
    revealer = g.current
    events = [e["text"] for e in reveal(g, buttons_down=[revealer])]
    oleds, _ = _texts(g, events, T0 + 50_000)
    assert "HIT" not in oleds[revealer].split(" | "), oleds[revealer]


def test_three_vp_cards_lost_to_a_wrong_hit_say_three_and_why():
    """Play test: "the OLED says 'lost a VP card' when three were lost",
    and the penalty's cause scrolled out of the result panel.  Seat 1 holds
    3 VP cards and hits on an order nothing matches (a house that sets a
    wrong hit to cost 4, ruling CD-12: all 3 go)."""
    g = table(2, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST, wrong_hit_vp_cards=4)
    g.vp[0] = list(VP)
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in slap(g, 0, T0 + 500_000)]
    events += [e["text"] for e in lift(g, 1, T0 + 600_000)]
    events += [e["text"] for e in down(g, 1, T0 + 1_700_000)]
    while g.phase == "race":
        events += [e["text"] for e in settle(g)]
    assert g.vp[0] == [] and g.phase == "reveal"
    oleds, hdmi = _texts(g, events, g.now_us() + 100_000, banner="next 3")
    assert "-3 VP" in oleds[0] and "wrong hit" in oleds[0], oleds[0]
    shown = _shown(hdmi)
    assert "Seat 1: 3 VP cards (all it had) for a wrong hit" in shown, shown     # issue 34: and why
    assert "Last order: cat" in shown, shown     # the order's text had left the runtime's last 8 events


def test_the_sip_hold_shows_how_long_is_left():
    """Play test: "no progress is shown for the 1 s sip hold".  Half-way
    through the hold the seat's OLED says so and the HDMI shows the seat
    sipping."""
    g = table(2, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST)
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in lift(g, 1, T0 + 300_000)]
    early, hdmi = _texts(g, events, T0 + 500_000)
    later, _ = _texts(g, events, T0 + 1_000_000)
    assert "0.8 s" in early[1] and "0.3 s" in later[1], (early[1], later[1])
    assert any("sip" in t and "0.8 s" in t for t in hdmi.texts()), hdmi.texts()


def test_between_orders_the_deck_is_face_down_and_asks_for_nothing_yet():
    """Play test: "the deck shows the last order's category" after a race.
    The back of the top card is the order's attribute only once the card
    above it is revealed (CD-1): between orders the deck is face down,
    its back's kind shown as "?" "on reveal"."""
    g = table(2, dining=[MATCH, NOTHING], deck=[R, TOP] + REST)
    events = [e["text"] for e in reveal(g)]
    _, during = _texts(g, events, T0 + 100_000)
    assert during.facts.get("asks") == "figure"
    events += [e["text"] for e in slap(g, 1, T0 + 400_000)]
    while g.phase == "race":
        events += [e["text"] for e in settle(g)]
    _, after = _texts(g, events, g.now_us() + 100_000, banner="next 2")
    assert after.facts.get("asks") is None, after.facts
    # issue 34 again: "the deck hides what the top card's back asks for until the reveal": the back that
    # asks is the one the reveal uncovers (CD-1); the deck says so plainly
    assert "?" in after.texts() and "on reveal" in after.texts(), after.texts()
