"""The journal written beside the game loop (issue 36).

An SD card's fsync takes a few ms, and now and then hundreds (the twin
draws 1 in 100 lines at 100-400 ms on a Pi 4): waited for in the loop, it
stops the game's inputs and screens for that long.  :class:`BesideJournal`
takes each applied action's line at once (:meth:`~BesideJournal.append`
queues it) and one thread writes and fsyncs the lines in order, through
the very :class:`firmware.runtime.journal.JournalWriter` (whole lines, cut back to
the last whole line when the disk refuses).

What a power cut can lose: the lines queued but not yet fsynced, i.e.
the actions of the last :attr:`~BesideJournal.lags_s` (the durability lag,
measured by ``benchmarks/bench_loop.py``: its p99 and max are the window a
cut can take).  A resume replays the journal up to its last whole line,
as after any cut.

A write the disk refuses (disk full) is kept queued; the next
:meth:`~BesideJournal.append` raises the writer's ``JournalWriteError`` (the
runtime pauses the game and says so, as before), and
:meth:`~BesideJournal.flush` retries in the caller's thread.
"""
from __future__ import annotations

import logging

import threading
import time
from typing import Any

from firmware.runtime import journal as journal_mod

log = logging.getLogger("cabinet.journal")


class BesideJournal:
    """A :class:`~firmware.runtime.journal.JournalWriter` written by its own
    thread.  Attributes not named here are the writer's (``path``,
    ``written``, ``fsync``...).

    Attributes:
        lags_s: for each line, seconds from :meth:`append` to its fsync's
            end (the durability lag).
        error: the disk's last refusal, until a :meth:`flush` succeeds.
    """

    def __init__(self, writer: journal_mod.JournalWriter) -> None:
        self.writer = writer
        self.lags_s: list[float] = []
        self.error: BaseException | None = None
        self._cond = threading.Condition()
        self._io = threading.Lock()        # one writer of the file at a time
        self._asked: list[float] = []      # append times of the lines queued, oldest first
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="journal writer", daemon=True)
        self._thread.start()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.writer, name)

    @property
    def pending(self) -> list[bytes]:
        """Lines not yet on disk, oldest first."""
        return self.writer.pending

    def append(self, action: dict[str, Any]) -> None:
        """Queue one applied action's line; its write and fsync happen
        beside the loop.

        Raises:
            JournalWriteError: the disk refused an earlier line (this one
                is queued too; :meth:`flush` retries them in order).
        """
        line = journal_mod.encode_line(action)
        with self._cond:
            self.writer.pending.append(line)
            self._asked.append(time.monotonic())
            self._cond.notify_all()
            if self.error is not None:
                raise self.error

    def _write(self) -> None:
        """Write the queued lines (with the file's lock held); stamps lags."""
        with self._io:
            while True:
                with self._cond:
                    if not self.writer.pending:
                        return
                    n = len(self.writer.pending)
                before = self.writer.written
                try:
                    self.writer.flush_some(n)
                finally:
                    done = self.writer.written - before
                    t = time.monotonic()
                    with self._cond:
                        self.lags_s.extend(t - a for a in self._asked[:done])
                        del self._asked[:done]
                        self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while (not self.writer.pending or self.error is not None) and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
            try:
                self._write()
            except OSError as exc:
                with self._cond:
                    self.error = exc

    def flush(self) -> None:
        """Write every queued line now, in this thread.

        Raises:
            JournalWriteError: the disk still refuses (nothing is lost).
        """
        try:
            self._write()
        except OSError as exc:
            with self._cond:
                self.error = exc
            raise
        with self._cond:
            self.error = None
            self._cond.notify_all()

    def close(self) -> None:
        """Write what is queued (a refusal is logged by the runtime's
        pause already; the lines stay in :attr:`pending`), stop the
        thread, close the writer.  Idempotent."""
        if self._closed:
            return
        try:
            self.flush()
        except OSError as exc:     # the lines stay in the file's writer; a resume goes on from the last one written
            log.warning("journal: %d line(s) not written at close: %s", len(self.pending), exc)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(5)
        self.writer.close()
