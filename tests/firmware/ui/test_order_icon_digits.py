"""The gallery's OCR (2026-12-06): the yen in the gold coin and the VP on
the star of Ginza's order cards were 7-9 px tall on the 800 x 480 table
screen (screens_ocr p10 9 px on ginza-roll), under the 14 px a player's
small words stand at 800 x 480 (18 px at 1920 x 1080).  As for
Retrograde's trophies (test_trophy_digits.py), a digit's height is
measured in drawn pixels: the icon drawn with its number against the same
icon drawn without it."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.app.gallery import STATES, context_for, find_state  # noqa: E402
from firmware.screens.draw import hdmi_screen  # noqa: E402
from firmware.ui.hdmi import HdmiRenderer  # noqa: E402
from firmware.ui.kit import Node, Rect  # noqa: E402


def _ink_height(node) -> int:
    """The height in px of what the label adds to ``node`` (a coin or a
    star icon) drawn at its size."""
    import pygame
    from firmware.ui.paint import Fonts, Painter
    painter = Painter(Fonts())
    side = min(node.rect.w, node.rect.h)
    sq = Rect(0, 0, side, side)

    def draw(props):        # on an opaque card (what a transparent pixel holds is not seen)
        surf = pygame.Surface((side, side))
        surf.fill((246, 238, 222))
        getattr(painter, "_" + node.kind)(surf, Node(node.kind, sq, props), sq)
        return surf
    with_label = draw(dict(node.props))
    without = draw({k: v for k, v in node.props.items() if k != "label"})
    rows = [y for y in range(side) if any(with_label.get_at((x, y)) != without.get_at((x, y)) for x in range(side))]
    return rows[-1] - rows[0] + 1 if rows else 0


def _order_icons(state_name: str, size: tuple[int, int]) -> list:
    """The coins and stars with a number on the order cards of a Ginza
    gallery state drawn at ``size``."""
    state = next(s for s in STATES["ginza"] if s.name == state_name)
    game, events = find_state(state)
    ctx, _ = context_for(game, events, state)
    r = HdmiRenderer(*size, "headless")
    scene = hdmi_screen(game, ctx, size=size, measure=r.scene_measure)
    return [n for n in scene.all_nodes() if n.props.get("label") is not None
            and (n.kind == "coin" or n.kind == "icon" and n.props.get("name") == "star")]


@pytest.mark.parametrize("state_name,size,least", [("roll", (800, 480), 14), ("busy", (800, 480), 14),
                                                   ("roll", (1920, 1080), 18), ("busy", (1920, 1080), 18),
                                                   ("play", (1920, 1080), 18)])
def test_order_card_yen_and_vp_stand_tall_enough(state_name, size, least):
    """Every order card's yen (in its coin) and VP (on its star) is at
    least ``least`` px tall."""
    icons = _order_icons(state_name, size)
    assert sum(n.kind == "coin" for n in icons) >= 4 and sum(n.kind == "icon" for n in icons) >= 4
    for node in icons:
        assert _ink_height(node) >= least, (node.kind, node.rect, node.props)
