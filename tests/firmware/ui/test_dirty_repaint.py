"""Issue 36: a pass that applied an action repainted the whole 1080p HDMI
(its scene's parts changed, and the box around everything that moved was
most of the screen): 14 ms p99 here, x 4.5 on the Pi 4 twin.  Now a part
(a group) that changed a few of its components repaints only those, and
an animation frame repaints the box around each thing's way, not one box
around all of them.  Every frame must be pixel for pixel what a whole
repaint draws: played over real games with bots."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from firmware.app.session import Session, SessionOptions  # noqa: E402
from firmware.runtime import config  # noqa: E402


def _session(tmp_path, game: str, players: int, seed: int) -> Session:
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(1280, 720), bots=set(range(players)))
    return Session.new(cfg, game, players, seed, None, tmp_path / "j.jsonl", opts, model=None)


@pytest.mark.parametrize("game,players,seed", [("ginza", 4, 2), ("cha-dango", 6, 1), ("retrograde", 4, 1)])
def test_a_dirty_repaint_draws_what_a_whole_repaint_draws_over_a_game(tmp_path, game, players, seed):
    import pygame

    from firmware.ui.paint import Painter
    s = _session(tmp_path, game, players, seed)
    try:
        fonts = s.renderer.fonts
        dirty, whole = (pygame.Surface((1280, 720)), Painter(fonts)), (pygame.Surface((1280, 720)), Painter(fonts))
        t = s.runtime.now_us
        part_frames = acted = 0
        for n in range(500):
            actions = s.runtime.stats.actions
            t += 33_000
            s.runtime.step(t)
            s.render()
            scene, now_ms = s.hdmi_model, t / 1000
            dirty[1].draw(dirty[0], scene, now_ms)
            whole[1].__dict__.pop("_prev", None)          # no last frame: the whole surface
            whole[1].draw(whole[0], scene, now_ms)
            assert pygame.image.tobytes(dirty[0], "RGB") == pygame.image.tobytes(whole[0], "RGB"), \
                (n, dirty[1].last_dirty)
            if s.runtime.stats.actions != actions:
                acted += 1
                box = dirty[1].last_dirty
                part_frames += box is not None and sum(r.w * r.h for r in box) < 1280 * 720 // 2
            if s.game.is_terminal():
                break
        assert acted >= 5, f"only {acted} actions applied"
        assert part_frames >= acted // 3, f"{part_frames} of {acted} frames after an action repainted a part"
    finally:
        s.close()


@pytest.mark.parametrize("game,players,seed", [("ginza", 4, 3), ("cha-dango", 6, 2), ("retrograde", 4, 2)])
def test_parts_drawn_into_the_surfaces_let_go_draw_what_new_surfaces_draw(tmp_path, monkeypatch, game, players,
                                                                          seed):
    """Issue 36: a new part's surface was fresh memory each time (its pages
    faulted in and zeroed: 3-4 ms of a 1080p Ginza paint here).  Parts let
    go past the parts' cap, and spares made between passes, are drawn into
    again: every frame of a painter with a tiny cap (it recycles all the
    time) is pixel for pixel that of a painter drawing each frame from
    nothing."""
    import pygame

    from firmware.ui import paint, paint_cache
    monkeypatch.setattr(paint_cache, "_GROUP_PIXELS", 400_000)
    s = _session(tmp_path, game, players, seed)
    try:
        fonts = s.renderer.fonts
        kept, fresh = (pygame.Surface((1280, 720)), paint.Painter(fonts)), (pygame.Surface((1280, 720)), None)
        t = s.runtime.now_us
        for n in range(400):
            t += 33_000
            s.runtime.step(t)
            s.render()
            scene, now_ms = s.hdmi_model, t / 1000
            kept[1].draw(kept[0], scene, now_ms)
            if n % 2:                           # spares made between passes, every other pass
                while kept[1].provision():
                    pass
            painter = paint.Painter(fonts)      # nothing cached: every surface new
            painter.draw(fresh[0], scene)
            if not kept[1].animating:           # (mid-animation the two draw different moments)
                assert pygame.image.tobytes(kept[0], "RGB") == pygame.image.tobytes(fresh[0], "RGB"), n
            if s.game.is_terminal():
                break
        assert kept[1].reused >= 10, kept[1].reused
        assert kept[1].cache_size()[1] <= paint_cache._CACHE_PIXELS + 400_000 + paint_cache._POOL_PIXELS
    finally:
        s.close()


def test_spares_made_between_passes_are_what_the_next_new_parts_are_drawn_into(tmp_path):
    """Issue 36: the first drawings at a place were fresh memory in the pass
    that showed them.  ``provision()`` (the window loop's work after the
    flip) makes a spare of each part's size on the screen, one a call; a
    pass that then draws parts anew draws them into the spares."""
    import pygame

    from firmware.ui.paint import Painter
    s = _session(tmp_path, "ginza", 4, 2)
    try:
        surf, painter = pygame.Surface((1280, 720)), Painter(s.renderer.fonts)
        t = s.runtime.now_us
        s.render()
        painter.draw(surf, s.hdmi_model)
        shown = [n for n in s.hdmi_model.nodes if n.kind == "group"]
        made = 0
        while painter.provision():
            made += 1
        assert made == len(shown) and not painter.spares_wanted and not painter.provision()
        for _ in range(300):         # until an action draws most of the screen anew
            actions = s.runtime.stats.actions
            t += 33_000
            s.runtime.step(t)
            s.render()
            before = painter.reused
            painter.draw(surf, s.hdmi_model)
            if s.runtime.stats.actions != actions and painter.reused > before:
                break
        else:
            raise AssertionError("no part was drawn into a spare")
        assert painter.spares_wanted
    finally:
        s.close()
