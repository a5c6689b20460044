"""Cryptid Cafe solo and 2-player AI (rulebook "Solo and 2-Player Rules";
rulings CC-7, CC-8), final scoring and tie-breaks ("Bonuses and Final
Scoring", "Breaking ties")."""
from __future__ import annotations

import pytest

from engines.cryptid_cafe import CryptidCafe
from engines.cryptid_cafe.scoring import set_bonus
from engines.cryptid_cafe.stations import ai_placement_rank, move_up
from test_cryptid_cafe_helpers import ScriptedRng, dishes, scenario, track

K, B, V, C, W = "kaputtcino", "baba_au_rhume", "beuvnoire", "croque_monsieur", "waterzoeil"


def empty_stations(ranks=3):
    return {s: [None] * ranks for s in (K, B, V, C, W)}


# ------------------------------------------------------------ placement
@pytest.mark.parametrize("station,symbols,rank", [
    ([None, None, None], 0, 1), ([None, None, None], 2, 3),
    ([None, "x", None], 1, 3),          # rank 2 taken -> next higher
    ([None, "x", "y"], 1, 1),           # rank 2 and 3 taken -> next lower
    (["x", None, None], 0, 2),          # rank 1 taken -> next higher
    ([None, "x", "y"], 2, 1),           # rank 3 taken, nothing higher -> lower
    (["x", "y", "z"], 1, None),         # full
])
def test_cc7_ai_placement_rank_when_taken(station, symbols, rank):
    """CC-7: rank = 1 + symbols; taken -> next higher free rank, then next lower."""
    assert ai_placement_rank(station, symbols) == rank


def test_solo_turn_order_player_first_then_ai2_then_ai3():
    """Solo Phase 1: "You will play first", then the AI players alternate."""
    g = CryptidCafe.new(1, 3)
    assert g.turn_order == [0, "ai2", "ai3"] * 3
    assert g.view()["placing"] == 0
    g2 = CryptidCafe.new(2, 3)
    assert g2.turn_order == [0, 1, "ai3"] * 3


def test_ai_placement_draws_card_rolls_die_and_skips_taken_rank():
    """Solo Phase 1: the AI draws a station card, rolls the AI die; a taken
    rank sends it to the next higher, then lower (CC-7).  One event a step."""
    g = scenario(1, turn_order=[0, "ai2", "ai3"], turn_index=0, stations=empty_stations(),
                 ais={"ai2": {"deck": [K, B, V, C, W], "share_coins": 0, "lost_coins": 0},
                      "ai3": {"deck": [K, B, V, C, W], "share_coins": 0, "lost_coins": 0}})
    g.rng = ScriptedRng([1, 2, 0])  # ai2 places, ai3 places, ai3 stays in Phase 2
    events = g.apply({"type": "place", "player": 0, "station": K, "rank": 2})
    assert g.stations[K] == ["ai3", 0, "ai2"]
    kinds = [e["type"] for e in events]
    assert kinds[:4] == ["place", "ai_draw", "ai_roll", "ai_place"]
    ai2_place = [e for e in events if e["type"] == "ai_place" and e["ai"] == "ai2"][0]
    ai3_place = [e for e in events if e["type"] == "ai_place" and e["ai"] == "ai3"][0]
    assert ai2_place["rank"] == 3 and "rank 2 is taken" in ai2_place["text"]
    assert ai3_place["rank"] == 1 and "rank 3 is taken" in ai3_place["text"]
    assert g.ais["ai2"]["deck"] == [B, V, C, W]


def test_ai_redraws_when_station_closed_or_full():
    """CC-5: the AI's card names a closed or full station -> it draws again."""
    st = empty_stations()
    st[B] = [0, "ai3", "ai3"]
    g = scenario(1, turn_order=["ai2"], turn_index=0, stations=st, active_event="closed_kaputtcino_2",
                 ais={"ai2": {"deck": [K, B, V, C, W], "share_coins": 0, "lost_coins": 0},
                      "ai3": {"deck": [], "share_coins": 0, "lost_coins": 0}})
    g.rng = ScriptedRng([0])
    events = []
    g._advance(events)
    assert [e["type"] for e in events[:6]] == ["ai_draw", "ai_redraw", "ai_draw", "ai_redraw", "ai_draw", "ai_roll"]
    assert g.stations[V][0] == "ai2"


# ------------------------------------------------------------ Phase 2 AI
def test_ai_on_lowest_rank_moves_up_free_and_collects_nothing():
    """Solo Phase 2: an AI on the lowest rank rolls the AI die and moves up
    that many ranks without paying; AI players collect no dishes."""
    st = empty_stations()
    st[K] = ["ai2", 0, None]
    st[B] = ["ai3", None, 0]
    g = scenario(1, phase="share", share_index=0, stations=st)
    g.rng = ScriptedRng([2, 1])
    events = []
    g._advance(events)
    assert g.stations[K] == [0, None, "ai2"]       # pushed seat 0 is locked
    assert g.locked[K] == 0
    assert g.stations[B] == [None, "ai3", 0]        # 1 symbol: up one rank into the empty rank
    assert g.players[0]["dishes"][K] == 1 and g.players[0]["dishes"][B] == 3
    assert g.supply[K] == 23 and g.supply[B] == 21
    assert [e["type"] for e in events if e["type"].startswith("ai_")] == ["ai_roll", "ai_move_up", "ai_roll", "ai_move_up"]


def test_ai_blank_stays():
    st = empty_stations()
    st[K] = ["ai2", 0, None]
    g = scenario(1, phase="share", share_index=0, stations=st)
    g.rng = ScriptedRng([0])
    g._advance([])
    assert g.stations[K] == ["ai2", 0, None]


def test_solo_tip_sharing_coins_go_to_ai_player_2():
    """Solo Phase 2 / CC-8: coins shared by the player go to AI Player 2."""
    st = empty_stations()
    st[K] = [0, "ai3", "ai2"]
    g = scenario(1, phase="share", share_index=0, stations=st)
    g.apply({"type": "share_tips", "player": 0, "station": K, "ranks": 2})
    assert g.ais["ai2"]["share_coins"] == 2 and g.players[0]["coins"] == 3


def test_two_player_tip_sharing_goes_to_the_chef():
    """2-player: "Ignore this rule in 2-player mode" (no AI Player 2)."""
    st = empty_stations()
    st[K] = [0, "ai3", 1]
    g = scenario(2, phase="share", share_index=0, stations=st)
    assert set(g.ais) == {"ai3"}
    g.apply({"type": "share_tips", "player": 0, "station": K, "ranks": 1})
    assert g.players[0]["coins"] == 4
    assert g.ai2_score() is None and g.scores() == [g.score_breakdown(0)["total"], g.score_breakdown(1)["total"]]


def test_solo_lost_customer_pays_green_tip_to_ai_player_2():
    """Solo Phase 4: a lost customer gives AI Player 2 its green tip."""
    g = scenario(1, phase="move", players_state=[{"track": track(s5="yeti"), "deck": []}])
    g.apply({"type": "move_customers", "player": 0, "spaces": 1})
    assert g.players[0]["lost"] == ["yeti"]
    assert g.ais["ai2"]["lost_coins"] == g.comp.customer("yeti").tip("green") == 7


def test_solo_player_keeps_first_player_card():
    g = scenario(1, phase="move", players_state=[{"track": [None] * 6}])
    g._advance([])
    assert g.round == 2 and g.first_player == 0 and g.turn_order[:3] == [0, "ai2", "ai3"]


# ------------------------------------------------------------ scoring
def test_set_bonus_rulebook_example_4_2_3_gives_7():
    """"Bonuses": 4 Terrestrial + 2 Airborne + 3 Aquatic = 4 + 3 = 7."""
    types = ["terrestrial"] * 4 + ["airborne"] * 2 + ["aquatic"] * 3
    assert set_bonus(types) == 7
    assert set_bonus(["aquatic"] * 5) == 5
    assert set_bonus(["aquatic", "airborne", "terrestrial"] * 2) == 0


def test_final_score_parts():
    """Final Scoring: tips - lost values - floor(unused dishes / 2) + sets."""
    served = [{"card": c, "tip": 0} for c in ("yeti", "bigfoot", "wendigo", "nessie")]
    g = scenario(3, players_state=[{"coins": 20, "lost": ["ropen", "kappa"], "dishes": dishes(kaputtcino=3, waterzoeil=2),
                                    "served": served}])
    parts = g.score_breakdown(0)
    assert parts == {"tips": 20, "lost_customers": 2, "lost_value": 4, "wasted_dishes": 5, "dish_penalty": 2,
                     "set_bonus": 3, "served": 4, "total": 20 - 4 - 2 + 3}
    assert g.scores()[0] == 17


@pytest.mark.parametrize("difficulty,coins_per_two", [("easy", 3), ("hard", 4), ("epic", 5)])
def test_solo_scoring_at_each_difficulty(difficulty, coins_per_two):
    """Solo Final Scoring: every 2 unused dishes cost 3 / 4 / 5 coins, which
    AI Player 2 collects; AI Player 2 = shared tips + green tips of lost
    customers + that penalty (CC-8)."""
    g = scenario(1, options={"difficulty": difficulty},
                 players_state=[{"coins": 25, "lost": ["jackalope"], "dishes": dishes(beuvnoire=5)}],
                 ais={"ai2": {"deck": [], "share_coins": 3, "lost_coins": 3},
                      "ai3": {"deck": [], "share_coins": 0, "lost_coins": 0}})
    penalty = 2 * coins_per_two
    assert g.score_breakdown(0)["dish_penalty"] == penalty
    assert g.scores() == [25 - 1 - penalty]
    assert g.ai2_score() == 3 + 3 + penalty
    assert g.solo_won() == ((25 - 1 - penalty) > (6 + penalty))
    assert g.ranking() == [[0]]


def test_solo_tie_with_ai_player_2_is_a_loss():
    """"If you have more tips remaining than AI Player 2, YOU WIN"."""
    g = scenario(1, players_state=[{"coins": 10, "lost": [], "dishes": dishes()}],
                 ais={"ai2": {"deck": [], "share_coins": 10, "lost_coins": 0},
                      "ai3": {"deck": [], "share_coins": 0, "lost_coins": 0}})
    assert g.scores() == [10] and g.ai2_score() == 10 and g.solo_won() is False


def tied(a, b):
    return scenario(2, players_state=[a, b])


def test_tie_break_fewest_lost_customers():
    g = tied({"coins": 10, "lost": ["jackalope"], "dishes": dishes()}, {"coins": 9, "lost": [], "dishes": dishes()})
    assert g.scores() == [9, 9]
    assert g.ranking() == [[1], [0]]


def test_tie_break_fewest_wasted_dishes():
    g = tied({"coins": 10, "dishes": dishes(kaputtcino=1)}, {"coins": 10, "dishes": dishes()})
    assert g.scores() == [10, 10]
    assert g.ranking() == [[1], [0]]


def test_tie_break_most_served():
    g = tied({"coins": 10, "dishes": dishes(), "served": [{"card": "yeti", "tip": 7}, {"card": "ropen", "tip": 4}]},
             {"coins": 10, "dishes": dishes(), "served": [{"card": "yeti", "tip": 7}]})
    assert g.scores() == [10, 10]
    assert g.ranking() == [[0], [1]]


def test_full_tie_shares_the_place():
    g = tied({"coins": 10, "dishes": dishes()}, {"coins": 10, "dishes": dishes()})
    assert g.ranking() == [[0, 1]]


def test_move_up_is_pure():
    """CC-4 on the station list: the input is not mutated; a move past the
    front rank, or with nobody higher, is refused."""
    station = [0, 1, None]
    new, locked = move_up(station, 1)
    assert station == [0, 1, None] and new == [1, 0, None] and locked == 1
    assert move_up(station, 2) == ([1, None, 0], 1)
    with pytest.raises(ValueError):
        move_up(station, 3)
    with pytest.raises(ValueError):
        move_up([None, 0, None], 1)


def test_ai_moving_up_tells_the_seat_it_pushes_down():
    """Issue 34: an AI server's free move up pushed a seat down unsaid."""
    st = empty_stations()
    st[K] = ["ai2", 0, None]
    st[B] = [None, None, None]
    g = scenario(1, phase="share", share_index=0, stations=st)
    g.rng = ScriptedRng([2])
    events = []
    g._advance(events)
    said = [e["text"] for e in events if e["type"] == "pushed_down"]
    assert said == ["AI Player 2's server pushes Seat 1's server at Kaputtcino down to rank 1: "
                    "Seat 1 collects 1 Kaputtcino fewer"], said
    # issue 34: the push scrolled out of the moves in 1.5 s; the seat's collect line keeps it
    assert "Seat 1 collects 1 Kaputtcino (pushed down from rank 2)" in [e["text"] for e in events]
