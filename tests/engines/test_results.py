"""One place computes a finished game's result (issue 22): winners, a
shared victory, the tie-break that decided a tie on score, and the solo
opponent's score; the headless report and simulate use it."""
from __future__ import annotations

import json

import pytest

from engines import engine_class
from engines.base import ranking_from_keys
from firmware.cli.main import main
from engines.results import game_result
from bots.simulate import play_one


class FakeGame:
    """The parts of the engine contract a result reads."""
    game_id = "fake"
    RANKING_CRITERIA = (("points", 1), ("unspent coins", 1), ("lost customers", -1))

    def __init__(self, keys):
        self.keys = keys
        self.num_players = len(keys)

    def scores(self):
        return [k[0] for k in self.keys]

    def ranking_keys(self):
        return self.keys

    def ranking(self):
        return ranking_from_keys(self.keys)


def test_a_tie_on_points_names_the_tie_break_that_decided_it_and_its_values():
    r = game_result(FakeGame([(12, 3, -1), (12, 5, -1), (9, 9, 0)]))
    assert r.winners == [1] and not r.shared
    assert r.tie_break == "most unspent coins: 5 to 3"
    assert r.headline == "Seat 2 wins with 12 points (tied with seat 1; decided by most unspent coins: 5 to 3)"
    assert r.lines == ["Seat 2 wins", "12 points", "tied with seat 1", "decided by most unspent coins: 5 to 3"]


def test_a_fewer_is_better_tie_break_shows_the_counts_not_their_negation():
    r = game_result(FakeGame([(7, 2, -3), (7, 2, -1)]))
    assert r.winners == [1] and r.tie_break == "fewest lost customers: 1 to 3"


def test_equal_on_every_tie_break_is_a_shared_victory():
    r = game_result(FakeGame([(4, 1, -2), (2, 0, 0), (4, 1, -2)]))
    assert r.shared and r.winners == [0, 2]
    assert r.headline.startswith("Seats 1 and 3 share the victory with 4 points each")
    assert "most unspent coins (1 each)" in r.headline and "fewest lost customers (2 each)" in r.headline
    assert r.as_dict()["winners"] == [1, 3]


def test_a_clear_winner_has_no_tie_break():
    r = game_result(FakeGame([(3, 9, 0), (8, 0, -5)]))
    assert r.winners == [1] and r.tie_break is None and r.headline == "Seat 2 wins with 8 points"


def _finished(game_id, players, want, seeds=range(300)):
    cls = engine_class(game_id)
    for seed in seeds:
        game, res = play_one(cls, players, seed)
        if res.error is None and want(game):
            return game
    pytest.skip(f"no seed gave the wanted {game_id} ending")


def test_cryptid_cafe_solo_lost_to_ai_player_2_has_no_winning_seat():
    game = _finished("cryptid-cafe", 1, lambda g: not g.solo_won())
    r = game_result(game)
    assert r.solo is not None and r.solo.name == "AI Player 2" and r.solo.score == game.ai2_score()
    assert r.winners == [] and not r.solo.won
    assert r.headline.startswith(f"AI Player 2 wins: {game.ai2_score():g} coins to seat 1's {game.scores()[0]:g}")


def test_cryptid_cafe_solo_won_names_seat_1():
    game = _finished("cryptid-cafe", 1, lambda g: g.solo_won())
    r = game_result(game)
    assert r.winners == [0] and r.solo.won and r.headline.startswith("Seat 1 wins")


def test_retrograde_solo_has_no_winner_only_a_score_against_the_best_possible():
    game = _finished("retrograde", 1, lambda g: True, seeds=range(1))
    r = game_result(game)
    assert r.winners == [] and r.solo is None and r.solo_best == 49
    assert r.headline == f"Solo score: {game.scores()[0]:g} points (the best possible is 49)"


def test_retrograde_tie_on_points_is_decided_by_unspent_coins_from_the_engine():
    def decided(g):
        keys = g.ranking_keys()
        top = g.ranking()[0]
        return len(top) == 1 and sum(k[0] == keys[top[0]][0] for k in keys) > 1
    game = _finished("retrograde", 2, decided)
    r = game_result(game)
    w, other = r.winners[0], 1 - r.winners[0]
    keys = game.ranking_keys()
    assert r.tie_break == f"most unspent coins: {keys[w][1]} to {keys[other][1]}"


@pytest.mark.parametrize("game_id,players", [("retrograde", 2), ("cha-dango", 3), ("ginza", 2),
                                             ("cryptid-cafe", 2), ("cafe-junior", 2)])
def test_every_engine_names_as_many_criteria_as_its_keys_have_parts(game_id, players):
    game = _finished(game_id, players, lambda g: True, seeds=range(1))
    assert len(game.ranking_keys()[0]) == len(game.RANKING_CRITERIA)
    assert game.ranking() == ranking_from_keys(game.ranking_keys())


def test_headless_cryptid_solo_report_prints_the_ai_score_and_who_won(tmp_path, capsys):
    assert main(["play", "cryptid-cafe", "--players", "1", "--bots", "all", "--headless", "--seed", "3",
                 "--journal", str(tmp_path / "j.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "AI Player 2: " in out and "result: " in out
    assert "winner(s): seat 1" not in out
    from firmware.runtime.journal import replay
    g, _ = replay(tmp_path / "j.jsonl")
    assert f"result: {game_result(g).headline}" in out


def test_simulate_counts_a_solo_game_as_a_win_only_when_the_seat_beat_the_ai(capsys):
    assert main(["simulate", "cryptid-cafe", "--players", "1", "--games", "6", "--seed", "1", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["wins_per_seat"][0] + s["solo_opponent_wins"]["AI Player 2"] == s["completed"] == 6
    assert s["solo_opponent_score_mean"] is not None
