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
button (held :data:`~firmware.rulings.LONG_PRESS_US` or more) or accept it at once with a
short press; when the window runs out it is accepted.  A rejected reading
never reaches the engine: the seat is asked to nudge its dice, the same
faces up ("rejected: nudges"; never a reroll, which would be free: PT29)
and the next settled reading is held again; after
:data:`~firmware.runtime.dice_contest.CONTESTS_BEFORE_ENTRY` rejections of one
request the seat enters the values by hand (navigation sets the die under
the cursor, a press moves on, a long press goes back, a press on "ok"
confirms).  Rejections and hand
entries are journaled as notes (:meth:`DiceStation.restore` rebuilds the
counts on resume) and counted in :class:`~firmware.runtime.dice_stats.DiceStats`.

:class:`DiceStation` is the part's public face: it holds the state of the
requests it serves and answers them; its parts, one module each, are
mixed into it: the camera (:mod:`firmware.runtime.dice_camera`: grab a
frame, look at it), what a settled reading becomes
(:mod:`firmware.runtime.dice_readings`), the seat's check of a held reading
(:mod:`firmware.runtime.dice_contest`) and the hand entry
(:mod:`firmware.runtime.dice_entry`).  The simulated table is
:mod:`firmware.runtime.dice_table`.
"""
from __future__ import annotations

import collections
from typing import Any

from engines.words import plural
from vision.multilook import MultiLook
from vision.reader import DiceReader
from vision.still import StillWatch
from vision.tracker import AtRestTracker
from vision.trays import TrayZones

from firmware.rulings import ACCEPTED_WORDS
from firmware.runtime.clocks import SIM_CAMERA_UPTIME_US, CameraClock
from firmware.runtime.dice_camera import BLANK_OF_RECENT, FRAME_US, CameraReads
from firmware.runtime.dice_contest import CONTESTS_BEFORE_ENTRY, ContestChecks
from firmware.runtime.dice_entry import HandEntry
from firmware.runtime.dice_readings import ReadingAnswers, in_seen_places
from firmware.runtime.dice_stats import DiceStats
from firmware.runtime.dice_table import COMMON, SimTable
from firmware.screens.games import cabinet_game


class DiceStation(ReadingAnswers, ContestChecks, HandEntry, CameraReads):
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
            config ``vision.contest_ms``, default
            :data:`~firmware.runtime.dice_contest.CONTEST_MS`); 0 =
            readings go straight to the game.
        reader: the :class:`vision.reader.DiceReader` that reads the
            frames (the cabinet's, :func:`firmware.runtime.reader.cabinet_reader`;
            None: the reader as shipped).

    Raises:
        ValueError: ``contest_ms`` is not an int >= 0.
    """

    #: which calibration the reader reads with, in words, for the game's
    #: report (:func:`firmware.runtime.reader.reader_words`; "" unknown)
    reader_words = ""

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
        #: next reading settles: "rejected: nudges")
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
        #: seat -> how many times it was asked to nudge or reroll unread dice (a caption names each)
        self.nudged: dict[int, int] = {}
        self.given_by: dict[int, int] = {}             # tray key -> dice given to the game (read or entered)
        #: tray key -> its last reading that was not whole (None: a die unread), while it is read again
        self.unread_seen: dict[int, list] = {}
        #: tray key -> the words of its last nudge ("die nudged for you", "nudge 1 unread die"), while
        #: its dice are read again: its seat's prompt then, whatever popped the runtime's (PT30)
        self.nudge_said: dict[int, str] = {}
        #: tray key -> where the dice kept in the request being served lay among the seat's
        #: dice (their values in their places, None where a die is rolled): the reading
        #: keeps them there (PT32), :func:`kept_places`
        self.keep_places: dict[int, list] = {}
        #: tray key -> the dice (:class:`vision.die.Die`) of the last frame read there
        #: (simulation: a nudge moves the unread ones, :meth:`SimTable.nudge`)
        self.last_dice: dict[int, list] = {}
        #: seat -> (words, until us): the simulator's "die nudged for you", shown that long
        self.notes: dict[int, tuple[str, int]] = {}
        #: tray key -> until when (us) a press still answers its reading's
        #: check after the window ran out (:data:`LATE_OK_US`)
        self.late_ok: dict[int, int] = {}
        #: person's seat -> (tray key, when its window ran out, us) of a check
        #: its OLED showed that ran out unanswered: the seat's next press
        #: answers it (ruling CAB-6; the runtime ends it, ``RunnerDice``)
        self.unanswered: dict[int, tuple[int, int]] = {}
        self.next_frame_us: int | None = None
        #: stamp of the last frame read, on the cabinet's clock / on the camera's
        self.last_frame_us = -1
        self.last_camera_us = -1
        #: the cabinet's clock now (set at each poll), us
        self._cabinet_now = 0
        #: the clock of the poll under way, us: a reading read beside the loop comes back later than its
        #: frame's grab, and words said of it are timed from when they are shown (:attr:`notes`)
        self._poll_us = 0
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
        #: tray key -> the dice its seat keeps when it next rolls (simulation,
        #: a Retrograde reroll: :meth:`keep`); taken when the request starts
        self.keeping: dict[int, list[int]] = {}
        #: tray key -> the dice kept in the request being served (its words)
        self.kept: dict[int, list[int]] = {}
        #: (tray key, dice kept) of every request served with the simulated table, oldest first
        self.kept_log: list[tuple[int, list[int]]] = []
        #: the reader beside the loop (:class:`firmware.runtime.dice_beside.ReaderBeside`),
        #: or None: the pass reads the frame itself (instant parts, headless, tests)
        self.beside: Any = None
        #: how often a frame is taken while dice are awaited, us: :data:`FRAME_US`;
        #: 0 beside the loop with a camera that has frames of its own (each new one, issue 36)
        self.frame_us = FRAME_US
        #: rest judged from every frame (:class:`vision.still.StillWatch`), or None: from the
        #: readings (:class:`vision.tracker.AtRestTracker`); set with :meth:`watch_frames`
        self.watch: StillWatch | None = None
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

    def watch_frames(self) -> None:
        """Judge rest from every fresh frame of a camera with frames of its
        own, the reader beside the loop (issue 36: dice at rest to the
        engine within the settle time + 150 ms): :class:`vision.still.StillWatch`
        in place of the readings' :class:`vision.tracker.AtRestTracker`."""
        self.watch = StillWatch(self.settle_ms)
        self.frame_us = 0
        if self.table is not None and self.camera is None:
            self.table.compose_beside()

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

    def keep(self, key: int, values: list[int]) -> None:
        """Simulation: the seat of tray ``key`` keeps the dice ``values``
        when it next rolls (its next request: the table throws only the
        others, :meth:`SimTable.roll`); the reading the game gets is still
        all of the seat's dice.  Does nothing at the real cabinet (the seat
        keeps its dice by hand)."""
        if self.table is not None:
            self.keeping[key] = list(values)

    def prompts(self, game: Any = None) -> dict[int, str]:
        """OLED prompts for seats that must roll: the game's words for a
        dice request (its screens' ``dice_words(game, request, kept)``,
        e.g. Retrograde's reroll "keep what you like, roll the rest"), else
        "roll 2 dice!"; for dice read again after a nudge the nudge's words
        ("die nudged for you")."""
        words = None
        if game is not None:
            declared = cabinet_game(game.game_id)
            words = declared.hook("dice_words") if declared is not None else None
        out = {}
        again = self.rereading()
        for key, req in self.serving.items():
            if key in again and key in self.nudge_said:      # read again: the nudge's words, never "roll" (PT30)
                out[key] = self.nudge_said[key]
            elif key != COMMON and key not in self.held and key not in self.entries and key not in self.rejected:
                if words is not None and req.get("type") == "dice":
                    out[key] = words(game, req, self.kept.get(key) if self.table is not None else None)
                else:
                    out[key] = f"roll {plural(req.get('count', 1), 'die', 'dice')}!"
        return out

    def awaited(self) -> dict[int, list | None]:
        """Seats whose dice are being read now (a dice request served, no
        reading held, entered or rejected; the common tray too, as
        :data:`COMMON`) -> the reading so far when it was not whole
        (values, None for a die unread: CAB-5's nudge), else None: the
        screens show that, never the dice of the roll before."""
        return {key: (list(self.unread_seen[key]) if key in self.unread_seen else None)
                for key, req in self.serving.items()
                if req.get("type") == "dice" and key not in self.held
                and key not in self.entries and key not in self.rejected}

    def kept_shown(self, awaited: dict[int, list | None] | None = None) -> dict[int, list]:
        """Seats whose reroll is being read, nothing of it read yet
        (:meth:`awaited` gives None), that kept dice -> those dice in their
        places, None where a die was rolled (:attr:`keep_places`): the
        screens show them while the others are read (PT32, PT33: the kept
        dice vanished from both screens until the whole reading came).
        ``awaited``: :meth:`awaited` if the caller has it already."""
        return {key: list(self.keep_places[key]) for key, so_far in (self.awaited() if awaited is None else awaited).items()
                if so_far is None and self.keep_places.get(key)}

    def rereading(self) -> set[int]:
        """Seats whose own dice are being read again after a reading that
        was not whole (CAB-5: nudged, or rerolled after nudges; no reading
        held, entered or rejected): their OLED shows that first, and the
        common dice's check waits for it (CAB-6: its own dice come first;
        PT30: the common check popped up while the seat's dice were still
        nudged)."""
        return {key for key, req in self.serving.items()
                if key != COMMON and req.get("type") == "dice" and self.attempts.get(key, 0) > 0
                and key not in self.held and key not in self.entries and key not in self.rejected}

    def own_first(self) -> set[int]:
        """Trays whose seat's OLED shows a reading of its own, before any
        common check: held, rejected, entered by hand, or being read again
        (:meth:`rereading`)."""
        return set(self.held) | set(self.entries) | set(self.rejected) | self.rereading()

    def sim_notes(self, t_us: int) -> dict[int, str]:
        """Seat -> the simulator's words on dice it nudged or rerolled for
        the seat ("die nudged for you"), while they are due at
        ``t_us`` (:data:`~firmware.runtime.dice_readings.SIM_NUDGE_SHOWN_US`)."""
        return {seat: words for seat, (words, until) in self.notes.items() if t_us < until}

    def poll(self, runtime: Any, t_us: int) -> list[dict[str, Any]]:
        """Serve the game's dice requests at ``t_us``: start new ones (in
        simulation the seat throws its dice), read a frame, and return the
        answers whose dice have settled with a full, readable reading (a
        reading a person checks is held first, see :meth:`accept`,
        :meth:`reject`; held readings whose window ran out are answered)."""
        self._poll_us = t_us
        self._serve(runtime, t_us)
        for seat, (_, until) in list(self.notes.items()):
            if t_us >= until:           # the simulator's word on a nudge has been shown long enough
                del self.notes[seat]
                runtime.dirty = True
        if not self.serving:
            return []
        answers: list[dict[str, Any]] = []
        self._accept_ran_out(runtime, t_us, answers)
        self._camera_pass(runtime, t_us, answers)
        return answers

    def _serve(self, runtime: Any, t_us: int) -> None:
        """Take the game's dice requests at ``t_us``: drop those it no
        longer makes (a camera check of turned dice, :meth:`expect`, stays
        until seen) and start the new ones (:meth:`_start_request`)."""
        wanted = {}
        for req in runtime.game.chance_requests():
            if req.get("type") == "dice":
                wanted.setdefault(self.key_of(req), req)
        for key in list(self.serving):
            if key not in wanted and self.serving[key].get("type") != "confirm":
                del self.serving[key]
                self._forget(key)
        for key, req in wanted.items():
            if self.serving.get(key, {}).get("type") == "confirm":
                continue
            if key not in self.serving or self.serving[key] != req:
                self._start_request(runtime, key, req, t_us)

    def _start_request(self, runtime: Any, key: int, req: dict[str, Any], t_us: int) -> None:
        """Serve ``req`` in tray ``key`` from ``t_us``: in simulation the
        seat throws its dice; a request resumed in the middle of a hand
        entry goes on with it; a frame is due at once."""
        self.serving[key] = req
        self.stats.requests += 1
        self.held.pop(key, None)
        self.entries.pop(key, None)
        if self.table is not None:     # the seat rolls: all its dice, or those it does not keep
            count = int(req.get("count", 1))
            kept = self.keeping.pop(key, [])[:count]
            self.table.roll(key, count, int(req.get("faces", 6)), req.get("colour"), t_us, kept)
            self.kept[key] = kept
            self.kept_log.append((key, kept))
            self.keep_places[key] = kept_places(runtime.game, key, kept, count)
        if self.contests.get(key, 0) >= CONTESTS_BEFORE_ENTRY:
            # resumed in the middle of a hand entry: go on with it
            seat = self._entry_seat(runtime, key)
            self._start_entry(key, seat, self.last_rejected.get(key))
            self.entries[key]["bot"] = seat in (getattr(runtime, "bots", ()) or ())
        if self.next_frame_us is None or self.next_frame_us < t_us:
            self.next_frame_us = t_us

    def looks_of(self, key: int) -> MultiLook | None:
        """The looks that read tray ``key``: its own (the simulated
        table's crops), else the camera's whole frame's; None before any."""
        return self.looks.get(key, self.looks.get(None))

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
        self._know_taken(key, action.get("values"))
        del self.serving[key]
        self.trackers.pop(key, None)
        if self.watch is not None:
            self.watch.forget(key)
        self.attempts.pop(key, None)
        self._forget(key)
        if self.table is not None:
            self.table.clear(key)
        seat = key if key != COMMON else 0
        runtime.prompts.pop(seat, None)
        if seat in self.unanswered:      # its own dice went in unanswered before: its OLED says so again
            runtime.prompts[seat] = ACCEPTED_WORDS     # (window play: the common dice's nudge had replaced it)
        return action

    def _forget(self, key: int) -> None:
        """Drop the contest state of tray ``key`` (its request is over)."""
        for d in (self.held, self.contests, self.rejected, self.entries, self.last_rejected, self._first_t,
                  self.kept, self.unread_seen, self.nudge_said, self.last_dice, self.keep_places):
            d.pop(key, None)


def kept_places(game: Any, key: int, kept: list[int], count: int) -> list | None:
    """Where the dice ``kept`` lay among seat ``key``'s dice before its
    reroll of ``count`` dice: the seat's dice in their order (the game's
    ``seat_dice``), each kept value in the first place of that value not
    yet taken, None in the others (the dice rolled); None where nothing is
    kept, the game keeps no dice per seat or they are another count
    (PT32: the kept dice came back in the camera's order)."""
    seat_dice = getattr(game, "seat_dice", None)
    if not kept or key == COMMON or seat_dice is None:
        return None
    try:
        before = seat_dice(key)
    except (IndexError, KeyError):
        return None
    if not before or len(before) != count or len(kept) > count:
        return None
    places = in_seen_places(before, list(kept) + [None] * (count - len(kept)))
    return places if sorted(v for v in places if v is not None) == sorted(kept) else None
