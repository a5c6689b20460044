"""Play-tester: the dice on Ginza's mats were about 26 px wide in the
window and read 2 as 3 and 2 as 1 (then "change 1 to 2" went to the wrong
die): the mats' dice are drawn big enough to count their pips at a metre."""
from __future__ import annotations

import pytest

from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context, play_states, scene_problems

#: the least die width, px, per screen height (4 seats at 1080: as wide as the 9-space track allows)
LEAST = {1080: 46, 720: 32, 480: 22}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
def test_the_mats_dice_are_big_enough_to_count(players, size):
    sizes = []
    for game, events in play_states("ginza", players, 5, every=40, limit=400):
        scene = hdmi_screen(game, context(game, events), size=size, measure=default_measure())
        assert not scene_problems(scene), scene_problems(scene)
        sizes += [n.rect.w for n in scene.all_nodes() if n.kind == "die" and (n.key or "").startswith("die:")]
    assert sizes and min(sizes) >= LEAST[size[1]], (min(sizes), size)
