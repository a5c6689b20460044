"""Choosing the twin (issue 36): the config key, ``cabinet play --twin``,
and the simulated cabinet built on it (OLEDs and the MCP23017 on the
shared I2C bus; the session's fsync, camera and CPU on the profile)."""
from __future__ import annotations

import pytest
from PIL import Image

from firmware.runtime import config
from hardware.cabinet import build_cabinet
from hardware.twin import Twin, TwinDisplay, VirtualClock, load_profile


def _cfg(tmp_path, twin="instant", extra=""):
    p = tmp_path / "cabinet.toml"
    p.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\ntwin = "{twin}"\n{extra}')
    return config.load(p)


def test_a_twin_the_config_cannot_find_is_refused_naming_the_key(tmp_path):
    with pytest.raises(config.ConfigError, match=r"cabinet\.twin.*instant, pi4, pi5"):
        _cfg(tmp_path, "pi3")


def test_the_pi4_twin_puts_the_oleds_and_the_expander_on_one_costing_bus(tmp_path):
    cfg = _cfg(tmp_path, "pi4")
    twin = Twin(load_profile("pi4"), VirtualClock())
    cab = build_cabinet(cfg, model=None, with_camera=False, with_audio=False, twin=twin)
    try:
        assert cab.twin is twin
        oled = cab.seats[1].oled
        assert isinstance(oled.device, TwinDisplay)
        t0 = twin.clock.now()
        assert oled.show(Image.new("1", (128, 64), 1))
        assert 0.022 < twin.clock.now() - t0 < 0.027
        assert oled.shown().getbbox() is not None           # the window still sees the frame
        busy = twin.bus.busy_s
        cab.drive(0, "nav_a", True, cab.factory.now_us + 1000)   # a navigation press is read over the bus
        assert twin.bus.busy_s > busy
    finally:
        cab.close()


def test_the_instant_twin_builds_todays_simulated_cabinet(tmp_path):
    cab = build_cabinet(_cfg(tmp_path), model=None, with_camera=False, with_audio=False)
    try:
        assert cab.twin is not None and cab.twin.instant
        assert not isinstance(cab.seats[0].oled.device, TwinDisplay)      # luma's dummy, as before
        assert cab.twin.bus.transfers == 0
    finally:
        cab.close()


def test_the_i2c_clock_is_configurable(tmp_path):
    cab = build_cabinet(_cfg(tmp_path, "pi4", "twin_i2c_hz = 100000\n"), model=None, with_camera=False,
                        with_audio=False)
    try:
        assert cab.twin.profile.i2c_hz == 100_000
    finally:
        cab.close()


def test_a_session_on_the_pi4_twin_pays_fsync_and_cpu(tmp_path):
    from firmware.app.session import Session, SessionOptions
    cfg = _cfg(tmp_path, "pi4")
    opts = SessionOptions(headless=True, bots={0, 1})
    s = Session.new(cfg, "cha-dango", 2, 1, None, tmp_path / "g.jsonl", opts)
    try:
        twin = s.cabinet.twin
        assert s.writer.fsync == twin.fsync
        assert getattr(s.renderer.draw, "__wrapped__", None) is not None
        assert getattr(s.renderer.present, "__wrapped__", None) is not None   # exempt: not the painter's CPU
        assert getattr(s.runtime._bot_choice, "__wrapped__", None) is not None
        from firmware.runtime.twin_costs import attach
        attach(s)          # the menu's renderer serves game after game: its paint is stretched once
        assert not hasattr(s.renderer.draw.__wrapped__, "__wrapped__")
        assert not hasattr(s.renderer.present.__wrapped__, "__wrapped__")
    finally:
        s.close()
    s = Session.new(_cfg(tmp_path, "instant"), "cha-dango", 2, 1, None, tmp_path / "h.jsonl", opts)
    try:
        assert getattr(s.renderer.draw, "__wrapped__", None) is None      # instant: nothing wrapped
    finally:
        s.close()


def test_on_the_pi4_twin_a_full_screen_present_is_the_pis_cpu_and_the_simulator_windows_is_not(tmp_path,
                                                                                                 monkeypatch):
    """Issue 36: the present (every flip) was left out of the twin's
    stretch whatever showed it: in the simulator's window it is this
    machine's work in place of the Pi's HDMI (the view scaled down, the
    seats' panels), but full screen - a cabinet's, and the bench's - it
    copies the whole 1080p frame onto the screen: the Pi's own CPU, to be
    stretched in the render as the paint is."""
    from firmware.app.session import Session, SessionOptions
    from firmware.ui.hdmi import HdmiRenderer
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    opts = SessionOptions(headless=False, bots={0, 1})
    screen = HdmiRenderer(800, 480, "fullscreen", oled_count=2)
    try:
        for renderer, stretched in ((screen, True), (None, False)):
            s = Session.new(_cfg(tmp_path, "pi4"), "cha-dango", 2, 1, None, tmp_path / f"{stretched}.jsonl", opts,
                            renderer=renderer)
            try:
                assert s.renderer.mode == ("fullscreen" if stretched else "window")
                for name in ("present", "present_hdmi"):
                    exempt = hasattr(getattr(s.renderer, name), "__wrapped__")
                    assert exempt != stretched, (s.renderer.mode, name, exempt)
            finally:
                s.close()
    finally:
        screen.close()


def test_play_refuses_an_unknown_twin_as_a_usage_error(tmp_path, capsys):
    from firmware.cli.main import main
    rc = main(["play", "cha-dango", "--players", "2", "--bots", "all", "--headless", "--twin", "pi3",
               "--journal", str(tmp_path / "g.jsonl")])
    assert rc == 2
    assert "--twin pi3" in capsys.readouterr().err
