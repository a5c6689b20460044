"""The cabinet as people feel it (issue 36, Build item 4): the window
loop played on the honest twin (:mod:`hardware.twin`), per profile.

Scenarios: 6-seat Cha dango, 4-seat Retrograde with camera dice, 4-seat
Ginza; bots play most seats, scripted "people" press buttons (a nav
left / right or the big button every 0.3-0.9 s, held 80 ms: a press twice
confirms a choice, so they play too, at random).  Each runs for
``--seconds`` of wall time in the real window loop (``Session.run``, SDL's
dummy video driver unless ``--window``), with ``vision.contest_ms = 0``
(readings go straight to the game: the machinery is timed, not the
seat's check).  On the dummy driver the HDMI is shown as a cabinet shows
it, full screen at 1080p (each flip copies the whole frame, charged as
the Pi's CPU; ``--sim-window``: the simulator's scaled window instead).

Figures (wall clock; an edge's time is its stamp on the cabinet's clock,
mapped to the wall clock the loop runs on):

- passes/s: the loop's passes (``runtime.step`` calls) per second;
  read gap p99: the time between two passes = how often inputs are read.
- input->HDMI: a person's press edge to the end of the flip of the pass
  that handled it, for presses whose pass flipped (changed the screen).
- input->OLED: the same press edge to the end of the transfer of that
  seat's OLED frame in the pass that handled it (the I2C transfer's end
  on the twin; the dummy device's ``display`` on ``instant``).
- die at rest->engine: a simulated tray's dice stop moving to the dice
  action applied (includes ``vision.settle_ms``).
- a frame read: the dice reader's wall time for one grabbed frame, the
  trays still and awaited in it (beside the loop on the twins, stretched
  by the twin to a Pi core's speed; in the pass on ``instant``), and
  readings/s: how many frames it read per second of the scenario.  A
  reader that keeps up with the camera while dice are at rest reads a
  frame in at most 1 / (the camera's frame rate) s (issue 40: >= 5
  frames/s on ``pi4``, a frame in <= 200 ms).
- journal lag: an applied action's ``append`` to the end of its fsync,
  how long it is in memory only (written beside the loop on the twins:
  what a power cut can lose; on ``instant`` the loop waits for it).

    .venv/bin/python benchmarks/bench_loop.py [--seconds 20] [--profiles instant,pi4,pi5] [--json]

Not a test (CI runs ``pytest tests``); takes ~(3 x profiles x seconds) s.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCENARIOS = [  # (label, game, players, people seats (0-based))
    ("Cha dango, 6 seats", "cha-dango", 6, [0, 1]),
    ("Retrograde, 4 seats, camera dice", "retrograde", 4, [0]),
    ("Ginza, 4 seats", "ginza", 4, [0]),
]


class _TimeUp(Exception):
    """The scenario's wall time is used up."""


def _pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q / 100 * (len(s) - 1))))]


def _faults() -> int:
    """Page faults of this thread so far (minor: memory touched first)."""
    return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt


def _mono_us() -> int:
    return time.monotonic_ns() // 1000


class Probe:
    """Wraps one session's callables to stamp what the figures need."""

    def __init__(self, session: Any, people: list[int], deadline: float, rng: random.Random) -> None:
        self.s, self.people, self.deadline, self.rng = session, people, deadline, rng
        self.offset_us: int | None = None      # cabinet clock - wall clock (us)
        self.pass_walls: list[float] = []
        self.pass_no = 0
        self.presses: list[tuple[int, int, int]] = []      # (seat, edge t_us, pass)
        self.flips: dict[int, float] = {}                  # pass -> end of its flip (wall s)
        self.oled_ends: dict[tuple[int, int], float] = {}  # (seat, pass) -> end of its frame
        self.rests: dict[int, int] = {}                    # tray key -> rest t_us
        self.die_lat: list[float] = []
        self.die_settle: list[float] = []
        self.journal: list[float] = []
        self.reads: list[float] = []       # a frame read by the dice reader, wall s
        self.read_px: list[int] = []       # the pixels it read in that frame (the trays' crops, or the frame)
        twin = session.cabinet.twin
        self.twin0 = (twin.bus.busy_s, twin.cpu_extra_s, sum(twin.fsync_waits)) if twin is not None else None
        rt = session.runtime
        self._wrap(rt, "step", self._step)
        self._wrap(rt, "handle_input", self._input)
        self._wrap(rt, "_apply_dice", self._dice)
        # the HDMI's flip (the window's HDMI view, shown before the seats' OLED frames are built)
        self._wrap(session.renderer, "present_hdmi", self._present)
        self._wrap(session.writer, "append", self._append)
        if session.dice.table is not None:
            self._wrap(session.dice.table, "throw", self._throw)
        # the reader's look at one frame: beside the loop (its thread calls ``beside.look``) or in the pass
        if getattr(session.dice, "beside", None) is not None:
            self._wrap(session.dice.beside, "look", self._read)
        elif hasattr(session.dice, "_look"):
            self._wrap(session.dice, "_look", self._read)
        session.oled_writer.listeners.append(self._oled_sent)
        #: pass -> part -> [CPU s, wall s] (``--parts``: where a pass's time goes)
        self.parts: dict[int, dict[str, list[float]]] = {}
        #: pass -> (wall at its start, actions applied before it, share of the HDMI repainted, last action)
        self.pass_info: dict[int, tuple[float, int, float | None, str]] = {}
        self.applied: dict[int, list[str]] = {}     # pass -> the actions applied in it ("type@seat")
        self.faults: dict[int, int] = {}            # pass -> page faults of the loop's thread to its flip
        self.faults0 = 0
        self.drawn: dict[int, int] = {}             # pass -> drawings the painter made anew to its flip
        self.drawn0 = 0
        self.copied: dict[int, int] = {}            # pass -> frames drawn ahead the painter copied to its flip
        self.copied0 = 0

    def time_parts(self) -> None:
        """Time the parts of each pass (CPU of this thread and wall): the
        runtime's step, the scenes built (context, HDMI scene, OLED frames,
        lights), the HDMI painted and flipped (the window's HDMI view), the
        OLED frames handed to their writer, the window's seat panels shown;
        ``render`` is the whole render with the twin's stretch."""
        s = self.s
        for obj, name, label in ((s.runtime, "step", "step"), (s, "render", "render"),
                                 (s, "context", "context"), (s, "_hdmi_scene", "hdmi scene"),
                                 (s, "_render_oleds", "oled frames"), (s, "_set_lights", "lights"),
                                 (s, "_draw_hdmi", "paint"), (s.renderer, "present_hdmi", "present hdmi"),
                                 (s, "_send_oleds", "send oleds"), (s.renderer, "present_panels", "present panels")):
            self._wrap(obj, name, lambda orig, label=label: self._timed(label, orig))

    def _timed(self, label: str, orig: Any) -> Any:
        def timed(*a: Any, **k: Any) -> Any:
            c0, w0, f0 = time.thread_time(), time.monotonic(), _faults()
            try:
                return orig(*a, **k)
            finally:
                part = self.parts.setdefault(self.pass_no, {}).setdefault(label, [0.0, 0.0, 0])
                part[0] += time.thread_time() - c0
                part[1] += time.monotonic() - w0
                part[2] += _faults() - f0
        return timed

    @staticmethod
    def _wrap(obj: Any, name: str, make: Any) -> None:
        setattr(obj, name, make(getattr(obj, name)))

    def wall_of(self, t_us: int) -> float:
        return (t_us - (self.offset_us or 0)) / 1e6

    def _step(self, orig: Any) -> Any:
        def step(t_us: int) -> None:
            now = time.monotonic()
            if self.offset_us is None:
                self.offset_us = t_us - _mono_us()
                self._script_people(t_us)
            # the cabinet's clock runs at the wall's rate from the pass's start: the
            # pass read soonest before its step gives the offset best (a slow first
            # pass made every latency look ~0.2 s shorter, some negative)
            self.offset_us = max(self.offset_us, t_us - _mono_us())
            if now >= self.deadline:
                raise _TimeUp
            self.pass_no += 1
            self.pass_walls.append(now)
            self.s.render_tag = self.pass_no      # the OLED frames this pass renders
            self.pass_info[self.pass_no] = (now, self.s.runtime.stats.actions, None, "")
            self.faults0 = _faults()
            self.drawn0 = getattr(self.s.renderer.painter, "drawn_new", 0)
            self.copied0 = getattr(self.s.renderer.painter, "frames_ahead_shown", 0)
            orig(t_us)
        return step

    def _script_people(self, t0_us: int) -> None:
        tl = self.s.runtime.timeline
        t = t0_us + 500_000
        end = t0_us + int((self.deadline - time.monotonic()) * 1e6)
        while t < end:
            seat = self.rng.choice(self.people)
            tl.press(seat, t, 80_000, self.rng.choice(["nav_a", "nav_b", "button", "button"]))
            t += self.rng.randint(300_000, 900_000)

    def _input(self, orig: Any) -> Any:
        def handle(ev: Any) -> None:
            if ev.seat in self.people and ev.kind == "press":
                self.presses.append((ev.seat, ev.t_us, self.pass_no))
            orig(ev)
        return handle

    def _present(self, orig: Any) -> Any:
        def present(*a: Any, **k: Any) -> None:
            orig(*a, **k)
            self.flips[self.pass_no] = time.monotonic()
            info = self.pass_info.get(self.pass_no)
            if info is not None:
                r = self.s.renderer
                dirty = getattr(r.painter, "last_dirty", None)
                area = 1.0 if dirty is None else sum(d.w * d.h for d in dirty) / (r.width * r.height)
                what = ",".join(self.applied.get(self.pass_no, []))
                self.faults[self.pass_no] = _faults() - self.faults0
                self.drawn[self.pass_no] = getattr(r.painter, "drawn_new", 0) - self.drawn0
                self.copied[self.pass_no] = getattr(r.painter, "frames_ahead_shown", 0) - self.copied0
                self.pass_info[self.pass_no] = (info[0], info[1], area, what)
        return present

    def _oled_sent(self, seat: int, tags: list, t_end: float, reached: bool) -> None:
        """The OLED writer sent a frame of ``seat`` rendered in the passes ``tags``."""
        for tag in tags:
            if tag is not None:
                self.oled_ends.setdefault((seat, tag), t_end)

    def _append(self, orig: Any) -> Any:
        def append(action: Any) -> None:
            self.applied.setdefault(self.pass_no, []).append(f"{action.get('type')}@{action.get('player')}")
            t = time.monotonic()
            orig(action)
            self.journal.append(time.monotonic() - t)
        return append

    def _throw(self, orig: Any) -> Any:
        def throw(key: int, values: Any, colour: Any, t_us: int, **kw: Any) -> None:
            orig(key, values, colour, t_us, **kw)     # (``stay``: the dice kept, since issue 40)
            self.rests[key] = self.s.dice.table.trays[key].moving_until_us
        return throw

    def _read(self, orig: Any) -> Any:
        def read(*a: Any, **k: Any) -> Any:
            pixels = a[0][1] if a and isinstance(a[0], tuple) and len(a[0]) == 3 else None
            crops = pixels.values() if isinstance(pixels, dict) else [pixels] if pixels is not None else []
            self.read_px.append(sum(int(c.shape[0] * c.shape[1]) for c in crops if hasattr(c, "shape")))
            w0 = time.monotonic()
            try:
                return orig(*a, **k)
            finally:
                self.reads.append(time.monotonic() - w0)
        return read

    def _dice(self, orig: Any) -> Any:
        def apply(action: dict) -> None:
            key = action.get("player")
            key = -1 if key is None else key
            rest = self.rests.pop(key, None)
            orig(action)
            if rest is not None and self.offset_us is not None:
                self.die_lat.append(time.monotonic() - self.wall_of(rest))
                if isinstance(action.get("t_us"), int):      # of which: rest to the stamp of the frame it settled on
                    self.die_settle.append((action["t_us"] - rest) / 1e6)
        return apply

    def part_figures(self) -> dict[str, Any]:
        """Per part: CPU ms here p50 / p99 / mean and wall ms p99, over the
        passes that applied an action and flipped the HDMI (``applied``),
        all that flipped it (``changed``) and the others; ``pre-flip`` is
        step + render - present hdmi (what the twin stretches before the
        flip; its wall column is not measured)."""
        out: dict[str, Any] = {}
        for parts in self.parts.values():   # what the Pi's stretch counts before the flip (present is not stretched)
            cpu = sum(parts.get(k, [0, 0])[0] for k in ("step", "render")) - parts.get("present hdmi", [0, 0])[0]
            parts["pre-flip"] = [cpu, 0.0, 0]
        groups = {"applied": lambda p: p in self.flips and p in self.applied,
                  "changed": lambda p: p in self.flips, "unchanged": lambda p: p not in self.flips}
        for group, keep in groups.items():
            rows = [parts for p, parts in self.parts.items() if keep(p)]
            if not rows:
                continue
            labels = sorted({k for parts in rows for k in parts})
            out[group] = {"passes": len(rows)}
            for label in labels:
                cpu = [1000 * parts.get(label, [0, 0])[0] for parts in rows]
                wall = [1000 * parts.get(label, [0, 0])[1] for parts in rows]
                out[group][label] = {"cpu_p50": round(_pct(cpu, 50), 2), "cpu_p99": round(_pct(cpu, 99), 2),
                                     "cpu_mean": round(sum(cpu) / len(cpu), 2),
                                     "wall_p99": round(_pct(wall, 99), 2)}
        return out

    def press_detail(self, over_ms: float) -> list[dict[str, Any]]:
        """The presses whose in->HDMI is over ``over_ms``: the latency, the
        wait from the edge to its pass's start, the share of the HDMI
        repainted, the action applied (if any) and the pass's parts (CPU ms
        here, ``--parts``)."""
        out = []
        for seat, t_us, p in self.presses:
            if p not in self.flips:
                continue
            edge = self.wall_of(t_us)
            lat = 1000 * (self.flips[p] - edge)
            if lat <= over_ms:
                continue
            start, _n, area, what = self.pass_info.get(p, (edge, 0, None, ""))
            parts = {k: round(1000 * v[0], 2) for k, v in self.parts.get(p, {}).items()}
            faults = {k: v[2] for k, v in self.parts.get(p, {}).items() if len(v) > 2 and v[2]}
            out.append({"pass": p, "seat": seat, "in_hdmi_ms": round(lat, 1), "wait_ms": round(1000 * (start - edge), 1),
                        "repainted": None if area is None else round(area, 2), "action": what,
                        "page_faults": self.faults.get(p), "drawn_new": self.drawn.get(p),
                        "frame_ahead_copied": bool(self.copied.get(p)), "cpu_ms": parts,
                        "faults_by_part": faults})
        return out

    def figures(self) -> dict[str, Any]:
        walls = self.pass_walls
        gaps = [b - a for a, b in zip(walls, walls[1:])]
        hdmi, oled = [], []
        for seat, t_us, p in self.presses:
            edge = self.wall_of(t_us)
            if p in self.flips:
                hdmi.append(self.flips[p] - edge)
            if (seat, p) in self.oled_ends:
                oled.append(self.oled_ends[(seat, p)] - edge)
        dur = walls[-1] - walls[0] if len(walls) > 1 else 0.0
        ms = lambda x: None if x is None else round(1000 * x, 1)  # noqa: E731
        twin = self.s.cabinet.twin
        share = {}
        if twin is not None and self.twin0 is not None and dur:
            b0, c0, f0 = self.twin0
            share = {"i2c_share": round((twin.bus.busy_s - b0) / dur, 3),
                     "cpu_stretch_share": round((twin.cpu_extra_s - c0) / dur, 3),
                     "fsync_share": round((sum(twin.fsync_waits) - f0) / dur, 3)}
        return {"passes": len(walls), "seconds": round(dur, 2),
                "passes_per_s": round((len(walls) - 1) / dur, 1) if dur else None,
                "read_gap_p99_ms": ms(_pct(gaps, 99)),
                "presses": len(self.presses), "presses_flipped": len(hdmi),
                "input_hdmi_p50_ms": ms(_pct(hdmi, 50)), "input_hdmi_p99_ms": ms(_pct(hdmi, 99)),
                "input_oled_p50_ms": ms(_pct(oled, 50)), "input_oled_p99_ms": ms(_pct(oled, 99)),
                "dice": len(self.die_lat), "die_rest_engine_p50_ms": ms(_pct(self.die_lat, 50)),
                "die_rest_engine_max_ms": ms(max(self.die_lat) if self.die_lat else None),
                "die_rest_settled_frame_p50_ms": ms(_pct(self.die_settle, 50)),
                "frames_read": len(self.reads), "frame_read_p50_ms": ms(_pct(self.reads, 50)),
                "frame_read_p90_ms": ms(_pct(self.reads, 90)),
                "frame_read_px_p50": _pct(self.read_px, 50),
                "readings_per_s": round(len(self.reads) / dur, 1) if dur and self.reads else None,
                "journal_lines": len(self.journal), "journal_lag_p50_ms": ms(_pct(self.journal, 50)),
                "journal_lag_p99_ms": ms(_pct(self.journal, 99)),
                "journal_lag_max_ms": ms(max(self.journal) if self.journal else None), **share,
                **({"scenes_built": self.s.scenes.builds, "scenes_kept": self.s.scenes.hits}
                   if hasattr(self.s, "scenes") else {})}


def _screen_renderer(players: int) -> Any:
    """The HDMI shown as a cabinet shows it, full screen at its own 1080p
    (on SDL's dummy driver): each present copies the whole surface onto
    the screen's and flips, as a Pi does, and the twin charges that copy
    as the Pi's CPU work (:func:`firmware.runtime.twin_costs.attach`).
    Not the simulator's window, whose view of the 1080p surface is scaled
    down to the desktop (3-5 ms here for a whole frame: work a Pi never
    does, charged at this machine's speed; issue 36)."""
    from firmware.ui.hdmi import HdmiRenderer
    r = HdmiRenderer(1920, 1080, "fullscreen", oled_count=players)
    if r.window.get_size() != (1920, 1080):    # (SDL's dummy driver has one 1024 x 768 full-screen mode)
        r.window = r.pg.display.set_mode((1920, 1080))
    return r


def run_scenario(profile: str, game: str, players: int, people: list[int], seconds: float, seed: int,
                 folder: Path, parts: bool = False, slow_ms: float | None = None,
                 screen: bool = True) -> dict[str, Any]:
    """Play ``game`` in the window loop on the ``profile`` twin for
    ``seconds`` of wall time (new games with the next seeds if one ends);
    the figures of :meth:`Probe.figures` over all passes.  ``screen``:
    the HDMI shown full screen as on a cabinet (:func:`_screen_renderer`),
    else in the simulator's window."""
    from firmware.runtime import config
    from firmware.app.session import Session, SessionOptions
    cfg_path = folder / "cabinet.toml"
    cfg_path.write_text(f'[cabinet]\nstate_dir = "{folder}"\ntwin = "{profile}"\n[vision]\ncontest_ms = 0\n')
    cfg = config.load(cfg_path)
    deadline = time.monotonic() + seconds
    merged: list[Probe] = []
    rng = random.Random(f"people:{game}:{seed}")
    while time.monotonic() < deadline - 1.0:
        bots = {s for s in range(players) if s not in people}
        opts = SessionOptions(headless=False, size=(1920, 1080), bots=bots)
        path = folder / f"{game}-{profile}-{seed}-{len(merged)}.jsonl"
        renderer = _screen_renderer(players) if screen else None
        session = Session.new(cfg, game, players, seed + len(merged), None, path, opts, renderer=renderer)
        if renderer is not None:    # (no DRM connector to watch: the keeper would set the screen aside as unplugged)
            session.field.screen = None
        probe = Probe(session, people, deadline, rng)
        if parts:
            probe.time_parts()
        try:
            session.run()
        except _TimeUp:
            pass
        finally:
            session.close()
            if renderer is not None:
                shown = renderer.window is not None
                renderer.close()
                assert shown, "the full-screen HDMI stopped presenting"
        if hasattr(session.writer, "lags_s"):      # written beside the loop: append to fsync's end
            probe.journal = list(session.writer.lags_s)
        merged.append(probe)
    if len(merged) > 1:   # one figure set over every game played
        first = merged[0]
        for p in merged[1:]:
            base = first.pass_no
            first.pass_walls += p.pass_walls
            first.presses += [(s, t - (p.offset_us or 0) + (first.offset_us or 0), n + base) for s, t, n in p.presses]
            first.flips.update({n + base: w for n, w in p.flips.items()})
            first.oled_ends.update({(s, n + base): w for (s, n), w in p.oled_ends.items()})
            first.die_lat += p.die_lat
            first.die_settle += p.die_settle
            first.journal += p.journal
            first.reads += p.reads
            first.read_px += p.read_px
            first.parts.update({n + base: v for n, v in p.parts.items()})
            first.pass_info.update({n + base: v for n, v in p.pass_info.items()})
            first.faults.update({n + base: v for n, v in p.faults.items()})
            first.drawn.update({n + base: v for n, v in p.drawn.items()})
            first.copied.update({n + base: v for n, v in p.copied.items()})
            first.pass_no += p.pass_no
    out = merged[0].figures()
    out["games"] = len(merged)
    if parts:
        out["parts"] = merged[0].part_figures()
    if slow_ms is not None:
        out["slow_presses"] = merged[0].press_detail(slow_ms)
    return out


COLUMNS = [("passes/s", "passes_per_s"), ("read gap p99", "read_gap_p99_ms"),
           ("in->HDMI p50", "input_hdmi_p50_ms"), ("p99", "input_hdmi_p99_ms"),
           ("in->OLED p50", "input_oled_p50_ms"), ("p99", "input_oled_p99_ms"),
           ("die->engine p50", "die_rest_engine_p50_ms"), ("frame read p50", "frame_read_p50_ms"),
           ("p90", "frame_read_p90_ms"), ("readings/s", "readings_per_s"), ("journal p99", "journal_lag_p99_ms"),
           ("journal max", "journal_lag_max_ms")]


def table(rows: list[dict[str, Any]]) -> str:
    """Markdown table of the results (ms unless passes/s)."""
    head = "| profile | scenario | " + " | ".join(c for c, _ in COLUMNS) + " |"
    lines = [head, "|" + "---|" * (len(COLUMNS) + 2)]
    for r in rows:
        cells = ["-" if r[k] is None else f"{r[k]:g}" for _, k in COLUMNS]
        lines.append(f"| {r['profile']} | {r['scenario']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profiles", default="instant,pi4,pi5")
    ap.add_argument("--seconds", type=float, default=20.0, help="wall time per scenario and profile")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", help="scenario games to run, e.g. cha-dango,ginza")
    ap.add_argument("--window", action="store_true", help="a real window (needs DISPLAY) instead of SDL's dummy")
    ap.add_argument("--sim-window", action="store_true",
                    help="show the HDMI in the simulator's window (scaled, with the seats' column) instead of "
                         "full screen at 1080p as a cabinet does (the default on SDL's dummy driver)")
    ap.add_argument("--parts", action="store_true", help="time the parts of each pass (step, scenes, paint)")
    ap.add_argument("--slow", type=float, metavar="MS",
                    help="list each press whose in->HDMI is over MS (its wait, repainted share, action, parts)")
    ap.add_argument("--json", action="store_true", help="one JSON document on stdout, nothing else")
    args = ap.parse_args(argv)
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # (--json: nothing but the document on stdout)
    import logging
    logging.disable(logging.WARNING)
    scenarios = [s for s in SCENARIOS if not args.only or s[1] in args.only.split(",")]
    jobs = [(p, s) for p in args.profiles.split(",") for s in scenarios]
    bar = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm
        bar = tqdm(total=len(jobs), unit="run", file=sys.stderr)
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-loop-") as tmp:
        for profile, (label, game, players, people) in jobs:
            folder = Path(tmp) / f"{profile}-{game}"
            folder.mkdir()
            if bar is not None:
                bar.set_description(f"{profile}: {game}")
            r = run_scenario(profile, game, players, people, args.seconds, args.seed, folder, args.parts,
                             args.slow, screen=not (args.window or args.sim_window))
            rows.append({"profile": profile, "scenario": label, **r})
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    if args.json:
        print(json.dumps({"seconds": args.seconds, "rows": rows}, indent=1))
    else:
        print(table(rows))
        for r in rows:
            for group, figs in (r.get("parts") or {}).items():
                print(f"\n{r['profile']} {r['scenario']}, {group} passes ({figs.pop('passes')}): CPU ms here "
                      "p50 / p99 / mean, wall ms p99")
                for label, f in figs.items():
                    print(f"  {label:12} {f['cpu_p50']:7.2f} {f['cpu_p99']:7.2f} {f['cpu_mean']:7.2f}"
                          f"  {f['wall_p99']:7.1f}")
            if r.get("slow_presses") is not None:
                print(f"\n{r['profile']} {r['scenario']}: presses over {args.slow:g} ms in->HDMI "
                      f"({len(r['slow_presses'])} of {r['presses_flipped']})")
                for d in r["slow_presses"]:
                    cpu = ", ".join(f"{k} {v:g}" for k, v in d["cpu_ms"].items())
                    print(f"  pass {d['pass']} seat {d['seat'] + 1}: {d['in_hdmi_ms']:g} ms (wait {d['wait_ms']:g}), "
                          f"repainted {d['repainted']}, action {d['action'] or '-'}, {d['page_faults']} page faults, "
                          f"{d['drawn_new']} drawn anew{', copied' if d['frame_ahead_copied'] else ''}; "
                          f"CPU ms here: {cpu}; page faults: {d['faults_by_part']}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.exit(main())
