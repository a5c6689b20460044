"""The guided dice calibration in the window or on the cabinet's screen:
:func:`run_guided` opens the cabinet and the screen around a
:class:`~firmware.calibration.run.GuidedRun`, and runs it headless or in
the wall-clock loop that reads the keyboard (the simulator) or the seats'
buttons (the cabinet)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from firmware.calibration.run import GuidedOptions, GuidedRun
from firmware.ui.keys import SIM_KEYS

#: seconds after the result shows in which a press does not yet dismiss it
RESULT_GRACE_S = 1.0


class EscLeave:
    """The window's leave rule, as a game's and the menu's
    (:data:`firmware.app.window_loop.ESC_CONFIRM_S`): the first Esc asks
    "Esc again within 4 s to leave", a second within that time leaves
    (PT14: one Esc ended the calibration)."""

    def __init__(self) -> None:
        self.until: float | None = None

    def press(self, now_s: float) -> bool:
        """Esc at ``now_s`` (s): True when it is the second within the time (leave)."""
        if self.until is not None and now_s <= self.until:
            return True
        from firmware.app.window_loop import ESC_CONFIRM_S
        self.until = now_s + ESC_CONFIRM_S
        return False

    def notice(self, now_s: float) -> str:
        """The question while it is asked ("" when not, or its time ran out)."""
        from firmware.app.window_loop import esc_question
        if self.until is None or now_s > self.until:
            self.until = None
            return ""
        return esc_question(self.until - now_s, "to leave the calibration (the calibration in use is kept)")


def run_guided(cfg: dict[str, Any], opts: GuidedOptions, path: str | Path, renderer: Any = None) -> dict[str, Any]:
    """Run the guided calibration on the cabinet (simulated when there is
    no Pi hardware) and store an accepted calibration at ``path``.
    ``renderer``: an open :class:`firmware.ui.hdmi.HdmiRenderer` to draw on
    (the menu's; left open), else one is opened for the flow and closed.

    Returns:
        The result: ``outcome`` ("stored" / "refused"), ``message``,
        ``calibration`` (the calibration the reader reads with now: the
        new one's path, or the old one kept by a refusal, or None: as
        shipped), ``kept`` (a refusal kept an old calibration), ``seats``,
        ``fit_dice``, ``windows``, ``adapt_cpu_s`` (CPU seconds of the fit
        on this process's core), ``confirm_cpu_s``, ``before`` / ``after``
        (confirmation rolls read without / with it), ``camera_faults``.

    Raises:
        ValueError: ``--headless`` on the real cabinet, or no seat to calibrate;
            :class:`firmware.runtime.errors.UsageError` (a ValueError) for seats the
            cabinet does not have (nothing is changed).
        hardware.backends.HardwareUnavailable, RuntimeError: the cabinet or
            the display cannot be opened (nothing is changed).
    """
    from hardware.cabinet import build_cabinet

    from firmware.ui.hdmi import HdmiRenderer
    cab = build_cabinet(cfg, with_camera=False, with_audio=False)
    if not cab.simulated:
        cab.close()
        if opts.headless:
            raise ValueError("--headless runs on the simulated cabinet only (config cabinet.simulate = \"yes\")")
        cab = build_cabinet(cfg, with_audio=False)
    own_renderer = renderer is None
    try:
        run = GuidedRun(cfg, cab, opts, path, renderer)
        if own_renderer:
            mode = "headless" if opts.headless else ("window" if cab.simulated else "fullscreen")
            renderer = run.renderer = HdmiRenderer(opts.size[0], opts.size[1], mode, oled_count=len(run.seats))
        if opts.headless:
            run.run_headless()
        else:
            _run_live(cfg, cab, run, run.hand() if cab.simulated else None)
    finally:
        if renderer is not None and own_renderer:
            renderer.close()
        for seat in cab.seats:
            seat.set_led(False)
        cab.close()
    return run.result(path)


def sim_keymap(pg: Any, run: Any) -> dict[int, tuple[int, str]]:
    """The simulator's keyboard for a guided calibration: pygame key code ->
    (seat, input) for each seat of ``run.seats`` a person plays (not in
    ``run.bots``): its button, its arrows and its navigation push (Down
    for seat 1, as in a game's window: a short push the next die, a held
    one the way to leave; PT54: Down did nothing on the check)."""
    keys = {}
    for seat in run.seats:
        if seat < len(SIM_KEYS) and seat not in run.bots:
            button, _cup, left, right, push = SIM_KEYS[seat]
            for name, key in (("button", button), ("nav_a", left), ("nav_b", right), ("nav_push", push)):
                keys[pg.key.key_code(key)] = (seat, name)
    return keys


def _run_live(cfg: dict[str, Any], cab: Any, run: GuidedRun, hand: Any = None) -> None:
    """The wall-clock loop: a window (simulator: keyboard = seats' buttons,
    as in ``cabinet play``; ``hand(seat, t_us)`` lays a keyboard seat's
    dice in its tray as its button goes down) or the cabinet's full screen;
    the result stays on screen until any seat's button is pressed - in the
    simulator's window any key, which is how a flow of bots only closes
    (presses in the first :data:`RESULT_GRACE_S` are ignored: a press meant
    for the last step), or the window is closed / Escape twice within
    4 s (:class:`EscLeave`; the first asks on the screen)."""
    from hardware.camera import monotonic_us
    flow, renderer, timeline, render, step = run.flow, run.renderer, run.timeline, run.render, run.step
    pg = renderer.pg
    clock = pg.time.Clock()
    start = monotonic_us()
    base = cab.factory.now_us if cab.simulated else 0
    keys = sim_keymap(pg, run) if renderer.window is not None and cab.simulated else {}
    if renderer.window is not None and cab.simulated and not keys:      # bots only: no seat key
        flow.next_hint = flow.next_hint.replace("any button", "any key")
    done_at = None
    esc = EscLeave()
    while done_at is None or not flow.dismissed:
        if cab.simulated:
            now = max(base + monotonic_us() - start, cab.factory.now_us)
            timeline.run_until(now)
        else:
            now = cab.now_us()
        if renderer.window is not None:
            for ev in pg.event.get():
                if ev.type == pg.QUIT or (ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE and
                                          (flow.outcome is not None or esc.press(time.monotonic()))):
                    if flow.outcome is None:
                        flow.cancel()
                    render()
                    return
                if ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE:     # the first Esc asks
                    continue
                if ev.type == pg.KEYDOWN and flow.outcome is not None and done_at is not None \
                        and time.monotonic() - done_at >= RESULT_GRACE_S:
                    flow.dismissed = True       # any key closes the result in the simulator's window
                    continue
                if ev.type in (pg.KEYDOWN, pg.KEYUP) and ev.key in keys:
                    seat, name = keys[ev.key]
                    if hand is not None and name == "button" and ev.type == pg.KEYDOWN:
                        hand(seat, cab.factory.now_us)
                    try:
                        cab.drive(seat, name, ev.type == pg.KEYDOWN, cab.factory.now_us)
                    except KeyError:        # no nav buttons wired on this seat: the key acts directly
                        if ev.type == pg.KEYDOWN and name != "button":
                            flow.nav(seat, -1 if name == "nav_a" else 1)
        question = esc.notice(time.monotonic())
        if question != flow.notice:
            flow.notice = question
            flow.version += 1
        step(now)
        if flow.outcome is not None and done_at is None:
            done_at = time.monotonic()
        if done_at is not None and time.monotonic() - done_at < RESULT_GRACE_S:
            flow.dismissed = False
        clock.tick(cfg["cabinet"]["fps"])
