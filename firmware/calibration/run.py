"""Running the guided calibration on a cabinet, real or simulated: the
options, the cabinet's parts around a :class:`~firmware.calibration.flow.GuidedCalibration`
(its camera, its seats' buttons, OLEDs and lights, simulated seats), one
step of it, the headless run, and what it ends with.  The window's loop is
the app's (:mod:`firmware.app.calibration_window`)."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from vision import calibrate

from firmware.calibration.flow import GuidedCalibration
from firmware.calibration.model import LEAVE_HOLD_US, ROLLS, log
from firmware.calibration.screens import oled_frame, screen
from firmware.calibration.simtable import CalibrationTable, SimSeat
from firmware.calibration.words import corrected_dice
from firmware.runtime.errors import UsageError


def route_input(flow: GuidedCalibration, down: dict[str, int], ev: Any, person: bool) -> None:
    """One debounced input event ``ev`` (``seat``, ``input``, ``kind``,
    ``t_us``) of a seat to ``flow``; ``down``: the seat's arrows and push
    held now, with when each was pressed (kept here); ``person``: not a
    simulated seat.  Both arrows (or the push) held: the way to leave.
    Every arrow's press steps, as in a game (:class:`firmware.runtime.pace.PauseSwitch`):
    the two presses of a hold of both arrows cancel out, the cursor stays
    where it was (PT54: the first arrow's step stayed).  A push let go
    before :data:`~firmware.calibration.model.LEAVE_HOLD_US` is a step to
    the next die, as the simulator's Down over the check's column of dice
    (PT54: it did nothing)."""
    if ev.input in ("nav_a", "nav_b", "nav_push"):
        if ev.kind == "press":
            down[ev.input] = ev.t_us
        else:
            pushed = down.pop(ev.input, None)
            if ev.input == "nav_push" and pushed is not None and ev.t_us - pushed < LEAVE_HOLD_US:
                flow.nav(ev.seat, 1)     # a short push: the next die, or "stay" at the leave question (PT54)
        both = {"nav_a", "nav_b"} <= down.keys() or "nav_push" in down
        flow.arrows(ev.seat, both, both, ev.t_us)
    if ev.kind != "press":
        return
    if ev.input == "button":   # a person's press just after a new step only looks (CAB-12)
        flow.press(ev.seat, ev.t_us, look_first=person)
    elif ev.input in ("nav_a", "nav_b"):
        flow.nav(ev.seat, -1 if ev.input == "nav_a" else 1)


@dataclass
class GuidedOptions:
    """How ``cabinet dice calibrate`` (guided) runs.

    Attributes:
        headless: no window, virtual clock, every seat a :class:`SimSeat`
            (simulated cabinet only).
        seats: the seats taking part: a count (the first N) or a list of
            0-based seats (default: every seat with a tray, else every
            wired seat; the simulated cabinet: every wired seat).
        dice: dice per simulated seat.
        rolls: free rolls to confirm.
        seed: seed of the simulated table and seats.
        dice_from: labelled photo set whose die crops the simulated camera shows.
        camera: what the simulated camera shows: ``dice``, ``noise`` or
            ``empty`` (:class:`CalibrationTable`).
        screens: folder for a PNG of every HDMI screen change.
        size: HDMI size, px.
        bots: seats played by :class:`SimSeat` in a window (headless: all).
        max_virtual_s: headless: the flow is refused after this long.
        from_menu: run from the cabinet's menu (the result screen says a
            press returns to it; undo is the menu's "Undo dice calibration").
    """
    headless: bool = False
    seats: int | list[int] | None = None
    dice: int = 5
    rolls: int = ROLLS
    seed: int = 0
    dice_from: str | None = None
    camera: str = "dice"
    screens: str | None = None
    size: tuple[int, int] = (1280, 720)
    bots: set[int] = field(default_factory=set)
    max_virtual_s: float = 1800.0
    from_menu: bool = False


def _camera_grab(cab: Any, wait_s: float = 2.0) -> Callable[[], np.ndarray]:
    """``grab()`` on the real camera: the first frame taken after the call
    (waits up to ``wait_s``; raises :class:`hardware.camera.CameraNotReady`)."""
    from hardware.camera import CameraNotReady, NoFreshFrame

    def grab() -> np.ndarray:
        since = cab.camera.now_us()      # on the camera's own clock, as its stamps are
        end = time.monotonic() + wait_s
        while True:
            try:
                return cab.camera.read(since)[0]
            except NoFreshFrame:
                if time.monotonic() > end:
                    raise CameraNotReady(f"no new frame within {wait_s:g} s") from None
                time.sleep(0.02)
    return grab


class GuidedRun:
    """The guided calibration on an open cabinet (the caller closes it):
    chooses the seats, the camera (the simulated table's or the real one)
    and the simulated seats, then :meth:`step` runs it one tick.

    Raises:
        UsageError: seats the cabinet does not have (nothing is changed).
        ValueError: no seat to calibrate.
    """

    def __init__(self, cfg: dict[str, Any], cab: Any, opts: GuidedOptions, path: str | Path, renderer: Any) -> None:
        from hardware.mock import Timeline
        self.cab, self.opts, self.renderer, self.table = cab, opts, renderer, None
        self.seats, zones, grab = self._seats_and_camera(cfg)
        from firmware.runtime.reader import reader_from_config
        # the flow's own reader: this cabinet's config, no calibration (the
        # cabinet's reader, whatever it reads with, is not touched)
        self.flow = GuidedCalibration(self.seats, grab, zones, rolls=opts.rolls, reader=reader_from_config(cfg))
        self.flow.had_calibration = Path(path).is_file()
        if self.flow.had_calibration:  # weighed on the rolls against anything new (if it loads)
            from firmware.runtime.reader import stored_calibration
            self.flow.stored = stored_calibration(path, self.flow.reader)[0]
        if opts.from_menu:
            self.flow.next_hint = "press any button to return to the menu"
        bot_seats = set(self.seats) if opts.headless else set(opts.bots) & set(self.seats)
        self.rng = random.Random(f"calibrate:{opts.seed}")
        self.bots = {s: SimSeat(s, self.table, opts.dice, random.Random(self.rng.randrange(1 << 30)))
                     for s in bot_seats} if cab.simulated else {}
        self.timeline = Timeline(cab.factory, cab.pin_map, drive=cab.drive) if cab.simulated else None
        self.bank = cab.debouncer()
        self._shown_version, self.screens_drawn = -1, 0
        #: seat -> the arrows (and the knob's push) it holds down now, each with when it was pressed (us)
        self._down: dict[int, dict[str, int]] = {}

    def _seats_and_camera(self, cfg: dict[str, Any]) -> tuple[list[int], Any, Callable[[], np.ndarray]]:
        """(the 0-based seats taking part, their tray zones, ``grab()``)."""
        cab, opts = self.cab, self.opts
        if isinstance(opts.seats, list):
            bad = [s + 1 for s in opts.seats if not 0 <= s < len(cab.seats)]
            if bad:
                raise UsageError(f"--seats: the cabinet has seats 1..{len(cab.seats)}, not {bad}")
        elif isinstance(opts.seats, int) and opts.seats > len(cab.seats):
            raise UsageError(f"--seats {opts.seats}: the cabinet has {len(cab.seats)} seats")
        if cab.simulated:
            seats = sorted(set(opts.seats)) if isinstance(opts.seats, list) else \
                list(range(min(opts.seats or len(cab.seats), len(cab.seats))))
            if not seats:
                raise ValueError("no seat to calibrate: wire a seat or configure [[vision.trays]]")
            table = self.table = CalibrationTable(max(seats) + 1, seed=opts.seed, dice_from=opts.dice_from,
                                                  camera=opts.camera)
            return seats, table.zones, lambda: table.frame(cab.factory.now_us)
        from vision.trays import TrayZones
        trays = sorted({int(t["seat"]) for t in cfg["vision"].get("trays", [])})
        seats = sorted(set(opts.seats)) if isinstance(opts.seats, list) else \
            (trays or list(range(len(cab.seats))))[:opts.seats or None]
        if isinstance(opts.seats, int) and len(seats) < opts.seats:
            raise UsageError(f"--seats {opts.seats}: only seats {', '.join(str(s + 1) for s in seats)} "
                             "have a tray ([[vision.trays]])")
        if not seats:
            raise ValueError("no seat to calibrate: wire a seat or configure [[vision.trays]]")
        cam = cfg["camera"]
        zones = TrayZones.from_config(cfg["vision"], (cam["width"], cam["height"]), len(cab.seats))
        return seats, zones, _camera_grab(cab)

    def render(self) -> None:
        """Draw the HDMI screen and every seat's OLED and light, once per change of the flow."""
        flow, cab, renderer = self.flow, self.cab, self.renderer
        if self._shown_version == flow.version:
            return
        self._shown_version = flow.version
        try:
            renderer.draw(screen(flow, (renderer.width, renderer.height), renderer.scene_measure))
        except ValueError as exc:       # a layout bug must not end the calibration
            log.error("the calibration screen could not be drawn: %s", exc)
        images = []
        for s in self.seats:
            img = oled_frame(flow, s).image
            images.append(img)
            if s < len(cab.seats):
                if cab.seats[s].oled is not None:
                    cab.seats[s].oled.show(img)
                # the big button lights while the seat has something to do
                me = flow.seats.get(s)
                cab.seats[s].set_led(me is not None and (flow.phase in ("face", "roll") and me.status in
                                                         ("waiting", "problem", "checking")
                                                         or flow.phase == "done"))
        self.screens_drawn += 1
        if self.opts.screens:
            renderer.screenshot(Path(self.opts.screens) / f"calibrate-{self.screens_drawn:04d}.png")
        renderer.present(images, [f"seat {s + 1}" + (" (bot)" if s in self.bots else "") for s in self.seats],
                         legends=self.legends())
        if flow.phase == "done":
            for seat in cab.seats:          # any button returns: all light
                seat.set_led(True)

    def legends(self) -> list[list[tuple[str, str]]]:
        """Each seat's keys in the simulator's window (PT29: the game's
        panels show them, the calibration's did not), in the order of
        :attr:`seats`: a person's seat its button, arrows and the hold that
        leaves, each with what it does now
        (:func:`firmware.calibration.words.legend`); a simulated seat, a
        seat without keys or any seat of the real cabinet none."""
        from firmware.ui.keys import SIM_KEYS, key_name

        from firmware.calibration.words import legend
        out = []
        for s in self.seats:
            if not self.cab.simulated or s in self.bots or s >= len(SIM_KEYS):
                out.append([])
                continue
            button, _cup, left, right, push = SIM_KEYS[s]
            out.append(legend(self.flow, s, (key_name(button), key_name(left), key_name(right), key_name(push))))
        return out

    def pump(self, t_us: int) -> None:
        """The seats' edges since the last tick, debounced, to the flow."""
        from hardware.edges import drain
        events = []
        for edge in drain(self.cab.edges.queue):
            if edge.input == "encoder":
                self.flow.nav(edge.seat, edge.level)
            else:
                events.extend(self.bank.feed(edge))
        events.extend(self.bank.poll(t_us))
        for ev in sorted(events, key=lambda e: e.t_us):
            route_input(self.flow, self._down.setdefault(ev.seat, {}), ev, ev.seat not in self.bots)

    def step(self, t_us: int) -> None:
        """One tick at ``t_us``: the flow's clock, the fit when due, the bots, the inputs, the screens."""
        self.flow.tick(t_us)
        if self.flow.phase == "adapt":
            self.render()                    # "learning your dice" first
            self.flow.adapt()
        for b in self.bots.values():
            b.plan(self.flow, self.timeline, t_us)
        self.pump(t_us)
        self.render()

    def run_headless(self) -> None:
        """Every seat a bot, on the simulated cabinet's virtual clock, to the
        end (refused after ``opts.max_virtual_s``)."""
        flow, timeline = self.flow, self.timeline
        t = start = self.cab.factory.now_us
        while flow.outcome is None:
            self.step(t)
            nxt = timeline.next_us()
            t = min(nxt, t + 50_000) if nxt is not None and nxt > t else t + 50_000
            timeline.run_until(t)
            if t - start > self.opts.max_virtual_s * 1e6:
                flow.refuse(f"not finished within {self.opts.max_virtual_s / 60:g} minutes")
        self.render()

    def hand(self) -> Callable[[int, int], None]:
        """``hand(seat, t_us)``: a keyboard seat's person lays its dice in its
        tray before pressing (the prompted face up, or a free roll): the
        simulated camera shows them settled at the press."""
        from firmware.runtime.dice_table import ROLL_US
        flow, dice, table = self.flow, self.opts.dice, self.table
        hand_rng = random.Random(self.rng.randrange(1 << 30))

        def hand(seat: int, t_us: int) -> None:
            me = flow.seats.get(seat)
            if me is None or flow.phase not in ("face", "roll") or me.keep or me.status not in ("waiting", "problem"):
                return
            values = [flow.face] * dice if flow.phase == "face" else [hand_rng.randint(1, 6) for _ in range(dice)]
            table.throw(seat, values, t_us - ROLL_US)
        return hand

    def result(self, path: str | Path) -> dict[str, Any]:
        """Store an accepted calibration at ``path`` and say what happened
        (the keys of :func:`firmware.app.calibration_window.run_guided`)."""
        from firmware.calibration.screens import ending
        flow = self.flow
        kind, message = flow.outcome
        end = ending(flow)
        cal = None
        if kind == "stored" and end != "kept":    # "kept": the calibration in use, untouched
            cal = flow.calibration()
        if end in ("changed", "as shipped"):    # "as shipped" replaces the old calibration
            stored = str(calibrate.save(cal, path))
        else:          # refused, cancelled, no change: the one in use (if any) is kept
            stored = str(path) if Path(path).is_file() else None
        return {"outcome": kind, "ending": end, "message": message, "calibration": stored,
                "kept": end not in ("changed", "as shipped") and bool(stored), "seats": [s + 1 for s in flow.seats],
                "fit_dice": getattr(flow, "fit_dice", 0), "windows": getattr(flow, "fit_windows", 0),
                "adapt_cpu_s": round(flow.fit_cpu_s, 2), "confirm_cpu_s": round(flow.decide_cpu_s, 2),
                "confirm_rolls": len(flow.confirmed), "left_out_dice": flow.left_out_dice,
                "corrected_dice": corrected_dice(flow.confirmed),
                "before": flow.before, "after": flow.after,
                "candidates": flow.tried,
                "kind": flow.kind or None,
                # what the stored calibration sets (None: the threshold in effect / the shipped window)
                "min_value_p": cal.min_value_p if cal is not None else None,
                "lean_max_p": cal.lean_max_p if cal is not None else None,
                "window": cal.window.as_list() if cal is not None and cal.window is not None else None,
                "threshold_candidate": flow.min_value_p,
                "window_candidate": flow.window.as_list() if flow.window is not None else None,
                "why": flow.why or None, "now_using": flow.kept or None, "camera_faults": flow.camera_faults,
                "stored": flow.stored_score, "replaced": flow.replaced or None}
