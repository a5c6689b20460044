"""The simulator's window on a desktop whose display SDL cannot open.

pygame-ce 2.5 (SDL 2.32) falls back to its ``offscreen`` driver when the
X server does not answer (an Xvfb resetting as its last client left, a
desktop not started): the game then played in a window nobody could see
(a clean-clone CI run: the real-window test found no window in 120 s,
the game running).  The window now waits a moment for the display and
then says so (a missing device is reported, never silently simulated)."""
import pytest

from firmware.ui import hdmi


class _Display:
    """pygame.display's video start, giving the drivers of ``drivers`` in turn."""

    def __init__(self, drivers):
        self.drivers, self.inits, self.quits = list(drivers), 0, 0

    def init(self):
        self.inits += 1

    def get_driver(self):
        return self.drivers[min(self.inits, len(self.drivers)) - 1]

    def quit(self):
        self.quits += 1


class _Pygame:
    def __init__(self, drivers):
        self.display = _Display(drivers)


def test_a_display_sdl_cannot_open_is_reported_not_played_offscreen(monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("DISPLAY", ":77")
    pg = _Pygame(["offscreen"])
    with pytest.raises(RuntimeError, match=r"cannot open the desktop's display \(DISPLAY=:77\).*--headless"):
        hdmi.start_window_video(pg, wait_s=0.05, sleep=lambda s: None)
    assert pg.display.quits == pg.display.inits >= 2      # tried again, SDL's video stopped each time


def test_a_display_that_answers_after_a_moment_opens_the_window(monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    pg = _Pygame(["offscreen", "offscreen", "x11"])
    assert hdmi.start_window_video(pg, wait_s=5.0, sleep=lambda s: None) == "x11"
    assert pg.display.inits == 3 and pg.display.quits == 2


@pytest.mark.parametrize("asked", ["dummy", "offscreen"])
def test_a_driver_asked_for_that_shows_nothing_is_kept(monkeypatch, asked):
    """Tests and screenshots ask for SDL's dummy or offscreen driver themselves."""
    monkeypatch.setenv("SDL_VIDEODRIVER", asked)
    pg = _Pygame([asked])
    assert hdmi.start_window_video(pg, wait_s=1.0, sleep=lambda s: None) == asked
    assert pg.display.quits == 0
