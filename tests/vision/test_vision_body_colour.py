"""A die is named by its body colour, never its pips (issue 22, colours;
ruling GR-5: Ginza's dice belong to the seat whose colour they are): a
green die with yellow pips is green, blue with red pips blue, gold yellow."""
from __future__ import annotations

import numpy as np
import pytest

from vision.colour import classify_colours
from vision.reader import DiceReader
from vision.synth import DieSpec, render_frame

#: the reader as shipped
read_dice = DiceReader().read_dice


def face(body_bgr, pip_bgr, pip_share: float, n: int = 400) -> np.ndarray:
    """n pixels of one face: ``pip_share`` of them pips."""
    k = int(n * pip_share)
    return np.array([pip_bgr] * k + [body_bgr] * (n - k), np.uint8)


@pytest.mark.parametrize("body,pip,name", [
    ((80, 150, 70), (0, 220, 255), "green"),      # a dull green die with bright yellow pips
    ((170, 120, 70), (30, 30, 235), "blue"),      # blue with red pips
    ((120, 200, 210), (30, 30, 235), "yellow"),   # pale yellow with red pips
    ((130, 60, 110), (40, 170, 220), "purple"),   # purple with gold pips
])
def test_saturated_pips_covering_a_third_of_the_face_do_not_name_the_die(body, pip, name):
    assert classify_colours(face(body, pip, 0.35)[None]) == [name]


@pytest.mark.parametrize("body,pip", [((50, 140, 200), (245, 245, 245)), ((60, 150, 195), (30, 40, 60))])
def test_a_gold_die_is_yellow_not_other(body, pip):
    specs = [DieSpec(v, "red", (60 + 95 * (v - 1), 80), angle=13 * v, side=38, body=body, pip=pip)
             for v in range(1, 7)]
    dice = read_dice(render_frame((640, 160), specs, seed=3))
    assert len(dice) == 6 and {d.colour for d in dice} == {"yellow"}


def test_orange_and_brown_stay_other():
    assert classify_colours(face((30, 120, 230), (245, 245, 245), 0.2)[None]) == ["other"]   # orange, hue ~25
    assert classify_colours(face((40, 80, 140), (245, 245, 245), 0.2)[None]) == ["other"]    # brown


@pytest.mark.parametrize("body,pip,name", [((60, 160, 30), (0, 220, 255), "green"),
                                           ((190, 90, 20), (40, 30, 220), "blue")])
def test_the_reader_names_the_body_colour_of_every_face(body, pip, name):
    specs = [DieSpec(v, "red", (60 + 95 * (v - 1), 80), angle=13 * v, side=34, body=body, pip=pip)
             for v in range(1, 7)]
    specs += [DieSpec(v, "red", (60 + 95 * (v - 1), 200), angle=45 + 7 * v, side=48, body=body, pip=pip)
              for v in range(1, 7)]
    dice = read_dice(render_frame((640, 280), specs, seed=3))
    assert len(dice) == 12 and {d.colour for d in dice} == {name}
