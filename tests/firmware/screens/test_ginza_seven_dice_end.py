"""PT30, a fresh play-tester of Ginza Retro Café (seat 1 against two bots,
camera dice): late in the game a seat with seven dice on its mat and
three action tokens left had no room for the tokens, and the count
beside the one token drawn ("x3") did not fit its 23 px at 1280 x 720:
"HDMI could not be drawn" on every pass from then on, so the table froze
on a stale board and the end (who won, the scores) was never shown, and
``cabinet replay`` of the game ended with an error at that step.  The
game's journal (``data/ginza-pt30-seven-dice.jsonl``, a real game of the
simulated cabinet) is drawn at every step, at every size, to its end."""
from __future__ import annotations

from pathlib import Path

import pytest

from firmware.runtime.replay import Replay
from firmware.ui.hdmi import HdmiRenderer
from firmware.ui.kit import LayoutError

from screen_checks import scene_problems

JOURNAL = Path(__file__).with_name("data") / "ginza-pt30-seven-dice.jsonl"


@pytest.mark.parametrize("size", [(1280, 720), (800, 480), (1920, 1080)])
def test_every_step_of_the_game_is_drawn_and_its_end_says_who_won(size):
    replay = Replay.open(JOURNAL)
    hdmi = HdmiRenderer(*size, "headless")
    last = replay.last
    for k in range(last + 1):
        scene = replay.scene(k, size, hdmi.scene_measure)
        assert scene_problems(scene) == [], (k, scene_problems(scene))
        hdmi.draw(scene)
    assert any("wins" in t for t in scene.texts()), scene.texts()


def test_a_replay_step_that_cannot_be_drawn_is_said_in_words(monkeypatch):
    """Whatever else fails to lay out: the step is said in words, with who
    won at the end, instead of ``cabinet replay`` ending with an error."""
    from firmware.screens import draw

    def broken(*_a, **_kw):
        raise LayoutError("'x3' does not fit 23x32 px at 27 px (1280x720)")

    monkeypatch.setattr(draw, "hdmi_screen", broken)
    replay = Replay.open(JOURNAL)
    for size in ((1280, 720), (800, 480)):
        texts = replay.scene(replay.last, size, HdmiRenderer(*size, "headless").scene_measure).texts()
        assert any("Seat 3 wins" in t for t in texts) and any("could not be drawn" in t for t in texts), texts
