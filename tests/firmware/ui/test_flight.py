"""Cards in flight (issue 34, item 9): a card sliding to its new place went
over the other cards and over the event text on its way; now it goes
beneath what it passes over (above only the panels it leaves and lands
in), and a card whose way would cross another card's face - or that
changes size, as in a row laid out again - fades in where it lands."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.screens.draw import default_measure  # noqa: E402
from firmware.ui.kit import Rect, Scene  # noqa: E402

RED, BLUE, FEED, TABLE = (220, 40, 40), (40, 60, 220), (20, 90, 40), (40, 44, 56)


def _scene(x_card: int, y_card: int = 60, w: int = 60) -> Scene:
    """A table panel with card "y" standing, card "x" at (``x_card``,
    ``y_card``) (drawn after "y"), and the event feed's panel with its text."""
    sc = Scene(400, 300, default_measure)
    sc.add("panel", Rect(0, 0, 400, 300), None, fill=TABLE)
    sc.add("card", Rect(170, 60, 60, 80), "y", fill=BLUE)
    sc.add("card", Rect(x_card, y_card, w, 80), "x", fill=RED)
    sc.add("panel", Rect(150, 190, 200, 40), None, fill=FEED)           # the event text's panel
    sc.add("text", Rect(152, 192, 196, 36), None, text="Seat 2 claims", size=16, colour=(255, 255, 255))
    return sc


def _painter():
    import pygame

    from firmware.ui.paint import Fonts, Painter
    return pygame.Surface((400, 300)), Painter(Fonts())


def test_a_card_whose_way_crosses_another_card_fades_in_where_it_lands():
    from firmware.ui.paint import ANIM_MS
    surf, p = _painter()
    p.draw(surf, _scene(10), now_ms=0.0)
    p.draw(surf, _scene(330), now_ms=1000.0)
    for f in (0.1, 0.2, 0.35, 0.5, 0.8):
        p.draw(surf, _scene(330), now_ms=1000.0 + ANIM_MS * f)
        assert p.animating
        assert all(surf.get_at((x, 100))[:3] == BLUE for x in range(175, 226, 10))   # never over card y
        assert surf.get_at((100, 100))[:3] == TABLE                                  # nothing on the way
        mid = surf.get_at((360, 100))[:3]
        assert mid != RED and mid != TABLE                                           # fading in
    p.draw(surf, _scene(330), now_ms=1000.0 + ANIM_MS * 2)
    assert not p.animating and surf.get_at((360, 100))[:3] == RED


def test_a_sliding_card_passes_beneath_the_event_text():
    """Card x slides down from the top left to under the feed and beyond
    (no card on its way): it slides, beneath the feed's panel and text."""
    from firmware.ui.paint import ANIM_MS, _ease
    surf, p = _painter()
    p.draw(surf, _scene(270, 10), now_ms=0.0)              # x above the feed, beside card y
    start, end = Rect(270, 10, 60, 80), Rect(270, 215, 60, 80)
    sc = lambda: _scene(270, 215)                           # noqa: E731
    p.draw(surf, sc(), now_ms=1000.0)
    assert "x" not in p._fading
    f = 0.27
    p.draw(surf, sc(), now_ms=1000.0 + ANIM_MS * f)
    now = start.lerp(end, _ease(f))
    assert now.y + 5 < 190 < now.bottom, now                          # half over the feed
    assert surf.get_at((300, now.y + 5))[:3] == RED                   # it slides (drawn on its way)
    assert surf.get_at((300, 192))[:3] == FEED                        # the feed stays on top of the card
    p.draw(surf, sc(), now_ms=1000.0 + ANIM_MS * 2)
    assert not p.animating and surf.get_at((300, 260))[:3] == RED


def test_a_card_that_changes_size_is_not_stretched_over_its_neighbours():
    from firmware.ui.paint import ANIM_MS
    surf, p = _painter()
    p.draw(surf, _scene(250, 60, 60), now_ms=0.0)
    p.draw(surf, _scene(300, 60, 40), now_ms=1000.0)
    assert "x" in p._fading
    p.draw(surf, _scene(300, 60, 40), now_ms=1000.0 + ANIM_MS * 0.3)
    assert surf.get_at((270, 100))[:3] == TABLE                      # not drawn part-way
