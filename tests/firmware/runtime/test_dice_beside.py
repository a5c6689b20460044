"""Issue 36: the dice reader beside the loop (firmware.runtime.dice_beside):
readings come back in the order their frames were taken; a reader that
dies or stalls is reported in words and started again, and the frame it
held is read again (nothing lost)."""
from __future__ import annotations

import logging
import threading

from firmware.runtime.dice_beside import RESTART_NOTICE, ReaderBeside


def _wait(r: ReaderBeside) -> list:
    r.wait_idle(5.0)
    return r.take()


def test_readings_come_back_in_the_order_their_frames_were_taken():
    r = ReaderBeside(lambda grab: (grab, {0: [grab]}))
    try:
        for t in (10, 20, 30):
            r.submit(t)
        got = []
        while len(got) < 3:
            got += _wait(r)
        assert [g[0] for g in got] == [10, 20, 30]
        assert r.notice == "" and not r.busy
    finally:
        r.close()


def test_a_reader_that_dies_is_reported_in_words_started_again_and_its_frame_read_again(caplog):
    calls = []

    def look(grab):
        calls.append(grab)
        if len(calls) == 1:
            raise MemoryError("the reader's process ran out of memory")
        return grab, {0: ["die"]}

    r = ReaderBeside(look)
    try:
        with caplog.at_level(logging.WARNING, logger="cabinet.dice"):
            r.submit(1000)
            assert _wait(r) == []                # the reader died on the frame: nothing yet...
            assert r.notice == RESTART_NOTICE    # ...said on the screen
            assert "dice reader stopped" in caplog.text and r.restarts == 1
            got = _wait(r)
        assert got == [(1000, {0: ["die"]})], "the frame was lost"
        assert calls == [1000, 1000]
        assert r.notice == "", "the notice stays after the reader reads again"
    finally:
        r.close()


def test_a_stalled_reader_is_given_up_its_frame_read_by_a_new_one_and_its_late_answer_dropped(caplog):
    now = [0.0]
    stuck = threading.Event()
    calls = []

    def look(grab):
        calls.append(grab)
        if len(calls) == 1:
            stuck.wait(5.0)                      # the first reader hangs (a driver call that never returns)
        return grab, {0: [len(calls)]}

    r = ReaderBeside(look, stall_s=3.0, clock=lambda: now[0])
    try:
        r.submit(7)
        assert r.take() == [] and r.notice == ""
        now[0] = 3.5
        with caplog.at_level(logging.WARNING, logger="cabinet.dice"):
            assert r.take() == []
        assert r.notice == RESTART_NOTICE and "gave no reading for 3.5 s" in caplog.text
        got = []
        for _ in range(100):
            got += _wait(r)
            if got:
                break
        assert got == [(7, {0: [2]})], "the new reader did not read the stalled frame"
        stuck.set()                              # the old reader answers at last: too late, dropped
        r.submit(8)
        more = []
        while not more:
            more = _wait(r)
        assert more == [(8, {0: [3]})]
    finally:
        stuck.set()
        r.close()


def test_a_frame_no_reader_can_take_is_skipped_after_some_tries_and_the_next_is_read(caplog):
    def look(grab):
        if grab == "bad":
            raise ValueError("not a frame")
        return grab, {}

    r = ReaderBeside(look)
    try:
        r.submit("bad")
        r.submit("good")
        got = []
        for _ in range(20):
            got += _wait(r)
            if got:
                break
        assert got == [None, ("good", {})], got   # None: the bad frame is no reading
    finally:
        r.close()
