"""Retrograde's HDMI while a seat's dice are read again (a fresh play-test:
"seat 1's row still shows the previous roll's dice at full size while the
OLED says 'reading your dice'"): a reroll asks the table for the seat's
dice again (``game.chance_requests()``); until they are read its row shows
blank dice being read with "rolling" over them, never the roll
before's pips as if they were current.  The other seats' rows are as
before."""
from __future__ import annotations

from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context

OLD = [1, 2, 3, 4, 5, 6]
OTHER = [6, 6, 5, 5, 4, 4]


def _both_rolled():
    """A 2-seat game in the roll phase, both seats' dice read."""
    g = new_game("retrograde", 2, 1)
    g.apply({"type": "dice", "player": 0, "values": list(OLD), "colour": None, "t_us": 1000})
    g.apply({"type": "dice", "player": 1, "values": list(OTHER), "colour": None, "t_us": 1000})
    return g


def _scene(g):
    controls = [SeatControls(0), SeatControls(1)]
    for c in controls:
        c.refresh(g)
    return hdmi_screen(g, context(g, [], controls), size=(1920, 1080), measure=default_measure())


def _row(scene, seat: int) -> list:
    """The dice drawn in ``seat``'s row (of two seats side by side, each
    half the screen): (value, state, dim) of each."""
    half = scene.width // 2
    return [(n.props.get("value"), n.props.get("state", "read"), bool(n.props.get("dim")))
            for n in scene.of_kind("die") if (n.rect.x >= half) == (seat == 1)]


def test_while_a_seats_dice_are_read_again_the_hdmi_does_not_show_the_roll_befores_dice_as_current():
    g = _both_rolled()
    before = _scene(g)
    assert _row(before, 0) == [(v, "read", False) for v in OLD]       # the case: its dice shown as read
    g.apply({"type": "reroll", "player": 0, "t_us": 2000})
    assert any(r["type"] == "dice" and r["player"] == 0 for r in g.chance_requests())
    scene = _scene(g)
    shown = _row(scene, 0)
    assert len(shown) == len(OLD), shown
    assert all(state != "read" or dim for _, state, dim in shown), \
        f"the roll before's dice {OLD} shown as current while seat 1's dice are read again: {shown}"
    assert "rolling" in scene.texts(), scene.texts()
    assert scene.facts["rolling"] == [0], scene.facts.get("rolling")
    # the other seat's row is as before: its dice read, its banner's words
    assert _row(scene, 1) == [(v, "read", False) for v in OTHER]
    assert scene.facts["doing"][1] == before.facts["doing"][1]


def test_once_the_new_dice_are_read_they_show_as_read():
    g = _both_rolled()
    g.apply({"type": "reroll", "player": 0, "t_us": 2000})
    g.apply({"type": "dice", "player": 0, "values": [3, 3, 3, 3, 3, 3], "colour": None, "t_us": 3000})
    scene = _scene(g)
    assert _row(scene, 0) == [(3, "read", False)] * 6
    assert "rolling" not in scene.facts
    assert "rolling" not in scene.texts()
