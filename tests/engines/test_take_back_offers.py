"""Take-back in the engines, from the play-test of issue 34 (/tmp/pt11
s17 -> s18, ruling CAB-11): what the engine offers must be what a hold
does, and a refusal names the true reason."""
from __future__ import annotations

import copy
import pytest

from engines import IllegalAction, new_game
from engines.take_back import TAKE_BACK


def test_ginza_the_draft_pick_is_final_once_the_passed_cards_are_shown():
    """The first bonus pick kept last ends the first draft: the cards the
    seat to the right passed come to light.  Taking the pick back there
    would choose again knowing them; it is final ("cards were passed")."""
    g = new_game("ginza", 3, 692142168)
    bot_pick = lambda s: g.apply(g.legal_actions(s)[0])   # noqa: E731
    while g.st["phase"] == "player_card" or g.chance_requests():
        if g.chance_requests():
            req = g.chance_requests()[0]
            g.apply({"type": "dice", "player": req["player"], "values": [3] * req["count"], "colour": req["colour"]})
        else:
            bot_pick(g.active_players()[0])
    assert g.st["phase"] == "draft1"
    bot_pick(1)
    bot_pick(2)
    events = g.apply(g.legal_actions(0)[0])               # seat 1 keeps its card last
    assert g.st["phase"] == "draft2" and 0 in g.active_players()
    assert any(e["type"] == "cards_passed" for e in events)
    assert not g.can_take_back(0)
    why = g.take_back_refusal(0)
    assert (why["why"], why["words"]) == ("revealed", "cards were passed")
    with pytest.raises(IllegalAction):
        g.apply({"type": TAKE_BACK, "player": 0})


def _serving_three(seed: int):
    """Cryptid Cafe, 3 seats, round 1's serving reached by the first
    legal choices, every seat serving at once, seat 1 able to serve and
    still serving after it."""
    g = new_game("cryptid-cafe", 3, seed)
    for _ in range(500):
        if g.phase == "serve" and len(g.active_players()) == 3:
            for a in g.legal_actions(0):
                if a["type"] == "serve":
                    after = copy.deepcopy(g)
                    after.apply(a)
                    if 0 in after.active_players():
                        return g, a
            return None
        seat = g.active_players()[0]
        g.apply(next(a for a in g.legal_actions(seat) if a["type"] != "manager"))
    return None


def test_cryptid_cafe_a_serve_made_final_by_seat_2_stays_said_so_after_seat_3_moves():
    """Seat 1 serves; Seat 2 then Seat 3 act.  Seat 1's refusal names
    Seat 2's move (it said "you have made no choice this turn yet": the
    note of why seat 1's choice became final was replaced by seat 2's)."""
    for seed in range(1, 40):
        found = _serving_three(seed)
        if found is not None:
            break
    else:
        pytest.fail("no seed reached a serving of three seats")
    g, serve = found
    g.apply(serve)
    assert g.can_take_back(0)
    g.apply(g.legal_actions(1)[-1])
    assert g.take_back_refusal(0) == {"why": "other_seat", "seat": 1, "words": None}
    g.apply(g.legal_actions(2)[-1])
    assert 0 in g.active_players()
    assert g.take_back_refusal(0) == {"why": "other_seat", "seat": 1, "words": None}


def test_cryptid_cafe_solo_the_ais_answer_is_final_because_it_would_be_known():
    """Ruling CAB-11, weighed for the solo game: the AI players answer a
    server sent at once by drawing from their face-down placement decks
    and rolling the AI die.  Undoing that answer with the seat's server
    would show the seat what the AI does next: the same deck order and the
    same die are restored, so it would play the same card again, now
    known.  The seat's server is final once the AI answered; the hold
    says so ("the AI players moved")."""
    g = new_game("cryptid-cafe", 1, 3)
    before = copy.deepcopy(g)
    places = [a for a in g.legal_actions(0) if a["type"] == "place"]
    events = g.apply(places[0])
    drawn = [e["station"] for e in events if e["type"] == "ai_draw"]
    assert drawn and any(e["type"] == "ai_roll" for e in events)
    assert not g.can_take_back(0)
    assert g.take_back_refusal(0)["words"] == "the AI players moved"
    # what an undo of the AI's answer would have shown: the restored game draws the same card again
    other = next(a for a in places if a["station"] not in drawn)
    again = before.apply(other)
    assert [e["station"] for e in again if e["type"] == "ai_draw"][:1] == drawn[:1]

