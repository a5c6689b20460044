"""The honest twin (issue 36, Build item 1): the simulated parts cost what a
Pi's real parts cost, from a named profile (hardware/twins/*.toml)."""
from __future__ import annotations

import dataclasses
import os
import statistics
import threading
import time

import pytest
from PIL import Image

from hardware.twin import (I2cBus, Twin, TwinClock, TwinProfileError, VirtualClock, load_profile, parse_profile,
                           profile_names)

BLACK = Image.new("1", (128, 64))


class FrozenClock(TwinClock):
    """Twin time that never moves: every transfer is asked at t = 0, so the
    queue alone decides when each one is on the wire."""

    def now(self) -> float:
        return 0.0

    def sleep_until(self, t: float) -> None:
        pass


def test_shipped_profiles_load():
    assert {"instant", "pi4", "pi5"} <= set(profile_names())
    pi4, pi5 = load_profile("pi4"), load_profile("pi5")
    assert pi4.i2c_hz == 400_000 and pi4.bits_per_byte == 9
    assert pi4.cpu_factor > pi5.cpu_factor > 1.0


def test_a_frame_at_400khz_takes_about_25ms_of_twin_time():
    twin = Twin(load_profile("pi4"), VirtualClock())
    oled = twin.oled("ssd1306", 0, "seat 1 OLED")
    t0 = twin.clock.now()
    oled.display(BLACK)
    ms = (twin.clock.now() - t0) * 1000
    # luma sends the window command (8 bytes) and 1,026 bytes of GDDRAM: 1,034 x 9 / 400 kHz
    assert 22.0 < ms < 27.0, ms
    assert oled.image is not None and oled.image.size == (128, 64)


def test_a_frame_at_the_pis_default_100khz_takes_about_95ms():
    twin = Twin(load_profile("pi4").with_i2c_hz(100_000), VirtualClock())
    oled = twin.oled("sh1106", 0, "seat 1 OLED")
    t0 = twin.clock.now()
    oled.display(BLACK)
    assert 88.0 < (twin.clock.now() - t0) * 1000 < 100.0


def test_two_oleds_on_one_bus_queue():
    twin = Twin(load_profile("pi4"), FrozenClock())
    ends = []
    twin.bus.listeners.append(lambda t: ends.append((t.who, t.start, t.end)))
    a, b = twin.oled("ssd1306", 0, "seat 1"), twin.oled("ssd1306", 1, "seat 2")
    ends.clear()
    base = twin.bus.free_at                  # after the drivers' own set-up frames
    a.display(BLACK)
    b.display(BLACK)
    end_a = max(e for w, _, e in ends if w == "seat 1")
    start_b = min(s for w, s, _ in ends if w == "seat 2")
    end_b = max(e for w, _, e in ends if w == "seat 2")
    assert start_b >= end_a - 1e-12          # seat 2 waits for seat 1's frame
    assert 44e-3 < end_b - base < 50e-3      # two frames' wire time, asked at the same instant


def test_two_threads_sending_at_once_wait_for_each_other():
    twin = Twin(load_profile("pi4"), TwinClock())      # real time: ~23 ms a frame
    a, b = twin.oled("ssd1306", 0, "seat 1"), twin.oled("ssd1306", 1, "seat 2")
    sent: list = []         # the bus's own record of each transfer (a thread's wake-up after it is the host's)
    twin.bus.listeners.append(sent.append)
    go = threading.Barrier(2)

    def send(dev):
        go.wait()
        dev.display(BLACK)

    t0 = time.monotonic()
    threads = [threading.Thread(target=send, args=(d,)) for d in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert time.monotonic() - t0 >= 0.046           # the second frame queued behind the first
    frames = sorted({(t.who, t.start, t.end) for t in sent if t.nbytes > 100}, key=lambda f: f[1])
    seat_1 = [f for f in frames if f[0] == "seat 1"]
    seat_2 = [f for f in frames if f[0] == "seat 2"]
    assert seat_1 and seat_2
    first, second = sorted((seat_1[-1], seat_2[-1]), key=lambda f: f[1])
    assert second[1] >= first[2] - 1e-9            # never both on the wire: one waited for the other
    assert second[2] - first[1] >= 0.040           # two ~23 ms frames one after the other


def test_the_mux_switch_is_charged_only_when_the_channel_changes():
    p = load_profile("pi4")
    bus = I2cBus(p, FrozenClock())
    assert bus.transfer(10, "x", channel=0).nbytes == 10 + p.mux_switch_bytes
    assert bus.transfer(10, "x", channel=0).nbytes == 10
    assert bus.transfer(10, "y", channel=3).nbytes == 10 + p.mux_switch_bytes


def test_the_expanders_read_queues_behind_an_oled_frame():
    from hardware.expander import SimMcp23017
    twin = Twin(load_profile("pi4"), FrozenClock())
    oled = twin.oled("ssd1306", 0, "seat 1")
    chip = twin.expander(SimMcp23017())
    chip.set_contact(3, True)
    oled.display(BLACK)
    frame_end = twin.bus.free_at
    got = []
    twin.bus.listeners.append(got.append)
    assert chip.read() & (1 << 3) == 0          # pin 3 closed = pulled low
    assert got[-1].start == pytest.approx(frame_end)
    assert got[-1].end - got[-1].start == pytest.approx(5 * 9 / 400_000)


def test_a_profile_with_a_bad_key_is_refused_naming_the_key_and_the_fix():
    import tomllib
    data = tomllib.loads((load_profile.__globals__["PROFILE_DIR"] / "pi4.toml").read_text())
    data["i2c"]["clok_hz"] = data["i2c"].pop("clock_hz")
    with pytest.raises(TwinProfileError, match=r"i2c\.clok_hz.*fix the name or remove it"):
        parse_profile(data, "mine")
    data["i2c"]["clock_hz"] = data["i2c"].pop("clok_hz")
    data["cpu"]["factor"] = 0.5
    with pytest.raises(TwinProfileError, match=r"cpu\.factor = 0\.5 must be >= 1"):
        parse_profile(data, "mine")
    del data["fsync"]
    data["cpu"]["factor"] = 2.0
    with pytest.raises(TwinProfileError, match=r"missing table \[fsync\]"):
        parse_profile(data, "mine")


def test_an_unknown_profile_name_lists_the_shipped_ones(tmp_path):
    with pytest.raises(TwinProfileError, match="instant, pi4, pi5"):
        load_profile("pi3")
    bad = tmp_path / "mine.toml"
    bad.write_text("[cpu\nfactor = 2")
    with pytest.raises(TwinProfileError, match="not valid TOML"):
        load_profile(bad)


def test_instant_costs_nothing(tmp_path):
    twin = Twin(load_profile("instant"), VirtualClock())
    assert twin.instant
    oled = twin.oled("ssd1306", 0, "seat 1")
    oled.display(BLACK)
    fd = os.open(tmp_path / "j", os.O_WRONLY | os.O_CREAT)
    try:
        twin.fsync(fd)
    finally:
        os.close(fd)
    cam = twin.camera()
    cam.next_frame()
    assert twin.clock.now() == 0.0 and twin.bus.busy_s == 0.0
    f = lambda x: x + 1  # noqa: E731
    assert twin.stretch(f) is f
    assert not Twin(load_profile("pi4")).instant


def test_camera_frames_come_at_the_fps_after_the_capture_latency():
    twin = Twin(load_profile("pi4"), VirtualClock())
    cam = twin.camera()
    t1 = cam.next_frame()
    assert t1 == 0 and twin.clock.now() == pytest.approx(0.060)
    t2 = cam.next_frame()
    assert t2 == pytest.approx(1e6 / 30, abs=1) and twin.clock.now() == pytest.approx(1 / 30 + 0.060)
    twin.clock.sleep_until(1.0)                     # a slow reader gets the newest frame, not a backlog
    t3 = cam.next_frame()
    assert 0.9e6 < t3 <= 1e6 - 60_000 + 1e6 / 30


def test_the_camera_stalls_now_and_then_and_a_long_stall_times_out():
    p = dataclasses.replace(load_profile("pi4"), stall_every_s=2.0, stall_s=(3.0, 3.0))
    twin = Twin(p, VirtualClock(), seed=4)
    cam = twin.camera(read_timeout_s=1.0)
    gaps, failures, last = [], 0, None
    while twin.clock.now() < 30.0:
        try:
            t = cam.next_frame()
        except TimeoutError as exc:
            assert "stalled" in str(exc)
            failures += 1
            continue
        if last is not None:
            gaps.append(t - last)
        last = t
    assert failures >= 3 and cam.stalls >= 3
    assert max(gaps) >= 3_000_000 and statistics.median(gaps) == pytest.approx(1e6 / 30, abs=2)


def test_fsync_delays_are_drawn_from_a_seeded_rng(tmp_path):
    p = load_profile("pi4")
    a = [Twin(p, VirtualClock(), seed=7).fsync_delay_s() for _ in range(1)]
    twin_a, twin_b = Twin(p, VirtualClock(), seed=7), Twin(p, VirtualClock(), seed=7)
    da = [twin_a.fsync_delay_s() for _ in range(3000)]
    assert da == [twin_b.fsync_delay_s() for _ in range(3000)] and a[0] == da[0]
    spikes = [d for d in da if d >= p.spike_ms[0] / 1000]
    assert 10 <= len(spikes) <= 60                   # about one in spike_every (100)
    assert all(d <= p.spike_ms[1] / 1000 for d in spikes)
    assert 0.003 < statistics.median(da) < 0.008     # typical: a few ms
    fd = os.open(tmp_path / "j", os.O_WRONLY | os.O_CREAT)
    try:
        t0 = twin_a.clock.now()
        twin_a.fsync(fd)
    finally:
        os.close(fd)
    assert twin_a.clock.now() - t0 == pytest.approx(twin_a.fsync_waits[-1])


def test_cpu_work_is_stretched_by_the_profiles_factor():
    p = dataclasses.replace(load_profile("pi4"), cpu_factor=3.0)
    twin = Twin(p, VirtualClock())

    def work():
        _burn_cpu(0.02)
        return "done"

    assert twin.stretch(work)() == "done"
    assert 0.039 <= twin.clock.now() < 0.08          # 2 x the CPU time slept on top


def test_a_stretched_call_inside_another_is_stretched_once():
    p = dataclasses.replace(load_profile("pi4"), cpu_factor=3.0)
    twin = Twin(p, VirtualClock())

    def work():
        _burn_cpu(0.02)

    inner = twin.stretch(work)
    outer = twin.stretch(lambda: (inner(), inner()))
    outer()
    assert 0.079 <= twin.clock.now() < 0.14          # 2 x 40 ms of CPU, not 2 x (2 x 20) + 2 x 40


def _burn_cpu(seconds: float) -> int:
    """Spend ``seconds`` of this thread's CPU time (a part's work); returns
    the sum it computed so the loop is not empty."""
    start, total = time.thread_time(), 0
    while time.thread_time() - start < seconds:
        total += sum(range(64))
    return total


def test_work_done_in_place_of_a_part_is_not_stretched_inside_a_stretched_call():
    """Issue 36: the simulated camera composing its frame (this machine's
    work in place of the camera's) was charged x 4.5 as the Pi's CPU
    inside the pass: ~60-90 ms a frame on the pi4 twin."""
    p = dataclasses.replace(load_profile("pi4"), cpu_factor=3.0)
    twin = Twin(p, VirtualClock())

    def work():
        _burn_cpu(0.02)

    camera = twin.exempt(work)
    twin.stretch(lambda: (work(), camera(), camera()))()
    assert 0.039 <= twin.clock.now() < 0.07          # 2 x 20 ms for the pass's own work, none for the camera's
    camera()                                         # outside a stretched call: nothing to take off
    assert twin.clock.now() < 0.07


def test_the_work_before_a_part_is_paid_before_the_part_runs():
    """Issue 36: the pass's stretch was slept at the end of the pass, after
    ``present()`` flipped the frame, so the twin showed a frame before the
    Pi 4 could have painted it (input->HDMI without the paint's x 4.5).
    The stretch of the work done before an exempt part is paid before it."""
    p = dataclasses.replace(load_profile("pi4"), cpu_factor=3.0)
    twin = Twin(p, VirtualClock())
    shown = []

    def work():
        _burn_cpu(0.02)

    flip = twin.exempt(lambda: shown.append(twin.clock.now()))
    twin.stretch(lambda: (work(), flip(), work()))()
    assert 0.039 <= shown[0] < 0.07                  # 2 x 20 ms paid before the flip
    assert 0.079 <= twin.clock.now() < 0.14          # and the whole pass paid once, 2 x 40 ms


def test_the_newest_frame_is_taken_without_waiting_and_a_stall_times_out():
    """Issue 36, step 2: the loop takes the newest frame handed over (as a
    real camera's read answers "no fresh frame" at once), never waits for
    the next; a stall longer than the read timeout is "camera not ready"."""
    p = dataclasses.replace(load_profile("pi4"), stall_every_s=0.0)
    twin = Twin(p, VirtualClock())
    cam = twin.camera()
    assert cam.newest_frame() is None and twin.clock.now() == 0.0     # the first frame is not out yet
    twin.clock.sleep_until(0.5)
    t = cam.newest_frame()
    assert twin.clock.now() == 0.5 and t == pytest.approx(13e6 / 30, abs=1)   # 0.5 - 0.06 s: frame 13
    assert cam.newest_frame() is None                                   # nothing newer yet
    twin.clock.sleep_until(0.5 + 1 / 30)
    assert cam.newest_frame() == pytest.approx(14e6 / 30, abs=1)
    p = dataclasses.replace(load_profile("pi4"), stall_every_s=2.0, stall_s=(3.0, 3.0))
    twin = Twin(p, VirtualClock(), seed=4)
    cam = twin.camera(read_timeout_s=1.0)
    failures, frames = 0, 0
    while twin.clock.now() < 30.0:
        twin.clock.sleep_until(twin.clock.now() + 0.05)
        try:
            frames += cam.newest_frame() is not None
        except TimeoutError as exc:
            assert "stalled" in str(exc)
            failures += 1
    assert failures >= 3 and cam.stalls >= 3 and frames > 100


def test_what_is_handed_on_after_the_flip_leaves_when_the_pi_has_built_it():
    """Issue 36: the seats' OLED frames are built after the HDMI's flip; the
    twin pays their build's stretch after the flip and before they go to
    their writer (:meth:`Twin.paid_first`), not at the end of the pass."""
    p = dataclasses.replace(load_profile("pi4"), cpu_factor=3.0)
    twin = Twin(p, VirtualClock())
    at = {}

    def work():
        _burn_cpu(0.02)

    flip = twin.exempt(lambda: at.setdefault("flip", twin.clock.now()))
    send = twin.paid_first(lambda: at.setdefault("send", twin.clock.now()))
    twin.stretch(lambda: (work(), flip(), work(), send()))()
    assert 0.039 <= at["flip"] < 0.07                 # the scene and the paint: 2 x 20 ms before the flip
    assert 0.079 <= at["send"] < 0.14                 # the frames' 2 x 20 ms after it, before they leave
    assert at["send"] <= twin.clock.now() < 0.15      # nothing more owed at the end
