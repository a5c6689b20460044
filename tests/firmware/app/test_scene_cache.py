"""A seat's OLED frame and the HDMI scene are built again only when what
they read changed (issue 36: a pass that moved one cursor built every
scene at the Pi 4's speed), and a kept frame is always the frame a build
would give."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.app.scene_cache import SceneCache  # noqa: E402
from firmware.app.session import Session, SessionOptions  # noqa: E402
from firmware.runtime import config  # noqa: E402
from firmware.screens.draw import hdmi_screen, oled_frame  # noqa: E402


class _Controls:
    def __init__(self, cursor: int) -> None:
        self.cursor = cursor


def test_a_frame_is_built_again_only_when_a_value_it_read_changed():
    cache = SceneCache()
    built = []

    def make(ctx):
        built.append(1)
        return (ctx["banner"], ctx.get("controls")[1].cursor)

    ctx = {"banner": "a", "notice": "", "now_us": 1, "controls": [_Controls(0), _Controls(0)]}
    cache.begin(ctx, version=0)
    assert cache.build("x", make) == (("a", 0), True)
    ctx = dict(ctx, notice="camera not ready", now_us=2, controls=[_Controls(5), _Controls(0)])
    cache.begin(ctx, version=0)          # unread keys and seat 0's cursor changed: kept
    assert cache.build("x", make) == (("a", 0), False)
    ctx["controls"][1].cursor = 3        # seat 1's cursor, read: built again
    cache.begin(ctx, version=0)
    assert cache.build("x", make) == (("a", 3), True)
    cache.begin(ctx, version=1)          # an action applied: built again
    assert cache.build("x", make)[1] is True
    assert len(built) == 3


def test_a_frame_that_reads_the_clock_is_built_every_render():
    cache = SceneCache()
    for t in (1, 2, 3):
        cache.begin({"now_us": t}, version=0)
        assert cache.build("x", lambda c: c.get("now_us")) == (t, True)


def test_a_value_whose_repr_hides_its_content_is_never_trusted():
    cache = SceneCache()
    ctx = {"thing": object()}
    for _ in range(2):
        cache.begin(ctx, version=0)
        assert cache.build("x", lambda c: c["thing"])[1] is True


def test_iterating_the_context_reads_all_of_it():
    cache = SceneCache()
    cache.begin({"a": 1, "b": 2}, version=0)
    cache.build("x", lambda c: sorted(c.items()))
    cache.begin({"a": 1, "b": 3}, version=0)
    assert cache.build("x", lambda c: sorted(c.items())) == ([("a", 1), ("b", 3)], True)


def _session(tmp_path, game: str, players: int) -> Session:
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(1280, 720), bots=set(range(1, players)))
    return Session.new(cfg, game, players, 3, None, tmp_path / "j.jsonl", opts, model=None)


def test_a_cursor_move_builds_the_seats_oled_and_the_hdmi_only(tmp_path):
    s = _session(tmp_path, "ginza", 4)
    s.render()
    assert s.runtime.controls[0].selectable(s.game), "seat 0 chooses at the start"
    builds = s.scenes.builds
    s.render()
    assert s.scenes.builds == builds, "nothing changed: nothing built"
    s.runtime.nav(0, 1)
    s.render()
    assert s.scenes.builds == builds + 2      # seat 1's OLED and the HDMI (its cursor is shown there)
    s.close()


def _fresh_equals_kept(s: Session) -> None:
    ctx = s.context()
    for seat in range(s.game.num_players):
        fresh = oled_frame(s.game, seat, s.runtime.controls[seat], ctx)
        assert s.oled_images[seat].tobytes() == fresh.image.tobytes(), f"seat {seat + 1}'s OLED"
    size = (s.renderer.width, s.renderer.height)
    assert s.hdmi_model.key() == hdmi_screen(s.game, ctx, size=size, measure=s.renderer.scene_measure).key()


@pytest.mark.parametrize("game_id,players", [("cha-dango", 4), ("ginza", 4), ("retrograde", 3),
                                             ("cryptid-cafe", 3), ("cafe-junior", 3)])
def test_kept_frames_are_the_frames_a_build_gives_all_through_a_game(tmp_path, game_id, players):
    """Every game played by bots (Cha dango in real time: holds and
    choices that show seconds): after every render each seat's OLED and
    the HDMI are what a fresh build gives."""
    s = _session(tmp_path, game_id, players)
    s.runtime.bots.add(0)
    render = s.render
    checked = []

    def render_and_check(runtime=None):
        render(runtime)
        if runtime is None or s.render_in_step:
            _fresh_equals_kept(s)
            checked.append(1)
    s.render = render_and_check
    s.runtime.on_change = render_and_check
    t = s.runtime.now_us
    for _ in range(1500):
        t += 20_000
        s.runtime.timeline.run_until(t)
        s.runtime.step(t)
        s.render()
        if s.game.is_terminal():
            break
    assert len(checked) > 100 and s.scenes.hits > s.scenes.builds
    s.close()
