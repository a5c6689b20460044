"""The runtime's journal glue: every applied action and cabinet note is
journaled; when the journal cannot be written (disk full) the game pauses
and retries until it is, so no applied action is lost.

:class:`RunnerJournal` is mixed into :class:`firmware.runtime.runner.Runtime`;
it uses its ``journal``, ``stats`` and ``dirty``.
"""
from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("cabinet.runtime")


class RunnerJournal:
    """The journal's state in the runtime: :attr:`journal_problem` (why the
    game is paused, or ""), and the retries."""

    def _init_journal(self, journal: Any) -> None:
        """The journal part's state: ``journal`` a writer with
        ``append(action)`` and ``flush()`` (or None)."""
        self.journal = journal
        #: why the game is paused (the journal cannot be written), or ""
        self.journal_problem = ""
        #: headless: wall-clock seconds between retries of a failed journal
        #: write, and how long to wait in all before giving up
        self.journal_retry_s = 1.0
        self.journal_max_pause_s = 600.0
        self._journal_next_retry = 0.0

    def _journal_still_paused(self) -> bool:
        """While the game is paused on the journal: retry the write when a
        retry is due (at most every second); True while it still fails
        (no input, die, tick or bot moves the game then)."""
        import time as _time
        now = _time.monotonic()
        if now >= self._journal_next_retry:
            self._journal_next_retry = now + min(1.0, self.journal_retry_s)
            self.retry_journal()
        return bool(self.journal_problem)

    def _journal_failed(self, exc: OSError) -> None:
        """The journal could not be written: the game pauses, saying why
        (logged once per pause)."""
        if not self.journal_problem:
            log.error("%s", exc)
        self.journal_problem = f"game paused: {exc}"
        self.stats.extra["journal_failures"] = self.stats.extra.get("journal_failures", 0) + 1
        self.dirty = True

    def retry_journal(self) -> bool:
        """Try again to write the actions the journal still holds; True
        once everything applied is on disk (the pause is over)."""
        if not self.journal_problem:
            return True
        try:
            self.journal.flush()
        except OSError as exc:
            self._journal_failed(exc)
            return False
        log.info("the journal is written again (%s): the game goes on", getattr(self.journal, "path", ""))
        self.journal_problem = ""
        self.dirty = True
        return True

    def note(self, note: dict[str, Any]) -> None:
        """Journal a cabinet note (a contested reading, a hand entry): not
        an engine action; replay skips it, resume counts it (see
        :func:`firmware.runtime.journal.read`)."""
        self.stats.extra[note["note"]] = self.stats.extra.get(note["note"], 0) + 1
        if self.journal is not None:
            try:
                self.journal.append(note)
            except OSError as exc:          # disk full: the note stays queued in the writer
                self._journal_failed(exc)
        self.dirty = True

    def _wait_for_journal(self) -> None:
        """Headless: the journal cannot be written (disk full); wait in
        wall-clock time, retrying, for at most ``journal_max_pause_s``.

        Raises:
            OSError: (the writer's ``JournalWriteError``) still failing at
                the end; the message names the journal and the fix.
        """
        import time as _time
        waited = 0.0
        delay = min(0.05, self.journal_retry_s)
        while True:
            if self.retry_journal():
                return
            if waited >= self.journal_max_pause_s:
                self.journal.flush()        # raises the writer's error, naming the journal
                return
            _time.sleep(delay)
            waited += delay
            delay = min(self.journal_retry_s, delay * 2)
