"""Issue 36: a confirming press that draws a whole new screen (Ginza's
player card, the draft's last bonus card) drew 10-20 new texts and the
board's parts in its own pass: 8-12 ms of paint here, x 4.5 on the Pi 4
twin.  The painter draws a scene *ahead* into its caches only
(:meth:`Painter.paint_ahead`, a few parts a call, between the loop's
passes): nothing on the screen, nor the painter's last frame, changes;
the parts on the screen are never let go for it; and a frame drawn after
it is pixel for pixel what a painter drawing from nothing draws."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.app.session import Session, SessionOptions  # noqa: E402
from firmware.runtime import config  # noqa: E402


def _scenes(tmp_path, game: str, players: int, seed: int, count: int) -> tuple[list, object]:
    """The first ``count`` different HDMI scenes of a bots' game (1280 x
    720), and the fonts they were measured with."""
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(1280, 720), bots=set(range(players)))
    s = Session.new(cfg, game, players, seed, None, tmp_path / "j.jsonl", opts, model=None)
    try:
        scenes, keys = [], set()
        t = s.runtime.now_us
        for _ in range(3000):
            t += 33_000
            s.runtime.step(t)
            s.render()
            if s.hdmi_model is not None and s.hdmi_model.key() not in keys:
                keys.add(s.hdmi_model.key())
                scenes.append(s.hdmi_model)
            if len(scenes) >= count or s.game.is_terminal():
                break
        return scenes, s.renderer.fonts
    finally:
        s.close()


def _ahead(painter, scene, max_new: int = 2) -> int:
    """Paint ``scene`` ahead to its end, ``max_new`` parts a call; the calls it took."""
    calls, at = 0, 0
    while at is not None:
        at = painter.paint_ahead(scene, at, max_new)
        calls += 1
        assert calls < 500
    return calls


def _frame_state(painter) -> tuple:
    return (painter.__dict__.get("_prev"), dict(painter._last), dict(painter._anims), dict(painter._groups),
            painter.last_dirty, painter.animating)


def test_a_scene_painted_ahead_is_drawn_from_the_caches_pixel_for_pixel(tmp_path):
    import pygame

    from firmware.ui.paint import Painter
    scenes, fonts = _scenes(tmp_path, "ginza", 4, 2, 40)
    assert len(scenes) >= 30
    surf, painter = pygame.Surface((1280, 720)), Painter(fonts)
    fresh = pygame.Surface((1280, 720))
    painter.draw(surf, scenes[0])
    aheads = 0
    for n in range(1, len(scenes)):
        before = _frame_state(painter)
        shown = pygame.image.tobytes(surf, "RGB")
        if n + 2 < len(scenes):          # a wrong guess (a seat armed another choice before) ...
            _ahead(painter, scenes[n + 2], 1)
        if n % 3:                        # ... then, two times in three, the next screen
            aheads += 1
            _ahead(painter, scenes[n])
        assert _frame_state(painter) == before, f"painting ahead changed the painter's last frame ({n})"
        assert pygame.image.tobytes(surf, "RGB") == shown, f"painting ahead drew on the screen ({n})"
        drawn = painter.drawn_new
        painter.draw(surf, scenes[n])
        if n % 3:
            assert painter.drawn_new == drawn, f"the screen painted ahead drew {painter.drawn_new - drawn} anew ({n})"
        Painter(fonts).draw(fresh, scenes[n])
        assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(fresh, "RGB"), n
    assert aheads >= 20


def test_a_scene_drawn_without_painting_ahead_draws_its_parts_anew(tmp_path):
    """(The counter the other tests read counts what a frame draws anew.)"""
    import pygame

    from firmware.ui.paint import Painter
    scenes, fonts = _scenes(tmp_path, "ginza", 4, 2, 12)
    surf, painter = pygame.Surface((1280, 720)), Painter(fonts)
    painter.draw(surf, scenes[0])
    assert painter.drawn_new >= 10
    new = 0
    for scene in scenes[1:]:
        drawn = painter.drawn_new
        painter.draw(surf, scene)
        new += painter.drawn_new > drawn
    assert new >= 2


def test_painting_ahead_goes_a_few_parts_a_call_and_never_lets_go_a_part_on_the_screen(tmp_path, monkeypatch):
    """Parts drawn ahead at a place where the screen shows one let go the
    older drawings there, never the one shown; past the parts' cap, the
    oldest used not on the screen (a part shown and not drawn again since
    is the oldest used, but it is on the screen)."""
    import pygame

    from firmware.ui import paint_cache
    from firmware.ui.paint import Painter, _group_key
    monkeypatch.setattr(paint_cache, "_GROUP_PIXELS", 600_000)
    scenes, fonts = _scenes(tmp_path, "ginza", 4, 3, 24)
    surf, painter = pygame.Surface((1280, 720)), Painter(fonts)
    painter.draw(surf, scenes[0])
    on_screen = [_group_key(n) for n in scenes[0].nodes if n.kind == "group"]
    assert len(on_screen) >= 4
    groups = sum(n.kind == "group" for n in scenes[5].nodes)
    calls = _ahead(painter, scenes[5], 1)
    assert calls >= groups // 2, f"{calls} calls painted a screen of {groups} parts ahead"
    for scene in scenes[1:]:
        _ahead(painter, scene, 3)
        missing = [k for k in on_screen if k not in painter._parts]
        assert not missing, f"{len(missing)} of the screen's {len(on_screen)} parts let go"
    assert painter.cache_size()[1] <= (paint_cache._CACHE_PIXELS + 600_000 + 1280 * 720
                                       + paint_cache._POOL_PIXELS)


def _components_painted(painter, monkeypatch) -> list:
    """The components the painter looks up to paint (each top-level one a
    draw paints, each child of a part drawn anew), as they are looked up."""
    looked = []
    fn = painter._fn
    monkeypatch.setattr(painter, "_fn", lambda kind: (looked.append(kind), fn(kind))[1])
    return looked


def test_a_scene_painted_ahead_to_its_end_is_shown_by_copying_its_frame(tmp_path, monkeypatch):
    """Issue 36: a press that shows a new screen over most of it (a
    round's summary appears or closes) repainted the whole screen in its
    pass, every component blitted again (~5 ms at 1080p here, ~20 ms on a
    Pi 4).  Painted ahead to its end, the scene's whole frame is composed
    between passes too (a band a call): the draw that shows it copies the
    frame's changed rectangles and paints no component, pixel for pixel
    what a painter drawing from nothing draws."""
    import pygame

    from firmware.ui.paint import Painter
    scenes, fonts = _scenes(tmp_path, "ginza", 4, 2, 16)
    surf, painter = pygame.Surface((1280, 720)), Painter(fonts)
    fresh = pygame.Surface((1280, 720))
    painter.draw(surf, scenes[0])
    looked = _components_painted(painter, monkeypatch)
    whole = 0
    for n, scene in enumerate(scenes[1:], 1):
        before = _frame_state(painter)
        _ahead(painter, scene)
        assert _frame_state(painter) == before, f"composing the frame ahead changed the painter's last frame ({n})"
        del looked[:]
        painter.draw(surf, scene)
        assert looked == [], f"the screen drawn ahead painted {len(looked)} components ({n})"
        whole += painter.last_dirty is None
        Painter(fonts).draw(fresh, scene)
        assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(fresh, "RGB"), n
    assert whole >= 1, "no scene was a whole new screen"
