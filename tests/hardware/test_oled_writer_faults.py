"""Faults through the OLED writer on the twin (issue 36): a seat's OLED
that stops answering partway through a frame, and an error of the shared
I2C bus.  The writer says which seats' displays are dark (the words the
screen shows), the other seats' frames go on, and the dark ones are
retried by the writer itself until they answer again, when they show the
newest frame they were given."""
from __future__ import annotations

import errno
import threading
import time

from PIL import Image, ImageDraw

from hardware.oled import Oled
from hardware.oled_writer import OledWriter
from hardware.twin import Twin, VirtualClock, load_profile
from hardware.twin_i2c import WHOLE_BUS

RETRY_S = 0.02


def _frame(text: str) -> Image.Image:
    img = Image.new("1", (128, 64))
    ImageDraw.Draw(img).text((2, 2), text, fill=1)
    return img


def _cabinet(seats: int = 3) -> tuple[Twin, dict[int, Oled], OledWriter]:
    """``seats`` SSD1306s behind the TCA9548A (channel = seat) on a pi4
    twin whose clock is virtual (no real waiting)."""
    twin = Twin(load_profile("pi4"), VirtualClock())
    oleds = {s: Oled(lambda s=s: twin.oled("ssd1306", s, f"seat {s + 1} OLED"), f"seat {s + 1} OLED",
                     retry_s=RETRY_S) for s in range(seats)}
    return twin, oleds, OledWriter(oleds, lambda seat: "bus 1", threaded=True, retry_s=RETRY_S)


def _same(a: Image.Image | None, b: Image.Image) -> bool:
    return a is not None and a.convert("1").tobytes() == b.convert("1").tobytes()


def _until(cond, timeout_s: float = 3.0) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.005)
    return cond()


def test_an_oled_that_stops_answering_mid_frame_is_told_the_others_go_on_and_it_comes_back_alone():
    twin, oleds, w = _cabinet()
    try:
        for s in oleds:
            w.submit(s, _frame(f"seat {s + 1} hello"))
        assert w.flush(3) and w.notice() == ""
        twin.bus.fail(1, after=1)            # seat 2: the frame's command write goes, its data fails
        newest = {s: _frame(f"seat {s + 1} round 2") for s in oleds}
        for s in oleds:
            w.submit(s, newest[s])
        assert w.flush(3)
        assert not oleds[1].online and oleds[1].errors >= 1
        assert "seat 2's display" in w.notice() and "seat 1" not in w.notice()
        for s in (0, 2):
            assert _same(oleds[s].shown(), newest[s]), f"seat {s + 1} stopped with seat 2"
        later = _frame("seat 1 round 3")
        w.submit(0, later)                   # the game goes on without seat 2's display
        assert w.flush(3) and _same(oleds[0].shown(), later)
        time.sleep(3 * RETRY_S)              # retried while it does not answer: still dark, still told
        assert not oleds[1].online and "seat 2's display" in w.notice()
        twin.bus.heal(1)
        # nothing new is submitted: the writer retries the seat by itself
        assert _until(lambda: oleds[1].online), "seat 2's display never came back"
        assert _same(oleds[1].shown(), newest[1]), "seat 2 came back without its newest frame"
        assert w.notice() == ""
    finally:
        w.close()


def test_a_bus_error_darkens_every_display_on_the_bus_until_the_bus_answers():
    twin, oleds, w = _cabinet()
    try:
        for s in oleds:
            w.submit(s, _frame(f"seat {s + 1}"))
        assert w.flush(3)
        twin.bus.fail(WHOLE_BUS, after=2)    # a frame and a half go, then the bus errs
        newest = {s: _frame(f"seat {s + 1} later") for s in oleds}
        for s in oleds:
            w.submit(s, newest[s])
        assert w.flush(3)
        dark = [s for s in oleds if not oleds[s].online]
        assert len(dark) >= 2 and w.dark() == dark
        told = w.notice()
        assert "not answering" in told and all(str(s + 1) in told for s in dark), told
        twin.bus.heal(WHOLE_BUS)
        assert _until(lambda: all(o.online for o in oleds.values()))
        assert all(_same(oleds[s].shown(), newest[s]) for s in oleds)
        assert w.notice() == ""
    finally:
        w.close()


def test_the_twin_bus_raises_remote_io_error_as_smbus2_does():
    twin = Twin(load_profile("pi4"), VirtualClock())
    twin.bus.fail(3)
    try:
        twin.bus.transfer(10, "seat 4 OLED", 3)
    except OSError as exc:
        assert exc.errno == errno.EREMOTEIO and "Remote I/O error" in str(exc)
    else:
        raise AssertionError("no error from a device that does not answer")
    twin.bus.transfer(10, "seat 1 OLED", 0)       # the other channels answer
    twin.bus.heal(3)
    twin.bus.transfer(10, "seat 4 OLED", 3)


def test_a_display_that_raises_does_not_stop_its_bus_thread():
    class Raising:
        online = True

        def show(self, frame):
            raise RuntimeError("driver bug")

    got: list = []
    done = threading.Event()

    class Fine:
        online = True

        def show(self, frame):
            got.append(frame)
            done.set()
            return True

    w = OledWriter({0: Raising(), 1: Fine()}, lambda seat: "bus 1", threaded=True)
    try:
        w.submit(0, "a")
        w.submit(1, "b")
        assert done.wait(3) and got == ["b"], "the bus's thread died with seat 1's display"
        assert w.flush(3)
    finally:
        w.close()


def test_the_screen_is_told_for_tell_s_and_an_unthreaded_writer_retries_when_next_given_a_frame():
    t = [0.0]

    class Dark:
        def __init__(self) -> None:
            self.answering, self.shows = False, []

        def show(self, frame) -> bool:
            self.shows.append(frame)
            return self.answering

    d, other = Dark(), Dark()
    other.answering = True
    w = OledWriter({0: d, 1: other}, lambda seat: "bus 1", threaded=False, clock=lambda: t[0],
                   retry_s=1.0, tell_s=10.0)
    w.submit(0, "a")
    assert w.notice() == "seat 1's display is not answering; the game goes on" and w.dark() == [0]
    t[0] = 0.5
    w.submit(1, "x")                          # not due yet: seat 1 is not tried again
    assert d.shows == ["a"]
    t[0] = 11.0
    assert w.notice() == "" and w.dark() == [0], "told for tell_s only; still dark"
    d.answering = True
    w.submit(1, "y")                          # due: seat 1's newest frame goes again
    assert d.shows == ["a", "a"] and w.dark() == []
