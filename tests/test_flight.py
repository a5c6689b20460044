"""Cards in flight (issue 34, item 9): a card sliding to its new place went
over the other cards and over the event text on its way; now it goes
beneath them, above only the panels it leaves and lands in."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.screens import default_measure  # noqa: E402
from firmware.ui.kit import Rect, Scene  # noqa: E402

RED, BLUE, FEED = (220, 40, 40), (40, 60, 220), (20, 90, 40)


def _scene(x_card: int) -> Scene:
    """A table panel with card "y" standing, card "x" at ``x_card`` (drawn
    after "y"), and an event feed panel with its text over the table."""
    sc = Scene(400, 200, default_measure)
    sc.add("panel", Rect(0, 0, 400, 200), None, fill=(40, 44, 56))
    sc.add("card", Rect(170, 60, 60, 80), "y", fill=BLUE)
    sc.add("card", Rect(x_card, 60, 60, 80), "x", fill=RED)
    sc.add("panel", Rect(250, 100, 60, 30), None, fill=FEED)           # the event text's panel
    sc.add("text", Rect(252, 102, 56, 26), None, text="Seat 2", size=16, colour=(255, 255, 255))
    return sc


def test_a_card_in_flight_passes_beneath_other_cards_and_the_event_text():
    import pygame

    from firmware.ui.paint import ANIM_MS, Painter, Fonts
    surf = pygame.Surface((400, 200))
    p = Painter(Fonts())
    p.draw(surf, _scene(10), now_ms=0.0)
    assert surf.get_at((200, 100))[:3] == BLUE
    # mid-flight x (10 -> 330) is over y's place, then over the feed
    p.draw(surf, _scene(330), now_ms=1000.0)
    p.draw(surf, _scene(330), now_ms=1000.0 + ANIM_MS * 0.2)
    x_now = p._anims["x"][0].lerp(Rect(330, 60, 60, 80), 1 - (1 - 0.2) ** 3)
    assert x_now.intersects(Rect(170, 60, 60, 80)) and p.animating
    assert surf.get_at((200, 70))[:3] == BLUE                  # y stays on top of the flying card
    assert surf.get_at((x_now.x + 3, x_now.y + 40))[:3] != BLUE       # the flying card is drawn where it is free
    p.draw(surf, _scene(330), now_ms=1000.0 + ANIM_MS * 0.3)      # x at 220..280: over the feed
    assert Rect(255, 126, 1, 1).inside(p._anims["x"][0].lerp(Rect(330, 60, 60, 80), 1 - 0.7 ** 3))
    assert surf.get_at((255, 126))[:3] == FEED                  # the feed panel covers the flying card
    p.draw(surf, _scene(330), now_ms=1000.0 + ANIM_MS * 2)
    assert not p.animating and surf.get_at((360, 70))[:3] == RED     # landed
