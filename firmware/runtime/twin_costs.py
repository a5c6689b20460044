"""A session on the twin pays a Pi's costs for the work the firmware does
itself (issue 36, Build item 1): the journal's fsync, the camera's frame
timing, and the CPU of the loop's pass (inputs, engine, the dice reader,
the bots, the screens built and painted).

The parts' own costs (the OLEDs' and the MCP23017's I2C transfers) are
charged by the devices :func:`hardware.cabinet.build_cabinet` makes; this
module wraps the session's callables once, from outside, so the loop
itself is unchanged: the costs land where today's loop pays them.  What
this machine does in place of a Pi's part (the simulated camera composing
a frame) is not charged as the Pi's CPU (:meth:`hardware.twin.Twin.exempt`).
"""
from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("cabinet.twin")


class _StretchedLooks(dict):
    """The dice station's tray -> :class:`vision.multilook.MultiLook` map,
    whose looks read at the twin's CPU speed."""

    def __init__(self, twin: Any, looks: dict) -> None:
        super().__init__()
        self._twin = twin
        for key, look in looks.items():
            self.setdefault(key, look)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            default.read = self._twin.stretch(default.read)
            super().__setitem__(key, default)
        return self[key]


def _camera_timed(twin: Any, dice: Any) -> None:
    """The simulated camera's frames at the profile's fps, latency and
    stalls: a read takes the newest frame handed over, without waiting (as
    a real camera's source answers "no fresh frame" at once, issue 36), and
    sees the table as it was at its capture; a stall longer than the read
    timeout is "camera not ready" (the game waits, as with a real camera)."""
    if dice.table is None or dice.camera is not None:
        return
    p = twin.profile
    if p.camera_fps == 0 and p.camera_latency_ms == 0 and p.stall_every_s == 0:
        return      # the instant camera: a frame whenever asked, taken now
    camera = twin.camera()
    read = dice._grab

    def timed_read(t_us: int, clock_us: Any = None) -> Any:
        try:
            captured = camera.newest_frame()
        except TimeoutError as exc:
            dice.camera_faults += 1
            if dice.camera_ready:
                log.warning("camera not ready: %s; the game waits", exc)
            dice.camera_ready = False
            return None
        if captured is None:        # no fresh frame yet: the next poll looks again
            return None
        if not dice.camera_ready:
            log.info("camera ready again")
        dice.camera_ready = True
        age_us = max(0, camera.now_us() - captured)
        return read(t_us - age_us, clock_us)

    dice.camera_has_frames = True
    dice._grab = timed_read       # (the pass's own reading and the one beside the loop both grab through it)


def attach(session: Any) -> Any:
    """Make ``session`` pay its cabinet twin's costs; returns the twin, or
    None (a real cabinet, or the ``instant`` profile: nothing changes)."""
    twin = getattr(session.cabinet, "twin", None)
    if twin is None or twin.instant:
        return None
    session.writer.fsync = twin.fsync
    rt = session.runtime
    # the loop's whole pass (inputs, engine, dice, bots, screens built and
    # painted) at the Pi's speed; its parts too where they run on their own
    rt.step = twin.stretch(rt.step)
    session.render = twin.stretch(session.render)    # (the runtime's on_change, the sounds' hook, is kept)
    session.work_after_flip = twin.stretch(session.work_after_flip)   # a render's work after the flip, between passes
    if not hasattr(session.renderer.draw, "__wrapped__"):   # the menu keeps its renderer from game to game
        session.renderer.draw = twin.stretch(session.renderer.draw)
        if getattr(session.renderer, "mode", "headless") != "fullscreen":
            # the simulator window's present is this machine's work in place of the Pi's HDMI (its view
            # scaled from the 1080p surface, the seats' panels), not the Pi's CPU: not stretched
            for name in ("present", "present_hdmi", "present_panels"):
                setattr(session.renderer, name, twin.exempt(getattr(session.renderer, name)))
        # full screen (the bench on SDL's dummy driver shows the HDMI so, issue 36): the present is the
        # cabinet's own, the whole 1080p surface copied onto the screen's and flipped, the Pi's CPU work:
        # stretched in the render as the paint is (the KMS flip beyond that copy is not charged)
    # the seats' OLED frames are built after the HDMI's flip, and leave for their writer when a Pi has built them
    session._send_oleds = twin.paid_first(session._send_oleds)
    rt._bot_choice = twin.stretch(rt._bot_choice)
    session.dice.looks = _StretchedLooks(twin, session.dice.looks)
    table = session.dice.table
    if table is not None:   # the simulated camera composing a frame: the camera's work on a Pi, not its CPU's
        table.cell_frame = twin.exempt(table.cell_frame)
    _camera_timed(twin, session.dice)
    log.info("twin %s: %s", twin.profile.name, twin.profile.about)
    return twin
