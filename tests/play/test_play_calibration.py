"""Issue 34, item 6 (c), in the simulator's window: a guided dice
calibration whose seats are all bots ends on a result that says "press any
key to close", and a person's key closes it ("press any button to close"
could not be answered: no key was a seat's button).

The calibration's window runs its own loop (``firmware.calibration.flow.
_run_live`` of firmware.app.calibration_window) on the wall clock; here its three clocks (the camera clock,
``time.monotonic`` and pygame's frame clock) follow one virtual clock that
moves 50 ms a pass, so the whole flow (one seat, 2 dice, 1 roll) plays in
seconds.  The person presses X once a second of that clock all along."""
from __future__ import annotations

import time

PASS_US = 50_000


class _Clock:
    """The virtual clock, and pygame's frame clock on it: each tick is one
    pass; every 20th the person presses X."""

    def __init__(self, pg, limit: int) -> None:
        self.pg, self.limit = pg, limit
        self.us = 1_000_000_000
        self.passes = 0
        self.keys_pressed = 0
        self.screen: list[str] = []             # the texts of the last HDMI screen drawn

    def __call__(self):                      # pygame.time.Clock()
        return self

    def tick(self, fps: int = 0) -> int:
        self.passes += 1
        self.us += PASS_US
        if self.passes > self.limit:
            said = [t for t in self.screen if "press" in t or "Calibration" in t]
            raise AssertionError(f"the window was still open after {self.limit} passes "
                                 f"({self.limit * PASS_US / 1e6:.0f} s) and {self.keys_pressed} presses of X, "
                                 f"showing {said}")
        if self.passes % 20 == 0:
            for kind in (self.pg.KEYDOWN, self.pg.KEYUP):
                self.pg.event.post(self.pg.event.Event(kind, key=self.pg.K_x, mod=0, unicode="x", scancode=27))
            self.keys_pressed += 1
        return PASS_US // 1000

    def monotonic(self) -> float:
        return self.us / 1e6

    def __getattr__(self, name: str):          # the rest of the time module
        return getattr(time, name)


def test_a_calibration_of_bots_only_closes_on_any_key_in_the_window(tmp_path, monkeypatch):
    import pygame

    import firmware.app.calibration_window as cf
    import hardware.camera as hc
    from firmware.runtime import config
    from firmware.ui.hdmi import HdmiRenderer

    renderer = HdmiRenderer(800, 480, "window", oled_count=1)
    clock = _Clock(renderer.pg, limit=4000)
    monkeypatch.setattr(pygame.time, "Clock", clock)
    monkeypatch.setattr(cf, "time", clock)
    monkeypatch.setattr(hc, "monotonic_us", lambda: clock.us)
    drawn = clock.screen
    draw = renderer.draw

    def recording(model, now_ms=None):
        drawn[:] = model.texts() if hasattr(model, "texts") else []
        return draw(model, now_ms)
    renderer.draw = recording
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = cf.GuidedOptions(seats=1, dice=2, rolls=1, bots=[0], size=(800, 480))
    try:
        result = cf.run_guided(cfg, opts, tmp_path / "dice_calibration.npz", renderer=renderer)
    finally:
        renderer.close()
    assert result["outcome"] in ("stored", "refused")
    assert any("any key" in text for text in drawn), f"the result screen does not say a key closes it: {drawn}"
