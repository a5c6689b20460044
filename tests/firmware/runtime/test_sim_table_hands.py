"""The simulated table moves only the dice a hand moves (issue 40's game
figure): a Retrograde seat that keeps dice and rerolls the rest leaves the
kept dice lying where they were, and a nudge moves the unread die, not the
dice already read.  Before, every throw and every nudge drew the whole tray
anew (new photos, new places), so the reader met kept and read dice again
as if thrown, and the game nudged for dice no hand had touched."""
import math

import numpy as np
import pytest

from firmware.runtime.dice_table import SimTable
from vision.dataset import find_dice_data

DEV = find_dice_data("nell-byler-dev")


def _settle(table, key, t_us):
    """The tray's picture at rest, after ``t_us`` (the dice stopped)."""
    return table.cell_frame(key, t_us + 10_000_000, noise=False).copy()


def _pieces(table, key):
    return [(v, round(x, 3), round(y, 3)) for v, x, y in table.trays[key].placed]


@pytest.mark.parametrize("photos", [False, True], ids=["drawn dice", "photo crops"])
def test_kept_dice_lie_where_they_were_when_the_seat_rerolls_the_others(photos):
    if photos and DEV is None:
        pytest.skip("the shared dice photos are not here")
    table = SimTable(2, seed=3, dice_from=DEV if photos else None)
    first = table.roll(0, 6, 6, None, 0)
    _settle(table, 0, 0)
    before = _pieces(table, 0)
    table.clear(0)                       # the reading was taken: the tray is shown empty meanwhile
    kept = first[:2]
    table.roll(0, 6, 6, None, 20_000_000, keep=kept)
    _settle(table, 0, 20_000_000)
    after = _pieces(table, 0)
    assert len(after) == 6
    stay = list(before)
    for v in kept:                       # each kept die lies where it lay, as it lay
        match = [p for p in stay if p[0] == v and p in after]
        assert match, (v, before, after)
        stay.remove(match[0])


@pytest.mark.parametrize("photos", [False, True], ids=["drawn dice", "photo crops"])
def test_a_nudge_moves_the_unread_die_and_leaves_the_dice_read(photos):
    if photos and DEV is None:
        pytest.skip("the shared dice photos are not here")
    table = SimTable(2, seed=5, dice_from=DEV if photos else None)
    table.roll(0, 5, 6, None, 0)
    img = _settle(table, 0, 0)
    before = _pieces(table, 0)
    _, ux, uy = before[2]
    near = table.in_tray(0, (ux + 1.5, uy - 1.0))             # the reader's centre of the unread die
    table.nudge(0, 20_000_000, at=[near])
    img2 = _settle(table, 0, 20_000_000)
    after = _pieces(table, 0)
    assert len(after) == 5
    assert sorted(p[0] for p in after) == sorted(p[0] for p in before), "a nudge turns no die"
    moved = [p for p in before if p not in after]
    assert moved == [before[2]], (before, after)
    assert not np.array_equal(img, img2)
    assert all(math.dist(p[1:], (ux, uy)) > 1 for p in after if p[0] == before[2][0] and p not in before)


def test_a_nudge_without_places_moves_every_die():
    """A reading short of dice (one not seen at all) says nothing of
    where: the seat straightens them all, as before."""
    table = SimTable(2, seed=7)
    table.roll(0, 4, 6, None, 0)
    _settle(table, 0, 0)
    before = _pieces(table, 0)
    table.nudge(0, 20_000_000)
    _settle(table, 0, 20_000_000)
    assert not set(before) & set(_pieces(table, 0))
