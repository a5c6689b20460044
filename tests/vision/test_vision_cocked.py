"""A cocked die gets no value (issue 40, Bad input: "dice stacked or
cocked ... no value is given for what is not a resting d6"; ruling
CAB-5: never guessed).  A die leaning about 45 degrees on the tray's
wall or on another die shows the camera above it two faces alike; the
game asks for a nudge, and the nudge lays it flat.  Dice drawn in three
dimensions (``vision.training.cocked``); no torch needed."""
import random
from collections import Counter
from dataclasses import replace

from vision.netreader import Models
from vision.reader import DiceReader
from vision.training.cocked import COCKED_DEG, cocked_frame

SEEDS = range(500, 530)


def _read(tilt_deg: tuple[float, float], reader: DiceReader | None = None) -> tuple[int, int, int]:
    """(dice drawn, dice given a value, values that are a drawn die's
    face most nearly up) over :data:`SEEDS`' frames of dice tilted
    ``tilt_deg`` degrees from flat, read by ``reader`` (None: the
    shipped one)."""
    reader = reader or DiceReader()
    drawn = given = top = 0
    for seed in SEEDS:
        fr = cocked_frame(random.Random(seed), tilt_deg=tilt_deg)
        values = [d.value for d in reader.read_dice(fr.image) if d.value is not None]
        drawn += len(fr.dice)
        given += len(values)
        top += sum((Counter(values) & Counter(int(v) for v in fr.dice[:, 3])).values())
    return drawn, given, top


def test_a_cocked_die_gets_no_value():
    """Dice tilted 38-52 degrees from flat: at most one in ten gets a
    value: 7 of these 74 (stop 69, the lean net's third and fourth rounds
    taught the windows the reader really cuts of cocked dice, ``hard
    --cocked-found``); 10 with stop 68's lean net, 48 without one (stop
    67).  An expected failure until stop 69."""
    drawn, given, _ = _read(COCKED_DEG)
    assert drawn >= 60
    assert given <= 0.1 * drawn, (given, drawn)


def test_the_lean_net_leaves_most_cocked_dice_unread():
    """The lean net (``dice_lean.onnx``, :mod:`vision.lean`) is what
    keeps these cocked dice unread: the shipped nets without it give most
    of them a value (48 of 74), with it at most a fifth do (7, stop 69;
    10 with stop 68's)."""
    drawn, given, _ = _read(COCKED_DEG)
    _, without, _ = _read(COCKED_DEG, DiceReader(models=replace(Models.shipped(), lean=None)))
    assert without >= 0.5 * drawn, (without, drawn)
    assert given <= 0.2 * drawn, (given, drawn)


def test_the_same_dice_lying_flat_are_read():
    """The control: the same drawn dice tilted 0-12 degrees (a camera a
    little off straight above) are read, nearly all of them, and right."""
    drawn, given, top = _read((0.0, 12.0))
    assert given >= 0.9 * drawn, (given, drawn)
    assert top == given
