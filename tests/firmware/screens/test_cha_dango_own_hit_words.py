"""Cha dango: the reminder under a match nobody served when another was
(issue 34, play-test after PT15: "Each match needs its own hit, the
winner's 0.8 s on" was cryptic to a family).  Ruling CD-12 (book 2A): each
matching customer is served by a hit of its own; a seat that served one
may hit the next once it has placed its card (the placing delay, 0.8 s).
The line says what to do in plain words, and it fits where it is drawn."""
from __future__ import annotations

from test_cha_dango_helpers import T0, slap

from firmware.screens import cha_dango as cd_screen

from test_cha_dango_late_hits import CAT1, _texts, _two_cats


def _rule_line(lines):
    told = [t.replace("\u00a0", " ") for t in lines if "0.8" in t]
    assert len(told) == 1, lines
    return told[0]


def test_cd12_the_own_hit_reminder_says_plainly_what_to_do():
    g = _two_cats()
    slap(g, 1, T0 + 899_000, CAT1)      # seat 2 serves one cat; nobody hits the other
    rule = _rule_line(cd_screen.result_lines(g.view(None), _texts(g)))
    low = rule.lower()
    assert "winner's 0.8 s on" not in low and "needs its own hit" not in low, rule
    assert low.startswith("hit each match"), f"what to do comes first: {rule}"
    assert "after a win" in low and "wait 0.8 s" in low, f"when the winner may hit again: {rule}"
    assert len(rule) <= 56, f"no longer than the line it replaces (the panel's room): {rule}"


def test_cd12_the_own_hit_reminder_shows_whole_on_the_big_hdmi():
    """Drawn in the result panel at 1920x1080, whole (never cut, never
    dropped); at 800x480 it is last by design and may give way."""
    from firmware.runtime.controls import SeatControls
    from firmware.screens.draw import default_measure, hdmi_screen
    g = _two_cats()
    slap(g, 1, T0 + 899_000, CAT1)
    events = _texts(g)
    rule = _rule_line(cd_screen.result_lines(g.view(None), events))
    ctx = {"last_events": events, "banner": "next 5", "controls": [SeatControls(s) for s in range(3)]}
    scene = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure())
    shown = " ".join(scene.texts()).replace("\u00a0", " ")
    assert rule in shown or " ".join(rule.split()) in " ".join(shown.split()), (rule, scene.dropped)
    assert not [t for _, t in scene.dropped if "0.8" in t], scene.dropped
