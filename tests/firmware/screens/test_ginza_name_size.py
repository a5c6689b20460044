"""The gallery's OCR (2026-12-06): on the 800 x 480 table screen Ginza's customers
with a long name ("Office Worker (Morning)", "Early Bird Family") were
drawn on two lines at 15 px (em), their capitals 11 px tall: the smallest
words on the screen, under the 14 px a player's small words stand (18 px
at 1920 x 1080).  Every customer's name and time of day, on one line or
two, has capitals at least that tall, unless it is wider than its line at
that size ("Newspaper Reader" at 800 x 480: it shrinks as it did, rather
than go missing)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.app.gallery import STATES, context_for, find_state  # noqa: E402
from firmware.screens.draw import hdmi_screen  # noqa: E402
from firmware.ui.hdmi import HdmiRenderer  # noqa: E402


def _cap_height(size: int) -> int:
    """The drawn height in px of a capital at ``size`` px (em)."""
    import pygame
    from firmware.ui.paint import Fonts
    return Fonts().font(size).render("H", True, (255, 255, 255)).get_bounding_rect().h


@pytest.mark.parametrize("size,least", [((800, 480), 14), ((1920, 1080), 18)])
@pytest.mark.parametrize("state_name", ["play", "busy", "roll", "contest"])
def test_ginza_customer_names_stand_tall_enough(state_name, size, least):
    state = next(s for s in STATES["ginza"] if s.name == state_name)
    game, events = find_state(state)
    ctx, _ = context_for(game, events, state)
    r = HdmiRenderer(*size, "headless")
    scene = hdmi_screen(game, ctx, size=size, measure=r.scene_measure)
    names = [c["name"] for c in scene.facts["customers"] if c]
    heads = [n for n in scene.of_kind("text") if any(n.props["text"].startswith(x) for x in names)
             or (n.props["text"].startswith("(") and n.props["text"].rstrip(")").lstrip("(")
                 in ("Morning", "Daytime", "Night"))]
    assert len(heads) >= len(names) >= 2
    caps = scene.metrics.caps_least
    assert _cap_height(caps) >= least
    small = [(n.props["text"], n.props["size"]) for n in heads if _cap_height(n.props["size"]) < least
             and r.scene_measure(n.props["text"], caps)[0] <= n.rect.w]
    assert not small, small
