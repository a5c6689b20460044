"""Café International Junior in whole games: random and greedy play always
finish, never break a seating rule, keep every card and tile, round-trip
through JSON, and never show one player another player's hand."""
from __future__ import annotations

import json
import random

import pytest

from engines.base import IllegalAction
from engines.cafe_junior import CafeJunior
from bots.random_bot import RandomBot

ACTION_CAP = 20_000


def greedy(g, rng):
    """Seat real guests first, then exchange, then jokers, then end the turn."""
    acts = g.legal_actions(g.current)
    for pick in (lambda a: a["type"] == "place" and not g.comp.card(a["card"]).is_joker,
                 lambda a: a["type"] == "exchange",
                 lambda a: a["type"] == "place",
                 lambda a: a["type"] == "end_turn"):
        chosen = [a for a in acts if pick(a)]
        if chosen:
            return rng.choice(chosen)
    return rng.choice(acts)


def play(players, seed, policy="random", each=None):
    g = CafeJunior.new(players, seed)
    bot, rng = RandomBot(seed), random.Random(seed)
    steps = 0
    while not g.is_terminal():
        assert steps < ACTION_CAP
        action = bot.next_action(g) if policy == "random" else greedy(g, rng)
        g.apply(action)
        steps += 1
        if each:
            each(g)
    return g, steps


def check_invariants(g):
    """Every card and tile exactly once; seated guests obey the side flags
    (CI-2) and the gender rule; turned tables are full and joker-free (CI-4);
    the grid holds each table in its own cell (CI-3)."""
    comp = g.comp
    cards = g.guest_pile + g.discard_pile + [c for h in g.hands for c in h] + \
        [c for t in g.tables for c in t["seats"].values() if c is not None]
    assert sorted(cards) == sorted(c.card_id for c in comp.cards)
    tiles = g.box + g.table_pile + [t["table"] for t in g.tables]
    assert sorted(tiles) == sorted(t.table_id for t in comp.tables)
    assert len(g.box) == 8
    assert len({tuple(t["cell"]) for t in g.tables}) == len(g.tables)
    assert all(0 <= r < 4 and 0 <= c < 4 for t in g.tables for r, c in [t["cell"]])
    for t in g.tables:
        tile = comp.table(t["table"])
        seated = {s: comp.card(c) for s, c in t["seats"].items() if c is not None}
        for side, card in seated.items():
            assert card.is_joker or card.country in tile.side_flags(side)
        genders = [c.gender for c in seated.values()]
        assert genders.count("girl") <= 2 and genders.count("boy") <= 2
        if t["turned"]:
            assert len(seated) == 4 and not any(c.is_joker for c in seated.values())
        elif len(seated) == 4:
            assert any(c.is_joker for c in seated.values())
    if not g.is_terminal():
        assert g.legal_actions(g.current), "the player to move has no action"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_and_keep_the_rules(players):
    for seed in range(15):
        g, steps = play(players, seed, each=check_invariants)
        assert g.is_terminal() and steps < 400
        assert len(g.ranking()) >= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_fill_the_four_by_four_square(players):
    """Greedy seating completes tables until all 16 are out and the last free
    place is filled (end condition 1; ruling CI-3 grid)."""
    ends = []
    for seed in range(10):
        g, _ = play(players, seed, policy="greedy", each=check_invariants)
        ends.append(g.end_reason)
        if "last free place" in g.end_reason:
            assert len(g.tables) == 16 and g.table_pile == []
            grid = g.view(None)["grid"]
            assert all(cell is not None for row in grid for cell in row)
    assert any("last free place" in e for e in ends)


def test_round_trip_after_every_action():
    """Game.from_json(to_json()) behaves identically, through json text."""
    def rt(g):
        data = json.loads(json.dumps(g.to_json()))
        g2 = CafeJunior.from_json(data)
        assert g2.to_json() == g.to_json()
        if not g.is_terminal():
            assert g2.legal_actions(g.current) == g.legal_actions(g.current)
    for players in (2, 4):
        play(players, 99, each=rt)
        play(players, 98, policy="greedy", each=rt)


def test_every_offered_action_is_legal():
    """Each action legal_actions offers applies without IllegalAction."""
    checked = 0

    def try_all(g):
        nonlocal checked
        if g.is_terminal() or checked > 3000:
            return
        for a in g.legal_actions(g.current):
            g.clone().apply(a)
            checked += 1
    play(3, 5, each=try_all)
    play(3, 6, policy="greedy", each=try_all)
    assert checked > 500


def all_strings(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from all_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from all_strings(v)
    elif isinstance(obj, str):
        yield obj


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_for_player_a_contains_player_b_hand(players):
    """Hidden information: a seat's view shows its own hand only; the public
    view shows hand sizes but no hand; no view shows the piles' order."""
    seen = {"checks": 0}

    def check(g):
        piles = set(g.guest_pile)
        for viewer in [None, *range(players)]:
            view = g.view(viewer)
            strings = set(all_strings(view))
            json.dumps(view)
            assert view["hand_sizes"] == [len(h) for h in g.hands]
            assert view["guest_pile"] == len(g.guest_pile) and view["table_pile"] == len(g.table_pile)
            assert not strings & piles, "a view shows cards of the draw pile"
            assert not strings & (set(g.box) | set(g.table_pile)), "a view shows unseen tables"
            for other in range(players):
                if other != viewer:
                    leaked = strings & set(g.hands[other])
                    assert not leaked, f"view of {viewer} shows cards {leaked} of player {other}"
            if viewer is None:
                assert "hand" not in view
            else:
                assert [c["id"] for c in view["hand"]] == g.hands[viewer]
            seen["checks"] += 1
    play(players, 11, each=check)
    assert seen["checks"] > 50


def test_public_view_tables_and_grid():
    g = CafeJunior.new(2, 4)
    view = g.view(None)
    assert len(view["tables"]) == 4 and view["free_seats"] == 16 and view["tables_in_box"] == 8
    for t in view["tables"]:
        assert view["grid"][t["cell"][0]][t["cell"][1]] == t["table"]
        assert set(t["flags"]) == {"top_left", "top_right", "bottom_left", "bottom_right"}
    assert view["current_player"] == g.start_player and view["countries"]["KEN"] == "Kenya"


def test_illegal_actions_leave_state_unchanged_in_play():
    """Random bad actions during a game raise IllegalAction and change nothing."""
    rng = random.Random(3)

    def poke(g):
        if g.is_terminal():
            return
        before = json.dumps(g.to_json(), sort_keys=True)
        other = (g.current + 1) % g.num_players
        bads = [{"type": "end_turn", "player": other},
                {"type": "place", "player": g.current, "card": rng.choice(g.guest_pile or ["x"]),
                 "table": g.tables[0]["table"], "side": "top"},
                {"type": "discard", "player": g.current, "card": 5},
                {"type": "exchange", "player": g.current, "card": g.hands[g.current][0],
                 "table": "T99", "side": "left"}]
        if g.turn["mode"] == "place":
            bads.append({"type": "discard", "player": g.current, "card": g.hands[g.current][0]})
        for bad in bads:
            with pytest.raises(IllegalAction):
                g.apply(bad)
            assert json.dumps(g.to_json(), sort_keys=True) == before
    play(3, 21, each=poke)
