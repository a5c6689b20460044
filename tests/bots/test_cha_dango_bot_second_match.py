"""Cha dango bots go for another match (PT31 item 3: they kept hitting the
customer already served, "too late by 678 ms", and left the cat: "Nobody
served the cat: it stays").  After its hit, while the race is open and the
seat is still in it, a bot aims at the nearest matching customer it has not
hit yet (book 2A: "he may hit the 2nd card"), paying its steps."""
from __future__ import annotations

import dataclasses
import random

from bots.base import LEVELS
from bots.cha_dango import policy


def _view(**race):
    faces = ["fox", "cat", "panda", "cat", "rabbit"]
    return {"deck_count": 20, "current": 0, "player": 1, "order": {"attribute": "figure", "value": "cat"},
            "dining_area": [{"id": 10 + i, "figure": f, "dango": "green", "background": "red"}
                            for i, f in enumerate(faces)],
            "race": {"open_us": 1_000_000, "answers": [None, None], **race}}


def _legal(button_down=False):
    if button_down:
        return [{"type": "release", "player": 1, "t_us": None}]
    return [{"type": "slap", "player": 1, "card": 10 + i, "t_us": None} for i in range(5)] + \
        [{"type": "cup_lift", "player": 1, "t_us": None}]


def test_a_bot_whose_hit_came_too_late_aims_at_the_other_match():
    sure = dataclasses.replace(LEVELS["normal"], wrong=0.0)
    memory: dict = {"cursor": (11, 1)}
    rng = random.Random(3)
    first = policy(_view(), _legal(), rng, sure, memory)
    assert first["card"] == 11
    assert policy(_view(), _legal(button_down=True), rng, sure, memory)["type"] == "release"
    late = _view(answers=[None, {"answer": "slap", "t_us": 1_900_000}],
                 my_late_hit={"card": 11, "t_us": 1_900_000, "winner": 0, "by_us": 678_000})
    second = policy(late, _legal(), rng, sure, memory)
    assert second is not None and second["card"] == 13, second
    assert memory["aim_from"] == 1, "the steps to the 2nd match are counted from the 1st"
    assert policy(late, _legal(button_down=True), rng, sure, memory)["type"] == "release"
    assert policy(late, _legal(), rng, sure, memory) is None, "no third match: it waits"


def test_a_bot_out_of_the_order_goes_for_nothing_more():
    """A wrong hit ends the seat's order (CD-12): no second hit."""
    sure = dataclasses.replace(LEVELS["normal"], wrong=0.0)
    memory: dict = {"cursor": (11, 1)}
    rng = random.Random(3)
    policy(_view(), _legal(), rng, sure, memory)
    policy(_view(), _legal(button_down=True), rng, sure, memory)
    out = _view(answers=[None, {"answer": "slap", "t_us": 1_900_000}], my_wrong_hit={"card": 11, "t_us": 1_900_000})
    assert policy(out, _legal(), rng, sure, memory) is None
