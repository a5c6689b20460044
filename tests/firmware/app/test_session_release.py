"""Game after game in one process, nothing piles up (issue 23's soak).

The soak found RSS climbing ~30 MB a game (184 MB after game 1, 523 MB
after game 16): each finished session sat in reference cycles (session <->
runtime callbacks) holding its renderer's cached surfaces (up to 30 M
pixels, ~120 MB) until Python's next full collection.  Also: a drawn scene
after the menu (a laid-out screen) must repaint the whole surface, not
only what changed since the previous game's last frame.
"""
from __future__ import annotations

import gc
import os
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.runtime import config  # noqa: E402
from firmware.app.session import Session, SessionOptions  # noqa: E402


def _session(tmp_path, name="j.jsonl", **kw) -> Session:
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1})
    return Session.new(cfg, "cafe-junior", 2, 7, None, tmp_path / name, opts, model=None, **kw)


def test_a_closed_session_frees_its_cached_surfaces_at_once(tmp_path):
    s = _session(tmp_path)
    s.run()
    assert s.game.is_terminal()
    surfaces, pixels = s.renderer.painter.cache_size()
    assert surfaces > 0 and pixels > 0
    s.close()
    assert s.renderer.painter.cache_size() == (0, 0)
    s.close()                                   # idempotent


def test_a_closed_session_is_freed_without_the_cycle_collector(tmp_path):
    """With the collector off, dropping the last reference to a closed
    session frees it (no session <-> runtime cycle keeps it)."""
    s = _session(tmp_path)
    s.run()
    s.close()
    ref = weakref.ref(s)
    gc.collect()
    gc.disable()
    try:
        del s
        assert ref() is None
    finally:
        gc.enable()


def test_close_keeps_the_renderer_and_cabinet_it_was_given(tmp_path):
    """The menu passes its own renderer (kept from game to game): a
    session's close leaves its cache alone."""
    from firmware.ui.hdmi import HdmiRenderer
    renderer = HdmiRenderer(800, 480, "headless")
    s = _session(tmp_path, renderer=renderer)
    s.run()
    held = renderer.painter.cache_size()
    s.close()
    assert renderer.painter.cache_size() == held and held[0] > 0
    s2 = _session(tmp_path, "k.jsonl", renderer=renderer)    # the next game on the same renderer
    s2.run()
    s2.close()
    assert s2.game.is_terminal()


def test_painter_cache_stays_bounded_over_many_distinct_states(monkeypatch):
    """Many distinct texts (scores, names) never grow the cache past its
    count and pixel bounds; the oldest used go first."""
    import pygame

    from firmware.screens.draw import default_measure
    from firmware.ui import paint, paint_cache
    from firmware.ui.kit import Rect, Scene
    monkeypatch.setattr(paint_cache, "_CACHE_MAX", 40)
    monkeypatch.setattr(paint_cache, "_CACHE_PIXELS", 60_000)
    painter = paint.Painter(paint.Fonts())
    surf = pygame.Surface((800, 480))
    for i in range(300):
        scene = Scene(800, 480, default_measure())
        scene.add("text", Rect(10, 10, 300, 40), text=f"score {i}", size=24, colour=(255, 255, 255))
        painter.draw(surf, scene)
        count, pixels = painter.cache_size()
        assert count <= 40 and pixels <= 60_000
    assert count > 1


def test_a_scene_drawn_after_the_menu_repaints_the_whole_screen(tmp_path):
    """Game, menu, the same game's screen again: the pixels are those of a
    fresh draw, with nothing of the menu left."""
    import pygame

    from firmware.screens.draw import hdmi_screen
    from firmware.app.menu import Menu
    from firmware.ui.hdmi import HdmiRenderer
    s = _session(tmp_path)
    scene = hdmi_screen(s.game, s.context(), size=(800, 480), measure=s.renderer.scene_measure)
    s.writer.close()
    r = HdmiRenderer(800, 480, "headless")
    r.draw(scene)
    r.draw(Menu(games=["cafe-junior"]).scene((800, 480), r.scene_measure))
    r.draw(scene)
    fresh = HdmiRenderer(800, 480, "headless")
    fresh.draw(scene)
    assert pygame.image.tobytes(r.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")


def test_the_fonts_measure_cache_is_emptied_past_its_bound_and_measures_on():
    """Past 20,000 measured texts the measure cache starts again (it must
    not fail: a long game measures many distinct feed lines)."""
    from firmware.ui.paint import Fonts
    fonts = Fonts()
    for i in range(20_005):
        w, h = fonts.measure(f"line {i}", 24)
        assert w > 0 and h > 0
    assert len(fonts._sizes) < 20_000
