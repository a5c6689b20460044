"""Retrograde: a claim is decided by its timestamp, never by when its edge
arrives (ruling CAB-3; issue 20, item 1).

Rulebook, 2 - Roll Dice: once you grab a card "you cannot roll your dice
anymore"; RG-7: the dice frozen for a seat are the last stable reading at
the claim's stamp; RG-10: the solo timer; CAB-4: stamps closer than the
edge source's resolution are a tie broken by a logged coin flip.
"""
from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.retrograde import ENGINE as Retrograde

SETTLE = Retrograde.option_defaults["claim_settle_us"]
MS = 1000


def two_seats(seed=4):
    g = Retrograde.new(2, seed)
    g.apply({"type": "dice", "player": 0, "values": [1] * 6, "t_us": 100 * MS})
    g.apply({"type": "dice", "player": 1, "values": [2] * 6, "t_us": 100 * MS})
    return g


def test_rg7_dice_freeze_at_the_claim_stamp_not_at_its_arrival():
    """"You cannot roll your dice anymore": seat 0's dice read 1s at 100 ms,
    it claims at 500 ms, the camera sees a reroll at 510 ms read as 6s at
    540 ms, and the claim's edge arrives after that reading (inside the
    settle window): the 1s are frozen."""
    g = two_seats()
    card = g.s["face_up"][0]
    g.apply({"type": "reroll", "player": 0, "t_us": 510 * MS})
    g.apply({"type": "dice", "player": 0, "values": [6] * 6, "t_us": 540 * MS})
    g.apply({"type": "claim", "player": 0, "card": card, "t_us": 500 * MS})
    assert g.s["seats"][0]["dice"] == [1] * 6
    g.apply({"type": "tick", "t_us": g.deadline_us()})
    assert g.s["seats"][0]["claim"] == card and g.s["seats"][0]["dice"] == [1] * 6


def test_rg7_unrequested_reading_after_the_stamp_is_undone_too():
    """RG-7: a camera reading stamped after the claim (no reroll action)
    does not count either."""
    g = two_seats()
    card = g.s["face_up"][1]
    g.apply({"type": "dice", "player": 0, "values": [6] * 6, "t_us": 520 * MS})
    g.apply({"type": "claim", "player": 0, "card": card, "t_us": 500 * MS})
    assert g.s["seats"][0]["dice"] == [1] * 6


def test_rg7_reroll_before_the_stamp_still_rolling_refuses_the_claim():
    """RG-7: dice rolling at the claim's stamp (reroll before, no reading
    yet) cannot be claimed with."""
    g = two_seats()
    g.apply({"type": "reroll", "player": 0, "t_us": 480 * MS})
    before = g.to_json()
    with pytest.raises(IllegalAction, match="still rolling"):
        g.apply({"type": "claim", "player": 0, "card": g.s["face_up"][0], "t_us": 500 * MS})
    assert g.to_json() == before


def test_rg10_solo_claim_before_the_timer_wins_even_if_its_edge_arrives_after_the_tick():
    """RG-10 / CAB-3: a claim stamped 24.99 s after the roll whose edge
    arrives just after the runtime's tick at 25 s wins over the timer: the
    timer's deadline has the same settle window as claims."""
    for seed in range(8):
        g = Retrograde.new(1, seed)
        g.apply({"type": "dice", "player": 0, "values": [3] * 6, "t_us": 0})
        assert g.deadline_us() == 25_000_000 + SETTLE
        g.apply({"type": "tick", "t_us": 25_000_000 + 1})      # a runtime tick just after 25 s
        card = g.s["face_up"][0]
        g.apply({"type": "claim", "player": 0, "card": card, "t_us": 24_990_000})
        assert g.s["seats"][0]["claim"] == card and not g.s["timer_fired"], seed


def test_rg10_solo_claim_after_the_timer_expired_loses_to_it():
    """RG-10: a claim stamped after 25 s comes after the timer, even before
    the timer's tick: the box dice are rolled first; a card they eliminate
    can no longer be claimed (and the refusal changes nothing)."""
    import random
    from engines.retrograde.components import default_components
    g = Retrograde.new(1, 8)
    g.apply({"type": "dice", "player": 0, "values": [3] * 6, "t_us": 0})
    r = random.Random()
    r.setstate(g.rng.getstate())
    box = [r.randint(1, 6) for _ in range(2)]
    cards = default_components().cards
    keep = next(c.id for c in cards if not set(c.colours) & set(box))
    lose = next(c.id for c in cards if set(c.colours) & set(box))
    g.s["face_up"] = [keep, lose]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not face up"):
        g.apply({"type": "claim", "player": 0, "card": lose, "t_us": 25_010_000})
    assert g.to_json() == before
    events = g.apply({"type": "claim", "player": 0, "card": keep, "t_us": 25_010_000})
    assert g.s["timer_fired"] and events[0]["type"] == "timer"
    assert g.s["seats"][0]["claim"] == keep


@pytest.mark.parametrize("seed", range(10))
def test_cab4_claims_two_us_apart_at_the_settle_boundary_are_a_tie(seed):
    """CAB-4: seat 0 claims a card at t; the runtime ticks at t + the settle
    window (the deadline before this fix); seat 1's claim on the same card
    stamped t + 2 us arrives after that tick: the two are a tie, decided by
    the logged coin flip (claims settle at stamp + tie window + settle
    window, as Cha dango's races do)."""
    g = two_seats(seed)
    card = g.s["face_up"][0]
    t = 700 * MS
    g.apply({"type": "claim", "player": 0, "card": card, "t_us": t})
    assert g.deadline_us() == t + 5 + SETTLE     # stamp + tie window + settle window
    events = g.apply({"type": "tick", "t_us": t + SETTLE})
    assert not [e for e in events if e["type"] == "claim"], "decided before a tie could be known"
    g.apply({"type": "claim", "player": 1, "card": card, "t_us": t + 2})
    events = g.apply({"type": "tick", "t_us": g.deadline_us()})
    won = [e for e in events if e["type"] == "claim"]
    assert len(won) == 1 and won[0]["tie"] and "tie" in won[0]["text"]


def test_cab4_ties_at_the_boundary_go_both_ways():
    winners = set()
    for seed in range(16):
        g = two_seats(seed)
        card = g.s["face_up"][0]
        g.apply({"type": "claim", "player": 0, "card": card, "t_us": 700 * MS})
        g.apply({"type": "tick", "t_us": 700 * MS + SETTLE})
        g.apply({"type": "claim", "player": 1, "card": card, "t_us": 700 * MS + 2})
        g.apply({"type": "tick", "t_us": g.deadline_us()})
        winners.add(0 if g.s["seats"][0]["claim"] == card else 1)
    assert winners == {0, 1}


def test_rg14_first_game_ignores_the_third_spot_in_the_first_round():
    """Rulebook: "If this is your first game, consider playing without Coins,
    Power-Ups, Bosses, and Comets for the first round; just ignore the third
    spot on each Target Card" (option first_game, ruling RG-14)."""
    from engines.retrograde.components import default_components
    cards = default_components().cards
    coin = next(c.id for c in cards if c.spot == "coin")
    power = next(c.id for c in cards if c.spot == "power-up")
    for first_game in (False, True):
        g = Retrograde.new(1, 3, {"first_game": first_game})
        assert g.s["round"] == 1
        described = " ".join(g._card(c).describe() for c in (coin, power))
        assert ("coin" in described) != first_game
        seat = g.s["seats"][0]
        g.s["face_up"] = [c for c in g.s["face_up"] if c not in (coin, power)]
        g.s["deck"] = [c for c in g.s["deck"] if c not in (coin, power)]
        g.s["setup_discard"] = [c for c in g.s["setup_discard"] if c not in (coin, power)]
        g.s["discard"] = [c for c in g.s["discard"] if c not in (coin, power)]
        seat["claim"], seat["dice"] = coin, [1] * 6
        seat["hand"] = []
        g.s["face_up"].append(power)
        g._end_round()
        assert seat["coins_marked"] == (0 if first_game else 1)
    g = Retrograde.new(1, 3, {"first_game": True})
    g.s["round"] = 2
    assert "coin" in g._card(coin).describe()
