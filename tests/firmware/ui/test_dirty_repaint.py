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
