"""Issue 36: the journal's write and fsync happen beside the loop
(firmware.runtime.journal_beside): an append never waits for the disk, lines land
in order, and a disk that refuses loses nothing."""
from __future__ import annotations

import errno
import json
import threading

import pytest

from engines import new_game
from firmware.runtime import journal
from firmware.runtime.journal_beside import BesideJournal


def _writer(tmp_path):
    game = new_game("cha-dango", 3, 1, None)
    return journal.JournalWriter.create(tmp_path / "g.jsonl", game)


def _lines(path):
    return path.read_text().splitlines()[1:]


def test_an_append_returns_while_the_fsync_waits_and_the_lines_land_in_order(tmp_path):
    w = _writer(tmp_path)
    gate = threading.Event()
    w.fsync = lambda fd: gate.wait(5)         # an SD card's fsync that takes its time
    j = BesideJournal(w)
    try:
        for i in range(3):
            j.append({"type": "note", "i": i, "t_us": i})
        assert len(j.pending) >= 2, "append waited for the fsync"
        gate.set()
        j.flush()
        assert [json.loads(line)["i"] for line in _lines(w.path)] == [0, 1, 2]
        assert len(j.lags_s) == 3 and all(lag >= 0 for lag in j.lags_s)
    finally:
        gate.set()
        j.close()


def test_a_disk_that_refuses_pauses_on_the_next_append_and_loses_nothing(tmp_path):
    w = _writer(tmp_path)
    full = threading.Event()
    full.set()

    def fsync(fd):
        if full.is_set():
            raise OSError(errno.ENOSPC, "No space left on device")
    w.fsync = fsync
    j = BesideJournal(w)
    try:
        j.append({"type": "note", "i": 0, "t_us": 0})
        for _ in range(500):                   # the writer thread meets the full disk
            if j.error is not None:
                break
            threading.Event().wait(0.01)
        with pytest.raises(journal.JournalWriteError):
            j.append({"type": "note", "i": 1, "t_us": 1})
        assert _lines(w.path) == [] and len(j.pending) == 2
        full.clear()                           # space again: the runtime's retry
        j.flush()
        assert [l.count('"i"') for l in _lines(w.path)] == [1, 1] and not j.pending
        j.append({"type": "note", "i": 2, "t_us": 2})
    finally:
        j.close()
    assert len(_lines(w.path)) == 3
