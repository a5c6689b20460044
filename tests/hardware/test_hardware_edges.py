"""Edges, debounce and ranking on the mock backend with scripted timelines
(issue "Hardware layer", Done-when list; rulings CAB-2, CAB-3, CAB-4)."""
from __future__ import annotations

import pytest

from firmware.runtime.config import validate
from hardware.cabinet import build_cabinet
from hardware.debounce import DebounceBank, Debouncer, InputEvent, debounce, rank_presses
from hardware.edges import Edge, EdgeSource, TickClock, drain, pigpio_ticks_diff, PIGPIO_WRAP_US
from hardware.mock import ScriptedMockFactory, Timeline

WINDOW = 10_000  # us, the default gpio.debounce_us


@pytest.fixture
def cab():
    c = build_cabinet(validate({}), model=None, with_camera=False, with_audio=False)
    yield c
    c.close()


def run_script(cab, script, until_us=None):
    """Play a script through the mock pins and debounce what comes out."""
    tl = Timeline(cab.factory, cab.pin_map, script)
    bank = cab.debouncer()
    tl.run()
    events = [ev for e in drain(cab.queue) for ev in bank.feed(e)]
    events += bank.poll(until_us if until_us is not None else cab.factory.now_us + WINDOW)
    return events


def presses(events, name="button"):
    return [(e.seat, e.t_us) for e in events if e.kind == "press" and e.input == name]


# --- edges from the mock backend ---------------------------------------------------------------

def test_cab3_edges_carry_seat_input_level_and_exact_us(cab):
    cab.drive(2, "button", True, 5_000)
    cab.drive(2, "button", False, 60_000)
    assert drain(cab.queue) == [Edge(2, "button", 1, 5_000), Edge(2, "button", 0, 60_000)]


def test_cab3_two_seats_3us_apart_rank_in_order(cab):
    events = run_script(cab, [(1_000_003, 1, "button", True), (1_000_000, 3, "button", True)])
    groups = rank_presses(events, cab.edges.resolution_us)
    assert [[e.seat for e in g] for g in groups] == [[3], [1]]
    assert [g[0].t_us for g in groups] == [1_000_000, 1_000_003]


def test_cab4_presses_closer_than_the_resolution_are_a_tie():
    events = [InputEvent(0, "button", "press", 100), InputEvent(1, "button", "press", 103),
              InputEvent(2, "button", "press", 110)]
    assert [[e.seat for e in g] for g in rank_presses(events, 5)] == [[0, 1], [2]]
    assert [[e.seat for e in g] for g in rank_presses(events, 1)] == [[0], [1], [2]]


def test_cab2_cup_already_lifted_at_start_reads_lifted():
    c = build_cabinet(validate({}), model=None, with_camera=False, with_audio=False, sim_cups_down=False)
    try:
        assert c.edges.level(0, "cup") == 0
        bank = c.debouncer()
        assert bank.level(0, "cup") == 0
        # putting it down is a "press" of the cup contact; lifting again a release
        c.drive(0, "cup", True, 1_000)
        c.drive(0, "cup", False, 500_000)
        evs = [ev for e in drain(c.queue) for ev in bank.feed(e)]
        assert [(e.kind, e.t_us) for e in evs] == [("press", 1_000), ("release", 500_000)]
    finally:
        c.close()


def test_cab2_cups_on_their_coasters_read_down_in_simulation(cab):
    assert all(cab.edges.level(s, "cup") == 1 for s in range(6))
    f = ScriptedMockFactory()
    f.set_contact(6, True)   # cup down before the source starts watching
    es = EdgeSource(f, "mock")
    es.add_input(1, "cup", 6)
    assert es.levels() == {(1, "cup"): 1}


def test_drive_refuses_time_going_back(cab):
    cab.drive(0, "button", True, 10_000)
    with pytest.raises(ValueError, match="cannot go back"):
        cab.drive(0, "button", False, 9_000)


def test_drive_names_a_missing_input(cab):
    with pytest.raises(KeyError, match="seat 5 has no nav_push wired"):
        cab.drive(4, "nav_push", True, 1)


def test_encoder_detents_arrive_as_encoder_records():
    cfg = validate({"seats": [{"button": 4, "cup": 17, "nav_a": 27, "nav_b": 22, "nav_push": 23,
                               "nav_kind": "encoder"}]})
    c = build_cabinet(cfg, model=None, with_camera=False, with_audio=False)
    try:
        c.rotate(0, 2, 1_000)
        c.rotate(0, -1, 50_000)
        edges = drain(c.queue)
        assert [(e.input, e.level) for e in edges] == [("encoder", 1), ("encoder", 1), ("encoder", -1)]
        bank = DebounceBank(WINDOW)
        assert [bank.feed(e)[0].kind for e in edges] == ["clockwise", "clockwise", "counter_clockwise"]
        c.drive(0, "nav_push", True, 100_000)
        assert drain(c.queue) == [Edge(0, "nav_push", 1, 100_000)]
    finally:
        c.close()


# --- tick conversion -----------------------------------------------------------------------------

def test_cab3_pigpio_tick_wraps_4294967290_then_5_is_11us_later():
    clock = TickClock(pigpio_ticks_diff, 4294967000, PIGPIO_WRAP_US)
    t1 = clock.convert(4294967290)
    t2 = clock.convert(5)
    assert t1 == 290 and t2 - t1 == 11


def test_cab3_a_late_pigpio_callback_is_in_the_past_not_71_minutes_on():
    clock = TickClock(pigpio_ticks_diff, 100, PIGPIO_WRAP_US)
    assert clock.convert(1_100) == 1_000
    assert clock.convert(1_097) == 997          # delivered after the 1_100 edge
    assert clock.convert(1_200) == 1_100
    # wrapping again after a long but regular run (ticks seen every ~20 min)
    t, tick = 1_100, 1_200
    for _ in range(10):
        tick = (tick + 1_200_000_000) % PIGPIO_WRAP_US
        t += 1_200_000_000
        assert clock.convert(tick) == t


# --- debounce (pure) ------------------------------------------------------------------------------

def test_bouncy_switch_gives_one_press_stamped_at_the_first_edge():
    """Edges at 0, 0.4, 0.9, 1.5, 2.2 ms then steady -> one press at 0."""
    edges = [(0, 1), (400, 0), (900, 1), (1_500, 0), (2_200, 1)]
    assert debounce(edges, WINDOW) == [InputEvent(0, "button", "press", 0)]


def test_bouncy_switch_through_the_mock_pins(cab):
    script = [(t, 0, "button", closed) for t, closed in
              [(0, True), (400, False), (900, True), (1_500, False), (2_200, True)]]
    cab.factory.advance_to(0)
    events = run_script(cab, script, until_us=500_000)
    assert [(e.kind, e.t_us) for e in events] == [("press", 0)]


def test_20ms_press_then_another_2s_later_both_count(cab):
    tl_script = [(0, 0, "button", True), (20_000, 0, "button", False),
                 (2_020_000, 0, "button", True), (2_100_000, 0, "button", False)]
    events = run_script(cab, tl_script)
    assert presses(events) == [(0, 0), (0, 2_020_000)]
    assert [e.kind for e in events] == ["press", "release", "press", "release"]


def test_release_bounce_adds_no_press():
    edges = [(0, 1), (100_000, 0), (100_300, 1), (100_600, 0), (101_000, 1), (101_200, 0)]
    out = debounce(edges, WINDOW)
    assert [(e.kind, e.t_us) for e in out] == [("press", 0), ("release", 100_000)]


def test_short_press_does_not_hide_the_next_real_press():
    """gpiozero's software-debounce bug: a tap shorter than the window lost its
    release, so the next press looked like no change.  Here both count."""
    edges = [(0, 1), (3_000, 0), (12_000, 1), (50_000, 0)]
    out = debounce(edges, WINDOW)
    assert [(e.kind, e.t_us) for e in out] == [("press", 0), ("release", 3_000), ("press", 12_000),
                                               ("release", 50_000)]


def test_short_tap_release_is_reported_by_poll_when_the_window_ends():
    d = Debouncer(1, "button", WINDOW)
    assert d.feed(1, 0) == [InputEvent(1, "button", "press", 0)]
    assert d.feed(0, 3_000) == []
    assert d.deadline_us() == WINDOW
    assert d.poll(9_999) == []
    assert d.poll(10_000) == [InputEvent(1, "button", "release", 3_000)]
    assert d.deadline_us() is None


def test_debounce_rejects_bad_levels():
    with pytest.raises(ValueError, match="0 or 1"):
        Debouncer(0, "button", WINDOW).feed(2, 0)


def test_debounce_bank_orders_polled_events_by_time():
    bank = DebounceBank(WINDOW)
    bank.feed(Edge(0, "button", 1, 0))
    bank.feed(Edge(0, "button", 0, 5_000))
    bank.feed(Edge(1, "button", 1, 1_000))
    bank.feed(Edge(1, "button", 0, 2_000))
    assert bank.deadline_us() == WINDOW
    assert [(e.seat, e.t_us) for e in bank.poll(20_000)] == [(1, 2_000), (0, 5_000)]
