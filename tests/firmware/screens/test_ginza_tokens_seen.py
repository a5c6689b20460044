"""Issue 34 (fresh play-testers PT24, PT25): on a Ginza seat's mat the
action tokens left shrank to ~10 px dots at a dice limit of 7 and were gone
at 8 (the seat's OLED said "1 token", the HDMI showed none): on a narrow
mat they stand beside the dice limit track, which a higher limit fills.
Every token left is seen, at every dice limit up to the rulebook's 9, at a
size a person reads (at least two thirds of the small text's height): each
token drawn, or where they do not all fit, one token and its count ("x3")."""
from __future__ import annotations

import copy

import pytest

from bots.random_bot import RandomBot
from engines import new_game
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context, scene_problems


def _play_turn(players: int):
    game = new_game("ginza", players, 1)
    bot = RandomBot(1)
    while not (game.view(None)["phase"] == "play" and not game.chance_requests()):
        game.apply(bot.next_action(game))
    return game


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("limit", [5, 7, 8, 9])
def test_every_token_left_is_drawn_at_a_readable_size(players, size, limit):
    game = copy.deepcopy(_play_turn(players))
    for p in game.st["players"]:
        p["limit"] = limit
        p["dice"] = [(k % 6) + 1 for k in range(limit)]
        p["tokens"] = 3
    scene = hdmi_screen(game, context(game, []), size=size, measure=default_measure())
    line = scene.measure("Ag", scene.metrics.small)[1]
    for seat in range(players):
        left = [n for n in scene.of_kind("token") if n.key and str(n.key).startswith(f"left:{seat}:")]
        assert len(left) == 3 or (len(left) == 1 and "x3" in scene.texts()), (seat, len(left))
        assert min(min(n.rect.w, n.rect.h) for n in left) >= line * 2 // 3, [n.rect for n in left]
    assert not [t for _, t in scene.dropped if t == "x3"], scene.dropped
    assert not scene_problems(scene), scene_problems(scene)[:3]
