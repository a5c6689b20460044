"""A hold meant as "wrong" for a seat's own dice check that ran out a
moment before is not taken by the common dice's check that replaced it
(ruling CAB-6 with CAB-12; PT50, Ginza seed 8, round 3: the OLED showed
"your dice 3 4 3", the tester held its button to reject them, and the
header said "Common dice rejected by Seat 1": its own check had run out
and been accepted, the common check had taken its place on the OLED, and
the hold, begun in that check's look-first guard, rejected the common
dice nobody had looked at).  The hold answers the check that ran out
("too late: accepted"); the common check runs on, unanswered."""
from __future__ import annotations

import pytest

from firmware.rulings import LONG_PRESS_US, TOO_LATE_WORDS
from firmware.runtime.dice_table import COMMON

SEEDS = [1, 8]


def _both_checks_open(t, max_passes: int = 20000) -> None:
    """Seat 1 plays like a hurried person (its choices confirmed, never a
    check answered) until its own dice and the common dice are both held
    for its check."""
    s = t.session
    for _ in range(max_passes):
        if 0 in s.dice.held and COMMON in s.dice.held:
            return
        if t.has_choice(0) and s.dice.tray_of(0, s.runtime.bots) is None:
            t.confirm()
        else:
            t.step()
    raise AssertionError("never both checks open")


@pytest.mark.parametrize("seed", SEEDS)
def test_ginza_a_hold_just_after_the_own_check_ran_out_does_not_reject_the_common_check(table, seed):
    t = table("ginza", 3, bots={1, 2}, seed=seed)
    s = t.session
    _both_checks_open(t)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=600)      # nobody pressed: its own dice accepted
    assert COMMON in s.dice.held, "the common check should be open still"
    key = t.key_code(0, "button")
    t.post(key, True)                                    # held to say "wrong" to its own dice, too late
    t.step((LONG_PRESS_US // 1000 + 300) // t.pass_ms)
    t.post(key, False)
    t.step(2)
    assert s.dice.contests.get(COMMON, 0) == 0, "the hold rejected the common dice nobody had looked at"
    assert s.runtime.prompts.get(0) == TOO_LATE_WORDS        # said of its own dice (the common check is shown)
    assert COMMON in s.dice.held and not s.dice.held[COMMON]["down"]      # the common check runs on
