"""The painter's shortcuts draw exactly what a full repaint draws: parts of
the screen blitted from their cache (:meth:`Scene.part`) and frames where
only the changed regions are repainted, for consecutive states of seeded
games at both screen sizes."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from engines import new_game  # noqa: E402
from bots.random_bot import RandomBot  # noqa: E402
from firmware.app.gallery import context_for, STATES  # noqa: E402
from firmware.screens.draw import default_measure, hdmi_screen  # noqa: E402
from firmware.ui import kit  # noqa: E402
from firmware.ui.kit import Rect, Scene  # noqa: E402


def _fresh_draw(scene):
    import pygame
    from firmware.ui.paint import Fonts, Painter
    surf = pygame.Surface((scene.width, scene.height))
    Painter(Fonts()).draw(surf, scene)
    return surf


@pytest.mark.parametrize("game_id,players", [("ginza", 4), ("cryptid-cafe", 5), ("cafe-junior", 3),
                                             ("retrograde", 2)])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_incremental_frames_equal_full_repaints(game_id, players, size):
    """Drawing consecutive states on one painter (parts cached, only the
    changed regions repainted) gives the same pixels as drawing each state
    from scratch."""
    import pygame
    from firmware.ui.paint import Fonts, Painter
    game = new_game(game_id, players, 3)
    bot = RandomBot(3)
    for _ in range(40):
        if game.is_terminal():
            break
        game.apply(bot.next_action(game))
    surf = pygame.Surface(size)
    painter = Painter(Fonts())
    repaints = []
    real = painter._repaint
    painter._repaint = lambda *a: (repaints.append(1), real(*a))
    state = STATES[game_id][0]
    compared = 0
    for step in range(8):
        if game.is_terminal():
            break
        ctx, _ = context_for(game, [], state)
        scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
        painter.draw(surf, scene)
        if step >= 1:
            assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(_fresh_draw(scene), "RGB"), \
                f"{game_id} step {step}: the incremental frame differs from a full repaint"
            compared += 1
        game.apply(bot.next_action(game))
    assert compared >= 3
    assert repaints, "no frame took the changed-regions path"


def test_part_reuses_nodes_and_facts_for_the_same_digest():
    """A part built once is reused for the same digest (same nodes, same
    facts) and rebuilt for another; its nodes are one group node."""
    measure = default_measure()
    built = []

    def build(sc):
        built.append(1)
        sc.text("Seat 1", Rect(10, 10, 300, 60))
        sc.facts.setdefault("scores", {})[0] = 5

    a = Scene(800, 480, measure)
    a.part(Rect(0, 0, 400, 100), ("test-part", 1), build)
    b = Scene(800, 480, measure)
    b.part(Rect(0, 0, 400, 100), ("test-part", 1), build)
    assert len(built) == 1
    assert a.key() == b.key() and b.facts == {"scores": {0: 5}} and b.texts() == ["Seat 1"]
    assert b.nodes[0].kind == "group" and len(b.nodes[0].props["children"]) == 1
    c = Scene(800, 480, measure)
    c.part(Rect(0, 0, 400, 100), ("test-part", 2), build)
    assert len(built) == 2
    assert len(kit._PARTS) <= kit._PARTS_MAX
