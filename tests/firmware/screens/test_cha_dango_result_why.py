"""Issue 34 (fresh play-tester PT21): Cha dango's winner card gave no reason
the game ended ("Sold out!" stood only on the board behind it), where
Retrograde's says "The 8th round is over: the card deck is empty".  The
card says why, in the rulebook's words ("End of Game", ruling CD-2)."""
from __future__ import annotations

import collections

from firmware.screens.draw import default_measure, result_notes
from engines.results import game_result
from firmware.ui.result_screen import result_scene

from screen_checks import play_states, scene_problems


def test_the_winner_card_says_the_dango_sold_out():
    game, _ = collections.deque(play_states("cha-dango", 3, 2, limit=20000), maxlen=1).pop()
    assert game.is_terminal()
    notes = result_notes(game)
    assert notes and "sold out" in notes[0].lower() and "last card" in notes[0], notes
    for size in ((1920, 1080), (800, 480)):
        scene = result_scene(game, game_result(game), None, size, default_measure(), notes=notes)
        assert notes[0] in " ".join(scene.texts()), size
        assert not scene_problems(scene), scene_problems(scene)[:3]


def test_no_reason_before_the_end():
    game, _ = next(iter(play_states("cha-dango", 3, 2, limit=50)))
    assert result_notes(game) == []
