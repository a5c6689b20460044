"""Cha dango bad input: every refusal says why and changes nothing; plus
exact save/restore in the middle of a race (engine contract)."""
from __future__ import annotations

import json

import pytest

from engines.base import IllegalAction, SetupError
from engines.cha_dango import ChaDango
from test_cha_dango_helpers import CARDS, T0, find, lift, reveal, settle, slap, table, tick

R = 5
MATCH = find(exclude={R}, figure="cat")
NOTHING = find(exclude={R}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in (R, MATCH, NOTHING))
REST = [c.id for c in CARDS if not c.start and c.id not in (R, MATCH, NOTHING, TOP)][:5]


def snap(g) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def refused(g, action, match):
    before = snap(g)
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert snap(g) == before, "a refused action changed the state"


def slap_game():
    g = table(3, dining=[MATCH, NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    assert g.phase == "race" and g.race["kind"] == "slap"
    return g


def sip_game():
    g = table(3, dining=[NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    assert g.phase == "race" and g.race["kind"] == "sip"
    return g


def test_unknown_seat_is_refused():
    """Bad input: unknown seat."""
    g = slap_game()
    refused(g, {"type": "slap", "player": 3, "t_us": T0 + 1}, "unknown seat")
    refused(g, {"type": "slap", "player": -1, "t_us": T0 + 1}, "unknown seat")
    refused(g, {"type": "slap", "t_us": T0 + 1}, "needs the seat")


def test_inputs_outside_a_race_are_refused():
    """Bad input: slaps, releases and cup edges while no race runs; edges
    stamped before the order."""
    g = table(3, dining=[MATCH], deck=[R, TOP] + REST)
    for kind in ("slap", "release", "cup_lift", "cup_down"):
        refused(g, {"type": kind, "player": 0, "t_us": 5}, "no race is running")
    g = slap_game()
    refused(g, {"type": "slap", "player": 0, "t_us": T0 - 1}, "before the order appeared")


def test_reveal_out_of_turn_or_during_a_race_is_refused():
    """Rulebook "How to Play" 1: only the current player reveals, between races."""
    g = table(3, dining=[MATCH], deck=[R, TOP] + REST)
    refused(g, {"type": "reveal", "player": 1, "t_us": T0}, "Player 1's turn")
    refused(g, {"type": "reveal", "player": 0, "t_us": T0, "buttons_down": [7]}, "buttons_down")
    refused(g, {"type": "reveal", "player": 0, "t_us": T0, "cups_up": [1, 1]}, "cups_up")
    refused(g, {"type": "reveal", "player": 0, "t_us": None}, "integer")
    reveal(g)
    refused(g, {"type": "reveal", "player": 0, "t_us": T0 + 5}, "already being served")


def test_timestamps_going_backwards_for_a_seat_are_refused():
    """Bad input: a seat's own edges must not go back in time (CAB-3)."""
    g = sip_game()
    lift(g, 1, T0 + 500_000)
    refused(g, {"type": "cup_down", "player": 1, "t_us": T0 + 499_999}, "backwards")
    g = slap_game()
    slap(g, 0, T0 + 300_000)
    refused(g, {"type": "release", "player": 0, "t_us": T0 + 299_000}, "backwards")


def test_cup_down_without_a_lift_is_refused():
    """Bad input: cup-down without a lift (and a lift of a cup already up)."""
    g = sip_game()
    refused(g, {"type": "cup_down", "player": 2, "t_us": T0 + 100}, "without a lift")
    lift(g, 2, T0 + 200)
    refused(g, {"type": "cup_lift", "player": 2, "t_us": T0 + 300}, "already up")


def test_button_edges_must_alternate():
    """Stuck-button model: press edges need the button up, releases need it down."""
    g = slap_game()
    refused(g, {"type": "release", "player": 1, "t_us": T0 + 10}, "not down")
    slap(g, 1, T0 + 20)
    refused(g, {"type": "slap", "player": 1, "card": MATCH, "t_us": T0 + 30}, "already down")


def test_cd12_a_hit_must_name_a_customer_of_the_dining_area():
    """Ruling CD-12: a hit names the customer it lands on; a slap without
    one (as recorded before hits named their customer) or on a card that
    is not a customer is refused in words and changes nothing."""
    g = slap_game()
    refused(g, {"type": "slap", "player": 1, "t_us": T0 + 300_000}, "cannot be replayed")
    refused(g, {"type": "slap", "player": 1, "card": R, "t_us": T0 + 300_000}, "names the customer")
    refused(g, {"type": "slap", "player": 1, "card": True, "t_us": T0 + 300_000}, "names the customer")
    assert [a.get("card") for a in g.legal_actions(1) if a["type"] == "slap"] == [MATCH, NOTHING]


def test_ticks_cannot_go_backwards_and_unknown_types_are_refused():
    g = slap_game()
    refused(g, {"type": "tick", "t_us": T0 - 1}, "backwards")
    refused(g, {"type": "serve", "player": 0}, "unknown action type")


def test_bad_options_are_setup_errors():
    with pytest.raises(SetupError):
        ChaDango.new(2, 1, {"tie_resolution_us": 0})
    with pytest.raises(SetupError):
        ChaDango.new(2, 1, {"sip_timeout_us": 10, "sip_us": 20})
    with pytest.raises(SetupError):
        ChaDango.new(7, 1)


def test_save_and_restore_mid_race_with_pending_presses_behaves_identically():
    """Engine contract: from_json(to_json()) mid-race (pending, undecided
    presses; a coming tie) gives the same result as the original."""
    everything_else = [c.id for c in CARDS if c.id not in (MATCH, NOTHING, R, TOP, *REST)]
    g = table(3, dining=[MATCH, NOTHING], deck=[R, TOP] + REST + everything_else, seed=11)
    reveal(g)
    slap(g, 1, T0 + 300_002)
    slap(g, 2, T0 + 300_000)
    copy = ChaDango.from_json(json.loads(json.dumps(g.to_json())))
    assert snap(copy) == snap(g)
    events_a = settle(g)
    events_b = copy.apply({"type": "tick", "t_us": copy.deadline_us()})
    assert [e for e in events_a if e["type"] != "order"][-len(events_b):] == events_b
    assert snap(copy) == snap(g)


def test_views_hide_deck_order_and_other_vp_cards():
    """Views: the public view shows the top card's back, never the deck
    order or anyone's VP faces; a seat sees its own VP cards."""
    g = slap_game()
    g.vp[1] = [NOTHING]
    public = g.view(None)
    assert public["deck_count"] == len(g.deck) and public["top_back"] == "figure"
    assert "deck" not in public and "my_vp_cards" not in public
    assert g.view(1)["my_vp_cards"][0]["id"] == NOTHING
    assert "my_vp_cards" in g.view(0) and g.view(0)["my_vp_cards"] == []
    assert public["order"] == {"attribute": "figure", "value": "cat"}
    json.dumps(g.view(2))


def test_late_presses_after_the_last_customer_do_not_carry_over():
    """CD-4: once no matching customer is left the race closes; the next
    turn starts with the button levels the engine saw."""
    g = slap_game()
    slap(g, 0, T0 + 300_000)
    slap(g, 1, T0 + 300_100)
    tick(g, T0 + 400_000)
    assert g.phase == "reveal" and g.vp[0] == [MATCH]
    assert g.legal_actions(1)[0]["buttons_down"] == [0, 1]
