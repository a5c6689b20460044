"""Cha dango in the window: a press just after a race whose matching
customers were all served is "too late: Seat N was first", counted from
the last serve (ruling CD-12; PT44, a fresh play-tester: after a race of
three tanuki served by 4097 ms a press at ~4.8 s got "next order in 7 s",
one at ~7.1 s "too late: time was up" though that race never timed out;
a fox order of two served by 4186 ms, a press at 7.26 s "1264 ms after the
time-out")."""
from __future__ import annotations

from test_cha_dango_helpers import aim_at, oled_words, table_view
from test_cha_dango_second_match import race_of_two_matches


def _serve_both(t, who, first, second, first_at_us: int, gap_us: int) -> int:
    """``who`` serves ``first`` about ``first_at_us`` after the order and
    ``second`` about ``gap_us`` later; returns the second serve's stamp."""
    rt = t.session.runtime
    open_us = table_view(t)["race"]["open_us"]
    aim_at(t, who, first)
    t.run_until(lambda t: rt.now_us >= open_us + first_at_us, max_passes=400, ms=20)
    t.press(who, "button")
    aim_at(t, who, second)
    t.run_until(lambda t: rt.now_us >= open_us + first_at_us + gap_us, max_passes=400, ms=20)
    t.press(who, "button")
    t.run_until(lambda t: table_view(t)["phase"] != "race", max_passes=400, ms=20)
    won = table_view(t)["last_race"]["won"]
    assert [w["card"] for w in won] == [first, second], won
    return won[-1]["t_us"]


def _late_press(t, seat, last_serve_us: int, after_us: int) -> str:
    rt = t.session.runtime
    t.run_until(lambda t: rt.now_us >= last_serve_us + after_us, max_passes=400, ms=20)
    t.press(seat, "button", hold_passes=1)
    t.step(2, ms=30)
    return oled_words(t, seat)


def _late_after_two(table, tmp_path, first_at_us: int, gap_us: int, after_us: int):
    """A race of two matches served by the winner ``first_at_us`` and
    ``gap_us`` apart, and the other seat's press ``after_us`` after the last
    serve: (table, winner, other seat, its OLED's words), which say it was
    too late and who was first."""
    t, g, who, (first, second) = race_of_two_matches(table, tmp_path)
    other = 1 - who
    last = _serve_both(t, who, first, second, first_at_us=first_at_us, gap_us=gap_us)
    said = _late_press(t, other, last, after_us)
    assert "too late" in said and f"Seat {who + 1} was first" in said, said
    return t, who, other, said


def test_cd12_a_press_soon_after_the_last_of_two_serves_is_too_late(table, tmp_path):
    """shot85, shot95: the press came 0.7 s after the last serve but over
    2 s after the first, and read "next order in 7 s"."""
    t, who, other, said = _late_after_two(table, tmp_path, 500_000, 2_200_000, 600_000)
    assert "next order" not in said, said


def test_cd12_a_press_past_6_s_after_a_race_decided_before_is_no_time_out(table, tmp_path):
    """shot59, shot61, shot88: the race was decided before its time-out;
    a press past the 6 s mark, soon after the last serve, read "too late:
    time was up" and "Seat 1: 1264 ms after the time-out"."""
    t, who, other, said = _late_after_two(table, tmp_path, 3_500_000, 1_700_000, 1_100_000)
    assert "time was up" not in said, said
    shown = " ".join(t.scene().texts()).replace("\u00a0", " ")
    assert "time-out" not in shown, shown
    assert f"Seat {other + 1}:" in shown and f"after Seat {who + 1}" in shown, shown
