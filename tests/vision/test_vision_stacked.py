"""A die stacked on another (issue 40, Bad input: "dice stacked or
cocked ... no value is given for what is not a resting d6"; ruling
CAB-5: never guessed).  From above, the upper die hides most of the
lower one: the reader sees one die, so a tray holding a stack is a die
short and the game takes no values from it; it asks for a nudge, which
knocks the stack down.  Dice drawn in three dimensions
(``vision.training.cocked.stacked_frame``); no torch needed."""
import random
from types import SimpleNamespace

from firmware.runtime.dice_station import DiceStation
from vision.reader import DiceReader
from vision.training.cocked import stacked_frame

SEEDS = range(800, 830)


def test_a_stack_of_two_dice_is_seen_as_one_die_at_most():
    """Each of 30 drawn stacks is found as at most one die, and a value,
    where given, is the upper die's face: the lower die is never counted
    (2026-12-06: one die found in each of the 30 frames, 27 of them read
    as the upper die's face, none as two dice)."""
    reader = DiceReader()
    found = 0
    for seed in SEEDS:
        fr = stacked_frame(random.Random(seed))
        dice = reader.read_dice(fr.image)
        assert len(dice) <= 1, (seed, [d.center for d in dice])
        found += len(dice)
        for d in dice:
            assert d.value in (None, int(fr.dice[1, 3])), (seed, d.value, fr.dice[:, 3])
    assert found >= 20     # the stack is seen (not the control's work to pass by finding nothing)


def test_a_tray_a_die_short_is_not_answered_but_nudged():
    """A tray whose six dice read as five (a stack) gives the game no
    values: its seat is asked to nudge ("5 dice seen, 6 wanted"),
    counted as a nudge."""
    station = DiceStation(4)
    runtime = SimpleNamespace(prompts={}, dirty=False)
    station.serving[0] = {"type": "dice", "player": 0, "count": 6}
    answers: list = []
    station._settled(runtime, 0, [4, 2, 5, 1, 6], 0, answers)
    assert answers == []
    assert runtime.prompts[0] == "5 dice seen, 6 wanted"
    assert station.stats.nudges == 1
