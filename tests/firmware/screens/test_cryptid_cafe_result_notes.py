"""Play-tester: Cryptid Cafe's end card said 80 / 80 / 61 coins while the
board showed 69 and 62: nothing said where the difference came from.  The
card now gives each seat's sum as the engine scores it: tips (the coins on
the board) + set bonuses - walkouts - leftover dishes = the score."""
from __future__ import annotations

import collections
import re

import pytest

from engines.results import game_result
from firmware.screens.draw import default_measure, result_notes
from firmware.ui.result_screen import result_scene

from screen_checks import play_states, scene_problems


def _finished(players: int, seed: int):
    """The game at its last state, played by random legal moves."""
    game, _ = collections.deque(play_states("cryptid-cafe", players, seed, limit=20000), maxlen=1).pop()
    assert game.is_terminal()
    return game


def _sum(note: str) -> tuple[int, float]:
    """A note's seat (0-based) and the value of its sum's left side."""
    seat = int(re.match(r"Seat (\d+):", note).group(1)) - 1
    left, total = note.split(":", 1)[1].rsplit("=", 1)
    terms = re.findall(r"([+-]?)(\d+) (tips|sets|walkouts|dishes)", left)
    value = sum(int(n) * (-1 if sign == "-" else 1) for sign, n, _ in terms)
    assert int(total) == value, note
    return seat, value


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_each_seats_score_is_explained_on_the_end_card(players):
    game = _finished(players, 3)
    notes = result_notes(game)
    scores = game.scores()
    seats = [n for n in notes if n.startswith("Seat ")]      # then, solo, AI Player 2's parts (pt11)
    explained = dict(_sum(n) for n in seats)
    assert explained == {s: scores[s] for s in range(players)}, (notes, scores)
    coins = [p["coins"] for p in game.view(None)["players"]]
    for s, n in enumerate(seats):
        assert f"{coins[s]} tips" in n, (n, coins)
    result = game_result(game)
    for size in ((1920, 1080), (800, 480)):
        scene = result_scene(None, result, None, size, default_measure(), bots=set(range(players)),
                             hint="Press your button to close (or any key)", notes=notes)
        assert not scene_problems(scene), (size, scene_problems(scene))
        assert all(n in scene.texts() for n in notes)
