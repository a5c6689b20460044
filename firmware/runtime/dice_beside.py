"""The dice reader beside the loop (issue 36, Build step 2): the loop
takes the newest camera frame (it never waits for one) and hands it to a
reader thread; the reading comes back on a later pass carrying the frame's
capture stamp, so the engine gets the same stamped dice as when the loop
read them itself (races are decided by stamps, never by arrival).

What the reader gets is a snapshot: the frame (or the served trays' crops)
and the tray keys to read, taken in the loop; it never touches the dice
station's live dicts (``serving``, ``held``, ``entries``), which the loop
changes.  Frames are read in the order they were taken, one at a time.

Faults: a reader that dies (its thread ended by an error) or stalls (a
frame not read within :data:`STALL_S`) is reported in words (the log and
:attr:`ReaderBeside.notice`, which the screen shows), a new reader is
started and the frame it held is read again: no frame taken is lost.

Why a thread (not a process): the reading is NumPy + OpenCV, which release
the GIL in their inner loops; a process would copy each frame (a 960 x 540
BGR frame is 1.5 MB) through a pipe.  On a Pi's 4 cores a process may
still be better; the twin's CPU stretch is a sleep, so it cannot tell the
two apart: measure on a Pi (docs/loop-speed.md).
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Callable

log = logging.getLogger("cabinet.dice")

#: A frame the reader has not read within this long is a stall, s.
STALL_S = 3.0
#: Readers that may fail on one frame before it is given up (no reading).
TRIES = 3
#: What the screen says while the reader is restarted.
RESTART_NOTICE = "dice reader restarting: the game waits"


class ReaderBeside:
    """One reader thread beside the loop.

    Args:
        look: the reading of one grabbed frame, ``look(grab) -> (frame t_us,
            {tray key: dice}) | None`` (runs in the reader thread).
        stall_s: see :data:`STALL_S`.
        clock: monotonic seconds (tests pass their own).
        what, restart_notice: its name in the log, and the screen's words
            while it is restarted (the bots' thinking uses this class too).

    Attributes:
        notice: words for the screen while the reader is being restarted
            ("" when it reads).
        restarts: readers started again after a death or a stall.
    """

    def __init__(self, look: Callable[[Any], Any], stall_s: float = STALL_S,
                 clock: Callable[[], float] = time.monotonic, what: str = "dice reader",
                 restart_notice: str = RESTART_NOTICE) -> None:
        self.look = look
        self.what, self.restart_notice = what, restart_notice
        self.stall_s = stall_s
        self.clock = clock
        self.notice = ""
        self.restarts = 0
        #: (job id, grab, when submitted) not yet answered, oldest first
        self._pending: list[tuple[int, Any, float]] = []
        self._done: dict[int, Any] = {}
        #: job -> readers that failed on it (after :data:`TRIES` the frame is no reading)
        self._failed: dict[int, int] = {}
        self._lock = threading.Lock()
        self._next_id = 0
        self._gen = 0
        self._jobs: queue.Queue = queue.Queue()
        self._idle = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        self._closed = False
        self._start()

    # ---------------------------------------------------------- the thread
    def _start(self) -> None:
        self._gen += 1
        self._jobs = queue.Queue()
        gen, jobs = self._gen, self._jobs
        self._thread = threading.Thread(target=self._run, args=(gen, jobs), name=f"{self.what} {gen}", daemon=True)
        self._thread.start()

    def _run(self, gen: int, jobs: queue.Queue) -> None:
        while True:
            item = jobs.get()
            if item is None:
                return
            job, grab = item
            try:
                result = self.look(grab)
            except Exception:  # noqa: BLE001 - this reader ends; the loop starts another (take)
                log.exception("%s failed", self.what)
                with self._lock:
                    self._failed[job] = self._failed.get(job, 0) + 1
                return
            with self._lock:
                if gen == self._gen:        # a reader given up for stalled answers nothing
                    self._done[job] = result
                    self._idle.notify_all()

    # ------------------------------------------------------------ the loop
    def submit(self, grab: Any) -> None:
        """Hand a grabbed frame to the reader (never waits)."""
        with self._lock:
            job = self._next_id
            self._next_id += 1
            self._pending.append((job, grab, self.clock()))
        self._jobs.put((job, grab))

    @property
    def busy(self) -> bool:
        """A frame handed over is not answered yet."""
        with self._lock:
            return bool(self._pending)

    def take(self) -> list[Any]:
        """The readings finished since the last call, in the order their
        frames were handed over (a reading waits for the ones before it).
        A dead or stalled reader is reported and replaced here, and its
        frames handed to the new one."""
        out = []
        with self._lock:
            while self._pending and self._pending[0][0] in self._done:
                job, _, _ = self._pending.pop(0)
                out.append(self._done.pop(job))
            if not self._pending and self.notice:
                log.info("%s works again", self.what)
                self.notice = ""
            why = None
            if self._pending:
                if self._thread is None or not self._thread.is_alive():
                    why = f"{self.what} stopped"
                elif self.clock() - self._pending[0][2] > self.stall_s:
                    why = f"{self.what} gave no reading for {self.clock() - self._pending[0][2]:.1f} s"
            if why is not None:
                self.restarts += 1
                self.notice = self.restart_notice
                log.warning("%s; started again, its work done again (the game waits)", why)
                old = self._jobs
                self._start()
                old.put(None)
                now = self.clock()
                for job, _, _ in self._pending:
                    if self._failed.get(job, 0) >= TRIES:   # a frame no reader can take is no reading
                        log.warning("%s: a job failed %d times; skipped", self.what, TRIES)
                        self._done[job] = None
                self._pending = [(job, grab, now) for job, grab, _ in self._pending]
                for job, grab, _ in self._pending:
                    if job not in self._done:
                        self._jobs.put((job, grab))
        return out

    def wait_idle(self, timeout_s: float = 30.0) -> None:
        """Wait until every frame handed over is read (tests on a clock of
        their own: the reading then takes no time on it, one pass)."""
        end = time.monotonic() + timeout_s
        with self._lock:
            while self._pending and not all(job in self._done for job, _, _ in self._pending):
                left = end - time.monotonic()
                if left <= 0 or self._thread is None or not self._thread.is_alive():
                    return
                self._idle.wait(min(left, 0.05))

    def close(self) -> None:
        """Stop the reader (frames not read yet are dropped: the game is over)."""
        self._closed = True
        self._jobs.put(None)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)
