"""Play-testers: the sound captions ("\u266a press taken (seat 2)") were
painted over the HDMI view's bottom-left corner, hiding a seat's yen and
dice row, coin counts and the walkthrough band's "First round" tag.  In
the simulator's window they now stand in a strip of their own under the
HDMI view; on the cabinet's full-screen HDMI (captions "on") over the
free middle of the title bar, nothing of the board under them."""
from __future__ import annotations

import os

import pygame
import pytest
from PIL import Image

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.ui.paint import Fonts  # noqa: E402
from firmware.ui.sim_window import SeatPanel, paint_window, window_layout  # noqa: E402

CAPTIONS = ["\u266a press taken (seat 1)", "\u266a your turn (seat 1)", "\u266a dice read"]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (1000, 700)])
def test_the_window_paints_captions_beside_the_hdmi_view_never_over_it(size):
    fonts = Fonts()
    panels = [SeatPanel("seat 1", Image.new("1", (128, 64)), (("Space", "button"),)), SeatPanel("seat 2 \u00b7 bot")]
    lay = window_layout(size, (1920, 1080), panels, fonts.measure)
    hx, hy, hw, hh = lay.hdmi
    hdmi = pygame.Surface((hw, hh))
    hdmi.fill((90, 60, 30))
    target = pygame.Surface(size)
    paint_window(pygame, target, lay, hdmi, panels, fonts.font, captions=CAPTIONS)
    view = pygame.image.tobytes(target.subsurface(lay.hdmi), "RGB")
    assert set(view) == {90, 60, 30}, "a caption covers the HDMI view"
    strip = pygame.image.tobytes(target.subsurface(lay.captions), "RGB")
    assert len(set(strip)) > 3                                   # the captions are painted, in their strip
    for box in lay.panels:                                       # and over no seat panel
        x, y, w, h = box.panel
        cx, cy, cw, ch = lay.captions
        assert x >= cx + cw or x + w <= cx or y >= cy + ch or y + h <= cy


def test_full_screen_captions_stand_in_the_title_bars_free_middle():
    from engines import new_game
    from firmware.screens.draw import default_measure, hdmi_screen
    from firmware.ui.hdmi import HdmiRenderer
    r = HdmiRenderer(1920, 1080, "headless")
    try:
        r.mode, r.window = "fullscreen", pygame.Surface((1920, 1080))
        pygame.display.flip = lambda: None
        game = new_game("ginza", 2, seed=1)
        scene = hdmi_screen(game, {"last_events": [], "prompts": {}, "notice": "", "banner": "", "dice": {}},
                            size=(1920, 1080), measure=default_measure())
        r.draw(scene)
        r.captions, r.captions_on_hdmi = list(CAPTIONS[:2]), True
        r.present()
        assert r.painted_captions
        bar = scene.facts["title_free"]
        shown = pygame.image.tobytes(r.window, "RGB")
        drawn = pygame.image.tobytes(r.surface, "RGB")
        changed = [i // 3 for i in range(0, len(shown), 3) if shown[i:i + 3] != drawn[i:i + 3]]
        assert changed
        for i in changed:                                        # every painted pixel in the bar's free middle
            x, y = i % 1920, i // 1920
            assert bar.x <= x < bar.right and bar.y <= y < bar.bottom, (x, y, bar)
    finally:
        r.window = None
        r.close()
