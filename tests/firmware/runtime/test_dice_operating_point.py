"""The game's operating point (issue 40): the value threshold the cabinet's
reader reads at without a calibration, chosen by measurement
(vision/README.md, "Why 0.7"; 0.8 before the second expert that starts
from ImageNet): a resting die whose readings agree at p 0.7 or more in a
frame is read; below that it is nudged, never guessed
(CAB-5); and a headless 4-seat Retrograde on the dev photos nudges fewer
dice than it did at 0.87, misreading no more."""
from __future__ import annotations

import numpy as np
import pytest

from engines.registry import is_available
from firmware.runtime import config
from firmware.runtime.reader import reader_from_config
from vision.dataset import find_dice_data
from vision.multilook import Look, MultiLook


def _look(value: int, p: float, agree: bool = True) -> Look:
    probs = np.full(7, (1 - p) / 6)
    probs[value - 1] = p
    return Look(100.0, 100.0, 40.0, 0.9, probs, agree, "red")


def _read_over(frames: list[Look]) -> list[int | None]:
    ml = MultiLook(reader_from_config(config.defaults()))
    dice = []
    for lk in frames:
        dice = ml.add([lk])
    return [d.value for d in dice]


def test_a_resting_die_its_readings_agree_on_at_p_0_82_is_read_at_the_cabinet_s_default():
    """Three frames of a die at rest, each reading it 4 at p 0.82 with its
    readings agreeing: the cabinet's reader as configured by default reads
    it (at 0.87 it was unread and nudged: the largest share of a game's
    nudges on the dev photos, 178 of 4468 dice in six games)."""
    assert _read_over([_look(4, 0.82)] * 3) == [4]


def test_below_the_default_or_where_the_readings_disagree_the_die_is_still_nudged():
    """CAB-5: a die read at p 0.65, or whose readings disagree even at p
    0.95, gets no value; a frame that agrees on another value undoes a
    value another frame gave."""
    assert _read_over([_look(4, 0.65)] * 3) == [None]
    assert _read_over([_look(4, 0.95, agree=False)] * 3) == [None]
    assert _read_over([_look(4, 0.82), _look(5, 0.82)]) == [None]


@pytest.mark.slow
@pytest.mark.skipif(find_dice_data() is None or not is_available("retrograde"),
                    reason="shared dice photos or the Retrograde engine absent")
@pytest.mark.parametrize("seeds", [(1, 2, 3)])
def test_headless_retrogrades_on_the_dev_photos_nudge_at_most_8_per_100_dice(tmp_path, seeds):
    """The issue's game (4 seats, bots, dice from the dev photos), seeds 1-3
    together: at most 8 nudges per 100 dice on the table, first-look
    misreads at most 0.5 % and none reaching the game.  Seeds 1-3 and not
    seed 3 alone (until 2026-12-03, night): one game's figure swings with
    its course (seeds 1-6 with what ships: 2.9 to 5.7 per 100; seed 3 4.1
    before the detector's fine-tune, 5.7 after, the six seeds 4.5 both).
    Seeds 1-3 read 4.6 per 100 then; 6.0 per 100 on seed 3 at 0.87.  Since
    2026-12-04 the simulated table moves only the dice a hand moves (a
    reroll's kept dice lie as they lay, a nudge moves the unread die):
    2.6 per 100 (the bar was 5 while every throw and nudge drew the whole
    tray anew).  Since 2026-12-04 (later) a nudged die is the same die seen
    anew (turned, tilted and lit a little, ``vision.synth.nudged_look``),
    not another die's photo, which had read at once half the time: a die
    the reader cannot read mostly stays unread when nudged, as at a real
    tray: 7.1 per 100 (the bar was 3.5).  About a minute."""
    from firmware.app.session import Session, SessionOptions
    dice = nudges = wrong = accepted = 0
    for seed in seeds:
        cfg = config.validate({"cabinet": {"state_dir": str(tmp_path / str(seed))}, "gpio": {"backend": "mock"}})
        opts = SessionOptions(headless=True, bots={0, 1, 2, 3}, dice_from=str(find_dice_data()))
        s = Session.new(cfg, "retrograde", 4, seed, None, tmp_path / f"g{seed}.jsonl", opts, model=None)
        s.run()
        st = s.dice.stats
        assert s.game.is_terminal(), seed
        dice, nudges, wrong, accepted = (dice + st.first_dice, nudges + st.nudges, wrong + st.first_wrong,
                                         accepted + st.misread_accepted)
    assert dice >= 1500
    assert 100 * nudges / dice <= 8, (dice, nudges)
    assert wrong <= 0.005 * dice and accepted == 0, (dice, wrong, accepted)
