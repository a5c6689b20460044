"""Cha dango: a hit names a customer (ruling CD-12, docs/rulings.md).

Rulebook "How to Play" 2A: all players "try be the first one to hit the
corresponding customer(s) by using one of their hands"; "if you hit the
wrong customer card, you don't [get] any card. All you have to do is hit
the right card as soon as possible."
"""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, T0, down, find, lift, release, reveal, settle, slap, table, types

R = 5   # cat, pink dango, blue background
A = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
B = find(exclude={R, A}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
X = find(exclude={R}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
USED = {R, A, B, X}
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in USED)
REST = [c.id for c in CARDS if not c.start and c.id not in USED | {TOP}][:5]


def game(players=3, dining=(A, X, B), **options):
    g = table(players, dining=list(dining), deck=[R, TOP] + REST, **options)
    reveal(g)
    return g


def test_cd12_the_hit_serves_the_customer_it_names_not_the_oldest_match():
    """A hit on the second matching customer serves that one."""
    g = game(dining=(A, X, B))
    slap(g, 1, T0 + 900_000, B)
    release(g, 1, T0 + 980_000)
    slap(g, 2, T0 + 1_000_000, A)
    events = settle(g)
    assert [(e["player"], e["card"]) for e in events if e["type"] == "customer_won"] == [(1, B), (2, A)]
    assert g.vp[1] == [B] and g.vp[2] == [A]


def test_cd12_a_hit_on_a_customer_that_does_not_match_wins_nothing_and_ends_the_seats_race():
    """"If you hit the wrong customer card, you don't [get] any card": the
    seat's first wrong hit is its answer; a later hit on a matching
    customer counts for nothing; it loses no VP card (default)."""
    g = game(players=2, dining=(A, X))
    g.vp[0] = [REST[0]]
    g.deck.remove(REST[0])
    slap(g, 0, T0 + 400_000, X)          # the wrong customer
    release(g, 0, T0 + 480_000)
    slap(g, 0, T0 + 700_000, A)          # then the right one: too late, it is out
    release(g, 0, T0 + 780_000)
    slap(g, 1, T0 + 1_500_000, A)
    events = settle(g)
    assert [(e["player"], e["card"]) for e in events if e["type"] == "customer_won"] == [(1, A)]
    wrong = [e for e in events if e["type"] == "wrong_hit"]
    assert [(e["player"], e["card"]) for e in wrong] == [(0, X)]
    assert "did not match" in wrong[0]["text"] and "VP card" not in wrong[0]["text"]
    assert g.vp[0] == [REST[0]] and g.phase == "reveal"
    assert g.view(None)["last_race"]["wrong_hit_cards"] == [X, None]


def test_cd12_when_every_seat_hit_wrongly_the_race_is_decided_and_the_customer_stays():
    g = game(players=2, dining=(A, X))
    slap(g, 0, T0 + 400_000, X)
    events = slap(g, 1, T0 + 500_000, X)
    events += settle(g)
    assert g.phase == "reveal" and A in g.dining
    assert "not_served" in types(events)


def test_cd12_a_hit_on_a_customer_already_served_costs_nothing_the_seat_hits_again():
    """Book 2A: with two matching customers the slower hand on the first
    one may still hit the second."""
    g = game(dining=(A, X, B))
    slap(g, 0, T0 + 900_000, A)
    slap(g, 1, T0 + 950_000, A)          # right, but slower: A is served
    release(g, 1, T0 + 1_030_000)
    slap(g, 1, T0 + 1_300_000, B)
    events = settle(g)
    assert [(e["player"], e["card"]) for e in events if e["type"] == "customer_won"] == [(0, A), (1, B)]
    assert "wrong_hit" not in types(events)


def test_cd12_seats_tied_on_one_customer_flip_for_it_and_the_other_hits_again():
    """CAB-4 on one named customer: a coin flip, logged; the tied seat that
    lost it was right, so it may hit the other matching customer."""
    g = game(players=2, dining=(A, X, B))
    slap(g, 0, T0 + 900_000, A)
    slap(g, 1, T0 + 900_002, A)
    release(g, 0, T0 + 980_000)
    release(g, 1, T0 + 980_000)        # the horizon is past the tie: decided inside the engine
    (card, winner, _), = g.race["won"]
    loser = 1 - winner
    slap(g, loser, T0 + 1_200_000, B)
    events = settle(g)
    assert "tie" in types(events) and "coin flip" in " ".join(e.get("text", "") for e in events)
    assert g.vp[winner] == [A] and g.vp[loser] == [B]


def test_cd12_a_wrong_hit_when_nothing_matches_is_no_sip_and_can_cost_the_option():
    """No customer matches: every hit is wrong; the hitter has not sipped
    (the slowest, CD-6) and owes ``wrong_hit_vp_cards`` more (0 by
    default: the book's rule)."""
    for cost, lost in ((0, 1), (2, 3)):
        g = table(2, dining=[X], deck=[R, TOP] + REST, wrong_hit_vp_cards=cost)
        g.vp[0] = list(REST[1:5])
        for c in REST[1:5]:
            g.deck.remove(c)
        reveal(g)
        slap(g, 0, T0 + 400_000, X)
        lift(g, 1, T0 + 500_000)
        down(g, 1, T0 + 1_600_000)
        events = settle(g)
        assert [e["player"] for e in events if e["type"] == "slowest_sip"] == [0]
        while g.phase == "place_vp":
            g.apply(g.legal_actions(0)[0])
        assert len(g.vp[0]) == 4 - lost, cost


def test_cd12_a_seats_own_view_tells_its_wrong_hit_at_once_and_no_other_view_does():
    """Issue 34, PT12 c11: after a wrong hit the seat's OLED said "2nd
    match? aim, hit", inviting a hit that counts for nothing.  The seat's
    own view tells its wrong hit while the race is open (it is out of this
    order); the public view and the other seats' views stay as they would
    after a right hit (CD-9: nothing says whether the order matches)."""
    wrong, right = game(players=3, dining=(A, X, B)), game(players=3, dining=(A, X, B))
    slap(wrong, 0, T0 + 400_000, X)
    slap(right, 0, T0 + 400_000, A)
    assert wrong.phase == "race" and right.phase == "race"
    assert wrong.view(0)["race"]["my_wrong_hit"] == {"card": X, "t_us": T0 + 400_000}
    assert "my_wrong_hit" not in right.view(0)["race"]
    for viewer in (None, 1, 2):
        assert wrong.view(viewer)["race"] == right.view(viewer)["race"], viewer


def test_cd9_a_seats_own_view_tells_its_wrong_sip_at_once_and_no_other_view_does():
    """Issue 34: a seat that lifted its cup on an order a customer matches
    (a wrong sip, CD-9: no customer for it this order) was told only
    "sipped! 2111 ms", as for a right sip.  Its own view tells it at once
    (from the lift: its first answer stands); no other view says it before
    the race is decided, and a lift on an order nothing matches is no
    wrong sip."""
    g = game(players=3, dining=(A, X, B))
    lift(g, 0, T0 + 400_000)
    assert g.phase == "race"
    assert g.view(0)["race"]["my_wrong_sip"] == {"t_us": T0 + 400_000}
    for viewer in (None, 1, 2):
        assert "my_wrong_sip" not in g.view(viewer)["race"], viewer
    down(g, 0, T0 + 1_500_000)                  # the sip done: still wrong
    assert g.view(0)["race"]["my_wrong_sip"] == {"t_us": T0 + 400_000}
    none = game(players=3, dining=(X,))          # nothing matches: a right sip
    lift(none, 0, T0 + 400_000)
    assert "my_wrong_sip" not in none.view(0)["race"]
