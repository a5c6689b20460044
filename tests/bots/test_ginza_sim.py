"""Ginza Retro Café whole games: the random bot (as `cabinet simulate`) and
a serving-greedy bot, with invariants checked after every action."""
from __future__ import annotations

import json
import random

import pytest

from engines.ginza import ENGINE
from bots.random_bot import RandomBot
from bots.simulate import simulate


def check_invariants(g):
    """Tokens and order cards are conserved; dice never exceed the limit;
    views hide the other seats' hands."""
    st = g.st
    on_orders = [0] * g.num_players
    cards_out = 0
    for slot in st["slots"]:
        if slot is None:
            continue
        cards_out += len(slot["orders"])
        for o in slot["orders"]:
            if o["token"] is not None:
                on_orders[o["token"]] += 1
    for s, p in enumerate(st["players"]):
        assert p["tokens"] + p["arrange_tokens"] + on_orders[s] == p["token_total"]
        assert 0 <= len(p["dice"]) <= p["limit"] <= 9
        assert p["coins"] >= 0
    owned = sum(len(p["orders"]) for p in st["players"])
    decks = sum(len(d) for d in st["order_decks"].values())
    assert owned + decks + cards_out + st["discarded_orders"] == 42
    assert len(st["common"]) <= 3
    for viewer in range(g.num_players):
        v = g.view(viewer)
        for s, pv in enumerate(v["players"]):
            if s != viewer:
                assert "bonus" not in pv and "draft" not in pv and "dealt" not in pv


def greedy_action(g, rng):
    """Serve if possible, else upgrade, else anything (random)."""
    reqs = g.chance_requests()
    if reqs:
        r = reqs[0]
        return {"type": "dice", "player": r["player"], "values": [rng.randint(1, 6) for _ in range(r["count"])]}
    seat = g.active_players()[0]
    acts = g.legal_actions(seat)
    for kind in ("serve", "upgrade", "raise_limit"):
        pick = [a for a in acts if a["type"] == kind]
        if pick:
            return rng.choice(pick)
    return rng.choice(acts)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_with_served_customers_and_keep_invariants(players):
    """5. How to Play: rounds until no customer is left; the deck of 3N
    customers is used up and the game ends (4-5 / B-1 step 5)."""
    served_total = 0
    for seed in range(12):
        g = ENGINE.new(players, seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_terminal():
            g.apply(greedy_action(g, rng))
            steps += 1
            assert steps < 5000
            if steps % 5 == 0:
                check_invariants(g)
                clone = ENGINE.from_json(json.loads(json.dumps(g.to_json())))
                assert clone.to_json() == g.to_json()
        check_invariants(g)
        assert g.st["customer_deck"] == [] and all(s is None for s in g.st["slots"])
        assert g.st["customers_left"] == 3 * players
        served_total += sum(len(p["orders"]) for p in g.st["players"])
        assert len(g.ranking()[0]) >= 1
    assert served_total > 12 * players  # the greedy bot really serves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_bot_games_keep_invariants(players):
    """The random bot (bots.random_bot) always makes progress."""
    for seed in range(15):
        g = ENGINE.new(players, 100 + seed)
        bot = RandomBot(seed)
        steps = 0
        while not g.is_terminal():
            g.apply(bot.next_action(g))
            steps += 1
            assert steps < 20_000
            if steps % 11 == 0:
                check_invariants(g)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cabinet_simulate_the_acceptance_games_zero_errors(players):
    """Done when: `cabinet simulate ginza --players P --games 300` has zero
    errors for P = 2..4 (all 300 in the long profile,
    ``CABINET_TEST_PROFILE=long``; the first 60 in CI's short one, its 20
    minutes on two cores)."""
    from cabinet_profile import scaled
    games = scaled(60, 300)
    report = simulate("ginza", players, games, seed=0).as_dict()
    assert report["errors"] == 0, report["first_error"]
    assert report["completed"] == games
