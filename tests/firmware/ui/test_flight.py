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


def test_an_animation_frame_repaints_a_box_and_draws_what_a_whole_repaint_draws(monkeypatch):
    """Issue 36: every frame of an animation (300 ms after a card or die
    moves) repainted the whole surface (9-30 ms here at 1080p, x 4.5 on
    the Pi 4 twin); now only the box around what changes and moves, and
    each frame is pixel for pixel what a whole repaint gives."""
    import pygame

    import firmware.ui.paint as paint
    from firmware.ui.paint import ANIM_MS

    def scene(x_card, y_card=60, w=60, extra=True):
        sc = Scene(800, 600, default_measure)
        sc.add("panel", Rect(0, 0, 400, 300), None, fill=TABLE)
        sc.add("card", Rect(170, 60, 60, 80), "y", fill=BLUE)
        sc.add("card", Rect(x_card, y_card, w, 80), "x", fill=RED)
        sc.add("panel", Rect(150, 190, 200, 40), None, fill=FEED)
        sc.add("text", Rect(152, 192, 196, 36), None, text="Seat 2 claims", size=16, colour=(255, 255, 255))
        if extra:
            sc.add("card", Rect(600, 400, 60, 80), "z", fill=BLUE)     # far away: outside the box
        return sc
    frames = [(scene(270, 10), 0.0), (scene(270, 215), 1000.0), (scene(270, 215), 1000.0 + ANIM_MS * 0.3),
              (scene(270, 215), 1000.0 + ANIM_MS * 0.6), (scene(270, 215), 1000.0 + ANIM_MS * 2),  # slides
              (scene(10), 2000.0), (scene(10), 2000.0 + ANIM_MS * 0.4),                  # crosses y: fades
              (scene(250, 60, 40), 2000.0 + ANIM_MS * 0.6),                              # moved again mid-way
              (scene(250, 60, 40, extra=False), 1300.0),                                # z gone
              (scene(250, 60, 40, extra=False), 1300.0 + ANIM_MS * 0.5),
              (scene(250, 60, 40, extra=False), 1300.0 + ANIM_MS * 2)]
    clipped, whole = (pygame.Surface((800, 600)), paint.Painter(paint.Fonts())), \
        (pygame.Surface((800, 600)), paint.Painter(paint.Fonts()))
    boxes = []
    for sc, t in frames:
        for (surf, p), clip in ((clipped, True), (whole, False)):
            monkeypatch.setattr(paint, "CLIP_ANIMATIONS", clip)
            p.draw(surf, sc, now_ms=t)
        boxes.append(clipped[1].last_dirty)
        assert pygame.image.tobytes(clipped[0], "RGB") == pygame.image.tobytes(whole[0], "RGB"), (t, boxes[-1])
    assert any(b and sum(r.w * r.h for r in b) < 800 * 600 // 2 for b in boxes[2:]), boxes
