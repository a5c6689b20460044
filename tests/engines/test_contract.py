"""The engine contract, checked on every registered engine that loads.

A new engine is checked automatically once the registry can load it:
random games with a serialisation round-trip after every action, replay
determinism, illegal actions leaving the state unchanged, JSON views without
the RNG, and a ranking that covers every seat.
"""
from __future__ import annotations

import copy
import json

import pytest

from engines import GAMES, IllegalAction, SetupError, engine_class, game_from_json
from engines.registry import is_available
from bots.random_bot import RandomBot

AVAILABLE = [gid for gid in GAMES if is_available(gid)]
CASES = [(gid, n) for gid in AVAILABLE for n in range(GAMES[gid].min_players, GAMES[gid].max_players + 1)]
ACTION_CAP = 20_000


def snapshot(game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def walk_keys(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from walk_keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk_keys(v)


def garbage_actions(game):
    """Actions that must be refused with IllegalAction whatever the state."""
    yield {"type": "no-such-action-type", "player": 0}
    yield {"player": 0}
    yield {"type": "tick", "t_us": "soon"}
    for p in game.active_players()[:1]:
        for a in game.legal_actions(p)[:1]:
            bad = dict(a)
            bad["player"] = game.num_players + 3
            yield bad
    for req in game.chance_requests()[:1]:
        bad = {k: v for k, v in req.items() if k not in ("count", "faces")}
        bad["values"] = [7] * int(req.get("count", 1))
        if bad.get("t_us", 0) is None:
            bad["t_us"] = game.now_us()
        yield bad
        bad2 = dict(bad)
        bad2["values"] = [1] * (int(req.get("count", 1)) + 1)
        yield bad2
    if game.now_us() > 0:
        yield {"type": "tick", "t_us": game.now_us() - 1}


def test_registry_lists_five_games():
    assert list(GAMES) == ["retrograde", "cha-dango", "ginza", "cryptid-cafe", "cafe-junior"]


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_setup_errors(game_id):
    cls = engine_class(game_id)
    info = GAMES[game_id]
    with pytest.raises(SetupError):
        cls.new(info.max_players + 1, 1)
    with pytest.raises(SetupError):
        cls.new(info.min_players - 1, 1)
    with pytest.raises(SetupError, match="unknown option"):
        cls.new(info.min_players, 1, {"no_such_option": 1})


@pytest.mark.parametrize("game_id,players", CASES)
def test_random_game_contract(game_id, players):
    """Round-trip after every action, illegal actions change nothing, views
    are JSON without the RNG, replay is deterministic, ranking covers all."""
    cls = engine_class(game_id)
    seed = 1000 + players
    game = cls.new(players, seed)
    bot = RandomBot(seed)
    applied = []
    step = 0
    while not game.is_terminal():
        assert step < ACTION_CAP, "game did not end within the action cap"
        before = snapshot(game)
        # exact serialisation round trip
        clone = game_from_json(json.loads(before))
        assert snapshot(clone) == before
        if step % 7 == 0:
            for bad in garbage_actions(game):
                with pytest.raises(IllegalAction):
                    game.apply(copy.deepcopy(bad))
                assert snapshot(game) == before, f"illegal action {bad} changed the state"
            for viewer in [None, *range(players)]:
                view = game.view(viewer)
                json.dumps(view)
                assert "rng" not in set(walk_keys(view)), "a view leaks the RNG state"
        action = bot.next_action(game)
        events = game.apply(copy.deepcopy(action))
        assert isinstance(events, list)
        for e in events:
            assert isinstance(e, dict) and isinstance(e.get("type"), str) and isinstance(e.get("text"), str)
        json.dumps(events)
        applied.append(action)
        step += 1
    scores = game.scores()
    assert len(scores) == players
    ranking = game.ranking()
    assert sorted(s for group in ranking for s in group) == list(range(players))
    # replay determinism: the same seed and actions give the same state
    replayed = cls.new(players, seed)
    for action in applied:
        replayed.apply(copy.deepcopy(action))
    assert snapshot(replayed) == snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply({"type": "tick", "t_us": game.now_us() + 1})


# ------------------------------------------------- every input (issue 20)
WRONG_VALUES = [None, True, 1.5, -1, 10 ** 30, "x", "", [], ["kaputtcino"], [0], {}, {"a": 1}]


def _json_kind(value):
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return type(value).__name__


def malformed_actions(game, rng):
    """Legal actions (stamped) with one field given a value of another JSON
    type, for every field of the first legal action of each active seat."""
    for p in game.active_players():
        acts = game.legal_actions(p)
        if not acts:
            continue
        action = {k: v for k, v in rng.choice(acts).items() if k != "t_min_us"}
        if action.get("t_us", 0) is None:
            action["t_us"] = game.now_us()
        for key, value in action.items():
            if key == "type":
                continue
            for wrong in WRONG_VALUES:
                if _json_kind(wrong) == _json_kind(value) or (value is None and wrong is None):
                    continue
                bad = dict(action)
                bad[key] = wrong
                yield bad


@pytest.mark.parametrize("game_id,players", CASES)
def test_every_input_wrong_types_in_every_field_are_illegal(game_id, players):
    """Engine contract: an action whose field has the wrong JSON type (a
    list or dict where a name is expected, a string for a seat, a float for
    a count...) raises IllegalAction and leaves the state unchanged; never
    TypeError, KeyError or another crash."""
    import random
    cls = engine_class(game_id)
    seed = 2000 + players
    game = cls.new(players, seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    step = 0
    while not game.is_terminal() and step < 400:
        if step % 5 == 0:
            before = snapshot(game)
            for bad in malformed_actions(game, rng):
                with pytest.raises(IllegalAction):
                    game.apply(copy.deepcopy(bad))
                assert snapshot(game) == before, f"illegal action {bad} changed the state"
        game.apply(bot.next_action(game))
        step += 1


@pytest.mark.parametrize("game_id,players", CASES)
def test_tick_is_legal_whenever_not_before_now(game_id, players):
    """Engine contract (engines/base.py): a tick at T >= now_us() is legal in
    every state of every engine (a no-op where nothing is due)."""
    cls = engine_class(game_id)
    seed = 3000 + players
    game = cls.new(players, seed)
    bot = RandomBot(seed)
    step = 0
    while not game.is_terminal() and step < 300:
        if step % 3 == 0:
            clone = game.clone()
            deadline = clone.deadline_us()
            t = clone.now_us() if deadline is None else max(clone.now_us(), deadline - 1)
            clone.apply({"type": "tick", "t_us": t})
            assert clone.now_us() >= t or clone.now_us() == 0 or clone.is_terminal()
        game.apply(bot.next_action(game))
        step += 1
