"""Cryptid Cafe rules scenarios (rulebook cryptid-cafe.txt; rulings CC-1..CC-8).

Each test builds a game in a chosen state from a snapshot and applies real
actions through the engine contract.
"""
from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.cryptid_cafe import CryptidCafe
from test_cryptid_cafe_helpers import cust, dishes, scenario, snapshot, track

K, B, V, C, W = "kaputtcino", "baba_au_rhume", "beuvnoire", "croque_monsieur", "waterzoeil"


def empty_stations(ranks=3):
    return {s: [None] * ranks for s in (K, B, V, C, W)}


def share_state(stations, share_index=0, coins=(5, 5, 5), moved=(False, False, False), **extra):
    """A 3-player game in Phase 2 at station ``share_index``."""
    return scenario(3, phase="share", share_index=share_index, stations=stations,
                    players_state=[{"coins": c, "moved_up": m} for c, m in zip(coins, moved)], **extra)


def assert_rejected(game, action, match):
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert snapshot(game) == before, "a rejected action changed the state"


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("players,rounds,coins,ranks", [(1, 9, 5, 3), (2, 9, 5, 3), (3, 9, 5, 3),
                                                         (4, 8, 5, 3), (5, 10, 7, 4)])
def test_setup_rounds_coins_ranks(players, rounds, coins, ranks):
    """Setup c (5 coins, 7 in 5-player games), "Number of rounds", CC-1
    (4 ranks in 5-player games), setup f (2 customers on the green spaces)."""
    g = CryptidCafe.new(players, 7)
    assert g.num_rounds == rounds
    assert all(len(r) == ranks for r in g.stations.values())
    for p in g.players:
        assert p["coins"] == coins
        assert [i for i, c in enumerate(p["track"]) if c is not None] == [0, 1]
        events_in_deck = sum(1 for cid in p["deck"] if g.comp.is_event(cid))
        assert events_in_deck == (6 if players == 1 else 2)
        assert len(p["deck"]) == 15 + events_in_deck - 2
    assert g.supply == {s: 24 for s in (K, B, V, C, W)}


def test_setup_difficulty_must_be_known():
    from engines.base import SetupError
    with pytest.raises(SetupError, match="difficulty"):
        CryptidCafe.new(1, 1, {"difficulty": "nightmare"})


# ------------------------------------------------------------ Phase 1
def test_phase1_clockwise_from_first_player():
    """Phase 1: the first player places, then clockwise, one server each."""
    g = scenario(3, first_player=1, turn_order=[1, 2, 0] * 3, turn_index=0)
    assert g.view()["placing"] == 1
    g.apply({"type": "place", "player": 1, "station": K, "rank": 3})
    assert g.view()["placing"] == 2
    assert_rejected(g, {"type": "place", "player": 0, "station": B, "rank": 3}, "Seat 3's turn")


def test_phase1_second_server_at_same_station_rejected():
    """Phase 1: a player cannot send more than one server to one station."""
    st = empty_stations()
    st[K] = [None, None, 0]
    g = scenario(3, stations=st, turn_order=[0, 1, 2], turn_index=0)
    assert_rejected(g, {"type": "place", "player": 0, "station": K, "rank": 1}, "already have a server")
    assert all(a["station"] != K for a in g.legal_actions(0) if a["type"] == "place")


def test_phase1_taken_rank_rejected():
    st = empty_stations()
    st[K] = [None, None, 1]
    g = scenario(3, stations=st, turn_order=[0, 1, 2], turn_index=0)
    assert_rejected(g, {"type": "place", "player": 0, "station": K, "rank": 3}, "rank 3 of Kaputtcino is taken")
    g.apply({"type": "place", "player": 0, "station": K, "rank": 2})
    assert g.stations[K] == [None, 0, 1]


def test_cc5_closed_station_accepts_no_servers():
    """CC-5 / "Event cards": a station closed by an event takes no server."""
    g = scenario(3, active_event="closed_kaputtcino_1", turn_order=[0, 1, 2], turn_index=0)
    assert_rejected(g, {"type": "place", "player": 0, "station": K, "rank": 3}, "closed")
    assert all(a.get("station") != K for a in g.legal_actions(0))


def test_unable_to_place_takes_a_dish_instead():
    """Phase 1 "unable to place": take a dish from a station not blocked by
    an event and without a server of yours."""
    st = empty_stations()
    st[K] = [1, 2, 3]          # full
    st[B] = [None, None, 0]    # own server
    st[V] = [1, 2, 3]          # full
    st[C] = [1, 2, 3]          # full
    g = scenario(4, stations=st, active_event="closed_waterzoeil_1", turn_order=[0], turn_index=0)
    acts = g.legal_actions(0)
    assert {a["type"] for a in acts} - {"manager"} == {"take_dish", "no_dish"}
    assert sorted(a["station"] for a in acts if a["type"] == "take_dish") == sorted([K, C, V])
    assert_rejected(g, {"type": "take_dish", "player": 0, "station": W}, "blocked")
    assert_rejected(g, {"type": "take_dish", "player": 0, "station": B}, "you have a server")
    g.apply({"type": "take_dish", "player": 0, "station": V})
    assert g.players[0]["dishes"][V] == 1 and g.supply[V] == 23


def test_take_dish_rejected_when_a_station_is_free():
    g = scenario(3, turn_order=[0, 1, 2], turn_index=0)
    assert_rejected(g, {"type": "take_dish", "player": 0, "station": K}, "only when unable to place")
    assert_rejected(g, {"type": "no_dish", "player": 0}, "can still send a server")


def test_unable_to_place_may_decline_the_dish():
    """Phase 1: the unable player "may" take a dish; declining uses the turn."""
    st = {s: [2, 3, 2] for s in (K, B, V, C, W)}  # everything full
    g = scenario(4, stations=st, turn_order=[0, 1], turn_index=0)
    g.apply({"type": "no_dish", "player": 0})
    assert sum(g.players[0]["dishes"].values()) == 0 and g.view()["placing"] == 1


# ------------------------------------------------------------ Phase 2
def test_cc4_share_one_rank_pushes_and_locks():
    """CC-4: moving up 1 rank costs 1 coin; the passed server moves down and,
    now lowest, is locked for the round."""
    st = empty_stations()
    st[K] = [1, 0, 2]
    st[B] = [0, 2, None]
    g = share_state(st)
    assert g.legal_actions(1)[:2] == [
        {"type": "share_tips", "player": 1, "station": K, "ranks": 1},
        {"type": "share_tips", "player": 1, "station": K, "ranks": 2}]
    ev = g.apply({"type": "share_tips", "player": 1, "station": K, "ranks": 1})
    assert g.stations[K] == [0, 1, 2]
    assert g.players[1]["coins"] == 4
    assert g.locked == {K: 0}
    # collection by rank after sharing: rank 3 -> 3, rank 2 -> 2, rank 1 -> 1
    got = {e["player"]: e["dishes"] for e in ev if e["type"] == "collect" and e["station"] == K}
    assert got == {2: 3, 1: 2, 0: 1}
    assert g.players[0]["dishes"][K] == 1 and g.players[1]["dishes"][K] == 2 and g.players[2]["dishes"][K] == 3


def test_cc4_lowest_rank_lock_rejects_the_pushed_server():
    """CC-4: "The new occupant of the lowest rank can no longer change
    position during this round."""
    st = empty_stations()
    st[K] = [1, 0, 2]
    st[B] = [0, 2, None]
    g = share_state(st)
    g.apply({"type": "share_tips", "player": 1, "station": K, "ranks": 1})
    assert g.view()["sharing_station"] == B     # seat 0 decides at the next station
    assert_rejected(g, {"type": "share_tips", "player": 0, "station": K, "ranks": 1}, "pushed to the lowest rank")


def test_cc4_share_two_ranks_pushes_both():
    st = empty_stations()
    st[K] = [1, 0, 2]
    g = share_state(st)
    g.apply({"type": "share_tips", "player": 1, "station": K, "ranks": 2})
    assert g.stations[K] == [0, 2, 1]
    assert g.players[1]["coins"] == 3
    assert g.locked == {K: 0}


def test_cc4_push_with_an_empty_rank_between():
    """CC-4 with an empty rank between: moving 2 pushes the front server to
    the empty rank (and locks it); moving 1 pushes nobody."""
    st = empty_stations()
    st[K] = [1, None, 2]
    g = share_state(st)
    g.apply({"type": "share_tips", "player": 1, "station": K, "ranks": 2})
    assert g.stations[K] == [None, 2, 1]
    assert g.locked == {K: 2}
    g2 = share_state({**empty_stations(), K: [1, None, 2]})
    g2.apply({"type": "share_tips", "player": 1, "station": K, "ranks": 1})
    assert g2.stations[K] == [None, 1, 2]
    assert g2.locked == {}


def test_share_tips_only_from_the_lowest_rank():
    st = empty_stations()
    st[K] = [1, 0, 2]
    g = share_state(st)
    assert_rejected(g, {"type": "share_tips", "player": 0, "station": K, "ranks": 1}, "lowest rank")


def test_share_tips_needs_enough_coins():
    """"Share tips": 1 coin per rank gained; too few coins is rejected."""
    st = empty_stations()
    st[K] = [1, 0, 2]
    g = share_state(st, coins=(5, 1, 5))
    assert [a["ranks"] for a in g.legal_actions(1) if a["type"] == "share_tips"] == [1]
    assert_rejected(g, {"type": "share_tips", "player": 1, "station": K, "ranks": 2}, "costs 2 coins; you have 1")


def test_share_tips_not_offered_without_coins_or_anyone_higher():
    """"your server can only move up in rank if at least one other server
    occupies a rank higher than its own"; no coins = no choice."""
    st = empty_stations()
    st[K] = [None, 1, None]          # alone
    st[B] = [2, 0, None]             # seat 2 has no coins
    st[V] = [1, 2, None]             # seat 1 decides here
    g = share_state(st, coins=(5, 5, 0))
    g._advance([])  # resolve the stations nobody decides at
    assert g.view()["sharing_station"] == V
    assert g.players[1]["dishes"][K] == 2 and g.players[2]["dishes"][B] == 1


def test_one_move_up_per_player_per_round():
    """"Each player may only move one of their servers up in rank per
    round": after sharing at Kaputtcino, seat 1 is not asked at Beuv'noire."""
    st = empty_stations()
    st[K] = [1, 0, None]
    st[V] = [1, 2, None]
    st[C] = [0, 2, None]
    g = share_state(st)
    g.apply({"type": "share_tips", "player": 1, "station": K, "ranks": 1})
    assert g.view()["sharing_station"] == C       # Beuv'noire passed without asking seat 1
    assert g.stations[V] == [1, 2, None]
    assert g.players[1]["coins"] == 4
    assert g.players[1]["dishes"][V] == 1


def test_sharing_at_a_later_station_is_rejected():
    st = empty_stations()
    st[K] = [1, 0, None]
    st[V] = [2, 0, None]
    g = share_state(st)
    assert_rejected(g, {"type": "share_tips", "player": 2, "station": V, "ranks": 1}, "left to right")


def test_cc6_supply_running_short():
    """CC-6: a server collects what is left if the supply runs short (front
    rank first)."""
    st = empty_stations()
    st[K] = [2, 1, 0]
    g = share_state(st, supply={K: 4, B: 24, V: 24, C: 24, W: 24})
    g.apply({"type": "skip_share", "player": 2, "station": K})
    assert [g.players[s]["dishes"][K] for s in (0, 1, 2)] == [3, 1, 0]
    assert g.supply[K] == 0


# ------------------------------------------------------------ Phase 3
def serve_state(players=2, **kw):
    return scenario(players, phase="serve", **kw)


def test_yeti_on_orange_tips_five():
    """Rulebook Phase 3 example: a Yeti on orange tips the 5 coins of its
    orange space."""
    g = serve_state(players_state=[{"track": track(s4="yeti"), "coins": 0,
                                    "dishes": dishes(croque_monsieur=2, kaputtcino=2, waterzoeil=1)}])
    yeti = g.comp.customer("yeti")
    assert yeti.tip("orange") == 5 and g.comp.track[4] == "orange"
    before_supply = dict(g.supply)
    g.apply({"type": "serve", "player": 0, "slot": 4})
    assert g.players[0]["coins"] == 5
    assert g.players[0]["served"] == [{"card": "yeti", "tip": 5}]
    assert g.players[0]["track"][4] is None
    assert g.supply[C] == before_supply[C] + 2


def test_serving_without_the_dishes_rejected():
    g = serve_state(players_state=[{"track": track(s0="mothman", s1="ropen"), "dishes": dishes(beuvnoire=4, kaputtcino=3)}])
    assert_rejected(g, {"type": "serve", "player": 0, "slot": 0}, "needs 5 Beuv'noire")
    assert [a["slot"] for a in g.legal_actions(0) if a["type"] == "serve"] == [1]


def test_mothman_change_my_order_example():
    """Rulebook "Change My Order" example: Player 1's Bunyip copies Player
    2's Mothman (5 Beuv'noires, on green) and is served for 3 coins; it stays
    Aquatic for the set bonus."""
    g = scenario(2, phase="change_order", cmo_queue=[0, 1], players_state=[
        {"track": track(s2="bunyip"), "coins": 0, "dishes": dishes(beuvnoire=5)},
        {"track": track(s0="mothman")}])
    g.apply({"type": "change_order", "player": 0, "slot": 2, "target_player": 1, "target_slot": 0})
    assert g.phase == "change_order" and g.cmo_queue == [1]
    g.apply({"type": "keep_order", "player": 1})
    assert g.phase == "serve"
    g.apply({"type": "serve", "player": 0, "slot": 2})
    assert g.players[0]["coins"] == 3
    assert g.players[0]["served"] == [{"card": "bunyip", "tip": 3}]
    assert g.comp.customer(g.players[0]["served"][0]["card"]).type == "aquatic"


def test_change_my_order_in_turn_order_and_once_per_game():
    g = scenario(2, phase="change_order", cmo_queue=[0, 1], players_state=[
        {"track": track(s0="bunyip")}, {"track": track(s0="mothman")}])
    assert_rejected(g, {"type": "change_order", "player": 1, "slot": 0, "target_player": 0, "target_slot": 0},
                    "turn order")
    g.apply({"type": "change_order", "player": 0, "slot": 0, "target_player": 1, "target_slot": 0})
    g2 = scenario(2, phase="change_order", cmo_queue=[0], players_state=[
        {"track": track(s0="bunyip"), "change_order": False}, {"track": track(s0="mothman")}])
    assert_rejected(g2, {"type": "change_order", "player": 0, "slot": 0, "target_player": 1, "target_slot": 0},
                    "already used")


def test_change_my_order_outside_start_of_phase3_rejected():
    g = serve_state(players_state=[{"track": track(s0="bunyip")}, {"track": track(s0="mothman")}])
    assert_rejected(g, {"type": "change_order", "player": 0, "slot": 0, "target_player": 1, "target_slot": 0},
                    "start of Phase 3")


def test_manager_swaps_two_customers_once():
    """Manager card: swap two of your customers, any time, once."""
    g = scenario(2, players_state=[{"track": track(s0="yeti", s3="bigfoot")}])
    g.apply({"type": "manager", "player": 0, "slots": [0, 3]})
    assert g.players[0]["track"][0]["card"] == "bigfoot" and g.players[0]["track"][3]["card"] == "yeti"
    assert_rejected(g, {"type": "manager", "player": 0, "slots": [0, 3]}, "already used")


# ------------------------------------------------------------ Phase 4
def move_state(players=3, **kw):
    return scenario(players, phase="move", **kw)


def test_moving_two_spaces_makes_room():
    """Phase 4: moving ALL customers 2 spaces empties both green spaces, so
    two new customers arrive; moving 1 brings one."""
    g = move_state(players_state=[{"track": track(s0="yeti", s1="bigfoot"), "deck": ["nessie", "kappa", "champ"]},
                                  {"track": track(s0="yeti", s1="bigfoot"), "deck": ["nessie", "kappa", "champ"]}])
    g.apply({"type": "move_customers", "player": 0, "spaces": 2})
    g.apply({"type": "move_customers", "player": 1, "spaces": 1})
    g.apply({"type": "move_customers", "player": 2, "spaces": 1})
    t0 = [c and c["card"] for c in g.players[0]["track"]]
    t1 = [c and c["card"] for c in g.players[1]["track"]]
    assert t0 == ["nessie", "kappa", "yeti", "bigfoot", None, None]
    assert t1 == ["nessie", "yeti", "bigfoot", None, None, None]
    assert g.round == 2 and g.phase in ("place", "share")


def test_walkouts_past_the_last_space():
    """Phase 4: customers moved past the last space are lost; at the end
    their lost values are subtracted."""
    g = move_state(players=2, players_state=[{"track": track(s4="yeti", s5="bigfoot"), "deck": []},
                                             {"track": [None] * 6}])
    g.apply({"type": "move_customers", "player": 0, "spaces": 1})
    assert g.players[0]["lost"] == ["bigfoot"]
    assert g.players[0]["track"][5]["card"] == "yeti"
    g2 = move_state(players=2, players_state=[{"track": track(s4="yeti", s5="bigfoot"), "deck": []},
                                              {"track": [None] * 6}])
    g2.apply({"type": "move_customers", "player": 0, "spaces": 2})
    assert sorted(g2.players[0]["lost"]) == ["bigfoot", "yeti"]
    assert g2.score_breakdown(0)["lost_value"] == 3 + 4


def test_gaps_are_kept_when_moving():
    g = move_state(players=2, players_state=[{"track": track(s1="yeti", s3="bigfoot"), "deck": []},
                                             {"track": [None] * 6}])
    g.apply({"type": "move_customers", "player": 0, "spaces": 1})
    assert [c and c["card"] for c in g.players[0]["track"]] == [None, None, "yeti", None, "bigfoot", None]


def test_move_two_event_forces_two_spaces():
    g = move_state(active_event="move_two_1", players_state=[{"track": track(s0="yeti"), "deck": []}])
    # no one is asked: the event moves everybody 2 (the game went on to round 2)
    assert g.phase == "move"
    g._advance([])
    assert g.round == 2
    assert g.players[0]["track"][2]["card"] == "yeti"


def test_event_nearest_the_first_player_takes_effect():
    """"Event cards": when several are revealed, only the one revealed by the
    player closest to the first player (turn order) takes effect."""
    g = move_state(first_player=1, players_state=[
        {"track": [None] * 6, "deck": ["closed_kaputtcino_1", "yeti", "bigfoot"]},
        {"track": track(s0="yeti", s1="ropen"), "deck": ["kappa"]},
        {"track": [None] * 6, "deck": ["move_two_1", "yeti", "bigfoot"]}])
    g.apply({"type": "move_customers", "player": 1, "spaces": 1})
    # turn order 1, 2, 0: seat 2 is nearer the first player than seat 0
    assert g.active_event == "move_two_1"
    assert g.first_player == 2
    # the revealed cards did not fill spaces: the players drew on
    assert [c and c["card"] for c in g.players[0]["track"][:2]] == ["yeti", "bigfoot"]


def test_closed_station_event_applies_next_round():
    g = move_state(players_state=[{"track": [None] * 6, "deck": ["closed_beuvnoire_2", "yeti", "bigfoot"]},
                                  {"track": [None] * 6}, {"track": [None] * 6}])
    g._advance([])
    assert g.round == 2 and g.closed_station() == V


def test_last_round_events_ignored():
    """"During the last round of a game, any Event cards drawn are ignored"."""
    g = move_state(round=9, players_state=[{"track": [None] * 6, "deck": ["move_two_3", "yeti", "bigfoot"]},
                                           {"track": [None] * 6}, {"track": [None] * 6}])
    events = []
    g._advance(events)
    assert g.is_terminal()
    assert any(e["type"] == "event_revealed" and "ignored" in e["text"] for e in events)
    assert g.active_event is None
    with pytest.raises(IllegalAction, match="over"):
        g.apply({"type": "done_serving", "player": 0})


def test_first_player_card_passes_clockwise():
    g = move_state(first_player=2, players_state=[{"track": [None] * 6}, {"track": [None] * 6}, {"track": [None] * 6}])
    g._advance([])
    assert g.first_player == 0 and g.turn_order[:3] == [0, 1, 2]


def test_players_serve_customers_then_done_moves_to_phase4():
    g = serve_state(players_state=[{"track": track(s0="jackalope"), "dishes": dishes(waterzoeil=2)},
                                   {"track": track(s0="ropen"), "dishes": dishes(kaputtcino=3)}])
    g.apply({"type": "serve", "player": 0, "slot": 0})
    assert g.phase == "serve"          # seat 1 still serving
    g.apply({"type": "done_serving", "player": 1})
    assert g.phase == "move"
    assert g.players[1]["dishes"][K] == 3


def test_customer_keeps_copied_order_with_customer():
    """A Change My Order copy travels with the customer when it moves."""
    g = move_state(players=2, players_state=[{"track": [cust("bunyip", {"beuvnoire": 5}, 3, [1, "mothman"])] + [None] * 5,
                                               "deck": []}, {"track": [None] * 6}])
    g.apply({"type": "move_customers", "player": 0, "spaces": 1})
    moved = g.players[0]["track"][1]
    assert moved["order"] == {"beuvnoire": 5} and moved["tip"] == 3


def test_setup_h_first_player_option():
    """Setup h: the First Player card starts with the chosen seat."""
    from engines.base import SetupError
    g = CryptidCafe.new(3, 1, {"first_player": 2})
    assert g.first_player == 2 and g.turn_order[:3] == [2, 0, 1] and g.view()["placing"] == 2
    with pytest.raises(SetupError, match="first_player"):
        CryptidCafe.new(3, 1, {"first_player": 3})


def test_whole_round_walkthrough_phases_1_to_4():
    """One 3-player round by hand: Phase 1 placement, Phase 2 stations left
    to right with tip-sharing from a lowest rank that is not rank 1 (CC-4),
    Phase 3 Change My Order asked in turn order, Phase 4 cleanup, then the
    First Player card passes."""
    g = CryptidCafe.new(3, 11)
    for player, station, rank in [(0, K, 3), (1, K, 2), (2, K, 1), (0, B, 1), (1, B, 3), (2, V, 3),
                                  (0, V, 2), (1, W, 3), (2, C, 3)]:
        g.apply({"type": "place", "player": player, "station": station, "rank": rank})
    assert g.phase == "share" and g.view()["sharing_station"] == K
    g.apply({"type": "share_tips", "player": 2, "station": K, "ranks": 1})
    assert g.stations[K] == [1, 2, 0] and g.locked == {K: 1}
    g.apply({"type": "skip_share", "player": 0, "station": B})
    assert g.view()["sharing_station"] == V
    g.apply({"type": "share_tips", "player": 0, "station": V, "ranks": 1})   # from rank 2, the lowest
    assert g.stations[V] == [None, 2, 0] and g.locked[V] == 2
    assert [p["coins"] for p in g.players] == [4, 5, 4]
    assert g.players[0]["dishes"] == {K: 3, B: 1, V: 3, C: 0, W: 0}
    assert g.players[1]["dishes"] == {K: 1, B: 3, V: 0, C: 0, W: 3}
    assert g.players[2]["dishes"] == {K: 2, B: 0, V: 2, C: 3, W: 0}
    assert g.phase == "change_order" and g.cmo_queue == [0, 1, 2]
    for p in (0, 1, 2):
        g.apply({"type": "keep_order", "player": p})
    while g.phase == "serve":
        p = next(s for s in range(3) if not g.players[s]["done_serving"])
        g.apply({"type": "done_serving", "player": p})
    assert g.phase == "move"
    for p in range(3):
        if g.players[p]["move"] is None:
            g.apply({"type": "move_customers", "player": p, "spaces": 1})
    assert g.round == 2 and g.first_player == 1 and g.phase == "place"
    assert all(r == [None, None, None] for r in g.stations.values())
    assert all(not p["moved_up"] for p in g.players)


def test_cc4_a_pushed_down_server_is_told_in_the_moves():
    """Issue 34: a seat pushed down a rank by another seat's server was
    never told (only the journal's stations showed it).  Seat 2 moves up
    two ranks past Seat 1 and Seat 3: both are told where they now stand."""
    st = empty_stations()
    st[K] = [1, 0, 2]
    g = share_state(st)
    ev = g.apply({"type": "share_tips", "player": 1, "station": K, "ranks": 2})
    said = [e["text"] for e in ev if e["type"] == "pushed_down"]
    assert said == ["Seat 2's server pushes Seat 1's server at Kaputtcino down to rank 1: "
                    "Seat 1 collects 1 Kaputtcino fewer",
                    "Seat 2's server pushes Seat 3's server at Kaputtcino down to rank 2: "
                    "Seat 3 collects 1 Kaputtcino fewer"], said
    assert [(e["who"], e["rank"]) for e in ev if e["type"] == "pushed_down"] == [(0, 1), (2, 2)]
