"""Start-up checks of the HDMI screen in full-screen mode (issue 25), on a
fake display probe: the SDL video driver must be KMSDRM (or the configured
one); no screen at boot keeps the cabinet up and shows it within 5 s of
hot-plug."""
from __future__ import annotations

import pytest

from hardware.display import (
    DRM_GRACE_US, POLL_US, Connector, DisplayError, FakeDisplayProbe, SystemProbe, start_fullscreen_video,
    wait_for_screen, wanted_drivers,
)

S = 1_000_000  # us per second


def test_kmsdrm_is_wanted_when_sdl_videodriver_is_unset():
    assert wanted_drivers({}) == ("kmsdrm",)
    assert wanted_drivers({"SDL_VIDEODRIVER": "KMSDRM, x11"}) == ("kmsdrm", "x11")


def test_full_screen_on_kmsdrm_starts_at_once_when_a_screen_is_connected():
    probe = FakeDisplayProbe(driver="kmsdrm")
    said = []
    assert start_fullscreen_video(probe, environ={"SDL_VIDEODRIVER": "kmsdrm"}, say=said.append) == "kmsdrm"
    assert probe.inits == [0] and probe.quits == 0 and said == []


@pytest.mark.parametrize("driver", ["offscreen", "x11", "evdev", ""])
def test_full_screen_on_another_driver_is_an_error_naming_the_fix(driver):
    """pygame #3168 / pygame-ce #1208: an SDL without KMSDRM runs with
    nothing on the screen; the cabinet must say so instead."""
    probe = FakeDisplayProbe(driver=driver)
    with pytest.raises(DisplayError) as err:
        start_fullscreen_video(probe, environ={}, say=lambda m: None)
    text = str(err.value)
    assert "SDL_VIDEODRIVER=kmsdrm" in text and "troubleshooting" in text
    assert "not set" in text
    assert probe.quits == 1       # SDL's video is stopped again


def test_the_configured_driver_is_accepted_and_needs_no_drm_connector():
    probe = FakeDisplayProbe(driver="x11", connectors_present=False)
    assert start_fullscreen_video(probe, environ={"SDL_VIDEODRIVER": "x11"}) == "x11"
    assert probe.probes == 0


def test_the_configured_driver_must_be_the_one_sdl_started():
    probe = FakeDisplayProbe(driver="wayland")
    with pytest.raises(DisplayError, match="SDL_VIDEODRIVER=kmsdrm"):
        start_fullscreen_video(probe, environ={"SDL_VIDEODRIVER": "kmsdrm"}, say=lambda m: None)


def test_no_screen_at_boot_waits_and_shows_it_within_5_s_of_hot_plug():
    """raspberrypi/firmware #665: a TV off at boot must not need a reboot."""
    plug_us = 37 * S + 300_000
    probe = FakeDisplayProbe(plugged=[(plug_us, True)])
    said = []
    start_fullscreen_video(probe, environ={"SDL_VIDEODRIVER": "kmsdrm"}, say=said.append)
    assert len(probe.inits) == 1                 # SDL started once, after the screen appeared
    assert plug_us <= probe.inits[0] <= plug_us + 5 * S
    assert len(said) == 2 and "waiting" in said[0] and "card1-HDMI-A-1 disconnected" in said[0]
    assert "connected on card1-HDMI-A-1" in said[1]


def test_a_screen_that_comes_and_goes_is_waited_for_until_it_stays():
    probe = FakeDisplayProbe(plugged=[(10 * S + 300_000, True), (10 * S + 600_000, False), (3600 * S, True)])
    start_fullscreen_video(probe, environ={}, say=lambda m: None)
    assert 3600 * S <= probe.inits[0] <= 3605 * S


def test_waiting_never_gives_up_while_connectors_exist():
    probe = FakeDisplayProbe(plugged=[(6 * 3600 * S, True)])   # an evening of a switched-off TV
    c = wait_for_screen(probe, say=lambda m: None)
    assert c == Connector("card1-HDMI-A-1", "connected")
    assert probe.t_us - 6 * 3600 * S <= POLL_US


def test_no_drm_device_at_all_is_an_error_naming_the_kms_overlay_after_the_grace():
    probe = FakeDisplayProbe(connectors_present=False)
    with pytest.raises(DisplayError, match="dtoverlay=vc4-kms-v3d"):
        start_fullscreen_video(probe, environ={}, say=lambda m: None)
    assert probe.t_us >= DRM_GRACE_US and probe.inits == []


def test_system_probe_reads_connector_status_from_sysfs(tmp_path):
    for name, status in [("card1-HDMI-A-1", "disconnected\n"), ("card1-HDMI-A-2", "connected\n"),
                         ("card1-Writeback-1", "unknown\n")]:
        (tmp_path / name).mkdir()
        (tmp_path / name / "status").write_text(status)
    (tmp_path / "card1").mkdir()   # the device itself, not a connector
    found = SystemProbe(tmp_path).connectors()
    assert [c.name for c in found] == ["card1-HDMI-A-1", "card1-HDMI-A-2", "card1-Writeback-1"]
    assert [c.connected for c in found] == [False, True, False]
    assert SystemProbe(tmp_path / "absent").connectors() == []


# --- wiring: the HDMI renderer runs the checks when it opens full screen ---

def _dummy_sdl(monkeypatch):
    """A fake probe's SDL start: the real pygame on SDL's dummy driver (the
    check itself saw SDL_VIDEODRIVER=kmsdrm)."""
    import pygame

    def init():
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
    return init


def test_full_screen_renderer_waits_for_the_screen_then_opens(monkeypatch):
    from firmware.ui.hdmi import HdmiRenderer
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    probe = FakeDisplayProbe(plugged=[(12 * S, True)], init=_dummy_sdl(monkeypatch))
    r = HdmiRenderer(800, 480, "fullscreen", display_probe=probe)
    try:
        assert r.window is not None
        assert len(probe.inits) == 1 and 12 * S <= probe.inits[0] <= 17 * S
    finally:
        r.close()


def test_full_screen_renderer_refuses_a_driver_that_shows_nothing(monkeypatch):
    from firmware.ui.hdmi import HdmiRenderer
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    probe = FakeDisplayProbe(driver="offscreen", init=_dummy_sdl(monkeypatch))
    try:
        with pytest.raises(DisplayError, match="SDL_VIDEODRIVER=kmsdrm"):
            HdmiRenderer(800, 480, "fullscreen", display_probe=probe)
        assert probe.quits == 1
    finally:
        import pygame
        pygame.display.quit()
