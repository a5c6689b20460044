"""Cha dango: a race held by a pause goes on as a new look (ruling CAB-15,
PT31 items 1-2): the early-press grace (CAB-7) counts from the restart for
every seat, and its words say the race went on, never "after revealing"."""
from __future__ import annotations

from test_cha_dango_helpers import T0, lift, slap, table, types
from test_cha_dango_rules import two_match_table

GRACE = 200_000


def _held(g, paused_at: int, going_on: int) -> None:
    g.apply({"type": "restart_race", "t_us": going_on, "buttons_down": [], "cups_up": [],
             "paused_at_us": paused_at})


def test_cab15_a_press_in_the_grace_after_a_paused_race_goes_on_counts_for_nobody():
    """c14: seat 1 (the revealer) lifted its cup 108 ms after the 3-2-1:
    refused as "too soon after your reveal".  A press that soon after the
    restart is too soon for any seat, in the restart's words."""
    g, a, b = two_match_table(reveal_grace_us=GRACE, restart_grace=True)
    _held(g, T0 + 900_000, T0 + 20_000_000)
    go = T0 + 20_000_000
    events = lift(g, 0, go + 108_000)
    assert types(events)[:1] == ["press_too_soon"], events
    assert g.race["answers"][0] is None
    words = events[0]["text"]
    assert "reveal" not in words and "went on" in words, words
    assert events[0].get("after_restart") is True
    events = slap(g, 1, go + 150_000, a)
    assert types(events)[:1] == ["press_too_soon"] and g.race["answers"][1] is None
    assert "went on" in events[0]["text"]


def test_cab15_after_the_grace_a_press_counts_with_its_time_from_the_order():
    """Past the grace after the restart a hit counts; its time after the
    order leaves out the paused span (CAB-8 stands)."""
    g, a, b = two_match_table(reveal_grace_us=GRACE, restart_grace=True)
    _held(g, T0 + 900_000, T0 + 20_000_000)
    go = T0 + 20_000_000
    slap(g, 1, go + 300_000, a)
    assert g.race["answers"][1] is not None
    assert g.race["answers"][1][1] - g.race["open_us"] == 900_000 + 300_000


def test_cab15_without_the_grace_option_a_paused_race_goes_on_as_recorded_before():
    """A game recorded before this ruling (no ``restart_grace``: the
    engine's default is off, the cabinet turns it on for every new game)
    replays as it was: the grace counts from the order only."""
    g, a, b = two_match_table(reveal_grace_us=GRACE)
    _held(g, T0 + 900_000, T0 + 20_000_000)
    slap(g, 1, T0 + 20_000_000 + 100_000, a)
    assert g.race["answers"][1] is not None
