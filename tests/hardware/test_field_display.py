"""Field problems 4 and 5 (issue 37) on a display probe twin.

4: the HDMI screen switched off or re-plugged mid-game (raspberrypi/linux
#4411, PR #4538, #5017): the game goes on while it is away and the screen
comes back within 5 s of the plug, drawn as it should be.
5: a Pi 5 with several /dev/dri/card* whose numbers change between boots
(SDL #13705): SDL is pointed at the card whose HDMI connector is connected,
not at a fixed SDL_KMSDRM_DEVICE_INDEX."""
from __future__ import annotations

import numpy as np
import pytest

from hardware.display import (Connector, FakeDisplayProbe, ScreenKeeper, SystemProbe, choose_kms_card,
                                    kms_card_index, start_fullscreen_video)
from firmware.ui.kit import Rect, Scene

S = 1_000_000


def _dummy_sdl(monkeypatch):
    import pygame

    def init():
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
    return init


def _turn_scene(r, turns: int) -> Scene:
    """A game's screen that changes every turn: its title and the turn."""
    scene = Scene(r.width, r.height, r.scene_measure)
    scene.text("Retrograde", Rect(20, 20, 400, 60))
    scene.text(f"turn {turns}", Rect(20, 100, 400, 60))
    return scene


def test_screen_lost_and_regained_mid_game_comes_back_within_5_s_drawn_as_it_should_be(monkeypatch):
    from firmware.ui.hdmi import HdmiRenderer
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    probe = FakeDisplayProbe(plugged=[(0, True), (10 * S, False), (30 * S, True)], init=_dummy_sdl(monkeypatch))
    r = HdmiRenderer(800, 480, "fullscreen", display_probe=probe)
    keeper = ScreenKeeper.for_renderer(r, probe=probe, environ={"SDL_VIDEODRIVER": "kmsdrm"}, say=lambda m: None)
    try:
        turns, away_turns, back_at = 0, 0, None
        while probe.t_us < 40 * S:                         # the game loop: 10 frames a second
            redraw = keeper.tick()
            if redraw and back_at is None:
                back_at = probe.t_us
            turns += 1                                     # the game goes on every frame
            away_turns += keeper.away
            r.draw(_turn_scene(r, turns))
            r.present()
            probe.sleep_us(100_000)
        assert keeper.losses == 1 and keeper.regains == 1
        assert away_turns >= 190                           # ~20 s of frames played while the screen was away
        assert back_at is not None and 30 * S <= back_at <= 35 * S
        assert len(probe.inits) == 2 and 30 * S <= probe.inits[1] <= 35 * S
        import pygame
        shown = pygame.surfarray.array3d(r.window)[:800, :480]     # SDL's dummy full screen is 1024x768
        drawn = pygame.surfarray.array3d(r.surface)
        assert r.window is not None and np.array_equal(shown, drawn) and shown.std() > 0
    finally:
        r.close()


def test_window_and_headless_renderers_get_no_keeper():
    class R:
        mode = "window"
    assert ScreenKeeper.for_renderer(R()) is None


def _sysfs(tmp_path, **status):
    for name, st in status.items():
        d = tmp_path / name.replace("_", "-")
        d.mkdir(parents=True)
        (d / "status").write_text(st + "\n")
    return SystemProbe(tmp_path)


def test_the_card_with_the_connected_hdmi_screen_is_chosen_over_a_fixed_index(tmp_path):
    # this boot: vc4 (HDMI) came up as card0, v3d as card1, RP1's DPI as card2
    probe = _sysfs(tmp_path, card0_HDMI_A_1="connected", card0_HDMI_A_2="disconnected",
                   card2_DPI_1="disconnected")
    env = {"SDL_VIDEODRIVER": "kmsdrm", "SDL_KMSDRM_DEVICE_INDEX": "1"}   # what the docs used to suggest
    said = []
    assert choose_kms_card(probe, env, say=said.append) == 0
    assert env["SDL_KMSDRM_DEVICE_INDEX"] == "0" and "card0" in said[0]
    assert kms_card_index([Connector("card2-DPI-1", "connected"), Connector("card1-HDMI-A-2", "connected")]) == 1
    assert kms_card_index([Connector("card1-HDMI-A-1", "disconnected")]) is None


def test_full_screen_start_sets_the_card_index_before_sdl_starts(tmp_path):
    base = _sysfs(tmp_path, card1_HDMI_A_1="disconnected", card2_HDMI_A_1="connected")
    seen = {}

    class Probe(FakeDisplayProbe):
        def connectors(self):
            return base.connectors()

        def init_video(self):
            seen["index"] = env.get("SDL_KMSDRM_DEVICE_INDEX")
            return "kmsdrm"
    env = {"SDL_VIDEODRIVER": "kmsdrm"}
    assert start_fullscreen_video(Probe(), environ=env, say=lambda m: None) == "kmsdrm"
    assert seen["index"] == "2"


@pytest.mark.parametrize("plugged", [[(0, True)]])
def test_keeper_does_nothing_while_the_screen_stays(plugged, monkeypatch):
    probe = FakeDisplayProbe(plugged=plugged)

    class R:
        mode, window = "fullscreen", object()
    k = ScreenKeeper(R(), probe=probe, say=lambda m: None)
    for _ in range(30):
        assert k.tick() is False
        probe.sleep_us(500_000)
    assert k.losses == 0 and probe.inits == []


def test_field_watch_runs_the_screen_keeper_and_the_supply_watch_each_frame():
    from firmware.runtime.field_watch import FieldWatch
    from hardware.power import ThrottleWatch
    warned = []
    probe = FakeDisplayProbe(plugged=[(0, True), (S, False)])

    class R:
        mode, window, width, height = "fullscreen", object(), 800, 480
    seq = iter([0, 0x50005])
    w = FieldWatch(ScreenKeeper(R(), probe=probe, say=lambda m: None),
                   ThrottleWatch(read=lambda: next(seq), interval_s=1.0, warn=warned.append), clock=lambda: probe.t_us / S)
    assert w.tick() is False
    probe.sleep_us(2 * S)
    w.tick()
    assert w.screen.away and len(warned) == 1 and "under-voltage" in warned[0]


def test_a_simulated_session_has_no_screen_keeper_nor_supply_watch(tmp_path):
    from firmware.runtime.config import validate
    from firmware.app.session import Session, SessionOptions
    cfg = validate({"cabinet": {"simulate": "yes"}})
    s = Session.new(cfg, "retrograde", 1, 1, None, tmp_path / "j.jsonl", SessionOptions(headless=True, bots={0}))
    try:
        assert s.field.screen is None and s.field.throttle is None and s.field.tick() is False
    finally:
        s.close()
