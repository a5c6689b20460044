"""Play-test (issue 34, shot029): Retrograde's phase strip read "Seat 3
claims last · Seat 1 grabs card D · Seat 1 claims card D": the same claim
twice (pressed, then settled) and the events oldest first, so the newest
("Stop!") was the one dropped for room.  Now: one line per event, newest
first, a press ("grabs") said once its claim is settled only as the
claim, and no event that repeats the phase's own line."""
from __future__ import annotations

import pytest

from engines import new_game
from engines.registry import is_available
from firmware.screens.draw import default_measure, hdmi_screen
from firmware.screens.retrograde_plans import card_letters

from screen_checks import context

pytestmark = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


def _to_stop(seed: int = 1):
    """Three seats roll; seat 1 claims, then seat 2: Stop for seat 3.
    Returns the game and every event's text in order."""
    g = new_game("retrograde", 3, seed)
    texts: list[str] = []

    def apply(a):
        texts.extend(e["text"] for e in g.apply(a))
    for p in range(3):
        apply({"type": "dice", "player": p, "values": [1, 2, 3, 4, 5, 6], "colour": None, "t_us": 1000})
    t = 2_000_000
    for p in (0, 1):
        card = next(a["card"] for a in g.legal_actions(p) if a["type"] == "claim")
        apply({"type": "claim", "player": p, "card": card, "t_us": t})
        apply({"type": "tick", "t_us": g.deadline_us()})
        t = g.now_us() + 1_000_000
    assert g.view(None)["phase"] == "stop"
    return g, texts


def _phase_line(scene) -> str:
    return next(x for x in scene.texts() if "claims last" in x)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_event_line_says_each_claim_once_newest_first(size):
    g, texts = _to_stop()
    letters = card_letters(g.view(None))
    scene = hdmi_screen(g, context(g, texts), size=size, measure=default_measure())
    words = " · ".join(x for x in scene.texts() if x.startswith(("Seat", "Stop")))
    assert "grabs" not in words, words                 # each press settled: said as its claim only
    joined = "\n".join(scene.texts())
    first, second = joined.find("Seat 1 claims card"), joined.find("Seat 2 claims card")
    assert second >= 0, joined
    assert first < 0 or second < first, "the newest event comes first"
    assert "Stop! Seat 3 gets" not in joined, "the phase line says it already"
    assert letters
