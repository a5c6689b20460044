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


class _Game:
    """A game whose seats' views and a costly method can be watched."""

    def __init__(self) -> None:
        self.views = {0: {"hand": [1]}, 1: {"hand": [2]}}
        self.num_players = 2
        self.asked = 0

    def view(self, seat):
        self.asked += 1
        return self.views[seat]

    def plans(self, seat):
        return [seat]


def test_a_seats_frame_is_kept_across_an_action_that_changed_nothing_it_read_of_the_game():
    """Issue 36: every applied action rebuilt every seat's OLED frame; a
    frame handed the game (``game=``) is kept while every read of the game
    answers the same, built again when one answers otherwise."""
    cache, game, built = SceneCache(), _Game(), []

    def make(seat):
        return lambda ctx, g: built.append(seat) or (g.num_players, g.view(seat)["hand"][0])

    for version, change in ((0, None), (1, None), (2, (1, {"hand": [7]})), (3, (0, {"hand": [1]}))):
        if change:
            game.views[change[0]] = change[1]
        cache.begin({}, version)
        frames = [cache.build(("oled", seat), make(seat), seat, (seat,), game=game) for seat in (0, 1)]
        assert [f[0] for f in frames] == [(2, game.views[0]["hand"][0]), (2, game.views[1]["hand"][0])]
    # built: both at first, seat 1 when its view changed; seat 0's equal new view kept it
    assert built == [0, 1, 1]
    asked = game.asked
    cache.begin({}, 3)
    cache.build(("oled", 0), make(0), 0, (0,), game=game)
    assert game.asked == asked, "no action since: the game is not asked again"


def test_a_frame_that_asked_the_game_what_cannot_be_asked_again_is_built_after_every_action():
    cache, game, built = SceneCache(), _Game(), []

    def make(ctx, g):
        built.append(1)
        return g.plans(0), g.rng if hasattr(g._game, "rng") else None

    for version in (0, 0, 1, 2):
        cache.begin({}, version)
        cache.build("x", make, game=game)
    assert len(built) == 3          # kept while no action was applied, built after each
    game.rng = object()             # an answer whose repr hides its content
    cache.begin({}, 2)
    cache.build("y", lambda ctx, g: (g.view(0), g.rng), game=game)
    cache.begin({}, 3)
    assert cache.build("y", lambda ctx, g: (g.view(0), g.rng), game=game)[1] is True


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


# (kept across an action: Cha dango's frames read only some keys of the seat's view; the other games'
# read every seat's part of it, or whose turn it is, which most actions change)
@pytest.mark.parametrize("game_id,players,steps,kept", [("cha-dango", 4, 1500, True), ("ginza", 4, 1500, False),
                                                        ("retrograde", 3, 1500, False),
                                                        ("cryptid-cafe", 3, 1500, False),
                                                        ("cafe-junior", 3, 1500, False)])
def test_kept_frames_are_the_frames_a_build_gives_all_through_a_game(tmp_path, game_id, players, steps, kept):
    """Every game played by bots (Cha dango in real time: holds and
    choices that show seconds): after every render each seat's OLED and
    the HDMI are what a fresh build gives, seats' frames kept across
    applied actions (issue 36) included."""
    s = _session(tmp_path, game_id, players)
    s.runtime.bots.add(0)
    kept_across = []
    build = s.scenes.build

    def watched(slot, make, *a, **k):
        version = s.runtime.stats.actions
        frame, built = build(slot, make, *a, **k)
        if not built and slot != "hdmi" and getattr(s, "_last_built", {}).get(slot, version) != version:
            kept_across.append(slot)
        if built:
            s.__dict__.setdefault("_last_built", {})[slot] = version
        return frame, built
    s.scenes.build = watched
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
    for _ in range(steps):
        t += 20_000
        s.runtime.timeline.run_until(t)
        s.runtime.step(t)
        s.render()
        if s.game.is_terminal():
            break
    assert len(checked) > 100 and s.scenes.hits > s.scenes.builds
    assert bool(kept_across) or not kept, "no seat's frame was kept across an applied action"
    s.close()
