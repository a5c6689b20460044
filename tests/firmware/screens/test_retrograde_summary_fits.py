"""Retrograde's round summary at every screen size (ruling CAB-10): found
in a headless 4-seat game at 800 x 480 (issue 40's game, seed 3): four
seats tied for the round's best, each line lit and so needed, did not fit
the panel above the sheets ("HDMI could not be drawn"): the summary was
never seen.  Every seat's line is drawn, whole."""
from __future__ import annotations

import pytest

from engines import new_game
from engines.registry import is_available
from firmware.screens import retrograde as rg
from firmware.screens.draw import default_measure

LINES = ["Seat 1: +3 pts · 2 droids, 2-pip trophy, +1 power-up",
         "Seat 2: +3 pts · 2 droids, 1-pip trophy",
         "Seat 3: +3 pts · 2 droids, 1-pip trophy",
         "Seat 4: +3 pts · 2 droids, 1-pip trophy, +1 coin"]
LONG = ["Seat 1: +9 pts · 3 droids, 1 boss, 4-pip trophy, +2 coins, +1 power-up, Snake Eye unlocked",
        "Seat 2: +9 pts · 3 droids, 1 boss, 5-pip trophy, 1 coin spent, Lucky Seven unlocked",
        "Seat 3: +9 pts · 4 droids, 1 boss, 3-pip trophy, +1 coin, +1 power-up",
        "Seat 4: +12 pts · 3 droids, 1 boss, 6-pip trophy, all 6 trophies +3, +2 coins, Cube Friend unlocked"]


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lines", [LINES, LONG], ids=["found", "long"])
def test_four_seats_tied_for_the_rounds_best_are_all_drawn(size, lines):
    g = new_game("retrograde", 4, 3)
    view = g.view(None)
    context = {"round_summary": {"round": 1, "seats": list(lines), "bests": [0, 1, 2, 3]}, "banner": "next 4"}
    scene = rg.screen(g, view, context, size=size, measure=default_measure())
    assert scene.facts.get("round_summary") is not None
    drawn = " ".join(n.props["text"] for n in scene.nodes if n.kind == "text")
    for line in lines:
        for word in line.replace("·", " ").replace(",", " ").split():
            assert word in drawn, f"{word!r} of {line!r} not drawn at {size}"
