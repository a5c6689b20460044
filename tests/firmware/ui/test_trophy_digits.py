"""The gallery's OCR (2026-12-06): the numbers 1-6 on Retrograde's trophies were 9 px
tall on the 800 x 480 table screen, the smallest words on it; a player's
small words stand at least 14 px tall at 800 x 480 (18 px at 1920 x 1080).
The digit's height is measured in drawn pixels: the icon drawn with its
number against the same icon drawn without it."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.app.gallery import STATES, context_for, find_state  # noqa: E402
from firmware.screens.draw import hdmi_screen  # noqa: E402
from firmware.ui.hdmi import HdmiRenderer  # noqa: E402
from firmware.ui.icons import draw_icon  # noqa: E402
from firmware.ui.kit import Rect  # noqa: E402


def _ink_height(size: int, props: dict) -> int:
    """The height in px of what the label adds to a ``size`` px trophy."""
    import pygame
    from firmware.ui.paint import Fonts
    fonts = Fonts()

    def draw(p):
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_icon(pygame, fonts, lambda *a: None, surf, Rect(0, 0, size, size), p)
        return surf
    with_label, without = draw(props), draw({k: v for k, v in props.items() if k != "label"})
    rows = [y for y in range(size) if any(with_label.get_at((x, y)) != without.get_at((x, y)) for x in range(size))]
    return rows[-1] - rows[0] + 1 if rows else 0


def _trophies(state_name: str, size: tuple[int, int]) -> list:
    state = next(s for s in STATES["retrograde"] if s.name == state_name)
    game, events = find_state(state)
    ctx, _ = context_for(game, events, state)
    r = HdmiRenderer(*size, "headless")
    scene = hdmi_screen(game, ctx, size=size, measure=r.scene_measure)
    return [n for n in scene.of_kind("icon") if n.props.get("name") == "trophy"]


@pytest.mark.parametrize("state_name,size,least", [("blast", (800, 480), 14), ("contest", (800, 480), 14),
                                                   ("blast", (1920, 1080), 18), ("four", (1920, 1080), 18)])
def test_trophy_numbers_on_the_sheets_stand_tall_enough(state_name, size, least):
    """Every trophy's number on the seats' sheets, won or not, lit or
    not, is at least ``least`` px tall."""
    trophies = _trophies(state_name, size)
    assert len(trophies) >= 6
    for node in trophies:
        side = min(node.rect.w, node.rect.h)
        assert _ink_height(side, dict(node.props)) >= least, (side, node.props)
