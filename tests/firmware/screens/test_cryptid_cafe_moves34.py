"""Issue 34 (a fresh play-tester) in Cryptid Cafe: with 2+ players the
HDMI had no "Latest moves" panel at all (solo had one), so a seat never
saw what the others just did."""
from __future__ import annotations

import pytest

from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer

from screen_checks import context, play_states


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_cryptid_cafe_latest_moves_shown_with_every_player_count(players, size):
    r = HdmiRenderer(*size, "headless")
    checked = 0
    for game, events in play_states("cryptid-cafe", players, 2, every=9, limit=120):
        moves = [e for e in events if not e.startswith(("AI Player", "Phase ", "Round ", "Event this round"))]
        if not moves or game.is_terminal():
            continue
        scene = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure)
        texts = scene.texts()
        assert "Latest moves" in texts, (players, size, texts)
        newest = moves[-1]
        assert any(newest.startswith(t) and len(t) > 8 for t in texts), (newest, texts)
        checked += 1
    assert checked >= 3
