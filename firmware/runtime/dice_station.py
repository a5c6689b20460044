"""Dice through the camera: the game's chance requests answered from what
the camera reads (rulings CAB-1, CAB-5, RG-7, GR-5).

The protocol at the table: when the engine asks for dice (seat, count,
colour), the seat rolls exactly those dice into its tray; the camera reads
the tray; once the dice are at rest (no change for ``settle_ms``) and the
reading has the requested count with every die readable, the values are the
answer, stamped with the settle time.  A die the reader cannot read is never
guessed: the seat is asked to nudge it (CAB-5) and the game waits.  Common
dice (player ``None``, Ginza's purple dice) are rolled in the common tray.

Contesting a reading (issue 21, ruling CAB-6 in docs/rulings.md): a
settled reading of a seat played by a person is *held* for ``contest_ms``
and shown on the seat's OLED (the dice drawn) before the game gets it.
While it is held the seat may reject it with a long press of its big
button (held :data:`LONG_PRESS_US` or more) or accept it at once with a
short press; when the window runs out it is accepted.  A rejected reading
never reaches the engine: the seat is asked to reroll ("rejected:
reroll") and the next settled reading is held again; after
:data:`CONTESTS_BEFORE_ENTRY` rejections of one request the seat enters the
values by hand (navigation sets the die under the cursor, a press moves
on, a long press goes back, a press on "ok" confirms).  Rejections and hand
entries are journaled as notes (:meth:`DiceStation.restore` rebuilds the
counts on resume) and counted in :class:`DiceStats`.

:class:`SimTable` is the simulated camera: it composes each seat's tray from
die images (drawn by :func:`vision.synth.render_frame`, or real labelled
photo crops with ``--dice-from``), so the reader reads real pixels; it knows
the true values and counts every misread.
"""
from __future__ import annotations

import collections
import logging
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engines.words import plural
from hardware.camera import NoFreshFrame, as_bgr
from vision.multilook import MultiLook
from vision.reader import DiceReader
from vision.synth import PALETTE, CropLibrary, DieSpec, camera_look, compose_from_dataset, render_frame
from vision.tracker import AtRestTracker
from vision.trays import TrayZones

from firmware.rulings import LATE_OK_US, LONG_PRESS_US
from firmware.runtime.clocks import SIM_CAMERA_UPTIME_US, CameraClock

log = logging.getLogger("cabinet.dice")

#: How long thrown dice tumble before they lie still (simulation), us.
ROLL_US = 500_000
#: Camera frame period while dice are awaited (simulation), us.
FRAME_US = 200_000
#: (n, m): n blank frames among the last m tell the waiting seats why
#: their dice are not read.
BLANK_OF_RECENT = (2, 10)
#: What a waiting seat's OLED says then.
BLANK_PROMPT = "camera sees black: check its light"
#: Failed readings of one request before the seat is asked to reroll.
NUDGES_BEFORE_REROLL = 3
#: Failed readings before the seat enters the values with its buttons.
ENTRY_AFTER = 12
#: How long a settled reading is held for the seat to check, ms (config
#: ``vision.contest_ms``; 0 = readings go straight to the game).
CONTEST_MS = 1500
#: Rejections of one request before the seat enters the values by hand.
CONTESTS_BEFORE_ENTRY = 2
SEAT_DIE_COLOURS = ["red", "blue", "yellow", "green", "white", "black"]
COMMON = -1  # tray key of the common dice


@dataclass
class Tray:
    """One simulated tray: the dice in it and when they stop moving."""
    values: list[int] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    moving_until_us: int = -1
    image: np.ndarray | None = None
    throws: int = 0
    #: where the dice of ``image`` were drawn: ``(value, x, y)``, frame px
    #: (what a person sees when they look at the tray; the guided
    #: calibration's simulated seats check the reader against it)
    placed: list[tuple[int, float, float]] = field(default_factory=list)
    #: the dice were thrown and not yet read at rest (the first look, issue 40)
    first_look: bool = False


class SimTable:
    """The simulated camera's view of the table: one frame of
    ``frame_size`` = (width, height) px with a grid of trays, one per seat
    plus the common tray.

    Args:
        seats: number of seats.
        seed: seed of the throw RNG (positions, crops).
        dice_from: a labelled photo set folder (images/ + labels/) for real
            crops, or None to draw dice.
        camera_noise: every frame of dice at rest gets its own sensor
            noise, sub-pixel jitter and flicker (:func:`vision.synth.camera_look`,
            from its own RNG stream: the throws are the same either way).
    """

    def __init__(self, seats: int, seed: int = 0, dice_from: str | Path | None = None,
                 frame_size: tuple[int, int] = (960, 540), camera_noise: bool = True):
        self.seats = seats
        self.camera_rng = np.random.default_rng(random.Random(f"camera:{seed}").getrandbits(64)) if camera_noise else None
        self.frame_size = frame_size
        self.seed = seed
        self.rng = random.Random(f"table:{seed}")
        self.library = CropLibrary(dice_from) if dice_from else None
        keys = list(range(seats)) + [COMMON]
        cols = 3 if len(keys) > 4 else 2 if len(keys) > 1 else 1
        rows = -(-len(keys) // cols)
        w, h = frame_size
        self.cells: dict[int, tuple[int, int, int, int]] = {}
        for i, key in enumerate(keys):
            r, c = divmod(i, cols)
            self.cells[key] = (c * w // cols, r * h // rows, w // cols, h // rows)
        self.zones = TrayZones([(k if k != COMMON else seats, [(x, y), (x + cw, y), (x + cw, y + ch), (x, y + ch)])
                                for k, (x, y, cw, ch) in self.cells.items()])
        self.trays: dict[int, Tray] = {k: Tray() for k in keys}

    def continue_after(self, rolls: int) -> None:
        """Resume: go on from a game that already has ``rolls`` dice answers
        in its journal.  The throw RNG is re-seeded from (seed, rolls), so a
        resumed game does not roll round 1's dice again, and the same save
        resumed twice rolls the same dice (issue 34).  ``rolls == 0`` keeps
        the new game's stream."""
        if rolls > 0:
            self.rng = random.Random(f"table:{self.seed}:after:{rolls}")

    def zone_seat(self, key: int) -> int:
        """Zone index of a tray key (the common tray is zone ``seats``)."""
        return self.seats if key == COMMON else key

    def throw(self, key: int, values: list[int], colour: str | None, t_us: int) -> None:
        """Roll ``values`` into tray ``key`` at ``t_us``; they settle after
        :data:`ROLL_US`."""
        tray = self.trays[key]
        tray.values = list(values)
        c = colour if colour in PALETTE else (SEAT_DIE_COLOURS[key % len(SEAT_DIE_COLOURS)] if key != COMMON
                                              else "purple")
        tray.colours = [c] * len(values)
        tray.moving_until_us = t_us + ROLL_US
        tray.image = None
        tray.throws += 1
        tray.first_look = True

    def nudge(self, key: int, t_us: int) -> None:
        """Nudge the dice of tray ``key``: same values, new positions."""
        tray = self.trays[key]
        tray.moving_until_us = t_us + ROLL_US // 2
        tray.image = None

    def clear(self, key: int) -> None:
        """Take the dice out of tray ``key``."""
        self.trays[key] = Tray(throws=self.trays[key].throws)

    def _cell_image(self, key: int) -> np.ndarray:
        x, y, cw, ch = self.cells[key]
        tray = self.trays[key]
        margin = 8
        size = (cw - 2 * margin, ch - 2 * margin)
        if self.library is not None and tray.values:
            img, placed = compose_from_dataset(self.library, size, tray.values, self.rng)
            tray.placed = [(v, x + margin + cx, y + margin + cy) for v, (cx, cy) in placed]
            return img
        side = 40.0
        specs: list[DieSpec] = []
        for v, colour in zip(tray.values, tray.colours):
            for _ in range(200):
                px = self.rng.uniform(side, size[0] - side)
                py = self.rng.uniform(side, size[1] - side)
                if all((px - s.center[0]) ** 2 + (py - s.center[1]) ** 2 > (1.6 * side) ** 2 for s in specs):
                    break
            specs.append(DieSpec(v, colour, (px, py), self.rng.uniform(0, 90), side))
        tray.placed = [(d.value, x + margin + d.center[0], y + margin + d.center[1]) for d in specs]
        return render_frame(size, specs, seed=self.rng.randrange(1 << 30))

    def cell_frame(self, key: int, t_us: int) -> np.ndarray:
        """What the camera sees of tray ``key`` at ``t_us``: H x W x 3 uint8
        BGR.  The dice at rest are composed once per throw; while they
        tumble the frame shows them displaced (a new offset each frame)."""
        tray = self.trays[key]
        if tray.image is None:
            tray.image = self._cell_image(key)
        if t_us < tray.moving_until_us:
            dx, dy = self.rng.randint(8, 40), self.rng.randint(8, 40)
            return np.roll(tray.image, (dy, dx), axis=(0, 1))
        return tray.image if self.camera_rng is None else camera_look(tray.image, self.camera_rng)

    def frame(self, t_us: int) -> np.ndarray:
        """The whole table at ``t_us``: H x W x 3 uint8 BGR, one cell per
        tray (for screenshots and the replay camera)."""
        w, h = self.frame_size
        frame = np.empty((h, w, 3), np.uint8)
        frame[:] = (120, 124, 126)
        for key, (x, y, cw, ch) in self.cells.items():
            img = self.cell_frame(key, t_us)
            frame[y + 8:y + 8 + img.shape[0], x + 8:x + 8 + img.shape[1]] = img
        return frame


@dataclass
class DiceStats:
    """What the dice reading did over a game."""
    requests: int = 0
    dice_read: int = 0
    misread: int = 0
    nudges: int = 0
    rerolls: int = 0
    entered: int = 0
    frames: int = 0
    #: readings a seat rejected (CAB-6), over the whole game (journaled)
    contested: int = 0
    #: rerolls asked for after a rejection
    contest_rerolls: int = 0
    #: requests answered by hand entry after rejections
    hand_entries: int = 0
    #: misread dice (of ``misread``) that reached the game: nobody
    #: contested them (simulation)
    misread_accepted: int = 0
    #: issue 40's first look (simulation, where the truth is known): dice
    #: thrown and read at rest for the first time since the throw, of
    #: them given their right value and given a wrong value
    #: (first-look rate = first_right / first_dice, misread rate =
    #: first_wrong / first_dice), and the throws so read (rolls)
    first_dice: int = 0
    first_right: int = 0
    first_wrong: int = 0
    rolls: int = 0
    #: simulated time (us) from a request's first reading at rest to the
    #: reading the game takes, summed over the requests whose first reading
    #: was unread or short (the nudges', rerolls' and hand entries' cost)
    nudge_wait_us: int = 0

    def first_look(self, truth: list[int], values: list[int | None]) -> None:
        """Count the first reading at rest of a throw: ``truth`` the dice
        on the table, ``values`` the values read (None: unread).  A die
        is right when its value matches one of the truth (as multisets);
        values beyond the dice on the table are not counted as dice."""
        read = [v for v in values if v is not None]
        right = _overlap(truth, read)
        self.rolls += 1
        self.first_dice += len(truth)
        self.first_right += right
        self.first_wrong += max(0, min(len(read), len(truth)) - right)

    def as_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


class DiceStation:
    """Answers the game's dice requests from camera readings.

    Args:
        seats: number of seats.
        settle_ms: the at-rest time (config ``vision.settle_ms``).
        table: the simulated table (simulation), or None on the cabinet.
        camera: the cabinet's camera supervisor (``read()`` -> (frame,
            t_us) or None) when not simulated.
        zones: tray zones of the real camera (config), when not simulated.
        white_balance: per-channel gains from calibration.
        contest_ms: how long a settled reading of a seat a person plays is
            held for the seat to check (ruling CAB-6; the session passes
            config ``vision.contest_ms``, default :data:`CONTEST_MS`); 0 =
            readings go straight to the game.
        reader: the :class:`vision.reader.DiceReader` that reads the
            frames (the cabinet's, :func:`firmware.runtime.reader.cabinet_reader`;
            None: the reader as shipped).

    Raises:
        ValueError: ``contest_ms`` is not an int >= 0.
    """

    def __init__(self, seats: int, settle_ms: int = 300, table: SimTable | None = None, camera: Any = None,
                 zones: TrayZones | None = None, white_balance: tuple[float, float, float] | None = None,
                 contest_ms: int = 0, reader: DiceReader | None = None):
        if isinstance(contest_ms, bool) or not isinstance(contest_ms, int) or contest_ms < 0:
            raise ValueError(f"contest_ms must be an int >= 0 (ms), got {contest_ms!r}")
        self.seats = seats
        self.contest_us = contest_ms * 1000
        #: tray key -> a settled reading waiting for its seat's check:
        #: ``{"action", "values", "frame_t", "until", "down"}``
        self.held: dict[int, dict[str, Any]] = {}
        #: tray key -> rejections of the request being served
        self.contests: dict[int, int] = {}
        #: tray key -> the seat that rejected its last reading (until the
        #: next reading settles: "rejected: reroll")
        self.rejected: dict[int, int] = {}
        #: tray key -> hand entry: ``{"values", "cursor", "seat", "read"}``
        self.entries: dict[int, dict[str, Any]] = {}
        #: tray key -> values of its last rejected reading (a restored
        #: entry starts from them)
        self.last_rejected: dict[int, list[int]] = {}
        self.table = table
        self.camera = camera
        self.zones = zones if zones is not None else (table.zones if table is not None else None)
        self.white_balance = white_balance
        self.reader = reader if reader is not None else DiceReader()
        self.settle_ms = settle_ms
        self.trackers: dict[int, AtRestTracker] = {}
        #: tray key (or None: the camera's whole frame) -> the looks at its dice over frames (issue 40)
        self.looks: dict[int | None, MultiLook] = {}
        #: tray key -> when its request's first reading at rest settled (simulation)
        self._first_t: dict[int, int] = {}
        self.stats = DiceStats()
        self.serving: dict[int, dict[str, Any]] = {}   # tray key -> request
        self.attempts: dict[int, int] = {}             # tray key -> failed readings
        #: tray key -> until when (us) a press still answers its reading's
        #: check after the window ran out (:data:`LATE_OK_US`)
        self.late_ok: dict[int, int] = {}
        self.next_frame_us: int | None = None
        #: stamp of the last frame read, on the cabinet's clock / on the camera's
        self.last_frame_us = -1
        self.last_camera_us = -1
        #: the cabinet's clock now (set at each poll), us
        self._cabinet_now = 0
        if camera is not None:
            self.camera_clock = CameraClock(camera.now_us)
        else:   # the simulated camera runs its own clock, far from the cabinet's, as a real one does
            self.camera_clock = CameraClock(lambda: self._cabinet_now + SIM_CAMERA_UPTIME_US)
        self.camera_ready = True
        #: blank flags of the last frames (:meth:`_blank`), and whether the seats were told
        self._recent_blank: collections.deque[bool] = collections.deque(maxlen=BLANK_OF_RECENT[1])
        self._blank_told = False
        self._runtime_prompts: dict[int, str] = {}
        #: blank frames skipped over the game
        self.blank_frames = 0
        #: camera reads that failed (any kind), over the game
        self.camera_faults = 0
        #: the reader beside the loop (:class:`firmware.runtime.dice_beside.ReaderBeside`),
        #: or None: the pass reads the frame itself (instant parts, headless, tests)
        self.beside: Any = None
        #: how often a frame is taken while dice are awaited, us: :data:`FRAME_US`;
        #: 0 beside the loop with a camera that has frames of its own (each new one, issue 36)
        self.frame_us = FRAME_US
        #: the camera hands over frames at its own rate (a real one, the twin's timed one)
        self.camera_has_frames = camera is not None

    def expect(self, seat: int, values: list[int], colour: str | None, t_us: int) -> None:
        """Wait for the camera to see ``values`` in ``seat``'s tray (a die
        turned by hand, ruling GR-7); :meth:`poll` then answers
        ``{"type": "confirmed", "player": seat}``.  In simulation the seat
        puts the turned dice in its tray at ``t_us``."""
        self.serving[seat] = {"type": "confirm", "player": seat, "count": len(values), "expect": sorted(values),
                              "colour": colour}
        if self.table is not None:
            self.table.throw(seat, sorted(values), colour, t_us)
        if self.next_frame_us is None or self.next_frame_us < t_us:
            self.next_frame_us = t_us

    @staticmethod
    def key_of(request: dict[str, Any]) -> int:
        p = request.get("player")
        return COMMON if p is None else int(p)

    def next_us(self) -> int | None:
        """When the next camera frame is due, or a held reading's window
        runs out (None: nothing awaited)."""
        if not self.serving:
            return None
        times = [h["until"] for h in self.held.values() if not h["down"]]
        if any(k not in self.held and k not in self.entries for k in self.serving):
            times.append(self.next_frame_us)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    def prompts(self) -> dict[int, str]:
        """OLED prompts for seats that must roll."""
        out = {}
        for key, req in self.serving.items():
            if key != COMMON and key not in self.held and key not in self.entries and key not in self.rejected:
                out[key] = f"roll {plural(req.get('count', 1), 'die', 'dice')}!"
        return out

    def poll(self, runtime: Any, t_us: int) -> list[dict[str, Any]]:
        """Serve the game's dice requests at ``t_us``: start new ones (in
        simulation the seat throws its dice), read a frame, and return the
        answers whose dice have settled with a full, readable reading (a
        reading a person checks is held first, see :meth:`accept`,
        :meth:`reject`; held readings whose window ran out are answered)."""
        game = runtime.game
        wanted = {}
        for req in game.chance_requests():
            if req.get("type") == "dice":
                wanted.setdefault(self.key_of(req), req)
        # drop requests the game no longer makes; start new ones
        for key in list(self.serving):
            if key not in wanted and self.serving[key].get("type") != "confirm":
                del self.serving[key]
                self._forget(key)
        for key, req in wanted.items():
            if self.serving.get(key, {}).get("type") == "confirm":
                continue
            if key not in self.serving or self.serving[key] != req:
                self.serving[key] = req
                self.stats.requests += 1
                self.held.pop(key, None)
                self.entries.pop(key, None)
                if self.table is not None:
                    count = int(req.get("count", 1))
                    faces = int(req.get("faces", 6))
                    values = [self.table.rng.randint(1, faces) for _ in range(count)]
                    self.table.throw(key, values, req.get("colour"), t_us)
                if self.contests.get(key, 0) >= CONTESTS_BEFORE_ENTRY:
                    # resumed in the middle of a hand entry: go on with it
                    seat = self._entry_seat(runtime, key)
                    self._start_entry(key, seat, self.last_rejected.get(key))
                    self.entries[key]["bot"] = seat in (getattr(runtime, "bots", ()) or ())
                if self.next_frame_us is None or self.next_frame_us < t_us:
                    self.next_frame_us = t_us
        if not self.serving:
            return []
        answers = []
        for key in [k for k, h in self.held.items() if not h["down"] and t_us >= h["until"]]:
            answers.append(self.accept(key, runtime, t_us))      # nobody objected in time
            self.late_ok[key] = t_us + LATE_OK_US                # a press a moment late is still "ok"
            if key != COMMON and key not in (getattr(runtime, "bots", ()) or ()):
                runtime.say(key, "dice accepted", t_us + LATE_OK_US)   # the seat sees its check ended (issue 34)
        self._runtime_prompts = runtime.prompts
        if self.beside is not None:         # readings of frames taken on earlier passes (issue 36)
            for readings in self.beside.take():
                if readings is not None:
                    self._on_reading(runtime, readings, answers)
        if not any(k not in self.held and k not in self.entries for k in self.serving):
            return answers
        if self.next_frame_us is not None and t_us < self.next_frame_us:
            return answers
        if self.beside is not None:
            if self.beside.busy:            # one frame at a time: the newest is taken when the reader is free
                return answers
            grab = self._grab(t_us, getattr(runtime, "clock_us", None))
            self.next_frame_us = t_us + self.frame_us
            if grab is not None:
                self.beside.submit(grab)
            return answers
        readings = self._read(t_us, getattr(runtime, "clock_us", None))
        self.next_frame_us = t_us + FRAME_US
        if readings is not None:
            self._on_reading(runtime, readings, answers)
        return answers

    def _on_reading(self, runtime: Any, readings: tuple[int, dict[int, list]], answers: list) -> None:
        """Feed one frame's reading ``(frame t_us, {tray key: dice})`` to
        the settle trackers; a settled reading becomes an answer (appended
        to ``answers``), a held reading, a nudge or a reroll.  Trays no
        longer awaited (answered, held or entered by hand since the frame
        was taken) are left out."""
        frame_t, by_key = readings
        by_key = {k: d for k, d in by_key.items()
                  if k in self.serving and k not in self.held and k not in self.entries}
        events = []
        for key, dice in by_key.items():
            tracker = self.trackers.setdefault(key, AtRestTracker([key], settle_ms=self.settle_ms))
            events.extend(tracker.update(frame_t, {key: dice}))
        for ev in events:
            if ev["type"] != "settled":
                continue
            key = ev["seat"]
            req = self.serving.get(key)
            if req is None:
                continue
            values = ev["values"]
            if self.table is not None and self.table.trays[key].first_look:
                self.table.trays[key].first_look = False
                self.stats.first_look(self.table.trays[key].values, values)
                self._first_t.setdefault(key, frame_t)
            count = int(req.get("count", 1))
            if req.get("type") == "confirm":
                if None not in values and sorted(values) == req["expect"]:
                    answers.append({"type": "confirmed", "player": req["player"]})
                    del self.serving[key]
                    self._first_t.pop(key, None)   # a turned die's check is no roll: the next wait starts anew
                    self.trackers.pop(key, None)
                    if self.table is not None:
                        self.table.clear(key)
                else:
                    runtime.prompts[key] = "turn dice to " + " ".join(map(str, req["expect"]))
                    if self.table is not None:
                        self.table.throw(key, req["expect"], req.get("colour"), frame_t)
                continue
            entered = False
            if len(values) != count or any(v is None for v in values):
                # CAB-5: never guess.  Nudge; after NUDGES_BEFORE_REROLL
                # failed readings reroll; after ENTRY_AFTER, the seat enters
                # the values with its buttons (the simulated seat enters the
                # true values).
                self.attempts[key] = self.attempts.get(key, 0) + 1
                n = self.attempts[key]
                seat_key = key if key != COMMON else 0
                if n >= ENTRY_AFTER and self.table is None and self.contest_us > 0 \
                        and self._contesters(runtime, key):
                    # a person at the cabinet's seat: the hand entry of CAB-6, from what was read
                    self._start_entry(key, self._entry_seat(runtime, key), [v for v in values if v is not None])
                    runtime.prompts.pop(seat_key, None)
                    continue
                if self.table is not None and n >= ENTRY_AFTER:
                    values = list(self.table.trays[key].values)
                    self.stats.entered += count
                    entered = True
                else:
                    self.stats.nudges += 1
                    unreadable = sum(v is None for v in values)
                    msg = (f"nudge {plural(unreadable, 'unread die', 'unread dice')}" if unreadable
                           else f"{plural(len(values), 'die', 'dice')} seen, {count} wanted")
                    if n % NUDGES_BEFORE_REROLL == 0:
                        msg = "reroll your dice"
                    runtime.prompts[seat_key] = msg
                    runtime.dirty = True      # the OLED, and the nudge's sound, at once (headless too)
                    if self.table is not None:
                        if n % NUDGES_BEFORE_REROLL == 0:
                            self.stats.rerolls += 1
                            faces = int(req.get("faces", 6))
                            self.table.throw(key, [self.table.rng.randint(1, faces) for _ in range(count)],
                                             req.get("colour"), frame_t)
                        else:
                            self.table.nudge(key, frame_t)
                    continue
            wrong = 0
            if not entered:
                if self.table is not None:
                    truth = list(self.table.trays[key].values)
                    wrong = count - _overlap(truth, values)
                    self.stats.misread += wrong
                self.stats.dice_read += count
            action = {k: v for k, v in req.items() if k not in ("count", "faces")}
            action["values"] = [int(v) for v in values]
            self.stats.nudge_wait_us += frame_t - self._first_t.pop(key, frame_t)
            self.attempts.pop(key, None)
            self.rejected.pop(key, None)
            if not entered and self.contest_us > 0:
                people = self._contesters(runtime, key)
                # CAB-6: a person checks the reading before the game gets
                # it; a simulated bot seat sees its own dice and checks a
                # reading only when the camera misread it
                checker = None if people else self._bot_checker(runtime, key) if wrong else None
                if people or checker is not None:
                    self.held[key] = {"action": action, "values": list(action["values"]), "frame_t": frame_t,
                                      "until": frame_t + self.contest_us, "down": False, "checker": checker,
                                      "wrong": wrong}
                    runtime.prompts.pop(key if key != COMMON else 0, None)
                    continue
            answers.append(self._answer(key, action, frame_t, runtime, wrong))

    @staticmethod
    def _bot_checker(runtime: Any, key: int) -> int | None:
        """The bot seat that checks tray ``key`` (its own seat; the first
        bot for the common tray), or None."""
        bots = sorted(getattr(runtime, "bots", ()) or ())
        if key == COMMON:
            return bots[0] if bots else None
        return key if key in bots else None

    def bot_checks(self) -> list[tuple[int, int, str]]:
        """What the simulated bots do about the readings they check, once
        each: ``(seat, tray key, "reject" | "enter")``; the runtime turns
        them into the bot's button presses and navigation."""
        out = []
        for key, h in self.held.items():
            if h.get("checker") is not None and not h.get("told"):
                h["told"] = True
                out.append((h["checker"], key, "reject"))
        for key, e in self.entries.items():
            if e.get("bot") and not e.get("told"):
                e["told"] = True
                out.append((e["seat"], key, "enter"))
        return out

    def truth(self, key: int) -> list[int] | None:
        """The true values in tray ``key`` (simulation only, else None)."""
        return list(self.table.trays[key].values) if self.table is not None else None
    def _answer(self, key: int, action: dict[str, Any], t_us: int, runtime: Any, wrong: int = 0) -> dict[str, Any]:
        """The accepted answer for tray ``key`` (stamped ``t_us`` or the
        game's clock if later; ``wrong`` dice of it misread, simulation);
        the request is done."""
        self.stats.misread_accepted += wrong
        action = dict(action)
        if "t_us" in action:
            action["t_us"] = max(t_us, runtime.game.now_us())
        del self.serving[key]
        self.trackers.pop(key, None)
        self.attempts.pop(key, None)
        self._forget(key)
        if self.table is not None:
            self.table.clear(key)
        runtime.prompts.pop(key if key != COMMON else 0, None)
        return action

    def _forget(self, key: int) -> None:
        """Drop the contest state of tray ``key`` (its request is over)."""
        for d in (self.held, self.contests, self.rejected, self.entries, self.last_rejected, self._first_t):
            d.pop(key, None)

    # ------------------------------------------------------- contesting
    @staticmethod
    def _contesters(runtime: Any, key: int) -> set[int]:
        """Seats that may contest tray ``key``'s reading: its seat if a
        person plays it; for the common tray every seat a person plays.
        Bots never contest."""
        bots = set(getattr(runtime, "bots", ()) or ())
        seats = range(runtime.game.num_players)
        if key == COMMON:
            return {s for s in seats if s not in bots}
        return {key} - bots

    def _entry_seat(self, runtime: Any, key: int) -> int:
        if key != COMMON:
            return key
        people = sorted(self._contesters(runtime, key))
        return people[0] if people else 0

    def tray_of(self, seat: int, bots: Any = ()) -> int | None:
        """The tray whose reading ``seat``'s big button acts on now: the
        hand entry it makes, else its own held reading, else a held common
        reading (not for a seat in ``bots``: bots never contest); None
        when no reading waits for the seat."""
        for key, e in self.entries.items():
            if e["seat"] == seat:
                return key
        if seat in self.held:
            return seat
        if COMMON in self.held and (seat not in bots or self.held[COMMON].get("checker") == seat):
            return COMMON
        return None

    def late_tray(self, seat: int, t_us: int, bots: Any = ()) -> int | None:
        """The tray whose check ``seat``'s press at ``t_us`` still answers
        although its window ran out a moment ago (:data:`LATE_OK_US`): its
        own tray, else the common one; None if none, and always for a seat
        in ``bots`` (a bot presses what it means)."""
        if seat in bots:
            return None
        for key in (seat, COMMON):
            if t_us < self.late_ok.get(key, -1):
                return key
        return None

    def button_down(self, key: int) -> None:
        """The seat pressed its button on held reading ``key``: the window
        does not run out while the button is down."""
        if key in self.held:
            self.held[key]["down"] = True

    def accept(self, key: int, runtime: Any, t_us: int) -> dict[str, Any]:
        """Accept held reading ``key`` (a short press, or the window ran
        out): the answer for the game, stamped with its settle time (or
        the game's clock if later).

        Raises:
            KeyError: no reading of ``key`` is held.
        """
        held = self.held.pop(key)
        return self._answer(key, held["action"], held["frame_t"], runtime, held.get("wrong", 0))

    def reject(self, key: int, seat: int, t_us: int) -> dict[str, Any]:
        """``seat`` rejects held reading ``key`` at ``t_us`` (a long press):
        the values never reach the game; the seat is asked to reroll, or
        after :data:`CONTESTS_BEFORE_ENTRY` rejections to enter the values
        by hand.

        Returns:
            The journal note of the rejection (``{"note": "contest", ...}``).

        Raises:
            KeyError: no reading of ``key`` is held.
        """
        held = self.held.pop(key)
        req = self.serving[key]
        n = self.contests[key] = self.contests.get(key, 0) + 1
        self.stats.contested += 1
        self.last_rejected[key] = list(held["values"])
        then = "entry" if n >= CONTESTS_BEFORE_ENTRY else "reroll"
        if then == "entry":
            self._start_entry(key, seat, held["values"])
            self.entries[key]["bot"] = held.get("checker") == seat
        else:
            self.stats.contest_rerolls += 1
            self.rejected[key] = seat
            if self.table is not None:   # the simulated seat rerolls its dice
                faces = int(req.get("faces", 6))
                self.table.throw(key, [self.table.rng.randint(1, faces) for _ in range(len(held["values"]))],
                                 req.get("colour"), t_us)
            self.next_frame_us = min(self.next_frame_us if self.next_frame_us is not None else t_us, t_us)
        return {"note": "contest", "player": req.get("player"), "by": seat, "values": list(held["values"]),
                "t_us": int(t_us), "then": then}

    def _start_entry(self, key: int, seat: int, values: list[int] | None) -> None:
        req = self.serving[key]
        count = int(req.get("count", 1))
        start = [int(v) if isinstance(v, int) else 1 for v in (values or [])][:count]
        start += [1] * (count - len(start))
        self.entries[key] = {"values": start, "cursor": 0, "seat": seat, "read": list(values or [])}
        self.rejected.pop(key, None)
        self.held.pop(key, None)

    def entry_nav(self, key: int, step: int) -> None:
        """A navigation step during hand entry: the die under the cursor
        goes up or down (1..faces, wrapping); nothing on "ok"."""
        e = self.entries[key]
        faces = int(self.serving[key].get("faces", 6))
        i = e["cursor"]
        if i < len(e["values"]):
            e["values"][i] = (e["values"][i] - 1 + step) % faces + 1

    def entry_press(self, key: int, long: bool, runtime: Any, t_us: int) -> tuple[dict, dict] | None:
        """A press during hand entry: long = back one die; short = next
        die, or on "ok" confirm.

        Returns:
            ``(note, answer)`` when confirmed (the journal note
            ``{"note": "entered", ...}`` and the game's dice answer), else
            None.
        """
        e = self.entries[key]
        n = len(e["values"])
        if long:
            e["cursor"] = max(0, e["cursor"] - 1)
            return None
        if e["cursor"] < n:
            e["cursor"] += 1
            return None
        req = self.serving[key]
        action = {k: v for k, v in req.items() if k not in ("count", "faces")}
        action["values"] = list(e["values"])
        self.stats.hand_entries += 1
        self.stats.entered += n
        note = {"note": "entered", "player": req.get("player"), "by": e["seat"], "values": list(e["values"]),
                "read": list(e["read"]), "t_us": int(t_us)}
        return note, self._answer(key, action, t_us, runtime)

    def reading_states(self, t_us: int) -> dict[int, dict[str, Any]]:
        """What the screens show of the contest flow, per tray key (seat,
        or :data:`COMMON`): ``state`` ``"check"`` (a held reading:
        ``values``, ``left_ms``, ``window_ms``, ``contests`` so far and
        their ``limit`` before hand entry), ``"rejected"`` (reroll
        asked: ``by``, ``contests``) or ``"entry"`` (hand entry:
        ``values``, ``cursor``, ``by``)."""
        out: dict[int, dict[str, Any]] = {}
        for key in self.rejected:
            out[key] = {"state": "rejected", "by": self.rejected[key], "contests": self.contests.get(key, 0),
                        "limit": CONTESTS_BEFORE_ENTRY}
        for key, h in self.held.items():
            out[key] = {"state": "check", "values": list(h["values"]), "window_ms": self.contest_us // 1000,
                        "left_ms": max(0, (h["until"] - t_us) // 1000), "down": h["down"],
                        "contests": self.contests.get(key, 0), "limit": CONTESTS_BEFORE_ENTRY}
        for key, e in self.entries.items():
            out[key] = {"state": "entry", "values": list(e["values"]), "cursor": e["cursor"], "by": e["seat"]}
        return out

    def restore(self, lines: list[dict[str, Any]]) -> None:
        """Rebuild the contest counts from a journal's lines in order
        (actions and notes, :meth:`JournalContents.lines`): the game's
        totals, and for requests still open the rejections so far (a
        request rejected :data:`CONTESTS_BEFORE_ENTRY` times goes on with
        hand entry)."""
        for line in lines:
            if "note" not in line:
                if line.get("type") == "dice":
                    key = self.key_of(line)
                    self.contests.pop(key, None)
                    self.last_rejected.pop(key, None)
                continue
            key = self.key_of(line)
            if line["note"] == "contest":
                self.stats.contested += 1
                self.contests[key] = self.contests.get(key, 0) + 1
                self.last_rejected[key] = list(line.get("values") or [])
                if line.get("then") == "reroll":
                    self.stats.contest_rerolls += 1
            elif line["note"] == "entered":
                self.stats.hand_entries += 1

    def _blank(self, frame: np.ndarray) -> bool:
        """True for a frame with nothing in it (black or one flat colour:
        a camera glitch, the light off).  It is no reading: the dice did
        not move because of it, so it is skipped, never fed to the settle
        trackers.  When such frames keep coming (:data:`BLANK_OF_RECENT`
        of the last frames), every seat waiting for its dice is told why."""
        blank = int(frame.max()) - int(frame.min()) < 24   # the reader's own "nothing to see"
        self._recent_blank.append(blank)
        if blank:
            self.blank_frames += 1
        if sum(self._recent_blank) >= BLANK_OF_RECENT[0]:
            if not self._blank_told:
                log.warning("the camera gives black or empty frames (%d of the last %d); check its light, lens "
                            "and cable", sum(self._recent_blank), len(self._recent_blank))
            self._blank_told = True
            for key in self.serving:
                if key not in self.held and key not in self.entries:
                    self._runtime_prompts[key if key != COMMON else 0] = BLANK_PROMPT
        elif self._blank_told and not any(self._recent_blank):
            self._blank_told = False
            for seat in [s for s, m in self._runtime_prompts.items() if m == BLANK_PROMPT]:
                del self._runtime_prompts[seat]
        return blank

    def _read(self, t_us: int, clock_us: Any = None) -> tuple[int, dict[int, list]] | None:
        """Read the trays being served: ``(frame time us, {tray key: dice})``,
        or None when the camera has no fresh frame.  The frame time is on
        the cabinet's clock (``clock_us()`` reads it now; else ``t_us``).
        The pass's own reading: :meth:`_grab`, then :meth:`_look`."""
        grab = self._grab(t_us, clock_us)
        return None if grab is None else self._look(grab)

    def _grab(self, t_us: int, clock_us: Any = None) -> tuple[int, Any, list[int]] | None:
        """Take the newest frame (never waits): ``(frame time us on the
        cabinet's clock, pixels, tray keys to read)``, the pixels a
        ``{tray key: crop}`` of the simulated table or the camera's whole
        frame; None when there is no fresh frame (or it is blank).  A
        snapshot: what :meth:`_look` needs, apart from the live state."""
        self._cabinet_now = t_us
        keys = [key for key in self.serving if key not in self.held and key not in self.entries]
        if self.table is not None and self.camera is None:
            self.stats.frames += 1
            # the simulated camera stamps the frame on its own clock; the
            # stamp is converted to the cabinet's clock as a real one's is
            t_us = self.camera_clock.to_cabinet(t_us + SIM_CAMERA_UPTIME_US, t_us)
            return t_us, {key: self.table.cell_frame(key, t_us) for key in keys}, keys
        # Every camera failure is "camera not ready" (issue 23): the
        # supervisor closes the camera and reopens it with back-off, the
        # screen shows the notice, and the game waits; never an exit.
        try:
            got = self.camera.read(self.last_camera_us + 1) if self.camera is not None else None
            if got is not None:
                frame, camera_t = as_bgr(got[0]), int(got[1])
        except NoFreshFrame:
            got = None            # the camera is fine, the frame is not new yet
        except Exception as exc:  # noqa: BLE001 - CameraNotReady, OSError, TimeoutError, a bad frame...
            got = None
            self.camera_faults += 1
            if self.camera_ready:   # one prefix: the supervisor's message already starts with it
                why = str(exc) or type(exc).__name__
                log.warning("%s; the game waits", why if why.startswith("camera not ready") else
                            f"camera not ready: {why}")
            self.camera_ready = False
            return None
        if got is None:
            self.camera_ready = bool(self.camera is not None and getattr(self.camera, "ready", True))
            return None
        if not self.camera_ready:
            log.info("camera ready again")
        self.camera_ready = True
        if camera_t <= self.last_camera_us:
            return None
        self.last_camera_us = camera_t
        # the frame's stamp is on the camera's clock (time since boot):
        # converted to the cabinet's clock, never mixed with edge stamps
        self._cabinet_now = max(t_us, int(clock_us())) if clock_us is not None else t_us
        frame_t = self.camera_clock.to_cabinet(camera_t, self._cabinet_now)
        self.last_frame_us = frame_t
        self.stats.frames += 1
        if self._blank(frame):
            return None
        return frame_t, frame, keys

    def _look(self, grab: tuple[int, Any, list[int]]) -> tuple[int, dict[int, list]] | None:
        """Read a grabbed frame (:meth:`_grab`): ``(frame time us, {tray
        key: dice})``, or None when the reader refuses the frame.  Touches
        only the looks (:attr:`looks`), so it may run beside the loop."""
        frame_t, pixels, keys = grab
        if isinstance(pixels, dict):
            return frame_t, {key: self.looks.setdefault(key, MultiLook(self.reader)).read(crop, self.white_balance)
                             for key, crop in pixels.items()}
        try:
            dice = self.looks.setdefault(None, MultiLook(self.reader)).read(pixels, self.white_balance)
        except Exception as exc:  # noqa: BLE001 - a frame the reader cannot take is not a reading
            self.camera_faults += 1
            log.warning("dice reader refused a frame (%s); the game waits", exc)
            return None
        assignment = self.zones.assign(dice)
        return frame_t, {key: assignment.by_seat.get(self.seats if key == COMMON else key, []) for key in keys}


def _overlap(a: list[int], b: list[int]) -> int:
    """Size of the multiset intersection of two value lists."""
    rest = list(b)
    n = 0
    for v in a:
        if v in rest:
            rest.remove(v)
            n += 1
    return n
