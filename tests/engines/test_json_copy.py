"""Issue 36: the engines copy their views and take-back snapshots with
:func:`engines.base.json_copy` (a pickle round trip, several times as fast
as ``copy.deepcopy``); it must copy as deepcopy does."""
from __future__ import annotations

import copy

from engines import new_game
from engines.base import json_copy


def test_json_copy_is_an_independent_copy_that_keeps_shared_parts_shared():
    shared = [1, 2, {"a": [3]}]
    data = {"x": shared, "y": shared, "t": (1, [2]), "s": "text", "n": None, "f": 1.5}
    got = json_copy(data)
    assert got == data == copy.deepcopy(data)
    assert got["x"] is got["y"], "a part shared in the original is shared in the copy (as deepcopy keeps it)"
    got["x"][2]["a"].append(4)
    assert data["x"][2]["a"] == [3], "the copy shares nothing with the original"


def test_every_engines_view_and_snapshot_are_copies_not_the_state():
    for game_id, players in (("retrograde", 3), ("ginza", 3), ("cha-dango", 3), ("cryptid-cafe", 3)):
        game = new_game(game_id, players, 5, None)
        before = game.to_json()
        view, snap = game.view(None), game.to_json()
        for data in (view, snap):
            _touch_all(data)
        assert game.to_json() == before, f"{game_id}: changing a view or a snapshot changed the game"


def _touch_all(data) -> None:
    """Change every list and dict inside ``data``, at every depth."""
    if isinstance(data, dict):
        for value in list(data.values()):
            _touch_all(value)
        data["touched"] = True
    elif isinstance(data, list):
        for value in list(data):
            _touch_all(value)
        data.append("touched")
