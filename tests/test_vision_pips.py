"""Reading dice from their pips alone (vision/pipread.py): the grid fit,
the empty-cell and six-ghost checks that keep it from guessing (CAB-5:
a wrong value is worse than unreadable), and the 1 read from a lone pip."""
import pytest

from vision.pipread import grid_check, pip_dots, pip_response, read_one_at, read_pips_at
from vision.reader import read_dice
from vision.synth import DieSpec, render_frame

SIDE = 44


def _scene(value, colour="red", angle=20, side=SIDE):
    frame = render_frame((160, 160), [DieSpec(value, colour, (80, 80), angle, side)], seed=value)
    return frame, pip_dots(frame, side), pip_response(frame, side)


@pytest.mark.parametrize("value", [3, 4, 5, 6])
@pytest.mark.parametrize("colour", ["red", "white", "black"])
def test_cab5_pips_alone_read_every_face(value, colour):
    """A clear face of 3..6 is read from its dots alone, with a confidence
    of at least 0.5."""
    _, dots, resp = _scene(value, colour)
    got = read_pips_at(dots, 80, 80, SIDE, resp)
    assert got is not None and got[0] == value, got
    assert 0.5 <= got[4] <= 1.0
    assert abs(got[2] - 80) < 4 and abs(got[3] - 80) < 4


def test_cab5_six_missing_a_column_is_never_read_as_three():
    """CAB-5: when the dot detector sees only one column of a six, the
    three dots fit a diagonal 3; the six-ghost check (the other column's
    middle pip) refuses the reading instead of guessing."""
    _, dots, resp = _scene(6, "white", angle=0)
    assert len(dots) == 6
    xs = sorted({round(d[0]) for d in dots})
    column = [d for d in dots if abs(d[0] - xs[0]) < 3]
    assert len(column) == 3
    got = read_pips_at(column, 80, 80, SIDE, resp)
    assert got is None or got[0] == 6


def test_cab5_five_missing_its_centre_is_not_read_as_four():
    """CAB-5: a five whose centre dot the detector missed fits a 4; the
    empty-cell check sees the pip response at the grid centre and refuses."""
    _, dots, resp = _scene(5, "red")
    corners = [d for d in dots if (d[0] - 80) ** 2 + (d[1] - 80) ** 2 > 25]
    assert len(corners) == 4
    assert read_pips_at(corners, 80, 80, SIDE, resp) is None
    assert not grid_check(resp, [(d[0], d[1]) for d in corners], corners[0][3])


def test_one_is_read_from_its_lone_pip_but_not_from_half_a_two():
    """A 1 is read from a lone dot at the die's centre; one pip of a 2 (its
    other pip ~0.5 die sides away) is not a 1."""
    _, dots, resp = _scene(1, "blue")
    got = read_one_at(dots, 80, 80, SIDE, resp)
    assert got is not None and got[0] == 1 and got[4] >= 0.5
    _, dots2, resp2 = _scene(2, "blue")
    assert len(dots2) == 2
    for d in dots2:
        assert read_one_at(dots2, d[0], d[1], SIDE, resp2) is None


def test_no_dots_no_reading():
    """An empty table gives no pips-only reading (the reader never invents
    a die from nothing)."""
    frame = render_frame((160, 160), [], seed=1)
    resp = pip_response(frame, SIDE)
    dots = pip_dots(frame, SIDE)
    assert read_pips_at(dots, 80, 80, SIDE, resp) is None
    assert read_one_at(dots, 80, 80, SIDE, resp) is None


def test_touching_dice_read_from_their_pips():
    """Dice pressed together (one foreground blob) are each read: the pips'
    fixed geometry separates them where the outline cannot."""
    specs = [DieSpec(v, "green", (100 + 41 * i, 100), 0, 40) for i, v in enumerate([5, 3, 6, 4])]
    specs.append(DieSpec(2, "green", (300, 220), 30, 40))  # an isolated die gives the frame's die size
    frame = render_frame((420, 300), specs, seed=7)
    dice = read_dice(frame)
    for s in specs:
        near = [d for d in dice if abs(d.center[0] - s.center[0]) < 12 and abs(d.center[1] - s.center[1]) < 12]
        assert near and near[0].value in (s.value, None), (s, near)
    assert sum(1 for s in specs for d in dice if d.value == s.value
               and abs(d.center[0] - s.center[0]) < 12 and abs(d.center[1] - s.center[1]) < 12) >= 4


def test_lazy_pip_response_matches_the_whole_frame_filter():
    """PipResponse (evaluated only at the points asked for) gives the same
    difference of Gaussians as pip_response, borders included."""
    import numpy as np

    from vision.pipread import PipResponse
    frame = render_frame((200, 150), [DieSpec(5, "red", (60, 70), 20, SIDE), DieSpec(3, "blue", (150, 80), 50, SIDE)],
                         seed=3)
    rng = np.random.default_rng(0)
    ys = np.concatenate([[0, 149, 0, 149], rng.integers(0, 150, 300)])
    xs = np.concatenate([[0, 0, 199, 199], rng.integers(0, 200, 300)])
    for red in (False, True):
        full, lazy = pip_response(frame, SIDE, red=red), PipResponse(frame, SIDE, red=red)
        assert lazy.shape == full.shape
        assert np.abs(lazy[ys, xs] - full[ys, xs]).max() < 1e-3
        assert abs(lazy[int(ys[7]), int(xs[7])] - float(full[ys[7], xs[7]])) < 1e-3


def test_grid_fit_shortcut_refuses_nothing_the_full_fit_accepts():
    """The fit's quick refusal (outer pips' distances from the centre) is
    only a necessary test: noisy faces of 2..6 get the same fit with and
    without it."""
    import math
    import random

    from vision import layout
    grids = {n: sorted(next(iter(layout.LAYOUTS[n]))) for n in range(2, 7)}
    rng = random.Random(2)
    saved = layout._RADIUS_RATIO2
    try:
        for _ in range(3000):
            n = rng.choice(range(2, 7))
            a, th, sd = rng.uniform(3, 20), rng.uniform(0, 6.3), rng.uniform(0, 0.25)
            pts = tuple((100 + a * (math.cos(th) * u - math.sin(th) * v) + rng.gauss(0, sd * a),
                         100 + a * (math.sin(th) * u + math.cos(th) * v) + rng.gauss(0, sd * a)) for u, v in grids[n])
            layout._RADIUS_RATIO2 = saved
            quick = layout._fit.__wrapped__(pts)
            layout._RADIUS_RATIO2 = {k: float("inf") for k in saved}
            assert layout._fit.__wrapped__(pts) == quick
    finally:
        layout._RADIUS_RATIO2 = saved
