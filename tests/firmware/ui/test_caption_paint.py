"""Sound captions as painted: in the corner of the area given, and on the
cabinet's full-screen HDMI only when config ``[audio] captions = "on"``
(an accessibility option; the window loop sets ``captions_on_hdmi``)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def renderer(monkeypatch):
    from firmware.ui.hdmi import HdmiRenderer
    r = HdmiRenderer(800, 480, "headless")
    monkeypatch.setattr(r.pg.display, "flip", lambda: None)
    r.mode, r.window = "fullscreen", r.pg.Surface((800, 480))     # as the KMSDRM screen would be
    yield r
    r.window = None
    r.close()


def _corner_changed(r) -> int:
    pg = r.pg
    a = pg.image.tobytes(r.window.subsurface((0, 360, 400, 120)), "RGB")
    b = pg.image.tobytes(r.surface.subsurface((0, 360, 400, 120)), "RGB")
    return sum(x != y for x, y in zip(a, b))


def test_paint_captions_paints_the_lines_in_the_bottom_left_corner():
    import pygame
    from firmware.ui.paint import Fonts
    from firmware.ui.sim_window import paint_captions
    target = pygame.Surface((800, 480))
    target.fill((30, 30, 30))
    painted = paint_captions(pygame, target, (0, 0, 800, 480), ["\u266a race start", "\u266a won (seat 1)"],
                             Fonts().font(24))
    assert painted == ["\u266a race start", "\u266a won (seat 1)"]
    top_half = pygame.image.tobytes(target.subsurface((0, 0, 800, 240)), "RGB")
    corner = pygame.image.tobytes(target.subsurface((0, 380, 300, 100)), "RGB")
    assert set(top_half) == {30}                       # nothing painted up there
    assert len(set(corner)) > 3                        # the boxes, the notes, the words


def test_full_screen_paints_captions_only_when_turned_on(renderer):
    renderer.captions = ["\u266a race start"]
    renderer.present()
    assert renderer.painted_captions == [] and _corner_changed(renderer) == 0      # off by default on the HDMI
    renderer.captions_on_hdmi = True
    renderer.present()
    assert renderer.painted_captions == ["\u266a race start"] and _corner_changed(renderer) > 100
