"""Take-back in the turn-based games (engines/take_back.py): a seat takes
back its last confirmed choice while its turn lasts and nothing hidden or
random came to light since; never across another seat's move, a draw, a
roll or a revealed card (Board Game Arena's policy)."""
from __future__ import annotations

import json

import pytest

from bots.random_bot import RandomBot
from engines import IllegalAction, engine_class, new_game
from engines.take_back import TAKE_BACK


def state(game) -> str:
    """The game's whole state (RNG included) without its take-back history."""
    data = game.to_json()
    data.pop("take_back", None)
    return json.dumps(data, sort_keys=True)


def full(game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def take_back(seat: int) -> dict:
    return {"type": TAKE_BACK, "player": seat}


def play_until(game, found, seed: int = 1, cap: int = 3000):
    """Random play (a RandomBot for the table) until ``found(game, action)``
    holds for an action about to be applied; returns that action (not yet
    applied), or None when the game ended first."""
    bot = RandomBot(seed)
    for _ in range(cap):
        if game.is_terminal():
            return None
        action = bot.next_action(game)
        if found(game, action):
            return action
        game.apply(action)
    return None


def refused_unchanged(game, seat: int) -> str:
    """A take-back ``seat`` may not make: it raises IllegalAction whose
    message says why, and nothing changes; returns the message."""
    before = full(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(take_back(seat))
    assert full(game) == before
    assert str(err.value).startswith("no take-back: ")
    return str(err.value)


# ------------------------------------------------------------- Café Junior
def _cafe_place(game, action):
    return action.get("type") == "place"


def test_cafe_junior_takes_back_a_seated_guest_to_the_state_before_it():
    g = new_game("cafe-junior", 3, 5)
    action = play_until(g, _cafe_place)
    seat, before, legal = action["player"], state(g), g.legal_actions(action["player"])
    assert not g.can_take_back(seat)
    g.apply(action)
    if seat not in g.active_players():        # the 4th guest ended the turn: find a plain placement
        pytest.skip("placement ended the turn")
    assert g.can_take_back(seat) and g.take_back_problem(seat) is None
    events = g.apply(take_back(seat))
    assert state(g) == before
    assert g.legal_actions(seat) == legal
    assert events[0]["type"] == TAKE_BACK and events[0]["text"].startswith(f"Seat {seat + 1} took back seating ")
    assert events[0]["action"] == action


def test_cafe_junior_takes_back_two_placements_one_by_one():
    g = new_game("cafe-junior", 2, 11)
    play_until(g, _cafe_place)
    seat = g.active_players()[0]
    states = []
    for _ in range(2):
        place = next((a for a in g.legal_actions(seat) if a["type"] == "place"), None)
        assert place is not None
        states.append(state(g))
        g.apply(place)
        assert seat in g.active_players()
    g.apply(take_back(seat))
    assert state(g) == states[1] and g.can_take_back(seat)
    g.apply(take_back(seat))
    assert state(g) == states[0]
    assert "no choice this turn yet" in refused_unchanged(g, seat)


def test_cafe_junior_no_take_back_after_the_draw_at_the_end_of_the_turn():
    g = new_game("cafe-junior", 2, 7)
    play_until(g, lambda game, a: a["type"] == "end_turn")
    seat = g.active_players()[0]
    g.apply({"type": "end_turn", "player": seat})
    assert not g.can_take_back(seat)
    assert "your turn is over" in refused_unchanged(g, seat)
    other = g.active_players()[0]
    assert other != seat
    assert not g.can_take_back(other)            # the new turn: nothing of its own yet
    assert "no choice this turn yet" in refused_unchanged(g, other)


def test_cafe_junior_no_take_back_across_a_revealed_table():
    """A 4th guest that completes a table turns a new table up from the pile:
    a revealed secret, so the choices before it are final."""
    g = engine_class("cafe-junior").new(2, 3)
    play_until(g, lambda game, a: a["type"] == "place" and any(
        e["type"] == "table_revealed" for e in _events_of(game, a)), seed=2)
    assert not g.is_terminal()
    seat = g.active_players()[0]
    action = next(a for a in g.legal_actions(seat) if a["type"] == "place"
                  and any(e["type"] == "table_revealed" for e in _events_of(g, a)))
    g.apply(action)
    assert not g.can_take_back(seat)
    said = refused_unchanged(g, seat)       # the table was full: the turn may have ended with it
    assert ("a new table came up since" if seat in g.active_players() else "your turn is over") in said, said


def _events_of(game, action) -> list[dict]:
    trial = game.clone()
    try:
        return trial.apply(action)
    except IllegalAction:
        return []


# ------------------------------------------------------------------- Ginza
def ginza_in_play(seed: int = 1):
    """A 2-seat Ginza game in the play phase (player cards and draft made,
    every roll answered), the turn seat's to act."""
    g = new_game("ginza", 2, seed)
    play_until(g, lambda game, a: game.st["phase"] == "play" and not game.chance_requests(), seed=seed)
    return g


def test_ginza_takes_back_an_arrange_level_raised_within_the_turn():
    """Raising an Arrange level keeps the turn (the main action is still to
    come): a misclick there is taken back to the yen and level before it."""
    g = ginza_in_play()
    seat = g.active_players()[0]
    me = g.st["players"][seat]
    me["coins"], me["orders"] = 3, ["COFF-I-3", "COFF-I-4"]    # 4 VP of coffee orders, ¥3: the rulebook's price
    before, legal = state(g), g.legal_actions(seat)
    g.apply({"type": "upgrade", "player": seat, "arrange": "change"})
    assert me is not g.st["players"][seat] or me["levels"]["change"] == 2
    assert g.can_take_back(seat)
    events = g.apply(take_back(seat))
    assert state(g) == before and g.legal_actions(seat) == legal
    assert g.st["players"][seat]["levels"]["change"] == 1 and g.st["players"][seat]["coins"] == 3
    assert "raising" in events[0]["text"]       # "Seat 1 took back raising ..." (issue 34, pt11)


def test_ginza_no_take_back_after_dice_are_rolled():
    """Reroll Dice rolls dice (a random event the camera reads): after it
    neither the reroll nor the level raised before it can be taken back,
    though the seat goes on rerolling."""
    g = ginza_in_play()
    seat = g.active_players()[0]
    me = g.st["players"][seat]
    me["coins"], me["orders"] = 3, ["COFF-I-3", "COFF-I-4"]
    g.apply({"type": "upgrade", "player": seat, "arrange": "change"})
    reroll = next(a for a in g.legal_actions(seat) if a["type"] == "reroll" and len(a["dice"]) == 1)
    g.apply(reroll)
    assert not g.can_take_back(seat)            # waiting for the die
    assert "being rolled" in refused_unchanged(g, seat)
    req = g.chance_requests()[0]
    g.apply({"type": "dice", "player": req["player"], "values": [3] * req["count"], "colour": req["colour"]})
    assert seat in g.active_players()           # still rerolling (Lv.1: two rerolls)
    assert not g.can_take_back(seat)
    assert "the dice were read since" in refused_unchanged(g, seat)


def test_ginza_no_take_back_of_a_hidden_player_card_choice():
    """Choosing the player card ends the seat's decision (hidden until all
    chose): nothing to take back."""
    g = new_game("ginza", 2, 1)
    card = g.legal_actions(0)[0]
    g.apply(card)
    assert not g.can_take_back(0)
    refused_unchanged(g, 0)


# ------------------------------------------------------------ Cryptid Cafe
def _serving(game, action):
    return getattr(game, "phase", None) == "serve" and action.get("type") == "serve"


def _a_serve():
    """A 2-seat Cryptid Cafe at its first serve (the first seed that reaches
    one): ``(game, the serve about to be applied)``."""
    for seed in range(1, 30):
        g = new_game("cryptid-cafe", 2, seed)
        action = play_until(g, _serving, seed=seed)
        if action is not None:
            return g, action
    pytest.fail("no seed reached a serve")


def test_cryptid_cafe_takes_back_a_serve_and_not_after_another_seat_moved():
    g, action = _a_serve()
    seat, before = action["player"], state(g)
    g.apply(action)
    assert seat in g.active_players()          # still serving (both seats serve at once)
    assert g.can_take_back(seat)
    g.apply(take_back(seat))
    assert state(g) == before
    g.apply(action)
    other = next(s for s in g.active_players() if s != seat)
    g.apply(g.legal_actions(other)[-1])           # the other seat acts (done serving)
    assert not g.can_take_back(seat)
    assert f"Seat {other + 1} has moved since your last choice" in refused_unchanged(g, seat)


def test_cryptid_cafe_no_take_back_across_an_ai_players_move():
    """Solo: after the seat sends a server, the AI players draw their
    placement cards and roll their die (random, and other players' moves)."""
    g = new_game("cryptid-cafe", 1, 3)
    place = next(a for a in g.legal_actions(0) if a["type"] == "place")
    events = g.apply(place)
    assert any(e["type"].startswith("ai_") for e in events)
    assert not g.can_take_back(0)
    assert "the AI players moved since" in refused_unchanged(g, 0)


# ----------------------------------------------------------------- general
def test_real_time_games_have_no_take_back():
    g = new_game("retrograde", 2, 1)
    assert "real time" in refused_unchanged(g, 0)


def test_take_back_history_survives_a_snapshot_and_a_damaged_one_is_refused():
    g = new_game("cafe-junior", 2, 11)
    play_until(g, _cafe_place)
    seat = g.active_players()[0]
    g.apply(next(a for a in g.legal_actions(seat) if a["type"] == "place"))
    data = g.to_json()
    assert "take_back" in data
    loaded = type(g).from_json(json.loads(json.dumps(data)))
    assert loaded.can_take_back(seat)
    loaded.apply(take_back(seat))
    g.apply(take_back(seat))
    assert full(loaded) == full(g)
    data["take_back"]["kept"][0]["before"] = {"game": "cafe-junior"}
    with pytest.raises(ValueError, match="damaged"):
        type(g).from_json(data)


def test_take_back_by_a_seat_that_made_no_choice_changes_nothing():
    g = new_game("cafe-junior", 2, 11)
    play_until(g, _cafe_place)
    seat = g.active_players()[0]
    g.apply(next(a for a in g.legal_actions(seat) if a["type"] == "place"))
    assert "your turn is over" in refused_unchanged(g, 1 - seat)   # its turn ended, the other seat's runs
    assert g.can_take_back(seat)


def test_every_revealing_event_names_what_came_to_light_in_a_line():
    """A refusal says what made the choice final (issue 34: it said only
    "nothing to take back"): every game's revealing events have words, one
    line of a seat's screen (20 letters)."""
    for gid in ("ginza", "cryptid-cafe", "cafe-junior"):
        cls = engine_class(gid)
        assert set(cls.REVEALING_EVENTS) <= set(cls.TAKE_BACK_WORDS), gid
        assert all(len(w) <= 20 for w in cls.TAKE_BACK_WORDS.values()), cls.TAKE_BACK_WORDS


def test_a_seat_waiting_since_the_game_began_hears_whose_turn_it_is():
    g = new_game("cafe-junior", 2, 11)
    seat = g.active_players()[0]
    assert f"it is Seat {seat + 1}'s turn, not yours" in refused_unchanged(g, 1 - seat)
    g.apply(next(a for a in g.legal_actions(seat) if a["type"] == "place"))
    assert f"it is Seat {seat + 1}'s turn, not yours" in refused_unchanged(g, 1 - seat)


def test_ginza_a_round_ended_by_the_seats_last_move_says_so():
    """The last action token of a round ends it (B. End of the Round): the
    seat that spent it hears "the round has ended"."""
    g = ginza_in_play()
    bot = RandomBot(4)
    for _ in range(400):
        seat = (g.active_players() or [None])[0]
        action = bot.next_action(g)
        events = g.apply(action)
        if any(e["type"] == "round_end" for e in events):
            break
    else:
        pytest.fail("no round ended")
    assert action.get("player") == seat is not None
    assert refused_unchanged(g, seat) == "no take-back: the round has ended"


def test_a_snapshot_keeps_why_each_seat_may_not_take_back():
    """``from_json(to_json())`` behaves identically (Game.to_json), the
    take-back refusals included: the history's per-seat notes (why a seat's
    choices became final) were not saved, so a loaded game said "you have
    made no choice this turn yet" where the game said "Seat 2 has moved
    since your last choice" (issue 34, noticed after round 8)."""
    g, action = _a_serve()
    g.apply(action)
    seat = action["player"]
    other = next(s for s in g.active_players() if s != seat)
    g.apply(g.legal_actions(other)[-1])
    said = refused_unchanged(g, seat)
    assert "has moved since" in said
    loaded = type(g).from_json(json.loads(json.dumps(g.to_json())))
    assert refused_unchanged(loaded, seat) == said
    assert full(loaded) == full(g)
    data = g.to_json()
    data["take_back"]["closed"][0]["why"] = "because"
    with pytest.raises(ValueError, match="damaged"):
        type(g).from_json(data)
