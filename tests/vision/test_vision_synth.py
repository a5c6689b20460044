"""Dice reader on frames the tests draw themselves (vision.synth): every
value and colour, rotations, touching dice, glare, a side face in view,
small dice; and bad input (ruling CAB-5: never guess)."""
import random

import numpy as np
import pytest

from vision.die import COLOURS, VisionInputError
from vision.reader import DiceReader
from vision.synth import PALETTE, DieSpec, random_specs, render_frame

#: the reader as shipped
read_dice = DiceReader().read_dice


def _find(dice, center, tol=10):
    hits = [d for d in dice if abs(d.center[0] - center[0]) < tol and abs(d.center[1] - center[1]) < tol]
    return hits[0] if len(hits) == 1 else None


@pytest.mark.parametrize("colour", sorted(PALETTE))
def test_every_value_and_colour_rotated(colour):
    """Each value 1..6 of each body/pip colour, at six rotations, is read
    with the right value and colour name."""
    specs = [DieSpec(v, colour, (60 + 95 * (v - 1), 80), angle=13 * v, side=42) for v in range(1, 7)]
    specs += [DieSpec(v, colour, (60 + 95 * (v - 1), 200), angle=45 + 7 * v, side=36) for v in range(1, 7)]
    frame = render_frame((640, 280), specs, seed=len(colour))
    dice = read_dice(frame)
    assert len(dice) == len(specs)
    for s in specs:
        d = _find(dice, s.center)
        assert d is not None, s
        assert (d.value, d.colour) == (s.value, s.colour), s
        assert 0.5 <= d.confidence <= 1.0
        x0, y0, x1, y1 = d.box
        assert x0 <= s.center[0] <= x1 and y0 <= s.center[1] <= y1


def test_colour_names_are_the_reported_set():
    assert set(PALETTE) <= set(COLOURS)


def test_random_layouts_never_misread():
    """Random layouts: every die found; every value reported is right
    (an unreadable die is allowed, a wrong value is not)."""
    rng = random.Random(7)
    total = right = 0
    for k in range(6):
        specs = random_specs(rng, (640, 480), 8)
        dice = read_dice(render_frame((640, 480), specs, seed=k))
        for s in specs:
            d = _find(dice, s.center, tol=12)
            assert d is not None, s
            total += 1
            if d.value is not None:
                assert d.value == s.value, s
                right += 1
    assert right >= 0.9 * total


def test_touching_dice_are_both_read():
    """Two dice edge to edge (and a third at a corner) are three dice."""
    specs = [DieSpec(3, "red", (200, 200), 0, 40), DieSpec(5, "blue", (241, 200), 0, 40),
             DieSpec(6, "white", (241, 241), 0, 40)]
    dice = read_dice(render_frame((400, 400), specs))
    assert sorted(d.value for d in dice if d.value) == [3, 5, 6]


def test_glare_spot_does_not_add_a_pip():
    """A specular glare streak on the face is not a pip."""
    specs = [DieSpec(v, "red", (70 + 100 * (v - 1), 100), 20, 44, glare=True) for v in range(1, 7)]
    dice = read_dice(render_frame((640, 200), specs))
    for s in specs:
        d = _find(dice, s.center)
        assert d is not None and d.value in (s.value, None), (s, d)


def test_side_face_pips_are_not_counted():
    """A die seen off-axis shows a darker side face with foreshortened
    pips: only the top face counts."""
    specs = [DieSpec(v, c, (70 + 100 * (v - 1), 90 + 140 * i), 0, 44, side_face=0.35)
             for v in range(1, 7) for i, c in enumerate(["red", "white"])]
    dice = read_dice(render_frame((640, 400), specs))
    for s in specs:
        d = _find(dice, s.center, tol=14)
        assert d is not None and d.value in (s.value, None), (s, d)
    assert sum(d.value is not None for d in dice) >= 10


def test_solid_die_at_a_slant_shows_side_faces_toward_the_camera():
    """A die seen at a slant (``side_dir``) shows its side faces on the
    frame's side toward the camera whatever its turn, and the one's logo
    is a ring larger than a pip; the top face is unchanged."""
    for angle in (0, 25, 60):
        flat = render_frame((160, 160), [DieSpec(3, "white", (80, 70), angle, 44)], noise=0)
        slant = render_frame((160, 160), [DieSpec(3, "white", (80, 70), angle, 44, side_face=0.4,
                                                  side_dir=90)], noise=0)
        changed = np.abs(slant.astype(int) - flat).max(axis=2) > 30
        ys, xs = np.nonzero(changed)
        assert len(ys) > 100 and ys.mean() > 70 + 10, angle  # below the top face: toward the camera
        assert not changed[:55].any(), angle  # nothing drawn above the die
    one = render_frame((120, 120), [DieSpec(1, "red", (60, 60), 0, 44)], noise=0)
    logo = render_frame((120, 120), [DieSpec(1, "red", (60, 60), 0, 44, logo=True)], noise=0)
    pip_white = lambda im: int((im[:, :, 1] > 200).sum())  # noqa: E731
    assert pip_white(logo) > 1.5 * pip_white(one)


def test_drawn_die_of_any_colour_marbled_or_blurred():
    """A die of no palette colour (red pips on a smoky body) needs both
    colours; marbling changes only the body, defocus softens the die."""
    with pytest.raises(VisionInputError, match="body and pip"):
        render_frame((120, 120), [DieSpec(3, "smoky", (60, 60), 0, 44)])
    smoky = DieSpec(5, "other", (60, 60), 0, 44, body=(40, 35, 45), pip=(40, 40, 190))
    img = render_frame((120, 120), [smoky], noise=0)
    assert tuple(int(v) for v in img[60, 60]) == (40, 40, 190)  # the centre pip
    assert abs(int(img[60, 50, 2]) - 45) <= 3  # body between pips
    plain = render_frame((120, 120), [DieSpec(4, "blue", (60, 60), 0, 44)], noise=0)
    marbled = render_frame((120, 120), [DieSpec(4, "blue", (60, 60), 0, 44, marble=0.7)], noise=0)
    changed = np.abs(marbled.astype(int) - plain).max(axis=2) > 20
    assert changed[40:81, 40:81].mean() > 0.1  # the 44 px top face spans 38..82
    changed[36:87, 36:87] = False  # the die, its edge and its shadow
    assert not changed.any()  # the table is untouched
    blurred = render_frame((120, 120), [DieSpec(4, "blue", (60, 60), 0, 44, blur=1.2)], noise=0)
    grad = lambda im: np.abs(np.diff(im.astype(int), axis=1)).max()  # noqa: E731
    assert grad(blurred) < 0.6 * grad(plain)


def test_small_dice_30px():
    """Faces of about 30 px across are still read (five of six at least),
    and none is misread (one the detector is faint on and whose readings
    disagree may be dropped: a faint candidate with no clear face)."""
    specs = [DieSpec(v, "white", (50 + 60 * (v - 1), 60), 10 * v, 30) for v in range(1, 7)]
    dice = read_dice(render_frame((400, 120), specs))
    got = {d.value for d in dice if d.value}
    found = [(_find(dice, s.center), s.value) for s in specs]
    assert len(got) >= 5 and sum(d is not None for d, _ in found) >= 5
    assert all(d is None or d.value in (v, None) for d, v in found)


def test_large_frame_large_dice():
    """1280 x 960 frames with 70..130 px dice (4 sizes x 4 turns x 3
    colours x 6 values = 288 dice): the method is scale-free.  None is
    read wrong; at most 1 % are missed or unread (measured: 2 of 288, for
    the nets before and after issue #21's retraining alike)."""
    import itertools
    wrong = not_read = 0
    for side, ang, col in itertools.product((70, 90, 110, 130), (0, 20, 40, 60), ("green", "red", "white")):
        specs = [DieSpec(v, col, (150 + 180 * (v - 1), 400), ang + 7 * v, side) for v in range(1, 7)]
        dice = read_dice(render_frame((1280, 960), specs))
        for s in specs:
            d = _find(dice, s.center, tol=20)
            if d is None or d.value is None:
                not_read += 1
            else:
                wrong += d.value != s.value
    assert wrong == 0 and not_read <= 3, (wrong, not_read)


@pytest.mark.parametrize("frame", [
    np.zeros((480, 640, 3), np.uint8),
    np.full((480, 640, 3), 255, np.uint8),
    np.full((480, 640, 3), 128, np.uint8),
    np.random.default_rng(0).integers(0, 255, (480, 640, 3)).astype(np.uint8),
])
def test_empty_black_overexposed_noise_give_no_valued_die(frame):
    """Empty, black, overexposed or pure-noise frames: no die is invented."""
    assert [d for d in read_dice(frame) if d.value is not None] == []


@pytest.mark.parametrize("bad, words", [
    (np.zeros((480, 640), np.uint8), "shape"),
    (np.zeros((480, 640, 4), np.uint8), "shape"),
    (np.zeros((480, 640, 3), np.float32), "dtype"),
    (np.zeros((10, 10, 3), np.uint8), "too small"),
    ("frame.jpg", "numpy array"),
    (None, "numpy array"),
])
def test_bad_frames_raise_clear_errors(bad, words):
    with pytest.raises(VisionInputError, match=words):
        read_dice(bad)


def _tint(frame, gains):
    return np.clip(frame.astype(np.float32) * np.asarray(gains, np.float32), 0, 255).astype(np.uint8)


def test_white_balance_calibration_keeps_colour_names_under_warm_and_cool_light():
    """Colour calibration: under a strong warm (or cool) cast the grey
    tray is measured as the neutral patch; with its gains every die keeps
    its colour name."""
    from vision.colour import calibrate_white_balance
    specs = [DieSpec(3, c, (60 + 85 * i, 80), 10 * i, 40) for i, c in enumerate(sorted(PALETTE))]
    frame = render_frame((640, 160), specs)
    for cast in [(0.6, 0.85, 1.25), (1.3, 1.0, 0.7)]:  # B, G, R gains: warm lamp, cool daylight
        tinted = _tint(frame, cast)
        wb = calibrate_white_balance(tinted, (0, 130, 640, 160))  # a strip of bare tray
        dice = read_dice(tinted, wb)
        for s in specs:
            d = _find(dice, s.center)
            assert d is not None and d.colour == s.colour, (cast, s.colour, d and d.colour)


def test_white_balance_patch_errors():
    from vision.colour import calibrate_white_balance
    with pytest.raises(VisionInputError, match="too dark"):
        calibrate_white_balance(np.zeros((50, 50, 3), np.uint8))
    with pytest.raises(VisionInputError, match="overexposed"):
        calibrate_white_balance(np.full((50, 50, 3), 255, np.uint8))
    with pytest.raises(VisionInputError, match="empty"):
        calibrate_white_balance(np.full((50, 50, 3), 128, np.uint8), (10, 10, 10, 10))


def test_white_dice_on_a_white_table_never_misread():
    """White dice on a near-white table have no outline to segment: they
    are read from their pips when two detectors agree, else reported
    unreadable or missed, but a six is never read as a three (CAB-5).
    (One red die gives the frame's die size: with no die outlined at all the
    reader does not know what size of dot group to look for.)"""
    specs = [DieSpec(v, "white", (60 + 90 * (v - 1), 80), 12 * v, 40) for v in range(1, 7)]
    specs += [DieSpec(v, "white", (60 + 90 * (v - 1), 200), 40 + 9 * v, 44) for v in range(1, 7)]
    specs += [DieSpec(4, "red", (560, 140), 0, 42)]
    frame = render_frame((600, 280), specs, table=(222, 224, 226))
    dice = read_dice(frame)
    read = 0
    for d in dice:
        s = min(specs, key=lambda s: (s.center[0] - d.center[0]) ** 2 + (s.center[1] - d.center[1]) ** 2)
        if d.value is not None:
            assert d.value == s.value, (s, d)
            read += 1
    assert read >= 5


def test_compose_from_dataset_with_crops_larger_than_the_frame():
    """Phone photos give die crops of 300+ px (roboflow-public-d6): pasted
    into a small tray cell they used to crash with a numpy broadcast error.
    They are scaled down to fit, and every die placed lies inside the frame."""
    import random

    from vision.synth import CropLibrary, compose_from_dataset
    lib = CropLibrary.__new__(CropLibrary)
    big = np.full((320, 300, 3), 200, np.uint8)
    big[140:180, 130:170] = 20  # one pip, so the crop is not flat
    lib.crops = {v: [big] for v in range(1, 7)}
    rng = random.Random(5)
    img, placed = compose_from_dataset(lib, (224, 160), [1, 2, 3, 4, 5], rng)
    assert img.shape == (160, 224, 3) and img.dtype == np.uint8
    assert placed, "no die placed at all"
    for v, (x, y) in placed:
        assert 1 <= v <= 6 and 0 <= x < 224 and 0 <= y < 160


def test_every_die_thrown_lands_on_the_simulated_table_however_large_its_photo():
    """A game on the simulated cabinet with one photo set's dice
    (dice0sexk-cup-cam: large phone crops) left one die in five off the
    table ("the table found no room for the die", benchmarks/
    game_first_look.py: 1008 of 4998): the camera saw fewer dice than were
    thrown and the seat was nudged for a die no real tray loses.  Every
    die thrown is now placed, the crops made smaller where they do not
    fit, never overlapping."""
    import math
    import random

    from vision.synth import CropLibrary, compose_from_dataset
    lib = CropLibrary.__new__(CropLibrary)
    big = np.full((150, 140, 3), 200, np.uint8)
    big[60:90, 55:85] = 20
    lib.crops = {v: [big] for v in range(1, 7)}
    for seed in range(20):
        for size, n in (((608, 328), 6), ((300, 160), 6), ((224, 160), 5), ((608, 328), 7)):
            img, placed = compose_from_dataset(lib, size, [1 + k % 6 for k in range(n)], random.Random(seed))
            assert len(placed) == n, (seed, size, len(placed))
            for i, (_, a) in enumerate(placed):
                for _, b in placed[i + 1:]:
                    assert math.dist(a, b) > 12, (seed, size, a, b)


def test_a_die_pasted_on_the_simulated_table_keeps_its_own_colours():
    """The simulated table pasted each photo's crop shifted by the crop's
    border (its median moved onto the table's colour), which changed the
    die itself: a die photographed in a dark cup came out washed out, and
    the reader read 110 of the cup-cam set's 159 crops on the table against
    124 with their own colours (nell-byler-dev: 1419 against 1421 of
    1487).  Only the crop's edge is blended into the table now; the die
    keeps the colours the camera saw."""
    import random

    from vision.synth import TABLE_BGR, CropLibrary, compose_from_dataset
    lib = CropLibrary.__new__(CropLibrary)
    crop = np.full((60, 60, 3), 30, np.uint8)          # a dark cup around the die
    crop[10:50, 10:50] = (220, 225, 230)               # the die's face
    crop[27:33, 27:33] = 10                            # a pip
    lib.crops = {v: [crop] for v in range(1, 7)}
    img, placed = compose_from_dataset(lib, (300, 200), [3], random.Random(2))
    (_, (x, y)), = placed
    face = img[int(y) - 12:int(y) - 6, int(x) - 12:int(x) - 6].reshape(-1, 3).mean(axis=0)
    assert np.allclose(face, (220, 225, 230), atol=2), face
    assert np.allclose(img[2, 2], TABLE_BGR, atol=1), "the table around it stays the table"
