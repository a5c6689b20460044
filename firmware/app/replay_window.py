"""Watching a recorded game in the window or on the HDMI (issue 38, Build 6):
``cabinet replay`` and the menu's "Watch a game" row.

Any seat's arrows step back and forth a move at a time (on the simulated
cabinet its keys: seat 1 Left/Right, seat 2 A/D, ...; the keyboard's
Page Up/Down step ten moves, Home/End go to the set-up and the last move);
any seat's big button, Esc or closing the window leaves.  The HDMI shows
the public view (:class:`firmware.runtime.replay.Replay`); the seats'
panels show their OLEDs only once the recorded game is over, else a frame
saying the hands stay hidden.
"""
from __future__ import annotations

import time
from typing import Any

from firmware.runtime.replay import Replay
from firmware.ui.oled import oled_image

#: Page Up / Page Down step this many moves.
BIG_STEP = 10


def hidden_oled(seat: int) -> Any:
    """A seat's panel while its view is private: its hand stays hidden
    until the recorded game is over (lines of at most 21 characters)."""
    return oled_image([f"Seat {seat + 1}", "hidden until", "the game is over"], invert_first=True)


class ReplayWatch:
    """The replay's state in the window: the step shown and the frames.

    Attributes:
        step: the step shown (0 = the set-up).
        done: the viewer asked to leave.
    """

    def __init__(self, replay: Replay, renderer: Any, cabinet: Any = None) -> None:
        self.replay = replay
        self.renderer = renderer
        self.cabinet = cabinet
        self.step = 0
        self.done = False
        self._bank = None
        if cabinet is not None:
            from hardware.debounce import DebounceBank
            self._bank = DebounceBank(cabinet.debounce_us, cabinet.levels())
        pg = renderer.pg
        from firmware.ui.keys import SIM_KEYS
        self.keys: dict[int, Any] = {pg.K_LEFT: -1, pg.K_RIGHT: 1, pg.K_PAGEUP: -BIG_STEP, pg.K_PAGEDOWN: BIG_STEP,
                                     pg.K_HOME: "home", pg.K_END: "end", pg.K_ESCAPE: "leave"}
        for seat_keys in SIM_KEYS:
            button, _cup, left, right, _push = seat_keys
            self.keys.setdefault(pg.key.key_code(left), -1)
            self.keys.setdefault(pg.key.key_code(right), 1)
            self.keys.setdefault(pg.key.key_code(button), "leave")

    def go(self, what: Any) -> None:
        """Step by ``what`` moves (an int, clamped to the game), or
        ``"home"`` / ``"end"`` / ``"leave"``."""
        if what == "leave":
            self.done = True
        elif what == "home":
            self.step = 0
        elif what == "end":
            self.step = self.replay.last
        else:
            self.step = min(max(0, self.step + int(what)), self.replay.last)

    def oled_images(self) -> list[Any]:
        """Each seat's panel now: its OLED at this step once the recorded
        game is over, else :func:`hidden_oled`."""
        frames = self.replay.oled_frames(self.step)
        if frames is None:
            return [hidden_oled(s) for s in range(self.replay.num_players)]
        return [f.image for f in frames]

    def render(self) -> None:
        """Draw the step shown: the HDMI view and the seats' panels."""
        r = self.renderer
        scene = self.replay.scene(self.step, (r.width, r.height), r.scene_measure)
        r.draw(scene)
        labels = [f"seat {s + 1}" for s in range(self.replay.num_players)]
        r.present(self.oled_images(), labels)

    def read(self) -> bool:
        """Take the window's keys and the seats' inputs; True when the
        step changed (or the window must be drawn again)."""
        pg = self.renderer.pg
        before, redraw = self.step, False
        for ev in pg.event.get() if self.renderer.window is not None else []:
            if ev.type == pg.QUIT:
                self.done = True
            elif ev.type == pg.KEYDOWN and ev.key in self.keys:
                self.go(self.keys[ev.key])
            elif ev.type in (getattr(pg, "VIDEORESIZE", -1), getattr(pg, "WINDOWSIZECHANGED", -1),
                             getattr(pg, "WINDOWEXPOSED", -1)):
                self.renderer.resized()
                redraw = True
        if self.cabinet is not None and not self.cabinet.simulated:
            self._seat_inputs()
        return redraw or self.step != before

    def _seat_inputs(self) -> None:
        """The real cabinet's seats: arrows (or a rotary encoder) step, the
        big button leaves."""
        from hardware.edges import drain
        for edge in drain(self.cabinet.queue):
            if edge.input == "encoder":
                self.go(edge.level)
                continue
            for e in self._bank.feed(edge):
                if e.kind != "press":
                    continue
                if e.input == "button":
                    self.go("leave")
                elif e.input in ("nav_a", "nav_b"):
                    self.go(-1 if e.input == "nav_a" else 1)

    def run(self, fps: float = 30.0) -> None:
        """Show the replay until the viewer leaves."""
        self.render()
        while not self.done:
            if self.read() and not self.done:
                self.render()
            time.sleep(1 / max(5.0, fps))


def watch(cfg: dict[str, Any], replay: Replay, size: tuple[int, int], cabinet: Any = None,
          renderer: Any = None) -> None:
    """Watch ``replay`` in the window (simulated) or full screen (a Pi),
    with ``cabinet``'s seat inputs and on ``renderer`` when given (the
    menu's), else opened and closed here."""
    own_renderer = renderer is None
    own_cabinet = cabinet is None
    if own_cabinet:
        from hardware.cabinet import build_cabinet
        cabinet = build_cabinet(cfg, with_camera=False, with_audio=False)
    if own_renderer:
        from firmware.ui.hdmi import HdmiRenderer
        mode = "window" if cabinet.simulated else "fullscreen"
        renderer = HdmiRenderer(size[0], size[1], mode, oled_count=replay.num_players)
    try:
        ReplayWatch(replay, renderer, cabinet).run(cfg["cabinet"]["fps"])
    finally:
        if own_renderer:
            renderer.close()
        if own_cabinet:
            cabinet.close()
