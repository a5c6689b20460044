"""PT56 (Ginza, the simulator's window at --size 800x480): the words over
a seat's tray and over its close-ups ran past the panel's edge ("dice in
your tra", "in the order re"): where even the shortest form is wider than
the column, they are drawn smaller, never past its edge."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from PIL import Image  # noqa: E402

from firmware.ui.sim_tray import TrayLook, paint_closeups, paint_tray  # noqa: E402


def _drawn_right_of(surface, x_edge: int) -> int:
    """How many pixels right of ``x_edge`` are not the background."""
    w, h = surface.get_size()
    return sum(1 for x in range(x_edge, w) for y in range(h) if surface.get_at((x, y))[:3] != (0, 0, 0))


def test_the_words_over_a_narrow_tray_and_its_closeups_stay_inside_the_column():
    pygame.init()
    font = pygame.font.Font(None, 32)
    tray = Image.new("RGB", (464, 254), (200, 200, 200))
    die = Image.new("RGB", (40, 40), (250, 250, 250))
    for width in (90, 120, 300):
        target = pygame.Surface((width + 200, 400))
        target.fill((0, 0, 0))
        paint_tray(pygame, target, (10, 50, width, 80), tray, font)
        look = TrayLook(tray, (die, die), in_order=True, dice=2, taken=True)
        paint_closeups(pygame, target, (10, 200, width, 40), ((10, 200, 40, 40), (54, 200, 40, 40)), look, font)
        assert _drawn_right_of(target, 10 + width + 1) == 0, width
