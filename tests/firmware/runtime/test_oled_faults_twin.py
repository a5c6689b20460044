"""Faults of the seats' OLEDs in a game on the twin, through the OLED
writer beside the loop (issue 36): seat 2's OLED stops answering partway
through a frame (OSError 121, as smbus2 raises), or the shared I2C bus
errs (OSError 5).  The screen says so in words, the game goes on without
the dark displays, nothing already played is lost (the journal replays to
the game's state), and the displays come back by themselves, showing
their newest frame, once the bus answers again.

(A full SD card while journaling and a dice reader that dies are covered
by ``test_fault_injection.py::test_disk_full_while_journaling_pauses_and_loses_nothing``,
``test_journal_beside.py`` and ``test_dice_beside.py``.)"""
from __future__ import annotations

import dataclasses
import time
import warnings

import pytest

from engines.registry import is_available
from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.runtime import journal as journal_mod
from hardware.cabinet import build_cabinet
from hardware.settings import effective_seats
from hardware.twin import Twin, VirtualClock, load_profile
from hardware.twin_i2c import WHOLE_BUS

RETRY_S = 0.01

#: the seat whose display stops answering (0-based: seat 2)
SEAT_2 = 1


def _twin() -> Twin:
    """The pi4 twin's bus and CPU on a virtual clock (nothing waits), its
    camera a frame whenever asked (the headless game reads the table)."""
    profile = dataclasses.replace(load_profile("pi4"), camera_fps=0.0, camera_latency_ms=0.0, stall_every_s=0.0)
    return Twin(profile, VirtualClock())


def _session(tmp_path, twin: Twin) -> Session:
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    cab = build_cabinet(cfg, model=None, with_camera=False, with_audio=False, oled_retry_s=RETRY_S, twin=twin)
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1, 2})
    s = Session.new(cfg, "cafe-junior", 3, 6, None, tmp_path / "g.jsonl", opts, model=None, cabinet=cab)
    s._owns_cabinet = True
    s.oled_writer.retry_s = RETRY_S
    return s


def _advance(rt, actions: int) -> None:
    end = rt.now_us + 600_000_000
    while rt.stats.actions < actions and rt.now_us < end and not rt.game.is_terminal():
        nxt = rt.next_event_us()
        rt.step(max(nxt if nxt is not None else rt.now_us + 50_000, rt.now_us + 1))


def _until(cond, timeout_s: float = 5.0) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end and not cond():
        time.sleep(0.005)
    return cond()


def _same(a, b) -> bool:
    return a is not None and a.convert("1").tobytes() == b.convert("1").tobytes()


@pytest.mark.skipif(not is_available("cafe-junior"), reason="Café International Junior not available")
@pytest.mark.parametrize("fault", ["seat 2's OLED mid-frame", "the shared bus"])
def test_a_dark_oled_is_told_the_game_goes_on_nothing_is_lost_and_it_comes_back(tmp_path, fault):
    twin = _twin()
    s = _session(tmp_path, twin)
    try:
        rt, w = s.runtime, s.oled_writer
        assert w.threaded and s.cabinet.seats[1].oled.device is not None
        notices: list[str] = []
        original = s.render

        def render(runtime=None):
            notices.append(s.context()["notice"])
            original(runtime)
        rt.on_change = render
        _advance(rt, 4)
        assert w.flush(5) and w.dark() == []
        if fault == "the shared bus":
            twin.bus.fail(WHOLE_BUS, after=3)      # a frame and a half, then every transfer errs
        else:
            twin.bus.fail(effective_seats(s.cfg)[SEAT_2]["oled"]["bus"], after=1)   # its command write goes, its data fails
        played = rt.stats.actions
        _advance(rt, played + 1)
        assert w.flush(5)
        _advance(rt, played + 8)                   # the game goes on without the dark displays
        assert w.flush(5)
        assert rt.stats.actions >= played + 8 or s.game.is_terminal()
        dark = w.dark()
        assert SEAT_2 in dark, dark                                  # seat 2's display is dark ...
        assert not s.cabinet.seats[SEAT_2].oled.online, "seat 2's OLED still said online"   # ... and known to be
        if fault != "the shared bus":
            assert dark == [SEAT_2], "another seat went dark with seat 2"
            assert _same(s.cabinet.seats[0].oled.shown(), s.oled_images[0]), "seat 1 stopped with seat 2"
            assert any("seat 2's display is not answering" in n for n in notices), set(notices)
        else:
            assert any("not answering" in n and "2" in n for n in notices), set(notices)
        twin.bus.heal(WHOLE_BUS if fault == "the shared bus" else effective_seats(s.cfg)[1]["oled"]["bus"])
        # no step, no new frame: the writer retries the dark displays by itself
        assert _until(lambda: not w.dark()), f"still dark: {w.dark()}"
        for seat in range(3):
            assert _same(s.cabinet.seats[seat].oled.shown(), s.oled_images[seat]), f"seat {seat + 1}'s newest frame"
        assert s.context()["notice"] == ""
        s.run()
        assert s.game.is_terminal()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            contents = journal_mod.read(tmp_path / "g.jsonl")
        assert len(contents.actions) == rt.stats.actions, "an action played was lost"
        _, _, replayed = journal_mod.resolve(tmp_path / "g.jsonl")
        assert replayed.to_json() == s.game.to_json()
    finally:
        s.close()


def test_a_press_read_through_the_erring_bus_arrives_when_the_bus_answers_again(tmp_path):
    """The MCP23017 of the navigation buttons shares the bus: a press made
    while the bus errs is not lost, it is read at the first good read."""
    from hardware.edges import drain
    twin = _twin()
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    cab = build_cabinet(cfg, model=None, with_camera=False, with_audio=False, twin=twin)
    try:
        drain(cab.queue)
        twin.bus.fail(WHOLE_BUS)
        t = cab.factory.now_us + 1000
        cab.drive(0, "nav_a", True, t)
        assert not [e for e in drain(cab.queue) if e.input == "nav_a"] and not cab.expander.online
        twin.bus.heal(WHOLE_BUS)
        cab.expander.poll(t + 5000)
        got = [(e.seat, e.input, e.level) for e in drain(cab.queue)]
        assert got == [(0, "nav_a", 1)] and cab.expander.online
    finally:
        cab.close()


@pytest.mark.skipif(not is_available("cafe-junior"), reason="Café International Junior not available")
def test_the_screen_says_when_the_navigation_buttons_do_not_answer(tmp_path):
    twin = _twin()
    s = _session(tmp_path, twin)
    try:
        assert s.context()["notice"] == ""
        twin.bus.fail(WHOLE_BUS)
        s.cabinet.drive(0, "nav_a", True, s.cabinet.factory.now_us + 1000)
        assert s.context()["notice"] == "the navigation buttons are not answering; presses wait for them"
        twin.bus.heal(WHOLE_BUS)
        s.cabinet.expander.poll()
        assert s.context()["notice"] == ""
    finally:
        s.close()
