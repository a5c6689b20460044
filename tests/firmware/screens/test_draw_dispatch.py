"""The shared screen is always a kit scene drawn by the game's screens
module; an engine the cabinet declares no screens for is refused by name
(there is no generic text screen any more)."""
from __future__ import annotations

import pytest

from engines import GAMES, new_game
from firmware.screens.draw import default_measure, hdmi_screen
from firmware.ui.kit import Scene


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_registered_game_is_drawn_as_a_kit_scene(game_id):
    game = new_game(game_id, GAMES[game_id].min_players if GAMES[game_id].min_players > 1 else 2, 1)
    scene = hdmi_screen(game, {"last_events": [], "prompts": {}}, size=(1280, 720), measure=default_measure())
    assert isinstance(scene, Scene) and scene.nodes


def test_a_game_without_screens_is_refused_by_name():
    class Unknown:
        game_id = "sixth-game"
        display_name = "Sixth Game"

        def view(self, seat):
            return {}
    with pytest.raises(LookupError, match="Sixth Game has no screens on the cabinet"):
        hdmi_screen(Unknown(), {}, size=(1280, 720), measure=default_measure())
