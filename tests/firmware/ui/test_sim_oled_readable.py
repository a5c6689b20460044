"""PT56 (Ginza in the simulator's window at --size 800x480, about 1100 x
530 px on a 1080p desktop): once the seat's tray and its dice close up
came into its panel, its OLED shrank to its own 128 x 64 px ("from then
on I had to zoom into every screenshot"), the layout keeping the largest
text and 51 px close-ups first.  The OLED is where the seat checks its
dice: it now keeps 2x or more while the panel's text and close-ups can
shrink to fit, down to the smallest close-up worth its room."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from PIL import Image  # noqa: E402

from firmware.ui.sim_tray import CLOSEUP_LEAST, TrayLook  # noqa: E402
from firmware.ui.sim_window import SeatPanel, window_layout  # noqa: E402

LEGEND = (("Space", "button"), ("Left/Right", "choose"), ("Down", "cancel"), ("Left held", "take back"))


def test_a_persons_oled_stays_at_twice_its_size_beside_its_tray_in_a_small_window():
    import pygame

    from firmware.ui.paint import Fonts
    pygame.init()
    measure = Fonts().measure
    tray = TrayLook(Image.new("RGB", (464, 254)), tuple(Image.new("RGB", (40, 40)) for _ in range(5)), True, 5)
    panels = [SeatPanel("seat 1", Image.new("1", (128, 64)), LEGEND, "lit", tray), SeatPanel("seat 2 · bot")]
    for size in ((1100, 530), (1456, 700), (1880, 980)):
        lay = window_layout(size, (800, 480), panels, measure)
        assert lay.scale >= 2.0, (size, lay.scale)
        box = lay.panels[0]
        assert box.closeups and all(t[2] >= CLOSEUP_LEAST for t in box.tiles), (size, box)
