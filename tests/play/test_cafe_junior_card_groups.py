"""Café International Junior in the window: the choices come a guest at a
time (PT45, a fresh play-tester, seed 4: every card-and-seat pair was one
flat list of 46 stepped with Left/Right, 25 presses to reach one; three
Britain boys each listed all their seats, the same choices three times).

Identical guests (same country and gender, or two jokers of a gender)
offer each place once; the choices of one guest stand together, and Right
held alone jumps to the next guest's (the runtime's group jump); the
shared screen tells a person so; a choice taken is legal and seats the
guest."""
from __future__ import annotations

from firmware.runtime.group_jump import GROUP_HOLD_US

SEAT = 0


def _guest(game, cid):
    card = next(c for c in game.view(SEAT)["hand"] if c["id"] == cid)
    return card["country"], card["gender"], card["joker"]


def _sig(game, act):
    return (act["type"], _guest(game, act["card"]) if "card" in act else None, act.get("table"), act.get("side"))


def test_identical_guests_offer_each_place_once_and_right_held_jumps_to_the_next_guest(table):
    t = table("cafe-junior", 3, bots={1, 2}, seed=4, options={"start_player": 0})
    t.run_until(lambda t: t.has_choice(SEAT), max_passes=300)
    s = t.session
    acts = s.runtime.controls[SEAT].refresh(s.game)
    sigs = [_sig(s.game, a) for a in acts]
    assert len(sigs) == len(set(sigs)), "a choice offered twice for identical guests"
    legal = {_sig(s.game, a) for a in s.game.legal_actions(SEAT)}
    assert set(sigs) == legal, "every distinct choice still offered"
    # one guest's places stand together, guest after guest
    guests = [_guest(s.game, a["card"]) for a in acts if a["type"] in ("place", "exchange")]
    runs = [g for k, g in enumerate(guests) if k == 0 or guests[k - 1] != g]
    assert len(runs) == len(set(runs)) >= 2, runs
    hdmi = " ".join(t.scene().texts())
    assert "Hold Right: next guest" in hdmi, hdmi
    # Right held alone: the cursor goes to the next guest's first place
    first = _guest(s.game, s.runtime.controls[SEAT].shown(s.game).chosen["card"])
    key = t.key_code(SEAT, "right")
    t.post(key, True)
    t.step(passes=(GROUP_HOLD_US // 1000) // t.pass_ms + 2)
    t.post(key, False)
    t.step(2)
    chosen = s.runtime.controls[SEAT].shown(s.game).chosen
    assert _guest(s.game, chosen["card"]) == runs[runs.index(first) + 1], (first, chosen)
    assert acts.index(chosen) == guests.index(runs[runs.index(first) + 1]), "not the guest's first place"
    before = s.game.scores()[SEAT]
    t.confirm(SEAT)
    t.step(3)
    assert s.game.scores()[SEAT] == before + 1       # taken, legal: the guest sits


def test_a_bots_pick_of_a_guest_not_offered_is_made_with_its_identical_twin():
    """A bot picks from the engine's actions, the second of two identical
    guests too: its cursor goes to the choice offered in its stead (same
    guest, same place), so the bot still plays."""
    from engines import new_game
    from firmware.runtime.controls import SeatControls
    game = new_game("cafe-junior", 3, 4, {"start_player": SEAT})
    c = SeatControls(SEAT)
    offered = c.refresh(game)
    hidden = [a for a in game.legal_actions(SEAT) if a not in offered]
    assert hidden, "seed 4's first hand should hold identical guests"
    for a in hidden:
        i = c.index_of(game, a)
        assert i is not None and _sig(game, offered[i]) == _sig(game, a), a


def test_a_bots_game_runs_to_its_end_through_the_choices_offered(tmp_path):
    from harness import near_end
    near_end(tmp_path, "cafe-junior", 3, 4, 1)      # all bots, headless: it stalls if a pick cannot be made
