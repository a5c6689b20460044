"""Issue 34, PT13 (How to play, Cryptid Cafe "the AI players" page): the
"AI3" label spilled out of the grey meeple.  A meeple's label is never
wider than the meeple's body where it is written (0.4 of its side), at any size
the screens draw one, nor in a box wider than high (a How to play tile)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.mark.parametrize("label", ["AI2", "AI3", "1", "5"])
def test_a_meeple_label_stays_inside_the_meeple(label):
    import pygame
    from firmware.ui.paint import Fonts
    from firmware.ui.paint_parts import meeple_label_font
    pygame.font.init()
    fonts = Fonts()
    for w, h in [(24, 24), (40, 40), (64, 64), (90, 90), (140, 140), (200, 200), (160, 90), (90, 160)]:
        f = meeple_label_font(fonts, label, w, h)
        side = min(w, h)
        if f.get_height() > 12:          # (at the least font size a tiny meeple keeps its label)
            assert f.size(label)[0] <= side * 0.4, (label, w, h, f.size(label))
