"""Cryptid Cafe random playouts through the engine contract (rulebook
"Number of rounds", CC-1, CC-6): every player count finishes, conserves the
dish supply, never puts two servers of one player at one station, and plays
exactly the printed number of rounds."""
from __future__ import annotations

import copy
import json

import pytest

from engines.cryptid_cafe import CryptidCafe
from bots.random_bot import RandomBot

ROUNDS = {1: 9, 2: 9, 3: 9, 4: 8, 5: 10}


def check_invariants(g):
    for dish, left in g.supply.items():
        held = sum(p["dishes"][dish] for p in g.players)
        assert left + held == 24, f"dish supply of {dish} not conserved"
        assert left >= 0
    for station, ranks in g.stations.items():
        seats = [o for o in ranks if o is not None]
        assert len(seats) == len(set(seats)), f"two servers of one player at {station}"
        if station == g.closed_station():
            assert not seats, "a server at a closed station"
    for p in g.players:
        assert p["coins"] >= 0


def play(players, seed, options=None):
    g = CryptidCafe.new(players, seed, options)
    bot = RandomBot(seed)
    rounds_seen = {1}
    steps = 0
    while not g.is_terminal():
        action = bot.next_action(g)
        for e in g.apply(copy.deepcopy(action)):
            assert isinstance(e["text"], str) and e["text"]
            if e["type"] == "round":
                rounds_seen.add(e["round"])
        check_invariants(g)
        steps += 1
        assert steps < 20_000
    return g, rounds_seen, steps


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_finish_after_printed_rounds(players):
    """"Number of rounds": 9 (solo, 2, 3), 8 (4), 10 (5)."""
    for seed in range(12):
        g, rounds, steps = play(players, seed)
        assert max(rounds) == ROUNDS[players] == g.num_rounds
        assert g.round == ROUNDS[players]
        assert len(g.ranking()) >= 1
        json.dumps(g.view(None))


@pytest.mark.parametrize("difficulty", ["easy", "hard", "epic"])
def test_solo_games_report_a_result(difficulty):
    for seed in range(5):
        g, _, _ = play(1, seed, {"difficulty": difficulty})
        view = g.view(0)
        assert view["solo_won"] == (g.scores()[0] > g.ai2_score())
        assert view["ai2_score"] == g.ai2_score() and view["difficulty"] == difficulty


def test_views_hide_decks():
    """Views omit deck contents and order (and the AI decks)."""
    g = CryptidCafe.new(3, 5)
    text = json.dumps(g.view(1))
    assert '"deck"' not in text
    assert all(c.id not in json.dumps(g.view(None)["ai_players"]) for c in g.comp.stations)
    assert g.view(1)["players"][0]["deck_left"] == len(g.players[0]["deck"])
    assert g.view(1)["legal_actions"] == g.legal_actions(1)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_simulate_the_acceptance_games_without_errors(players):
    """The issue's acceptance run: 300 bot games per player count, no error
    (all 300 in the long profile, ``CABINET_TEST_PROFILE=long``; the first
    60 in CI's short one, its 20 minutes on two cores)."""
    from bots.simulate import play_one
    from cabinet_profile import scaled
    for seed in range(scaled(60, 300)):
        _, result = play_one(CryptidCafe, players, seed)
        assert result.error is None, result.error
