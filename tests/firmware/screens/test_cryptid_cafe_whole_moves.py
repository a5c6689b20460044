"""Play-tester: Cryptid Cafe's "Latest moves" box cut moves mid-sentence
("Seat 1 serves the Wendigo and gets a" lost the tip; "...sends a server
to Croque-Monsieur,") and showed one move where bots had made three.
Every move shown is shown whole; fewer moves rather than cut ones; the
box holds more than two moves where the layout has room."""
from __future__ import annotations

import pytest

from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer

from screen_checks import context, play_states

PHASES = ("AI Player", "Phase ", "Round ", "Event this round")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 480)])
def test_every_move_shown_is_whole(players, size):
    r = HdmiRenderer(*size, "headless")
    checked = 0
    for game, events in play_states("cryptid-cafe", players, 4, every=7, limit=300):
        scene = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure)
        shown, lines = scene.facts.get("moves"), scene.facts.get("move_lines")
        if shown is None:
            continue
        assert " ".join(lines) == " ".join(shown), (size, shown, lines)
        assert all(m in events for m in shown), (shown, events)
        checked += 1
    assert checked >= (5 if size[1] > 480 else 0)      # 800x480 may have no room for moves


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_more_than_two_moves_where_there_is_room(players, size):
    r = HdmiRenderer(*size, "headless")
    most = 0
    for game, events in play_states("cryptid-cafe", players, 4, every=5, limit=300):
        if game.is_terminal():
            continue
        scene = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure)
        most = max(most, len(scene.facts.get("moves") or []))
    # 3 seats at 1280x720: two two-line moves beside the board besides a person's pending choice
    assert most >= (2 if (players, size) == (3, (1280, 720)) else 3), (players, size, most)
