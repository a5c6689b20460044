"""Retrograde screens, issue 34's fresh play-tester: eight dice spilled
into the next seat's sheet on the HDMI; the blast plan counted "Plan 2 of
5" on the HDMI against "2/13" on the OLED; "plan 1: +1 pt" with "trophy 1"
beside it read like two trophies."""
from __future__ import annotations

import pytest

from engines import new_game
from engines.registry import is_available
from firmware.games import retrograde as rg
from firmware.screens import default_measure

needs_rg = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


@needs_rg
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
@pytest.mark.parametrize("dice", [7, 8, 9])
def test_a_seats_dice_stay_on_its_own_sheet(size, dice):
    g = new_game("retrograde", 4, 1)
    view = g.view(None)
    for seat in view["seats"]:
        seat["dice"] = [1 + k % 6 for k in range(dice)]
    scene = rg.screen(g, view, {}, size=size, measure=default_measure())
    groups = [n.rect for n in scene.nodes if n.kind == "group"]
    low = max(r.y for r in groups)
    sheets = sorted((r for r in groups if r.y == low), key=lambda r: r.x)
    assert len(sheets) == 4
    for p in range(4):
        dice_rects = [n.rect for n in scene.nodes if n.kind == "die" and str(n.key).startswith(f"die:{p}:")]
        assert len(dice_rects) == dice
        col = sheets[p]
        over = [r for r in dice_rects if r.right > col.right or r.x < col.x]
        assert not over, f"seat {p + 1}: die at x {over[0].x}..{over[0].right}, sheet ends at {col.right}"


@needs_rg
@pytest.mark.parametrize("dice", [7, 8])
def test_the_oled_shows_every_die_of_the_seat(dice):
    """A seat with a Cube Friend or two rolls 7 or 8 dice: its OLED showed
    the first 6."""
    from firmware.controls import SeatControls
    g = new_game("retrograde", 2, 1)
    view = g.view(0)
    view["seats"][0]["dice"] = [1 + k % 6 for k in range(dice)]
    frame = rg.oled_frame(g, 0, view, SeatControls(0), {})
    drawn = [box for name, box in frame.boxes if name.startswith("die ")]
    assert len(drawn) == dice
    assert all(0 <= b[0] and b[2] < frame.W for b in drawn)
    assert not frame.overlaps()
